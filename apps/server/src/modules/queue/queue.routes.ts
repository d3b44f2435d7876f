import {
  concertIdQuerySchema,
  envelopeSchema,
  extendResultSchema,
  messageEnvelopeSchema,
  queueEnterResultSchema,
  queueMessages,
  queueStatusResultSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, requireSessionUser } from '../../http/guards';
import {
  serializeEnterEnvelope,
  takeFastLaneEntry,
  type EnterEnvelope,
} from './queue-entry-fast-lane';
import type { QueueService } from './queue.service';

export const queueRoutes: FastifyPluginAsyncZod<{ queue: QueueService }> = async (
  app,
  { queue },
) => {
  app.post(
    '/queue/enter',
    {
      preHandler: guard.session,
      serializerCompiler: () => (payload) => serializeEnterEnvelope(payload as EnterEnvelope),
      schema: {
        tags: ['queue'],
        summary: '대기열 입장 (즉시 입장 또는 대기 순번)',
        querystring: concertIdQuerySchema,
        response: { 200: envelopeSchema(queueEnterResultSchema) },
      },
    },
    async (request) => {
      const user = requireSessionUser(request);
      // Entered already by the fast lane, which left the answer to this route (an error, say).
      const entered = takeFastLaneEntry(request.raw);
      if (entered && !entered.ok) throw entered.error;
      return {
        success: true as const,
        data: entered
          ? entered.result
          : await queue.enter({ user, concertId: request.query.concertId, ip: request.ip }),
      };
    },
  );

  app.get(
    '/queue/status',
    {
      preHandler: guard.session,
      schema: {
        tags: ['queue'],
        summary: '대기열 상태',
        querystring: concertIdQuerySchema,
        response: { 200: envelopeSchema(queueStatusResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await queue.status({
        user: requireSessionUser(request),
        concertId: request.query.concertId,
      }),
    }),
  );

  app.patch(
    '/access-keys/extend',
    {
      preHandler: guard.session,
      schema: {
        tags: ['queue'],
        summary: '접근 키 연장 (최대 120초, 입장 후 10분 한도)',
        querystring: concertIdQuerySchema,
        response: { 200: envelopeSchema(extendResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await queue.extendKey({
        user: requireSessionUser(request),
        concertId: request.query.concertId,
      }),
    }),
  );

  app.delete(
    '/access-keys',
    {
      preHandler: guard.session,
      schema: {
        tags: ['queue'],
        summary: '좌석 선택 슬롯 반납 (키는 남은 TTL 동안 유효)',
        querystring: concertIdQuerySchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      await queue.releaseKey({
        user: requireSessionUser(request),
        concertId: request.query.concertId,
      });
      return { success: true as const, message: queueMessages.released };
    },
  );
};
