/**
 * The 회차 calendar's arithmetic on 'YYYY-MM-DD' keys. Performance dates are Seoul wall-clock
 * dates as stored, so every step runs in UTC: the viewer's own zone never shifts a day.
 */

export interface CalendarMonth {
  year: number;
  /** 1-12 */
  month: number;
}

const pad = (value: number) => String(value).padStart(2, '0');
const weekdayNames = ['일', '월', '화', '수', '목', '금', '토'] as const;

/** Sunday first, as Korean calendars print them. */
export const calendarWeekdays = weekdayNames;

function toUtc(key: string): Date {
  const [year = 1970, month = 1, day = 1] = key.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

function fromUtc(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function dateKeyOf(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function monthOf(key: string): CalendarMonth {
  const date = toUtc(key);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

/** Months apart: positive when `b` is later. */
export function monthsBetween(a: CalendarMonth, b: CalendarMonth): number {
  return (b.year - a.year) * 12 + (b.month - a.month);
}

export function isInMonth(key: string, month: CalendarMonth): boolean {
  return monthsBetween(monthOf(key), month) === 0;
}

function daysInMonth({ year, month }: CalendarMonth): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function shiftMonth(month: CalendarMonth, by: number): CalendarMonth {
  const date = new Date(Date.UTC(month.year, month.month - 1 + by, 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

export function addDays(key: string, days: number): string {
  const date = toUtc(key);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtc(date);
}

/** The same day `by` months away, or that month's last day (01-31 + 1 month -> 02-28). */
export function addMonths(key: string, by: number): string {
  const target = shiftMonth(monthOf(key), by);
  const day = Math.min(toUtc(key).getUTCDate(), daysInMonth(target));
  return dateKeyOf(target.year, target.month, day);
}

/** 0 = Sunday. */
export function weekdayOf(key: string): number {
  return toUtc(key).getUTCDay();
}

/** The month as weeks of seven, Sunday first; days of other months are null. */
export function monthWeeks(month: CalendarMonth): (string | null)[][] {
  const first = dateKeyOf(month.year, month.month, 1);
  const lead = weekdayOf(first);
  const count = daysInMonth(month);
  const cells: (string | null)[] = [
    ...Array.from({ length: lead }, () => null),
    ...Array.from({ length: count }, (_, index) => dateKeyOf(month.year, month.month, index + 1)),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

export function clampDate(key: string, first: string, last: string): string {
  if (key < first) return first;
  if (key > last) return last;
  return key;
}

/** The first and last day of the months a calendar may show. */
export function monthBounds(firstDate: string, lastDate: string): [string, string] {
  const start = monthOf(firstDate);
  const end = monthOf(lastDate);
  return [dateKeyOf(start.year, start.month, 1), dateKeyOf(end.year, end.month, daysInMonth(end))];
}

/** '2026년 12월' */
export function formatMonthLabel({ year, month }: CalendarMonth): string {
  return `${year}년 ${month}월`;
}

/** '2026년 12월 20일 공연 있음' (a day's name in the calendar). */
export function formatDayLabel(key: string, hasPerformance: boolean): string {
  const date = toUtc(key);
  const name = `${date.getUTCFullYear()}년 ${date.getUTCMonth() + 1}월 ${date.getUTCDate()}일`;
  return `${name} ${hasPerformance ? '공연 있음' : '공연 없음'}`;
}

/** '12월 20일 (일)' (the heading over a day's times). */
export function formatShortDay(key: string): string {
  const date = toUtc(key);
  return `${date.getUTCMonth() + 1}월 ${date.getUTCDate()}일 (${weekdayNames[date.getUTCDay()] ?? ''})`;
}

/** The key the calendar's arrow keys, Home, End, PageUp and PageDown lead to, or null. */
export function dateAfterKey(key: string, pressed: string, shiftKey = false): string | null {
  switch (pressed) {
    case 'ArrowLeft':
      return addDays(key, -1);
    case 'ArrowRight':
      return addDays(key, 1);
    case 'ArrowUp':
      return addDays(key, -7);
    case 'ArrowDown':
      return addDays(key, 7);
    case 'Home':
      return addDays(key, -weekdayOf(key));
    case 'End':
      return addDays(key, 6 - weekdayOf(key));
    case 'PageUp':
      return addMonths(key, shiftKey ? -12 : -1);
    case 'PageDown':
      return addMonths(key, shiftKey ? 12 : 1);
    default:
      return null;
  }
}
