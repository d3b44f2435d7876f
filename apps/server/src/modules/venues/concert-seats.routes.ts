import {
  concertGradeAvailabilitySchema,
  concertIdParamsSchema,
  envelopeSchema,
  gradePricesBodySchema,
  messageEnvelopeSchema,
  promoterSeatsBodySchema,
  sellerSeatSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guard, requireSeller } from '../../http/guards';
import type { ConcertSeatsService } from './concert-seats.service';

/** Prices and places move with sales: a short shared cache, like the catalogue's. */
const PUBLIC_SHORT = 'public, max-age=2';

const countAnswerSchema = envelopeSchema(z.object({ count: z.number().int() }));

/**
 * A drawn concert's layout and grades for everyone, and its seats for its seller (issue 25):
 * `/concerts/{id}/layout`, `/concerts/{id}/grades`, `/seller/concerts/{id}/seats/*`,
 * `/seller/concerts/{id}/grades`.
 */
export const concertSeatsRoutes: FastifyPluginAsyncZod<{
  concertSeats: ConcertSeatsService;
}> = async (app, { concertSeats }) => {
  app.get(
    '/concerts/:concertId/layout',
    {
      schema: {
        tags: ['venues'],
        summary:
          '콘서트 좌석 배치도 (docs/venue-layout.md 형식, 이 콘서트의 가격; 기본 배치면 null)',
        params: concertIdParamsSchema,
        response: { 200: envelopeSchema(z.unknown()) },
      },
    },
    async (request, reply) => {
      const data = await concertSeats.layoutOf(request.params.concertId);
      reply.header('cache-control', PUBLIC_SHORT);
      return { success: true as const, data };
    },
  );

  app.get(
    '/concerts/:concertId/grades',
    {
      schema: {
        tags: ['venues'],
        summary: '등급별 가격과 잔여석 (판매자가 정한 순서)',
        params: concertIdParamsSchema,
        response: {
          200: envelopeSchema(z.array(concertGradeAvailabilitySchema)).meta({
            examples: [
              {
                success: true,
                data: [
                  {
                    code: 'VIP',
                    name: 'VIP석',
                    price: 165000,
                    color: '#C9A227',
                    totalPlaces: 300,
                    available: 212,
                    held: 10,
                    standing: false,
                  },
                  {
                    code: 'SP',
                    name: '스탠딩 P',
                    price: 154000,
                    color: null,
                    totalPlaces: 800,
                    available: 800,
                    held: 0,
                    standing: true,
                  },
                ],
              },
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await concertSeats.grades(request.params.concertId);
      reply.header('cache-control', PUBLIC_SHORT);
      return { success: true as const, data };
    },
  );

  app.get(
    '/seller/concerts/:concertId/seats',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['venues'],
        summary: '내 콘서트의 좌석 목록 (좌석 ID, 상태, 홀드석·판매 중지 표시)',
        params: concertIdParamsSchema,
        response: {
          200: envelopeSchema(z.array(sellerSeatSchema)).meta({
            examples: [
              {
                success: true,
                data: [
                  { seatId: 101, seatInfo: 'C-5-7', status: 'UNAVAILABLE', block: 'HELD' },
                  { seatId: 102, seatInfo: 'C-5-8', status: 'BOOKED', block: null },
                  { seatId: 5021, seatInfo: 'P-0-1', status: 'AVAILABLE', block: null },
                ],
              },
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await concertSeats.sellerSeats(
        await requireSeller(request),
        request.params.concertId,
      );
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data };
    },
  );

  app.post(
    '/seller/concerts/:concertId/seats/release',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['venues'],
        summary: '홀드석 판매 전환 (seatIds 또는 all: true; 즉시 판매, 취소표 알림)',
        params: concertIdParamsSchema,
        body: promoterSeatsBodySchema.meta({ examples: [{ seatIds: [101, 102] }, { all: true }] }),
        response: { 200: countAnswerSchema },
      },
    },
    async (request) => {
      const result = await concertSeats.release(
        await requireSeller(request),
        request.params.concertId,
        request.body,
      );
      return { success: true as const, message: result.message, data: { count: result.count } };
    },
  );

  app.post(
    '/seller/concerts/:concertId/seats/kill',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['venues'],
        summary: '좌석 판매 중지 (빈 좌석과 홀드석만; 하나라도 안 되면 전부 거절)',
        params: concertIdParamsSchema,
        body: promoterSeatsBodySchema.meta({ examples: [{ seatIds: [205] }] }),
        response: { 200: countAnswerSchema },
      },
    },
    async (request) => {
      const result = await concertSeats.kill(
        await requireSeller(request),
        request.params.concertId,
        request.body.seatIds,
      );
      return { success: true as const, message: result.message, data: { count: result.count } };
    },
  );

  app.put(
    '/seller/concerts/:concertId/grades',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['venues'],
        summary: '등급 가격 변경 (아직 팔리지 않은 좌석에 적용; 예매된 좌석은 결제 금액 그대로)',
        params: concertIdParamsSchema,
        body: gradePricesBodySchema.meta({
          examples: [{ prices: [{ code: 'R', price: 121000 }] }],
        }),
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      const result = await concertSeats.setPrices(
        await requireSeller(request),
        request.params.concertId,
        request.body.prices,
      );
      return { success: true as const, message: result.message };
    },
  );
};
