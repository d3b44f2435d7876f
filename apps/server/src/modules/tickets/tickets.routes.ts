import {
  bookingNumberParamsSchema,
  bookingTicketsSchema,
  envelopeSchema,
  ticketVerificationSchema,
  ticketVerifyQuerySchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, requireSessionUser, requireUser } from '../../http/guards';
import type { TicketsService } from './tickets.service';

/** Tickets carry bearer tokens: no shared cache or browser history copy may keep them. */
const NO_STORE = 'private, no-store';

/** Tickets (product-rules.md §8): mobile tickets, the PDF, and the scanner's token check. */
export const ticketsRoutes: FastifyPluginAsyncZod<{ tickets: TicketsService }> = async (
  app,
  { tickets },
) => {
  app.get(
    '/bookings/:bookingNumber/tickets',
    {
      preHandler: guard.session,
      schema: {
        tags: ['tickets'],
        summary: '모바일 티켓 (좌석별 QR; 본인의 결제 완료 예매만)',
        params: bookingNumberParamsSchema,
        response: { 200: envelopeSchema(bookingTicketsSchema) },
      },
    },
    async (request, reply) => {
      const data = await tickets.getTickets({
        user: requireSessionUser(request),
        bookingNumber: request.params.bookingNumber,
      });
      reply.header('cache-control', NO_STORE);
      return { success: true as const, data };
    },
  );

  app.get(
    '/bookings/:bookingNumber/tickets.pdf',
    {
      preHandler: guard.session,
      schema: {
        tags: ['tickets'],
        summary: '티켓 PDF 다운로드 (좌석마다 한 쪽, QR 포함; 오류는 JSON 봉투)',
        params: bookingNumberParamsSchema,
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await tickets.getTicketsPdf({
        user: requireSessionUser(request),
        bookingNumber: request.params.bookingNumber,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', NO_STORE)
        .send(pdf);
    },
  );

  app.get(
    '/tickets/verify',
    {
      preHandler: guard.user,
      schema: {
        tags: ['tickets'],
        summary: '티켓 토큰 확인 (관리자, 또는 해당 공연의 판매자): VALID / VOID / UNKNOWN',
        querystring: ticketVerifyQuerySchema,
        response: { 200: envelopeSchema(ticketVerificationSchema) },
      },
    },
    async (request, reply) => {
      const data = await tickets.verifyTicket({
        user: await requireUser(request),
        token: request.query.token,
      });
      reply.header('cache-control', NO_STORE);
      return { success: true as const, data };
    },
  );
};
