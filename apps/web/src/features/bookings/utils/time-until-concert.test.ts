import { describe, expect, it } from 'vitest';
import { concertStartInstant, formatTimeUntilConcert } from './time-until-concert';

// The concert starts 2025-10-04 19:00 in Seoul = 10:00 UTC.
const start = Date.parse('2025-10-04T10:00:00Z');
const before = (ms: number) => new Date(start - ms);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const phrase = (now: Date) => formatTimeUntilConcert('2025-10-04', '19:00:00', now);

describe('concertStartInstant', () => {
  it('reads the wall-clock values as Seoul time, with or without seconds', () => {
    expect(concertStartInstant('2025-10-04', '19:00:00')?.toISOString()).toBe(
      '2025-10-04T10:00:00.000Z',
    );
    expect(concertStartInstant('2025-10-04', '19:00')?.toISOString()).toBe(
      '2025-10-04T10:00:00.000Z',
    );
  });

  it.each([
    ['', '19:00:00'],
    ['2025-13-40', '19:00:00'],
    ['2025-10-04', ''],
    ['2025-10-04', '7pm'],
  ])('gives null for %j %j', (date, time) => {
    expect(concertStartInstant(date, time)).toBeNull();
  });
});

describe('formatTimeUntilConcert', () => {
  it.each([
    ['3 days 4 hours before', before(3 * DAY + 4 * HOUR + 59 * MINUTE), '3일 4시간 남음'],
    ['exactly one day before', before(DAY), '1일 0시간 남음'],
    ['one day minus a second', before(DAY - SECOND), '23시간 59분 남음'],
    ['exactly one hour before', before(HOUR), '1시간 0분 남음'],
    ['one hour minus a second', before(HOUR - SECOND), '59분 남음'],
    ['exactly one minute before', before(MINUTE), '1분 남음'],
    ['one minute minus a second', before(MINUTE - SECOND), '곧 시작'],
    ['one millisecond before', before(1), '곧 시작'],
    ['at the start', before(0), '공연 종료'],
    ['after the start', before(-2 * HOUR), '공연 종료'],
  ])('%s: %s', (_label, now, expected) => {
    expect(phrase(now)).toBe(expected);
  });

  it('gives null for an unusable date', () => {
    expect(formatTimeUntilConcert('날짜', '19:00:00', new Date(start))).toBeNull();
  });
});
