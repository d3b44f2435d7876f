import {
  concertIdParamsSchema,
  concertPosterBodySchema,
  concertUpdateSchema,
  createConcertCreateSchema,
  envelopeSchema,
  pageSchema,
  sellerConcertListQuerySchema,
  sellerConcertMessages,
  sellerConcertSchema,
  sellerConcertStatusQuerySchema,
  sellerIdQuerySchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guard, requireSeller } from '../../http/guards';
import { LAYOUT_BODY_LIMIT } from '../venues/venues.routes';
import type { SellerConcertsService } from './seller-concerts.service';

/** A seller's own data: never kept by a shared cache. */
const NO_STORE = 'private, no-store';

/**
 * Seller concerts (api-contract.md §11.2): sellers only (anonymous 401 A006, everyone else 403
 * S002); each call acts as the session's seller and on that seller's concerts alone.
 */
export const sellerConcertsRoutes: FastifyPluginAsyncZod<{
  sellerConcerts: SellerConcertsService;
}> = async (app, { sellerConcerts }) => {
  // "In the future" is judged by the server's clock, at validation time.
  const concertCreateSchema = createConcertCreateSchema(() => sellerConcerts.today());

  app.get(
    '/seller/concerts',
    {
      preHandler: guard.seller,
      config: { validationCodes: { sortBy: 'T010', sortDir: 'T011' } },
      schema: {
        tags: ['seller-concerts'],
        summary: '내 콘서트 목록 (모든 상태, 페이지)',
        querystring: sellerConcertListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(sellerConcertSchema)) },
      },
    },
    async (request, reply) => {
      const data = await sellerConcerts.list(await requireSeller(request), request.query);
      reply.header('cache-control', NO_STORE);
      return { success: true as const, data };
    },
  );

  app.get(
    '/seller/concerts/status',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['seller-concerts'],
        summary: '내 콘서트 중 한 상태의 목록 (페이지 없음)',
        querystring: sellerConcertStatusQuerySchema,
        response: { 200: envelopeSchema(z.array(sellerConcertSchema)) },
      },
    },
    async (request, reply) => {
      const data = await sellerConcerts.listByStatus(await requireSeller(request), request.query);
      reply.header('cache-control', NO_STORE);
      return { success: true as const, data };
    },
  );

  app.get(
    '/seller/concerts/count',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['seller-concerts'],
        summary: '내 콘서트 수',
        querystring: sellerIdQuerySchema,
        response: { 200: envelopeSchema(z.number().int()) },
      },
    },
    async (request, reply) => {
      const data = await sellerConcerts.count(await requireSeller(request), request.query.sellerId);
      reply.header('cache-control', NO_STORE);
      return { success: true as const, data };
    },
  );

  app.post(
    '/seller/concerts',
    {
      preHandler: guard.seller,
      // An inline seatLayout of a big hall is megabytes (issue 25).
      bodyLimit: LAYOUT_BODY_LIMIT,
      schema: {
        tags: ['seller-concerts'],
        summary: '콘서트 등록 (좌석 배치 생성 포함)',
        description:
          'totalSeats만 보내면 기본 배치(프리미엄·VIP·일반석)를 만듭니다. 대신 venueId(내 공연장) 또는 seatLayout(docs/venue-layout.md 형식)을 보내면 그 배치와 등급·가격으로 만들고, gradePrices로 이 콘서트의 가격만 바꿀 수 있습니다.',
        querystring: sellerIdQuerySchema,
        body: concertCreateSchema,
        response: { 201: envelopeSchema(sellerConcertSchema) },
      },
    },
    async (request, reply) => {
      const data = await sellerConcerts.create(
        await requireSeller(request),
        request.query.sellerId,
        request.body,
      );
      return reply
        .code(201)
        .send({ success: true as const, message: sellerConcertMessages.created, data });
    },
  );

  app.put(
    '/seller/concerts/:concertId',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['seller-concerts'],
        summary: '콘서트 수정 (보낸 항목만; 판매된 좌석과 일정은 보호)',
        params: concertIdParamsSchema,
        querystring: sellerIdQuerySchema,
        body: concertUpdateSchema,
        response: { 200: envelopeSchema(sellerConcertSchema) },
      },
    },
    async (request) => {
      const data = await sellerConcerts.update(
        await requireSeller(request),
        request.query.sellerId,
        request.params.concertId,
        request.body,
      );
      return { success: true as const, message: sellerConcertMessages.updated, data };
    },
  );

  app.patch(
    '/seller/concerts/:concertId/poster',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['seller-concerts'],
        summary: '콘서트 포스터 URL 변경 (null이면 삭제)',
        params: concertIdParamsSchema,
        querystring: sellerIdQuerySchema,
        body: concertPosterBodySchema,
        response: { 200: envelopeSchema(sellerConcertSchema) },
      },
    },
    async (request) => {
      const data = await sellerConcerts.setPoster(
        await requireSeller(request),
        request.query.sellerId,
        request.params.concertId,
        request.body.posterImageUrl,
      );
      return { success: true as const, message: sellerConcertMessages.posterUpdated, data };
    },
  );

  app.delete(
    '/seller/concerts/:concertId',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['seller-concerts'],
        summary: '콘서트 취소 (결제된 예매 전액 환불, 대기열과 선점 종료)',
        params: concertIdParamsSchema,
        querystring: sellerIdQuerySchema,
        response: { 200: envelopeSchema(sellerConcertSchema) },
      },
    },
    async (request) => {
      const data = await sellerConcerts.cancel(
        await requireSeller(request),
        request.query.sellerId,
        request.params.concertId,
      );
      return { success: true as const, message: sellerConcertMessages.cancelled, data };
    },
  );
};
