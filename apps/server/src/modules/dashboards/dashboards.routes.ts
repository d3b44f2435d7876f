import {
  adminStatisticsSchema,
  envelopeSchema,
  sellerDashboardSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, requireSeller } from '../../http/guards';
import type { DashboardsService } from './dashboards.service';

/**
 * The seller home's figures (sellers only: anonymous 401 A006, others 403 S002) and the admin
 * statistics (admins only: 401 A006 / 403 P001). Issue 23; not in api-contract.md.
 */
export const dashboardsRoutes: FastifyPluginAsyncZod<{ dashboards: DashboardsService }> = async (
  app,
  { dashboards },
) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    // Private, live numbers: never from a shared cache, never stale in the browser's.
    reply.header('cache-control', 'private, no-store');
    return payload;
  });

  app.get(
    '/seller/dashboard',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['seller-concerts'],
        summary: '판매자 홈: 오늘 판매(예매·좌석·매출), 판매 중인 공연과 판매 예정 공연',
        response: { 200: envelopeSchema(sellerDashboardSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await dashboards.sellerDashboard(await requireSeller(request)),
    }),
  );

  app.get(
    '/admin/statistics',
    {
      preHandler: guard.admin,
      schema: {
        tags: ['admin'],
        summary: '통계 리포트: 회원, 상태별 공연, 최근 30일 일별 예매와 매출',
        response: { 200: envelopeSchema(adminStatisticsSchema) },
      },
    },
    async () => ({ success: true as const, data: await dashboards.adminStatistics() }),
  );
};
