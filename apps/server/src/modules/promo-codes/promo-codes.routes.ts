import {
  concertIdParamsSchema,
  envelopeSchema,
  messageEnvelopeSchema,
  promoCheckBodySchema,
  promoCheckSchema,
  promoCodeParamsSchema,
  promoCodeWriteSchema,
  promoMessages,
  sellerPromoCodeSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guard, requireSeller, requireUser } from '../../http/guards';
import type { PromoCodesService } from './promo-codes.service';

/** A seller's codes and a buyer's check: never kept by a shared cache. */
const NO_STORE = 'private, no-store';

const writeExample = {
  code: 'SUMMER-10',
  discountKind: 'PERCENT',
  discountValue: 10,
  gradeKeys: ['VIP', 'R'],
  validFrom: '2026-06-01T10:00:00',
  validUntil: '2026-06-30T23:59:59',
  totalUses: 100,
  oncePerAccount: true,
};

const sellerCodeExample = { id: 7, ...writeExample, used: 42 };

/**
 * Promo codes (issue 27). Seller: `/seller/concerts/{id}/promo-codes[/{codeId}]`, the concert's
 * seller only (anonymous 401 A006, everyone else 403 S002; a cancelled or played concert's codes
 * no longer change, 409 S006). Buyers: `POST /concerts/{id}/promo-codes/check`, logged in, limited
 * in wrong tries (429 M006).
 */
export const promoCodesRoutes: FastifyPluginAsyncZod<{ promoCodes: PromoCodesService }> = async (
  app,
  { promoCodes },
) => {
  app.get(
    '/seller/concerts/:concertId/promo-codes',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['promo-codes'],
        summary: '내 공연의 할인 코드 목록 (삭제한 코드 제외, used: 사용된 횟수)',
        params: concertIdParamsSchema,
        response: {
          200: envelopeSchema(z.array(sellerPromoCodeSchema)).meta({
            examples: [{ success: true, data: [sellerCodeExample] }],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await promoCodes.list(await requireSeller(request), request.params.concertId);
      reply.header('cache-control', NO_STORE);
      return { success: true as const, data };
    },
  );

  app.post(
    '/seller/concerts/:concertId/promo-codes',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['promo-codes'],
        summary: '할인 코드 추가 (대소문자 구분 없음, 공연당 100개까지)',
        description:
          '일시는 Asia/Seoul 기준입니다. 같은 공연에 같은 코드가 있거나 공연에 없는 등급이면 400 C001, errors[].field가 code, gradeKeys[1]처럼 위치를 가리킵니다.',
        params: concertIdParamsSchema,
        body: promoCodeWriteSchema.meta({ examples: [writeExample] }),
        response: {
          201: envelopeSchema(sellerPromoCodeSchema).meta({
            examples: [
              {
                success: true,
                message: promoMessages.created,
                data: { ...sellerCodeExample, used: 0 },
              },
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await promoCodes.create(
        await requireSeller(request),
        request.params.concertId,
        request.body,
      );
      reply.code(201).header('cache-control', NO_STORE);
      return { success: true as const, message: promoMessages.created, data };
    },
  );

  app.put(
    '/seller/concerts/:concertId/promo-codes/:codeId',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['promo-codes'],
        summary: '할인 코드 수정 (이미 예매된 할인은 그대로, 총 사용 횟수는 사용된 횟수 이상)',
        params: promoCodeParamsSchema,
        body: promoCodeWriteSchema.meta({ examples: [{ ...writeExample, totalUses: 200 }] }),
        response: {
          200: envelopeSchema(sellerPromoCodeSchema).meta({
            examples: [
              {
                success: true,
                message: promoMessages.updated,
                data: { ...sellerCodeExample, totalUses: 200 },
              },
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await promoCodes.update(
        await requireSeller(request),
        request.params.concertId,
        request.params.codeId,
        request.body,
      );
      reply.header('cache-control', NO_STORE);
      return { success: true as const, message: promoMessages.updated, data };
    },
  );

  app.delete(
    '/seller/concerts/:concertId/promo-codes/:codeId',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['promo-codes'],
        summary: '할인 코드 삭제 (새 예매에 쓸 수 없게 됨, 이미 쓴 예매는 그대로)',
        params: promoCodeParamsSchema,
        response: {
          200: messageEnvelopeSchema.meta({
            examples: [{ success: true, message: promoMessages.deleted }],
          }),
        },
      },
    },
    async (request, reply) => {
      await promoCodes.remove(
        await requireSeller(request),
        request.params.concertId,
        request.params.codeId,
      );
      reply.header('cache-control', NO_STORE);
      return { success: true as const, message: promoMessages.deleted };
    },
  );

  app.post(
    '/concerts/:concertId/promo-codes/check',
    {
      preHandler: guard.user,
      schema: {
        tags: ['promo-codes'],
        summary: '할인 코드 확인 (예매 전 좌석 패널의 가격 계산용)',
        description:
          '없는 코드와 지금 쓸 수 없는 코드는 같은 400 C001 메시지로 답합니다. 틀린 코드는 계정과 IP마다 10분에 정해진 횟수까지만 시도할 수 있고, 넘으면 맞는 코드도 429 M006과 Retry-After로 거절합니다.',
        params: concertIdParamsSchema,
        body: promoCheckBodySchema.meta({ examples: [{ code: 'summer-10' }] }),
        response: {
          200: envelopeSchema(promoCheckSchema).meta({
            examples: [
              {
                success: true,
                message: promoMessages.applied,
                data: {
                  code: 'SUMMER-10',
                  discountKind: 'PERCENT',
                  discountValue: 10,
                  gradeKeys: ['VIP', 'R'],
                },
              },
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await promoCodes.check(
        await requireUser(request),
        request.params.concertId,
        request.body.code,
        { clientIp: request.ip },
      );
      reply.header('cache-control', NO_STORE);
      return { success: true as const, message: promoMessages.applied, data };
    },
  );
};
