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

/**
 * Both ticket rules, as the seat page states them: seats one hold (and so one booking) may take,
 * and tickets per person for the concert (4 when the concert does not say, buyer-side.md §9).
 * '1회 최대 2매 선택 · 1인 최대 4매 예매'; a limit under 2 caps the first as well.
 */
export function formatMaxTickets(max: number | null | undefined): string {
  const perPerson = max && max > 0 ? max : limits.maxTicketsPerUserDefault;
  return `1회 최대 ${Math.min(limits.maxHeldSeats, perPerson)}매 선택 · 1인 최대 ${perPerson}매 예매`;
}

/** Minutes of a wall-clock time 'HH:mm' or 'HH:mm:ss', or null. */
function minutesOf(time: string | null | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2})/.exec(time ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * The running time from the start and end times, as Korean sites print it: '150분'. A show that
 * ends after midnight counts on into the next day; unknown times say '미정'.
 */
export function formatRunningTime(
  start: string | null | undefined,
  end: string | null | undefined,
): string {
  const from = minutesOf(start);
  const to = minutesOf(end);
  if (from === null || to === null || from === to) return '미정';
  return `${to > from ? to - from : to + 24 * 60 - from}분`;
}
