import { z } from 'zod';
import { dateTimeSchema } from './common';
import { concertIdParamsSchema } from './concerts';
import { companionKinds, ticketTypeKinds } from './pricing';

/**
 * 권종 (issue 27): discounted ticket types a seller offers per concert (performance). 일반 is
 * always on offer and has no row. Seller: `GET/POST /seller/concerts/{id}/ticket-types`,
 * `PUT/DELETE /seller/concerts/{id}/ticket-types/{typeId}`. Buyers: `GET /concerts/{id}/ticket-types`.
 */
export const ticketTypeMessages = {
  created: '권종이 추가되었습니다.',
  updated: '권종이 수정되었습니다.',
  deleted: '권종이 삭제되었습니다.',
  notFound: '권종을 찾을 수 없습니다.',
  kind: '권종 종류를 선택해주세요.',
  nameTooLong: '권종 이름은 30자 이하여야 합니다.',
  discountKind: '할인 방식을 선택해주세요.',
  percent: '할인율은 1~100% 사이의 정수로 입력해주세요.',
  amount: '할인 금액은 1~10,000,000원 사이의 정수로 입력해주세요.',
  grades: '적용 등급은 20개까지 선택할 수 있습니다.',
  gradeKey: '적용 등급은 1~50자의 등급 코드나 이름으로 보내주세요.',
  unknownGrade: '이 공연에 없는 등급입니다.',
  quota: '판매 한도는 1~100,000매 사이의 정수로 입력하거나 비워두세요.',
  quotaBelowUsed: (used: number) =>
    `이미 ${used.toLocaleString('ko-KR')}매가 예매되어 판매 한도를 그보다 적게 줄일 수 없습니다.`,
  earlyUntilRequired: '조기예매 권종은 할인 마감 일시를 입력해주세요.',
  earlyUntilOnlyEarly: '할인 마감 일시는 조기예매 권종에만 입력할 수 있습니다.',
  earlyUntilFormat: '할인 마감 일시는 YYYY-MM-DDTHH:mm 형식이어야 합니다.',
  earlyUntilPast: '할인 마감 일시는 지금 이후여야 합니다.',
  companionOnly: '동반자 할인은 장애인과 국가유공자 권종에만 둘 수 있습니다.',
  duplicateKind: '같은 종류의 권종이 이미 있습니다.',
  duplicateName: '같은 이름의 권종이 이미 있습니다. 이름을 다르게 입력해주세요.',
  tooMany: '권종은 공연당 20개까지 만들 수 있습니다.',
  typeId: '권종 ID는 1 이상의 양수여야 합니다.',
  // Checked at booking (the server re-checks every choice).
  unknownType: '선택한 권종을 찾을 수 없습니다. 권종을 다시 선택해주세요.',
  soldOut: (name: string) => `${name} 권종의 판매 수량이 모두 소진되었습니다.`,
  earlyOver: (name: string) => `${name} 할인 기간이 끝났습니다.`,
  revisitOnly: '재관람 할인은 같은 공연의 이전 회차 티켓을 가진 분만 받을 수 있습니다.',
  concertCancelled: '취소된 공연의 권종은 바꿀 수 없습니다.',
  concertCompleted: '이미 종료된 공연의 권종은 바꿀 수 없습니다.',
} as const;

export const ticketTypeLimits = { perConcert: 20, nameMax: 30, quotaMax: 100_000 } as const;

export const ticketTypeKindSchema = z.enum(ticketTypeKinds, { error: ticketTypeMessages.kind });
export const discountKindSchema = z.enum(['PERCENT', 'AMOUNT'], {
  error: ticketTypeMessages.discountKind,
});

const gradeKeysSchema = z
  .array(
    z
      .string({ error: ticketTypeMessages.gradeKey })
      .trim()
      .min(1, { error: ticketTypeMessages.gradeKey })
      .max(50, { error: ticketTypeMessages.gradeKey }),
  )
  .max(20, { error: ticketTypeMessages.grades })
  .default([]);

/** A real calendar day (rejects 2026-02-30). */
function isRealDate(value: string): boolean {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  return date.getUTCFullYear() === y && date.getUTCMonth() + 1 === m && date.getUTCDate() === d;
}

/**
 * 조기예매's end, Asia/Seoul wall clock of this century: `YYYY-MM-DDTHH:mm` (a datetime-local
 * input) or with seconds; answered with seconds. The discount holds up to and including it. No
 * transform, so the OpenAPI document keeps the body's examples (zod drops them from a schema
 * that transforms its input).
 */
