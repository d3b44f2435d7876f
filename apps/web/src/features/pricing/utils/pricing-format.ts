import type { ConcertGradeAvailability, DiscountKind } from '@curtaincall/contracts';
import { formatDateTime, formatNumber, formatPrice } from '@/lib/format';
import { pricingTexts } from './pricing-texts';

/** '50%' or '5,000원', as the seller set the discount. */
export function formatDiscount(kind: DiscountKind, value: number): string {
  return kind === 'PERCENT' ? `${value}%` : formatPrice(value);
}

/**
 * The grades a type or code applies to, by their names in the concert's order: '전체 등급' when
 * none is chosen; a key the concert no longer has is shown as it is stored.
 */
export function formatGrades(
  gradeKeys: readonly string[],
  grades: readonly ConcertGradeAvailability[],
): string {
  if (gradeKeys.length === 0) return pricingTexts.allGrades;
  const known = grades.filter((grade) => gradeKeys.includes(grade.code)).map((g) => g.name);
  const unknown = gradeKeys.filter((key) => !grades.some((grade) => grade.code === key));
  return [...known, ...unknown].join(', ');
}

/** '판매 12 / 50', or '판매 12 / 제한 없음' without a quota. */
export function formatQuotaUse(used: number, quota: number | null): string {
  return pricingTexts.types.sold(used, quota === null ? pricingTexts.noLimit : formatNumber(quota));
}

/** A code's validity: '2026.11.01 (일) 오전 10:00 ~ 기한 없음'. */
export function formatWindow(validFrom: string | null, validUntil: string | null): string {
  const from = validFrom ? formatDateTime(validFrom) : pricingTexts.codes.windowFrom;
  const until = validUntil ? formatDateTime(validUntil) : pricingTexts.codes.windowUntil;
  return `${from} ~ ${until}`;
}

/** 'YYYY-MM-DDTHH:mm:ss' (the wire) -> 'YYYY-MM-DDTHH:mm' (a datetime-local input). */
export function toDateTimeInput(value: string | null): string {
  return value ? value.slice(0, 16) : '';
}

/** A datetime-local input's value -> the wire's 'YYYY-MM-DDTHH:mm:ss', or null when empty. */
export function fromDateTimeInput(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  return trimmed.length === 16 ? `${trimmed}:00` : trimmed;
}
