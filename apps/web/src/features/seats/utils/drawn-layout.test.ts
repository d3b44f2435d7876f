import { demoArenaLayout, demoHallLayout, placesPerGrade } from '@curtaincall/contracts';
import { describe, expect, it } from 'vitest';
import { makeHeldSeat, makeSeat } from '@/test/fixtures';
import { toSeatRecord } from './seat-records';
import {
  buildDrawnSeatViews,
  companionHint,
  countDrawnSections,
  readDrawnVenue,
} from './drawn-layout';

const noPrices: never[] = [];

describe('readDrawnVenue', () => {
  it('places every section of the demo arena, standing zones with their capacity', () => {
    const layout = demoArenaLayout();
    const venue = readDrawnVenue(layout, noPrices);
    expect(venue.sections).toHaveLength(layout.sections.length);
    expect(venue.stage).not.toBeNull();
    const places = placesPerGrade(layout);
    const counted = new Map<string, number>();
    for (const section of venue.sections) {
      if (section.kind === 'STANDING') {
        counted.set(section.gradeCode, (counted.get(section.gradeCode) ?? 0) + section.places);
      }
    }
    for (const [code, total] of counted) expect(total).toBe(places.get(code));
    for (const section of venue.sections) {
      expect(section.box.width).toBeGreaterThan(0);
      expect(section.box.height).toBeGreaterThan(0);
    }
    expect(venue.hasTag).toEqual({ WHEELCHAIR: true, COMPANION: true, RESTRICTED_VIEW: true });
  });

  it('takes this concert’s prices from the seat map and colours from the seller or the palette', () => {
    const layout = demoHallLayout();
    const [first, second] = layout.grades;
    if (!first || !second) throw new Error('no grades');
    const venue = readDrawnVenue(layout, [
      { code: first.code, name: first.name, price: 99_000, color: '#112233' },
      { code: second.code, name: second.name, price: 88_000, color: null },
    ]);
    expect(venue.grades.map((grade) => [grade.code, grade.price, grade.color])).toEqual([
      [first.code, 99_000, '#112233'],
      [second.code, 88_000, second.color ?? '#E11D48'],
    ]);
  });
});

describe('buildDrawnSeatViews', () => {
  const venue = readDrawnVenue(
    {
      format: 'curtaincall.venue-layout',
      version: 1,
      name: '작은 홀',
      grades: [
        { code: 'V', name: 'VIP석', price: 100_000 },
        { code: 'SP', name: '스탠딩 P', price: 80_000 },
      ],
      sections: [
        {
          kind: 'SEATED',
          name: 'A',
          rows: [
            {
              row: 3,
              seats: [
                { number: 1, grade: 'V', tags: ['WHEELCHAIR'] },
                { number: 2, grade: 'V', tags: ['COMPANION'], companionOf: 1 },
                { number: 3, grade: 'V', tags: ['KILLED'] },
                { number: 4, grade: 'V' },
              ],
            },
          ],
        },
        { kind: 'STANDING', name: 'P', grade: 'SP', capacity: 2 },
      ],
    },
    noPrices,
  );
  const now = Date.now();
  const records = [
    makeSeat(1, 'A-3-1'),
    makeSeat(2, 'A-3-2'),
    makeSeat(3, 'A-3-3', { status: 'UNAVAILABLE' }),
    makeSeat(4, 'A-3-4'),
    makeHeldSeat(5, 'P-0-1', 200),
    makeSeat(6, 'P-0-2'),
  ].map((entry) => toSeatRecord(entry, now));

  it('leaves killed seats out with their gap, keeps standing slots for the panel only', () => {
    const { sections, standingMine } = buildDrawnSeatViews(records, venue);
    expect(sections).toHaveLength(1);
    const seats = sections[0]?.rows[0]?.seats ?? [];
    expect(seats.map((seat) => [seat.position.number, seat.gapBefore ?? 0])).toEqual([
      [1, 0],
      [2, 0],
      [4, 1],
    ]);
    expect(seats[0]?.companions).toEqual([2]);
    expect(standingMine.map((seat) => [seat.record.seatInfo, seat.gradeLabel, seat.price])).toEqual(
      [['P-0-1', '스탠딩 P', 80_000]],
    );
    expect(countDrawnSections(records).get('P')).toEqual({ available: 1, mine: 1 });
  });

  it('hints at the companion seat until it is held too', () => {
    const { sections } = buildDrawnSeatViews(records, venue);
    const [wheelchair, companion] = sections[0]?.rows[0]?.seats ?? [];
    if (!wheelchair || !companion) throw new Error('no seats');
    expect(companionHint(wheelchair, [wheelchair])).toBe(
      '동반석이 필요하면 A구역 3열 2번도 함께 선택해주세요.',
    );
    expect(companionHint(wheelchair, [wheelchair, companion])).toBeNull();
    expect(companionHint(companion, [companion])).toBeNull();
  });

  it('reads a 50,000-seat hall quickly enough for a phone', () => {
    const rows = Array.from({ length: 50 }, (_, r) => ({
      row: r + 1,
      seats: Array.from({ length: 50 }, (_, n) => ({ number: n + 1, grade: 'V' })),
    }));
    const big = {
      format: 'curtaincall.venue-layout' as const,
      version: 1 as const,
      name: '큰 홀',
      grades: [{ code: 'V', name: 'VIP석', price: 100_000 }],
      sections: Array.from({ length: 20 }, (_, i) => ({
        kind: 'SEATED' as const,
        name: `S${i + 1}`,
        rows,
      })),
    };
    const started = performance.now();
    const read = readDrawnVenue(big, noPrices);
    expect(read.sections.reduce((sum, section) => sum + section.places, 0)).toBe(50_000);
    // Generous for a slow CI machine; about 20 ms on a laptop.
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
