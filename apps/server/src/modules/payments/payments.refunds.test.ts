import {
  bookingMessages,
  paymentMessages,
  refundMessages,
  type BookingCreated,
  type BookingDetail,
  type RefundQuoteWire,
} from '@curtaincall/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { addDays, fromSeoulDateTime, toSeoulDate } from '../../lib/seoul-time';
import { createConcert, createLoggedInUser, login } from '../../../test/helpers/factories';
import { expectBookingInvariants } from '../../../test/helpers/invariants';
import {
  admit,
  book,
  bookingRowsOf,
  holdSeats,
  payInSandbox,
} from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

/**
 * Refunds by the fee table on the sandbox provider, whose books (sandbox_payments,
 * sandbox_refunds) are the provider's side: every figure a quote shows is what the cancel gives
 * back and what the provider records. Days move with the test clock; a buyer logs in again after
 * the days passed. Every grade costs 55,555원, so each fee is exact: 10 % is 5,555원, 20 %
 * 11,111원, 30 % 16,666원, and the 10+ days fee is its 4,000원 cap.
 */
const PRICE = 55_555;
const FEE = 2_000;
const DAY = 86_400_000;

let ctx: TestContext;
let seller: Awaited<ReturnType<typeof createLoggedInUser>>;
let today: Date;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { QUEUE_RATE_PER_MINUTE: '100000', SEAT_RATE_PER_MINUTE: '100000' },
  });
  seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  today = ctx.clock.now();
}, 120_000);
afterAll(async () => ctx?.close());
// Every test books "today" and moves on from there.
beforeEach(() => ctx.clock.set(today));

/** A show `days` away (Asia/Seoul dates), every seat at PRICE, on sale until the day before. */
async function showIn(days: number, options: { cutoffDays?: number } = {}) {
  const now = ctx.clock.now();
  const concertDate = addDays(toSeoulDate(now), days);
  const { id } = await createConcert(ctx.database.db, {
    sellerId: seller.id,
    totalSeats: 12,
    maxTicketsPerUser: 4,
    concertDate,
    bookingStartAt: new Date(now.getTime() - DAY),
    bookingEndAt: fromSeoulDateTime(`${addDays(concertDate, -1)}T12:00:00`),
  });
  await ctx.database.db.execute(
    sql`update seat_grades set price = ${PRICE} where concert_id = ${id}`,
  );
  if (options.cutoffDays !== undefined) {
    await ctx.database.db.execute(
      sql`update concerts set cancel_deadline_days = ${options.cutoffDays} where id = ${id}`,
    );
  }
  return { concertId: id, concertDate };
}

/** A buyer who booked and paid `seats` seats now. */
async function buy(concertId: number, seats = 1) {
  const account = await createLoggedInUser(ctx.app, ctx.database.db);
  const session = await admit(ctx.app, concertId, account);
  const created: BookingCreated = await book(
    ctx.app,
    concertId,
    session,
    await holdSeats(ctx.app, concertId, session, seats),
  );
  const callbackUrl = await payInSandbox(ctx.app, session, created);
  return {
    account,
    created,
    callbackUrl,
    ...(await bookingRowsOf(ctx.database.db, created.bookingNumber)),
  };
}
type Buyer = Awaited<ReturnType<typeof buy>>;

/** Noon in Seoul `daysBefore` days before the show; the buyer's session from a fresh login. */
async function daysBefore(concertDate: string, days: number, buyer: Buyer) {
  ctx.clock.set(fromSeoulDateTime(`${addDays(concertDate, -days)}T12:00:00`));
  return { cookie: await login(ctx.app, buyer.account.username, buyer.account.password) };
}

