import {
  concertIdParamsSchema,
  envelopeSchema,
  onSaleConcertSchema,
  onSaleConcertsQuerySchema,
  onSaleSnapshotSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guard } from '../../http/guards';
import type { OnSaleService } from './on-sale.service';

/** The admin's live on-sale page (issue 18): admins only (403 P001 for everyone else). */
export const adminOnSaleRoutes: FastifyPluginAsyncZod<{ onSale: OnSaleService }> = async (
  app,
  { onSale },
) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    // Live sales figures: never from a shared cache, never stale in the browser's.
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get(
    '/admin/on-sale/concerts',
    {
      preHandler: guard.admin,
      schema: {
        tags: ['admin'],
        summary: '실시간 현황을 볼 수 있는 공연 (판매 중 먼저, 제목·아티스트 검색)',
        querystring: onSaleConcertsQuerySchema,
        response: { 200: envelopeSchema(z.array(onSaleConcertSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await onSale.listConcerts(request.query.keyword || undefined),
    }),
  );

  app.get(
    '/admin/on-sale/concerts/:concertId',
    {
      preHandler: guard.admin,
      schema: {
        tags: ['admin'],
        summary: '공연 한 건의 실시간 판매 현황 (대기열, 입장, 좌석, 매출; 최대 2초 전 값)',
        params: concertIdParamsSchema,
        response: { 200: envelopeSchema(onSaleSnapshotSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await onSale.snapshot(request.params.concertId),
    }),
  );
};
