import { paymentMethodMessages } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createManualClock, type Clock } from '../../lib/clock';
import { PaymentProviderError } from './payment-provider';
import {
  createSandboxPaymentProvider,
  SANDBOX_ACCOUNT_HOLDER,
  sandboxRefusals,
  type SandboxPaymentProvider,
} from './sandbox-payment-provider';

/**
 * The sandbox provider's books, as a provider keeps them: in the database (the app's, both
 * runtimes) and in memory (a unit test's own provider). A refund is checked against what the
 * payment has left, a repeated key gives back once, and a refusal is a refusal (`refused`).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe.each([
  ['database', () => createSandboxPaymentProvider({ secret: 'books-test', db: ctx.database.db })],
  ['memory', () => createSandboxPaymentProvider({ secret: 'books-test' })],
])('sandbox books (%s)', (books, makeProvider) => {
  it('gives back parts of a payment up to what remains, each key once', async () => {
    const provider = makeProvider();
    const orderId = `order-${books}-0001`;
    const paymentKey = provider.issuePaymentKey(orderId, 10_000, 'approve');
    expect(await provider.confirm({ paymentKey, orderId, amount: 10_000 })).toMatchObject({
      ok: true,
    });
    // A repeated confirm (two callbacks of one order) records the payment once.
    await provider.confirm({ paymentKey, orderId, amount: 10_000 });

    const part = { paymentKey, reason: '사용자 예매 취소' };
    const first = await provider.cancel({ ...part, amount: 6_000, idempotencyKey: `${books}-1` });
    const repeated = await provider.cancel({
      ...part,
      amount: 6_000,
      idempotencyKey: `${books}-1`,
    });
    expect(repeated).toEqual(first);

    const over = await provider
      .cancel({ ...part, amount: 4_001, idempotencyKey: `${books}-2` })
      .catch((caught: unknown) => caught);
    expect(over).toBeInstanceOf(PaymentProviderError);
    expect(over).toMatchObject({
      code: 'NOT_CANCELABLE_AMOUNT',
      message: '취소 할 수 없는 금액 입니다.',
      refused: true,
    });
    const rest = await provider.cancel({ ...part, amount: 4_000, idempotencyKey: `${books}-3` });
    expect(rest.transactionKey).toMatch(/^sbx_cancel_/);
    const nothingLeft = await provider
      .cancel({ ...part, amount: 1, idempotencyKey: `${books}-4` })
      .catch((caught: unknown) => caught);
    expect(nothingLeft).toMatchObject({ code: 'NOT_CANCELABLE_AMOUNT', refused: true });
  });

  it('refuses a refund of a payment it never approved', async () => {
    const error = await makeProvider()
      .cancel({
        paymentKey: `sbx_unknown_${books}`,
        amount: 1_000,
        reason: '사용자 예매 취소',
        idempotencyKey: `${books}-unknown`,
      })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'NOT_FOUND_PAYMENT', refused: true });
  });
});

/**
 * Issue 28: 간편결제 keys carry their provider and cash portion under the signature; a 가상계좌
 * is issued once per order, taken once in full before its due time, and its refund needs the
 * buyer's account. The same rules hold in both books.
 */
