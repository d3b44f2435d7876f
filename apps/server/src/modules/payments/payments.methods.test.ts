import {
  type BookingCreated,
  type BookingDetail,
  type BookingSummary,
} from '@curtaincall/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { addDays, fromSeoulDateTime, toSeoulDate } from '../../lib/seoul-time';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { expectBookingInvariants } from '../../../test/helpers/invariants';
import { admit, holdSeats, type BuyerSession } from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

/**
 * Issue 28 through the front door on the sandbox provider (nothing configured): every method
 * end to end, the 가상계좌's deadline with the test clock, the test bank page's deposit, and the
 * notices a provider may send again, late or forged. Every test ends with the booking rules.
 */
const PRICE = 30_000;
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
beforeEach(() => ctx.clock.set(today));

/** A show `days` away, on sale until the day before, every seat PRICE. */
async function showIn(days: number, seats = 12) {
  const now = ctx.clock.now();
  const concertDate = addDays(toSeoulDate(now), days);
  const { id } = await createConcert(ctx.database.db, {
    sellerId: seller.id,
    totalSeats: seats,
    maxTicketsPerUser: 4,
    concertDate,
    bookingStartAt: new Date(now.getTime() - DAY),
    bookingEndAt: fromSeoulDateTime(`${addDays(concertDate, -1)}T12:00:00`),
  });
  await ctx.database.db.execute(
    sql`update seat_grades set price = ${PRICE} where concert_id = ${id}`,
  );
  return { concertId: id, concertDate };
}

async function buyerAt(concertId: number) {
  const account = await createLoggedInUser(ctx.app, ctx.database.db);
  const session = await admit(ctx.app, concertId, account);
  return { account, session };
}

function postBooking(concertId: number, session: BuyerSession, seatIds: number[], payment: object) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: session.cookie, 'content-type': 'application/json' },
    payload: { concertId, concertSeatIds: seatIds, payment },
  });
}

async function bookWith(concertId: number, payment: object, seats = 1) {
  const buyer = await buyerAt(concertId);
  const seatIds = await holdSeats(ctx.app, concertId, buyer.session, seats);
  const response = await postBooking(concertId, buyer.session, seatIds, payment);
  expect(response.statusCode, response.body).toBe(201);
  return { ...buyer, seatIds, created: response.json().data as BookingCreated };
}

async function detail(cookie: string, bookingNumber: string): Promise<BookingDetail> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/mypage/bookingDetail/${bookingNumber}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as BookingDetail;
}

async function stateOf(bookingNumber: string) {
  const [row] = await queryRows<{
    booking_status: string;
    payment_status: string;
    method: string | null;
    easy_pay_provider: string | null;
    cash_amount: number | null;
    cash_receipt_issue_number: string | null;
    cash_receipt_number_encrypted: string | null;
    payment_deadline: Date | string | null;
  }>(
    ctx.database.db,
    sql`select b.status as booking_status, p.status as payment_status, p.method,
               p.easy_pay_provider, p.cash_amount, p.cash_receipt_issue_number,
               p.cash_receipt_number_encrypted, b.payment_deadline
          from bookings b join payments p on p.booking_id = b.id
         where b.booking_number = ${bookingNumber} order by p.id desc limit 1`,
  );
  if (!row) throw new Error(`no booking ${bookingNumber}`);
  return row;
}

async function seatStatuses(seatIds: number[]) {
  const rows = await queryRows<{ id: number; status: string }>(
    ctx.database.db,
    sql`select id, status from concert_seats
         where id = any(${`{${seatIds.join(',')}}`}::int[]) order by id`,
  );
  return rows.map((r) => r.status);
}

/** The test bank page's 입금하기. */
function deposit(accountNumber: string, amount: number) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/sandbox-payments/bank',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ accountNumber, amount: String(amount) }).toString(),
  });
}

/** A Toss-shaped notice sent by anyone to the webhook route. */
function notice(body: object) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/toss/payment-updates',
    headers: { 'content-type': 'application/json' },
    payload: body,
  });
}

