import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { PaymentProviderError } from './payment-provider';
import { createSandboxPaymentProvider } from './sandbox-payment-provider';

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
