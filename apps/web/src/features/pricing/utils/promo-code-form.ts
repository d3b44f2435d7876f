import {
  promoCodeWriteSchema,
  type DiscountKind,
  type SellerPromoCode,
} from '@curtaincall/contracts';
import type { z } from 'zod';
import { issuesAsFieldErrors, problemsByField, type FormProblems } from './form-problems';
import { numberFrom } from './form-values';
import { fromDateTimeInput, toDateTimeInput } from './pricing-format';

/** The fields of the 할인 코드 form, in the order they appear. */
export const promoCodeFields = [
  'code',
  'discountKind',
  'discountValue',
  'gradeKeys',
  'validFrom',
  'validUntil',
  'totalUses',
  'oncePerAccount',
] as const;
export type PromoCodeField = (typeof promoCodeFields)[number];

/** The 할인 코드 form as its inputs hold it. */
export interface PromoCodeDraft {
  code: string;
  discountKind: DiscountKind;
  discountValue: string;
  gradeKeys: string[];
  /** datetime-local values, '' for none. */
  validFrom: string;
  validUntil: string;
  totalUses: string;
  oncePerAccount: boolean;
}

export function emptyPromoCodeDraft(): PromoCodeDraft {
  return {
    code: '',
    discountKind: 'PERCENT',
    discountValue: '',
    gradeKeys: [],
    validFrom: '',
    validUntil: '',
    totalUses: '',
    oncePerAccount: true,
  };
}

export function draftFromPromoCode(code: SellerPromoCode): PromoCodeDraft {
  return {
    code: code.code,
    discountKind: code.discountKind,
    discountValue: String(code.discountValue),
    gradeKeys: [...code.gradeKeys],
    validFrom: toDateTimeInput(code.validFrom),
    validUntil: toDateTimeInput(code.validUntil),
    totalUses: String(code.totalUses),
    oncePerAccount: code.oncePerAccount,
  };
}

export function isSamePromoCodeDraft(a: PromoCodeDraft, b: PromoCodeDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The body as sent: the schema's output (the code upper case, times with seconds). */
export type PromoCodeBody = z.output<typeof promoCodeWriteSchema>;

export interface PromoCodeCheck {
  body: PromoCodeBody | null;
  problems: FormProblems<PromoCodeField>;
}

/** The draft checked by the contract's `promoCodeWriteSchema`, the server's route schema. */
export function checkPromoCodeDraft(draft: PromoCodeDraft): PromoCodeCheck {
  const parsed = promoCodeWriteSchema.safeParse({
    code: draft.code,
    discountKind: draft.discountKind,
    discountValue: numberFrom(draft.discountValue, 0),
    gradeKeys: draft.gradeKeys,
    validFrom: fromDateTimeInput(draft.validFrom),
    validUntil: fromDateTimeInput(draft.validUntil),
    totalUses: numberFrom(draft.totalUses, undefined),
    oncePerAccount: draft.oncePerAccount,
  });
  if (parsed.success) {
    return { body: parsed.data, problems: problemsByField([], promoCodeFields) };
  }
  return {
    body: null,
    problems: problemsByField(issuesAsFieldErrors(parsed.error.issues), promoCodeFields),
  };
}
