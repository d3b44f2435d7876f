import { randomBytes } from 'node:crypto';
import { sellerConcertMessages, type BookingDetail } from '@curtaincall/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPaymentProvider } from '../../adapters/payment-provider/sandbox-payment-provider';
import {
  PaymentProviderError,
  type CancelRequest,
  type PaymentProviderPort,
} from '../../adapters/payment-provider/payment-provider';
import { queryRows } from '../../db/client';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { expectBookingInvariants } from '../../../test/helpers/invariants';
import {
  admit,
  book,
  holdSeats,
  payInSandbox,
  type BuyerSession,
} from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

/**
 * Cancelling a concert (DELETE /seller/concerts/{id}) on the sandbox provider, watched at the
 * provider: the cancel answers at once (CANCELLED, sales closed, unpaid ones and holds ended, the
 * waiting room closed) and makes no refund itself; the refund job then refunds every paid
 * booking exactly once, with its progress in the seller's view, and retries a refund the
 * provider refuses until it succeeds.
 */
const secret = randomBytes(32).toString('hex');
const sandbox = createSandboxPaymentProvider({ secret });
/** Every refund the provider made, and how many of the next ones it refuses. */
const refunds: CancelRequest[] = [];
let refuseNext = 0;
const watchedProvider: PaymentProviderPort = {
  name: 'sandbox',
  clientKey: sandbox.clientKey,
  // Issue 28's calls, as the sandbox answers them: this test watches confirms and refunds only.
  issueVirtualAccount: (request) => sandbox.issueVirtualAccount(request),
  getPayment: (paymentKey) => sandbox.getPayment(paymentKey),
  issueCashReceipt: (request) => sandbox.issueCashReceipt(request),
  confirm: (request) => sandbox.confirm(request),
  async cancel(request) {
    if (refuseNext > 0) {
      refuseNext -= 1;
      throw new PaymentProviderError('refund refused', 'PROVIDER_ERROR');
    }
    // Idempotent like a real provider: the same key refunds once.
    if (!refunds.some((r) => r.idempotencyKey === request.idempotencyKey)) refunds.push(request);
    return sandbox.cancel(request);
  },
};

let ctx: TestContext;
let seller: Account;

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      SESSION_SECRET: secret,
      QUEUE_RATE_PER_MINUTE: '100000',
      SEAT_RATE_PER_MINUTE: '100000',
    },
    overrides: { paymentProvider: watchedProvider },
  });
  seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
}, 120_000);
afterAll(async () => ctx?.close());

function cancel(account: Account | null, concertId: number) {
  return ctx.app.inject({
    method: 'DELETE',
    url: `/api/seller/concerts/${concertId}${account ? `?sellerId=${account.id}` : ''}`,
    headers: account ? { cookie: account.cookie } : {},
  });
}

/** A buyer who paid for `seats` seats of the concert. */
async function paidBuyer(concertId: number, seats = 1) {
  const account = await createLoggedInUser(ctx.app, ctx.database.db);
  const session = await admit(ctx.app, concertId, account);
  const created = await book(
    ctx.app,
    concertId,
    session,
    await holdSeats(ctx.app, concertId, session, seats),
  );
  await payInSandbox(ctx.app, session, created);
  return { account, session, created };
}

async function detailOf(buyer: { cookie: string }, bookingNumber: string): Promise<BookingDetail> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/mypage/bookingDetail/${bookingNumber}`,
    headers: { cookie: buyer.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as BookingDetail;
}

async function seatCounts(concertId: number) {
  const rows = await queryRows<{ status: string; seats: number; with_booking: number }>(
    ctx.database.db,
    sql`select status, count(*)::int as seats, count(booking_id)::int as with_booking
        from concert_seats where concert_id = ${concertId} group by status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.seats)]));
}

