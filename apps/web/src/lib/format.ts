export const dateUnknownText = '날짜 미정';
export const dateInvalidText = '날짜 형식 오류';

/** Keeps '2025.10.04 (토)' and '오후 7:00' whole when a narrow card wraps the line. */
const NBSP = '\u00a0';

/**
 * Hand-written rather than date-fns: these few fixed patterns are on every first page, where
 * date-fns' parse and locale cost about 12 KB of gzip JavaScript and their start-up time.
 */
interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const weekdays = ['일', '월', '화', '수', '목', '금', '토'];
const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM-DD' as a real calendar day (no 02-30), else null. */
function parseDay(date: string): CalendarDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (
    utc.getUTCFullYear() !== year ||
    utc.getUTCMonth() !== month - 1 ||
    utc.getUTCDate() !== day
  ) {
    return null;
  }
  return { year, month, day };
}

function dayText({ year, month, day }: CalendarDay): string {
  return `${year}.${pad(month)}.${pad(day)}`;
}

function weekdayOf({ year, month, day }: CalendarDay): string {
  return weekdays[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? '';
}

/**
 * The concert's date and start time as Seoul wall-clock text: '2025.10.04 (토) 오후 7:00'.
 * Wire values have no zone (api-contract.md §1.5) and are shown as they are, never converted.
 */
export function formatConcertSchedule(
  date: string | null | undefined,
  time?: string | null,
): string {
  if (!date) return dateUnknownText;
  const day = parseDay(date);
  if (!day) return dateInvalidText;
  const dateText = `${dayText(day)}${NBSP}(${weekdayOf(day)})`;
  const clock = time ? formatClock(time) : null;
  return clock ? `${dateText} ${clock}` : dateText;
}

/**
 * 60000 -> '60,000' (counts and won are whole numbers). Not Intl.NumberFormat: its first use
 * loads the locale's data, a long task on a slow phone's first page.
 */
export function formatNumber(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** '2025-10-04' -> '2025.10.04 (토)'; '날짜 미정' / '날짜 형식 오류' as for the schedule. */
export function formatConcertDate(date: string | null | undefined): string {
  return formatConcertSchedule(date, null);
}

/** '19:00:00' -> '오후 7:00'; null for a missing or broken time. */
export function formatClock(time: string | null | undefined): string | null {
  if (!time) return null;
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.slice(0, 5));
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return null;
  return `${hours < 12 ? '오전' : '오후'}${NBSP}${hours % 12 || 12}:${pad(minutes)}`;
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
  return day ? dayText(day) : dateInvalidText;
}

/** 150000 -> '150,000원' */
export function formatPrice(won: number): string {
  return `${formatNumber(won)}원`;
}
