import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createSandboxPaymentProvider } from '../../adapters/payment-provider/sandbox-payment-provider';

/**
 * The sandbox window per method (issue 28): a 간편결제 opens its own marked test page, and its
 * approval reaches the success callback with a key that confirms as that 간편결제 (the cash
 * portion signed in); a card window preselects the payment step's 카드사 and 할부, and offers
 * 할부 only from 50,000원. Through the real app, both runtimes.
 */
const OWN = 'http://localhost:8080';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_BASE_URL: OWN } });
});
afterAll(async () => ctx?.close());

let sequence = 0;
const order = (amount: number) => ({
  orderId: `sandbox-window-${(sequence += 1).toString().padStart(4, '0')}`,
  orderName: '레미제라블 R석 1매',
  amount: String(amount),
  customerName: '김관객',
});
const checkoutUrl = (query: Record<string, string>) =>
  `/api/v1/sandbox-payments/checkout?${new URLSearchParams(query).toString()}`;
const submit = (fields: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/sandbox-payments/checkout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
/** The provider the app runs (same secret, same books): it confirms what the window issued. */
const appProvider = () =>
  createSandboxPaymentProvider({ secret: ctx.config.sessionSecret ?? '', db: ctx.database.db });

describe('the sandbox 간편결제 page', () => {
  it.each([
    ['KAKAOPAY', '카카오페이'],
    ['NAVERPAY', '네이버페이'],
    ['TOSSPAY', '토스페이'],
    ['PAYCO', 'PAYCO'],
  ])('%s: a marked test page with its name, the order and both ways to pay', async (code, name) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: checkoutUrl({ ...order(30_000), method: 'EASY_PAY', easyPay: code }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<span class="badge">테스트 결제</span>');
    expect(html).toContain(`<h1 id="title">${name} 결제</h1>`);
    expect(html).toContain(`brand-${code}`);
    expect(html).toContain('레미제라블 R석 1매');
    expect(html).toContain('30,000원');
    expect(html).toMatch(
      /<input type="radio" name="fundingSource" value="CARD" checked[^>]*>.*카드로 결제/,
    );
    expect(html).toContain(`${name} 머니로 결제`);
    expect(html).toContain('30,000원 결제하기');
    expect(html).toContain('<button type="button" class="cancel" id="cancel">결제 취소</button>');
    // No inline script: the page's script is the window's file (the CSP stays strict).
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script src="/api/v1/sandbox-payments/checkout.js">',
    ]);
    // No card form on a 간편결제 page.
    expect(html).not.toContain('카드 번호');
  });

  it('paid from the balance: redirects to the success callback with a key that confirms as 간편결제, all in cash', async () => {
    const fields = order(30_000);
    const response = await submit({
      ...fields,
      method: 'EASY_PAY',
      easyPay: 'KAKAOPAY',
      fundingSource: 'MONEY',
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${OWN}/api/v1/payments/success`);
    expect(location.searchParams.get('orderId')).toBe(fields.orderId);
    expect(location.searchParams.get('amount')).toBe('30000');
    const paymentKey = location.searchParams.get('paymentKey') ?? '';
    expect(
      await appProvider().confirm({ paymentKey, orderId: fields.orderId, amount: 30_000 }),
    ).toMatchObject({
      ok: true,
      paymentKey,
      method: 'EASY_PAY',
      easyPayProvider: 'KAKAOPAY',
      cashAmount: 30_000,
    });
  });

  it('paid by the app’s card: 간편결제 with nothing in cash', async () => {
    const fields = order(12_000);
    const response = await submit({
      ...fields,
      method: 'EASY_PAY',
      easyPay: 'PAYCO',
      fundingSource: 'CARD',
    });
    expect(response.statusCode).toBe(302);
    const paymentKey = new URL(response.headers.location ?? '').searchParams.get('paymentKey');
    expect(
      await appProvider().confirm({
        paymentKey: paymentKey ?? '',
        orderId: fields.orderId,
        amount: 12_000,
      }),
    ).toMatchObject({ ok: true, method: 'EASY_PAY', easyPayProvider: 'PAYCO', cashAmount: 0 });
  });

  it('refuses a 간편결제 it does not offer, on the page and in the form', async () => {
    const page = await ctx.app.inject({
      method: 'GET',
      url: checkoutUrl({ ...order(30_000), method: 'EASY_PAY', easyPay: 'APPLEPAY' }),
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('주문 정보가 올바르지 않습니다.');
    const missing = await ctx.app.inject({
      method: 'GET',
      url: checkoutUrl({ ...order(30_000), method: 'EASY_PAY' }),
    });
    expect(missing.statusCode).toBe(400);
    const posted = await submit({ ...order(30_000), method: 'EASY_PAY', easyPay: 'APPLEPAY' });
    expect(posted.statusCode).toBe(400);
    expect(posted.headers.location).toBeUndefined();
    const otherMethod = await ctx.app.inject({
      method: 'GET',
      url: checkoutUrl({ ...order(30_000), method: 'VIRTUAL_ACCOUNT' }),
    });
    expect(otherMethod.statusCode).toBe(400);
  });
});

describe('the sandbox card window', () => {
  it('preselects the payment step’s 카드사 and 할부 from 50,000원', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: checkoutUrl({ ...order(60_000), cardCompany: 'SHINHAN', installment: '3' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<option value="SHINHAN" selected>신한카드</option>');
    expect(response.body).toContain('<select name="installment" id="installment">');
    expect(response.body).toContain('<option value="3" selected>3개월</option>');
  });

  it('offers no 할부 below 50,000원, whatever the link asks', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: checkoutUrl({ ...order(49_000), installment: '3', cardCompany: 'NOT_A_CARD' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('id="installment"');
    expect(response.body).toContain('<input type="hidden" name="installment" value="0">');
    expect(response.body).toContain('할부는 50,000원 이상 결제할 때만 선택할 수 있습니다.');
    expect(response.body).not.toMatch(/<option value="[A-Z]+" selected>/);
  });

  it('approves a card as before, the key confirming as a card', async () => {
    const fields = order(60_000);
    const response = await submit({
      ...fields,
      cardCompany: 'SHINHAN',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/39',
      installment: '3',
    });
    expect(response.statusCode).toBe(302);
    const paymentKey = new URL(response.headers.location ?? '').searchParams.get('paymentKey');
    expect(
      await appProvider().confirm({
        paymentKey: paymentKey ?? '',
        orderId: fields.orderId,
        amount: 60_000,
      }),
    ).toMatchObject({ ok: true, method: 'CARD', cashAmount: 0 });
  });
});