const earlyUntilSchema = z
  .string({ error: ticketTypeMessages.earlyUntilFormat })
  .regex(/^20\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, {
    error: ticketTypeMessages.earlyUntilFormat,
  })
  .refine(isRealDate, { error: ticketTypeMessages.earlyUntilFormat });

/** `POST` and `PUT` of a ticket type. `gradeKeys` empty: every grade of the concert. */
export const ticketTypeWriteSchema = z
  .object({
    kind: ticketTypeKindSchema,
    /** Defaults to the kind's label (ticketTypeKindLabels). */
    name: z
      .string()
      .trim()
      .max(ticketTypeLimits.nameMax, { error: ticketTypeMessages.nameTooLong })
      .nullable()
      .optional(),
    discountKind: discountKindSchema,
    discountValue: z.number({ error: ticketTypeMessages.amount }).int({
      error: ticketTypeMessages.amount,
    }),
    gradeKeys: gradeKeysSchema,
    quota: z
      .number({ error: ticketTypeMessages.quota })
      .int({ error: ticketTypeMessages.quota })
      .min(1, { error: ticketTypeMessages.quota })
      .max(ticketTypeLimits.quotaMax, { error: ticketTypeMessages.quota })
      .nullable()
      .default(null),
    proofRequired: z.boolean().default(false),
    companionAllowed: z.boolean().default(false),
    /** 조기예매 only: the discount ends at this Asia/Seoul wall-clock time. */
    earlyUntil: earlyUntilSchema.nullable().default(null),
  })
  .superRefine((value, ctx) => {
    const percent = value.discountKind === 'PERCENT';
    const bad = percent
      ? value.discountValue < 1 || value.discountValue > 100
      : value.discountValue < 1 || value.discountValue > 10_000_000;
    if (bad) {
      ctx.addIssue({
        code: 'custom',
        path: ['discountValue'],
        message: percent ? ticketTypeMessages.percent : ticketTypeMessages.amount,
      });
    }
    if (value.kind === 'EARLY_BIRD' && !value.earlyUntil) {
      ctx.addIssue({
        code: 'custom',
        path: ['earlyUntil'],
        message: ticketTypeMessages.earlyUntilRequired,
      });
    }
    if (value.kind !== 'EARLY_BIRD' && value.earlyUntil) {
      ctx.addIssue({
        code: 'custom',
        path: ['earlyUntil'],
        message: ticketTypeMessages.earlyUntilOnlyEarly,
      });
    }
    if (value.companionAllowed && !companionKinds.has(value.kind)) {
      ctx.addIssue({
        code: 'custom',
        path: ['companionAllowed'],
        message: ticketTypeMessages.companionOnly,
      });
    }
  });
export type TicketTypeWrite = z.input<typeof ticketTypeWriteSchema>;
/** The body as the server has it after parsing (defaults filled in). */
export type ParsedTicketTypeWrite = z.output<typeof ticketTypeWriteSchema>;

/** A ticket type as buyers see it (`GET /concerts/{id}/ticket-types`). */
export const ticketTypeSchema = z.object({
  id: z.number().int(),
  kind: ticketTypeKindSchema,
  name: z.string(),
  discountKind: discountKindSchema,
  discountValue: z.number().int(),
  gradeKeys: z.array(z.string()),
  /** Tickets of this type still for sale, or null without a quota. */
  remaining: z.number().int().nullable(),
  proofRequired: z.boolean(),
  companionAllowed: z.boolean(),
  earlyUntil: dateTimeSchema.nullable(),
});
export type TicketType = z.infer<typeof ticketTypeSchema>;

/** The seller's view adds the quota and what was sold. */
export const sellerTicketTypeSchema = ticketTypeSchema.extend({
  quota: z.number().int().nullable(),
  /** Tickets of this type in paid bookings and in unpaid ones that may still be paid. */
  used: z.number().int(),
});
export type SellerTicketType = z.infer<typeof sellerTicketTypeSchema>;

export const ticketTypeListSchema = z.object({
  /** The booking fee per seat today (a platform setting), so a panel can price before booking. */
  bookingFeePerSeat: z.number().int(),
  ticketTypes: z.array(ticketTypeSchema),
});

export const ticketTypeParamsSchema = concertIdParamsSchema.extend({
  typeId: z.coerce
    .number({ error: ticketTypeMessages.typeId })
    .int({ error: ticketTypeMessages.typeId })
    .min(1, { error: ticketTypeMessages.typeId })
    .max(2_147_483_647, { error: ticketTypeMessages.typeId }),
});
