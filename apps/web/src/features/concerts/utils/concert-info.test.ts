import { describe, expect, it } from 'vitest';
import { parseConcertId } from './concert-id';
import {
  formatAgeLimit,
  formatBookingPeriod,
  formatMaxTickets,
  formatRunningTime,
} from './concert-info';
import { filterByDateRange, paginate, sortConcerts } from './catalog';
import { makeConcert } from '@/test/fixtures';

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('concert information texts', () => {
  it("shows the age limit as 'N세 이상' or 전 연령 관람가", () => {
    expect(formatAgeLimit(0)).toBe('전 연령 관람가');
    expect(formatAgeLimit(null)).toBe('전 연령 관람가');
    expect(formatAgeLimit(7)).toBe('7세 이상');
    expect(formatAgeLimit(19)).toBe('19세 이상');
  });

  it('states the per-hold and the per-person limit together, the latter 4 by default', () => {
    expect(formatMaxTickets(2)).toBe('1회 최대 2매 선택 · 1인 최대 2매 예매');
    expect(formatMaxTickets(6)).toBe('1회 최대 2매 선택 · 1인 최대 6매 예매');
    expect(formatMaxTickets(1)).toBe('1회 최대 1매 선택 · 1인 최대 1매 예매');
    expect(formatMaxTickets(0)).toBe('1회 최대 2매 선택 · 1인 최대 4매 예매');
    expect(formatMaxTickets(undefined)).toBe('1회 최대 2매 선택 · 1인 최대 4매 예매');
  });

  it('shows the booking period, or 예매 기간 미정', () => {
    expect(plain(formatBookingPeriod('2025-09-20T10:00:00', '2025-10-03T23:59:00'))).toBe(
      '2025.09.20 (토) 오전 10:00 ~ 2025.10.03 (금) 오후 11:59',
    );
    expect(formatBookingPeriod(null, null)).toBe('예매 기간 미정');
    expect(formatBookingPeriod('oops', null)).toBe('날짜 형식 오류 ~');
  });
});

describe('parseConcertId', () => {
  it('accepts positive whole numbers only', () => {
    expect(parseConcertId('12')).toEqual({ ok: true, concertId: 12 });
    for (const raw of ['0', '-1', 'abc', '1.5', '1e3', ' 7', '99999999999']) {
      expect(parseConcertId(raw)).toEqual({ ok: false, message: '잘못된 콘서트 ID 입니다.' });
    }
    expect(parseConcertId(undefined)).toEqual({
      ok: false,
      message: '유효한 콘서트 ID가 필요합니다.',
    });
  });
});

describe('client-side catalog helpers', () => {
  const concerts = [
    makeConcert({
      concertId: 1,
      title: '다',
      artist: '가',
      concertDate: '2025-11-02',
      startTime: '19:00:00',
    }),
    makeConcert({
      concertId: 2,
      title: '가',
      artist: '나',
      concertDate: '2025-11-02',
      startTime: '14:00:00',
    }),
    makeConcert({ concertId: 3, title: '나', artist: '가', concertDate: '2025-10-30' }),
  ];

  it('sorts by date and time, title or artist, in either direction', () => {
    expect(sortConcerts(concerts, 'concertDate', 'asc').map((c) => c.concertId)).toEqual([3, 2, 1]);
    expect(sortConcerts(concerts, 'concertDate', 'desc').map((c) => c.concertId)).toEqual([
      1, 2, 3,
    ]);
    expect(sortConcerts(concerts, 'title', 'asc').map((c) => c.title)).toEqual(['가', '나', '다']);
    expect(sortConcerts(concerts, 'artist', 'asc').map((c) => c.concertId)).toEqual([3, 1, 2]);
  });

  it('keeps concerts inside an inclusive date range', () => {
    expect(filterByDateRange(concerts, '2025-11-02', undefined).map((c) => c.concertId)).toEqual([
      1, 2,
    ]);
    expect(filterByDateRange(concerts, undefined, '2025-10-30').map((c) => c.concertId)).toEqual([
      3,
    ]);
  });

  it('pages a whole list and clamps a page past the end', () => {
    const items = Array.from({ length: 45 }, (_, i) => i);
    expect(paginate(items, 0, 20)).toMatchObject({ totalPages: 3, totalElements: 45, number: 0 });
    expect(paginate(items, 2, 20).content).toEqual([40, 41, 42, 43, 44]);
    expect(paginate(items, 9, 20).number).toBe(2);
    expect(paginate([], 3, 20)).toMatchObject({ number: 0, totalPages: 0, content: [] });
  });
});

describe('formatRunningTime', () => {
  it('counts the minutes from start to end, past midnight into the next day', () => {
    expect(formatRunningTime('19:00:00', '21:30:00')).toBe('150분');
    expect(formatRunningTime('19:00', '20:00')).toBe('60분');
    expect(formatRunningTime('23:00:00', '01:00:00')).toBe('120분');
    expect(formatRunningTime('19:00:00', null)).toBe('미정');
    expect(formatRunningTime(null, '21:00:00')).toBe('미정');
  });
});