async function quote(who: { cookie: string }, buyer: Buyer, ticketIds?: number[]) {
  const query = ticketIds ? `?ticketIds=${ticketIds.join(',')}` : '';
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/bookings/${buyer.created.bookingNumber}/refund-quote${query}`,
    headers: { cookie: who.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as RefundQuoteWire;
}

function cancel(who: { cookie: string }, buyer: Buyer, body?: object) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/bookings/${buyer.bookingId}/cancel`,
    headers: { cookie: who.cookie, 'content-type': 'application/json' },
    ...(body ? { payload: body } : {}),
  });
}

/** Booking, payment and ticket states, and what the sandbox's books say was given back. */
async function stateOf(buyer: Buyer) {
  const [row] = await queryRows<{ booking: string; payment: string; refunded: number }>(
    ctx.database.db,
    sql`select b.status as booking, p.status as payment, sp.refunded
          from bookings b join payments p on p.booking_id = b.id
          join sandbox_payments sp on sp.payment_key = p.payment_key
         where b.id = ${buyer.bookingId}`,
  );
  const tickets = await queryRows<{ status: string; seat: number | null }>(
    ctx.database.db,
    sql`select status, concert_seat_id as seat from tickets
         where booking_id = ${buyer.bookingId} order by id`,
  );
  return {
    booking: row?.booking,
    payment: row?.payment,
    refundedAtProvider: Number(row?.refunded),
    tickets: tickets.map((t) => (t.seat === null ? t.status : `${t.status}@seat`)),
  };
}

async function refundRows(buyer: Buyer) {
  return queryRows<{
    amount: number;
    status: string;
    tier: string | null;
    cancellation_fee: number;
    booking_fee_kept: number;
    requested_by: string;
    idempotency_key: string;
    reason: string;
  }>(
    ctx.database.db,
    sql`select pc.amount, pc.status, pc.tier, pc.cancellation_fee, pc.booking_fee_kept,
               pc.requested_by, pc.idempotency_key, pc.reason
          from payment_cancellations pc join payments p on p.id = pc.payment_id
         where p.booking_id = ${buyer.bookingId} order by pc.id`,
  );
}

