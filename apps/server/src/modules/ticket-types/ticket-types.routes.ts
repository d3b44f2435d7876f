import {
  concertIdParamsSchema,
  envelopeSchema,
  messageEnvelopeSchema,
  sellerTicketTypeSchema,
  ticketTypeListSchema,
  ticketTypeMessages,
  ticketTypeParamsSchema,
  ticketTypeWriteSchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guard, requireSeller } from '../../http/guards';
import type { TicketTypesService } from './ticket-types.service';

/** A seller's own data: never kept by a shared cache. */
const NO_STORE = 'private, no-store';
/** What is left of a quota moves with sales: a short shared cache, like the grades'. */
const PUBLIC_SHORT = 'public, max-age=2';

const disabledWrite = {
  kind: 'DISABLED_SEVERE',
  name: null,
  discountKind: 'PERCENT',
  discountValue: 50,
  gradeKeys: [],
  quota: 40,
  proofRequired: true,
  companionAllowed: true,
  earlyUntil: null,
};
const earlyBirdWrite = {
  kind: 'EARLY_BIRD',
  name: '1차 조기예매',
  discountKind: 'AMOUNT',
  discountValue: 10000,
  gradeKeys: ['VIP', 'R'],
  quota: 300,
  proofRequired: false,
  companionAllowed: false,
  earlyUntil: '2026-11-10T23:59',
};
/** As buyers see them (`remaining` of the quota); the seller's view adds `quota` and `used`. */
const disabledType = {
  id: 31,
  kind: 'DISABLED_SEVERE',
  name: '장애인(심한)',
  discountKind: 'PERCENT',
  discountValue: 50,
  gradeKeys: [],
  remaining: 37,
  proofRequired: true,
  companionAllowed: true,
  earlyUntil: null,
};
const earlyBirdType = {
  id: 32,
  kind: 'EARLY_BIRD',
  name: '1차 조기예매',
  discountKind: 'AMOUNT',
  discountValue: 10000,
  gradeKeys: ['VIP', 'R'],
  remaining: 112,
  proofRequired: false,
  companionAllowed: false,
  earlyUntil: '2026-11-10T23:59:00',
};

/**
 * 권종 (issue 27): a performance's ticket types for its seller (`/seller/concerts/{id}/ticket-types`:
 * sellers only, anonymous 401 A006, others 403 S002, another seller's concert 403 S002) and the
 * list buyers choose from (`/concerts/{id}/ticket-types`, everyone).
 */
export const ticketTypesRoutes: FastifyPluginAsyncZod<{ ticketTypes: TicketTypesService }> = async (
  app,
  { ticketTypes },
) => {
  app.get(
    '/seller/concerts/:concertId/ticket-types',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['ticket-types'],
        summary: '내 공연(회차)의 권종 목록 (판매 한도와 예매된 수 포함)',
        params: concertIdParamsSchema,
        response: {
          200: envelopeSchema(z.array(sellerTicketTypeSchema)).meta({
            examples: [
              {
                success: true,
                data: [
                  { ...disabledType, quota: 40, used: 3 },
                  { ...earlyBirdType, quota: 300, used: 188 },
                ],
              },
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await ticketTypes.listForSeller(
        await requireSeller(request),
        request.params.concertId,
      );
      reply.header('cache-control', NO_STORE);
      return { success: true as const, data };
    },
  );

  app.post(
    '/seller/concerts/:concertId/ticket-types',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['ticket-types'],
        summary: '권종 추가 (이름을 비우면 종류의 이름, 적용 등급을 비우면 모든 등급)',
        description:
          'gradeKeys는 이 공연의 등급 코드(좌석 배치) 또는 등급 이름(기본 배치)입니다. 없는 등급이면 400 C001, errors[].field가 gradeKeys[1]처럼 가리킵니다. 취소되었거나 종료된 공연은 409 S006.',
        params: concertIdParamsSchema,
        body: ticketTypeWriteSchema.meta({ examples: [disabledWrite, earlyBirdWrite] }),
        response: {
          201: envelopeSchema(sellerTicketTypeSchema).meta({
            examples: [
              {
                success: true,
                message: ticketTypeMessages.created,
                data: { ...disabledType, remaining: 40, quota: 40, used: 0 },
              },
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await ticketTypes.create(
        await requireSeller(request),
        request.params.concertId,
        request.body,
      );
      reply.code(201).header('cache-control', NO_STORE);
      return { success: true as const, message: ticketTypeMessages.created, data };
    },
  );

  app.put(
    '/seller/concerts/:concertId/ticket-types/:typeId',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['ticket-types'],
        summary: '권종 수정 (바뀐 할인은 이후 예매부터; 이미 판매된 티켓은 그대로)',
        description:
          '판매 한도는 이미 예매된 수보다 적게 줄일 수 없습니다 (400 C001, field quota).',
        params: ticketTypeParamsSchema,
        body: ticketTypeWriteSchema.meta({
          examples: [{ ...earlyBirdWrite, discountValue: 15000, quota: 400 }],
        }),
        response: {
          200: envelopeSchema(sellerTicketTypeSchema).meta({
            examples: [
              {
                success: true,
                message: ticketTypeMessages.updated,
                data: {
                  ...earlyBirdType,
                  discountValue: 15000,
                  remaining: 212,
                  quota: 400,
                  used: 188,
                },
              },
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await ticketTypes.update(
        await requireSeller(request),
        request.params.concertId,
        request.params.typeId,
        request.body,
      );
      reply.header('cache-control', NO_STORE);
      return { success: true as const, message: ticketTypeMessages.updated, data };
    },
  );

  app.delete(
    '/seller/concerts/:concertId/ticket-types/:typeId',
    {
      preHandler: guard.seller,
      schema: {
        tags: ['ticket-types'],
        summary: '권종 삭제 (판매 중지; 이미 판매된 티켓은 권종 이름과 금액 그대로)',
        params: ticketTypeParamsSchema,
        response: {
          200: messageEnvelopeSchema.meta({
            examples: [{ success: true, message: ticketTypeMessages.deleted }],
          }),
        },
      },
    },
    async (request) => {
      await ticketTypes.remove(
        await requireSeller(request),
        request.params.concertId,
        request.params.typeId,
      );
      return { success: true as const, message: ticketTypeMessages.deleted };
    },
  );

  app.get(
    '/concerts/:concertId/ticket-types',
    {
      schema: {
        tags: ['ticket-types'],
        summary: '예매할 수 있는 권종과 좌석당 예매수수료 (일반은 목록에 없음)',
        description:
          'remaining은 판매 한도의 남은 수(한도가 없으면 null)입니다. 할인 마감이 지난 조기예매는 목록에서 빠집니다. 선택은 예매할 때 서버가 다시 확인합니다.',
        params: concertIdParamsSchema,
        response: {
          200: envelopeSchema(ticketTypeListSchema).meta({
            examples: [
              {
                success: true,
                data: { bookingFeePerSeat: 2000, ticketTypes: [disabledType, earlyBirdType] },
              },
            ],
          }),
        },
      },
    },
    async (request, reply) => {
      const data = await ticketTypes.listForBuyers(request.params.concertId);
      reply.header('cache-control', PUBLIC_SHORT);
      return { success: true as const, data };
    },
  );
};
