import { type BookingCreated } from '@curtaincall/contracts';
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
  bookingRowsOf,
  cancelSeats,
  holdSeats,
  payAtToss,
  type BuyerSession,
} from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

/**
 * Issue 28 through Toss (the fake Toss server on loopback, our app listening so Toss's
 * DEPOSIT_CALLBACK really arrives over HTTP): a 가상계좌 issued by REST, its deposit confirmed only
 * by asking Toss, replays, out-of-order and forged notices changing nothing, a deposit after our
 * deadline given back to the refund account, 간편결제 with its cash-portion 현금영수증, and a
 * per-seat refund of a deposit sent to the buyer's account.
 */
const PRICE = 40_000;
const FEE = 2_000;
const DAY = 86_400_000;

let toss: FakeTossServer;
let ctx: TestContext;
let webhookUrl: string;
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
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  webhookUrl = `${address}/api/v1/webhooks/toss/payment-updates`;
  seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  today = ctx.clock.now();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await toss?.close();
});
beforeEach(() => ctx.clock.set(today));

async function showIn(days: number) {
  const now = ctx.clock.now();
  const concertDate = addDays(toSeoulDate(now), days);
  const { id } = await createConcert(ctx.database.db, {
    sellerId: seller.id,
    totalSeats: 10,
    maxTicketsPerUser: 4,
    concertDate,
    bookingStartAt: new Date(now.getTime() - DAY),
    bookingEndAt: fromSeoulDateTime(`${addDays(concertDate, -1)}T12:00:00`),
  });
  await ctx.database.db.execute(
    sql`update seat_grades set price = ${PRICE} where concert_id = ${id}`,
  );
  return id;
}

async function bookWith(payment: object, seats = 1) {
  const concertId = await showIn(20);
  const account = await createLoggedInUser(ctx.app, ctx.database.db);
  const session: BuyerSession = await admit(ctx.app, concertId, account);
  const seatIds = await holdSeats(ctx.app, concertId, session, seats);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: session.cookie, 'content-type': 'application/json' },
    payload: { concertId, concertSeatIds: seatIds, payment },
  });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json().data as BookingCreated;
  return { account, session, seatIds, created, concertId };
}

async function stateOf(orderId: string) {
  const [row] = await queryRows<{
    booking_status: string;
    payment_status: string;
    failure_code: string | null;
  }>(
    ctx.database.db,
    sql`select b.status as booking_status, p.status as payment_status, p.failure_code
          from payments p join bookings b on b.id = p.booking_id where p.order_id = ${orderId}`,
  );
  return row;
}