describe('the cancellation-fee table, by the clock', () => {
  it('each tier on its boundary day for a booking made long before; 2 days before is past the cut-off', async () => {
    const { concertId, concertDate } = await showIn(40);
    const cases = [
      { days: 11, tier: 'D10_PLUS', fee: 4_000 },
      { days: 10, tier: 'D10_PLUS', fee: 4_000 },
      { days: 9, tier: 'D9_7', fee: 5_555 },
      { days: 7, tier: 'D9_7', fee: 5_555 },
      { days: 6, tier: 'D6_3', fee: 11_111 },
      { days: 3, tier: 'D6_3', fee: 11_111 },
    ];
    const buyers = [];
    for (let i = 0; i <= cases.length; i += 1) buyers.push(await buy(concertId));
    for (const [index, { days, tier, fee }] of cases.entries()) {
      const buyer = buyers[index] as Buyer;
      const session = await daysBefore(concertDate, days, buyer);
      const quoted = await quote(session, buyer);
      expect(quoted).toMatchObject({
        cancellable: true,
        reason: null,
        tier,
        sameDay: false,
        cutoffDaysBefore: 3,
        lastCancelDate: addDays(concertDate, -3),
        addedCompanionTicketIds: [],
        paidTotal: PRICE + FEE,
        cancellationFeeTotal: fee,
        bookingFeeKept: FEE,
        refundTotal: PRICE - fee,
      });
      expect(quoted.lines).toEqual([
        {
          ticketId: buyer.tickets[0]?.ticketId,
          seatInfo: buyer.tickets[0]?.seatInfo,
          paid: PRICE + FEE,
          cancellationFee: fee,
          bookingFeeRefund: 0,
          refund: PRICE - fee,
        },
      ]);
      const response = await cancel(session, buyer, { expectedRefund: quoted.refundTotal });
      expect(response.json()).toEqual({ success: true, message: bookingMessages.cancelled });
      expect(await stateOf(buyer)).toMatchObject({
        booking: 'CANCELED',
        payment: 'CANCELED',
        refundedAtProvider: PRICE - fee,
      });
      expect(await refundRows(buyer)).toEqual([
        {
          amount: PRICE - fee,
          status: 'DONE',
          tier,
          cancellation_fee: fee,
          booking_fee_kept: FEE,
          requested_by: 'BUYER',
          idempotency_key: `cancel-${buyer.created.orderId}`,
          reason: '사용자 예매 취소',
        },
      ]);
    }
    // The spec's cut-off: from 2 days before the show, no cancel.
    const late = buyers[cases.length] as Buyer;
    const session = await daysBefore(concertDate, 2, late);
    expect(await quote(session, late)).toMatchObject({
      cancellable: false,
      reason: refundMessages.pastCutoff(3),
      tier: null,
      lines: [],
      refundTotal: 0,
    });
    const refused = await cancel(session, late);
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      403,
      'B011',
      '예매 취소 가능 기간이 지났습니다. (공연 3일 전까지 취소 가능)',
    ]);
    expect((await stateOf(late)).booking).toBe('CONFIRMED');
    await expectBookingInvariants(ctx.database.db);
  }, 120_000);

  it("with a seller's cut-off of 1 day: 2 and 1 days before cost the table's 30 %; the show's day is refused", async () => {
    const { concertId, concertDate } = await showIn(40, { cutoffDays: 1 });
    const buyers = [await buy(concertId), await buy(concertId), await buy(concertId)];
    for (const [index, days] of [2, 1].entries()) {
      const buyer = buyers[index] as Buyer;
      const session = await daysBefore(concertDate, days, buyer);
      const quoted = await quote(session, buyer);
      expect(quoted).toMatchObject({
        tier: 'D2_1',
        cutoffDaysBefore: 1,
        lastCancelDate: addDays(concertDate, -1),
        cancellationFeeTotal: 16_666,
        refundTotal: PRICE - 16_666,
      });
      expect((await cancel(session, buyer, { expectedRefund: PRICE - 16_666 })).statusCode).toBe(
        200,
      );
      expect((await stateOf(buyer)).refundedAtProvider).toBe(PRICE - 16_666);
    }
    const onTheDay = buyers[2] as Buyer;
    const session = await daysBefore(concertDate, 0, onTheDay);
    expect(await quote(session, onTheDay)).toMatchObject({
      cancellable: false,
      reason: refundMessages.pastCutoff(1),
    });
    expect((await cancel(session, onTheDay)).json()).toMatchObject({
      code: 'B011',
      message: refundMessages.pastCutoff(1),
    });
  }, 60_000);

  it("a seller's stricter cut-off (5 days) refuses what the table would allow", async () => {
    const { concertId, concertDate } = await showIn(40, { cutoffDays: 5 });
    const [inTime, tooLate] = [await buy(concertId), await buy(concertId)];
    const session = await daysBefore(concertDate, 5, inTime);
    expect((await cancel(session, inTime, { expectedRefund: PRICE - 11_111 })).statusCode).toBe(
      200,
    );
    const late = await daysBefore(concertDate, 4, tooLate);
    expect(await quote(late, tooLate)).toMatchObject({
      cancellable: false,
      reason: refundMessages.pastCutoff(5),
      cutoffDaysBefore: 5,
      lastCancelDate: addDays(concertDate, -5),
    });
    const refused = await cancel(late, tooLate);
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      403,
      'B011',
      refundMessages.pastCutoff(5),
    ]);
  }, 60_000);

  it('the same day gives the booking fee back; within 7 days of booking (10+ days before) no fee', async () => {
    const { concertId, concertDate } = await showIn(20);
    const [sameDay, sixDaysOn, sevenDaysOn] = [
      await buy(concertId),
      await buy(concertId),
      await buy(concertId),
    ];
    expect(await quote(sameDay.account, sameDay)).toMatchObject({
      tier: 'FREE_WINDOW',
      sameDay: true,
      cancellationFeeTotal: 0,
      bookingFeeKept: 0,
      refundTotal: PRICE + FEE,
    });
    expect((await cancel(sameDay.account, sameDay)).statusCode).toBe(200);
    expect((await stateOf(sameDay)).refundedAtProvider).toBe(PRICE + FEE);

    // Booked on day 1: day 7 (14 days before the show) is still free, day 8 is not.
    const day7 = await daysBefore(concertDate, 14, sixDaysOn);
    expect(await quote(day7, sixDaysOn)).toMatchObject({
      tier: 'FREE_WINDOW',
      sameDay: false,
      bookingFeeKept: FEE,
      refundTotal: PRICE,
    });
    expect((await cancel(day7, sixDaysOn, { expectedRefund: PRICE })).statusCode).toBe(200);
    const day8 = await daysBefore(concertDate, 13, sevenDaysOn);
    expect(await quote(day8, sevenDaysOn)).toMatchObject({
      tier: 'D10_PLUS',
      refundTotal: PRICE - 4_000,
    });
    await expectBookingInvariants(ctx.database.db);
  }, 60_000);

  it('acceptance: booked today for a show 12, 8 and 5 days away, the quote is the table and the refund the quote', async () => {
    const expected = [
      { days: 12, tier: 'FREE_WINDOW', fee: 0, refund: PRICE + FEE },
      // Cancelled the day it was booked: the booking fee comes back on top of the table.
      { days: 8, tier: 'D9_7', fee: 5_555, refund: PRICE - 5_555 + FEE },
      { days: 5, tier: 'D6_3', fee: 11_111, refund: PRICE - 11_111 + FEE },
    ];
    for (const { days, tier, fee, refund } of expected) {
      const { concertId } = await showIn(days);
      const buyer = await buy(concertId);
      const quoted = await quote(buyer.account, buyer);
      expect(quoted).toMatchObject({
        cancellable: true,
        tier,
        sameDay: true,
        cancellationFeeTotal: fee,
        bookingFeeKept: 0,
        refundTotal: refund,
      });
      const response = await cancel(buyer.account, buyer, {
        expectedRefund: quoted.refundTotal,
      });
      expect(response.statusCode).toBe(200);
      expect((await stateOf(buyer)).refundedAtProvider).toBe(quoted.refundTotal);
      expect((await refundRows(buyer)).map((r) => r.amount)).toEqual([quoted.refundTotal]);
    }
  }, 60_000);
});

