import {
  adminUserIdParamsSchema,
  applicationIdParamsSchema,
  approvalHistoryEntrySchema,
  approvalHistoryPageSchema,
  approvalHistoryQuerySchema,
  envelopeSchema,
  messageEnvelopeSchema,
  processApplicationBodySchema,
  revokeSellerBodySchema,
  sellerApplicationSchema,
  sellerMessages,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guard, requireAdmin } from '../../http/guards';
import { sendSellerDocument } from './seller-document-reply';
import type { SellersService } from './sellers.service';

/** Applicants' data is personal: never kept by a shared cache. */
const NO_STORE = 'private, no-store';

/** The admin area (api-contract.md §12): admins only (403 P001 for everyone else). */
export const adminSellersRoutes: FastifyPluginAsyncZod<{ sellers: SellersService }> = async (
  app,
  { sellers },
) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
    return payload;
  });

  app.get(
    '/admin/seller-requests',
    {
      preHandler: guard.admin,
      schema: {
        tags: ['admin'],
        summary: '심사 대기 중인 판매자 신청 (오래된 순)',
        response: { 200: envelopeSchema(z.array(sellerApplicationSchema)) },
      },
    },
    async () => ({ success: true as const, data: await sellers.listPendingApplications() }),
  );

  app.get(
    '/admin/seller-requests/:applicationId',
    {
      preHandler: guard.admin,
      schema: {
        tags: ['admin'],
        summary: '판매자 신청서 상세',
        params: applicationIdParamsSchema,
        response: { 200: envelopeSchema(sellerApplicationSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await sellers.getApplication(request.params.applicationId),
    }),
  );

  app.get(
    '/admin/seller-requests/:applicationId/document',
    {
      preHandler: guard.admin,
      schema: {
        tags: ['admin'],
        summary: '신청서의 사업자등록증 파일 (관리자만; 오류는 JSON 봉투)',
        params: applicationIdParamsSchema,
      },
    },
    async (request, reply) =>
      sendSellerDocument(reply, await sellers.getApplicationDocument(request.params.applicationId)),
  );

  app.patch(
    '/admin/seller-requests/:userId/process',
    {
      preHandler: guard.admin,
      schema: {
        tags: ['admin'],
        summary: '판매자 신청 승인/반려 (경로는 신청자의 userId; 이미 처리된 신청은 409)',
        params: adminUserIdParamsSchema,
        body: processApplicationBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      const message = await sellers.processApplication({
        admin: await requireAdmin(request),
        userId: request.params.userId,
        body: request.body,
      });
      return { success: true as const, message };
    },
  );

  app.delete(
    '/admin/sellers/:userId/role',
    {
      preHandler: guard.admin,
      schema: {
        tags: ['admin'],
        summary: '판매자 권한 강제 해제 (JSON 본문 reason; 예정·판매 중 콘서트가 있으면 409)',
        params: adminUserIdParamsSchema,
        body: revokeSellerBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      await sellers.revokeSeller({
        admin: await requireAdmin(request),
        userId: request.params.userId,
        body: request.body,
      });
      return { success: true as const, message: sellerMessages.revoked };
    },
  );

  app.get(
    '/admin/sellers',
    {
      preHandler: guard.admin,
      schema: {
        tags: ['admin'],
        summary: '현재 판매자 (승인된 신청서)',
        response: { 200: envelopeSchema(z.array(sellerApplicationSchema)) },
      },
    },
    async () => ({ success: true as const, data: await sellers.listSellers() }),
  );

  app.get(
    '/admin/sellers/:userId/approval-history',
    {
      preHandler: guard.admin,
      schema: {
        tags: ['admin'],
        summary: '사용자의 판매자 이력 (최신순)',
        params: adminUserIdParamsSchema,
        response: { 200: envelopeSchema(z.array(approvalHistoryEntrySchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await sellers.getUserHistory(request.params.userId),
    }),
  );

  app.get(
    '/admin/approvals/history',
    {
      preHandler: guard.admin,
      schema: {
        tags: ['admin'],
        summary: '판매자 이력 검색 (유형, 키워드; 최신순)',
        querystring: approvalHistoryQuerySchema,
        response: { 200: envelopeSchema(approvalHistoryPageSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await sellers.getHistory(request.query),
    }),
  );
};
