import {
  concertIdParamsSchema,
  depositSettingsSchema,
  envelopeSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, requireSeller } from '../../http/guards';
import { depositSettingsMessages, type PaymentSettingsService } from './payment-settings.service';

/** A seller's own data: never kept by a shared cache. */
const NO_STORE = 'private, no-store';

const settingsExample = { virtualAccountEnabled: true, depositDueDays: 1, cultureExpense: true };

/**
 * A performance's deposit rules (issue 28: 가상계좌, 입금 기한, 문화비 소득공제): sellers only,
 * anonymous 401 A006, others 403 S002, another seller's concert 403 S002, unknown 404 T003.
 */
export const paymentSettingsRoutes: FastifyPluginAsyncZod<{
  paymentSettings: PaymentSettingsService;
}> = async (app, { paymentSettings }) => {
  app.get(
    '/seller/concerts/:concertId/payment-settings',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['seller-concerts'],
        summary: '내 공연(회차)의 결제 설정 (가상계좌 제공, 입금 기한 일수, 문화비 소득공제 대상)',
        params: concertIdParamsSchema,
        response: {
          200: envelopeSchema(depositSettingsSchema).meta({
            examples: [{ success: true, data: settingsExample }],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await paymentSettings.get(
        await requireSeller(request),
        request.params.concertId,
      );
      reply.header('cache-control', NO_STORE);
      return { success: true as const, data };
    },
  );

  app.put(
    '/seller/concerts/:concertId/payment-settings',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['seller-concerts'],
        summary: '결제 설정 변경 (이후 예매부터 적용; 이미 발급된 가상계좌의 기한은 그대로)',
        description:
          'depositDueDays: 예매일로부터 며칠 뒤 23:59까지 입금받을지 (0~7, 0은 예매 당일). 예매 마감과 공연 하루 전을 넘지 않습니다. 취소되었거나 종료된 공연은 409 S006.',
        params: concertIdParamsSchema,
        body: depositSettingsSchema.meta({
          examples: [
            settingsExample,
            { virtualAccountEnabled: false, depositDueDays: 0, cultureExpense: false },
          ],
        }),
        response: {
          200: envelopeSchema(depositSettingsSchema).meta({
            examples: [
              { success: true, message: depositSettingsMessages.saved, data: settingsExample },
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await paymentSettings.update(
        await requireSeller(request),
        request.params.concertId,
        request.body,
      );
      reply.header('cache-control', NO_STORE);
      return { success: true as const, message: depositSettingsMessages.saved, data };
    },
  );
};