describe('per-seat cancel', () => {
  it('gives back one seat of two at the sandbox, then the other; the cancelled ticket is void', async () => {
    const { concertId, concertDate } = await showIn(40);
    const buyer = await buy(concertId, 2);
    const [first, second] = buyer.tickets as [Buyer['tickets'][0], Buyer['tickets'][0]];
    // Tokens of both tickets, taken while both are valid.
    const wallet = await ctx.app.inject({
      method: 'GET',
      url: `/api/bookings/${buyer.created.bookingNumber}/tickets`,
      headers: { cookie: buyer.account.cookie },
    });
    const tokens = new Map(
      (wallet.json().data.tickets as Array<{ ticketId: number; token: string }>).map((t) => [
        t.ticketId,
        t.token,
      ]),
    );

    const session = await daysBefore(concertDate, 6, buyer);
    const quoted = await quote(session, buyer, [first.ticketId]);
    expect(quoted).toMatchObject({ tier: 'D6_3', refundTotal: PRICE - 11_111 });
    const response = await cancel(session, buyer, {
      ticketIds: [first.ticketId],
      expectedRefund: quoted.refundTotal,
    });
    expect(response.json()).toEqual({ success: true, message: paymentMessages.partiallyCancelled });
    expect(await stateOf(buyer)).toEqual({
      booking: 'CONFIRMED',
      payment: 'PARTIAL_CANCELED',
      refundedAtProvider: PRICE - 11_111,
      tickets: ['CANCELED', 'ACTIVE@seat'],
    });
    const seats = await queryRows<{ id: number; status: string }>(
      ctx.database.db,
      sql`select id, status from concert_seats where id in (${first.seatId}, ${second.seatId})
          order by id`,
    );
    expect(seats.map((s) => s.status)).toEqual(
      first.seatId < second.seatId ? ['AVAILABLE', 'BOOKED'] : ['BOOKED', 'AVAILABLE'],
    );

    // The booking detail: the kept seat listed, the money as charged and given back.
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/mypage/bookingDetail/${buyer.created.bookingNumber}`,
      headers: { cookie: session.cookie },
    });
    const data = detail.json().data as BookingDetail;
    expect(data.seatList).toHaveLength(1);
    expect(
      data.money?.tickets.map((t) => [t.ticketId, t.status, t.ticketPrice, t.bookingFee]),
    ).toEqual([
      [first.ticketId, 'CANCELED', PRICE, FEE],
      [second.ticketId, 'ACTIVE', PRICE, FEE],
    ]);
    expect(data.money?.refunds).toEqual([
      {
        amount: PRICE - 11_111,
        cancellationFee: 11_111,
        bookingFeeKept: FEE,
        status: 'DONE',
        reason: '사용자 예매 취소',
        at: `${addDays(concertDate, -6)}T12:00:00`,
        seatInfos: [first.seatInfo],
      },
    ]);
    expect(data.money?.refundedTotal).toBe(PRICE - 11_111);

    // Tickets: only the kept seat is shown; the cancelled one verifies VOID at the door.
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/bookings/${buyer.created.bookingNumber}/tickets`,
      headers: { cookie: session.cookie },
    });
    expect(after.json().data.tickets.map((t: { ticketId: number }) => t.ticketId)).toEqual([
      second.ticketId,
    ]);
    const sellerSession = { cookie: await login(ctx.app, seller.username, seller.password) };
    for (const [ticketId, result] of [
      [first.ticketId, 'VOID'],
      [second.ticketId, 'VALID'],
    ] as const) {
      const verified = await ctx.app.inject({
        method: 'GET',
        url: `/api/tickets/verify?token=${encodeURIComponent(tokens.get(ticketId) ?? '')}`,
        headers: sellerSession,
      });
      expect(verified.json().data.result).toBe(result);
    }

    // The same seat again: already cancelled.
    const again = await cancel(session, buyer, { ticketIds: [first.ticketId] });
    expect([again.statusCode, again.json().code, again.json().message]).toEqual([
      409,
      'B009',
      paymentMessages.ticketAlreadyCancelled,
    ]);

    // The last seat: the booking ends, the payment is CANCELED (the fees stay kept).
    const last = await cancel(session, buyer, {
      ticketIds: [second.ticketId],
      expectedRefund: PRICE - 11_111,
    });
    expect(last.json()).toEqual({ success: true, message: bookingMessages.cancelled });
    expect(await stateOf(buyer)).toMatchObject({
      booking: 'CANCELED',
      payment: 'CANCELED',
      refundedAtProvider: 2 * (PRICE - 11_111),
    });
    const rows = await refundRows(buyer);
    expect(rows.map((r) => r.idempotency_key)).toEqual([
      expect.stringMatching(/^refund-\d+$/),
      `cancel-${buyer.created.orderId}`,
    ]);
    await expectBookingInvariants(ctx.database.db);
  }, 60_000);

  it('the success callback brought again after a per-seat cancel lands on the success page and changes nothing', async () => {
    const { concertId } = await showIn(40);
    const buyer = await buy(concertId, 2);
    const [first] = buyer.tickets as [Buyer['tickets'][0]];
    const quoted = await quote(buyer.account, buyer, [first.ticketId]);
    const response = await cancel(buyer.account, buyer, {
      ticketIds: [first.ticketId],
      expectedRefund: quoted.refundTotal,
    });
    expect(response.statusCode).toBe(200);
    const before = await stateOf(buyer);
    expect(before).toMatchObject({ booking: 'CONFIRMED', payment: 'PARTIAL_CANCELED' });

    // A reload or the back button: the order was paid and its booking goes on.
    const replayed = await ctx.app.inject({
      method: 'GET',
      url: buyer.callbackUrl,
      headers: { cookie: buyer.account.cookie },
    });
    expect(replayed.statusCode).toBe(302);
    expect(String(replayed.headers.location)).toContain('/payment/result/success');
    expect(await stateOf(buyer)).toEqual(before);
    expect(await refundRows(buyer)).toHaveLength(1);
  });

  it("the companion rule: the holder's seat takes the companion's along; the companion goes alone", async () => {
    const { concertId, concertDate } = await showIn(40);
    const link = async (buyer: Buyer) => {
      const [holder, companion] = buyer.tickets as [Buyer['tickets'][0], Buyer['tickets'][0]];
      // The booking API makes no companion until 권종 are wired in: the link, written directly.
      await ctx.database.db.execute(
        sql`update tickets set companion_of_ticket_id = ${holder.ticketId}
             where id = ${companion.ticketId}`,
      );
      return { holder, companion };
    };
    const pair = await buy(concertId, 2);
    const { holder, companion } = await link(pair);
    const session = await daysBefore(concertDate, 6, pair);
    const withCompanion = await quote(session, pair, [holder.ticketId]);
    expect(withCompanion).toMatchObject({
      addedCompanionTicketIds: [companion.ticketId],
      refundTotal: 2 * (PRICE - 11_111),
    });
    expect(withCompanion.lines.map((line) => line.ticketId)).toEqual([
      holder.ticketId,
      companion.ticketId,
    ]);
    const alone = await quote(session, pair, [companion.ticketId]);
    expect(alone).toMatchObject({ addedCompanionTicketIds: [], refundTotal: PRICE - 11_111 });
    expect((await cancel(session, pair, { ticketIds: [companion.ticketId] })).statusCode).toBe(200);
    expect((await stateOf(pair)).tickets).toEqual(['ACTIVE@seat', 'CANCELED']);

    ctx.clock.set(today);
    const other = await buy(concertId, 2);
    const linked = await link(other);
    const otherSession = await daysBefore(concertDate, 6, other);
    const both = await cancel(otherSession, other, {
      ticketIds: [linked.holder.ticketId],
      expectedRefund: 2 * (PRICE - 11_111),
    });
    expect(both.json().message).toBe(bookingMessages.cancelled);
    expect(await stateOf(other)).toMatchObject({
      booking: 'CANCELED',
      payment: 'CANCELED',
      refundedAtProvider: 2 * (PRICE - 11_111),
    });
    await expectBookingInvariants(ctx.database.db);
  }, 60_000);

  it("an expectedRefund that is not today's quote is 409 and changes nothing", async () => {
    const { concertId, concertDate } = await showIn(40);
    const buyer = await buy(concertId);
    const tenDays = await daysBefore(concertDate, 10, buyer);
    const yesterdays = (await quote(tenDays, buyer)).refundTotal;
    expect(yesterdays).toBe(PRICE - 4_000);
    // The day turned: 9 days before is the 10 % row.
    const nineDays = await daysBefore(concertDate, 9, buyer);
    const changed = await cancel(nineDays, buyer, { expectedRefund: yesterdays });
    expect([changed.statusCode, changed.json().code, changed.json().message]).toEqual([
      409,
      'S006',
      paymentMessages.quoteChanged,
    ]);
    expect(await stateOf(buyer)).toMatchObject({
      booking: 'CONFIRMED',
      payment: 'DONE',
      refundedAtProvider: 0,
      tickets: ['ACTIVE@seat'],
    });
    expect(await refundRows(buyer)).toEqual([]);
    expect((await cancel(nineDays, buyer, { expectedRefund: PRICE - 5_555 })).statusCode).toBe(200);
  }, 60_000);

  it('a refund the provider refuses is FAILED and changes nothing else; the buyer may cancel again', async () => {
    const { concertId } = await showIn(40);
    const buyer = await buy(concertId);
    // The provider's books say everything was given back already: it refuses any refund.
    await ctx.database.db.execute(
      sql`update sandbox_payments set refunded = amount where order_id = ${buyer.created.orderId}`,
    );
    const refused = await cancel(buyer.account, buyer);
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      502,
      'M005',
      bookingMessages.refundFailed,
    ]);
    expect(await stateOf(buyer)).toMatchObject({
      booking: 'CONFIRMED',
      payment: 'DONE',
      tickets: ['ACTIVE@seat'],
    });
    const [failed] = await refundRows(buyer);
    expect(failed).toMatchObject({
      status: 'FAILED',
      idempotency_key: `cancel-${buyer.created.orderId}`,
    });
    const [claims] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from tickets where booking_id = ${buyer.bookingId}
            and refund_id is not null`,
    );
    expect(Number(claims?.n)).toBe(0);
    expect((await quote(buyer.account, buyer)).cancellable).toBe(true);
    await expectBookingInvariants(ctx.database.db);

    // The books put right, a new ask (under a new key: the refused one is spent) goes through.
    await ctx.database.db.execute(
      sql`update sandbox_payments set refunded = 0 where order_id = ${buyer.created.orderId}`,
    );
    expect((await cancel(buyer.account, buyer)).statusCode).toBe(200);
    expect((await refundRows(buyer)).map((r) => [r.status, r.idempotency_key])).toEqual([
      ['FAILED', `cancel-${buyer.created.orderId}`],
      ['DONE', expect.stringMatching(/^refund-\d+$/)],
    ]);
    expect((await stateOf(buyer)).refundedAtProvider).toBe(PRICE + FEE);
    await expectBookingInvariants(ctx.database.db);
  }, 60_000);

  it("the organiser's cancel after a per-seat cancel gives back only what remains, in full", async () => {
    const { concertId, concertDate } = await showIn(40);
    const buyer = await buy(concertId, 2);
    const session = await daysBefore(concertDate, 6, buyer);
    const first = buyer.tickets[0]?.ticketId ?? 0;
    expect((await cancel(session, buyer, { ticketIds: [first] })).statusCode).toBe(200);
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seller/concerts/${concertId}?sellerId=${seller.id}`,
      headers: { cookie: await login(ctx.app, seller.username, seller.password) },
    });
    expect(cancelled.statusCode).toBe(200);
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(await stateOf(buyer)).toMatchObject({
      booking: 'CANCELED',
      payment: 'CANCELED',
      // The first seat's 20 % and its booking fee stay kept; the second comes back whole.
      refundedAtProvider: PRICE - 11_111 + (PRICE + FEE),
    });
    expect((await refundRows(buyer)).map((r) => [r.requested_by, r.amount, r.tier])).toEqual([
      ['BUYER', PRICE - 11_111, 'D6_3'],
      ['ORGANIZER', PRICE + FEE, 'ORGANIZER'],
    ]);
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(await refundRows(buyer)).toHaveLength(2);
    await expectBookingInvariants(ctx.database.db);
  }, 60_000);
});

