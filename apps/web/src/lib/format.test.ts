import { describe, expect, it } from 'vitest';
import {
  formatConcertDate,
  formatConcertSchedule,
  formatDateTime,
  formatNumber,
  formatPrice,
  formatShortDate,
  formatTimeRange,
} from './format';
import { isIsoDate, todayInSeoul } from './dates';

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

  it('writes midnight and noon as a Korean 12-hour clock does', () => {
    expect(plain(formatTimeRange('00:05:00', '12:00:00'))).toBe('오전 12:05 ~ 오후 12:00');
    expect(plain(formatTimeRange('23:59:00', '24:00:00'))).toBe('오후 11:59');
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

describe('detail-page formats', () => {
  it('formats prices in won', () => {
    expect(formatPrice(150000)).toBe('150,000원');
    expect(formatPrice(0)).toBe('0원');
  });

  it('formats dates, date-times and time ranges', () => {
    expect(plain(formatConcertDate('2025-10-04'))).toBe('2025.10.04 (토)');
    expect(plain(formatDateTime('2025-09-20T10:00:00'))).toBe('2025.09.20 (토) 오전 10:00');
    expect(formatDateTime(null)).toBe('날짜 미정');
    expect(formatDateTime('2025-02-30T10:00:00')).toBe('날짜 형식 오류');
    expect(plain(formatTimeRange('19:00:00', '21:30:00'))).toBe('오후 7:00 ~ 오후 9:30');
    expect(plain(formatTimeRange('19:00:00', null))).toBe('오후 7:00');
    expect(formatShortDate('2025-10-05T22:10:00')).toBe('2025.10.05');
  });
});

describe('Seoul dates', () => {
  it('gives the Seoul date even when it is still yesterday in UTC', () => {
    expect(todayInSeoul(new Date('2025-10-09T15:30:00Z'))).toBe('2025-10-10');
    expect(todayInSeoul(new Date('2025-10-09T14:59:00Z'))).toBe('2025-10-09');
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2025-02-28')).toBe(true);
    expect(isIsoDate('2025-02-30')).toBe(false);
    expect(isIsoDate('2025-2-3')).toBe(false);
  });
});
