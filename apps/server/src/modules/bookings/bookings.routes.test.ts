import { randomBytes } from 'node:crypto';
import { sign } from '@fastify/cookie';
import {
  bookingMessages,
  formatSeatLabel,
  pricingMessages,
  promoMessages,
  ticketTypeMessages,
  type BookingCreated,
  type SeatEntry,
} from '@curtaincall/contracts';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentProviderPort } from '../../adapters/payment-provider/payment-provider';
import {
  createSandboxPaymentProvider,
  sandboxTestCards,
} from '../../adapters/payment-provider/sandbox-payment-provider';
import { createDatabaseSessionStore } from '../../adapters/session-store/database-session-store';
import { createRedisSessionStore } from '../../adapters/session-store/redis-session-store';
import { queryRows } from '../../db/client';
import { toSeoulDate } from '../../lib/seoul-time';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createConcert, createLoggedInUser, insertUsers } from '../../../test/helpers/factories';
import { promoCodeBody } from '../../../test/helpers/promo-codes';

const SECRET = 'bookings-test-secret-0123456789abcdef0123456789';
let ctx: TestContext;
let sellerId: number;
let sellerCookie: string;
/** Runs inside the provider's confirm, between the callback's checks and its transaction. */
let duringConfirm: (() => Promise<void>) | null = null;
const sandbox = createSandboxPaymentProvider({ secret: SECRET });
const confirmCalls: string[] = [];
const refunds: Array<{ paymentKey: string; amount: number; idempotencyKey: string }> = [];
const provider: PaymentProviderPort & { issuePaymentKey: typeof sandbox.issuePaymentKey } = {
  name: 'sandbox',
  clientKey: 'sandbox',
  issuePaymentKey: sandbox.issuePaymentKey,
  // Issue 28's calls, as the sandbox answers them: this test watches confirms and refunds only.
  issueVirtualAccount: (request) => sandbox.issueVirtualAccount(request),
  getPayment: (paymentKey) => sandbox.getPayment(paymentKey),
  issueCashReceipt: (request) => sandbox.issueCashReceipt(request),
  async confirm(request) {
    confirmCalls.push(request.orderId);
    const hook = duringConfirm;
    duringConfirm = null;
    if (hook) await hook();
    return sandbox.confirm(request);
  },
  async cancel(request) {
    refunds.push(request);
    return sandbox.cancel(request);
  },
};

type Buyer = Awaited<ReturnType<typeof createLoggedInUser>> & { key: string };

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      SESSION_SECRET: SECRET,
      QUEUE_CAPACITY: '1000',
      QUEUE_RATE_PER_MINUTE: '100000',
      SEAT_RATE_PER_MINUTE: '100000',
    },
    overrides: { paymentProvider: provider },
  });
  const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  sellerId = seller.id;
  sellerCookie = seller.cookie;
});
afterAll(async () => ctx?.close());

async function newConcert(overrides: Parameters<typeof createConcert>[1] | object = {}) {
  return (await createConcert(ctx.database.db, { sellerId, totalSeats: 30, ...overrides })).id;
}

async function admitted(concertId: number): Promise<Buyer> {
  const user = await createLoggedInUser(ctx.app, ctx.database.db);
  const entry = await ctx.app.inject({
    method: 'POST',
    url: `/api/queue/enter?concertId=${concertId}`,
    headers: { cookie: user.cookie },
  });
  const key: unknown = entry.json().data?.accessKey;
  if (typeof key !== 'string') throw new Error(`not admitted: ${entry.body}`);
  return { ...user, key };
}

async function seatsOf(concertId: number, buyer: Buyer): Promise<SeatEntry[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/seats/concerts/${concertId}/status`,
    headers: { cookie: buyer.cookie, 'x-access-key': buyer.key },
  });
  return response.json().data;
}

async function hold(concertId: number, buyer: Buyer, seatId: number) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/seats/concerts/${concertId}/seats/${seatId}/reserve`,
    headers: { cookie: buyer.cookie, 'x-access-key': buyer.key },
  });
}

function book(buyer: { cookie: string }, concertId: number, concertSeatIds: number[]) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
    payload: { concertId, concertSeatIds },
  });
}

/** The browser's round trip through the sandbox window: returns where the window sends it. */
async function payInWindow(created: BookingCreated, card: string) {
  const checkoutUrl = new URL(created.checkoutUrl ?? '');
  const page = await ctx.app.inject({
    method: 'GET',
    url: `${checkoutUrl.pathname}${checkoutUrl.search}`,
  });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(created.orderName);
  expect(page.body).toContain(`${created.amount.toLocaleString('ko-KR')}원`);
  const submit = await ctx.app.inject({
    method: 'POST',
    url: checkoutUrl.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      orderId: created.orderId,
      orderName: created.orderName,
      amount: String(created.amount),
      customerName: created.customerName,
      cardNumber: card,
      expiry: '12/39',
      installment: '0',
    }).toString(),
  });
  expect(submit.statusCode).toBe(302);
  return new URL(String(submit.headers.location));
}

/**
 * Follows a provider redirect into our callback; returns the SPA result page it lands on. The
 * buyer's own browser brings their session cookie; without `cookie` it is someone else's request.
 */
