/**
 * Date arithmetic of the 회차 calendar on 'YYYY-MM-DD' text. Days are counted in UTC so a
 * browser's own zone or a daylight-saving change never shifts a Seoul date.
 */

const pad = (value: number) => String(value).padStart(2, '0');

function toUtc(date: string): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

function fromUtc(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function addDays(date: string, days: number): string {
  const next = toUtc(date);
  next.setUTCDate(next.getUTCDate() + days);
  return fromUtc(next);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The same day `months` later, on the month's last day when it has fewer (01-31 -> 02-28). */
export function addMonths(date: string, months: number): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const nextYear = Math.floor(index / 12);
  const nextMonth = (index % 12) + 1;
  return `${nextYear}-${pad(nextMonth)}-${pad(Math.min(day, daysInMonth(nextYear, nextMonth)))}`;
}

/** 'YYYY-MM' of a date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** 0 for Sunday … 6 for Saturday. */
export function weekdayIndex(date: string): number {
  return toUtc(date).getUTCDay();
}

export const weekdayShortNames = ['일', '월', '화', '수', '목', '금', '토'] as const;
export const weekdayLongNames = [
  '일요일',
  '월요일',
  '화요일',
  '수요일',
  '목요일',
  '금요일',
  '토요일',
] as const;

/**
 * The weeks of a month ('YYYY-MM') as rows of seven, Sunday first; days of the neighbouring
 * months are null.
 */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const [year = 1970, monthNumber = 1] = month.split('-').map(Number);
  const first = `${month}-01`;
  const cells: Array<string | null> = Array.from({ length: weekdayIndex(first) }, () => null);
  for (let day = 1; day <= daysInMonth(year, monthNumber); day += 1) {
    cells.push(`${month}-${pad(day)}`);
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** '2026-12' -> '2026년 12월'. */
export function formatMonthTitle(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return `${year}년 ${monthNumber}월`;
}

/** '2026-12-20' -> '2026년 12월 20일 일요일' (a day cell's name for screen readers). */
export function formatDayName(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${year}년 ${month}월 ${day}일 ${weekdayLongNames[weekdayIndex(date)]}`;
}

/** '2026-12-20' -> '2026.12.20(일)' (a chosen date's heading). */
export function formatShortDay(date: string): string {
  return `${date.replace(/-/g, '.')}(${weekdayShortNames[weekdayIndex(date)]})`;
}
