import {
  applicantInfoSchema,
  envelopeSchema,
  messageEnvelopeSchema,
  sellerApplicationBodySchema,
  sellerMessages,
  sellerStatusSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { guard, requireUser } from '../../http/guards';
import { readMultipart } from '../../lib/multipart';
import { sendSellerDocument } from './seller-document-reply';
import type { SellersService } from './sellers.service';

/** Status and applicant data are personal: never kept by a shared cache. */
const NO_STORE = 'private, no-store';

/** Seller permission (api-contract.md §11.1): any logged-in account except admins. */
export const sellersRoutes: FastifyPluginAsyncZod<{ sellers: SellersService }> = async (
  app,
  { sellers },
) => {
  app.get(
    '/users/me/seller-status',
    {
      preHandler: guard.user,
      schema: {
        tags: ['sellers'],
        summary: '판매자 권한 상태 (최근 신청서 정보 포함)',
        response: { 200: envelopeSchema(sellerStatusSchema) },
      },
    },
    async (request, reply) => {
      const data = await sellers.getSellerStatus(await requireUser(request));
      reply.header('cache-control', NO_STORE);
      return { success: true as const, data };
    },
  );

  app.get(
    '/users/me/applicant-info',
    {
      preHandler: guard.user,
      schema: {
        tags: ['sellers'],
        summary: '신청자 정보 (신청서의 "신청자와 동일" 채우기)',
        response: { 200: envelopeSchema(applicantInfoSchema) },
      },
    },
    async (request, reply) => {
      const data = await sellers.getApplicantInfo(await requireUser(request));
      reply.header('cache-control', NO_STORE);
      return { success: true as const, data };
    },
  );

  app.post(
    '/users/me/seller-requests',
    {
      preHandler: guard.user,
      schema: {
        tags: ['sellers'],
        summary: '판매자 권한 신청 (multipart: JSON 파트 request + 선택 document)',
        consumes: ['multipart/form-data'],
        // Validated by the contract's sellerApplicationBodySchema in the service, since a
        // multipart body is parsed after routing.
        description: `request (JSON): ${Object.keys(sellerApplicationBodySchema.shape).join(', ')}; document (PDF, JPEG, PNG, WEBP; 10MB 이하; 없으면 이전 신청서의 파일 재사용)`,
        response: { 201: messageEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { fields, files } = await readMultipart(request, ['request', 'document']).catch(
        (error: unknown) => {
          // The multipart limit is the document's limit: answer with the document's message.
          if ((error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new AppError('F002', sellerMessages.documentTooLarge);
          }
          throw error;
        },
      );
      await sellers.apply({
        user,
        fields,
        requestPart: files.request,
        document: files.document,
      });
      return reply.code(201).send({ success: true as const, message: sellerMessages.applied });
    },
  );

  app.get(
    '/users/me/seller-requests/document',
    {
      preHandler: guard.user,
      schema: {
        tags: ['sellers'],
        summary: '내 사업자등록증 파일 (본인만; 오류는 JSON 봉투)',
      },
    },
    async (request, reply) =>
      sendSellerDocument(reply, await sellers.getOwnDocument(await requireUser(request))),
  );

  app.delete(
    '/users/me/role',
    {
      preHandler: guard.user,
      schema: {
        tags: ['sellers'],
        summary: '판매자 권한 철회 (예정·판매 중 콘서트가 있으면 409)',
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      await sellers.withdraw(await requireUser(request));
      return { success: true as const, message: sellerMessages.withdrawn };
    },
  );
};
