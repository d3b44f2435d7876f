import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTossServer, startFakeTossServer } from '../../../test/helpers/fake-toss-server';
import { PaymentProviderError, type IssueVirtualAccountRequest } from './payment-provider';
import { createTossPaymentProvider } from './toss-payment-provider';

const CLIENT_KEY = 'test_ck_curtaincall_fake_0001';
const SECRET_KEY = 'test_sk_curtaincall_fake_0001';
/** base64('test_sk_curtaincall_fake_0001:'), written out so the test does not repeat the code. */
const EXPECTED_AUTHORIZATION = 'Basic dGVzdF9za19jdXJ0YWluY2FsbF9mYWtlXzAwMDE6';

const ORDER_ID = '0b6f4a52-3c1e-4d7a-9a51-6c2f0e8d1a11';
const PAYMENT_KEY = 'tgen_20250301193005abCDe';
const AMOUNT = 154_000;

describe('toss payment provider', () => {
  let toss: FakeTossServer;

  beforeEach(async () => {
    toss = await startFakeTossServer({ secretKey: SECRET_KEY });
  });

  afterEach(async () => {
    await toss.close();
  });

  const createProvider = (overrides: { secretKey?: string; timeoutMs?: number } = {}) =>
    createTossPaymentProvider({
      clientKey: CLIENT_KEY,
      secretKey: overrides.secretKey ?? toss.secretKey,
      // A trailing slash, as someone will write it in an env file.
      baseUrl: `${toss.baseUrl}/`,
      timeoutMs: overrides.timeoutMs ?? 5_000,
    });

  const confirmDefault = (provider = createProvider()) =>
    provider.confirm({ paymentKey: PAYMENT_KEY, orderId: ORDER_ID, amount: AMOUNT });

  describe('confirm', () => {
    it('confirms with Basic auth, the orderId as Idempotency-Key and the JSON body', async () => {
      const provider = createProvider();
      expect(provider.name).toBe('toss');
      expect(provider.clientKey).toBe(CLIENT_KEY);

      const before = Date.now();
      const result = await confirmDefault(provider);

      expect(toss.requests).toHaveLength(1);
      const [request] = toss.requests;
      expect(request?.method).toBe('POST');
      expect(request?.path).toBe('/v1/payments/confirm');
      expect(request?.headers.authorization).toBe(EXPECTED_AUTHORIZATION);
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.headers['idempotency-key']).toBe(ORDER_ID);
      expect(request?.body).toEqual({ paymentKey: PAYMENT_KEY, orderId: ORDER_ID, amount: AMOUNT });

      expect(result).toEqual({
        ok: true,
        paymentKey: PAYMENT_KEY,
        method: 'CARD',
        approvedAt: expect.any(Date),
      });
      // The fake answers in +09:00 with whole seconds; the Date is the same instant.
      if (!result.ok) throw new Error('unreachable');
      expect(result.approvedAt.getTime()).toBeGreaterThan(before - 1_000);
      expect(result.approvedAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(toss.chargeCount(ORDER_ID)).toBe(1);
    });

    it("maps Toss's Korean method names; an unknown one counts as a card", async () => {
      toss.setMethod('tgen_easy_pay_0001', '간편결제');
      toss.setMethod('tgen_phone_0001', '휴대폰');
      const provider = createProvider();

      const easyPay = await provider.confirm({
        paymentKey: 'tgen_easy_pay_0001',
        orderId: 'order-easy-pay-0001',
        amount: 99_000,
      });
      const phone = await provider.confirm({
        paymentKey: 'tgen_phone_0001',
        orderId: 'order-phone-0001',
        amount: 99_000,
      });

      expect(easyPay).toMatchObject({ ok: true, method: 'EASY_PAY' });
      expect(phone).toMatchObject({ ok: true, method: 'CARD' });
    });

    it("returns a decline as ok:false with Toss's code and Korean message", async () => {
      toss.decline(PAYMENT_KEY);

      const result = await confirmDefault();

      expect(result).toEqual({
        ok: false,
        code: 'REJECT_CARD_COMPANY',
        message: '카드사에서 승인을 거절했습니다.',
        paymentFailed: true,
      });
      expect(toss.chargeCount(ORDER_ID)).toBe(0);
    });

    it('returns a wrong secret key as ok:false UNAUTHORIZED_KEY (a 4xx is a refusal)', async () => {
      const result = await confirmDefault(createProvider({ secretKey: 'test_sk_wrong_key' }));

      expect(result).toEqual({
        ok: false,
        code: 'UNAUTHORIZED_KEY',
        message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.',
        paymentFailed: false,
      });
      expect(toss.requests[0]?.headers.authorization).toBe(
        `Basic ${Buffer.from('test_sk_wrong_key:').toString('base64')}`,
      );
      expect(toss.chargeCount(ORDER_ID)).toBe(0);
    });

    it('tells a refusal of the payment itself from one that proves nothing about it', async () => {
      const cases: Array<[string, number, boolean]> = [
        ['REJECT_CARD_PAYMENT', 403, true],
        ['EXCEED_MAX_DAILY_PAYMENT_COUNT', 403, true],
        ['INVALID_CARD_EXPIRATION', 400, true],
        ['FAILED_PAYMENT_INTERNAL_SYSTEM_PROCESSING', 400, true],
        // A forged or foreign key, a bad request, or a code we do not know: proves nothing.
        ['NOT_FOUND_PAYMENT', 404, false],
        ['NOT_FOUND_PAYMENT_SESSION', 404, false],
        ['INVALID_REQUEST', 400, false],
        ['FORBIDDEN_REQUEST', 403, false],
        ['ALREADY_PROCESSED_PAYMENT', 400, false],
        ['SOMETHING_NEW', 400, false],
      ];
      for (const [code, status, paymentFailed] of cases) {
        toss.setNext({ kind: 'json', status, body: { code, message: '거절' } });
        expect(await confirmDefault()).toEqual({ ok: false, code, message: '거절', paymentFailed });
      }
    });

    it('gives a default Korean message to a 4xx without one', async () => {
      toss.setNext({ kind: 'json', status: 400, body: { code: 'INVALID_REJECT_CARD' } });

      expect(await confirmDefault()).toEqual({
        ok: false,
        code: 'INVALID_REJECT_CARD',
        message: '결제 승인에 실패했습니다.',
        paymentFailed: true,
      });
    });

    it('returns a 200 whose status is not DONE as ok:false NOT_DONE', async () => {
      toss.setNext({
        kind: 'json',
        status: 200,
        body: { paymentKey: PAYMENT_KEY, orderId: ORDER_ID, status: 'IN_PROGRESS', method: '카드' },
      });

      expect(await confirmDefault()).toEqual({
        ok: false,
        code: 'NOT_DONE',
        message: '결제가 완료되지 않았습니다.',
        paymentFailed: false,
      });
    });

    it('throws PaymentProviderError on a 500', async () => {
      toss.setNext({
        kind: 'json',
        status: 500,
        body: {
          code: 'FAILED_INTERNAL_SYSTEM_PROCESSING',
          message: '내부 시스템 처리 작업이 실패했습니다.',
        },
      });

      const error = await confirmDefault().catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(PaymentProviderError);
      expect(error).toMatchObject({
        code: 'FAILED_INTERNAL_SYSTEM_PROCESSING',
        message: expect.stringContaining('HTTP 500'),
      });
    });

    it('throws PaymentProviderError when Toss does not answer within timeoutMs', async () => {
      toss.setNext({ kind: 'hang' });
      const started = Date.now();

      const error = await confirmDefault(createProvider({ timeoutMs: 200 })).catch(
        (caught: unknown) => caught,
      );

      expect(error).toBeInstanceOf(PaymentProviderError);
      expect(error).toMatchObject({ code: 'TIMEOUT' });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(toss.requests).toHaveLength(1);
    });

    it('throws PaymentProviderError when the connection drops or the body is not JSON', async () => {
      toss.setNext(
        { kind: 'disconnect' },
        { kind: 'text', status: 200, body: '<html>점검 중</html>' },
      );
      const provider = createProvider();

      const dropped = await confirmDefault(provider).catch((caught: unknown) => caught);
      const garbled = await confirmDefault(provider).catch((caught: unknown) => caught);

      expect(dropped).toBeInstanceOf(PaymentProviderError);
      expect(dropped).toMatchObject({ code: 'NETWORK_ERROR' });
      expect(garbled).toBeInstanceOf(PaymentProviderError);
      expect(garbled).toMatchObject({ code: 'INVALID_RESPONSE' });
    });

    it('charges once when the same order is confirmed twice', async () => {
      const provider = createProvider();

      const first = await confirmDefault(provider);
      const second = await confirmDefault(provider);

      expect(first.ok).toBe(true);
      expect(second).toEqual(first);
      expect(toss.requests.map((request) => request.headers['idempotency-key'])).toEqual([
        ORDER_ID,
        ORDER_ID,
      ]);
      expect(toss.chargeCount(ORDER_ID)).toBe(1);
    });

    it('charges once when the answer was lost after the charge and the confirm is retried', async () => {
      toss.setNext({ kind: 'hang', afterProcessing: true });

      const lost = await confirmDefault(createProvider({ timeoutMs: 200 })).catch(
        (caught: unknown) => caught,
      );
      const retried = await confirmDefault();

      expect(lost).toBeInstanceOf(PaymentProviderError);
      expect(retried).toMatchObject({ ok: true, paymentKey: PAYMENT_KEY });
      expect(toss.chargeCount(ORDER_ID)).toBe(1);
    });
  });

  describe('cancel', () => {
    const REASON = '예매 취소 (관람일 7일 전)';

    it('refunds with the idempotency key and returns the transactionKey', async () => {
      const provider = createProvider();
      await confirmDefault(provider);

      const result = await provider.cancel({
        paymentKey: PAYMENT_KEY,
        amount: AMOUNT,
        reason: REASON,
        idempotencyKey: 'refund-booking-42',
      });

      const request = toss.requests.at(-1);
      expect(request?.method).toBe('POST');
      expect(request?.path).toBe(`/v1/payments/${PAYMENT_KEY}/cancel`);
      expect(request?.headers.authorization).toBe(EXPECTED_AUTHORIZATION);
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.headers['idempotency-key']).toBe('refund-booking-42');
      expect(request?.body).toEqual({ cancelReason: REASON, cancelAmount: AMOUNT });

      expect(toss.refunds).toHaveLength(1);
      expect(toss.refunds[0]).toMatchObject({
        paymentKey: PAYMENT_KEY,
        cancelReason: REASON,
        cancelAmount: AMOUNT,
      });
      expect(result.transactionKey).toBe(toss.refunds[0]?.transactionKey);
      expect(result.transactionKey).toMatch(/^[0-9A-F]{32}$/u);
    });

    it('percent-encodes the paymentKey in the path', async () => {
      const paymentKey = 'tgen/2025+03 01?x';
      const provider = createProvider();
      await provider.confirm({ paymentKey, orderId: ORDER_ID, amount: AMOUNT });

      const result = await provider.cancel({
        paymentKey,
        amount: AMOUNT,
        reason: REASON,
        idempotencyKey: 'refund-encoded',
      });

      expect(toss.requests.at(-1)?.path).toBe('/v1/payments/tgen%2F2025%2B03%2001%3Fx/cancel');
      expect(toss.refunds[0]?.paymentKey).toBe(paymentKey);
      expect(result.transactionKey).toBe(toss.refunds[0]?.transactionKey);
    });

    it('treats a second cancel as done: same key replays, a new key gets ALREADY_CANCELED', async () => {
      const provider = createProvider();
      await confirmDefault(provider);
      const request = { paymentKey: PAYMENT_KEY, amount: AMOUNT, reason: REASON };

      const first = await provider.cancel({ ...request, idempotencyKey: 'refund-1' });
      const replayed = await provider.cancel({ ...request, idempotencyKey: 'refund-1' });
      const retried = await provider.cancel({ ...request, idempotencyKey: 'refund-2' });

      expect(first.transactionKey).toEqual(expect.any(String));
      expect(replayed).toEqual(first);
      expect(retried).toEqual({ transactionKey: null });
      expect(toss.refunds).toHaveLength(1);
      expect(toss.requests).toHaveLength(4);
    });

    it("throws PaymentProviderError with Toss's message when the refund is refused", async () => {
      const error = await createProvider()
        .cancel({
          paymentKey: 'tgen_never_paid',
          amount: AMOUNT,
          reason: REASON,
          idempotencyKey: 'refund-unknown',
        })
        .catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(PaymentProviderError);
      expect(error).toMatchObject({
        code: 'NOT_FOUND_PAYMENT',
        message: '환불 요청이 실패했습니다: 존재하지 않는 결제 정보 입니다.',
        // A 4xx: Toss refused, nothing was given back.
        refused: true,
      });
      expect(toss.refunds).toHaveLength(0);
    });

    it('gives back part of a payment; more than its balance is refused (NOT_CANCELABLE_AMOUNT)', async () => {
      const provider = createProvider();
      await confirmDefault(provider);
      const part = { paymentKey: PAYMENT_KEY, reason: REASON };
      await provider.cancel({ ...part, amount: 50_000, idempotencyKey: 'refund-seat-1' });
      expect(toss.requests.at(-1)?.body).toEqual({ cancelReason: REASON, cancelAmount: 50_000 });
      expect(toss.payment(PAYMENT_KEY)).toMatchObject({
        status: 'PARTIAL_CANCELED',
        balanceAmount: AMOUNT - 50_000,
      });

      const over = await provider
        .cancel({ ...part, amount: AMOUNT - 50_000 + 1, idempotencyKey: 'refund-seat-2' })
        .catch((caught: unknown) => caught);
      expect(over).toMatchObject({ code: 'NOT_CANCELABLE_AMOUNT', refused: true });
      await provider.cancel({ ...part, amount: AMOUNT - 50_000, idempotencyKey: 'refund-seat-3' });
      expect(toss.payment(PAYMENT_KEY)).toMatchObject({ status: 'CANCELED', balanceAmount: 0 });
      expect(toss.refunds.map((refund) => refund.cancelAmount)).toEqual([50_000, AMOUNT - 50_000]);
    });

    it('a key still being processed at Toss is no refusal: its outcome is unknown', async () => {
      const provider = createProvider();
      await confirmDefault(provider);
      toss.setNext({
        kind: 'json',
        status: 409,
        body: { code: 'IDEMPOTENT_REQUEST_PROCESSING', message: '이전 멱등 요청이 처리 중입니다.' },
      });
      const error = await provider
        .cancel({ paymentKey: PAYMENT_KEY, amount: AMOUNT, reason: REASON, idempotencyKey: 'k' })
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'IDEMPOTENT_REQUEST_PROCESSING', refused: false });
    });

    it('throws PaymentProviderError on a 500 or a timeout, and refunds once on retry', async () => {
      const provider = createProvider({ timeoutMs: 200 });
      await confirmDefault(provider);
      toss.setNext(
        {
          kind: 'json',
          status: 500,
          body: { code: 'UNKNOWN_PAYMENT_ERROR', message: '결제에 실패했어요.' },
        },
        { kind: 'hang', afterProcessing: true },
      );
      const request = {
        paymentKey: PAYMENT_KEY,
        amount: AMOUNT,
        reason: REASON,
        idempotencyKey: 'refund-retry',
      };

      const serverError = await provider.cancel(request).catch((caught: unknown) => caught);
      const timedOut = await provider.cancel(request).catch((caught: unknown) => caught);
      const retried = await provider.cancel(request);

      expect(serverError).toBeInstanceOf(PaymentProviderError);
      expect((serverError as PaymentProviderError).message).toMatch(/^환불 요청이 실패했습니다: /u);
      expect(timedOut).toBeInstanceOf(PaymentProviderError);
      expect(timedOut).toMatchObject({ code: 'TIMEOUT' });
      // Neither says whether the money went back: only a repeat of the key can tell.
      expect([serverError, timedOut].map((e) => (e as PaymentProviderError).refused)).toEqual([
        false,
        false,
      ]);
      expect(toss.refunds).toHaveLength(1);
      expect(retried.transactionKey).toBe(toss.refunds[0]?.transactionKey);
    });

    it('the fake fails the next cancels it is told to with 500, unprocessed, and answers the rest', async () => {
      const provider = createProvider();
      await confirmDefault(provider);
      toss.failNextCancels(2);
      const request = {
        paymentKey: PAYMENT_KEY,
        amount: 1_000,
        reason: REASON,
        idempotencyKey: 'refund-flaky',
      };
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const failed = await provider.cancel(request).catch((caught: unknown) => caught);
        expect(failed).toMatchObject({ code: 'FAILED_REFUND_PROCESS', refused: false });
      }
      expect(toss.refunds).toHaveLength(0);
      await provider.cancel(request);
      expect(toss.refunds).toHaveLength(1);
      expect(toss.payment(PAYMENT_KEY)?.balanceAmount).toBe(AMOUNT - 1_000);
    });
  });
});

