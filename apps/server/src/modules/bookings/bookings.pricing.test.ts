import {
  promoMessages,
  ticketTypeMessages,
  type BookingCreated,
  type RefundQuoteWire,
} from '@curtaincall/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { toSeoulDateTime } from '../../lib/seoul-time';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { findBookingViolations, runOn } from '../../../test/helpers/invariants';
import { admit, holdSeats, payInSandbox } from '../../../test/helpers/paid-booking';
import { promoCodeBody } from '../../../test/helpers/promo-codes';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

/*
 * 권종 and promo codes in the booking (issue 27, points 2-4), through the front door: the
 * seller's types and codes, a buyer's booking priced with them, and what every way out of a
 * booking gives back (expiry, a whole cancel, a per-seat cancel).
 */
let ctx: TestContext;
let seller: Awaited<ReturnType<typeof createLoggedInUser>>;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { QUEUE_CAPACITY: '1000', SEAT_RATE_PER_MINUTE: '100000' },
  });
  seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
});
afterAll(async () => ctx?.close());

const json = (cookie: string) => ({ cookie, 'content-type': 'application/json' });

async function newConcert(): Promise<number> {
  return (await createConcert(ctx.database.db, { sellerId: seller.id })).id;
}

async function addType(concertId: number, body: Record<string, unknown>): Promise<number> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/seller/concerts/${concertId}/ticket-types`,
    headers: json(seller.cookie),
    payload: { discountKind: 'PERCENT', discountValue: 50, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data as { id: number }).id;
}

async function addCode(concertId: number, overrides: Record<string, unknown>): Promise<void> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/seller/concerts/${concertId}/promo-codes`,
    headers: json(seller.cookie),
    payload: promoCodeBody(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function buyerHolding(concertId: number, seats: number) {
  const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
  const session = await admit(ctx.app, concertId, buyer);
  return { buyer, session, seatIds: await holdSeats(ctx.app, concertId, session, seats) };
}

function book(cookie: string, concertId: number, seatIds: number[], extra: object = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: json(cookie),
    payload: { concertId, concertSeatIds: seatIds, ...extra },
  });
}

async function uses(typeId: number, code?: string) {
  const [type] = await queryRows<{ used: number }>(
    ctx.database.db,
    sql`select used_count as used from ticket_types where id = ${typeId}`,
  );
  const [promo] = code
    ? await queryRows<{ used: number }>(
        ctx.database.db,
        sql`select used_count as used from promo_codes where code = ${code}`,
      )
    : [];
  return { type: Number(type?.used), code: promo ? Number(promo.used) : null };
}

async function redemptionOf(bookingNumber: string): Promise<string | null> {
  const [row] = await queryRows<{ status: string }>(
    ctx.database.db,
    sql`select r.status from promo_redemptions r join bookings b on b.id = r.booking_id
         where b.booking_number = ${bookingNumber}`,
  );
  return row?.status ?? null;
}

async function ticketsOf(bookingNumber: string) {
  return queryRows<{
    id: number;
    seat_id: number;
    ticket_type_name: string;
    companion_of_ticket_id: number | null;
    status: string;
  }>(
    ctx.database.db,
    sql`select t.id, t.concert_seat_id as seat_id, t.ticket_type_name, t.companion_of_ticket_id,
               t.status
          from tickets t join bookings b on b.id = t.booking_id
         where b.booking_number = ${bookingNumber} order by t.id`,
  );
}

