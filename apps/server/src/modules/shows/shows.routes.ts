import {
  createPerformanceAddSchema,
  createShowCreateSchema,
  envelopeSchema,
  sellerConcertSchema,
  sellerIdQuerySchema,
  sellerShowListQuerySchema,
  sellerShowPageSchema,
  sellerShowSchema,
  showIdParamsSchema,
  showMessages,
  showUpdateSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, requireSeller } from '../../http/guards';
import { LAYOUT_BODY_LIMIT } from '../venues/venues.routes';
import type { ShowsService } from './shows.service';

/** A seller's own data: never kept by a shared cache. */
const NO_STORE = 'private, no-store';

const showCreateExample = {
  title: '커튼콜 라이브 2026',
  artist: '커튼콜 밴드',
  description: '3일간의 단독 공연',
  venueName: '올림픽홀',
  venueAddress: '서울특별시 송파구 올림픽로 424',
  minAge: 8,
  maxTicketsPerUser: 4,
  maxTicketsPerShow: 6,
  posterImageUrl: null,
  status: 'SCHEDULED',
  venueId: 12,
  gradePrices: [{ code: 'VIP', price: 165000 }],
  bookingStartDate: '2026-11-01T20:00',
  bookingEndDate: '2026-12-19T23:59',
  performances: [
    { concertDate: '2026-12-20', startTime: '20:00', endTime: '22:00' },
    { concertDate: '2026-12-21', startTime: '18:00', endTime: '20:00' },
    {
      concertDate: '2026-12-22',
      startTime: '17:00',
      endTime: '19:00',
      bookingEndDate: '2026-12-22T12:00',
      gradePrices: [{ code: 'VIP', price: 176000 }],
    },
  ],
};

const performanceExample = {
  concertId: 41,
  showId: 17,
  title: '커튼콜 라이브 2026',
  artist: '커튼콜 밴드',
  description: '3일간의 단독 공연',
  sellerId: 7,
  venueName: '올림픽홀',
  venueAddress: '서울특별시 송파구 올림픽로 424',
  concertDate: '2026-12-20',
  startTime: '20:00:00',
  endTime: '22:00:00',
  totalSeats: 2400,
  bookingStartDate: '2026-11-01T20:00:00',
  bookingEndDate: '2026-12-19T23:59:00',
  minAge: 8,
  maxTicketsPerUser: 4,
  status: 'ON_SALE',
  posterImageUrl: null,
  aiSummary: null,
  createdAt: '2026-10-20T10:00:00',
  updatedAt: '2026-10-20T10:00:00',
  refundsPending: 0,
  refundsDone: 0,
  soldSeats: 120,
  cancelDeadlineDays: 3,
};

const sellerShowExample = {
  showId: 17,
  title: '커튼콜 라이브 2026',
  artist: '커튼콜 밴드',
  venueName: '올림픽홀',
  posterImageUrl: null,
  maxTicketsPerShow: 6,
  firstDate: '2026-12-20',
  lastDate: '2026-12-21',
  performances: [
    performanceExample,
    {
      ...performanceExample,
      concertId: 42,
      concertDate: '2026-12-21',
      startTime: '18:00:00',
      endTime: '20:00:00',
      soldSeats: 0,
    },
  ],
};

/**
 * A seller's shows (issue 26, `/seller/shows`, ours): sellers only (anonymous 401 A006, everyone
 * else 403 S002); each call acts as the session's seller and on that seller's shows alone. Each
 * performance is a concert of its own: editing, seat management and cancelling ONE performance
 * stay on `/seller/concerts/{concertId}`.
 */
