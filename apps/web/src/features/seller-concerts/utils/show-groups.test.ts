import type { SellerConcert } from '@curtaincall/contracts';
import { describe, expect, it } from 'vitest';
import { makeConcert } from '@/test/fixtures';
import { groupsFromConcerts, openPerformances, showSeats, summaryPerformance } from './show-groups';

function performance(overrides: Partial<SellerConcert>): SellerConcert {
  return {
    ...makeConcert(overrides),
    showId: 1,
    refundsPending: 0,
    refundsDone: 0,
    soldSeats: 0,
    cancelDeadlineDays: 3,
    ...overrides,
  };
}

describe('groupsFromConcerts (one status, grouped by show)', () => {
  it('groups performances of a show, by date and time, newest registration first', () => {
    const groups = groupsFromConcerts([
      performance({
        concertId: 1,
        showId: 1,
        concertDate: '2026-12-21',
        createdAt: '2026-11-01T10:00:00',
      }),
      performance({
        concertId: 2,
        showId: 2,
        concertDate: '2026-12-01',
        createdAt: '2026-11-02T10:00:00',
      }),
      performance({
        concertId: 3,
        showId: 1,
        concertDate: '2026-12-20',
        startTime: '18:00:00',
        createdAt: '2026-11-01T10:00:00',
      }),
    ]);
    expect(groups.map((g) => g.showId)).toEqual([2, 1]);
    expect(groups[1]?.performances.map((p) => p.concertId)).toEqual([3, 1]);
    expect(groups[1]).toMatchObject({
      firstDate: '2026-12-20',
      lastDate: '2026-12-21',
      isSingle: false,
    });
    expect(groups[0]?.isSingle).toBe(true);
  });

  it('keeps a lone performance of a show of several in its group (its show summary says so)', () => {
    const [group] = groupsFromConcerts([
      performance({
        concertId: 7,
        showId: 5,
        status: 'SOLD_OUT',
        show: { showId: 5, performanceCount: 3, firstDate: '2026-12-20', lastDate: '2026-12-22' },
      }),
    ]);
    expect(group).toMatchObject({
      isSingle: false,
      firstDate: '2026-12-20',
      lastDate: '2026-12-22',
    });
  });
});

describe('a show group', () => {
  const group = groupsFromConcerts([
    performance({ concertId: 1, concertDate: '2026-12-20', soldSeats: 120, totalSeats: 1500 }),
    performance({ concertId: 2, concertDate: '2026-12-21', soldSeats: 30, totalSeats: 1500 }),
    performance({
      concertId: 3,
      concertDate: '2026-12-22',
      status: 'CANCELLED',
      soldSeats: 0,
      totalSeats: 1500,
    }),
  ])[0];

  it('counts the seats of the performances that were not cancelled', () => {
    expect(group && showSeats(group)).toEqual({ sold: 150, total: 3000 });
  });

  it('reads its AI summary from the last performance not cancelled; only open ones can change', () => {
    expect(group && summaryPerformance(group)?.concertId).toBe(2);
    expect(group && openPerformances(group).map((p) => p.concertId)).toEqual([1, 2]);
  });
});
