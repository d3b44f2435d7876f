import {
  bookingDetailParamsSchema,
  bookingDetailSchema,
  bookingListQuerySchema,
  bookingSummarySchema,
  changePasswordBodySchema,
  envelopeSchema,
  messageEnvelopeSchema,
  mypageMessages,
  profileSchema,
  profileUpdateBodySchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guard, requireUser } from '../../http/guards';
import { readMultipart } from '../../lib/multipart';
import type { MypageService } from './mypage.service';

export const mypageRoutes: FastifyPluginAsyncZod<{ mypage: MypageService }> = async (
  app,
  { mypage },
) => {
  app.get(
    '/mypage/profile',
    {
      preHandler: guard.user,
      schema: {
        tags: ['mypage'],
        summary: '내 정보',
        response: { 200: envelopeSchema(profileSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await mypage.getProfile({ user: await requireUser(request) }),
    }),
  );

  app.post(
    '/mypage/profile',
    {
      preHandler: guard.user,
      schema: {
        tags: ['mypage'],
        summary: '내 정보 수정 (multipart: 필드 + 선택 profileImage)',
        consumes: ['multipart/form-data'],
        // Validated by the contract's profileUpdateBodySchema in the service, since a multipart
        // body is parsed after routing.
        description: `fields: ${Object.keys(profileUpdateBodySchema.shape).join(', ')}, profileImage (file)`,
        response: { 200: envelopeSchema(profileSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const { fields, files } = await readMultipart(request, ['profileImage']);
      const profile = await mypage.updateProfile({
        user,
        fields,
        profileImage: files.profileImage,
      });
      return { success: true as const, message: mypageMessages.profileUpdated, data: profile };
    },
  );

  app.post(
    '/mypage/changePwd',
    {
      preHandler: guard.user,
      schema: {
        tags: ['mypage'],
        summary: '비밀번호 변경 (form-urlencoded); 다른 세션은 모두 로그아웃',
        consumes: ['application/x-www-form-urlencoded'],
        body: changePasswordBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await mypage.changePassword({ user, body: request.body });
      // The service ended every session of the user, this one included; the caller stays logged
      // in under a new session id (a credential change, like a login, never keeps the old id).
      await request.session.regenerate();
      request.session.userId = user.id;
      request.session.touchedAt = Date.now();
      return { success: true as const, message: mypageMessages.passwordChanged };
    },
  );

  app.get(
    '/mypage/booking',
    {
      preHandler: guard.user,
      schema: {
        tags: ['mypage'],
        summary: '예매 내역 (최신순)',
        querystring: bookingListQuerySchema,
        response: { 200: envelopeSchema(z.array(bookingSummarySchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await mypage.listBookings({
        user: await requireUser(request),
        userId: request.query.userId,
      }),
    }),
  );

  app.get(
    '/mypage/bookingDetail/:bookingNumber',
    {
      preHandler: guard.user,
      schema: {
        tags: ['mypage'],
        summary: '예매 상세 (본인 예매만)',
        params: bookingDetailParamsSchema,
        response: { 200: envelopeSchema(bookingDetailSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await mypage.getBookingDetail({
        user: await requireUser(request),
        bookingNumber: request.params.bookingNumber,
      }),
    }),
  );
};