async function bookingIdOf(bookingNumber: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from bookings where booking_number = ${bookingNumber}`,
  );
  return Number(row?.id);
}

async function cancelSeats(cookie: string, bookingNumber: string, ticketIds: number[]) {
  const quote = await ctx.app.inject({
    method: 'GET',
    url: `/api/bookings/${bookingNumber}/refund-quote?ticketIds=${ticketIds.join(',')}`,
    headers: { cookie },
  });
  expect(quote.statusCode, quote.body).toBe(200);
  const quoted = quote.json().data as RefundQuoteWire;
  const cancelled = await ctx.app.inject({
    method: 'POST',
    url: `/api/bookings/${await bookingIdOf(bookingNumber)}/cancel`,
    headers: json(cookie),
    payload: { ticketIds, expectedRefund: quoted.refundTotal },
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  return quoted;
}

describe('권종 and a promo code in a booking', () => {
  it('prices a 장애인 holder with a companion and a code, and every way out gives back what it took', async () => {
    const concertId = await newConcert();
    const disabled = await addType(concertId, {
      kind: 'DISABLED_SEVERE',
      proofRequired: true,
      companionAllowed: true,
      quota: 10,
    });
    await addCode(concertId, {
      code: 'FAN5000',
      discountKind: 'AMOUNT',
      discountValue: 5_000,
      totalUses: 5,
    });
    const { buyer, seatIds } = await buyerHolding(concertId, 2);
    const [holder = 0, companion = 0] = seatIds;
    const order = {
      seatTypes: [
        { concertSeatId: holder, ticketTypeId: disabled },
        { concertSeatId: companion, companionOfSeatId: holder },
      ],
      // Case does not matter.
      promoCode: 'fan5000',
    };
    const first = await book(buyer.cookie, concertId, seatIds, order);
    expect(first.statusCode, first.body).toBe(201);
    const created = first.json().data as BookingCreated;
    // The quick plan's first seats are 프리미엄 150,000원: half off each, 5,000원 off once.
    expect(created.amount).toBe(149_000);
    expect(created.breakdown?.lines.map((l) => [l.ticketTypeName, l.amount])).toEqual([
      ['장애인(심한)', 72_000],
      ['장애인(심한) 동반자', 77_000],
    ]);
    expect(created.breakdown).toMatchObject({ codeDiscountTotal: 5_000, promoCode: 'FAN5000' });
    const tickets = await ticketsOf(created.bookingNumber);
    expect(tickets.map((t) => t.ticket_type_name)).toEqual(['장애인(심한)', '장애인(심한) 동반자']);
    expect(tickets[1]?.companion_of_ticket_id).toBe(tickets[0]?.id);
    expect(await uses(disabled, 'FAN5000')).toEqual({ type: 2, code: 1 });
    expect(await redemptionOf(created.bookingNumber)).toBe('HELD');

    // Unpaid past its window: the quota and the code's use come back.
    ctx.clock.advance(11 * 60_000);
    await ctx.app.scheduler.runNow('unpaid-booking-expiry');
    expect(await uses(disabled, 'FAN5000')).toEqual({ type: 0, code: 0 });
    expect(await redemptionOf(created.bookingNumber)).toBe('RELEASED');

    // Again, paid: the use is kept for good.
    const again = await buyerHolding(concertId, 2);
    const [h2 = 0, c2 = 0] = again.seatIds;
    const paid = await book(again.buyer.cookie, concertId, again.seatIds, {
      seatTypes: [
        { concertSeatId: h2, ticketTypeId: disabled },
        { concertSeatId: c2, companionOfSeatId: h2 },
      ],
      promoCode: 'FAN5000',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const paidBooking = paid.json().data as BookingCreated;
    await payInSandbox(ctx.app, again.session, paidBooking);
    expect(await redemptionOf(paidBooking.bookingNumber)).toBe('USED');
    expect(await uses(disabled, 'FAN5000')).toEqual({ type: 2, code: 1 });

    // Cancelling the holder's seat takes the companion along: the whole booking, everything back.
    const [holderTicket] = await ticketsOf(paidBooking.bookingNumber);
    const quoted = await cancelSeats(again.buyer.cookie, paidBooking.bookingNumber, [
      Number(holderTicket?.id),
    ]);
    expect(quoted.addedCompanionTicketIds).toHaveLength(1);
    // Cancelled the day it was booked, 10 days before the show: no fee, the booking fee back.
    expect(quoted.refundTotal).toBe(149_000);
    expect((await ticketsOf(paidBooking.bookingNumber)).every((t) => t.status === 'ACTIVE')).toBe(
      true,
    );
    expect(await uses(disabled, 'FAN5000')).toEqual({ type: 0, code: 0 });
    expect(await redemptionOf(paidBooking.bookingNumber)).toBe('RELEASED');
    expect(await findBookingViolations(runOn(ctx.database.db))).toEqual([]);
  });

  it('a per-seat cancel gives back that seat’s type and keeps the code', async () => {
    const concertId = await newConcert();
    const youth = await addType(concertId, { kind: 'YOUTH', discountValue: 30 });
    await addCode(concertId, { code: 'KEEP10', discountKind: 'PERCENT', discountValue: 10 });
    const { buyer, session, seatIds } = await buyerHolding(concertId, 2);
    const [young = 0, adult = 0] = seatIds;
    const response = await book(buyer.cookie, concertId, seatIds, {
      seatTypes: [{ concertSeatId: young, ticketTypeId: youth }],
      promoCode: 'KEEP10',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json().data as BookingCreated;
    // 150,000 - 30 % = 105,000 - 10 % = 94,500; 150,000 - 10 % = 135,000; plus 2 x 2,000.
    expect(created.amount).toBe(94_500 + 135_000 + 4_000);
    await payInSandbox(ctx.app, session, created);
    const tickets = await ticketsOf(created.bookingNumber);
    const youthTicket = tickets.find((t) => t.seat_id === young);
    expect(tickets.find((t) => t.seat_id === adult)?.ticket_type_name).toBe('일반');

    await cancelSeats(buyer.cookie, created.bookingNumber, [Number(youthTicket?.id)]);
    expect(await uses(youth, 'KEEP10')).toEqual({ type: 0, code: 1 });
    expect(await redemptionOf(created.bookingNumber)).toBe('USED');
    const [state] = await queryRows<{ booking: string; payment: string }>(
      ctx.database.db,
      sql`select b.status as booking, p.status as payment
            from bookings b join payments p on p.booking_id = b.id
           where b.booking_number = ${created.bookingNumber}`,
    );
    expect(state).toEqual({ booking: 'CONFIRMED', payment: 'PARTIAL_CANCELED' });
    expect(await findBookingViolations(runOn(ctx.database.db))).toEqual([]);
  });

  it('refuses a sold-out quota, an ended 조기예매 and a used code at booking, naming the field', async () => {
    const concertId = await newConcert();
    const scarce = await addType(concertId, { kind: 'SENIOR', discountValue: 30, quota: 1 });
    const early = await addType(concertId, {
      kind: 'EARLY_BIRD',
      discountKind: 'AMOUNT',
      discountValue: 5_000,
      earlyUntil: toSeoulDateTime(new Date(ctx.clock.now().getTime() + 60_000)),
    });
    await addCode(concertId, { code: 'ONCE-ONLY', totalUses: 10, oncePerAccount: true });

    const first = await buyerHolding(concertId, 1);
    const taken = await book(first.buyer.cookie, concertId, first.seatIds, {
      seatTypes: [{ concertSeatId: first.seatIds[0], ticketTypeId: scarce }],
      promoCode: 'ONCE-ONLY',
    });
    expect(taken.statusCode, taken.body).toBe(201);
    await payInSandbox(ctx.app, first.session, taken.json().data as BookingCreated);

    const second = await buyerHolding(concertId, 1);
    const soldOut = await book(second.buyer.cookie, concertId, second.seatIds, {
      seatTypes: [{ concertSeatId: second.seatIds[0], ticketTypeId: scarce }],
    });
    expect(soldOut.statusCode).toBe(400);
    expect(soldOut.json()).toMatchObject({
      code: 'C001',
      errors: [
        {
          field: 'seatTypes[0].ticketTypeId',
          message: ticketTypeMessages.soldOut('경로(65세 이상)'),
        },
      ],
    });

    // Past the early-bird end by the clock, within the seat's 5-minute hold.
    ctx.clock.advance(2 * 60_000);
    const late = await book(second.buyer.cookie, concertId, second.seatIds, {
      seatTypes: [{ concertSeatId: second.seatIds[0], ticketTypeId: early }],
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      errors: [
        { field: 'seatTypes[0].ticketTypeId', message: ticketTypeMessages.earlyOver('조기예매') },
      ],
    });

    // The first buyer again, with the code they already used (once per account).
    const more = await holdSeats(ctx.app, concertId, first.session, 1).catch(async () => {
      // The first admission may have ended: enter again.
      const session = await admit(ctx.app, concertId, first.buyer);
      return holdSeats(ctx.app, concertId, session, 1);
    });
    const reused = await book(first.buyer.cookie, concertId, more, { promoCode: 'once-only' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      errors: [{ field: 'promoCode', message: promoMessages.usedByYou }],
    });
    // Nothing was taken by the refusals.
    expect(await uses(scarce, 'ONCE-ONLY')).toEqual({ type: 1, code: 1 });
    expect(await uses(early)).toEqual({ type: 0, code: null });
    expect(await findBookingViolations(runOn(ctx.database.db))).toEqual([]);
  });
});
