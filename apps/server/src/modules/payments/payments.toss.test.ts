import { bookingMessages, paymentMessages, type BookingCreated } from '@curtaincall/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { addDays, fromSeoulDateTime, toSeoulDate } from '../../lib/seoul-time';
import {
  FAKE_TOSS_SECRET_KEY,
  startFakeTossServer,
  type FakeTossServer,
} from '../../../test/helpers/fake-toss-server';
import { createConcert, createLoggedInUser, login } from '../../../test/helpers/factories';
import { expectBookingInvariants } from '../../../test/helpers/invariants';
import {
  admit,
  book,
  bookingRowsOf,
  holdSeats,
  payAtToss,
} from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { BUYER_REFUND_GRACE_MS } from './payments.service';

/**
 * Per-seat refunds at the fake Toss server, which keeps each payment's balance and refuses a
 * cancelAmount above it: the quoted part goes back, the rest stays refundable; an answer lost to
 * a 500 leaves the refund REQUESTED until the refund job asks again under the same key (one
 * refund at Toss); a refusal changes nothing. Every seat costs 55,555원 plus 2,000원, cancelled 6
 * days before the show (20 %: 11,111원 kept, and the booking fee).
 */
const PRICE = 55_555;
const FEE = 2_000;
const PER_SEAT_REFUND = PRICE - 11_111;
const DAY = 86_400_000;

let toss: FakeTossServer;
let ctx: TestContext;
let seller: Awaited<ReturnType<typeof createLoggedInUser>>;
let today: Date;
let paymentSequence = 0;

beforeAll(async () => {
  toss = await startFakeTossServer({ secretKey: FAKE_TOSS_SECRET_KEY });
  ctx = await createTestContext({
    env: {
      PAYMENT_PROVIDER: 'toss',
      TOSS_CLIENT_KEY: 'test_ck_curtaincall_fake_0001',
      TOSS_SECRET_KEY: FAKE_TOSS_SECRET_KEY,
      TOSS_API_BASE_URL: toss.baseUrl,
      QUEUE_RATE_PER_MINUTE: '100000',
      SEAT_RATE_PER_MINUTE: '100000',
    },
  });
  seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  today = ctx.clock.now();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await toss?.close();
});
beforeEach(() => ctx.clock.set(today));

/** Two seats of a show 40 days away, paid at Toss today; the buyer's session 6 days before it. */
async function twoSeatsPaidAtToss() {
  const now = ctx.clock.now();
  const concertDate = addDays(toSeoulDate(now), 40);
  const { id: concertId } = await createConcert(ctx.database.db, {
    sellerId: seller.id,
    totalSeats: 6,
    concertDate,
    bookingStartAt: new Date(now.getTime() - DAY),
    bookingEndAt: new Date(now.getTime() + DAY),
  });
  await ctx.database.db.execute(
    sql`update seat_grades set price = ${PRICE} where concert_id = ${concertId}`,
  );
  const account = await createLoggedInUser(ctx.app, ctx.database.db);
  const session = await admit(ctx.app, concertId, account);
  const created: BookingCreated = await book(
    ctx.app,
    concertId,
    session,
    await holdSeats(ctx.app, concertId, session, 2),
  );
  paymentSequence += 1;
  const paymentKey = `tgen_perseat_${String(paymentSequence).padStart(4, '0')}`;
  await payAtToss(ctx.app, session, created, paymentKey);
  const rows = await bookingRowsOf(ctx.database.db, created.bookingNumber);
  ctx.clock.set(fromSeoulDateTime(`${addDays(concertDate, -6)}T12:00:00`));
  const cookie = await login(ctx.app, account.username, account.password);
  const [first, second] = rows.tickets.map((t) => t.ticketId) as [number, number];
  return { concertId, created, paymentKey, cookie, bookingId: rows.bookingId, first, second };
}
type Paid = Awaited<ReturnType<typeof twoSeatsPaidAtToss>>;

