import { z } from 'zod';
import { dateTimeSchema } from './common';
import { concertIdParamsSchema } from './concerts';
import { discountKindSchema } from './ticket-types';

/**
 * Promo codes (issue 27): a seller's codes per concert. Seller: `GET/POST
 * /seller/concerts/{id}/promo-codes`, `PUT/DELETE /seller/concerts/{id}/promo-codes/{codeId}`.
 * Buyers: `POST /concerts/{id}/promo-codes/check` {code} (rate limited) and `promoCode` on
 * `POST /bookings`. Codes are case-insensitive (stored upper case). A use is taken when the
 * booking is made (the last of 100 uses goes to exactly one buyer, across instances), given back
 * when the booking ends unpaid or is cancelled whole, and kept by a partial cancel.
 */
export const promoMessages = {
  created: '할인 코드가 추가되었습니다.',
  updated: '할인 코드가 수정되었습니다.',
  deleted: '할인 코드가 삭제되었습니다.',
  notFound: '할인 코드를 찾을 수 없습니다.',
  code: '할인 코드는 영문과 숫자, - 로 4~20자로 입력해주세요.',
  duplicate: '이 공연에 같은 할인 코드가 이미 있습니다.',
  percent: '할인율은 1~100% 사이의 정수로 입력해주세요.',
  amount: '할인 금액은 1~10,000,000원 사이의 정수로 입력해주세요.',
  totalUses: '총 사용 횟수는 1~1,000,000회 사이의 정수로 입력해주세요.',
  window: '사용 종료 일시는 시작 일시보다 뒤여야 합니다.',
  dateTime: '일시는 2026-05-01T10:00 형식의 실제 날짜와 시각으로 입력해주세요.',
  grades: '적용 등급은 20개까지 선택할 수 있습니다.',
  unknownGrade: '이 공연에 없는 등급입니다.',
  totalUsesBelowUsed: (used: number) =>
    `이미 ${used.toLocaleString('ko-KR')}회 사용되어 총 사용 횟수를 그보다 적게 줄일 수 없습니다.`,
  concertClosed: '취소되었거나 종료된 공연의 할인 코드는 바꿀 수 없습니다.',
  tooMany: '할인 코드는 공연당 100개까지 만들 수 있습니다.',
  codeId: '할인 코드 ID는 1 이상의 양수여야 합니다.',
  // For buyers. One text for "no such code" and "not valid now", so a guess learns nothing more.
  invalid: '사용할 수 없는 할인 코드입니다.',
  exhausted: '할인 코드의 사용 가능 횟수가 모두 소진되었습니다.',
  usedByYou: '이미 사용한 할인 코드입니다. (계정당 1회)',
  noEligibleSeat: '선택한 좌석의 등급에는 이 할인 코드를 사용할 수 없습니다.',
  tooManyTries: '할인 코드 입력 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.',
  applied: '할인 코드가 적용되었습니다.',
} as const;

export const promoLimits = {
  perConcert: 100,
  totalUsesMax: 1_000_000,
  /** Wrong codes a buyer may try per window before 429 (enumeration is the threat). */
  failedTriesPerWindow: 10,
  /**
   * Wrong codes per client IP (all accounts) per window: several times the account's, as for
   * failed logins, because many Korean phones share one carrier NAT address.
   */
  failedTriesPerIpPerWindow: 40,
  failedTriesWindowSeconds: 600,
} as const;

/**
 * Upper-cased by `overwrite`, not `transform`: the type stays a string, so the body schemas that
 * hold a code keep their OpenAPI examples (zod drops examples from a schema with a transform).
 */
export const promoCodeTextSchema = z
  .string({ error: promoMessages.code })
  .trim()
  .regex(/^[A-Za-z0-9-]{4,20}$/, { error: promoMessages.code })
  .overwrite((code) => code.toUpperCase());

/** A real calendar day (rejects 2026-02-30). */
function isRealDate(value: string): boolean {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  return date.getUTCFullYear() === y && date.getUTCMonth() + 1 === m && date.getUTCDate() === d;
}

/**
 * Asia/Seoul wall clock of this century, `YYYY-MM-DDTHH:mm` (a datetime-local input) or with
 * seconds; answered with seconds, as every date-time of the API is.
 */
const wallClockSchema = z
  .string({ error: promoMessages.dateTime })
  .regex(/^20\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, {
    error: promoMessages.dateTime,
  })
  .refine(isRealDate, { error: promoMessages.dateTime })
  .overwrite((value) => (value.length === 16 ? `${value}:00` : value));

/** `POST` and `PUT` of a promo code. `gradeKeys` empty: every grade. */
export const promoCodeWriteSchema = z
  .object({
    code: promoCodeTextSchema,
    discountKind: discountKindSchema,
    discountValue: z.number({ error: promoMessages.amount }).int({ error: promoMessages.amount }),
    /** Grade keys (a layout grade's code, a quick-plan grade's name). */
    gradeKeys: z
      .array(z.string().trim().min(1).max(50))
      .max(20, { error: promoMessages.grades })
      .default([]),
    /** Asia/Seoul wall clock; null = from now / without end. Valid from <= now <= until. */
    validFrom: wallClockSchema.nullable().default(null),
    validUntil: wallClockSchema.nullable().default(null),
    totalUses: z
      .number({ error: promoMessages.totalUses })
      .int({ error: promoMessages.totalUses })
      .min(1, { error: promoMessages.totalUses })
      .max(promoLimits.totalUsesMax, { error: promoMessages.totalUses }),
    oncePerAccount: z.boolean().default(true),
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
        message: percent ? promoMessages.percent : promoMessages.amount,
      });
    }
    if (value.validFrom && value.validUntil && value.validUntil <= value.validFrom) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: promoMessages.window });
    }
  });
export type PromoCodeWrite = z.input<typeof promoCodeWriteSchema>;

/** A code in the seller's list. */
export const sellerPromoCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  discountKind: discountKindSchema,
  discountValue: z.number().int(),
  gradeKeys: z.array(z.string()),
  validFrom: dateTimeSchema.nullable(),
  validUntil: dateTimeSchema.nullable(),
  totalUses: z.number().int(),
  /** Uses taken by bookings paid or still payable. */
  used: z.number().int(),
  oncePerAccount: z.boolean(),
});
export type SellerPromoCode = z.infer<typeof sellerPromoCodeSchema>;

/** `POST /concerts/{id}/promo-codes/check`: the code's terms, to price the panel with. */
export const promoCheckBodySchema = z.object({ code: promoCodeTextSchema });
export const promoCheckSchema = z.object({
  code: z.string(),
  discountKind: discountKindSchema,
  discountValue: z.number().int(),
  gradeKeys: z.array(z.string()),
});
export type PromoCheck = z.infer<typeof promoCheckSchema>;

export const promoCodeParamsSchema = concertIdParamsSchema.extend({
  codeId: z.coerce
    .number({ error: promoMessages.codeId })
    .int({ error: promoMessages.codeId })
    .min(1, { error: promoMessages.codeId })
    .max(2_147_483_647, { error: promoMessages.codeId }),
});
