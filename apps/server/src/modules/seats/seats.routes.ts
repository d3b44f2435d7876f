import {
  concertIdParamsSchema,
  envelopeSchema,
  messageEnvelopeSchema,
  seatEntrySchema,
  seatMessages,
  seatParamsSchema,
  seatSummarySchema,
  standingParamsSchema,
} from '@curtaincall/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { directJsonWriter, endWrittenAnswer } from '../../http/direct-json-answer';
import { requireSessionUser } from '../../http/guards';
import { sendJsonText } from '../../http/json-text';
import { fromSeoulDateTime } from '../../lib/seoul-time';
import type { QueueService } from '../queue/queue.service';
import type { SeatPollHub } from './seat-polling';
import type { SeatsService } from './seats.service';

const pollQuerySchema = z.object({
  /** Seoul date-time; seats changed after it are answered at once. This client never sends it. */
  lastUpdateTime: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(\.\d+)?Z?$/, '날짜 형식이 올바르지 않습니다.')
    .optional(),
  replace: z.enum(['true', 'false']).optional(),
  timeout: z.coerce.number().int().min(0).max(3_600_000).optional(),
});

const pollAnswerSchema = z.object({
  status: z.enum(['update', 'timeout-ok']),
  hasUpdate: z.boolean(),
  seatUpdates: z.array(seatEntrySchema),
  updateTime: z.string(),
});

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
  pollHub: SeatPollHub;
  /** Poll timeouts are clamped into this range (contract: 5,000-60,000 ms, default 30,000). */
  pollTimeoutMs: { min: number; max: number; default: number };
}> = async (app, { seats, queue, seatRatePerMinute, pollHub, pollTimeoutMs }) => {
  const requireSeatAccess = async (request: FastifyRequest) => {
    const user = requireSessionUser(request);
    const { concertId } = concertIdParamsSchema.parse(request.params);
    const header = request.headers['x-access-key'];
    await queue.assertAccessKey({
      user,
      concertId,
      accessKey: Array.isArray(header) ? header[0] : header,
    });
  };
  // Reads are bounded by the admission cap (only admitted users get this far); holds and
  // releases are what a bot would hammer, so they are rate-limited per account and IP.
  // Both checks go out together (one Redis round trip in scale-out); a key problem is reported
  // before the rate limit, whichever answers first.
  const requireSeatWriteAccess = async (request: FastifyRequest) => {
    const user = requireSessionUser(request);
    const [access, limit] = await Promise.allSettled([
      requireSeatAccess(request),
      queue.limitSeatCalls(user, request.ip, seatRatePerMinute),
    ]);
    if (access.status === 'rejected') throw access.reason;
    if (limit.status === 'rejected') throw limit.reason;
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
        user: requireSessionUser(request),
        concertId: request.params.concertId,
        section: request.query.section,
      });
      return sendJsonText(reply, JSON.stringify({ success: true, data: entries }));
    },
  );

  app.get(
    '/seats/concerts/:concertId/summary',
    {
      preHandler: requireSeatAccess,
      schema: {
        tags: ['seats'],
        summary: '구역별 잔여 좌석 수와 내 선점 좌석 (X-Access-Key 필요; 대형 공연장 개요)',
        params: concertIdParamsSchema,
        response: { 200: envelopeSchema(seatSummarySchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await seats.summarizeSeats({
        user: requireSessionUser(request),
        concertId: request.params.concertId,
      }),
    }),
  );

  app.get(
    '/seats/concerts/:concertId/polling',
    {
      preHandler: requireSeatAccess,
      schema: {
        tags: ['seats'],
        summary: '좌석 변경 롱 폴링 (bare; 변경 시 즉시, 없으면 timeout-ok)',
        params: concertIdParamsSchema,
        querystring: pollQuerySchema,
        response: { 200: pollAnswerSchema },
      },
    },
    async (request, reply) => {
      const user = requireSessionUser(request);
      const timeoutMs = Math.min(
        pollTimeoutMs.max,
        Math.max(pollTimeoutMs.min, request.query.timeout ?? pollTimeoutMs.default),
      );
      const since = request.query.lastUpdateTime;
      // Null when this poll must be answered the usual way (see directJsonWriter).
      const write = directJsonWriter(request, reply);
      const outcome = await pollHub.poll({
        concertId: request.params.concertId,
        userId: user.id,
        replace: request.query.replace === 'true',
        timeoutMs,
        changedSince: since
          ? since.endsWith('Z')
            ? new Date(since)
            : fromSeoulDateTime(since.slice(0, 19))
          : null,
        onClose: (listener) => request.raw.once('close', listener),
        write,
      });
      if (outcome.kind === 'written') {
        endWrittenAnswer(reply);
        return reply;
      }
      if (outcome.kind === 'conflict') throw new AppError('Q005');
      if (outcome.kind === 'overloaded') throw new AppError('Q006');
      // Already serialised by the hub (one string per batch, shared by its pollers).
      return sendJsonText(reply, outcome.json);
    },
  );

  app.post(
    '/seats/concerts/:concertId/seats/:seatId/reserve',
    {
      preHandler: requireSeatWriteAccess,
      schema: {
        tags: ['seats'],
        summary: '좌석 선점 (5분, 1인 최대 2석)',
        params: seatParamsSchema,
        response: { 200: envelopeSchema(seatEntrySchema) },
      },
    },
    async (request) => {
      const result = await seats.holdSeat({ user: requireSessionUser(request), ...request.params });
      return {
        success: true as const,
        message: result.alreadyHeld ? seatMessages.alreadyHeldByYou : seatMessages.held,
        data: result.entry,
      };
    },
  );

  app.post(
    '/seats/concerts/:concertId/standing/:section/reserve',
    {
      preHandler: requireSeatWriteAccess,
      schema: {
        tags: ['seats'],
        summary: '스탠딩 입장번호 선점 (가장 앞 번호, 좌석과 같은 규칙: 5분, 1인 최대 2매)',
        params: standingParamsSchema,
        response: {
          200: envelopeSchema(seatEntrySchema).meta({
            examples: [
              {
                success: true,
                message: seatMessages.held,
                data: {
                  concertId: 12,
                  seatId: 5021,
                  seatInfo: 'P-0-37',
                  status: 'RESERVED',
                  isReservedByCurrentUser: true,
                  reservedAt: '2026-12-01T20:00:00',
                  expiresAt: '2026-12-01T20:05:00',
                  remainingSeconds: 300,
                },
              },
            ],
          }),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: seatMessages.held,
      data: await seats.holdStandingSlot({
        user: requireSessionUser(request),
        ...request.params,
      }),
    }),
  );

  app.delete(
    '/seats/concerts/:concertId/seats/:seatId/release',
    {
      preHandler: requireSeatWriteAccess,
      schema: {
        tags: ['seats'],
        summary: '좌석 선점 해제 (본인 선점만)',
        params: seatParamsSchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      await seats.releaseSeat({ user: requireSessionUser(request), ...request.params });
      return { success: true as const, message: seatMessages.released };
    },
  );
};