async function followCallback(callback: URL, cookie?: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    ...(cookie ? { headers: { cookie } } : {}),
  });
  expect(response.statusCode).toBe(302);
  return new URL(String(response.headers.location));
}

async function stateOf(bookingNumber: string) {
  const [row] = await queryRows<{
    booking_status: string;
    payment_status: string;
    payment_key: string | null;
    method: string | null;
  }>(
    ctx.database.db,
    sql`select b.status as booking_status, p.status as payment_status, p.payment_key, p.method
          from bookings b join payments p on p.booking_id = b.id
          where b.booking_number = ${bookingNumber} order by p.id desc limit 1`,
  );
  return row;
}

async function seatRows(seatIds: number[]) {
  return queryRows<{ id: number; status: string; held_by_user_id: number | null }>(
    ctx.database.db,
    sql`select id, status, held_by_user_id from concert_seats
          where id in (${sql.join(
            seatIds.map((id) => sql`${id}`),
            sql`, `,
          )}) order by id`,
  );
}

/** A buyer admitted to a fresh concert holding its first `count` seats. */
async function buyerHolding(count: number, concertOverrides: object = {}) {
  const concertId = await newConcert(concertOverrides);
  const buyer = await admitted(concertId);
  const seats = (await seatsOf(concertId, buyer)).slice(0, count);
  for (const seat of seats)
    expect((await hold(concertId, buyer, seat.seatId)).statusCode).toBe(200);
  const prices = await queryRows<{ price: number }>(
    ctx.database.db,
    sql`select g.price from concert_seats s join seat_grades g on g.id = s.grade_id
          where s.id in (${sql.join(
            seats.map((s) => sql`${s.seatId}`),
            sql`, `,
          )})`,
  );
  const expectedAmount = prices.reduce((sum, r) => sum + Number(r.price) + 2_000, 0);
  return { concertId, buyer, seatIds: seats.map((s) => s.seatId), expectedAmount };
}

