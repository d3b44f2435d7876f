import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PricingProblem,
  cancelTierOf,
  cancellationFeeOf,
  priceBooking,
  priceRefund,
  type PromoTerms,
  type SeatToPrice,
  type TicketTypeKind,
  type TicketTypeTerms,
} from './pricing';

const day = (base: string, offset: number): string => {
  const date = new Date(`${base}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
};

const disabled: TicketTypeTerms = {
  id: 7,
  kind: 'DISABLED_SEVERE',
  name: '장애인(심한)',
  discount: { kind: 'PERCENT', value: 50 },
  gradeKeys: [],
  companionAllowed: true,
  proofRequired: true,
};

const seat = (id: number, gradePrice: number, extra: Partial<SeatToPrice> = {}): SeatToPrice => ({
  concertSeatId: id,
  seatInfo: `A-1-${id}`,
  gradeKey: 'R',
  gradeName: 'R석',
  gradePrice,
  ticketType: null,
  ...extra,
});

describe('priceBooking', () => {
  it('prices 장애인 + companion with a won code: each line and the totals', () => {
    const breakdown = priceBooking({
      seats: [
        seat(1, 110_000, { ticketType: disabled }),
        seat(2, 110_000, { companionOfSeatId: 1 }),
      ],
      promo: { code: 'FAN5000', discount: { kind: 'AMOUNT', value: 5_000 }, gradeKeys: [] },
      bookingFeePerSeat: 2_000,
    });
    expect(
      breakdown.lines.map((l) => [l.ticketTypeName, l.typeDiscount, l.codeDiscount, l.amount]),
    ).toEqual([
      ['장애인(심한)', 55_000, 5_000, 52_000],
      ['장애인(심한) 동반자', 55_000, 0, 57_000],
    ]);
    expect(breakdown).toMatchObject({
      gradeTotal: 220_000,
      typeDiscountTotal: 110_000,
      codeDiscountTotal: 5_000,
      bookingFeeTotal: 4_000,
      total: 109_000,
      promoCode: 'FAN5000',
    });
    expect(breakdown.lines[0]?.proofRequired).toBe(true);
  });

  it('refuses a companion without a holder whose type allows one, and a second companion', () => {
    const youth: TicketTypeTerms = {
      ...disabled,
      id: 8,
      kind: 'YOUTH',
      name: '청소년',
      companionAllowed: false,
    };
    const run = (seats: SeatToPrice[]) => () =>
      priceBooking({ seats, promo: null, bookingFeePerSeat: 2_000 });
    expect(run([seat(1, 50_000), seat(2, 50_000, { companionOfSeatId: 1 })])).toThrow(
      PricingProblem,
    );
    expect(
      run([seat(1, 50_000, { ticketType: youth }), seat(2, 50_000, { companionOfSeatId: 1 })]),
    ).toThrow('청소년 권종은 동반자 할인을 받을 수 없습니다.');
    expect(run([seat(2, 50_000, { companionOfSeatId: 2 })])).toThrow(PricingProblem);
    expect(
      run([
        seat(1, 50_000, { ticketType: disabled }),
        seat(2, 50_000, { companionOfSeatId: 1 }),
        seat(3, 50_000, { companionOfSeatId: 1 }),
      ]),
    ).toThrow('동반자 할인은 1인당 1명까지 받을 수 있습니다.');
  });

  it('refuses a type for a grade it does not cover, naming the seat', () => {
    const vipOnly = { ...disabled, gradeKeys: ['VIP'] };
    try {
      priceBooking({
        seats: [seat(1, 50_000, { ticketType: vipOnly })],
        promo: null,
        bookingFeePerSeat: 0,
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PricingProblem);
      expect((error as PricingProblem).seatIndex).toBe(0);
      expect((error as PricingProblem).message).toBe(
        '장애인(심한) 권종은 R석 등급에 적용되지 않습니다.',
      );
    }
  });
});

describe('the fee table on its boundary days (booked long before, so no free window)', () => {
  const concertDate = '2026-12-31';
  const bookedDate = '2026-10-01';
  const cases: Array<[number, string | null, number]> = [
    [10, 'D10_PLUS', 4_000],
    [9, 'D9_7', 10_000],
    [7, 'D9_7', 10_000],
    [6, 'D6_3', 20_000],
    [3, 'D6_3', 20_000],
    [2, 'D2_1', 30_000],
    [1, 'D2_1', 30_000],
    [0, null, 0],
  ];
  it.each(cases)('%i days before: %s, fee %i on a 100,000원 ticket', (daysBefore, tier, fee) => {
    const cancelDate = day(concertDate, -daysBefore);
    expect(cancelTierOf({ bookedDate, cancelDate, concertDate })).toBe(tier);
    if (tier) expect(cancellationFeeOf(tier as never, 100_000)).toBe(fee);
  });

  it('4,000원 is capped at 10 % of a cheap ticket', () => {
    expect(cancellationFeeOf('D10_PLUS', 30_000)).toBe(3_000);
  });

  it('free within 7 days of booking (booking day is day 1) only while the show is 10+ days away', () => {
    const booked = '2026-12-01';
    expect(cancelTierOf({ bookedDate: booked, cancelDate: day(booked, 6), concertDate })).toBe(
      'FREE_WINDOW',
    );
    expect(cancelTierOf({ bookedDate: booked, cancelDate: day(booked, 7), concertDate })).toBe(
      'D10_PLUS',
    );
    // Booked 12 days before: free on the day; booked 9 days before: 10 % even on the day.
    expect(
      cancelTierOf({
        bookedDate: day(concertDate, -12),
        cancelDate: day(concertDate, -12),
        concertDate,
      }),
    ).toBe('FREE_WINDOW');
    expect(
      cancelTierOf({
        bookedDate: day(concertDate, -9),
        cancelDate: day(concertDate, -9),
        concertDate,
      }),
    ).toBe('D9_7');
  });

  it('acceptance: booked today for a show 12, 8 and 5 days away, cancelled today', () => {
    const today = '2026-11-27';
    const quote = (daysAway: number) =>
      priceRefund({
        tickets: [{ ticketId: 1, seatInfo: 'A-1-1', ticketPrice: 100_000, bookingFee: 2_000 }],
        bookedDate: today,
        cancelDate: today,
        concertDate: day(today, daysAway),
        cutoffDaysBefore: 3,
        byOrganizer: false,
      });
    // Same day: the booking fee comes back every time; the table decides the rest.
    expect(quote(12)).toMatchObject({ tier: 'FREE_WINDOW', sameDay: true, refundTotal: 102_000 });
    expect(quote(8)).toMatchObject({
      tier: 'D9_7',
      cancellationFeeTotal: 10_000,
      refundTotal: 92_000,
    });
    expect(quote(5)).toMatchObject({
      tier: 'D6_3',
      cancellationFeeTotal: 20_000,
      refundTotal: 82_000,
    });
    expect(quote(2)).toBeNull();
  });

  it("the seller's cut-off ends cancels earlier; the organiser refunds everything", () => {
    const base = {
      tickets: [{ ticketId: 1, seatInfo: 'A-1-1', ticketPrice: 80_000, bookingFee: 2_000 }],
      bookedDate: '2026-10-01',
      concertDate,
    };
    expect(
      priceRefund({
        ...base,
        cancelDate: day(concertDate, -2),
        cutoffDaysBefore: 1,
        byOrganizer: false,
      }),
    ).toMatchObject({ tier: 'D2_1', refundTotal: 56_000, bookingFeeKept: 2_000 });
    expect(
      priceRefund({
        ...base,
        cancelDate: day(concertDate, -6),
        cutoffDaysBefore: 7,
        byOrganizer: false,
      }),
    ).toBeNull();
    expect(
      priceRefund({
        ...base,
        cancelDate: day(concertDate, -1),
        cutoffDaysBefore: 7,
        byOrganizer: true,
      }),
    ).toMatchObject({
      tier: 'ORGANIZER',
      refundTotal: 82_000,
      cancellationFeeTotal: 0,
      bookingFeeKept: 0,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties: for random bookings, types, codes and cancel dates.

const kinds: TicketTypeKind[] = [
  'DISABLED_SEVERE',
  'DISABLED_MILD',
  'NATIONAL_MERIT',
  'SENIOR',
  'YOUTH',
  'EARLY_BIRD',
  'REVISIT',
];
const discountArb = fc.oneof(
  fc.record({ kind: fc.constant('PERCENT' as const), value: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('AMOUNT' as const), value: fc.integer({ min: 1, max: 300_000 }) }),
);
const gradeArb = fc.constantFrom('VIP', 'R', 'S');
const typeArb = fc.record({
  id: fc.integer({ min: 1, max: 50 }),
  kind: fc.constantFrom(...kinds),
  name: fc.constant('할인'),
  discount: discountArb,
  gradeKeys: fc.constant([] as string[]),
  companionAllowed: fc.boolean(),
  proofRequired: fc.boolean(),
});
const bookingArb = fc
  .record({
    prices: fc.array(fc.tuple(gradeArb, fc.integer({ min: 0, max: 500_000 })), {
      minLength: 1,
      maxLength: 4,
    }),
    types: fc.array(fc.option(typeArb, { nil: null }), { minLength: 4, maxLength: 4 }),
    companion: fc.boolean(),
    promo: fc.option(
      fc.record({
        code: fc.constant('CODE'),
        discount: discountArb,
        gradeKeys: fc.subarray(['VIP', 'R', 'S']),
      }),
      { nil: null },
    ),
    fee: fc.integer({ min: 0, max: 5_000 }),
  })
  .map(({ prices, types, companion, promo, fee }) => {
    const seats: SeatToPrice[] = prices.map(([grade, price], index) => ({
      concertSeatId: index + 1,
      seatInfo: `A-1-${index + 1}`,
      gradeKey: grade,
      gradeName: grade,
      gradePrice: price,
      ticketType: types[index] ?? null,
    }));
    const first = seats[0];
    // A companion only where the rules allow one: the first seat holds a companion kind.
    const second = seats[1];
    if (companion && second && first?.ticketType) {
      first.ticketType = { ...first.ticketType, kind: 'DISABLED_SEVERE', companionAllowed: true };
      seats[1] = { ...second, ticketType: null, companionOfSeatId: 1 };
    }
    return { seats, promo: promo as PromoTerms | null, fee };
  });
const datesArb = fc.record({
  bookedAgo: fc.integer({ min: 0, max: 60 }),
  daysBefore: fc.integer({ min: 1, max: 40 }),
  cutoff: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
  byOrganizer: fc.boolean(),
});

describe('properties', () => {
  it('breakdown lines add up, nothing is negative, no discount beats the price', () => {
    fc.assert(
      fc.property(bookingArb, ({ seats, promo, fee }) => {
        const b = priceBooking({ seats, promo, bookingFeePerSeat: fee });
        for (const line of b.lines) {
          expect(line.typeDiscount + line.codeDiscount).toBeLessThanOrEqual(line.gradePrice);
          expect(line.ticketPrice).toBe(line.gradePrice - line.typeDiscount - line.codeDiscount);
          expect(line.ticketPrice).toBeGreaterThanOrEqual(0);
          expect(line.amount).toBe(line.ticketPrice + line.bookingFee);
        }
        expect(b.total).toBe(
          b.gradeTotal - b.typeDiscountTotal - b.codeDiscountTotal + b.bookingFeeTotal,
        );
        expect(b.total).toBe(b.lines.reduce((t, l) => t + l.amount, 0));
        if (promo?.discount.kind === 'AMOUNT') {
          expect(b.codeDiscountTotal).toBeLessThanOrEqual(promo.discount.value);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('refunds never exceed what was paid; cancelling everything, refunds plus fees equal the paid amount; seat by seat sums to all at once', () => {
    fc.assert(
      fc.property(bookingArb, datesArb, ({ seats, promo, fee }, dates) => {
        const b = priceBooking({ seats, promo, bookingFeePerSeat: fee });
        const concertDate = '2027-03-01';
        const cancelDate = day(concertDate, -dates.daysBefore);
        const bookedDate = day(cancelDate, -dates.bookedAgo);
        const tickets = b.lines.map((line, index) => ({
          ticketId: index + 1,
          seatInfo: line.seatInfo,
          ticketPrice: line.ticketPrice,
          bookingFee: line.bookingFee,
        }));
        const common = {
          bookedDate,
          cancelDate,
          concertDate,
          cutoffDaysBefore: dates.cutoff,
          byOrganizer: dates.byOrganizer,
        };
        const all = priceRefund({ ...common, tickets });
        if (!all) {
          expect(dates.byOrganizer).toBe(false);
          return;
        }
        expect(all.paidTotal).toBe(b.total);
        for (const line of all.lines) {
          expect(line.refund).toBeGreaterThanOrEqual(0);
          expect(line.refund).toBeLessThanOrEqual(line.paid);
          // Never above the table's worst row (30 %).
          expect(line.cancellationFee).toBeLessThanOrEqual(
            Math.floor(((line.paid - line.bookingFeeRefund) * 3) / 10) + fee,
          );
        }
        expect(all.refundTotal + all.cancellationFeeTotal + all.bookingFeeKept).toBe(all.paidTotal);
        const oneByOne = tickets.map(
          (ticket) => priceRefund({ ...common, tickets: [ticket] })?.refundTotal ?? -1,
        );
        expect(oneByOne.reduce((t, r) => t + r, 0)).toBe(all.refundTotal);
        if (dates.byOrganizer) expect(all.refundTotal).toBe(all.paidTotal);
      }),
      { numRuns: 500 },
    );
  });
});