export const showsRoutes: FastifyPluginAsyncZod<{ shows: ShowsService }> = async (
  app,
  { shows },
) => {
  // "In the future" is judged by the server's clock, at validation time.
  const showCreateSchema = createShowCreateSchema(() => shows.today());
  const performanceAddSchema = createPerformanceAddSchema(() => shows.today());

  app.get(
    '/seller/shows',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['seller-shows'],
        summary: '내 공연 목록 (공연별 회차와 회차별 판매 현황, 최신 공연부터)',
        querystring: sellerShowListQuerySchema,
        response: {
          200: envelopeSchema(sellerShowPageSchema).meta({
            examples: [
              {
                success: true,
                data: {
                  content: [sellerShowExample],
                  number: 0,
                  size: 10,
                  totalElements: 1,
                  totalPages: 1,
                  first: true,
                  last: true,
                  numberOfElements: 1,
                  empty: false,
                },
              },
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await shows.list(await requireSeller(request), request.query);
      reply.header('cache-control', NO_STORE);
      return { success: true as const, data };
    },
  );

  app.post(
    '/seller/shows',
    {
      preHandler: guard.seller,
      // An inline seatLayout of a big hall is megabytes (issue 25).
      bodyLimit: LAYOUT_BODY_LIMIT,
      schema: {
        tags: ['seller-shows'],
        summary: '공연 등록 (회차 여러 개를 한 번에, 회차마다 좌석 생성)',
        description:
          '좌석은 totalSeats(기본 배치), venueId(내 공연장) 또는 seatLayout 하나로 모든 회차에 같게 만듭니다. 가격은 gradePrices로 모든 회차에, performances[i].gradePrices로 그 회차에만 정합니다. 예매 기간은 공연 전체(bookingStartDate/bookingEndDate) 또는 회차마다 보냅니다. 오류는 performances[1].startTime처럼 회차의 위치를 가리킵니다.',
        querystring: sellerIdQuerySchema,
        body: showCreateSchema.meta({ examples: [showCreateExample] }),
        response: {
          201: envelopeSchema(sellerShowSchema).meta({
            examples: [{ success: true, message: showMessages.created, data: sellerShowExample }],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await shows.create(
        await requireSeller(request),
        request.query.sellerId,
        request.body,
      );
      return reply
        .code(201)
        .header('cache-control', NO_STORE)
        .send({ success: true as const, message: showMessages.created, data });
    },
  );

  app.get(
    '/seller/shows/:showId',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['seller-shows'],
        summary: '내 공연 상세 (모든 회차, 날짜·시간 순)',
        params: showIdParamsSchema,
        querystring: sellerIdQuerySchema,
        response: {
          200: envelopeSchema(sellerShowSchema).meta({
            examples: [{ success: true, data: sellerShowExample }],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await shows.get(
        await requireSeller(request),
        request.query.sellerId,
        request.params.showId,
      );
      reply.header('cache-control', NO_STORE);
      return { success: true as const, data };
    },
  );

  app.put(
    '/seller/shows/:showId',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['seller-shows'],
        summary: '공연 공통 정보 수정 (보낸 항목만, 취소·종료되지 않은 모든 회차에)',
        params: showIdParamsSchema,
        querystring: sellerIdQuerySchema,
        body: showUpdateSchema.meta({
          examples: [
            { title: '커튼콜 라이브 2026 앙코르', posterImageUrl: null, maxTicketsPerShow: 8 },
          ],
        }),
        response: {
          200: envelopeSchema(sellerShowSchema).meta({
            examples: [{ success: true, message: showMessages.updated, data: sellerShowExample }],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await shows.update(
        await requireSeller(request),
        request.query.sellerId,
        request.params.showId,
        request.body,
      );
      reply.header('cache-control', NO_STORE);
      return { success: true as const, message: showMessages.updated, data };
    },
  );

  app.post(
    '/seller/shows/:showId/performances',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['seller-shows'],
        summary: '회차 추가 (공통 정보와 좌석 배치는 마지막 회차를 따름)',
        params: showIdParamsSchema,
        querystring: sellerIdQuerySchema,
        body: performanceAddSchema.meta({
          examples: [
            {
              concertDate: '2026-12-23',
              startTime: '19:00',
              endTime: '21:00',
              bookingStartDate: '2026-11-01T20:00',
              bookingEndDate: '2026-12-22T23:59',
              status: 'SCHEDULED',
            },
          ],
        }),
        response: {
          201: envelopeSchema(sellerConcertSchema).meta({
            examples: [
              {
                success: true,
                message: showMessages.performanceAdded,
                data: {
                  ...performanceExample,
                  concertId: 43,
                  concertDate: '2026-12-23',
                  startTime: '19:00:00',
                  endTime: '21:00:00',
                  status: 'SCHEDULED',
                  soldSeats: 0,
                },
              },
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await shows.addPerformance(
        await requireSeller(request),
        request.query.sellerId,
        request.params.showId,
        request.body,
      );
      return reply
        .code(201)
        .header('cache-control', NO_STORE)
        .send({ success: true as const, message: showMessages.performanceAdded, data });
    },
  );

  app.post(
    '/seller/shows/:showId/cancel',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['seller-shows'],
        summary: '공연 전체 취소 (남은 모든 회차: 결제된 예매 전액 환불, 대기열과 선점 종료)',
        description:
          '회차 하나만 취소하려면 DELETE /seller/concerts/{concertId}를 씁니다. 취소할 회차가 없으면 409 S006.',
        params: showIdParamsSchema,
        querystring: sellerIdQuerySchema,
        response: {
          200: envelopeSchema(sellerShowSchema).meta({
            examples: [
              {
                success: true,
                message: showMessages.cancelled,
                data: {
                  ...sellerShowExample,
                  performances: sellerShowExample.performances.map((performance) => ({
                    ...performance,
                    status: 'CANCELLED',
                    refundsPending: performance.soldSeats > 0 ? 40 : 0,
                  })),
                },
              },
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await shows.cancel(
        await requireSeller(request),
        request.query.sellerId,
        request.params.showId,
      );
      reply.header('cache-control', NO_STORE);
      return { success: true as const, message: showMessages.cancelled, data };
    },
  );
};
