import {
  concertIdParamsSchema,
  envelopeSchema,
  messageEnvelopeSchema,
  seatEntrySchema,
  seatMessages,
  seatParamsSchema,
} from '@curtaincall/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/guards';
import { sendJsonText } from '../../http/json-text';
import type { QueueService } from '../queue/queue.service';
import type { SeatsService } from './seats.service';

const statusQuerySchema = z.object({
  /** Big venues load one section at a time. */
  section: z.string().trim().min(1).max(20).optional(),
});

/**
 * Seat routes need a login (401) and the caller's live access key for the concert in
 * `X-Access-Key` (403 Q002, the only 403 under /seats: the client treats it as "time is up").
 */
export const seatsRoutes: FastifyPluginAsyncZod<{
  seats: SeatsService;
  queue: QueueService;
  seatRatePerMinute: number;
}> = async (app, { seats, queue, seatRatePerMinute }) => {
  const requireSeatAccess = async (request: FastifyRequest) => {
    const user = await requireUser(request);
    const { concertId } = concertIdParamsSchema.parse(request.params);
    const header = request.headers['x-access-key'];
    await queue.assertAccessKey({
      user,
      concertId,
      accessKey: Array.isArray(header) ? header[0] : header,
    });
    await queue.limitSeatCalls(user, request.ip, seatRatePerMinute);
  };

  app.get(
    '/seats/concerts/:concertId/status',
    {
      preHandler: requireSeatAccess,
      schema: {
        tags: ['seats'],
        summary: '좌석 상태 (X-Access-Key 필요; section으로 구역별 조회)',
        params: concertIdParamsSchema,
        querystring: statusQuerySchema,
        response: { 200: envelopeSchema(z.array(seatEntrySchema)) },
      },
    },
    // Up to 100,000 entries: serialised directly instead of validated entry by entry.
    async (request, reply) => {
      const entries = await seats.listSeats({
        user: await requireUser(request),
        concertId: request.params.concertId,
        section: request.query.section,
      });
      return sendJsonText(reply, JSON.stringify({ success: true, data: entries }));
    },
  );

  app.post(
    '/seats/concerts/:concertId/seats/:seatId/reserve',
    {
      preHandler: requireSeatAccess,
      schema: {
        tags: ['seats'],
        summary: '좌석 선점 (5분, 1인 최대 2석)',
        params: seatParamsSchema,
        response: { 200: envelopeSchema(seatEntrySchema) },
      },
    },
    async (request) => {
      const result = await seats.holdSeat({ user: await requireUser(request), ...request.params });
      return {
        success: true as const,
        message: result.alreadyHeld ? seatMessages.alreadyHeldByYou : seatMessages.held,
        data: result.entry,
      };
    },
  );

  app.delete(
    '/seats/concerts/:concertId/seats/:seatId/release',
    {
      preHandler: requireSeatAccess,
      schema: {
        tags: ['seats'],
        summary: '좌석 선점 해제 (본인 선점만)',
        params: seatParamsSchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      await seats.releaseSeat({ user: await requireUser(request), ...request.params });
      return { success: true as const, message: seatMessages.released };
    },
  );
};
