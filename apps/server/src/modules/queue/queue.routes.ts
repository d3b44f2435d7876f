import {
  concertIdQuerySchema,
  envelopeSchema,
  extendResultSchema,
  messageEnvelopeSchema,
  queueEnterResultSchema,
  queueMessages,
  queueStatusResultSchema,
  queueSwitchBodySchema,
  queueSwitchResultSchema,
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

  app.post(
    '/queue/switch',
    {
      preHandler: guard.session,
      schema: {
        tags: ['queue'],
        summary: '매진된 회차의 대기열에서 같은 공연의 다른 회차로 이동 (처음 대기 시작 시각 유지)',
        description:
          '대기 중인 회차가 매진된 경우에만, 같은 공연에서 지금 예매 중인 다른 회차의 대기열로 옮깁니다. ' +
          '새 대기열의 순번은 처음 대기열에 들어온 시각으로 정해집니다.',
        querystring: concertIdQuerySchema,
        body: queueSwitchBodySchema,
        response: {
          200: envelopeSchema(queueSwitchResultSchema).meta({
            examples: [
              {
                success: true,
                data: {
                  concertId: 13,
                  status: 'WAITING',
                  rank: 42,
                  etaSeconds: 84,
                  message: queueMessages.switched(42),
                },
              },
            ],
          }),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await queue.switchPerformance({
        user: requireSessionUser(request),
        ip: request.ip,
        concertId: request.query.concertId,
        toConcertId: request.body.toConcertId,
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