async function sellerView(concertId: number) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/seller/concerts/status?status=CANCELLED&sellerId=${seller.id}`,
    headers: { cookie: seller.cookie },
  });
  return (
    response.json().data as Array<{
      concertId: number;
      refundsPending: number;
      refundsDone: number;
    }>
  ).find((c) => c.concertId === concertId);
}

describe('DELETE /seller/concerts/{id}', () => {
  it('refunds 3 paid bookings at the provider, ends unpaid ones, holds and the waiting room', async () => {
    const { id: concertId } = await createConcert(ctx.database.db, {
      sellerId: seller.id,
      totalSeats: 40,
    });
    const paid = [
      await paidBuyer(concertId, 2),
      await paidBuyer(concertId),
      await paidBuyer(concertId),
    ];
    // An unpaid booking, a bare hold, and a buyer still holding a key.
    const unpaidAccount = await createLoggedInUser(ctx.app, ctx.database.db);
    const unpaidSession = await admit(ctx.app, concertId, unpaidAccount);
    const unpaid = await book(
      ctx.app,
      concertId,
      unpaidSession,
      await holdSeats(ctx.app, concertId, unpaidSession, 1),
    );
    const holder: BuyerSession = await admit(
      ctx.app,
      concertId,
      await createLoggedInUser(ctx.app, ctx.database.db),
    );
    await holdSeats(ctx.app, concertId, holder, 2);
    expect(await seatCounts(concertId)).toEqual({ AVAILABLE: 33, BOOKED: 4, RESERVED: 3 });

    const before = refunds.length;
    const response = await cancel(seller, concertId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: '콘서트가 취소되었습니다.',
      data: { concertId, status: 'CANCELLED', refundsPending: 3, refundsDone: 0 },
    });
    // The cancel itself refunds nothing: that is the refund job's work.
    expect(refunds.length).toBe(before);
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(await sellerView(concertId)).toMatchObject({ refundsPending: 0, refundsDone: 3 });

    // Exactly one full refund per paid booking, each for what was paid.
    const made = refunds.slice(before);
    expect(made).toHaveLength(3);
    const orders = new Map(paid.map((p) => [`cancel-${p.created.orderId}`, p.created.amount]));
    for (const refund of made) {
      expect(orders.get(refund.idempotencyKey)).toBe(refund.amount);
      expect(refund.reason).toBe('공연 취소에 따른 전액 환불');
    }
    expect(new Set(made.map((r) => r.idempotencyKey)).size).toBe(3);

    // Buyers see it on my page and the booking detail: cancelled and refunded.
    for (const { account, created } of paid) {
      expect(await detailOf(account, created.bookingNumber)).toMatchObject({
        bookingStatus: 'CANCELED',
        paymentStatus: 'CANCELED',
      });
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/mypage/booking',
        headers: { cookie: account.cookie },
      });
      expect(list.json().data).toEqual([
        expect.objectContaining({
          bookingNumber: created.bookingNumber,
          bookingStatus: 'CANCELED',
        }),
      ]);
    }
    expect(await detailOf(unpaidAccount, unpaid.bookingNumber)).toMatchObject({
      bookingStatus: 'CANCELED',
      paymentStatus: 'CANCELED',
    });

    // No seat held or booked, none attached to a booking; no ticket names a seat.
    expect(await seatCounts(concertId)).toEqual({ AVAILABLE: 40 });
    const [attached] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from tickets t join bookings b on b.id = t.booking_id
          where b.concert_id = ${concertId} and t.concert_seat_id is not null`,
    );
    expect(attached?.n).toBe(0);
    const [live] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from bookings
          where concert_id = ${concertId} and status <> 'CANCELED'`,
    );
    expect(live?.n).toBe(0);

    // The waiting room is closed: the key is gone, and nobody gets in again.
    const seatPage = await ctx.app.inject({
      method: 'GET',
      url: `/api/seats/concerts/${concertId}/status`,
      headers: { cookie: holder.cookie, 'x-access-key': holder.accessKey },
    });
    expect(seatPage.statusCode).toBe(403);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/queue/enter?concertId=${concertId}`,
      headers: { cookie: holder.cookie },
    });
    expect(again.json()).toMatchObject({ status: 409, code: 'B001' });

    // Public lists drop it; the detail page shows it cancelled.
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/concerts/${concertId}` });
    expect(detail.json().data.status).toBe('CANCELLED');

    // A second cancel: 409 S006 with the contract's message, no refund made twice.
    const second = await cancel(seller, concertId);
    expect(second.json()).toMatchObject({
      status: 409,
      code: 'S006',
      message: '이미 취소된 콘서트입니다.',
    });
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(refunds.length - before).toBe(3);
    await expectBookingInvariants(ctx.database.db);
  });

  it('a refund the provider refuses stays pending for the seller, and the job retries it', async () => {
    const { id: concertId } = await createConcert(ctx.database.db, {
      sellerId: seller.id,
      totalSeats: 10,
    });
    const paid = [await paidBuyer(concertId), await paidBuyer(concertId)];
    const before = refunds.length;
    // The job's first run finds both refunds refused, and the first attempt of its second run too.
    refuseNext = 3;
    const response = await cancel(seller, concertId);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'CANCELLED', refundsPending: 2 });
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(refunds.length).toBe(before);
    expect(await sellerView(concertId)).toMatchObject({ refundsPending: 2, refundsDone: 0 });
    for (const { account, created } of paid) {
      expect(await detailOf(account, created.bookingNumber)).toMatchObject({
        bookingStatus: 'CONFIRMED',
        paymentStatus: 'DONE',
      });
    }
    // Seats stay with the paid bookings until their money is back.
    expect(await seatCounts(concertId)).toEqual({ AVAILABLE: 8, BOOKED: 2 });

    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(refunds.length - before).toBe(1);
    expect(await sellerView(concertId)).toMatchObject({ refundsPending: 1, refundsDone: 1 });
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(refunds.length - before).toBe(2);
    expect(await sellerView(concertId)).toMatchObject({ refundsPending: 0, refundsDone: 2 });
    for (const { account, created } of paid) {
      expect(await detailOf(account, created.bookingNumber)).toMatchObject({
        bookingStatus: 'CANCELED',
        paymentStatus: 'CANCELED',
      });
    }
    expect(await seatCounts(concertId)).toEqual({ AVAILABLE: 10 });
  });

  it('PUT status CANCELLED cancels the same way, refunds included', async () => {
    const { id: concertId } = await createConcert(ctx.database.db, {
      sellerId: seller.id,
      totalSeats: 10,
    });
    const buyer = await paidBuyer(concertId, 2);
    const before = refunds.length;
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/seller/concerts/${concertId}?sellerId=${seller.id}`,
      headers: { cookie: seller.cookie, 'content-type': 'application/json' },
      payload: { status: 'CANCELLED', description: '사정으로 취소합니다.' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'CANCELLED',
      description: '사정으로 취소합니다.',
      refundsPending: 1,
      refundsDone: 0,
    });
    expect(refunds.length).toBe(before);
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(refunds.slice(before).map((r) => r.idempotencyKey)).toEqual([
      `cancel-${buyer.created.orderId}`,
    ]);
    expect(await detailOf(buyer.account, buyer.created.bookingNumber)).toMatchObject({
      bookingStatus: 'CANCELED',
      paymentStatus: 'CANCELED',
    });
  });

  it('a booking paid after the cancel (a stale on-sale check) is refunded by the job', async () => {
    const { id: concertId } = await createConcert(ctx.database.db, {
      sellerId: seller.id,
      totalSeats: 10,
    });
    // Booked before the cancel, paid after it: the payment lands on a cancelled concert.
    const account = await createLoggedInUser(ctx.app, ctx.database.db);
    const session = await admit(ctx.app, concertId, account);
    const created = await book(
      ctx.app,
      concertId,
      session,
      await holdSeats(ctx.app, concertId, session, 1),
    );
    await ctx.database.db.execute(
      sql`update concerts set status = 'CANCELLED' where id = ${concertId}`,
    );
    const before = refunds.length;
    await payInSandbox(ctx.app, session, created);
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(await detailOf(account, created.bookingNumber)).toMatchObject({
      bookingStatus: 'CANCELED',
      paymentStatus: 'CANCELED',
    });
    expect(refunds.slice(before)).toEqual([
      expect.objectContaining({
        idempotencyKey: `cancel-${created.orderId}`,
        amount: created.amount,
      }),
    ]);
    expect(await seatCounts(concertId)).toEqual({ AVAILABLE: 10 });
  });

  it('a concert with 30 paid bookings is cancelled at once; the job refunds each exactly once', async () => {
    const { id: concertId } = await createConcert(ctx.database.db, {
      sellerId: seller.id,
      totalSeats: 40,
      maxTicketsPerUser: 10,
    });
    // Three buyers, ten paid bookings of one seat each.
    const orders = new Map<string, number>();
    for (let b = 0; b < 3; b += 1) {
      const account = await createLoggedInUser(ctx.app, ctx.database.db);
      const session = await admit(ctx.app, concertId, account);
      for (let i = 0; i < 10; i += 1) {
        const created = await book(
          ctx.app,
          concertId,
          session,
          await holdSeats(ctx.app, concertId, session, 1),
        );
        await payInSandbox(ctx.app, session, created);
        orders.set(`cancel-${created.orderId}`, created.amount);
      }
    }
    const before = refunds.length;
    const started = performance.now();
    const response = await cancel(seller, concertId);
    const tookMs = performance.now() - started;
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'CANCELLED',
      refundsPending: 30,
      refundsDone: 0,
    });
    // Nothing in the answer's path scaled with the bookings: no refund was made in it.
    expect(refunds.length).toBe(before);
    expect(tookMs).toBeLessThan(2_000);
    // Sales are closed at once: the waiting room refuses, the public page says cancelled.
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    const entry = await ctx.app.inject({
      method: 'POST',
      url: `/api/queue/enter?concertId=${concertId}`,
      headers: { cookie: buyer.cookie },
    });
    expect(entry.json()).toMatchObject({ status: 409, code: 'B001' });

    // The job: 25 refunds taken, 5 refused by the provider this time (progress 25/30)...
    refuseNext = 5;
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(await sellerView(concertId)).toMatchObject({ refundsPending: 5, refundsDone: 25 });
    // ...the rest on its next run; further runs refund nothing twice.
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(await sellerView(concertId)).toMatchObject({ refundsPending: 0, refundsDone: 30 });
    const made = refunds.slice(before);
    expect(made).toHaveLength(30);
    expect(new Set(made.map((r) => r.idempotencyKey)).size).toBe(30);
    for (const refund of made) expect(orders.get(refund.idempotencyKey)).toBe(refund.amount);
    // Exactly once in our records too: one cancel-history row per payment.
    const [history] = await queryRows<{ rows: number; payments: number }>(
      ctx.database.db,
      sql`select count(*)::int as rows, count(distinct pc.payment_id)::int as payments
          from payment_cancellations pc join payments p on p.id = pc.payment_id
          join bookings b on b.id = p.booking_id where b.concert_id = ${concertId}`,
    );
    expect(history).toEqual({ rows: 30, payments: 30 });
    expect(await seatCounts(concertId)).toEqual({ AVAILABLE: 40 });
    await expectBookingInvariants(ctx.database.db);
  }, 60_000);

  it('with jobs running, the cancel wakes the refund job: no wait for its next tick', async () => {
    const own = await createTestContext({
      env: { SESSION_SECRET: secret },
      overrides: { paymentProvider: watchedProvider, startJobs: true },
    });
    try {
      await own.app.ready();
      const ownSeller = await createLoggedInUser(own.app, own.database.db, 'ROLE_SELLER');
      const { id: concertId } = await createConcert(own.database.db, {
        sellerId: ownSeller.id,
        totalSeats: 10,
      });
      const account = await createLoggedInUser(own.app, own.database.db);
      const session = await admit(own.app, concertId, account);
      const created = await book(
        own.app,
        concertId,
        session,
        await holdSeats(own.app, concertId, session, 1),
      );
      await payInSandbox(own.app, session, created);
      const cancelled = await own.app.inject({
        method: 'DELETE',
        url: `/api/seller/concerts/${concertId}?sellerId=${ownSeller.id}`,
        headers: { cookie: ownSeller.cookie },
      });
      expect(cancelled.statusCode).toBe(200);
      // The job's interval is 15 s; woken by the cancel, it refunds within a few seconds.
      await expect
        .poll(() => refunds.some((r) => r.idempotencyKey === `cancel-${created.orderId}`), {
          timeout: 5_000,
        })
        .toBe(true);
    } finally {
      await own.close();
    }
  }, 60_000);

  it('a completed show cannot be cancelled; unknown 404; others 403', async () => {
    const { id: done } = await createConcert(ctx.database.db, {
      sellerId: seller.id,
      status: 'COMPLETED',
    });
    expect((await cancel(seller, done)).json()).toMatchObject({
      status: 409,
      code: 'S006',
      message: sellerConcertMessages.completedNotCancellable,
    });
    expect((await cancel(seller, 99_999_999)).json()).toMatchObject({ status: 404, code: 'T003' });

    const { id: concertId } = await createConcert(ctx.database.db, { sellerId: seller.id });
    const otherSeller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
    const foreign = await cancel(otherSeller, concertId);
    expect(foreign.json()).toMatchObject({
      status: 403,
      code: 'S002',
      message: '해당 콘서트를 관리할 권한이 없습니다.',
    });
    const mismatch = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seller/concerts/${concertId}?sellerId=${otherSeller.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(mismatch.json()).toMatchObject({ status: 403, code: 'S002' });
    for (const role of ['ROLE_USER', 'ROLE_ADMIN'] as const) {
      const account = await createLoggedInUser(ctx.app, ctx.database.db, role);
      expect((await cancel(account, concertId)).json()).toMatchObject({
        status: 403,
        code: 'S002',
      });
    }
    expect((await cancel(null, concertId)).json()).toMatchObject({ status: 401, code: 'A006' });
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/concerts/${concertId}` });
    expect(detail.json().data.status).toBe('ON_SALE');
  });
});