describe('GET /bookings/{bookingNumber}/refund-quote', () => {
  it("is the owner's: others 404, anonymous 401; foreign or malformed ticketIds 400; closed bookings are not cancellable", async () => {
    const { concertId } = await showIn(40);
    const [buyer, other] = [await buy(concertId), await buy(concertId)];
    const url = `/api/bookings/${buyer.created.bookingNumber}/refund-quote`;
    const stranger = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { cookie: other.account.cookie },
    });
    expect([stranger.statusCode, stranger.json().code]).toEqual([404, 'B008']);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `${url}?ticketIds=${other.tickets[0]?.ticketId}`,
      headers: { cookie: buyer.account.cookie },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      code: 'C001',
      errors: [{ field: 'ticketIds[0]', message: paymentMessages.notYourTicket }],
    });
    const malformed = await ctx.app.inject({
      method: 'GET',
      url: `${url}?ticketIds=1,x`,
      headers: { cookie: buyer.account.cookie },
    });
    expect(malformed.json()).toMatchObject({ code: 'C001', message: paymentMessages.ticketIds });

    expect((await cancel(buyer.account, buyer)).statusCode).toBe(200);
    expect(await quote(buyer.account, buyer)).toMatchObject({
      cancellable: false,
      reason: bookingMessages.alreadyCancelled,
    });
    // An unpaid booking has nothing to give back.
    const account = await createLoggedInUser(ctx.app, ctx.database.db);
    const session = await admit(ctx.app, concertId, account);
    const unpaid = await book(
      ctx.app,
      concertId,
      session,
      await holdSeats(ctx.app, concertId, session, 1),
    );
    const pending = await ctx.app.inject({
      method: 'GET',
      url: `/api/bookings/${unpaid.bookingNumber}/refund-quote`,
      headers: { cookie: account.cookie },
    });
    expect(pending.json().data).toMatchObject({
      cancellable: false,
      reason: bookingMessages.notCancellable,
      feeTable: expect.arrayContaining([{ when: '관람일 6일 ~ 3일 전', fee: '티켓 금액의 20%' }]),
    });
  }, 60_000);
});

