import { paymentMethodMessages, type BookingCreated } from '@curtaincall/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { admit, holdSeats } from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import {
  createSandboxPaymentProvider,
  type SandboxPaymentProvider,
} from '../../adapters/payment-provider/sandbox-payment-provider';
import { createManualClock } from '../../lib/clock';
import { sandboxBankMessages, sandboxBankRoutes } from './sandbox-bank.routes';

/**
 * The sandbox's test bank page (issue 28): it shows an issued account, takes the full amount
 * once before the due time, tells our server (onDeposit) and links to the booking; a refusal
 * comes back as the form with the reason under its field. The routes on their own, over the
 * test app's database (both runtimes), with the deposit notice recorded instead of sent.
 */
const FRONT = 'http://front.example.test';
const start = new Date('2026-12-01T03:00:00Z');
const clock = createManualClock(start);
let ctx: TestContext;
let app: FastifyInstance;
let provider: SandboxPaymentProvider;
const notices: Array<{ orderId: string }> = [];
let failNotice = false;

beforeAll(async () => {
  ctx = await createTestContext();
  provider = createSandboxPaymentProvider({ secret: 'bank-test', db: ctx.database.db, clock });
  app = Fastify({ logger: false });
  // As the app parses a page's form (app.ts registerBodyParsers).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : '')));
    },
  );
  await app.register(
    async (api) => {
      await api.register(sandboxBankRoutes, {
        provider,
        frontBaseUrl: `${FRONT}/`,
        clock,
        onDeposit: async (deposit) => {
          notices.push(deposit);
          if (failNotice) throw new Error('payments busy');
          return { bookingNumber: `B-${deposit.orderId}` };
        },
      });
    },
    { prefix: '/api' },
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});
beforeEach(() => {
  clock.set(start);
  notices.length = 0;
  failNotice = false;
});

let sequence = 0;
async function issueAccount(amount = 55_000) {
  const orderId = `bank-page-${(sequence += 1).toString().padStart(4, '0')}`;
  const issued = await provider.issueVirtualAccount({
    orderId,
    orderName: '레미제라블 R석 1매',
    amount,
    customerName: '김관객',
    bank: '04',
    dueAt: new Date(start.getTime() + 6 * 60 * 60 * 1000),
    cashReceipt: null,
    cultureExpense: false,
    callbackUrl: 'http://localhost/api/v1/webhooks/toss/payment-updates',
  });
  if (!issued.ok) throw new Error(issued.message);
  return { orderId, ...issued };
}

