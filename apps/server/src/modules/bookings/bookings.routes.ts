import {
  bookingCreatedSchema,
  bookingIdParamsSchema,
  bookingMessages,
  bookingNumberParamsSchema,
  bookingOutlineSchema,
  createBookingBodySchema,
  envelopeSchema,
  messageEnvelopeSchema,
  paymentFailQuerySchema,
  paymentSuccessQuerySchema,
} from '@curtaincall/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, requireSessionUser, requireUser } from '../../http/guards';
import type { BookingsService, PaymentRedirect } from './bookings.service';

/** The caller's user id when logged in: the payment callbacks accept anonymous browsers too. */
function sessionUserId(request: FastifyRequest): number | undefined {
  const userId = request.session?.userId;
  return typeof userId === 'number' ? userId : undefined;
}

/** Bookings (api-contract.md §8.1, 8.3, 8.4) and the provider's browser callbacks (§8.2). */
export const bookingsRoutes: FastifyPluginAsyncZod<{
  bookings: BookingsService;
  frontBaseUrl: string;
}> = async (app, { bookings, frontBaseUrl }) => {
  const front = frontBaseUrl.replace(/\/$/, '');
  /** 302 to the SPA's result page, every value URL-encoded. */
  const redirectTo = (reply: FastifyReply, target: PaymentRedirect) => {
    const query =
      target.kind === 'success'
        ? new URLSearchParams({ orderId: target.orderId, bookingNumber: target.bookingNumber })
        : new URLSearchParams({
            orderId: target.orderId,
            bookingNumber: target.bookingNumber ?? '',
            code: target.code,
            message: target.message,
          });
    return reply.redirect(`${front}/payment/result/${target.kind}?${query.toString()}`, 302);
  };

  app.post(
    '/bookings',
    {
      preHandler: guard.user,
      schema: {
        tags: ['bookings'],
        summary: '예매 생성 (선점한 좌석, 결제 대기)',
        body: createBookingBodySchema,
        response: { 201: envelopeSchema(bookingCreatedSchema) },
      },
    },
    async (request, reply) => {
      const data = await bookings.createBooking(await requireUser(request), request.body);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/bookings/:bookingNumber',
    {
      preHandler: guard.session,
      schema: {
        tags: ['bookings'],
        summary: '예매 요약 (결제 실패 페이지용, 본인만)',
        params: bookingNumberParamsSchema,
        response: { 200: envelopeSchema(bookingOutlineSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await bookings.getOutline(requireSessionUser(request), request.params.bookingNumber),
    }),
  );

  app.post(
    '/bookings/:bookingId/cancel',
    {
      preHandler: guard.session,
      schema: {
        tags: ['bookings'],
        summary: '예매 취소 (전액 환불, 공연 3일 전까지)',
        params: bookingIdParamsSchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      await bookings.cancelBooking(requireSessionUser(request), request.params.bookingId);
      return { success: true as const, message: bookingMessages.cancelled };
    },
  );

  app.get(
    '/v1/payments/success',
    {
      schema: {
        tags: ['payments'],
        summary: '결제 성공 콜백 (브라우저 리다이렉트; 승인 후 결과 페이지로 302)',
        querystring: paymentSuccessQuerySchema,
      },
    },
    async (request, reply) =>
      redirectTo(reply, await bookings.handlePaymentSuccess(request.query, sessionUserId(request))),
  );

  app.get(
    '/v1/payments/fail',
    {
      schema: {
        tags: ['payments'],
        summary: '결제 실패 콜백 (주문자 본인 세션이면 좌석 해제; 결과 페이지로 302)',
        querystring: paymentFailQuerySchema,
      },
    },
    async (request, reply) =>
      redirectTo(reply, await bookings.handlePaymentFail(request.query, sessionUserId(request))),
  );
};
