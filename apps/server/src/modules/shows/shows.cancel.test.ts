import { randomBytes } from 'node:crypto';
import {
  sellerConcertMessages,
  showMessages,
  type BookingDetail,
  type SellerShow,
} from '@curtaincall/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPaymentProvider } from '../../adapters/payment-provider/sandbox-payment-provider';
import type {
  CancelRequest,
  PaymentProviderPort,
} from '../../adapters/payment-provider/payment-provider';
import { queryRows } from '../../db/client';
import { addDays, toSeoulDate } from '../../lib/seoul-time';
import { createLoggedInUser } from '../../../test/helpers/factories';
import {
  expectBookingInvariants,
  expectDatabaseInvariants,
} from '../../../test/helpers/invariants';
import { admit, book, holdSeats, payInSandbox } from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

/**
 * Cancelling a show's performances (issue 26), watched at the payment provider: one performance
 * by the concert cancel (`DELETE /seller/concerts/{id}`) refunds that performance's buyers and
 * nobody else's; the whole show (`POST /seller/shows/{id}/cancel`) cancels every performance not
 * yet cancelled or completed by the same path, each refunded by the refund job.
 */
const secret = randomBytes(32).toString('hex');
const sandbox = createSandboxPaymentProvider({ secret });
const refunds: CancelRequest[] = [];
const watchedProvider: PaymentProviderPort = {
  name: 'sandbox',
  clientKey: sandbox.clientKey,
  // Issue 28's calls, as the sandbox answers them: this test watches confirms and refunds only.
  issueVirtualAccount: (request) => sandbox.issueVirtualAccount(request),
  getPayment: (paymentKey) => sandbox.getPayment(paymentKey),
  issueCashReceipt: (request) => sandbox.issueCashReceipt(request),
  confirm: (request) => sandbox.confirm(request),
  async cancel(request) {
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

/** The booking rules hold on either runtime; on PostgreSQL no connection is left mid-transaction. */
async function expectInvariants() {
  await expectBookingInvariants(ctx.database.db);
  if (ctx.config.databaseUrl) await expectDatabaseInvariants(ctx.config.databaseUrl);
}

const today = () => toSeoulDate(ctx.clock.now());

async function createShow(days: number[]): Promise<SellerShow> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/seller/shows?sellerId=${seller.id}`,
    headers: { cookie: seller.cookie, 'content-type': 'application/json' },
    payload: {
      title: '취소 회차 공연',
      artist: '취소 밴드',
      venueName: '취소홀',
      totalSeats: 20,
      bookingStartDate: `${addDays(today(), -1)}T10:00`,
      bookingEndDate: `${addDays(today(), 2)}T23:59`,
      performances: days.map((day) => ({
        concertDate: addDays(today(), day),
        startTime: '19:00',
        endTime: '21:00',
      })),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as SellerShow;
}

/** A buyer who paid for `seats` seats of the performance. */
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

async function seatStatuses(concertId: number) {
  const rows = await queryRows<{ status: string; seats: number }>(
    ctx.database.db,
    sql`select status, count(*)::int as seats from concert_seats
        where concert_id = ${concertId} group by status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.seats)]));
}

function cancelShow(showId: number, account: Account = seller) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/seller/shows/${showId}/cancel?sellerId=${account.id}`,
    headers: { cookie: account.cookie },
  });
}

function enterQueue(concertId: number, account: { cookie: string }) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/queue/enter?concertId=${concertId}`,
    headers: { cookie: account.cookie },
  });
}

