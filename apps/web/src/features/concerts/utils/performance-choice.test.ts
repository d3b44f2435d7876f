import type { PerformanceAvailability } from '@curtaincall/contracts';
import { describe, expect, it } from 'vitest';
import { makeConcertDetail } from '@/test/fixtures';
import {
  defaultPerformanceOf,
  parsePerformanceParam,
  performancesByDate,
  resolvePerformanceChoice,
  withPerformance,
} from './performance-choice';

function performance(overrides: Partial<PerformanceAvailability>): PerformanceAvailability {
  return {
    concertId: 1,
    concertDate: '2026-12-20',
    startTime: '18:00:00',
    endTime: '20:00:00',
    status: 'ON_SALE',
    bookingStartDate: '2026-11-01T10:00:00',
    bookingEndDate: '2026-12-19T23:59:00',
    totalSeats: 100,
    remainingSeats: 40,
    grades: [],
    ...overrides,
  };
}

const list = [
  performance({ concertId: 9, concertDate: '2026-12-21', startTime: '19:00:00' }),
  performance({ concertId: 7 }),
  performance({
    concertId: 8,
    concertDate: '2026-12-21',
    startTime: '14:00:00',
    status: 'SOLD_OUT',
  }),
];

describe('performance choice', () => {
  it('reads a positive id from the URL and ignores anything else', () => {
    expect(parsePerformanceParam('9')).toBe(9);
    expect(parsePerformanceParam(null)).toBeNull();
    for (const raw of ['0', '-1', '1.5', 'abc', '99999999999', '']) {
      expect(parsePerformanceParam(raw)).toBeNull();
    }
  });

  it('groups performances by date, each date by start time', () => {
    const byDate = performancesByDate(list);
    expect([...byDate.keys()]).toEqual(['2026-12-20', '2026-12-21']);
    expect(byDate.get('2026-12-21')?.map((p) => p.concertId)).toEqual([8, 9]);
  });

  it('lands a date on its first time on sale, else the first still to come', () => {
    expect(defaultPerformanceOf(performancesByDate(list).get('2026-12-21') ?? [])?.concertId).toBe(
      9,
    );
    const closed = [
      performance({ concertId: 1, status: 'CANCELLED' }),
      performance({ concertId: 2, status: 'SOLD_OUT' }),
    ];
    expect(defaultPerformanceOf(closed)?.concertId).toBe(2);
    expect(
      defaultPerformanceOf([performance({ concertId: 3, status: 'CANCELLED' })])?.concertId,
    ).toBe(3);
  });

  it('takes the URL’s performance only when it belongs to the show', () => {
    const base = { concertId: 7, hasShow: true, performances: list, isPerformancesPending: false };
    expect(resolvePerformanceChoice({ ...base, requestedId: null })).toEqual({
      concertId: 7,
      isResolving: false,
    });
    expect(resolvePerformanceChoice({ ...base, requestedId: 9 })).toEqual({
      concertId: 9,
      isResolving: false,
    });
    // Another show's concert, or a performance since removed: the opened concert.
    expect(resolvePerformanceChoice({ ...base, requestedId: 500 })).toEqual({
      concertId: 7,
      isResolving: false,
    });
    // A plain concert never looks at the parameter.
    expect(
      resolvePerformanceChoice({
        ...base,
        hasShow: false,
        performances: undefined,
        requestedId: 9,
      }),
    ).toEqual({ concertId: 7, isResolving: false });
    // Not known yet: the page waits instead of showing the opened concert first.
    expect(resolvePerformanceChoice({ ...base, hasShow: undefined, requestedId: 9 })).toEqual({
      concertId: 7,
      isResolving: true,
    });
    expect(
      resolvePerformanceChoice({
        ...base,
        performances: undefined,
        isPerformancesPending: true,
        requestedId: 9,
      }),
    ).toEqual({ concertId: 7, isResolving: true });
    // The list failed: the opened concert rather than a page that never loads.
    expect(
      resolvePerformanceChoice({
        ...base,
        performances: undefined,
        isPerformancesPending: false,
        requestedId: 9,
      }),
    ).toEqual({ concertId: 7, isResolving: false });
  });

  it('stands in for a performance’s detail with its own date, status, window and prices', () => {
    const detail = makeConcertDetail({ concertId: 7, title: '겨울 투어', maxTicketsPerUser: 2 });
    const standIn = withPerformance(
      detail,
      performance({
        concertId: 9,
        concertDate: '2026-12-21',
        startTime: '19:00:00',
        status: 'SOLD_OUT',
        grades: [
          {
            code: 'R',
            name: 'R석',
            price: 99_000,
            color: null,
            totalPlaces: 10,
            available: 0,
            held: 0,
            standing: false,
          },
          {
            code: 'X',
            name: '미사용',
            price: 1_000,
            color: null,
            totalPlaces: 0,
            available: 0,
            held: 0,
            standing: false,
          },
          {
            code: 'VIP',
            name: 'VIP석',
            price: 165_000,
            color: null,
            totalPlaces: 5,
            available: 1,
            held: 0,
            standing: false,
          },
        ],
      }),
    );
    expect(standIn).toMatchObject({
      concertId: 9,
      title: '겨울 투어',
      maxTicketsPerUser: 2,
      concertDate: '2026-12-21',
      startTime: '19:00:00',
      status: 'SOLD_OUT',
      seatGrades: [
        { name: 'VIP석', price: 165_000 },
        { name: 'R석', price: 99_000 },
      ],
    });
  });
});
