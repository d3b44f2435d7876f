import {
  concertIdParamsSchema,
  envelopeSchema,
  expectationBodySchema,
  expectationListQuerySchema,
  expectationMessages,
  expectationParamsSchema,
  expectationSchema,
  messageEnvelopeSchema,
  pageSchema,
  reviewBodySchema,
  reviewListQuerySchema,
  reviewMessages,
  reviewParamsSchema,
  reviewSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, requireUser } from '../../http/guards';
import type { CommunityService } from './community.service';

export const communityRoutes: FastifyPluginAsyncZod<{ community: CommunityService }> = async (
  app,
  { community },
) => {
  // ⚠ The contract puts `reviews` before the concert id on this one path (api-contract.md §4).
  app.get(
    '/concerts/reviews/:concertId',
    {
      config: { validationCodes: { sortBy: 'T010', sortDir: 'T011' } },
      schema: {
        tags: ['reviews'],
        summary: '관람평 목록 (verifiedOnly=true: 예매자 관람평만)',
        params: concertIdParamsSchema,
        querystring: reviewListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(reviewSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await community.listReviews(request.params.concertId, request.query),
    }),
  );

  app.get(
    '/concerts/:concertId/reviews/:reviewId',
    {
      schema: {
        tags: ['reviews'],
        summary: '관람평 하나',
        params: reviewParamsSchema,
        response: { 200: envelopeSchema(reviewSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await community.getReview(request.params.concertId, request.params.reviewId),
    }),
  );

  app.post(
    '/concerts/:concertId/reviews',
    {
      preHandler: guard.user,
      schema: {
        tags: ['reviews'],
        summary: '관람평 작성',
        params: concertIdParamsSchema,
        body: reviewBodySchema,
        response: { 201: envelopeSchema(reviewSchema) },
      },
    },
    async (request, reply) => {
      const review = await community.createReview({
        user: await requireUser(request),
        concertId: request.params.concertId,
        body: request.body,
      });
      return reply
        .status(201)
        .send({ success: true as const, message: reviewMessages.created, data: review });
    },
  );

  app.put(
    '/concerts/:concertId/reviews/:reviewId',
    {
      preHandler: guard.user,
      schema: {
        tags: ['reviews'],
        summary: '관람평 수정 (작성자)',
        params: reviewParamsSchema,
        body: reviewBodySchema,
        response: { 200: envelopeSchema(reviewSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: reviewMessages.updated,
      data: await community.editReview({
        user: await requireUser(request),
        ...request.params,
        body: request.body,
      }),
    }),
  );

  app.delete(
    '/concerts/:concertId/reviews/:reviewId',
    {
      preHandler: guard.user,
      schema: {
        tags: ['reviews'],
        summary: '관람평 삭제 (작성자 또는 관리자)',
        params: reviewParamsSchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      await community.removeReview({ user: await requireUser(request), ...request.params });
      return { success: true as const, message: reviewMessages.deleted };
    },
  );

  app.get(
    '/concerts/:concertId/expectations',
    {
      schema: {
        tags: ['expectations'],
        summary: '기대평 목록 (최신순)',
        params: concertIdParamsSchema,
        querystring: expectationListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(expectationSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await community.listExpectations(request.params.concertId, request.query),
    }),
  );

  app.post(
    '/concerts/:concertId/expectations',
    {
      preHandler: guard.user,
      schema: {
        tags: ['expectations'],
        summary: '기대평 작성',
        params: concertIdParamsSchema,
        body: expectationBodySchema,
        response: { 201: envelopeSchema(expectationSchema) },
      },
    },
    async (request, reply) => {
      const expectation = await community.createExpectation({
        user: await requireUser(request),
        concertId: request.params.concertId,
        body: request.body,
      });
      return reply
        .status(201)
        .send({ success: true as const, message: expectationMessages.created, data: expectation });
    },
  );

  app.put(
    '/concerts/:concertId/expectations/:expectationId',
    {
      preHandler: guard.user,
      schema: {
        tags: ['expectations'],
        summary: '기대평 수정 (작성자)',
        params: expectationParamsSchema,
        body: expectationBodySchema,
        response: { 200: envelopeSchema(expectationSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: expectationMessages.updated,
      data: await community.editExpectation({
        user: await requireUser(request),
        ...request.params,
        body: request.body,
      }),
    }),
  );

  app.delete(
    '/concerts/:concertId/expectations/:expectationId',
    {
      preHandler: guard.user,
      schema: {
        tags: ['expectations'],
        summary: '기대평 삭제 (작성자 또는 관리자)',
        params: expectationParamsSchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      await community.removeExpectation({ user: await requireUser(request), ...request.params });
      return { success: true as const, message: expectationMessages.deleted };
    },
  );
};
