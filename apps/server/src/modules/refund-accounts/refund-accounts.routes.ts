import {
  envelopeSchema,
  messageEnvelopeSchema,
  paymentMethodMessages,
  refundAccountBodySchema,
  refundAccountSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, requireSessionUser } from '../../http/guards';
import type { RefundAccountsService } from './refund-accounts.service';

/** Personal data: never kept by a shared cache. */
const NO_STORE = 'private, no-store';

const maskedExample = {
  bankCode: '88',
  bankName: '신한은행',
  maskedNumber: '********5678',
  maskedHolder: '홍*동',
  updatedAt: '2026-11-02T14:05:00',
} as const;

/**
 * The caller's 환불 계좌 (issue 28, point 3): always the caller's own (no id in the request),
 * answered masked only; the full number and holder are stored encrypted and leave the server only
 * in the provider's cancel call.
 */
export const refundAccountsRoutes: FastifyPluginAsyncZod<{
  refundAccounts: RefundAccountsService;
}> = async (app, { refundAccounts }) => {
  app.get(
    '/users/me/refund-account',
    {
      preHandler: guard.session,
      schema: {
        tags: ['payments'],
        summary: '내 환불 계좌 (가려진 계좌번호와 예금주; 등록하지 않았으면 data: null)',
        response: {
          200: envelopeSchema(refundAccountSchema.nullable()).meta({
            examples: [
              { success: true, data: maskedExample },
              { success: true, data: null },
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return {
        success: true as const,
        data: await refundAccounts.getOwn(requireSessionUser(request).id),
      };
    },
  );

  app.put(
    '/users/me/refund-account',
    {
      preHandler: guard.session,
      schema: {
        tags: ['payments'],
        summary: '환불 계좌 등록·변경 (가상계좌 결제의 환불에 쓰임; 암호화해 저장)',
        description:
          '계좌번호의 하이픈과 공백은 빼고 저장합니다. 잘못된 값은 400 C001이며 errors[].field가 bank, accountNumber, holder를 가리킵니다. 답에는 가려진 값만 담깁니다.',
        body: refundAccountBodySchema.meta({
          examples: [{ bank: '88', accountNumber: '110-123-455678', holder: '홍길동' }],
        }),
        response: {
          200: envelopeSchema(refundAccountSchema).meta({
            examples: [
              {
                success: true,
                message: paymentMethodMessages.refundAccountSaved,
                data: maskedExample,
              },
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return {
        success: true as const,
        message: paymentMethodMessages.refundAccountSaved,
        data: await refundAccounts.saveOwn(requireSessionUser(request).id, request.body),
      };
    },
  );

  app.delete(
    '/users/me/refund-account',
    {
      preHandler: guard.session,
      schema: {
        tags: ['payments'],
        summary: '환불 계좌 삭제 (등록된 계좌가 없어도 200)',
        response: {
          200: messageEnvelopeSchema.meta({
            examples: [{ success: true, message: paymentMethodMessages.refundAccountDeleted }],
          }),
        },
      },
    },
    async (request) => {
      await refundAccounts.deleteOwn(requireSessionUser(request).id);
      return { success: true as const, message: paymentMethodMessages.refundAccountDeleted };
    },
  );
};
