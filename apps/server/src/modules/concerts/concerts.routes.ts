import {
  concertIdParamsSchema,
  concertListQuerySchema,
  concertSchema,
  envelopeSchema,
  pageSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ConcertsService } from './concerts.service';

export const concertsRoutes: FastifyPluginAsyncZod<{ concerts: ConcertsService }> = async (
  app,
  { concerts },
) => {
  app.get(
    '/concerts',
    {
      config: { validationCodes: { sortBy: 'T010', sortDir: 'T011' } },
      schema: {
        tags: ['concerts'],
        summary: '콘서트 목록 (예정됨, 예매중, 매진)',
        querystring: concertListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(concertSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await concerts.listConcerts(request.query),
    }),
  );

  app.get(
    '/concerts/:concertId',
    {
      schema: {
        tags: ['concerts'],
        summary: '콘서트 상세 (모든 상태)',
        params: concertIdParamsSchema,
        response: { 200: envelopeSchema(concertSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await concerts.getConcert(request.params.concertId),
    }),
  );
};
