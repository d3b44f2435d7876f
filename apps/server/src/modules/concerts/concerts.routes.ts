import {
  concertDetailSchema,
  concertFilterQuerySchema,
  concertIdParamsSchema,
  concertListQuerySchema,
  concertSchema,
  concertSearchQuerySchema,
  envelopeSchema,
  pageSchema,
  seatMapSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonText } from '../../http/json-text';
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
    // Answered from the in-memory catalogue as ready JSON (see catalog-snapshot.ts).
    async (request, reply) => sendJsonText(reply, await concerts.listConcertsJson(request.query)),
  );

  app.get(
    '/concerts/search',
    {
      config: { validationCodes: { query: 'T004' } },
      schema: {
        tags: ['concerts'],
        summary: '콘서트 검색 (제목, 아티스트, 공연장; 대소문자 무시)',
        querystring: concertSearchQuerySchema,
        response: { 200: envelopeSchema(z.array(concertSchema)) },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await concerts.searchConcertsJson(request.query.query)),
  );

  app.get(
    '/concerts/filter',
    {
      config: { validationCodes: { dateRange: 'T005' } },
      schema: {
        tags: ['concerts'],
        summary: '콘서트 날짜 필터 (포함 범위, 최대 1년)',
        querystring: concertFilterQuerySchema,
        response: { 200: envelopeSchema(z.array(concertSchema)) },
      },
    },
    async (request, reply) => sendJsonText(reply, await concerts.filterConcertsJson(request.query)),
  );

  app.get(
    '/concerts/:concertId/ai-summary',
    {
      schema: {
        tags: ['concerts'],
        summary: 'AI 관람평 요약 (없으면 안내 문장)',
        params: concertIdParamsSchema,
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await concerts.getAiSummary(request.params.concertId),
    }),
  );

  app.get(
    '/concerts/:concertId/seat-map',
    {
      schema: {
        tags: ['concerts'],
        summary: '좌석 배치도 (구역별 등급, 가격, 열 수, 좌석 수)',
        params: concertIdParamsSchema,
        response: { 200: envelopeSchema(seatMapSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await concerts.getSeatMap(request.params.concertId),
    }),
  );

  app.get(
    '/concerts/:concertId',
    {
      schema: {
        tags: ['concerts'],
        summary: '콘서트 상세 (모든 상태, 좌석 등급과 가격 포함)',
        params: concertIdParamsSchema,
        response: { 200: envelopeSchema(concertDetailSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await concerts.getConcert(request.params.concertId),
    }),
  );
};