describe('간편결제 in the sandbox', () => {
  it('pays with 카카오페이 머니: EASY_PAY with its provider, the cash portion receipted', async () => {
    const { concertId } = await showIn(20);
    const buyer = await bookWith(concertId, {
      method: 'EASY_PAY',
      easyPayProvider: 'KAKAOPAY',
      cashReceipt: { type: 'INCOME_DEDUCTION', number: '010-1234-5678' },
    });
    const { created } = buyer;
    expect(created.method).toBe('EASY_PAY');
    expect(created.windowOptions).toEqual({ flowMode: 'DIRECT', easyPay: 'KAKAOPAY' });
    const checkout = new URL(created.checkoutUrl ?? '');
    expect(checkout.searchParams.get('method')).toBe('EASY_PAY');
    expect(checkout.searchParams.get('easyPay')).toBe('KAKAOPAY');

    const page = await ctx.app.inject({
      method: 'GET',
      url: `${checkout.pathname}${checkout.search}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('카카오페이');
    expect(page.body).toContain('테스트 결제');

    const approved = await ctx.app.inject({
      method: 'POST',
      url: checkout.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        orderId: created.orderId,
        orderName: created.orderName,
        amount: String(created.amount),
        customerName: created.customerName,
        method: 'EASY_PAY',
        easyPay: 'KAKAOPAY',
        fundingSource: 'MONEY',
      }).toString(),
    });
    expect(approved.statusCode, approved.body).toBe(302);
    const callback = new URL(String(approved.headers.location));
    const landed = await ctx.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: buyer.session.cookie },
    });
    expect(String(landed.headers.location)).toContain('/payment/result/success');

    const state = await stateOf(created.bookingNumber);
    expect(state).toMatchObject({
      booking_status: 'CONFIRMED',
      payment_status: 'DONE',
      method: 'EASY_PAY',
      easy_pay_provider: 'KAKAOPAY',
      cash_amount: PRICE + FEE,
    });
    expect(state.cash_receipt_issue_number).toMatch(/^\d+$/);
    // The number is sealed at rest, shown back masked only.
    expect(state.cash_receipt_number_encrypted).not.toContain('01012345678');
    const shown = await detail(buyer.session.cookie, created.bookingNumber);
    expect(shown.paymentMethod).toBe('EASY_PAY');
    expect(shown.payment).toMatchObject({
      method: 'EASY_PAY',
      methodLabel: '간편결제',
      detail: '카카오페이',
      cashReceipt: { type: 'INCOME_DEDUCTION', maskedNumber: '*******5678', amount: PRICE + FEE },
    });
    await expectBookingInvariants(ctx.database.db);
  });

  it('refuses 할부 below 50,000원 and a cash receipt for a card, next to the field', async () => {
    const { concertId } = await showIn(20);
    const buyer = await buyerAt(concertId);
    const seatIds = await holdSeats(ctx.app, concertId, buyer.session, 1);
    const installment = await postBooking(concertId, buyer.session, seatIds, {
      method: 'CARD',
      installmentMonths: 3,
    });
    expect(installment.statusCode).toBe(400);
    expect(installment.json().errors).toEqual([
      {
        field: 'payment.installmentMonths',
        message: '할부는 50,000원 이상 결제할 때만 선택할 수 있습니다.',
      },
    ]);
    const wrongNumber = await postBooking(concertId, buyer.session, seatIds, {
      method: 'EASY_PAY',
      easyPayProvider: 'PAYCO',
      cashReceipt: { type: 'INCOME_DEDUCTION', number: '12345' },
    });
    expect(wrongNumber.statusCode).toBe(400);
    expect(JSON.stringify(wrongNumber.json().errors)).toContain('현금영수증 번호를 확인해주세요');
    // Nothing was booked: the seat is still the buyer's hold.
    expect(await seatStatuses(seatIds)).toEqual(['RESERVED']);
    await expectBookingInvariants(ctx.database.db);
  });
});

describe('가상계좌 in the sandbox', () => {
  it('issues an account: AWAITING_DEPOSIT, seats taken, due 23:59 of the next day', async () => {
    const { concertId } = await showIn(20);
    const buyer = await bookWith(concertId, { method: 'VIRTUAL_ACCOUNT', bank: '20' }, 2);
    const account = buyer.created.virtualAccount;
    expect(account).toMatchObject({
      bankCode: '20',
      bankName: '우리은행',
      amount: 2 * (PRICE + FEE),
      dueAt: `${addDays(toSeoulDate(ctx.clock.now()), 1)}T23:59:59`,
    });
    expect(account?.accountNumber).toMatch(/^\d{10,16}$/);
    expect(account?.testBankUrl).toContain('/api/v1/sandbox-payments/bank?accountNumber=');
    expect(buyer.created.checkoutUrl).toBeUndefined();
    expect(await stateOf(buyer.created.bookingNumber)).toMatchObject({
      booking_status: 'AWAITING_DEPOSIT',
      payment_status: 'WAITING_FOR_DEPOSIT',
      method: 'VIRTUAL_ACCOUNT',
    });
    expect(await seatStatuses(buyer.seatIds)).toEqual(['BOOKED', 'BOOKED']);
    const shown = await detail(buyer.session.cookie, buyer.created.bookingNumber);
    expect(shown.bookingStatus).toBe('AWAITING_DEPOSIT');
    expect(shown.payment?.virtualAccount?.accountNumber).toBe(account?.accountNumber);
    // My page's list names the account too (복사 there), and the spec's method field says it.
    expect(shown.paymentMethod).toBe('VIRTUAL_ACCOUNT');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/mypage/booking',
      headers: { cookie: buyer.session.cookie },
    });
    const listed = (list.json().data as BookingSummary[]).find(
      (b) => b.bookingNumber === buyer.created.bookingNumber,
    );
    expect(listed).toMatchObject({
      bookingStatus: 'AWAITING_DEPOSIT',
      virtualAccount: { accountNumber: account?.accountNumber, amount: account?.amount },
    });
    await expectBookingInvariants(ctx.database.db);
  });

  it('a deposit of the full amount confirms once; a wrong amount is refused with a reason', async () => {
    const { concertId } = await showIn(20);
    const buyer = await bookWith(concertId, {
      method: 'VIRTUAL_ACCOUNT',
      bank: '88',
      cashReceipt: { type: 'EXPENSE_PROOF', number: '123-45-67890' },
    });
    const account = buyer.created.virtualAccount;
    if (!account) throw new Error('no account issued');

    const short = await deposit(account.accountNumber, account.amount - 1);
    expect(short.body).toContain('입금액이 주문 금액과 다릅니다');
    expect((await stateOf(buyer.created.bookingNumber)).booking_status).toBe('AWAITING_DEPOSIT');

    const paid = await deposit(account.accountNumber, account.amount);
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('입금이 완료되었습니다');
    expect(await stateOf(buyer.created.bookingNumber)).toMatchObject({
      booking_status: 'CONFIRMED',
      payment_status: 'DONE',
      cash_amount: account.amount,
    });
    expect(await seatStatuses(buyer.seatIds)).toEqual(['BOOKED']);

    // The provider says it again (Toss retries; a replayed webhook): nothing changes.
    const replay = await notice({ orderId: buyer.created.orderId, status: 'DONE', secret: 'x' });
    expect(replay.statusCode).toBe(200);
    const again = await deposit(account.accountNumber, account.amount);
    expect(again.body).toContain('이미 입금이 완료된 계좌입니다');
    const [confirmations] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from payments p join bookings b on b.id = p.booking_id
           where b.booking_number = ${buyer.created.bookingNumber} and p.status = 'DONE'`,
    );
    expect(Number(confirmations?.n)).toBe(1);
    const shown = await detail(buyer.session.cookie, buyer.created.bookingNumber);
    expect(shown.payment?.cashReceipt).toMatchObject({
      type: 'EXPENSE_PROOF',
      typeLabel: '지출증빙',
    });
    await expectBookingInvariants(ctx.database.db);
  });

  it('a forged notice changes nothing (the provider is asked, not the body)', async () => {
    const { concertId } = await showIn(20);
    const buyer = await bookWith(concertId, { method: 'VIRTUAL_ACCOUNT', bank: '04' });
    const forged = await notice({
      eventType: 'PAYMENT_STATUS_CHANGED',
      data: { orderId: buyer.created.orderId, status: 'DONE' },
    });
    // The sandbox's account was not paid, so the provider says WAITING: ignored, not confirmed.
    expect(forged.statusCode).toBe(200);
    expect(forged.json().data.outcome).toMatch(/^ignored/);
    const unknown = await notice({ orderId: 'not-an-order-of-ours', status: 'DONE' });
    expect(unknown.statusCode).toBe(200);
    expect(await stateOf(buyer.created.bookingNumber)).toMatchObject({
      booking_status: 'AWAITING_DEPOSIT',
      payment_status: 'WAITING_FOR_DEPOSIT',
    });
    expect(await seatStatuses(buyer.seatIds)).toEqual(['BOOKED']);
    await expectBookingInvariants(ctx.database.db);
  });

  it('at the deadline unpaid orders expire, seats return, and the waiting list hears it', async () => {
    const { concertId } = await showIn(20, 2);
    const buyer = await bookWith(concertId, { method: 'VIRTUAL_ACCOUNT', bank: '20' }, 2);
    const fan = await buyerAt(concertId);
    const alert = await ctx.app.inject({
      method: 'PUT',
      url: `/api/notifications/concert-alerts/${concertId}/seats-released`,
      headers: { cookie: fan.session.cookie },
    });
    expect(alert.statusCode, alert.body).toBe(200);
    const due = fromSeoulDateTime(buyer.created.virtualAccount?.dueAt ?? '');

    ctx.clock.set(new Date(due.getTime() - 1_000));
    await ctx.app.scheduler.runNow('deposit-expiry');
    expect((await stateOf(buyer.created.bookingNumber)).booking_status).toBe('AWAITING_DEPOSIT');

    ctx.clock.set(new Date(due.getTime() + 1));
    await ctx.app.scheduler.runNow('deposit-expiry');
    expect(await stateOf(buyer.created.bookingNumber)).toMatchObject({
      booking_status: 'CANCELED',
      payment_status: 'EXPIRED',
    });
    expect(await seatStatuses(buyer.seatIds)).toEqual(['AVAILABLE', 'AVAILABLE']);
    const [alerted] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from user_notifications
           where user_id = ${fan.account.id} and kind = 'SEATS_RELEASED'`,
    );
    expect(Number(alerted?.n)).toBe(1);
    // The bank refuses a deposit after the deadline; nothing else changed.
    const late = await deposit(
      buyer.created.virtualAccount?.accountNumber ?? '',
      2 * (PRICE + FEE),
    );
    expect(late.body).toContain('입금 기한이 지난 계좌입니다');
    expect((await stateOf(buyer.created.bookingNumber)).booking_status).toBe('CANCELED');
    await expectBookingInvariants(ctx.database.db);
  });

  it('is not offered when sales close too soon for a deposit, nor when the seller turned it off', async () => {
    // The booking window closes in 10 minutes: no time left for a bank transfer.
    const soon = await showIn(20);
    await ctx.database.db.execute(
      sql`update concerts set booking_end_at = ${new Date(ctx.clock.now().getTime() + 600_000)}
           where id = ${soon.concertId}`,
    );
    const buyer = await buyerAt(soon.concertId);
    const seatIds = await holdSeats(ctx.app, soon.concertId, buyer.session, 1);
    const refused = await postBooking(soon.concertId, buyer.session, seatIds, {
      method: 'VIRTUAL_ACCOUNT',
      bank: '20',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].field).toBe('payment.method');

    const off = await showIn(20);
    await ctx.database.db.execute(
      sql`update concerts set virtual_account_enabled = false where id = ${off.concertId}`,
    );
    const other = await buyerAt(off.concertId);
    const otherSeats = await holdSeats(ctx.app, off.concertId, other.session, 1);
    const disabled = await postBooking(off.concertId, other.session, otherSeats, {
      method: 'VIRTUAL_ACCOUNT',
      bank: '20',
    });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().errors[0].message).toBe('이 공연은 가상계좌 결제를 받지 않습니다.');
    expect(await seatStatuses([...seatIds, ...otherSeats])).toEqual(['RESERVED', 'RESERVED']);
    await expectBookingInvariants(ctx.database.db);
  });

  it('a paid deposit is cancelled only with a refund account, and goes back to it', async () => {
    const { concertId } = await showIn(20);
    const buyer = await bookWith(concertId, { method: 'VIRTUAL_ACCOUNT', bank: '20' });
    const account = buyer.created.virtualAccount;
    if (!account) throw new Error('no account issued');
    await deposit(account.accountNumber, account.amount);
    const [row] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from bookings where booking_number = ${buyer.created.bookingNumber}`,
    );
    const cancel = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/bookings/${row?.id}/cancel`,
        headers: { cookie: buyer.session.cookie },
      });
    const withoutAccount = await cancel();
    expect(withoutAccount.statusCode).toBe(409);
    expect(withoutAccount.json().code).toBe('M007');
    expect((await stateOf(buyer.created.bookingNumber)).booking_status).toBe('CONFIRMED');

    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/refund-account',
      headers: { cookie: buyer.session.cookie, 'content-type': 'application/json' },
      payload: { bank: '88', accountNumber: '110-123-456789', holder: '김환불' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const cancelled = await cancel();
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [refund] = await queryRows<{ amount: number; refund_account_masked: string }>(
      ctx.database.db,
      sql`select pc.amount, pc.refund_account_masked from payment_cancellations pc
            join payments p on p.id = pc.payment_id
            join bookings b on b.id = p.booking_id
           where b.booking_number = ${buyer.created.bookingNumber} and pc.status = 'DONE'`,
    );
    // Cancelled on the booking day, 20 days ahead: free, the booking fee given back too.
    expect(Number(refund?.amount)).toBe(PRICE + FEE);
    expect(refund?.refund_account_masked).toBe('신한은행 ********6789');
    expect(await seatStatuses(buyer.seatIds)).toEqual(['AVAILABLE']);
    await expectBookingInvariants(ctx.database.db);
  });
});

describe('the OpenAPI document', () => {
  it('shows the methods in the booking examples and the webhook with an example', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const booking = JSON.stringify(doc.paths['/api/bookings']?.post);
    expect(booking).toContain('VIRTUAL_ACCOUNT');
    expect(booking).toContain('KAKAOPAY');
    expect(booking).toContain('20012345678901');
    const webhook = JSON.stringify(doc.paths['/api/v1/webhooks/toss/payment-updates']?.post);
    expect(webhook).toContain('"example":{');
    expect(webhook).toContain('ps_eqRGgYO1r57E4Z541ZMW3QnN2Eya');
  });
});
