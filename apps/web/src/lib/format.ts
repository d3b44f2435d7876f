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
