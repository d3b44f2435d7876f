import {
  envelopeSchema,
  loginBodySchema,
  messageEnvelopeSchema,
  meResponseSchema,
  accountMessages,
  registerBodySchema,
  socialSignupInfoSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../../http/session';
import { readMultipart } from '../../lib/multipart';
import type { AccountEmailService } from '../account-email/account-email.service';
import { toCurrentUser, type AuthService } from './auth.service';
import { DEVICE_COOKIE } from './device-cookies';

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  accountEmail: Pick<AccountEmailService, 'sendSignupVerification'>;
}> = async (app, { auth, accountEmail }) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: '로그인 (form-urlencoded)',
        consumes: ['application/x-www-form-urlencoded'],
        body: loginBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const user = await auth.verifyLogin({
        body: request.body,
        ip: request.ip,
        deviceCookie: request.cookies[DEVICE_COOKIE],
      });
      // A new session id at login: never keep an id that existed before authentication.
      await request.session.regenerate();
      request.session.userId = user.id;
      request.session.touchedAt = Date.now();
      const device = await auth.issueDeviceCookie(user);
      reply.setCookie(device.name, device.value, device.options);
      return { success: true as const, message: '로그인되었습니다.' };
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], summary: '로그아웃', response: { 200: messageEnvelopeSchema } } },
    async (request, reply) => {
      if (request.session?.sessionId) await request.session.destroy();
      reply.setCookie(SESSION_COOKIE, '', { path: '/', httpOnly: true, maxAge: 0 });
      return { success: true as const, message: '로그아웃되었습니다.' };
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: '현재 사용자 (bare; 비로그인 시 null)',
        response: { 200: meResponseSchema },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      return user ? toCurrentUser(user) : null;
    },
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: '회원가입 (multipart: 필드 + 선택 profileImage)',
        consumes: ['multipart/form-data'],
        // Documented here; validated by the contract's registerBodySchema in the service, since a
        // multipart body is parsed after routing.
        description: `fields: ${Object.keys(registerBodySchema.shape).join(', ')}, profileImage (file)`,
        response: { 201: messageEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readMultipart(request, ['profileImage']);
      const user = await auth.register({
        fields,
        profileImage: files.profileImage,
        socialSignup: request.session?.socialSignup,
      });
      // After the answer; skipped when a provider already vouched for the address.
      accountEmail.sendSignupVerification(user.id);
      if (request.session?.socialSignup) request.session.socialSignup = undefined;
      return reply
        .status(201)
        .send({ success: true as const, message: accountMessages.registered });
    },
  );

  app.get(
    '/auth/register/social',
    {
      schema: {
        tags: ['auth'],
        summary: '소셜 회원가입 대기 정보',
        response: { 200: envelopeSchema(socialSignupInfoSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: auth.socialSignupInfo(request.session?.socialSignup),
    }),
  );
};
