import { limits } from '@curtaincall/contracts';
import { formatDateTime } from '@/lib/format';

export const bookingPeriodUnknownText = '예매 기간 미정';
export const allAgesText = '전 연령 관람가';

/** 0 (or nothing) -> '전 연령 관람가'; 12 -> '12세 이상'. */
export function formatAgeLimit(minAge: number | null | undefined): string {
  return minAge && minAge > 0 ? `${minAge}세 이상` : allAgesText;
}

/** '2025.09.20 (토) 오전 10:00 ~ 2025.10.03 (금) 오후 11:59', or '예매 기간 미정'. */
export function formatBookingPeriod(
  start: string | null | undefined,
  end: string | null | undefined,
): string {
  if (!start && !end) return bookingPeriodUnknownText;
  const from = start ? formatDateTime(start) : '';
  const to = end ? formatDateTime(end) : '';
  return `${from} ~ ${to}`.trim();
}

/** The per-user ticket limit, 4 when the concert does not say (buyer-side.md §9). */
export function formatMaxTickets(max: number | null | undefined): string {
  return `1인 최대 ${max && max > 0 ? max : limits.maxTicketsPerUserDefault}매`;
}
