import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeTossServer, startFakeTossServer } from '../../../test/helpers/fake-toss-server';
import { PaymentProviderError } from './payment-provider';
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
