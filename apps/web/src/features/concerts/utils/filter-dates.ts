import { concertMessages } from '@curtaincall/contracts';

/** The filter-date texts of buyer-side.md §5 "Filter dates". */
export const filterDateMessages = {
  endBeforeStart: concertMessages.filterRange,
  pastRange: '지난 기간은 검색할 수 없습니다. 오늘 이후의 날짜를 선택해주세요.',
  startInPast: '시작일이 이미 지났습니다. 오늘 또는 이후의 날짜를 선택해주세요.',
  endInPast: '종료일이 이미 지났습니다. 오늘 또는 이후의 날짜를 선택해주세요.',
  pastWarning: '오늘 이전의 날짜를 선택했습니다. 이미 지난 공연이 검색됩니다.',
  tooLong: concertMessages.filterTooLong,
} as const;

export interface FilterDates {
  startDate: string;
  endDate: string;
}

export interface FilterDateCheck {
  /** Shown while picking; does not block by itself. */
  warning: string | null;
  /** Shown at once: the range itself is impossible. */
  rangeError: string | null;
  /** What blocks applying, checked when the user applies. */
  applyError: string | null;
}

/** Longest range the server accepts (api-contract.md §3): one year. */
const maxRangeDays = 366;

function daysBetween(start: string, end: string): number {
  return (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000;
}

/**
 * The rules of the filter panel, against today's Seoul date ('YYYY-MM-DD'; dates compare as text):
 * - end before start is an error straight away;
 * - picking a past date warns that past concerts will be searched;
 * - applying with a past start and/or end is blocked (past range / start past / end past).
 */
export function checkFilterDates(
  { startDate, endDate }: FilterDates,
  today: string,
): FilterDateCheck {
  const isStartPast = startDate !== '' && startDate < today;
  const isEndPast = endDate !== '' && endDate < today;
  const warning = isStartPast || isEndPast ? filterDateMessages.pastWarning : null;

  let rangeError: string | null = null;
  if (startDate && endDate) {
    if (endDate < startDate) rangeError = filterDateMessages.endBeforeStart;
    else if (daysBetween(startDate, endDate) > maxRangeDays)
      rangeError = filterDateMessages.tooLong;
  }

  let applyError = rangeError;
  if (!applyError) {
    if (isStartPast && isEndPast) {
      applyError = filterDateMessages.pastRange;
    } else if (isStartPast) {
      applyError = filterDateMessages.startInPast;
    } else if (isEndPast) {
      applyError = filterDateMessages.endInPast;
    }
  }
  return { warning, rangeError, applyError };
}