describe('fake toss server', () => {
  let toss: FakeTossServer;

  beforeEach(async () => {
    toss = await startFakeTossServer();
  });

  afterEach(async () => {
    await toss.close();
  });

  const post = async (path: string, headers: Record<string, string>, body: string) => {
    const response = await fetch(`${toss.baseUrl}${path}`, { method: 'POST', headers, body });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const authorization = () => `Basic ${Buffer.from(`${toss.secretKey}:`).toString('base64')}`;

  it('refuses what Toss refuses: a missing Idempotency-Key, missing fields, a fractional amount', async () => {
    const headers = { authorization: authorization(), 'content-type': 'application/json' };
    const valid = { paymentKey: PAYMENT_KEY, orderId: ORDER_ID, amount: AMOUNT };

    const noKey = await post('/v1/payments/confirm', headers, JSON.stringify(valid));
    const keyed = { ...headers, 'idempotency-key': 'key-1' };
    const noOrderId = await post(
      '/v1/payments/confirm',
      keyed,
      JSON.stringify({ paymentKey: PAYMENT_KEY, amount: AMOUNT }),
    );
    const fractional = await post(
      '/v1/payments/confirm',
      keyed,
      JSON.stringify({ ...valid, amount: 1000.5 }),
    );
    const notJson = await post('/v1/payments/confirm', keyed, 'paymentKey=abc');

    for (const answer of [noKey, noOrderId, fractional, notJson]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'INVALID_REQUEST' });
    }
    expect(toss.chargeCount(ORDER_ID)).toBe(0);

    // Refusals are not remembered: the same key with a valid body goes through.
    const accepted = await post('/v1/payments/confirm', keyed, JSON.stringify(valid));
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      paymentKey: PAYMENT_KEY,
      orderId: ORDER_ID,
      status: 'DONE',
      method: '카드',
      totalAmount: AMOUNT,
      approvedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/u),
    });
    expect(toss.chargeCount(ORDER_ID)).toBe(1);
  });

  it('answers 401 UNAUTHORIZED_KEY to a wrong Basic auth before anything else', async () => {
    const answer = await post(
      '/v1/payments/confirm',
      { authorization: `Basic ${Buffer.from('test_sk_other:').toString('base64')}` },
      '',
    );

    expect(answer).toEqual({
      status: 401,
      body: {
        code: 'UNAUTHORIZED_KEY',
        message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.',
      },
    });
  });
});