const deposit = (fields: { accountNumber: string; amount: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/sandbox-payments/bank',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
const errorOf = (html: string, field: 'accountNumber' | 'amount') =>
  new RegExp(`<span class="field-error" id="${field}-error" role="alert">([^<]*)</span>`).exec(
    html,
  )?.[1];

describe('the sandbox test bank page', () => {
  it('shows a known account: bank, holder, amount owed and due time, with an empty amount', async () => {
    const account = await issueAccount();
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/sandbox-payments/bank?accountNumber=${account.accountNumber}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<span class="badge">테스트 결제</span><h1 id="title">테스트 은행</h1>');
    expect(html).toContain('<dd>KB국민은행</dd>');
    expect(html).toContain(`<dd>${account.accountNumber}</dd>`);
    expect(html).toContain('<dd>커튼콜(주)</dd>');
    expect(html).toContain('<dd>55,000원</dd>');
    // 03:00 UTC + 6 h = 18:00 Seoul.
    expect(html).toContain('<dd>2026년 12월 1일 18:00까지</dd>');
    expect(html).toContain('<label for="account-number">입금할 계좌번호</label>');
    expect(html).toContain(
      `id="account-number" inputmode="numeric" autocomplete="off" required maxlength="40" value="${account.accountNumber}"`,
    );
    expect(html).toContain('<label for="amount">입금액</label>');
    expect(html).toMatch(/id="amount"[^>]*value=""/);
    expect(html).toContain('<button type="submit" class="pay">입금하기</button>');
    expect(html).not.toMatch(/<script/);
    expect(errorOf(html, 'accountNumber')).toBe('');
  });

  it('says at once that an account in the link is unknown, and shows an empty form without one', async () => {
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/v1/sandbox-payments/bank?accountNumber=94000000000000',
    });
    expect(unknown.statusCode).toBe(200);
    expect(errorOf(unknown.body, 'accountNumber')).toBe(
      paymentMethodMessages.depositUnknownAccount,
    );
    const empty = await app.inject({ method: 'GET', url: '/api/v1/sandbox-payments/bank' });
    expect(empty.statusCode).toBe(200);
    expect(errorOf(empty.body, 'accountNumber')).toBe('');
    expect(empty.body).not.toContain('class="facts"');
  });

  it('refuses a wrong amount under the amount field, and tells nobody', async () => {
    const account = await issueAccount();
    const response = await deposit({ accountNumber: account.accountNumber, amount: '50,000' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body, 'amount')).toBe(
      paymentMethodMessages.depositWrongAmount('55,000원'),
    );
    expect(response.body).toMatch(
      /id="amount"[^>]*value="50,000" aria-invalid="true" aria-describedby="amount-error"/,
    );
    expect(errorOf(response.body, 'accountNumber')).toBe('');
    expect(notices).toEqual([]);
    expect(await provider.getPayment(account.paymentKey)).toMatchObject({
      status: 'WAITING_FOR_DEPOSIT',
    });
  });

  it('takes the right amount, tells our server once and links to the booking', async () => {
    const account = await issueAccount();
    const response = await deposit({
      accountNumber: account.accountNumber,
      amount: '55,000원',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<p class="done" role="status">입금이 완료되었습니다.</p>`);
    expect(response.body).toContain(
      `<a class="link" href="${FRONT}/bookingDetail/B-${account.orderId}">예매 내역 보기</a>`,
    );
    expect(notices).toEqual([{ orderId: account.orderId }]);
    expect(await provider.getPayment(account.paymentKey)).toMatchObject({ status: 'DONE' });

    // A second transfer is refused; the bank repeats its notice (settled once by payments).
    const again = await deposit({ accountNumber: account.accountNumber, amount: '55000' });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again.body, 'accountNumber')).toBe(paymentMethodMessages.depositAlreadyPaid);
    expect(notices).toEqual([{ orderId: account.orderId }, { orderId: account.orderId }]);
  });

  it('refuses a deposit after the due time, and an account or amount that is not a number', async () => {
    const account = await issueAccount();
    clock.set(new Date(account.dueAt.getTime() + 1_000));
    const late = await deposit({ accountNumber: account.accountNumber, amount: '55000' });
    expect(late.statusCode).toBe(400);
    expect(errorOf(late.body, 'accountNumber')).toBe(paymentMethodMessages.depositExpired);
    expect(late.body).toContain('<dd>입금 기한 지남</dd>');

    const notAnAccount = await deposit({ accountNumber: '계좌', amount: '55000' });
    expect(notAnAccount.statusCode).toBe(400);
    expect(errorOf(notAnAccount.body, 'accountNumber')).toBe(sandboxBankMessages.accountNumber);
    const noAmount = await deposit({ accountNumber: account.accountNumber, amount: '' });
    expect(noAmount.statusCode).toBe(400);
    expect(errorOf(noAmount.body, 'amount')).toBe(sandboxBankMessages.amount);
    const noBody = await app.inject({ method: 'POST', url: '/api/v1/sandbox-payments/bank' });
    expect(noBody.statusCode).toBe(400);
    expect(errorOf(noBody.body, 'accountNumber')).toBe(sandboxBankMessages.accountNumber);
    expect(notices).toEqual([]);
  });

  it('keeps the deposit when our server does not take the notice, and says the booking is late', async () => {
    const account = await issueAccount();
    failNotice = true;
    const response = await deposit({ accountNumber: account.accountNumber, amount: '55000' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('입금이 완료되었습니다.');
    expect(response.body).toContain(sandboxBankMessages.noticeDelayed);
    expect(response.body).toContain(`href="${FRONT}/mypage"`);
    expect(notices).toEqual([{ orderId: account.orderId }]);
    expect(await provider.getPayment(account.paymentKey)).toMatchObject({ status: 'DONE' });
  });
});

describe('the test bank in the app', () => {
  it('a 가상계좌 booking paid on the bank page is confirmed, and the page links to it', async () => {
    const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
    const concertId = (await createConcert(ctx.database.db, { sellerId: seller.id })).id;
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    const session = await admit(ctx.app, concertId, buyer);
    const seatIds = await holdSeats(ctx.app, concertId, session, 1);
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
      payload: {
        concertId,
        concertSeatIds: seatIds,
        payment: { method: 'VIRTUAL_ACCOUNT', bank: '88' },
      },
    });
    expect(booked.statusCode).toBe(201);
    const created = booked.json().data as BookingCreated;
    const account = created.virtualAccount;
    expect(account).toMatchObject({ bankCode: '88', holder: '커튼콜(주)' });
    if (!account) return;
    expect(account.testBankUrl).toContain(
      `/api/v1/sandbox-payments/bank?accountNumber=${account.accountNumber}`,
    );

    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/sandbox-payments/bank?accountNumber=${account.accountNumber}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<dd>신한은행</dd>');
    // The app's CSP holds for the page: scripts only from our origin, and the page has none.
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);

    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sandbox-payments/bank',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        accountNumber: account.accountNumber,
        amount: String(account.amount),
      }).toString(),
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('입금이 완료되었습니다.');
    expect(paid.body).not.toContain(sandboxBankMessages.noticeDelayed);
    expect(paid.body).toContain(`/bookingDetail/${created.bookingNumber}">예매 내역 보기</a>`);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/mypage/bookingDetail/${created.bookingNumber}`,
      headers: { cookie: buyer.cookie },
    });
    expect(detail.json().data).toMatchObject({ bookingStatus: 'CONFIRMED' });
  });
});
