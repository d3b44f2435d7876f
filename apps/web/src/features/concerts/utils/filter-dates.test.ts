import { describe, expect, it } from 'vitest';
import { checkFilterDates, filterDateMessages } from './filter-dates';

const today = '2025-10-10';
const check = (startDate: string, endDate: string) =>
  checkFilterDates({ startDate, endDate }, today);

describe('checkFilterDates', () => {
  it('accepts today and later dates, either end alone or both', () => {
    for (const [start, end] of [
      ['2025-10-10', ''],
      ['', '2025-10-10'],
      ['2025-10-10', '2025-10-31'],
      ['2025-10-20', '2025-10-20'],
    ] as const) {
      expect(check(start, end)).toEqual({ warning: null, rangeError: null, applyError: null });
    }
  });

  it('refuses an end before the start at once, with the spec text', () => {
    const result = check('2025-11-20', '2025-11-01');
    expect(result.rangeError).toBe(
      '시작일과 종료일을 다시 확인해주세요. 종료일이 시작일보다 앞설 수 없습니다.',
    );
    expect(result.applyError).toBe(result.rangeError);
  });

  it('warns when a past date is picked and blocks applying it', () => {
    const startPast = check('2025-10-01', '2025-10-20');
    expect(startPast.warning).toBe(filterDateMessages.pastWarning);
    expect(startPast.rangeError).toBeNull();
    expect(startPast.applyError).toBe(filterDateMessages.startInPast);

    expect(check('2025-10-09', '').applyError).toBe(filterDateMessages.startInPast);
    expect(check('', '2025-10-01').applyError).toBe(filterDateMessages.endInPast);
    expect(check('2025-09-01', '2025-09-30').applyError).toBe(filterDateMessages.pastRange);
    expect(check('2025-09-01', '2025-09-30').warning).toBe(filterDateMessages.pastWarning);
  });

  it('names the range error before the past-date block', () => {
    expect(check('2025-09-30', '2025-09-01').applyError).toBe(filterDateMessages.endBeforeStart);
  });

  it('refuses a range longer than a year, as the server does', () => {
    expect(check('2025-10-10', '2026-10-10').rangeError).toBeNull();
    expect(check('2025-10-10', '2026-10-12').rangeError).toBe(filterDateMessages.tooLong);
  });
});