/** Our webhook as the fake sees it: records what Toss posts and answers `status`. */
async function startCallbackReceiver() {
  const received: Array<{ path: string; contentType: string | undefined; body: unknown }> = [];
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        contentType: req.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
      });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1/webhooks/toss/payment-updates`,
    received,
    answerWith: (next: number) => {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('toss payment provider, issue 28 methods', () => {
  let toss: FakeTossServer;
  let webhook: Awaited<ReturnType<typeof startCallbackReceiver>>;

  beforeEach(async () => {
    toss = await startFakeTossServer({ secretKey: SECRET_KEY });
    webhook = await startCallbackReceiver();
  });

  afterEach(async () => {
    await toss.close();
    await webhook.close();
  });

  const createProvider = (overrides: { secretKey?: string; timeoutMs?: number } = {}) =>
    createTossPaymentProvider({
      clientKey: CLIENT_KEY,
      secretKey: overrides.secretKey ?? toss.secretKey,
      baseUrl: toss.baseUrl,
      timeoutMs: overrides.timeoutMs ?? 5_000,
    });

  const VA_ORDER_ID = 'b7c1d2e3-0000-4000-8000-00000000va01';
  /** 23:59:59 Asia/Seoul on 2 March 2025, with milliseconds Toss has no place for. */
  const DUE_AT = new Date('2025-03-02T14:59:59.999Z');
  const vaRequest = (overrides: Partial<IssueVirtualAccountRequest> = {}) => ({
    orderId: VA_ORDER_ID,
    orderName: '커튼콜 예매 · 오페라의 유령 외 1매',
    amount: AMOUNT,
    customerName: '김관객',
    bank: '20',
    dueAt: DUE_AT,
    cashReceipt: { type: '소득공제' as const, registrationNumber: '01012345678' },
    cultureExpense: true,
    callbackUrl: webhook.url,
    ...overrides,
  });
  const refundAccount = { bank: '88', accountNumber: '110123456789', holderName: '김관객' };
  const REASON = '예매 취소 (관람일 7일 전)';

  /** Issues the account and pays it in full at the fake bank. */
  const issueAndDeposit = async (provider = createProvider()) => {
    const issued = await provider.issueVirtualAccount(vaRequest());
    if (!issued.ok) throw new Error(`issue refused: ${issued.code}`);
    const delivery = await toss.deposit(VA_ORDER_ID);
    expect(delivery.status).toBe(200);
    return issued;
  };

  describe('confirm of a 간편결제', () => {
    it("maps Toss's provider names to our codes and easyPay.amount to the cash portion", async () => {
      const provider = createProvider();
      const cases: Array<[string, number | undefined, string | null, number]> = [
        // Paid from 카카오페이머니: all of it is cash.
        ['카카오페이', undefined, 'KAKAOPAY', 99_000],
        // 네이버페이 with a card registered in it: no cash part.
        ['네이버페이', 0, 'NAVERPAY', 0],
        // 토스페이, part from the linked account.
        ['토스페이', 30_000, 'TOSSPAY', 30_000],
        ['페이코', 99_000, 'PAYCO', 99_000],
        ['PAYCO', 0, 'PAYCO', 0],
        // A wallet we do not offer is still a paid 간편결제, of no known provider.
        ['삼성페이', 0, null, 0],
      ];
      for (const [index, [name, cash, code, cashAmount]] of cases.entries()) {
        const paymentKey = `tgen_easy_${index}`;
        toss.setEasyPay(paymentKey, { provider: name, amount: cash });
        const result = await provider.confirm({
          paymentKey,
          orderId: `order-easy-${index}`,
          amount: 99_000,
        });
        expect(result).toEqual({
          ok: true,
          paymentKey,
          method: 'EASY_PAY',
          approvedAt: expect.any(Date),
          easyPayProvider: code,
          cashAmount,
        });
      }
    });

    it('reads a 간편결제 answer without easyPay as no provider and no cash', async () => {
      toss.setNext({
        kind: 'json',
        status: 200,
        body: { paymentKey: PAYMENT_KEY, orderId: ORDER_ID, status: 'DONE', method: '간편결제' },
      });

      const result = await createProvider().confirm({
        paymentKey: PAYMENT_KEY,
        orderId: ORDER_ID,
        amount: AMOUNT,
      });

      expect(result).toMatchObject({ ok: true, easyPayProvider: null, cashAmount: 0 });
    });
  });

  describe('issueVirtualAccount', () => {
    it('issues with the fields Toss takes and answers the account as the buyer sees it', async () => {
      const result = await createProvider().issueVirtualAccount(vaRequest());

      expect(toss.requests).toHaveLength(1);
      const [request] = toss.requests;
      expect(request?.method).toBe('POST');
      expect(request?.path).toBe('/v1/virtual-accounts');
      expect(request?.headers.authorization).toBe(EXPECTED_AUTHORIZATION);
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.headers['idempotency-key']).toBe(VA_ORDER_ID);
      expect(request?.body).toEqual({
        amount: AMOUNT,
        orderId: VA_ORDER_ID,
        orderName: '커튼콜 예매 · 오페라의 유령 외 1매',
        customerName: '김관객',
        bank: '20',
        // Korea's offset, whole seconds (floored: never later than our own deadline).
        dueDate: '2025-03-02T23:59:59+09:00',
        cashReceipt: { type: '소득공제', registrationNumber: '01012345678' },
        cultureExpense: true,
        virtualAccountCallbackUrl: webhook.url,
      });

      const account = toss.virtualAccount(VA_ORDER_ID);
      expect(account?.accountNumber).toMatch(/^\d{14}$/u);
      expect(result).toEqual({
        ok: true,
        paymentKey: account?.paymentKey,
        bank: '20',
        accountNumber: account?.accountNumber,
        holder: '김관객',
        dueAt: new Date('2025-03-02T14:59:59.000Z'),
      });
      expect(toss.payment(account?.paymentKey ?? '')).toMatchObject({
        method: '가상계좌',
        status: 'WAITING_FOR_DEPOSIT',
        totalAmount: AMOUNT,
      });
    });

    it('sends no cashReceipt when none was asked for, and 지출증빙 as asked', async () => {
      const provider = createProvider();
      await provider.issueVirtualAccount(vaRequest({ cashReceipt: null, cultureExpense: false }));
      await provider.issueVirtualAccount(
        vaRequest({
          orderId: 'order-va-expense-0001',
          cashReceipt: { type: '지출증빙', registrationNumber: '1234567890' },
        }),
      );

      const [plain, expense] = toss.requests.map(
        (request) => request.body as Record<string, unknown>,
      );
      expect(plain).not.toHaveProperty('cashReceipt');
      expect(plain).toMatchObject({ cultureExpense: false });
      expect(expense?.cashReceipt).toEqual({ type: '지출증빙', registrationNumber: '1234567890' });
    });

    it('answers a retried issue with the same account, issuing one', async () => {
      const provider = createProvider({ timeoutMs: 200 });
      toss.setNext({ kind: 'hang', afterProcessing: true });

      const lost = await provider.issueVirtualAccount(vaRequest()).catch((e: unknown) => e);
      const retried = await provider.issueVirtualAccount(vaRequest());

      expect(lost).toMatchObject({ code: 'TIMEOUT', refused: false });
      expect(retried).toMatchObject({
        ok: true,
        accountNumber: toss.virtualAccount(VA_ORDER_ID)?.accountNumber,
      });
      expect(toss.virtualAccounts).toHaveLength(1);
    });

    it("returns Toss's refusal as ok:false with its code and Korean message", async () => {
      const provider = createProvider();
      // 카카오뱅크 takes refunds but issues no 가상계좌.
      const badBank = await provider.issueVirtualAccount(vaRequest({ bank: '90' }));
      toss.setNext({ kind: 'json', status: 403, body: { code: 'NOT_SUPPORTED_METHOD' } });
      const noMessage = await provider.issueVirtualAccount(vaRequest());

      expect(badBank).toEqual({
        ok: false,
        code: 'INVALID_BANK',
        message: '유효하지 않은 은행입니다.',
      });
      expect(noMessage).toEqual({
        ok: false,
        code: 'NOT_SUPPORTED_METHOD',
        message: '가상계좌를 발급하지 못했습니다.',
      });
      expect(toss.virtualAccounts).toHaveLength(0);
    });

    it('throws with an unknown outcome on a 5xx, a key still processing, a timeout or an answer without the account', async () => {
      const provider = createProvider({ timeoutMs: 200 });
      toss.setNext(
        { kind: 'json', status: 500, body: { code: 'FAILED_INTERNAL_SYSTEM_PROCESSING' } },
        { kind: 'json', status: 409, body: { code: 'IDEMPOTENT_REQUEST_PROCESSING' } },
        { kind: 'hang' },
        {
          kind: 'json',
          status: 200,
          body: { paymentKey: 'tviva_no_account', status: 'WAITING_FOR_DEPOSIT' },
        },
      );

      const errors = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        errors.push(await provider.issueVirtualAccount(vaRequest()).catch((e: unknown) => e));
      }

      for (const error of errors) {
        expect(error).toBeInstanceOf(PaymentProviderError);
        expect((error as PaymentProviderError).refused).toBe(false);
        expect((error as PaymentProviderError).message).toMatch(
          /^가상계좌 발급 요청이 실패했습니다: /u,
        );
      }
      expect(errors.map((error) => (error as PaymentProviderError).code)).toEqual([
        'FAILED_INTERNAL_SYSTEM_PROCESSING',
        'IDEMPOTENT_REQUEST_PROCESSING',
        'TIMEOUT',
        'INVALID_RESPONSE',
      ]);
    });
  });

  describe('getPayment', () => {
    it('answers the payment as Toss has it, by GET with the secret key and no body', async () => {
      const provider = createProvider();
      const issued = await provider.issueVirtualAccount(vaRequest());
      if (!issued.ok) throw new Error('unreachable');

      const waiting = await provider.getPayment(issued.paymentKey);
      const request = toss.requests.at(-1);
      expect(request?.method).toBe('GET');
      expect(request?.path).toBe(`/v1/payments/${issued.paymentKey}`);
      expect(request?.headers.authorization).toBe(EXPECTED_AUTHORIZATION);
      expect(request?.headers['idempotency-key']).toBeUndefined();
      expect(request?.body).toBeUndefined();
      expect(waiting).toEqual({
        paymentKey: issued.paymentKey,
        orderId: VA_ORDER_ID,
        status: 'WAITING_FOR_DEPOSIT',
        totalAmount: AMOUNT,
        method: 'VIRTUAL_ACCOUNT',
        approvedAt: null,
      });

      await toss.deposit(VA_ORDER_ID);
      expect(await provider.getPayment(issued.paymentKey)).toEqual({
        ...waiting,
        status: 'DONE',
        approvedAt: expect.any(Date),
      });
    });

    it("maps Toss's methods (카드, 간편결제, others) and percent-encodes the key", async () => {
      const provider = createProvider();
      toss.setEasyPay('tgen_easy_lookup');
      toss.setMethod('tgen/phone lookup', '휴대폰');
      await provider.confirm({ paymentKey: PAYMENT_KEY, orderId: ORDER_ID, amount: AMOUNT });
      await provider.confirm({
        paymentKey: 'tgen_easy_lookup',
        orderId: 'order-look-2',
        amount: 1_000,
      });
      await provider.confirm({
        paymentKey: 'tgen/phone lookup',
        orderId: 'order-look-3',
        amount: 1_000,
      });

      expect(await provider.getPayment(PAYMENT_KEY)).toMatchObject({
        method: 'CARD',
        status: 'DONE',
      });
      expect(await provider.getPayment('tgen_easy_lookup')).toMatchObject({ method: 'EASY_PAY' });
      expect(await provider.getPayment('tgen/phone lookup')).toMatchObject({ method: 'OTHER' });
      expect(toss.requests.at(-1)?.path).toBe('/v1/payments/tgen%2Fphone%20lookup');
    });

    it('answers null for a payment Toss does not know', async () => {
      expect(await createProvider().getPayment('tgen_forged_0001')).toBeNull();
    });

    it('throws for a 5xx or a timeout (unknown), a wrong key (refused) and an answer missing what is checked', async () => {
      const provider = createProvider({ timeoutMs: 200 });
      toss.setNext(
        { kind: 'json', status: 503, body: { code: 'COMMON_ERROR', message: '일시적인 오류' } },
        { kind: 'hang' },
        { kind: 'json', status: 200, body: { paymentKey: 'k', orderId: 'o', status: 'DONE' } },
        {
          kind: 'json',
          status: 404,
          body: { code: 'NOT_FOUND', message: '존재하지 않는 정보 입니다.' },
        },
      );

      const serverError = await provider.getPayment('k').catch((e: unknown) => e);
      const timedOut = await provider.getPayment('k').catch((e: unknown) => e);
      const partial = await provider.getPayment('k').catch((e: unknown) => e);
      // A 404 that is not NOT_FOUND_PAYMENT (a wrong path, a proxy) is no proof of absence.
      const otherNotFound = await provider.getPayment('k').catch((e: unknown) => e);
      const wrongKey = await createProvider({ secretKey: 'test_sk_wrong' })
        .getPayment('k')
        .catch((e: unknown) => e);

      expect(serverError).toMatchObject({ code: 'COMMON_ERROR', refused: false });
      expect(timedOut).toMatchObject({ code: 'TIMEOUT', refused: false });
      expect(partial).toMatchObject({ code: 'INVALID_RESPONSE', refused: false });
      expect(otherNotFound).toMatchObject({ code: 'NOT_FOUND', refused: true });
      expect(wrongKey).toMatchObject({ code: 'UNAUTHORIZED_KEY', refused: true });
      for (const error of [serverError, timedOut, partial, otherNotFound, wrongKey]) {
        expect(error).toBeInstanceOf(PaymentProviderError);
        expect((error as PaymentProviderError).message).toMatch(
          /^결제 조회 요청이 실패했습니다: /u,
        );
      }
    });
  });

  describe('issueCashReceipt', () => {
    it('issues with customerIdentityNumber and type and answers the issueNumber', async () => {
      const result = await createProvider().issueCashReceipt({
        orderId: ORDER_ID,
        orderName: '커튼콜 예매',
        amount: 30_000,
        receipt: { type: '지출증빙', registrationNumber: '1234567890' },
      });

      const request = toss.requests.at(-1);
      expect(request?.method).toBe('POST');
      expect(request?.path).toBe('/v1/cash-receipts');
      expect(request?.headers.authorization).toBe(EXPECTED_AUTHORIZATION);
      expect(request?.headers['idempotency-key']).toBe(`cash-receipt-${ORDER_ID}`);
      expect(request?.body).toEqual({
        amount: 30_000,
        orderId: ORDER_ID,
        orderName: '커튼콜 예매',
        customerIdentityNumber: '1234567890',
        type: '지출증빙',
      });
      expect(toss.cashReceipts).toHaveLength(1);
      expect(result).toEqual({ issueNumber: toss.cashReceipts[0]?.issueNumber });
    });

    it("reads an older version's approvalNumber; throws on a refusal, a 5xx or no number", async () => {
      const provider = createProvider();
      const request = {
        orderId: ORDER_ID,
        orderName: '커튼콜 예매',
        amount: 30_000,
        receipt: { type: '소득공제' as const, registrationNumber: '01012345678' },
      };
      toss.setNext(
        { kind: 'json', status: 200, body: { receiptKey: 'rk_1', approvalNumber: '987654321' } },
        { kind: 'json', status: 500, body: { code: 'FAILED_PAYMENT_INTERNAL_SYSTEM_PROCESSING' } },
        { kind: 'json', status: 200, body: { receiptKey: 'rk_2' } },
      );

      expect(await provider.issueCashReceipt(request)).toEqual({ issueNumber: '987654321' });
      const serverError = await provider.issueCashReceipt(request).catch((e: unknown) => e);
      const noNumber = await provider.issueCashReceipt(request).catch((e: unknown) => e);
      const refused = await provider
        .issueCashReceipt({ ...request, receipt: { type: '소득공제', registrationNumber: '123' } })
        .catch((e: unknown) => e);

      expect(serverError).toMatchObject({ refused: false });
      expect(noNumber).toMatchObject({ code: 'INVALID_RESPONSE', refused: false });
      expect(refused).toMatchObject({ code: 'INVALID_REQUEST', refused: true });
      for (const error of [serverError, noNumber, refused]) {
        expect(error).toBeInstanceOf(PaymentProviderError);
      }
      expect(toss.cashReceipts).toHaveLength(0);
    });
  });

  describe('cancel of a 가상계좌', () => {
    it('gives back part of a deposit to the refund account, then the rest', async () => {
      const provider = createProvider();
      const issued = await issueAndDeposit(provider);

      const first = await provider.cancel({
        paymentKey: issued.paymentKey,
        amount: 50_000,
        reason: REASON,
        idempotencyKey: 'refund-va-seat-1',
        refundReceiveAccount: refundAccount,
      });

      expect(toss.requests.at(-1)?.body).toEqual({
        cancelReason: REASON,
        cancelAmount: 50_000,
        refundReceiveAccount: refundAccount,
      });
      expect(toss.refunds).toEqual([
        expect.objectContaining({
          paymentKey: issued.paymentKey,
          cancelAmount: 50_000,
          refundReceiveAccount: refundAccount,
          transactionKey: first.transactionKey,
        }),
      ]);
      expect(toss.payment(issued.paymentKey)).toMatchObject({
        status: 'PARTIAL_CANCELED',
        balanceAmount: AMOUNT - 50_000,
      });

      const over = await provider
        .cancel({
          paymentKey: issued.paymentKey,
          amount: AMOUNT,
          reason: REASON,
          idempotencyKey: 'refund-va-over',
          refundReceiveAccount: refundAccount,
        })
        .catch((e: unknown) => e);
      expect(over).toMatchObject({ code: 'NOT_CANCELABLE_AMOUNT', refused: true });

      await provider.cancel({
        paymentKey: issued.paymentKey,
        amount: AMOUNT - 50_000,
        reason: REASON,
        idempotencyKey: 'refund-va-rest',
        refundReceiveAccount: refundAccount,
      });
      expect(toss.payment(issued.paymentKey)).toMatchObject({
        status: 'CANCELED',
        balanceAmount: 0,
      });
      expect(toss.refunds.map((refund) => refund.cancelAmount)).toEqual([50_000, AMOUNT - 50_000]);
    });

    it('is refused without a refund account, and the same key with one then goes through', async () => {
      const provider = createProvider();
      const issued = await issueAndDeposit(provider);
      const request = {
        paymentKey: issued.paymentKey,
        amount: AMOUNT,
        reason: REASON,
        idempotencyKey: 'refund-va-whole',
      };

      const refused = await provider.cancel(request).catch((e: unknown) => e);

      expect(refused).toBeInstanceOf(PaymentProviderError);
      expect(refused).toMatchObject({ code: 'INVALID_REQUIRED_PARAM', refused: true });
      expect(toss.requests.at(-1)?.body).toEqual({ cancelReason: REASON, cancelAmount: AMOUNT });
      expect(toss.refunds).toHaveLength(0);
      expect(toss.payment(issued.paymentKey)).toMatchObject({
        status: 'DONE',
        balanceAmount: AMOUNT,
      });

      const done = await provider.cancel({ ...request, refundReceiveAccount: refundAccount });
      expect(done.transactionKey).toBe(toss.refunds[0]?.transactionKey);
      expect(toss.payment(issued.paymentKey)).toMatchObject({ status: 'CANCELED' });
    });

    it("refuses an account whose holder is not the bank's, or a malformed one", async () => {
      const provider = createProvider();
      const issued = await issueAndDeposit(provider);
      toss.setAccountHolder(refundAccount.accountNumber, '박다른');
      const request = {
        paymentKey: issued.paymentKey,
        amount: AMOUNT,
        reason: REASON,
        idempotencyKey: 'refund-va-holder',
      };

      const wrongHolder = await provider
        .cancel({ ...request, refundReceiveAccount: refundAccount })
        .catch((e: unknown) => e);
      const wrongNumber = await provider
        .cancel({
          ...request,
          idempotencyKey: 'refund-va-number',
          refundReceiveAccount: { ...refundAccount, accountNumber: '110-123-456789' },
        })
        .catch((e: unknown) => e);

      expect(wrongHolder).toMatchObject({ code: 'INVALID_REFUND_ACCOUNT_INFO', refused: true });
      expect(wrongNumber).toMatchObject({ code: 'INVALID_REFUND_ACCOUNT_NUMBER', refused: true });
      expect(toss.refunds).toHaveLength(0);
    });

    it('cancels an account not yet paid into only whole, with no refund', async () => {
      const provider = createProvider();
      const issued = await provider.issueVirtualAccount(vaRequest());
      if (!issued.ok) throw new Error('unreachable');

      const partial = await provider
        .cancel({
          paymentKey: issued.paymentKey,
          amount: 1_000,
          reason: REASON,
          idempotencyKey: 'a',
        })
        .catch((e: unknown) => e);
      await provider.cancel({
        paymentKey: issued.paymentKey,
        amount: AMOUNT,
        reason: REASON,
        idempotencyKey: 'b',
      });

      expect(partial).toMatchObject({
        code: 'NOT_ALLOWED_PARTIAL_REFUND_WAITING_DEPOSIT',
        refused: true,
      });
      expect(toss.payment(issued.paymentKey)).toMatchObject({ status: 'CANCELED' });
      expect(toss.refunds).toHaveLength(0);
      await expect(toss.deposit(VA_ORDER_ID)).rejects.toThrow(/not waiting for a deposit/u);
    });
  });

  describe('the fake bank and its notices', () => {
    it("deposit posts Toss's DEPOSIT_CALLBACK with the payment's secret and answers our status", async () => {
      const issued = await createProvider().issueVirtualAccount(vaRequest());
      if (!issued.ok) throw new Error('unreachable');
      const issueAnswer = await fetch(`${toss.baseUrl}/v1/payments/orders/${VA_ORDER_ID}`, {
        headers: { authorization: EXPECTED_AUTHORIZATION },
      }).then((response) => response.json() as Promise<Record<string, unknown>>);

      const delivery = await toss.deposit(VA_ORDER_ID);

      expect(delivery).toEqual({ status: 200, body: 'ok' });
      expect(webhook.received).toHaveLength(1);
      const [notice] = webhook.received;
      expect(notice?.path).toBe('/api/v1/webhooks/toss/payment-updates');
      expect(notice?.contentType).toBe('application/json');
      expect(notice?.body).toEqual({
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/u),
        secret: issueAnswer.secret,
        status: 'DONE',
        transactionKey: expect.stringMatching(/^[0-9A-F]{32}$/u),
        orderId: VA_ORDER_ID,
      });
      expect(issueAnswer.secret).toBe(toss.virtualAccount(VA_ORDER_ID)?.secret);
      // The 현금영수증 asked for at issue is issued once the money is in.
      expect(toss.cashReceipts).toEqual([
        expect.objectContaining({
          orderId: VA_ORDER_ID,
          amount: AMOUNT,
          type: '소득공제',
          customerIdentityNumber: '01012345678',
        }),
      ]);
      await expect(toss.deposit(VA_ORDER_ID)).rejects.toThrow(/is DONE/u);
    });

    it('resends a notice as it was or altered, and sends PAYMENT_STATUS_CHANGED', async () => {
      await createProvider().issueVirtualAccount(vaRequest());
      webhook.answerWith(500);
      const failed = await toss.deposit(VA_ORDER_ID);
      webhook.answerWith(200);
      const retried = await toss.resendDepositCallback(VA_ORDER_ID);
      const stale = await toss.resendDepositCallback(VA_ORDER_ID, {
        status: 'WAITING_FOR_DEPOSIT',
      });
      const paymentKey = toss.virtualAccount(VA_ORDER_ID)?.paymentKey ?? '';
      const changed = await toss.sendPaymentStatusChanged(paymentKey, webhook.url);

      expect([failed.status, retried.status, stale.status, changed.status]).toEqual([
        500, 200, 200, 200,
      ]);
      const [first, second, third, fourth] = webhook.received.map((r) => r.body);
      expect(second).toEqual(first);
      expect(third).toEqual({ ...(first as object), status: 'WAITING_FOR_DEPOSIT' });
      expect(fourth).toMatchObject({
        eventType: 'PAYMENT_STATUS_CHANGED',
        data: { paymentKey, orderId: VA_ORDER_ID, status: 'DONE', method: '가상계좌' },
      });
    });

    it('expire ends an unpaid account: no deposit, Toss says EXPIRED', async () => {
      const provider = createProvider();
      const issued = await provider.issueVirtualAccount(vaRequest());
      if (!issued.ok) throw new Error('unreachable');

      toss.expire(VA_ORDER_ID);

      await expect(toss.deposit(VA_ORDER_ID)).rejects.toThrow(/is EXPIRED/u);
      expect(await provider.getPayment(issued.paymentKey)).toMatchObject({ status: 'EXPIRED' });
      expect(webhook.received).toHaveLength(0);
    });

    it('refuses an issue Toss refuses: a second account for one order, a bad dueDate, both validHours and dueDate', async () => {
      const headers = {
        authorization: EXPECTED_AUTHORIZATION,
        'content-type': 'application/json',
      };
      const issue = async (key: string, body: Record<string, unknown>) => {
        const response = await fetch(`${toss.baseUrl}/v1/virtual-accounts`, {
          method: 'POST',
          headers: { ...headers, 'idempotency-key': key },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as { code?: string } };
      };
      const valid = {
        amount: AMOUNT,
        orderId: VA_ORDER_ID,
        orderName: '커튼콜 예매',
        customerName: '김관객',
        bank: '04',
        dueDate: '2025-03-02T23:59:59+09:00',
      };

      const noOffset = await issue('k1', { ...valid, dueDate: '2025-03-02 23:59' });
      const both = await issue('k2', { ...valid, validHours: 24 });
      const first = await issue('k3', valid);
      const second = await issue('k4', valid);

      expect(noOffset).toMatchObject({ status: 400, body: { code: 'INVALID_ISO_DATE_FORMAT' } });
      expect(both).toMatchObject({
        status: 400,
        body: { code: 'INVALID_VALID_HOURS_WITH_DUE_DATE_AND_SINGLE' },
      });
      expect(first.status).toBe(200);
      expect(second).toMatchObject({ status: 400, body: { code: 'DUPLICATED_ORDER_ID' } });
      expect(toss.virtualAccounts).toHaveLength(1);
    });
  });
});
