import { rectangleHallLayout, type SellerSeat, type VenueLayout } from '@curtaincall/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkPriceDrafts,
  describeManagedSeat,
  gradeCountsOf,
  indexSellerSeats,
  parsePrice,
  priceErrorsOf,
  priceRangeMessage,
  seatInfoOf,
  summarizeSelection,
  takenSeatsOf,
} from './seat-management';

/** Section A: row 1 seats 1-4, row 2 seats 1-4 (ids 1-8 in that order). */
function hall(): VenueLayout {
  return rectangleHallLayout({ name: '홀', sections: 1, rowsPerSection: 2, seatsPerRow: 4 });
}

function seatsOf(states: Record<string, Partial<SellerSeat>> = {}): SellerSeat[] {
  const seats: SellerSeat[] = [];
  let id = 1;
  for (const row of [1, 2]) {
    for (let number = 1; number <= 4; number += 1) {
      const seatInfo = `A-${row}-${number}`;
      seats.push({ seatId: id++, seatInfo, status: 'AVAILABLE', block: null, ...states[seatInfo] });
    }
  }
  return seats;
}

const held: Partial<SellerSeat> = { status: 'UNAVAILABLE', block: 'HELD' };
const killed: Partial<SellerSeat> = { status: 'UNAVAILABLE', block: 'KILLED' };

describe('seatInfoOf', () => {
  it('names a seated seat as the server does, and nothing for a missing one', () => {
    const layout = hall();
    expect(seatInfoOf(layout, { section: 0, row: 1, seat: 2 })).toBe('A-2-3');
    expect(seatInfoOf(layout, { section: 0, row: 5, seat: 0 })).toBeNull();
    expect(seatInfoOf(layout, { section: 3, row: 0, seat: 0 })).toBeNull();
  });
});

describe('summarizeSelection', () => {
  it('sorts the picked seats into held, stoppable, taken by buyers, stopped and unknown', () => {
    const layout = hall();
    const seats = indexSellerSeats(
      seatsOf({
        'A-1-1': held,
        'A-1-2': { status: 'BOOKED' },
        'A-1-3': { status: 'RESERVED' },
        'A-1-4': killed,
      }),
    );
    const summary = summarizeSelection(
      layout,
      [
        { section: 0, row: 0, seats: [0, 1, 2, 3] },
        { section: 0, row: 1, seats: [0, 9] },
      ],
      seats,
    );
    expect(summary).toEqual({
      total: 5,
      heldIds: [1],
      stoppableIds: [1, 2, 3, 5],
      takenCount: 2,
      killedCount: 1,
      unknownCount: 1,
    });
  });
});

describe('takenSeatsOf', () => {
  it('marks the seats buyers hold or bought, by row', () => {
    const layout = hall();
    const taken = takenSeatsOf(
      layout,
      indexSellerSeats(
        seatsOf({ 'A-1-2': { status: 'BOOKED' }, 'A-2-4': { status: 'RESERVED' }, 'A-2-1': held }),
      ),
    );
    expect([...taken.entries()].map(([key, set]) => [key, [...set]])).toEqual([
      ['0:0', [1]],
      ['0:1', [3]],
    ]);
  });
});

describe('describeManagedSeat', () => {
  it('reads the seat with its grade and its state from the server', () => {
    const layout = hall();
    const seats = indexSellerSeats(seatsOf({ 'A-1-1': held, 'A-2-2': { status: 'BOOKED' } }));
    expect(describeManagedSeat(layout, { section: 0, row: 0, seat: 0 }, seats)).toBe(
      'A구역 1열 1번, VIP석, 홀드석',
    );
    expect(describeManagedSeat(layout, { section: 0, row: 1, seat: 1 }, seats)).toMatch(
      /^A구역 2열 2번, .+, 예매됨$/,
    );
  });
});

describe('gradeCountsOf', () => {
  it('counts what buyers have as total − available − held, never below zero', () => {
    const counts = gradeCountsOf([
      {
        code: 'VIP',
        name: 'VIP석',
        price: 165_000,
        color: '#C9A227',
        totalPlaces: 300,
        available: 212,
        held: 10,
        standing: false,
      },
      {
        code: 'SP',
        name: '스탠딩 P',
        price: 154_000,
        color: null,
        totalPlaces: 5,
        available: 5,
        held: 1,
        standing: true,
      },
    ]);
    expect(counts.rows.map((row) => row.taken)).toEqual([78, 0]);
    expect(counts).toMatchObject({ total: 305, available: 217, held: 11, taken: 78 });
  });
});

describe('prices', () => {
  it('reads whole won with separators and 원, and refuses anything else', () => {
    expect(parsePrice('165000')).toEqual({ price: 165_000 });
    expect(parsePrice(' 165,000원 ')).toEqual({ price: 165_000 });
    expect(parsePrice('0')).toEqual({ price: 0 });
    expect(parsePrice('')).toEqual({ error: '가격을 입력해주세요.' });
    expect(parsePrice('12.5')).toEqual({ error: priceRangeMessage });
    expect(parsePrice('-1')).toEqual({ error: priceRangeMessage });
    expect(parsePrice('10000001')).toEqual({ error: priceRangeMessage });
    expect(parsePrice('17만원')).toEqual({ error: priceRangeMessage });
  });

  it('sends only the prices that changed and keeps an error per grade', () => {
    const grades = [
      { code: 'VIP', price: 165_000 },
      { code: 'R', price: 143_000 },
      { code: 'S', price: 110_000 },
    ];
    expect(checkPriceDrafts(grades, { VIP: '170,000', R: '143000', S: 'abc' })).toEqual({
      changed: [{ code: 'VIP', price: 170_000 }],
      errors: { S: priceRangeMessage },
    });
  });

  it('puts the server’s prices[i] errors back on the grade sent at i', () => {
    const sent = [
      { code: 'R', price: 1 },
      { code: 'VIP', price: 2 },
    ];
    expect(
      priceErrorsOf(
        [
          { field: 'prices[1].code', message: '이 콘서트에 없는 등급 코드입니다.' },
          { field: 'prices[0].price', message: priceRangeMessage },
          { field: 'prices', message: '바꿀 가격을 1개 이상 보내주세요.' },
        ],
        sent,
      ),
    ).toEqual({
      byCode: { VIP: '이 콘서트에 없는 등급 코드입니다.', R: priceRangeMessage },
      other: ['바꿀 가격을 1개 이상 보내주세요.'],
    });
  });
});