async function confirmations(orderId: string) {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from payments where order_id = ${orderId} and status = 'DONE'`,
  );
  return Number(row?.n);
}

function saveRefundAccount(
  session: Pick<BuyerSession, 'cookie'>,
  accountNumber = '3333-01-1234567',
) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/users/me/refund-account',
    headers: { cookie: session.cookie, 'content-type': 'application/json' },
    payload: { bank: '90', accountNumber, holder: '이입금' },
  });
}

describe('가상계좌 at Toss', () => {
  it('is issued by REST with the bank, due time, 현금영수증 and our webhook', async () => {
    const { created, seatIds } = await bookWith({
      method: 'VIRTUAL_ACCOUNT',
      bank: '88',
      cashReceipt: { type: 'INCOME_DEDUCTION', number: '01098765432' },
    });
    const issued = toss.virtualAccount(created.orderId);
    expect(issued).toMatchObject({
      bank: '88',
      amount: PRICE + FEE,
      callbackUrl: expect.stringMatching(/\/api\/v1\/webhooks\/toss\/payment-updates$/) as string,
      cashReceipt: { type: '소득공제', registrationNumber: '01098765432' },
    });
    expect(issued?.dueDate).toMatch(/T23:59:59\+09:00$/);
    expect(created.virtualAccount).toMatchObject({
      bankName: '신한은행',
      accountNumber: issued?.accountNumber,
      testBankUrl: null,
    });
    expect(await stateOf(created.orderId)).toMatchObject({
      booking_status: 'AWAITING_DEPOSIT',
      payment_status: 'WAITING_FOR_DEPOSIT',
    });
    const [seat] = await queryRows<{ status: string }>(
      ctx.database.db,
      sql`select status from concert_seats where id = ${seatIds[0]}`,
    );
    expect(seat?.status).toBe('BOOKED');
    await expectBookingInvariants(ctx.database.db);
  });

  it('a deposit confirms once; replays, an old status and a forged notice change nothing', async () => {
    const { created } = await bookWith({ method: 'VIRTUAL_ACCOUNT', bank: '20' });
    const other = await bookWith({ method: 'VIRTUAL_ACCOUNT', bank: '20' });

    // Forged before anything was paid: the body says DONE, Toss says WAITING_FOR_DEPOSIT.
    const forged = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        createdAt: '2026-11-27T10:00:00.000',
        secret: 'made-up',
        status: 'DONE',
        transactionKey: 'made-up',
        orderId: other.created.orderId,
      }),
    });
    expect(forged.status).toBe(200);
    expect(await stateOf(other.created.orderId)).toMatchObject({
      booking_status: 'AWAITING_DEPOSIT',
    });

    const delivered = await toss.deposit(created.orderId, { callbackUrl: webhookUrl });
    expect(delivered.status).toBe(200);
    expect(JSON.parse(delivered.body).data.outcome).toBe('confirmed');
    expect(await stateOf(created.orderId)).toMatchObject({
      booking_status: 'CONFIRMED',
      payment_status: 'DONE',
    });
    // Toss retries, and an older status arrives after the newer one.
    const replay = await toss.resendDepositCallback(
      created.orderId,
      {},
      { callbackUrl: webhookUrl },
    );
    expect(replay.status).toBe(200);
    const stale = await toss.resendDepositCallback(
      created.orderId,
      { status: 'WAITING_FOR_DEPOSIT' },
      { callbackUrl: webhookUrl },
    );
    expect(stale.status).toBe(200);
    const payment = toss.virtualAccount(created.orderId);
    const changed = await toss.sendPaymentStatusChanged(payment?.paymentKey ?? '', webhookUrl);
    expect(changed.status).toBe(200);
    expect(await confirmations(created.orderId)).toBe(1);
    expect(await stateOf(other.created.orderId)).toMatchObject({
      booking_status: 'AWAITING_DEPOSIT',
      payment_status: 'WAITING_FOR_DEPOSIT',
    });
    await expectBookingInvariants(ctx.database.db);
  });

  it('a deposit after our deadline is given back, once the buyer gives an account', async () => {
    const { created, account } = await bookWith({ method: 'VIRTUAL_ACCOUNT', bank: '04' });
    const due = fromSeoulDateTime(created.virtualAccount?.dueAt ?? '');
    ctx.clock.set(new Date(due.getTime() + 1));
    await ctx.app.scheduler.runNow('deposit-expiry');
    expect(await stateOf(created.orderId)).toMatchObject({
      booking_status: 'CANCELED',
      payment_status: 'EXPIRED',
    });
    // Toss's clock is a moment behind ours: the money still arrives.
    const delivered = await toss.deposit(created.orderId, { callbackUrl: webhookUrl });
    expect(delivered.status).toBe(200);
    expect(JSON.parse(delivered.body).data.outcome).toBe('late-awaiting-account');
    expect(await stateOf(created.orderId)).toMatchObject({ failure_code: 'LATE_DEPOSIT' });
    const before = toss.refunds.length;

    // The buyer comes back a day later (a fresh login) and registers an account.
    const back = { cookie: await login(ctx.app, account.username, account.password) };
    expect((await saveRefundAccount(back)).statusCode).toBe(200);
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    const refund = toss.refunds.at(-1);
    expect(toss.refunds.length).toBe(before + 1);
    expect(refund).toMatchObject({
      cancelAmount: PRICE + FEE,
      refundReceiveAccount: { bank: '90', accountNumber: '3333011234567', holderName: '이입금' },
    });
    expect((await stateOf(created.orderId))?.payment_status).toBe('CANCELED');
    // A replay of the deposit notice after the refund changes nothing.
    await toss.resendDepositCallback(created.orderId, {}, { callbackUrl: webhookUrl });
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    expect(toss.refunds.length).toBe(before + 1);
    await expectBookingInvariants(ctx.database.db);
  });

  it('a per-seat cancel of a paid deposit sends part of it to the refund account', async () => {
    const { created, session } = await bookWith({ method: 'VIRTUAL_ACCOUNT', bank: '11' }, 2);
    await toss.deposit(created.orderId, { callbackUrl: webhookUrl });
    expect((await saveRefundAccount(session, '110-555-666777')).statusCode).toBe(200);
    const rows = await bookingRowsOf(ctx.database.db, created.bookingNumber);
    const refunded = await cancelSeats(
      ctx.app,
      session,
      { bookingId: rows.bookingId, bookingNumber: created.bookingNumber },
      [rows.tickets[0]?.ticketId ?? 0],
    );
    expect(refunded).toBe(PRICE + FEE);
    expect(toss.refunds.at(-1)).toMatchObject({
      cancelAmount: PRICE + FEE,
      refundReceiveAccount: { bank: '90', accountNumber: '110555666777' },
    });
    expect(await stateOf(created.orderId)).toMatchObject({
      booking_status: 'CONFIRMED',
      payment_status: 'PARTIAL_CANCELED',
    });
    await expectBookingInvariants(ctx.database.db);
  });
});

describe('간편결제 at Toss', () => {
  it('confirms 네이버페이 with its cash portion and issues the 현금영수증 for that part', async () => {
    const { created, session } = await bookWith({
      method: 'EASY_PAY',
      easyPayProvider: 'NAVERPAY',
      cashReceipt: { type: 'EXPENSE_PROOF', number: '1234567890' },
    });
    expect(created.windowOptions).toEqual({ flowMode: 'DIRECT', easyPay: 'NAVERPAY' });
    paymentSequence += 1;
    const paymentKey = `tgen_easy_${paymentSequence}_${Date.now()}`;
    toss.setEasyPay(paymentKey, { provider: '네이버페이', amount: 30_000 });
    await payAtToss(ctx.app, session, created, paymentKey);
    const [row] = await queryRows<{
      method: string;
      easy_pay_provider: string;
      cash_amount: number;
      cash_receipt_issue_number: string | null;
    }>(
      ctx.database.db,
      sql`select method, easy_pay_provider, cash_amount, cash_receipt_issue_number
            from payments where order_id = ${created.orderId}`,
    );
    expect(row).toMatchObject({
      method: 'EASY_PAY',
      easy_pay_provider: 'NAVERPAY',
      cash_amount: 30_000,
    });
    const receipt = toss.cashReceipts.find((r) => r.orderId === created.orderId);
    expect(receipt).toMatchObject({
      amount: 30_000,
      type: '지출증빙',
      customerIdentityNumber: '1234567890',
    });
    expect(row?.cash_receipt_issue_number).toBe(receipt?.issueNumber);
    await expectBookingInvariants(ctx.database.db);
  });
});
