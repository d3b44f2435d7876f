import { describe, expect, it } from 'vitest';
import {
  addMonths,
  dateAfterKey,
  formatDayLabel,
  formatShortDay,
  monthBounds,
  monthWeeks,
} from './performance-calendar';

describe('performance calendar arithmetic', () => {
  it('lays a month out in weeks from Sunday, other months blank', () => {
    const weeks = monthWeeks({ year: 2026, month: 12 });
    // 2026-12-01 is a Tuesday.
    expect(weeks[0]).toEqual([
      null,
      null,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    expect(weeks).toHaveLength(5);
    expect(weeks[4]).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      null,
      null,
    ]);
    // February 2026 starts on a Sunday and fills exactly four weeks.
    expect(monthWeeks({ year: 2026, month: 2 })).toHaveLength(4);
  });

  it('moves by day, week, week end and month, across month and year ends', () => {
    expect(dateAfterKey('2026-12-31', 'ArrowRight')).toBe('2027-01-01');
    expect(dateAfterKey('2026-12-01', 'ArrowLeft')).toBe('2026-11-30');
    expect(dateAfterKey('2026-12-20', 'ArrowDown')).toBe('2026-12-27');
    expect(dateAfterKey('2026-12-03', 'ArrowUp')).toBe('2026-11-26');
    // 2026-12-23 is a Wednesday: its week runs from Sunday the 20th to Saturday the 26th.
    expect(dateAfterKey('2026-12-23', 'Home')).toBe('2026-12-20');
    expect(dateAfterKey('2026-12-23', 'End')).toBe('2026-12-26');
    expect(dateAfterKey('2026-12-20', 'PageDown')).toBe('2027-01-20');
    expect(dateAfterKey('2026-12-20', 'PageUp', true)).toBe('2025-12-20');
    expect(dateAfterKey('2026-12-20', 'Enter')).toBeNull();
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
  });

  it('bounds the calendar to the months of the first and last performance', () => {
    expect(monthBounds('2026-12-20', '2027-02-03')).toEqual(['2026-12-01', '2027-02-28']);
  });

  it('names a day for screen readers and the times heading', () => {
    expect(formatDayLabel('2026-12-20', true)).toBe('2026년 12월 20일 공연 있음');
    expect(formatDayLabel('2026-12-19', false)).toBe('2026년 12월 19일 공연 없음');
    expect(formatShortDay('2026-12-20')).toBe('12월 20일 (일)');
  });
});
