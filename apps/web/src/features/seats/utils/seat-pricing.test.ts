import { pricingMessages, type TicketType } from '@curtaincall/contracts';
import { describe, expect, it } from 'vitest';
import { makeHeldSeat } from '@/test/fixtures';
import type { SeatView } from './seat-layout';
import { placeFieldErrors, priceSeats, seatTypeChoices } from './seat-pricing';

function heldSeat(seatId: number, seatInfo: string, grade: string, price: number): SeatView {
  const [section = '', row = '0', number = '0'] = seatInfo.split('-');
  return {
    record: { ...makeHeldSeat(seatId, seatInfo, 200), holdDeadline: null },
    position: { section, row: Number(row), number: Number(number) },
    kind: 'mine',
    grade,
    price,
  };
}

const senior: TicketType = {
  id: 4,
  kind: 'SENIOR',
  name: '경로(65세 이상)',
  discountKind: 'PERCENT',
  discountValue: 30,
  gradeKeys: [],
  remaining: null,
  proofRequired: true,
  companionAllowed: false,
  earlyUntil: null,
};

const seats = [heldSeat(111, 'A-1-1', 'VIP', 100_000), heldSeat(112, 'A-1-2', 'VIP', 100_000)];

describe('priceSeats', () => {
  it('points a refused choice at its seat: a companion of a holder whose type brings none', () => {
    const priced = priceSeats({
      seats,
      selections: new Map([
        [111, { kind: 'type', ticketTypeId: senior.id }],
        [112, { kind: 'companion', holderSeatId: 111 }],
      ]),
      types: [senior],
      promo: null,
      bookingFeePerSeat: 2_000,
    });
    expect(priced.breakdown).toBeNull();
    expect(priced.problem).toEqual({
      message: pricingMessages.companionNotAllowed(senior.name),
      seatId: 112,
    });
  });

  it('prices 일반 seats at their grade price plus the fee', () => {
    const priced = priceSeats({
      seats,
      selections: new Map(),
      types: [],
      promo: null,
      bookingFeePerSeat: 2_000,
    });
    expect(priced.breakdown?.total).toBe(204_000);
  });
});

describe('placeFieldErrors', () => {
  it('puts seatTypes[i] errors by the seat sent at i and promoCode by the code', () => {
    const sent = seatTypeChoices(
      seats,
      new Map([[112, { kind: 'type', ticketTypeId: senior.id }]]),
    );
    expect(sent).toEqual([{ concertSeatId: 112, ticketTypeId: 4, companionOfSeatId: null }]);
    const placed = placeFieldErrors(
      [
        { field: 'seatTypes[0].ticketTypeId', message: '소진' },
        { field: 'seatTypes[0].companionOfSeatId', message: '둘째 말은 버림' },
        { field: 'seatTypes[3].ticketTypeId', message: '보낸 적 없는 좌석' },
        { field: 'promoCode', message: '코드' },
        { field: 'concertSeatIds', message: '패널 밖' },
      ],
      sent,
    );
    expect([...placed.seats]).toEqual([[112, '소진']]);
    expect(placed.promoCode).toBe('코드');
  });
});