function cancel(paid: Paid, body?: object) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/bookings/${paid.bookingId}/cancel`,
    headers: { cookie: paid.cookie, 'content-type': 'application/json' },
    ...(body ? { payload: body } : {}),
  });
}

async function ours(paid: Paid) {
  const [row] = await queryRows<{ booking: string; payment: string }>(
    ctx.database.db,
    sql`select b.status as booking, p.status as payment
          from bookings b join payments p on p.booking_id = b.id where b.id = ${paid.bookingId}`,
  );
  const refunds = await queryRows<{
    status: string;
    amount: number;
    idempotency_key: string;
    attempts: number;
  }>(
    ctx.database.db,
    sql`select pc.status, pc.amount, pc.idempotency_key, pc.attempts
          from payment_cancellations pc join payments p on p.id = pc.payment_id
         where p.booking_id = ${paid.bookingId} order by pc.id`,
  );
  const tickets = await queryRows<{ status: string; claimed: boolean }>(
    ctx.database.db,
    sql`select status, refund_id is not null as claimed from tickets
         where booking_id = ${paid.bookingId} order by id`,
  );
  return {
    booking: row?.booking,
    payment: row?.payment,
    refunds: refunds.map((r) => ({ ...r, amount: Number(r.amount), attempts: Number(r.attempts) })),
    tickets: tickets.map((t) => `${t.status}${t.claimed ? '+claimed' : ''}`),
  };
}

const cancelsAtToss = (paymentKey: string) =>
  toss.requests.filter((r) => r.path === `/v1/payments/${paymentKey}/cancel`);

describe('per-seat cancel at Toss', () => {
  it('sends the quoted cancelAmount, leaves the rest refundable, and the last seat closes the booking', async () => {
    const paid = await twoSeatsPaidAtToss();
    const first = await cancel(paid, { ticketIds: [paid.first], expectedRefund: PER_SEAT_REFUND });
    expect(first.json()).toEqual({ success: true, message: paymentMessages.partiallyCancelled });
    const [refund] = toss.refunds.filter((r) => r.paymentKey === paid.paymentKey);
    expect(refund).toMatchObject({
      cancelAmount: PER_SEAT_REFUND,
      idempotencyKey: expect.stringMatching(/^refund-\d+$/),
    });
    expect(toss.payment(paid.paymentKey)).toMatchObject({
      status: 'PARTIAL_CANCELED',
      balanceAmount: paid.created.amount - PER_SEAT_REFUND,
    });
    expect(await ours(paid)).toMatchObject({
      booking: 'CONFIRMED',
      payment: 'PARTIAL_CANCELED',
      tickets: ['CANCELED+claimed', 'ACTIVE'],
    });

    const last = await cancel(paid, { ticketIds: [paid.second], expectedRefund: PER_SEAT_REFUND });
    expect(last.json()).toEqual({ success: true, message: bookingMessages.cancelled });
    expect(toss.payment(paid.paymentKey)?.cancels.map((c) => c.cancelAmount)).toEqual([
      PER_SEAT_REFUND,
      PER_SEAT_REFUND,
    ]);
    // What Toss still holds is exactly the fees kept: 20 % and the booking fee of each seat.
    expect(toss.payment(paid.paymentKey)?.balanceAmount).toBe(2 * (11_111 + FEE));
    expect(await ours(paid)).toMatchObject({ booking: 'CANCELED', payment: 'CANCELED' });
    expect((await ours(paid)).refunds.map((r) => r.idempotency_key)).toEqual([
      refund?.idempotencyKey,
      `cancel-${paid.created.orderId}`,
    ]);
    await expectBookingInvariants(ctx.database.db);
  }, 60_000);

  it('a 500 leaves the refund REQUESTED; the refund job asks again under the same key and Toss refunds once', async () => {
    const paid = await twoSeatsPaidAtToss();
    toss.failNextCancels(2);
    const lost = await cancel(paid, { ticketIds: [paid.first] });
    expect([lost.statusCode, lost.json().code, lost.json().message]).toEqual([
      502,
      'M005',
      paymentMessages.refundPending,
    ]);
    const pending = await ours(paid);
    expect(pending).toMatchObject({
      booking: 'CONFIRMED',
      payment: 'DONE',
      tickets: ['ACTIVE+claimed', 'ACTIVE'],
      refunds: [{ status: 'REQUESTED', amount: PER_SEAT_REFUND, attempts: 1 }],
    });
    const key = pending.refunds[0]?.idempotency_key;

    // Claimed: neither cancelled again nor quoted as cancellable while its answer is unknown.
    const again = await cancel(paid, { ticketIds: [paid.first] });
    expect([again.statusCode, again.json().code, again.json().message]).toEqual([
      409,
      'B009',
      paymentMessages.refundPending,
    ]);
    const quoted = await ctx.app.inject({
      method: 'GET',
      url: `/api/bookings/${paid.created.bookingNumber}/refund-quote?ticketIds=${paid.first}`,
      headers: { cookie: paid.cookie },
    });
    expect(quoted.json().data).toMatchObject({
      cancellable: false,
      reason: paymentMessages.refundPending,
    });

    // The buyer's request may still be waiting for Toss: the job leaves it alone for a while.
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(cancelsAtToss(paid.paymentKey)).toHaveLength(1);
    ctx.clock.advance(BUYER_REFUND_GRACE_MS + 1_000);
    // Asked again: a second 500, still REQUESTED; then Toss takes it.
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect((await ours(paid)).refunds).toMatchObject([{ status: 'REQUESTED', attempts: 2 }]);
    ctx.clock.advance(BUYER_REFUND_GRACE_MS + 1_000);
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');

    const asks = cancelsAtToss(paid.paymentKey);
    expect(asks.map((r) => r.headers['idempotency-key'])).toEqual([key, key, key]);
    expect(asks.map((r) => (r.body as { cancelAmount: number }).cancelAmount)).toEqual([
      PER_SEAT_REFUND,
      PER_SEAT_REFUND,
      PER_SEAT_REFUND,
    ]);
    expect(toss.refunds.filter((r) => r.paymentKey === paid.paymentKey)).toEqual([
      expect.objectContaining({ cancelAmount: PER_SEAT_REFUND, idempotencyKey: key }),
    ]);
    expect(await ours(paid)).toMatchObject({
      booking: 'CONFIRMED',
      payment: 'PARTIAL_CANCELED',
      tickets: ['CANCELED+claimed', 'ACTIVE'],
      refunds: [{ status: 'DONE', amount: PER_SEAT_REFUND, idempotency_key: key, attempts: 3 }],
    });
    // Nothing left to ask: further runs send nothing.
    ctx.clock.advance(BUYER_REFUND_GRACE_MS + 1_000);
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(cancelsAtToss(paid.paymentKey)).toHaveLength(3);
    await expectBookingInvariants(ctx.database.db);
  }, 60_000);

  it("Toss's refusal (4xx) is FAILED and changes nothing else; a new cancel goes through", async () => {
    const paid = await twoSeatsPaidAtToss();
    toss.setNext({
      kind: 'json',
      status: 403,
      body: { code: 'NOT_CANCELABLE_AMOUNT', message: '취소 할 수 없는 금액 입니다.' },
    });
    const refused = await cancel(paid, { ticketIds: [paid.first] });
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      502,
      'M005',
      bookingMessages.refundFailed,
    ]);
    expect(await ours(paid)).toMatchObject({
      booking: 'CONFIRMED',
      payment: 'DONE',
      tickets: ['ACTIVE', 'ACTIVE'],
      refunds: [{ status: 'FAILED' }],
    });
    expect(toss.payment(paid.paymentKey)?.balanceAmount).toBe(paid.created.amount);
    await expectBookingInvariants(ctx.database.db);

    expect((await cancel(paid, { ticketIds: [paid.first] })).statusCode).toBe(200);
    expect(toss.payment(paid.paymentKey)?.balanceAmount).toBe(
      paid.created.amount - PER_SEAT_REFUND,
    );
    // The refund job does not ask a refused refund again.
    ctx.clock.advance(BUYER_REFUND_GRACE_MS + 1_000);
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(toss.refunds.filter((r) => r.paymentKey === paid.paymentKey)).toHaveLength(1);
  }, 60_000);

  it("the organiser's cancel after a per-seat cancel refunds the rest at Toss, fees included", async () => {
    const paid = await twoSeatsPaidAtToss();
    expect((await cancel(paid, { ticketIds: [paid.first] })).statusCode).toBe(200);
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seller/concerts/${paid.concertId}?sellerId=${seller.id}`,
      headers: { cookie: await login(ctx.app, seller.username, seller.password) },
    });
    expect(cancelled.statusCode).toBe(200);
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(toss.refunds.filter((r) => r.paymentKey === paid.paymentKey)).toEqual([
      expect.objectContaining({ cancelAmount: PER_SEAT_REFUND }),
      expect.objectContaining({
        cancelAmount: PRICE + FEE,
        idempotencyKey: `cancel-${paid.created.orderId}`,
      }),
    ]);
    // Toss keeps only the first seat's fees.
    expect(toss.payment(paid.paymentKey)?.balanceAmount).toBe(11_111 + FEE);
    expect(await ours(paid)).toMatchObject({ booking: 'CANCELED', payment: 'CANCELED' });
    await expectBookingInvariants(ctx.database.db);
  }, 60_000);
});