describe('cancelling one performance of a show', () => {
  it('refunds only its own buyers; the other performance keeps selling', async () => {
    const show = await createShow([3, 4]);
    const [cancelledId = 0, keptId = 0] = show.performances.map((p) => p.concertId);
    const cancelledBuyers = [await paidBuyer(cancelledId, 2), await paidBuyer(cancelledId)];
    const keptBuyers = [await paidBuyer(keptId, 2), await paidBuyer(keptId)];
    // One buyer of each with an unpaid booking as well.
    const keptHolder = await createLoggedInUser(ctx.app, ctx.database.db);
    const keptSession = await admit(ctx.app, keptId, keptHolder);
    await holdSeats(ctx.app, keptId, keptSession, 1);

    const before = refunds.length;
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seller/concerts/${cancelledId}?sellerId=${seller.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      concertId: cancelledId,
      showId: show.showId,
      status: 'CANCELLED',
      refundsPending: 2,
    });
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');

    // Exactly the cancelled performance's payments came back, each in full.
    const made = refunds.slice(before);
    expect(made.map((r) => r.idempotencyKey).sort()).toEqual(
      cancelledBuyers.map((b) => `cancel-${b.created.orderId}`).sort(),
    );
    for (const { account, created } of cancelledBuyers) {
      expect(await detailOf(account, created.bookingNumber)).toMatchObject({
        bookingStatus: 'CANCELED',
        paymentStatus: 'CANCELED',
      });
    }
    for (const { account, created } of keptBuyers) {
      expect(await detailOf(account, created.bookingNumber)).toMatchObject({
        bookingStatus: 'CONFIRMED',
        paymentStatus: 'DONE',
      });
    }
    expect(await seatStatuses(cancelledId)).toEqual({ AVAILABLE: 20 });
    expect(await seatStatuses(keptId)).toEqual({ AVAILABLE: 16, BOOKED: 3, RESERVED: 1 });

    // The other performance is still on sale, its waiting room open, its holder's seat held.
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/seller/shows/${show.showId}?sellerId=${seller.id}`,
      headers: { cookie: seller.cookie },
    });
    expect((listed.json().data as SellerShow).performances).toEqual([
      expect.objectContaining({ concertId: cancelledId, status: 'CANCELLED', refundsDone: 2 }),
      expect.objectContaining({ concertId: keptId, status: 'ON_SALE', soldSeats: 3 }),
    ]);
    const newcomer = await createLoggedInUser(ctx.app, ctx.database.db);
    expect((await enterQueue(keptId, newcomer)).statusCode).toBe(200);
    expect((await enterQueue(cancelledId, newcomer)).json()).toMatchObject({
      status: 409,
      code: 'B001',
    });
    await expectInvariants();
  });
});

describe('POST /seller/shows/{showId}/cancel', () => {
  it('cancels every performance still open, refunds each one’s buyers, then has nothing left', async () => {
    const show = await createShow([3, 4, 5, 6]);
    const [openA = 0, openB = 0, alreadyCancelled = 0, completed = 0] = show.performances.map(
      (p) => p.concertId,
    );
    const buyersA = [await paidBuyer(openA, 2)];
    const buyersB = [await paidBuyer(openB), await paidBuyer(openB)];
    // An unpaid booking on B: it ends with the cancel.
    const unpaidAccount = await createLoggedInUser(ctx.app, ctx.database.db);
    const unpaidSession = await admit(ctx.app, openB, unpaidAccount);
    const unpaid = await book(
      ctx.app,
      openB,
      unpaidSession,
      await holdSeats(ctx.app, openB, unpaidSession, 1),
    );
    const cancelledBuyer = await paidBuyer(alreadyCancelled);
    const completedBuyer = await paidBuyer(completed);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seller/concerts/${alreadyCancelled}?sellerId=${seller.id}`,
      headers: { cookie: seller.cookie },
    });
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    await ctx.database.db.execute(
      sql`update concerts set status = 'COMPLETED' where id = ${completed}`,
    );

    const before = refunds.length;
    const response = await cancelShow(show.showId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: showMessages.cancelled });
    const answered = response.json().data as SellerShow;
    expect(answered.performances.map((p) => [p.concertId, p.status, p.refundsPending])).toEqual([
      [openA, 'CANCELLED', 1],
      [openB, 'CANCELLED', 2],
      [alreadyCancelled, 'CANCELLED', 0],
      [completed, 'COMPLETED', 0],
    ]);
    // The cancel answers at once; the refunds are the job's.
    expect(refunds.length).toBe(before);
    expect(await detailOf(unpaidAccount, unpaid.bookingNumber)).toMatchObject({
      bookingStatus: 'CANCELED',
    });
    for (const concertId of [openA, openB]) {
      expect((await enterQueue(concertId, unpaidAccount)).json()).toMatchObject({
        status: 409,
        code: 'B001',
      });
    }

    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    const made = refunds.slice(before).map((r) => r.idempotencyKey);
    expect(made.sort()).toEqual(
      [...buyersA, ...buyersB].map((b) => `cancel-${b.created.orderId}`).sort(),
    );
    for (const { account, created } of [...buyersA, ...buyersB, cancelledBuyer]) {
      expect(await detailOf(account, created.bookingNumber)).toMatchObject({
        bookingStatus: 'CANCELED',
        paymentStatus: 'CANCELED',
      });
    }
    // The show that took place keeps its buyers.
    expect(
      await detailOf(completedBuyer.account, completedBuyer.created.bookingNumber),
    ).toMatchObject({ bookingStatus: 'CONFIRMED', paymentStatus: 'DONE' });
    for (const concertId of [openA, openB]) {
      expect(await seatStatuses(concertId)).toEqual({ AVAILABLE: 20 });
    }

    // Nothing left: 409 S006, nothing refunded twice.
    const again = await cancelShow(show.showId);
    expect(again.json()).toMatchObject({
      status: 409,
      code: 'S006',
      message: showMessages.nothingToCancel,
    });
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(refunds.length - before).toBe(3);
    await expectInvariants();
  });

  it('only the show’s seller: another seller 403 S002, unknown 404; nothing cancelled', async () => {
    const show = await createShow([3]);
    const otherSeller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
    const foreign = await cancelShow(show.showId, otherSeller);
    expect(foreign.json()).toMatchObject({
      status: 403,
      code: 'S002',
      message: sellerConcertMessages.notOwner,
    });
    const unknown = await cancelShow(99_999_999);
    expect(unknown.json()).toMatchObject({
      status: 404,
      code: 'T003',
      message: showMessages.notFound,
    });
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    expect((await cancelShow(show.showId, user)).json()).toMatchObject({
      status: 403,
      code: 'S002',
    });
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/concerts/${show.performances[0]?.concertId}`,
    });
    expect(detail.json().data.status).toBe('ON_SALE');
    await expectInvariants();
  });
});
