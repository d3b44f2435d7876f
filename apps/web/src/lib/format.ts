import { format, isValid, parse } from 'date-fns';
import { ko } from 'date-fns/locale';

export const dateUnknownText = '날짜 미정';
export const dateInvalidText = '날짜 형식 오류';

/** Keeps '2025.10.04 (토)' and '오후 7:00' whole when a narrow card wraps the line. */
const NBSP = '\u00a0';

/**
 * The concert's date and start time as Seoul wall-clock text: '2025.10.04 (토) 오후 7:00'.
 * Wire values have no zone (api-contract.md §1.5) and are shown as they are, never converted.
 */
export function formatConcertSchedule(
  date: string | null | undefined,
  time?: string | null,
): string {
  if (!date) return dateUnknownText;
  const day = parse(date, 'yyyy-MM-dd', new Date(0));
  if (!isValid(day)) return dateInvalidText;
  const dayText = format(day, `yyyy.MM.dd'${NBSP}'(EEE)`, { locale: ko });
  if (!time) return dayText;
  const clock = parse(time.slice(0, 5), 'HH:mm', day);
  if (!isValid(clock)) return dayText;
  return `${dayText} ${format(clock, `a'${NBSP}'h:mm`, { locale: ko })}`;
}

/** 60000 -> '60,000' */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat('ko-KR').format(value);
}

function parseDay(date: string): Date | null {
  const day = parse(date, 'yyyy-MM-dd', new Date(0));
  return isValid(day) ? day : null;
}

/** '2025-10-04' -> '2025.10.04 (토)'; '날짜 미정' / '날짜 형식 오류' as for the schedule. */
export function formatConcertDate(date: string | null | undefined): string {
  return formatConcertSchedule(date, null);
}

/** '19:00:00' -> '오후 7:00'; null for a missing or broken time. */
export function formatClock(time: string | null | undefined): string | null {
  if (!time) return null;
  const clock = parse(time.slice(0, 5), 'HH:mm', new Date(0));
  if (!isValid(clock)) return null;
  return format(clock, `a'${NBSP}'h:mm`, { locale: ko });
}

/** '19:00:00', '21:30:00' -> '오후 7:00 ~ 오후 9:30' (the end is left out when unknown). */
export function formatTimeRange(
  start: string | null | undefined,
  end: string | null | undefined,
): string {
  const from = formatClock(start);
  const to = formatClock(end);
  if (!from) return '시간 미정';
  return to ? `${from} ~ ${to}` : from;
}

/** '2025-09-20T10:00:00' -> '2025.09.20 (토) 오전 10:00', as Seoul wall-clock text. */
export function formatDateTime(dateTime: string | null | undefined): string {
  if (!dateTime) return dateUnknownText;
  const [date = '', time = ''] = dateTime.split('T');
  if (!parseDay(date)) return dateInvalidText;
  return formatConcertSchedule(date, time || null);
}

/** '2025-09-01T12:00:00' -> '2025.09.01', the date of a review or expectation. */
export function formatShortDate(dateTime: string | null | undefined): string {
  if (!dateTime) return dateUnknownText;
  const day = parseDay(dateTime.slice(0, 10));
  return day ? format(day, 'yyyy.MM.dd') : dateInvalidText;
}

/** 150000 -> '150,000원' */
export function formatPrice(won: number): string {
  return `${formatNumber(won)}원`;
}