describe('POST /bookings and the sandbox payment', () => {
  it('books held seats, charges grade prices plus 2,000원 each, and pays through the window', async () => {
    const { concertId, buyer, seatIds, expectedAmount } = await buyerHolding(2);
    const response = await book(buyer, concertId, seatIds);
    expect(response.statusCode).toBe(201);
    const created: BookingCreated = response.json().data;
    expect(created).toMatchObject({
      amount: expectedAmount,
      provider: 'sandbox',
      clientKey: 'sandbox',
      customerName: expect.any(String),
      successUrl: expect.stringMatching(/\/api\/v1\/payments\/success$/),
      failUrl: expect.stringMatching(/\/api\/v1\/payments\/fail$/),
      paymentDeadlineSeconds: 600,
    });
    expect(created.orderId).toMatch(/^[A-Za-z0-9_=-]{6,64}$/);
    expect(created.bookingNumber).toMatch(/^CC-[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    // The holds now last until the payment deadline.
    const mine = (await seatsOf(concertId, buyer)).filter((s) => seatIds.includes(s.seatId));
    expect(mine.every((s) => s.isReservedByCurrentUser && (s.remainingSeconds ?? 0) > 590)).toBe(
      true,
    );

    const callback = await payInWindow(created, sandboxTestCards.approve);
    expect(callback.pathname).toBe('/api/v1/payments/success');
    expect(callback.searchParams.get('amount')).toBe(String(expectedAmount));
    const result = await followCallback(callback);
    expect(result.pathname).toBe('/payment/result/success');
    expect(result.searchParams.get('bookingNumber')).toBe(created.bookingNumber);
    expect(result.searchParams.get('orderId')).toBe(created.orderId);
    expect(await stateOf(created.bookingNumber)).toMatchObject({
      booking_status: 'CONFIRMED',
      payment_status: 'DONE',
      method: 'CARD',
    });
    expect((await seatRows(seatIds)).map((s) => [s.status, s.held_by_user_id])).toEqual([
      ['BOOKED', null],
      ['BOOKED', null],
    ]);

    // The same callback again (a reload, a retry): same page, nothing confirmed twice.
    const confirmsBefore = confirmCalls.filter((id) => id === created.orderId).length;
    const again = await followCallback(callback);
    expect(again.pathname).toBe('/payment/result/success');
    expect(confirmCalls.filter((id) => id === created.orderId).length).toBe(confirmsBefore);
    const [payments] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from payments where order_id = ${created.orderId} and status = 'DONE'`,
    );
    expect(Number(payments?.n)).toBe(1);
  });

  it('duplicate success callbacks sent at once confirm one payment', async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(1);
    const created: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    const callback = await payInWindow(created, sandboxTestCards.approve);
    const pages = await Promise.all([1, 2, 3].map(() => followCallback(callback)));
    expect(pages.map((p) => p.pathname)).toEqual(Array(3).fill('/payment/result/success'));
    expect((await stateOf(created.bookingNumber))?.payment_status).toBe('DONE');
    expect((await seatRows(seatIds))[0]?.status).toBe('BOOKED');
    expect(refunds.filter((r) => r.idempotencyKey.includes(created.orderId))).toEqual([]);
  });

  it('a tampered amount is refused with M001 and nothing is confirmed', async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(1);
    const created: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    const callback = await payInWindow(created, sandboxTestCards.approve);
    callback.searchParams.set('amount', '100');
    const result = await followCallback(callback);
    expect(result.pathname).toBe('/payment/result/fail');
    expect(result.searchParams.get('code')).toBe('M001');
    expect(result.searchParams.get('bookingNumber')).toBe(created.bookingNumber);
    expect(confirmCalls).not.toContain(created.orderId);
    expect((await stateOf(created.bookingNumber))?.payment_status).toBe('PENDING');
  });

  it('a payment key the window did not sign leaves the order and seats held unless the owner brings it', async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(1);
    const created: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    const forged = new URL(`http://x/api/v1/payments/success`);
    forged.searchParams.set(
      'paymentKey',
      sandbox.issuePaymentKey(created.orderId, created.amount + 1, 'approve'),
    );
    forged.searchParams.set('orderId', created.orderId);
    forged.searchParams.set('amount', String(created.amount));
    const stranger = await createLoggedInUser(ctx.app, ctx.database.db);
    // Anyone holding the orderId, anonymous or logged in as someone else: nothing changes.
    for (const cookie of [undefined, stranger.cookie]) {
      const result = await followCallback(forged, cookie);
      expect(result.pathname).toBe('/payment/result/fail');
      expect(result.searchParams.get('code')).toBe('INVALID_PAYMENT_KEY');
      expect(result.searchParams.get('bookingNumber')).toBe(created.bookingNumber);
      expect(await stateOf(created.bookingNumber)).toMatchObject({
        booking_status: 'PENDING_PAYMENT',
        payment_status: 'PENDING',
      });
      expect(await seatRows(seatIds)).toEqual([
        { id: seatIds[0], status: 'RESERVED', held_by_user_id: buyer.id },
      ]);
    }
    // The buyer can still pay for it.
    const paid = await followCallback(await payInWindow(created, sandboxTestCards.approve));
    expect(paid.pathname).toBe('/payment/result/success');
    expect((await seatRows(seatIds))[0]?.status).toBe('BOOKED');
  });

  it("the owner's own browser with a refused payment key frees the seats at once", async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(1);
    const created: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    const forged = new URL(`http://x/api/v1/payments/success`);
    forged.searchParams.set('paymentKey', 'sbx_approve_not-a-real-key');
    forged.searchParams.set('orderId', created.orderId);
    forged.searchParams.set('amount', String(created.amount));
    const result = await followCallback(forged, buyer.cookie);
    expect(result.pathname).toBe('/payment/result/fail');
    expect(result.searchParams.get('code')).toBe('INVALID_PAYMENT_KEY');
    expect(await stateOf(created.bookingNumber)).toMatchObject({
      booking_status: 'CANCELED',
      payment_status: 'FAILED',
    });
    expect((await seatRows(seatIds))[0]?.status).toBe('AVAILABLE');
  });

  it('a declined card lands on the failure page with code, message and booking number; seats free', async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(2);
    const created: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    const callback = await payInWindow(created, sandboxTestCards.decline);
    expect(callback.pathname).toBe('/api/v1/payments/fail');
    const result = await followCallback(callback, buyer.cookie);
    expect(result.pathname).toBe('/payment/result/fail');
    expect(Object.fromEntries(result.searchParams)).toEqual({
      orderId: created.orderId,
      bookingNumber: created.bookingNumber,
      code: 'REJECT_CARD_COMPANY',
      message: '카드사에서 승인을 거절했습니다.',
    });
    expect((await stateOf(created.bookingNumber))?.payment_status).toBe('FAILED');
    expect((await seatRows(seatIds)).every((s) => s.status === 'AVAILABLE')).toBe(true);
    // The failure page's lookup works for the failed booking.
    const outline = await ctx.app.inject({
      method: 'GET',
      url: `/api/bookings/${created.bookingNumber}`,
      headers: { cookie: buyer.cookie },
    });
    expect(outline.statusCode).toBe(200);
    expect(outline.json().data).toMatchObject({
      bookingNumber: created.bookingNumber,
      totalAmount: created.amount,
      paymentStatus: 'FAILED',
      paymentMethod: null,
    });
    expect(outline.json().data.seatLabels).toHaveLength(2);
  });

  it("a failure callback without the owner's session shows the failure page and changes nothing", async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(2);
    const created: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    const callback = new URL('http://x/api/v1/payments/fail');
    callback.searchParams.set('code', 'PAY_PROCESS_CANCELED');
    callback.searchParams.set('message', '사용자에 의해 결제가 취소되었습니다.');
    callback.searchParams.set('orderId', created.orderId);
    const stranger = await createLoggedInUser(ctx.app, ctx.database.db);
    for (const cookie of [undefined, stranger.cookie]) {
      const result = await followCallback(callback, cookie);
      expect(result.pathname).toBe('/payment/result/fail');
      expect(result.searchParams.get('code')).toBe('PAY_PROCESS_CANCELED');
      expect(result.searchParams.get('bookingNumber')).toBe(created.bookingNumber);
      expect(await stateOf(created.bookingNumber)).toMatchObject({
        booking_status: 'PENDING_PAYMENT',
        payment_status: 'PENDING',
      });
      expect((await seatRows(seatIds)).map((s) => [s.status, s.held_by_user_id])).toEqual([
        ['RESERVED', buyer.id],
        ['RESERVED', buyer.id],
      ]);
    }
    // Left alone, the unpaid booking still ends at its deadline.
    ctx.clock.advance(10 * 60_000 + 1_000);
    await ctx.app.scheduler.runNow('unpaid-booking-expiry');
    expect((await stateOf(created.bookingNumber))?.payment_status).toBe('EXPIRED');
    expect((await seatRows(seatIds)).every((s) => s.status === 'AVAILABLE')).toBe(true);
    ctx.clock.advance(-10 * 60_000 - 1_000);
  });

  it('a confirm refused by the provider fails the payment and frees the seats', async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(1);
    const created: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    const result = await followCallback(await payInWindow(created, sandboxTestCards.confirmFails));
    expect(result.pathname).toBe('/payment/result/fail');
    expect(result.searchParams.get('code')).toBe('FAILED_INTERNAL_SYSTEM_PROCESSING');
    expect((await seatRows(seatIds))[0]?.status).toBe('AVAILABLE');
  });

  it('a mistyped card number stays on the window with a Korean error', async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(1);
    const created: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sandbox-payments/checkout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        orderId: created.orderId,
        amount: String(created.amount),
        cardNumber: '4242 4242 4242 4241',
        expiry: '12/39',
      }).toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('카드 번호를 다시 확인해주세요.');
  });

  it('the window shows the order’s seats as its booking priced them, above the card form', async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(2);
    const asSeller = { cookie: sellerCookie, 'content-type': 'application/json' };
    const type = await ctx.app.inject({
      method: 'POST',
      url: `/api/seller/concerts/${concertId}/ticket-types`,
      headers: asSeller,
      payload: {
        kind: 'DISABLED_SEVERE',
        // Seller text goes into the page escaped.
        name: '장애인 <심한> & 동반',
        discountKind: 'PERCENT',
        discountValue: 50,
        proofRequired: true,
        companionAllowed: true,
      },
    });
    expect(type.statusCode, type.body).toBe(201);
    const code = await ctx.app.inject({
      method: 'POST',
      url: `/api/seller/concerts/${concertId}/promo-codes`,
      headers: asSeller,
      payload: promoCodeBody({ code: 'FAN5000', discountKind: 'AMOUNT', discountValue: 5_000 }),
    });
    expect(code.statusCode, code.body).toBe(201);
    const [holder = 0, companion = 0] = seatIds;
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
      payload: {
        concertId,
        concertSeatIds: seatIds,
        seatTypes: [
          { concertSeatId: holder, ticketTypeId: type.json().data.id },
          { concertSeatId: companion, companionOfSeatId: holder },
        ],
        promoCode: 'FAN5000',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const created: BookingCreated = booked.json().data;
    const checkoutUrl = new URL(created.checkoutUrl ?? '');
    const page = await ctx.app.inject({
      method: 'GET',
      url: `${checkoutUrl.pathname}${checkoutUrl.search}`,
    });
    expect(page.statusCode).toBe(200);
    const html = page.body;
    // Nothing inline for the CSP to refuse: the table is styled by the window's stylesheet.
    expect(html).not.toMatch(/ style=|<style|<script>/);
    expect(html.indexOf('<h2 id="lines-title">결제 내역</h2>')).toBeGreaterThan(0);
    expect(html.indexOf('결제 내역')).toBeLessThan(html.indexOf('<form'));

    const cellsOf = (row: string) =>
      [...row.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => cell[1]);
    const rowsOf = (part: string) =>
      [
        ...(new RegExp(`<${part}>([\\s\\S]*?)</${part}>`).exec(html)?.[1] ?? '').matchAll(
          /<tr>(.*?)<\/tr>/g,
        ),
      ].map((row) => cellsOf(row[1] ?? ''));
    const won = (amount: number) => `${amount.toLocaleString('ko-KR')}원`;
    const [holderLine, companionLine] = created.breakdown?.lines ?? [];
    const name = '장애인 &lt;심한&gt; &amp; 동반';
    const proof = '<span class="proof">현장에서 증빙 필요</span>';
    // A seat per column. 150,000원 seats: half off each, the code's 5,000원 off the first.
    expect(rowsOf('thead')).toEqual([
      [
        '좌석',
        formatSeatLabel(holderLine?.seatInfo ?? ''),
        formatSeatLabel(companionLine?.seatInfo ?? ''),
      ],
    ]);
    expect(rowsOf('tbody')).toEqual([
      ['등급', holderLine?.gradeName, companionLine?.gradeName],
      ['권종', `${name}${proof}`, `${name} 동반자${proof}`],
      ['정가', won(150_000), won(150_000)],
      [
        '할인',
        `<span class="discount"><span>-${won(75_000)}</span><span>-${won(5_000)} <span class="code">FAN5000</span></span></span>`,
        `<span class="discount"><span>-${won(75_000)}</span></span>`,
      ],
      ['예매수수료', won(2_000), won(2_000)],
      ['금액', won(72_000), won(77_000)],
    ]);
    expect(rowsOf('tfoot')).toEqual([['총 결제금액', won(created.amount)]]);
    expect(created.amount).toBe(149_000);

    // A refused card number brings the same page back, table and all.
    const refused = await ctx.app.inject({
      method: 'POST',
      url: checkoutUrl.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        orderId: created.orderId,
        orderName: created.orderName,
        amount: String(created.amount),
        cardNumber: '4242 4242 4242 4241',
        expiry: '12/39',
      }).toString(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('<h2 id="lines-title">결제 내역</h2>');
    expect(refused.body).toContain(`<td class="num" colspan="2">${won(created.amount)}</td>`);

    // An unknown order, or the order's link with another amount: the form alone, as before.
    const withoutTable = [
      '/api/v1/sandbox-payments/checkout?orderId=no-such-order-1&amount=149000',
      `${checkoutUrl.pathname}?${new URLSearchParams({
        orderId: created.orderId,
        orderName: created.orderName,
        amount: String(created.amount + 1),
      }).toString()}`,
    ];
    for (const url of withoutTable) {
      const other = await ctx.app.inject({ method: 'GET', url });
      expect(other.statusCode).toBe(200);
      expect(other.body).toContain('<form');
      expect(other.body).not.toContain('결제 내역');
      expect(other.body).not.toContain('<table');
    }
  });

  it('a refused form keeps what was typed and names the field: a past expiry under 유효기간', async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(1);
    const created: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    const post = (cardNumber: string, expiry: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/sandbox-payments/checkout',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          orderId: created.orderId,
          amount: String(created.amount),
          cardNumber,
          expiry,
          installment: '3',
        }).toString(),
      });
    const expired = await post('4000 0000 0000 0002', '01/20');
    expect(expired.statusCode).toBe(400);
    const html = expired.body;
    expect(html).toContain('value="4000 0000 0000 0002"');
    expect(html).toContain('value="01/20" aria-invalid="true" aria-describedby="expiry-error"');
    expect(html).toMatch(
      /id="expiry-error" role="alert">유효기간이 지난 카드입니다\. 카드에 적힌 유효기간을 확인해주세요\.</,
    );
    expect(html).toContain('<option value="3" selected>');
    expect(html).not.toMatch(/id="card-number"[^>]*aria-invalid/);

    const malformed = await post('4242 4242 4242 4242', '13/40');
    expect(malformed.body).toContain('유효기간을 MM/YY 형식으로 입력해주세요.');
    const mistyped = await post('4242 4242 4242 4241', '12/39');
    expect(mistyped.body).toContain('value="4242 4242 4242 4241" aria-invalid="true"');
    expect(mistyped.body).toContain('value="12/39" aria-describedby="expiry-error"');
  });

  it('a second POST /bookings supersedes the unpaid one (closing the window and paying again)', async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(2);
    const first: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    const second = await book(buyer, concertId, seatIds);
    expect(second.statusCode).toBe(201);
    const created: BookingCreated = second.json().data;
    expect(await stateOf(first.bookingNumber)).toMatchObject({
      booking_status: 'CANCELED',
      payment_status: 'EXPIRED',
    });
    const result = await followCallback(await payInWindow(created, sandboxTestCards.approve));
    expect(result.pathname).toBe('/payment/result/success');
    // The first window's late approval no longer charges anything.
    const late = await followCallback(await payInWindow(first, sandboxTestCards.approve));
    expect(late.pathname).toBe('/payment/result/fail');
    expect(late.searchParams.get('code')).toBe('M004');
  });

  it('a seat removed after closing the window leaves the unpaid booking; paying for it then refunds', async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(2);
    const [kept = 0, removed = 0] = seatIds;
    const first: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    const release = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seats/concerts/${concertId}/seats/${removed}/release`,
      headers: { cookie: buyer.cookie, 'x-access-key': buyer.key },
    });
    expect(release.statusCode).toBe(200);
    expect((await seatRows([removed]))[0]?.status).toBe('AVAILABLE');
    // The stale window's approval cannot buy one seat for the price of two: refunded.
    const stale = await followCallback(await payInWindow(first, sandboxTestCards.approve));
    expect(stale.pathname).toBe('/payment/result/fail');
    // The true reason: the buyer released a seat, the time did not run out.
    expect(stale.searchParams.get('code')).toBe('B015');
    expect(stale.searchParams.get('message')).toBe(
      '선택한 좌석의 선점이 해제되어 예매하지 못했습니다. 결제하신 금액은 전액 환불되었습니다. 좌석을 다시 선택해주세요.',
    );
    expect(refunds.filter((r) => r.idempotencyKey === `late-${first.orderId}`)).toHaveLength(1);
    // The kept seat went back to the pool with the failed booking; hold it again and pay.
    expect((await hold(concertId, buyer, kept)).statusCode).toBe(200);
    const again: BookingCreated = (await book(buyer, concertId, [kept])).json().data;
    const result = await followCallback(await payInWindow(again, sandboxTestCards.approve));
    expect(result.pathname).toBe('/payment/result/success');
    expect(await seatRows([kept, removed])).toEqual([
      { id: kept, status: 'BOOKED', held_by_user_id: null },
      { id: removed, status: 'AVAILABLE', held_by_user_id: null },
    ]);
  });

  it('refuses what cannot be booked, with the contract codes', async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(1);
    const other = await admitted(concertId);
    const seats = await seatsOf(concertId, other);
    const free = seats.filter((s) => s.status === 'AVAILABLE');
    const othersSeat = free[0]?.seatId ?? 0;
    expect((await hold(concertId, other, othersSeat)).statusCode).toBe(200);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: { concertId, concertSeatIds: seatIds },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await book(buyer, concertId, [])).json().code).toBe('C001');
    expect((await book(buyer, concertId, [1, 2, 3])).statusCode).toBe(400);
    const foreign = await book(buyer, concertId, [2_000_000_000]);
    expect([foreign.statusCode, foreign.json().code]).toEqual([400, 'B007']);
    const taken = await book(buyer, concertId, [othersSeat]);
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'B003']);
    // A free seat: the caller does not hold it (any more); time running out is not the reason.
    const notHeld = await book(buyer, concertId, [free[1]?.seatId ?? 0]);
    expect([notHeld.statusCode, notHeld.json().code]).toEqual([409, 'B015']);
    expect(notHeld.json().message).toBe(
      '선택한 좌석의 선점이 해제되었습니다. 좌석을 다시 선택해주세요.',
    );
    const closed = await newConcert({ status: 'SCHEDULED' });
    const notOnSale = await book(buyer, closed, [1]);
    expect([notOnSale.statusCode, notOnSale.json().code]).toEqual([409, 'B001']);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
      payload: '{"concertId":"x","concertSeatIds":"y"}',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('booking a seat one released says so, not that the time ran out', async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(1);
    const released = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seats/concerts/${concertId}/seats/${seatIds[0]}/release`,
      headers: { cookie: buyer.cookie, 'x-access-key': buyer.key },
    });
    expect(released.statusCode).toBe(200);
    const response = await book(buyer, concertId, seatIds);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      status: 409,
      code: 'B015',
      message: '선택한 좌석의 선점이 해제되었습니다. 좌석을 다시 선택해주세요.',
    });
  });

  it("booking one's own paid seat again says it is already booked; someone else's is B003", async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(1);
    const created: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    const paid = await followCallback(await payInWindow(created, sandboxTestCards.approve));
    expect(paid.pathname).toBe('/payment/result/success');
    const again = await book(buyer, concertId, seatIds);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'B014', message: '이미 예매한 좌석입니다.' });
    const other = await admitted(concertId);
    const theirs = await book(other, concertId, seatIds);
    expect([theirs.statusCode, theirs.json().code]).toEqual([409, 'B003']);
  });

  it('enforces maxTicketsPerUser across confirmed bookings', async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(2, { maxTicketsPerUser: 3 });
    const created: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    await followCallback(await payInWindow(created, sandboxTestCards.approve));
    const more = (await seatsOf(concertId, buyer)).filter((s) => s.status === 'AVAILABLE');
    for (const seat of more.slice(0, 2)) await hold(concertId, buyer, seat.seatId);
    const over = await book(
      buyer,
      concertId,
      more.slice(0, 2).map((s) => s.seatId),
    );
    expect([over.statusCode, over.json().code]).toEqual([400, 'C001']);
    expect(over.json().message).toBe('1인당 최대 3매까지 예매할 수 있습니다.');
    expect((await book(buyer, concertId, [more[0]?.seatId ?? 0])).statusCode).toBe(201);
  });
});

