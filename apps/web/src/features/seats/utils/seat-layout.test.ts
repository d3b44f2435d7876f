import { describe, expect, it, vi } from 'vitest';
import { makeHeldSeat, makeSeat, makeSmallVenue } from '@/test/fixtures';
import {
  buildSectionViews,
  gradeSeatName,
  isBigVenue,
  orderGrades,
  parseSeatInfo,
  seatAccessibleLabel,
  selectedSeats,
} from './seat-layout';
import { toSeatRecord } from './seat-records';

const records = (entries: Parameters<typeof toSeatRecord>[0][]) =>
  entries.map((entry) => toSeatRecord(entry, 0));

describe('parseSeatInfo', () => {
  it('reads section, row and number', () => {
    expect(parseSeatInfo('A-3-12')).toEqual({ section: 'A', row: 3, number: 12 });
    expect(parseSeatInfo('AB-10-1')).toEqual({ section: 'AB', row: 10, number: 1 });
  });

  it.each(['A-3', 'A-B-1', 'A-1-x', '-1-2', 'A-1-2-3'])('refuses %s', (info) => {
    expect(parseSeatInfo(info)).toBeNull();
  });
});

describe('buildSectionViews', () => {
  it('groups by section in layout order, then row, then number, with grade and price', () => {
    const { seatMap } = makeSmallVenue();
    const views = buildSectionViews(
      records([
        makeSeat(1, 'C-1-2'),
        makeSeat(2, 'A-2-1'),
        makeSeat(3, 'A-1-2'),
        makeSeat(4, 'A-1-1'),
        makeHeldSeat(5, 'B-1-1', 100),
      ]),
      seatMap.sections,
    );
    expect(views.map((v) => [v.section, v.grade, v.price])).toEqual([
      ['A', '프리미엄', 150_000],
      ['B', 'VIP', 100_000],
      ['C', '일반석', 50_000],
    ]);
    expect(views[0]?.rows.map((row) => row.seats.map((s) => s.record.seatInfo))).toEqual([
      ['A-1-1', 'A-1-2'],
      ['A-2-1'],
    ]);
    expect(selectedSeats(views).map((s) => s.record.seatId)).toEqual([5]);
  });

  it('skips unreadable seats and can keep one section', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { seatMap } = makeSmallVenue();
    const views = buildSectionViews(
      records([makeSeat(1, 'A-1-1'), makeSeat(2, 'B-1-1'), makeSeat(3, 'B-x-1')]),
      seatMap.sections,
      'B',
    );
    expect(views.map((v) => v.section)).toEqual(['B']);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('seat labels', () => {
  it('names grade, place, state and price', () => {
    const { seatMap } = makeSmallVenue();
    const [a, b] = buildSectionViews(
      records([
        makeSeat(1, 'A-3-12'),
        makeSeat(2, 'B-3-12', { status: 'RESERVED', remainingSeconds: 100 }),
      ]),
      seatMap.sections,
    );
    const free = a?.rows[0]?.seats[0];
    const held = b?.rows[0]?.seats[0];
    if (!free || !held) throw new Error('seats missing');
    expect(seatAccessibleLabel(free)).toBe('프리미엄석 A구역 3열 12번, 선택 가능, 150,000원');
    expect(seatAccessibleLabel(held)).toBe(
      'VIP석 B구역 3열 12번, 다른 사용자가 선점 중, 100,000원',
    );
  });

  it('adds 석 only where the grade lacks it', () => {
    expect(gradeSeatName('VIP')).toBe('VIP석');
    expect(gradeSeatName('일반석')).toBe('일반석');
  });
});

describe('venue size', () => {
  it('opens on a section overview above 2,000 seats or 8 sections', () => {
    const sections = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        section: String(i),
        grade: 'VIP',
        price: 1,
        rows: 1,
        seatCount: 1,
      }));
    expect(isBigVenue({ totalSeats: 2_000, sections: sections(8) })).toBe(false);
    expect(isBigVenue({ totalSeats: 2_001, sections: sections(3) })).toBe(true);
    expect(isBigVenue({ totalSeats: 1_800, sections: sections(9) })).toBe(true);
  });
});

describe('orderGrades', () => {
  it("takes the concert's grades dearest first and adds the layout's unknown ones", () => {
    const { seatMap } = makeSmallVenue();
    expect(
      orderGrades(
        [{ name: 'VIP', price: 100_000 }],
        [
          ...seatMap.sections,
          { section: 'D', grade: '시야제한석', price: 30_000, rows: 1, seatCount: 1 },
        ],
      ).map((g) => g.name),
    ).toEqual(['프리미엄', 'VIP', '일반석', '시야제한석']);
  });
});