describe('the platform booking fee', () => {
  it('an admin sets it; new bookings pay it; tickets sold before keep theirs', async () => {
    const admin = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_ADMIN');
    const settings = (method: 'GET' | 'PUT', who: { cookie: string }, payload?: object) =>
      ctx.app.inject({
        method,
        url: '/api/admin/settings/payments',
        headers: { cookie: who.cookie, 'content-type': 'application/json' },
        ...(payload ? { payload } : {}),
      });
    expect((await settings('GET', admin)).json()).toEqual({
      success: true,
      data: { bookingFeePerSeat: 2_000 },
    });
    const { concertId } = await showIn(40);
    const before = await buy(concertId);
    expect((await settings('GET', before.account)).statusCode).toBe(403);
    expect((await settings('PUT', before.account, { bookingFeePerSeat: 0 })).statusCode).toBe(403);
    for (const bookingFeePerSeat of [-1, 1.5, 100_001, '1000']) {
      const invalid = await settings('PUT', admin, { bookingFeePerSeat });
      expect([invalid.statusCode, invalid.json().code, invalid.json().message]).toEqual([
        400,
        'C001',
        paymentMessages.bookingFee,
      ]);
    }
    try {
      expect((await settings('PUT', admin, { bookingFeePerSeat: 1_500 })).json()).toEqual({
        success: true,
        message: paymentMessages.settingsSaved,
        data: { bookingFeePerSeat: 1_500 },
      });
      const after = await buy(concertId, 2);
      expect(after.created.amount).toBe(2 * (PRICE + 1_500));
      expect(after.created.breakdown).toMatchObject({
        gradeTotal: 2 * PRICE,
        typeDiscountTotal: 0,
        codeDiscountTotal: 0,
        bookingFeeTotal: 3_000,
        total: 2 * (PRICE + 1_500),
        promoCode: null,
      });
      expect(after.created.breakdown?.lines.map((l) => [l.ticketTypeName, l.bookingFee])).toEqual([
        ['일반', 1_500],
        ['일반', 1_500],
      ]);
      // Sold at 2,000원: a same-day cancel still gives back the 2,000원 it was charged.
      expect(await quote(before.account, before)).toMatchObject({ refundTotal: PRICE + FEE });
    } finally {
      await settings('PUT', admin, { bookingFeePerSeat: 2_000 });
    }
  }, 60_000);
});