describe('the price of a booking (issue 27)', () => {
  it("is priceBooking's breakdown: the amount is its total and each ticket keeps its lines", async () => {
    const { concertId, buyer, seatIds, expectedAmount } = await buyerHolding(2);
    const response = await book(buyer, concertId, seatIds);
    expect(response.statusCode).toBe(201);
    const created: BookingCreated = response.json().data;
    expect(created.amount).toBe(expectedAmount);
    expect(created.breakdown).toMatchObject({
      typeDiscountTotal: 0,
      codeDiscountTotal: 0,
      bookingFeeTotal: 4_000,
      total: expectedAmount,
      promoCode: null,
    });
    const lines = created.breakdown?.lines ?? [];
    expect(lines.map((l) => l.concertSeatId).sort()).toEqual([...seatIds].sort());
    for (const line of lines) {
      expect(line).toMatchObject({
        ticketTypeId: null,
        ticketTypeName: '일반',
        typeDiscount: 0,
        codeDiscount: 0,
        ticketPrice: line.gradePrice,
        bookingFee: 2_000,
        amount: line.gradePrice + 2_000,
        companionOfSeatId: null,
        proofRequired: false,
      });
    }
    const stored = await queryRows<{
      concert_seat_id: number;
      price: number;
      fee: number;
      grade_price: number;
      ticket_type_name: string;
      status: string;
      promo_code: string | null;
    }>(
      ctx.database.db,
      sql`select t.concert_seat_id, t.price, t.fee, t.grade_price, t.ticket_type_name, t.status,
                 b.promo_code
            from tickets t join bookings b on b.id = t.booking_id
           where b.booking_number = ${created.bookingNumber} order by t.concert_seat_id`,
    );
    expect(
      stored.map((t) => [t.concert_seat_id, t.price, t.fee, t.grade_price, t.ticket_type_name]),
    ).toEqual(
      [...lines]
        .sort((a, b) => a.concertSeatId - b.concertSeatId)
        .map((l) => [l.concertSeatId, l.ticketPrice, 2_000, l.gradePrice, '일반']),
    );
    expect(stored.every((t) => t.status === 'ACTIVE' && t.promo_code === null)).toBe(true);
  });

  it('refuses a 권종, a code or a companion it cannot price, naming the field, and books nothing', async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(2);
    const [first = 0, second = 0] = seatIds;
    const attempt = (extra: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/bookings',
        headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
        payload: { concertId, concertSeatIds: seatIds, ...extra },
      });
    const cases = [
      {
        extra: { seatTypes: [{ concertSeatId: first, ticketTypeId: 7 }] },
        field: 'seatTypes[0].ticketTypeId',
        message: ticketTypeMessages.unknownType,
      },
      {
        extra: { promoCode: 'spring-2026' },
        field: 'promoCode',
        message: promoMessages.invalid,
      },
      {
        // A companion needs its holder's 장애인 or 국가유공자 type.
        extra: { seatTypes: [{ concertSeatId: second, companionOfSeatId: first }] },
        field: 'seatTypes[0]',
        message: pricingMessages.companionWithoutHolder,
      },
      {
        extra: { seatTypes: [{ concertSeatId: 2_000_000_000 }] },
        field: 'seatTypes[0].concertSeatId',
        message: bookingMessages.seatsNotFound,
      },
    ];
    for (const { extra, field, message } of cases) {
      const refused = await attempt(extra);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'C001', errors: [{ field, message }] });
    }
    const [bookings] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from bookings where user_id = ${buyer.id}`,
    );
    expect(Number(bookings?.n)).toBe(0);
    expect((await attempt({})).statusCode).toBe(201);
  });
});

describe('unpaid bookings, late payments and cancellation', () => {
  it('an unpaid booking expires after 10 minutes and its seats come back', async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(1);
    const created: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    ctx.clock.advance(9 * 60_000);
    await ctx.app.scheduler.runNow('unpaid-booking-expiry');
    expect((await stateOf(created.bookingNumber))?.payment_status).toBe('PENDING');
    ctx.clock.advance(61_000);
    await ctx.app.scheduler.runNow('unpaid-booking-expiry');
    expect(await stateOf(created.bookingNumber)).toMatchObject({
      booking_status: 'CANCELED',
      payment_status: 'EXPIRED',
    });
    expect((await seatRows(seatIds))[0]?.status).toBe('AVAILABLE');
    ctx.clock.advance(-10 * 60_000 - 1_000);
  });

  it('a payment approved while its booking expired and the seat was resold is refunded', async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(1);
    const created: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    const callback = await payInWindow(created, sandboxTestCards.approve);
    const rival = await admitted(concertId);
    duringConfirm = async () => {
      ctx.clock.advance(10 * 60_000 + 1_000);
      await ctx.app.scheduler.runNow('unpaid-booking-expiry');
      ctx.clock.advance(-10 * 60_000 - 1_000);
      expect((await hold(concertId, rival, seatIds[0] ?? 0)).statusCode).toBe(200);
    };
    const result = await followCallback(callback);
    expect(result.pathname).toBe('/payment/result/fail');
    expect(result.searchParams.get('message')).toContain('전액 환불');
    expect(refunds.filter((r) => r.idempotencyKey === `late-${created.orderId}`)).toHaveLength(1);
    expect((await stateOf(created.bookingNumber))?.payment_status).toBe('CANCELED');
    const [seat] = await seatRows(seatIds);
    expect([seat?.status, seat?.held_by_user_id]).toEqual(['RESERVED', rival.id]);
  });

  it('cancels a paid booking: refund, CANCELED, seats free; twice -> 409; strangers -> 403', async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(2);
    const created: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    await followCallback(await payInWindow(created, sandboxTestCards.approve));
    const [booking] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from bookings where booking_number = ${created.bookingNumber}`,
    );
    const url = `/api/bookings/${booking?.id}/cancel`;
    const stranger = await createLoggedInUser(ctx.app, ctx.database.db);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie: stranger.cookie },
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([403, 'A003']);
    expect(foreign.json().message).toBe('해당 예매를 취소할 권한이 없습니다.');
    const cancel = await ctx.app.inject({ method: 'POST', url, headers: { cookie: buyer.cookie } });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ success: true, message: '예매가 성공적으로 취소되었습니다.' });
    expect(await stateOf(created.bookingNumber)).toMatchObject({
      booking_status: 'CANCELED',
      payment_status: 'CANCELED',
    });
    expect(refunds.filter((r) => r.idempotencyKey === `cancel-${created.orderId}`)).toEqual([
      expect.objectContaining({ amount: created.amount }),
    ]);
    expect((await seatRows(seatIds)).every((s) => s.status === 'AVAILABLE')).toBe(true);
    const again = await ctx.app.inject({ method: 'POST', url, headers: { cookie: buyer.cookie } });
    expect([again.statusCode, again.json().code, again.json().message]).toEqual([
      409,
      'B009',
      '이미 취소된 예매입니다.',
    ]);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings/2000000000/cancel',
      headers: { cookie: buyer.cookie },
    });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'B008']);
    // Another buyer can take the freed seats.
    const next = await admitted(concertId);
    expect((await hold(concertId, next, seatIds[0] ?? 0)).statusCode).toBe(200);
  });

  it('refuses a cancel inside 3 days of the concert (B011) and of an unpaid booking (M003)', async () => {
    const soon = toSeoulDate(new Date(ctx.clock.now().getTime() + 2 * 86_400_000));
    const { concertId, buyer, seatIds } = await buyerHolding(2, { concertDate: soon });
    const unpaid: BookingCreated = (await book(buyer, concertId, seatIds.slice(1))).json().data;
    const [pending] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from bookings where booking_number = ${unpaid.bookingNumber}`,
    );
    const notPaid = await ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${pending?.id}/cancel`,
      headers: { cookie: buyer.cookie },
    });
    expect([notPaid.statusCode, notPaid.json().code]).toEqual([409, 'M003']);
    const created: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    await followCallback(await payInWindow(created, sandboxTestCards.approve));
    const [booking] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from bookings where booking_number = ${created.bookingNumber}`,
    );
    const late = await ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking?.id}/cancel`,
      headers: { cookie: buyer.cookie },
    });
    expect([late.statusCode, late.json().code, late.json().message]).toEqual([
      403,
      'B011',
      '예매 취소 가능 기간이 지났습니다. (공연 3일 전까지 취소 가능)',
    ]);
    expect((await stateOf(created.bookingNumber))?.booking_status).toBe('CONFIRMED');
  });

  it("another user's booking outline is 404 B008", async () => {
    const { concertId, buyer, seatIds } = await buyerHolding(1);
    const created: BookingCreated = (await book(buyer, concertId, seatIds)).json().data;
    const stranger = await createLoggedInUser(ctx.app, ctx.database.db);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/bookings/${created.bookingNumber}`,
      headers: { cookie: stranger.cookie },
    });
    expect([response.statusCode, response.json().code]).toEqual([404, 'B008']);
  });
});

/**
 * Logged-in buyers without 500 registrations (each hashes a password): sessions written through
 * the app's own session store kind, with cookies signed as the server's session hooks sign them.
 */
async function sessionsFor(users: Array<{ id: number }>): Promise<Buyer[]> {
  const store = ctx.config.redisUrl
    ? createRedisSessionStore({
        redis: new Redis(ctx.config.redisUrl),
        keyPrefix: ctx.config.redisKeyPrefix,
        idleSeconds: 3_600,
      })
    : createDatabaseSessionStore({ db: ctx.database.db, idleSeconds: 3_600, clock: ctx.clock });
  return Promise.all(
    users.map(async (user) => {
      const sessionId = randomBytes(24).toString('base64url');
      await store.set(sessionId, { userId: user.id, touchedAt: Date.now() }, user.id);
      const cookie = `cc_session=${encodeURIComponent(sign(sessionId, SECRET))}`;
      return { id: user.id, cookie, key: '' } as unknown as Buyer;
    }),
  );
}

describe('many buyers at once', () => {
  it('500 parallel checkouts over 250 seats never sell a seat twice', async () => {
    const concertId = await newConcert({ totalSeats: 250, maxTicketsPerUser: 2 });
    const buyers = await sessionsFor(await insertUsers(ctx.database.db, 500));
    await Promise.all(
      buyers.map(async (buyer) => {
        const entry = await ctx.app.inject({
          method: 'POST',
          url: `/api/queue/enter?concertId=${concertId}`,
          headers: { cookie: buyer.cookie },
        });
        buyer.key = entry.json().data.accessKey;
      }),
    );
    const seatIds = (await seatsOf(concertId, buyers[0] as Buyer)).map((s) => s.seatId);
    // Each buyer races for one random seat, then books and pays whatever they hold.
    const outcomes = await Promise.all(
      buyers.map(async (buyer, i) => {
        const seatId = seatIds[(i * 7919) % seatIds.length] ?? 0;
        if ((await hold(concertId, buyer, seatId)).statusCode !== 200) return 'no-hold';
        const response = await book(buyer, concertId, [seatId]);
        if (response.statusCode !== 201) return 'no-booking';
        const page = await followCallback(
          await payInWindow(response.json().data, sandboxTestCards.approve),
        );
        return page.pathname.endsWith('success') ? 'paid' : 'failed';
      }),
    );
    const paid = outcomes.filter((o) => o === 'paid').length;
    const [counts] = await queryRows<{ booked: number; tickets: number; distinct_seats: number }>(
      ctx.database.db,
      sql`select
            (select count(*)::int from concert_seats where concert_id = ${concertId} and status = 'BOOKED') as booked,
            (select count(*)::int from tickets t join bookings b on b.id = t.booking_id
               where b.concert_id = ${concertId} and b.status = 'CONFIRMED') as tickets,
            (select count(distinct t.concert_seat_id)::int from tickets t join bookings b on b.id = t.booking_id
               where b.concert_id = ${concertId} and b.status = 'CONFIRMED') as distinct_seats`,
    );
    expect(paid).toBeGreaterThan(0);
    expect(Number(counts?.booked)).toBe(paid);
    expect(Number(counts?.tickets)).toBe(paid);
    expect(Number(counts?.distinct_seats)).toBe(paid);
    expect(paid).toBeLessThanOrEqual(250);
  }, 120_000);
});
