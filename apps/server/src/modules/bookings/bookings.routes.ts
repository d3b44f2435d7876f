import {
  bookingCreatedSchema,
  bookingNumberParamsSchema,
  bookingOutlineSchema,
  createBookingBodySchema,
  envelopeSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, requireSessionUser, requireUser } from '../../http/guards';
import type { BookingsService } from './bookings.service';

/**
 * Bookings (api-contract.md §8.1, 8.3); the cancel, the refund quote and the provider's
 * callbacks are modules/payments' routes.
 */
export const bookingsRoutes: FastifyPluginAsyncZod<{ bookings: BookingsService }> = async (
  app,
  { bookings },
) => {
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
      const data = await bookings.createBooking(await requireUser(request), request.body, {
        ip: request.ip,
      });
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
};
