import { describe, expect, it } from 'vitest';
import { formatConcertSchedule, formatNumber } from './format';

/** Non-breaking spaces shown as plain ones, for readable expectations. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('formatConcertSchedule', () => {
  it('shows the date with its weekday and the start time in Korean', () => {
    expect(plain(formatConcertSchedule('2025-10-04', '19:00:00'))).toBe(
      '2025.10.04 (토) 오후 7:00',
    );
    expect(plain(formatConcertSchedule('2025-12-28', '09:30:00'))).toBe(
      '2025.12.28 (일) 오전 9:30',
    );
    expect(plain(formatConcertSchedule('2025-10-04', '19:00'))).toBe('2025.10.04 (토) 오후 7:00');
  });

  it('keeps the date and the time each on one line', () => {
    expect(formatConcertSchedule('2025-10-04', '19:00:00')).toBe(
      '2025.10.04\u00a0(토) 오후\u00a07:00',
    );
  });

  it('says 날짜 미정 without a date and 날짜 형식 오류 for a broken one', () => {
    expect(formatConcertSchedule(null, '19:00:00')).toBe('날짜 미정');
    expect(formatConcertSchedule('', null)).toBe('날짜 미정');
    expect(formatConcertSchedule('2025-13-45', '19:00:00')).toBe('날짜 형식 오류');
  });

  it('shows the date alone when the time is missing or broken', () => {
    expect(plain(formatConcertSchedule('2025-10-04'))).toBe('2025.10.04 (토)');
    expect(plain(formatConcertSchedule('2025-10-04', 'later'))).toBe('2025.10.04 (토)');
  });
});

describe('formatNumber', () => {
  it('groups thousands', () => {
    expect(formatNumber(15000)).toBe('15,000');
  });
});