describe.each([
  [
    'database',
    (clock: Clock) =>
      createSandboxPaymentProvider({ secret: 'methods-test', db: ctx.database.db, clock }),
  ],
  ['memory', (clock: Clock) => createSandboxPaymentProvider({ secret: 'methods-test', clock })],
])('sandbox payment methods (%s)', (books, makeProvider) => {
  const start = new Date('2026-12-01T03:00:00Z');
  const hour = 60 * 60 * 1000;
  let sequence = 0;
  const nextOrderId = () => `order-${books}-m${(sequence += 1).toString().padStart(4, '0')}`;
  const issueRequest = (orderId: string, amount = 55_000) => ({
    orderId,
    orderName: '레미제라블 외 1건',
    amount,
    customerName: '김관객',
    bank: '20',
    dueAt: new Date(start.getTime() + 24 * hour),
    cashReceipt: null,
    cultureExpense: false,
    callbackUrl: 'http://localhost/api/v1/webhooks/toss/payment-updates',
  });
  const refundAccount = { bank: '88', accountNumber: '110123456789', holderName: '김관객' };

  async function issued(provider: SandboxPaymentProvider, amount = 55_000) {
    const orderId = nextOrderId();
    const result = await provider.issueVirtualAccount(issueRequest(orderId, amount));
    if (!result.ok) throw new Error(`issue refused: ${result.message}`);
    return { orderId, ...result };
  }

  it('confirms an easy-pay key with its provider and cash portion, and refuses an altered one', async () => {
    const provider = makeProvider(createManualClock(start));
    const orderId = nextOrderId();
    const paymentKey = provider.issuePaymentKey(orderId, 30_000, 'approve', {
      method: 'EASY_PAY',
      easyPayProvider: 'KAKAOPAY',
      cashAmount: 30_000,
    });
    expect(await provider.confirm({ paymentKey, orderId, amount: 30_000 })).toEqual({
      ok: true,
      paymentKey,
      method: 'EASY_PAY',
      approvedAt: start,
      easyPayProvider: 'KAKAOPAY',
      cashAmount: 30_000,
    });
    expect(await provider.getPayment(paymentKey)).toMatchObject({
      orderId,
      status: 'DONE',
      totalAmount: 30_000,
      method: 'EASY_PAY',
    });

    // Whoever edits what the key carries (another provider, a smaller cash portion, a card)
    // gets a key the page never issued: refused, and the payment is not over for it.
    const altered = [
      paymentKey.replace('ep-KAKAOPAY-', 'ep-NAVERPAY-'),
      paymentKey.replace('-30000_', '-0_'),
      paymentKey.replace(/_ep-KAKAOPAY-30000/, ''),
    ];
    for (const key of altered) {
      expect(key).not.toBe(paymentKey);
      expect(await provider.confirm({ paymentKey: key, orderId, amount: 30_000 })).toEqual({
        ok: false,
        ...sandboxRefusals.invalidKey,
        paymentFailed: false,
      });
    }
    // Nor is a key good for another amount or another order.
    expect(await provider.confirm({ paymentKey, orderId, amount: 29_000 })).toMatchObject({
      ok: false,
      code: 'INVALID_PAYMENT_KEY',
    });
    expect(
      await provider.confirm({ paymentKey, orderId: nextOrderId(), amount: 30_000 }),
    ).toMatchObject({ ok: false, code: 'INVALID_PAYMENT_KEY' });
    // A provider with another secret (another installation) does not trust it either.
    const stranger = createSandboxPaymentProvider({ secret: 'another-secret' });
    expect(await stranger.confirm({ paymentKey, orderId, amount: 30_000 })).toMatchObject({
      ok: false,
      code: 'INVALID_PAYMENT_KEY',
    });
  });

  it('confirms a card key as a card with nothing paid in cash', async () => {
    const provider = makeProvider(createManualClock(start));
    const orderId = nextOrderId();
    const paymentKey = provider.issuePaymentKey(orderId, 70_000, 'approve', { method: 'CARD' });
    expect(await provider.confirm({ paymentKey, orderId, amount: 70_000 })).toMatchObject({
      ok: true,
      method: 'CARD',
      easyPayProvider: null,
      cashAmount: 0,
    });
    expect(await provider.getPayment(paymentKey)).toMatchObject({ method: 'CARD', status: 'DONE' });
    expect(() =>
      provider.issuePaymentKey(orderId, 70_000, 'approve', {
        method: 'EASY_PAY',
        easyPayProvider: 'KAKAOPAY',
        cashAmount: 70_001,
      }),
    ).toThrow();
  });

  it('issues one bank-looking account per order, the same one when asked again', async () => {
    const provider = makeProvider(createManualClock(start));
    const orderId = nextOrderId();
    const request = issueRequest(orderId);
    const first = await provider.issueVirtualAccount(request);
    expect(first).toMatchObject({
      ok: true,
      bank: '20',
      holder: SANDBOX_ACCOUNT_HOLDER,
      dueAt: request.dueAt,
    });
    if (!first.ok) return;
    expect(first.accountNumber).toMatch(/^270\d{11}$/);
    expect(await provider.issueVirtualAccount(request)).toEqual(first);
    // The same order for another amount is another order: refused, as Toss does.
    expect(await provider.issueVirtualAccount({ ...request, amount: 1_000 })).toMatchObject({
      ok: false,
      code: 'DUPLICATED_ORDER_ID',
    });
    const other = await issued(provider);
    expect(other.accountNumber).not.toBe(first.accountNumber);
    expect(await provider.getPayment(first.paymentKey)).toEqual({
      paymentKey: first.paymentKey,
      orderId,
      status: 'WAITING_FOR_DEPOSIT',
      totalAmount: 55_000,
      method: 'VIRTUAL_ACCOUNT',
      approvedAt: null,
    });
    expect(
      await provider.issueVirtualAccount({ ...issueRequest(nextOrderId()), bank: '90' }),
    ).toMatchObject({
      ok: false,
      code: 'INVALID_BANK',
    });
    expect(
      await provider.issueVirtualAccount({ ...issueRequest(nextOrderId()), dueAt: start }),
    ).toMatchObject({ ok: false, code: 'INVALID_DUE_DATE' });
  });

  it('takes the full amount once before the due time, and says why it refuses anything else', async () => {
    const clock = createManualClock(start);
    const provider = makeProvider(clock);
    const account = await issued(provider);
    const deposit = (amount: number, accountNumber = account.accountNumber) =>
      provider.deposit({ accountNumber, amount, now: clock.now() });

    expect(await deposit(55_000, '27000000000000')).toEqual({
      ok: false,
      refusal: 'UNKNOWN_ACCOUNT',
      message: paymentMethodMessages.depositUnknownAccount,
    });
    expect(await deposit(50_000)).toEqual({
      ok: false,
      refusal: 'WRONG_AMOUNT',
      message: paymentMethodMessages.depositWrongAmount('55,000원'),
    });
    expect(await deposit(55_001)).toMatchObject({ ok: false, refusal: 'WRONG_AMOUNT' });
    expect(await provider.getPayment(account.paymentKey)).toMatchObject({
      status: 'WAITING_FOR_DEPOSIT',
    });

    clock.advance(hour);
    // Hyphens as a bank app shows them are fine.
    const hyphenated = account.accountNumber.replace(/^(\d{3})(\d{6})(\d+)$/, '$1-$2-$3');
    expect(await deposit(55_000, hyphenated)).toEqual({
      ok: true,
      orderId: account.orderId,
      paymentKey: account.paymentKey,
    });
    expect(await deposit(55_000)).toEqual({
      ok: false,
      refusal: 'ALREADY_DEPOSITED',
      message: paymentMethodMessages.depositAlreadyPaid,
    });
    expect(await provider.getPayment(account.paymentKey)).toMatchObject({
      status: 'DONE',
      method: 'VIRTUAL_ACCOUNT',
      approvedAt: clock.now(),
    });
    expect(await provider.findVirtualAccount(account.accountNumber)).toMatchObject({
      orderId: account.orderId,
      amount: 55_000,
      depositedAt: clock.now(),
    });
  });

  it('refuses a deposit after the due time, and the payment reads EXPIRED', async () => {
    const clock = createManualClock(start);
    const provider = makeProvider(clock);
    const account = await issued(provider);
    const onTime = await issued(provider);
    clock.set(new Date(account.dueAt.getTime() + 1));
    expect(
      await provider.deposit({
        accountNumber: account.accountNumber,
        amount: 55_000,
        now: clock.now(),
      }),
    ).toEqual({ ok: false, refusal: 'EXPIRED', message: paymentMethodMessages.depositExpired });
    expect(await provider.getPayment(account.paymentKey)).toMatchObject({ status: 'EXPIRED' });
    // At the due time itself the deposit is still taken.
    expect(
      await provider.deposit({
        accountNumber: onTime.accountNumber,
        amount: 55_000,
        now: onTime.dueAt,
      }),
    ).toMatchObject({ ok: true });
  });

  it('takes one of two deposits sent at once', async () => {
    const clock = createManualClock(start);
    const provider = makeProvider(clock);
    const account = await issued(provider);
    const results = await Promise.all(
      Array.from({ length: 2 }, () =>
        provider.deposit({
          accountNumber: account.accountNumber,
          amount: 55_000,
          now: clock.now(),
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([
      {
        ok: false,
        refusal: 'ALREADY_DEPOSITED',
        message: paymentMethodMessages.depositAlreadyPaid,
      },
    ]);
  });

  it('gives a deposit back only to an account the buyer names, in parts as a card', async () => {
    const clock = createManualClock(start);
    const provider = makeProvider(clock);
    const account = await issued(provider);
    await provider.deposit({
      accountNumber: account.accountNumber,
      amount: 55_000,
      now: clock.now(),
    });
    const cancel = { paymentKey: account.paymentKey, reason: '사용자 예매 취소' };

    const withoutAccount = await provider
      .cancel({ ...cancel, amount: 55_000, idempotencyKey: `${books}-va-1` })
      .catch((caught: unknown) => caught);
    expect(withoutAccount).toBeInstanceOf(PaymentProviderError);
    expect(withoutAccount).toMatchObject({
      message: '환불받을 계좌 정보가 필요합니다.',
      refused: true,
    });
    const badAccount = await provider
      .cancel({
        ...cancel,
        amount: 55_000,
        idempotencyKey: `${books}-va-2`,
        refundReceiveAccount: { ...refundAccount, accountNumber: '12' },
      })
      .catch((caught: unknown) => caught);
    expect(badAccount).toMatchObject({ code: 'INVALID_REFUND_ACCOUNT_INFO', refused: true });
    expect(await provider.getPayment(account.paymentKey)).toMatchObject({ status: 'DONE' });

    const part = await provider.cancel({
      ...cancel,
      amount: 20_000,
      idempotencyKey: `${books}-va-3`,
      refundReceiveAccount: refundAccount,
    });
    expect(part.transactionKey).toMatch(/^sbx_cancel_/);
    expect(await provider.getPayment(account.paymentKey)).toMatchObject({
      status: 'PARTIAL_CANCELED',
    });
    await provider.cancel({
      ...cancel,
      amount: 35_000,
      idempotencyKey: `${books}-va-4`,
      refundReceiveAccount: refundAccount,
    });
    expect(await provider.getPayment(account.paymentKey)).toMatchObject({ status: 'CANCELED' });
  });

  it('closes an account nothing was paid into, whole and without a refund account', async () => {
    const clock = createManualClock(start);
    const provider = makeProvider(clock);
    const account = await issued(provider);
    const cancel = { paymentKey: account.paymentKey, reason: '사용자 예매 취소' };
    const part = await provider
      .cancel({ ...cancel, amount: 5_000, idempotencyKey: `${books}-close-1` })
      .catch((caught: unknown) => caught);
    expect(part).toMatchObject({ code: 'NOT_CANCELABLE_AMOUNT', refused: true });
    await provider.cancel({ ...cancel, amount: 55_000, idempotencyKey: `${books}-close-2` });
    expect(await provider.getPayment(account.paymentKey)).toMatchObject({ status: 'CANCELED' });
    expect(
      await provider.deposit({
        accountNumber: account.accountNumber,
        amount: 55_000,
        now: clock.now(),
      }),
    ).toMatchObject({ ok: false, refusal: 'CANCELED' });
  });

  it('knows no payment it never recorded, and issues 현금영수증 승인번호', async () => {
    const provider = makeProvider(createManualClock(start));
    expect(await provider.getPayment(`sbx_va_unknown_${books}`)).toBeNull();
    const receipt = await provider.issueCashReceipt({
      orderId: nextOrderId(),
      orderName: '레미제라블',
      amount: 30_000,
      receipt: { type: '소득공제', registrationNumber: '01012345678' },
    });
    expect(receipt.issueNumber).toMatch(/^\d{9}$/);
    await expect(
      provider.issueCashReceipt({
        orderId: nextOrderId(),
        orderName: '레미제라블',
        amount: 30_000,
        receipt: { type: '지출증빙', registrationNumber: '12-34' },
      }),
    ).rejects.toMatchObject({ refused: true });
  });
});
