import { messageEnvelopeSchema, mypageMessages } from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, requireSessionUser } from '../../http/guards';
import { SESSION_COOKIE } from '../../http/session';
import { DEVICE_COOKIE } from './device-cookies';
import type { LogoutEverywhereService } from './logout-everywhere.service';

const loggedOutEverywhereSchema = messageEnvelopeSchema.meta({
  examples: [{ success: true, message: mypageMessages.loggedOutEverywhere }],
});

/** My page's 모든 기기에서 로그아웃 (issue 22): the user's every session and device cookie. */
export const logoutEverywhereRoutes: FastifyPluginAsyncZod<{
  logoutEverywhere: LogoutEverywhereService;
}> = async (app, { logoutEverywhere }) => {
  app.post(
    '/users/me/sessions/logout-all',
    {
      preHandler: guard.session,
      schema: {
        tags: ['mypage'],
        summary: '모든 기기에서 로그아웃 (현재 기기 포함, 로그인 기기 기억도 해제)',
        description:
          '본문 없음. 이 사용자의 모든 세션을 끝내고 기기 쿠키(cc_device)를 모두 무효로 합니다. ' +
          '성공 후 이 브라우저도 로그아웃 상태이므로 로그인 페이지로 이동합니다.',
        response: { 200: loggedOutEverywhereSchema },
      },
    },
    async (request, reply) => {
      const user = requireSessionUser(request);
      await logoutEverywhere.logOutEverywhere(user);
      // The store no longer has it; this also keeps the end of the request from saving it again.
      await request.session.destroy();
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      reply.clearCookie(DEVICE_COOKIE, { path: '/api/auth' });
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, message: mypageMessages.loggedOutEverywhere };
    },
  );
};
