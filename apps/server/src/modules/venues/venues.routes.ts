import {
  envelopeSchema,
  venueDetailSchema,
  venueIdParamsSchema,
  venueLayoutExportQuerySchema,
  venueMessages,
  venueSummarySchema,
  venueWriteSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guard, requireSeller } from '../../http/guards';
import type { VenuesService } from './venues.service';

/** A seller's own data: never kept by a shared cache. */
const NO_STORE = 'private, no-store';

/**
 * A layout's body limit: 100,000 seats in the documented format are about 4 MB of JSON, well
 * over the API's 1 MB default (app.ts); only the routes that take a layout accept this much.
 */
export const LAYOUT_BODY_LIMIT = 16 * 1024 * 1024;

const hallExample = {
  name: '커튼콜 아트홀',
  address: '서울특별시 중구 세종대로 1',
  layout: {
    format: 'curtaincall.venue-layout',
    version: 1,
    name: '커튼콜 아트홀',
    grades: [
      { code: 'VIP', name: 'VIP석', price: 165000, color: '#C9A227' },
      { code: 'SP', name: '스탠딩 P', price: 154000 },
    ],
    sections: [
      {
        kind: 'SEATED',
        name: 'A',
        rows: [
          {
            row: 1,
            seats: [
              { number: 1, grade: 'VIP', tags: ['WHEELCHAIR'] },
              { number: 2, grade: 'VIP', tags: ['COMPANION'], companionOf: 1 },
              { number: 3, grade: 'VIP' },
            ],
          },
        ],
      },
      { kind: 'STANDING', name: 'P', grade: 'SP', capacity: 500 },
    ],
  },
};

/**
 * A seller's venues (issue 25, `/seller/venues`): layouts saved once and reused by concerts.
 * Sellers only; another seller's venue is 403 S002.
 */
export const venuesRoutes: FastifyPluginAsyncZod<{ venues: VenuesService }> = async (
  app,
  { venues },
) => {
  app.get(
    '/seller/venues',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['venues'],
        summary: '내 공연장 목록 (좌석 배치 없이, 등급별 좌석 수)',
        response: { 200: envelopeSchema(z.array(venueSummarySchema)) },
      },
    },
    async (request, reply) => {
      const data = await venues.list(await requireSeller(request));
      reply.header('cache-control', NO_STORE);
      return { success: true as const, data };
    },
  );

  app.post(
    '/seller/venues',
    {
      preHandler: guard.seller,
      bodyLimit: LAYOUT_BODY_LIMIT,
      schema: {
        tags: ['venues'],
        summary: '공연장 저장 (좌석 배치: docs/venue-layout.md 형식)',
        description:
          '좌석 배치에 고칠 곳이 있으면 400 C001, errors[].field가 layout.sections[2].rows[0].seats[5].grade처럼 위치를 가리킵니다.',
        body: venueWriteSchema.meta({ examples: [hallExample] }),
        response: { 201: envelopeSchema(venueDetailSchema) },
      },
    },
    async (request, reply) => {
      const data = await venues.create(await requireSeller(request), request.body);
      reply.code(201).header('cache-control', NO_STORE);
      return { success: true as const, message: venueMessages.created, data };
    },
  );

  app.get(
    '/seller/venues/:venueId',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['venues'],
        summary: '공연장 상세 (좌석 배치 포함)',
        params: venueIdParamsSchema,
        response: { 200: envelopeSchema(venueDetailSchema) },
      },
    },
    async (request, reply) => {
      const data = await venues.get(await requireSeller(request), request.params.venueId);
      reply.header('cache-control', NO_STORE);
      return { success: true as const, data };
    },
  );

  app.put(
    '/seller/venues/:venueId',
    {
      preHandler: guard.seller,
      bodyLimit: LAYOUT_BODY_LIMIT,
      schema: {
        tags: ['venues'],
        summary: '공연장 수정 (이미 만든 콘서트는 만들 때의 배치를 그대로 씁니다)',
        params: venueIdParamsSchema,
        body: venueWriteSchema.meta({ examples: [hallExample] }),
        response: { 200: envelopeSchema(venueDetailSchema) },
      },
    },
    async (request, reply) => {
      const data = await venues.update(
        await requireSeller(request),
        request.params.venueId,
        request.body,
      );
      reply.header('cache-control', NO_STORE);
      return { success: true as const, message: venueMessages.updated, data };
    },
  );

  app.delete(
    '/seller/venues/:venueId',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['venues'],
        summary: '공연장 삭제 (이 공연장으로 만든 콘서트는 그대로)',
        params: venueIdParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request, reply) => {
      await venues.remove(await requireSeller(request), request.params.venueId);
      reply.header('cache-control', NO_STORE);
      return { success: true as const, message: venueMessages.deleted, data: null };
    },
  );

  app.get(
    '/seller/venues/:venueId/layout',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['venues'],
        summary: '좌석 배치 내려받기 (문서 그대로: JSON, 또는 format=csv이면 BOM 붙은 UTF-8 CSV)',
        params: venueIdParamsSchema,
        querystring: venueLayoutExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await venues.exportLayout(
        await requireSeller(request),
        request.params.venueId,
        request.query.format,
      );
      reply
        .header('cache-control', NO_STORE)
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`);
      return file.body;
    },
  );
};
