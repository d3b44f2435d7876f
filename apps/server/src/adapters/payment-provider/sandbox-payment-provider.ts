import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';
import {
  PaymentProviderError,
  type ConfirmResult,
  type PaymentProviderPort,
} from './payment-provider';
import { createDatabaseSandboxBooks, createMemorySandboxBooks } from './sandbox-books';

/**
 * The test cards of the sandbox checkout page. Any other valid card number is approved, as in a
 * provider's test mode; these four give the outcomes a buyer can meet.
 */
export const sandboxTestCards = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Approved in the window, refused at the server-side confirm (exercises that path). */
  confirmFails: '4000000000000119',
} as const;

/** Toss's codes and texts for the same situations, so the failure page reads the same. */
export const sandboxRefusals = {
  decline: { code: 'REJECT_CARD_COMPANY', message: '카드사에서 승인을 거절했습니다.' },
  insufficientFunds: {
    code: 'REJECT_CARD_PAYMENT',
    message: '한도초과 혹은 잔액부족으로 결제에 실패했습니다.',
  },
  confirmFails: {
    code: 'FAILED_INTERNAL_SYSTEM_PROCESSING',
    message: '카드사 시스템 오류로 결제 승인에 실패했습니다.',
  },
  invalidKey: { code: 'INVALID_PAYMENT_KEY', message: '결제 정보가 올바르지 않습니다.' },
  /** A refund of more than the payment has left (Toss's code and text). */
  overRefund: { code: 'NOT_CANCELABLE_AMOUNT', message: '취소 할 수 없는 금액 입니다.' },
  unknownPayment: { code: 'NOT_FOUND_PAYMENT', message: '존재하지 않는 결제 정보 입니다.' },
} as const;

type Outcome = 'approve' | 'confirm-fails';

export interface SandboxPaymentProvider extends PaymentProviderPort {
  /**
   * The checkout page's approval: a payment key that signs the order, the amount and the
   * outcome, so the confirm step (server-side, like a real provider's) can tell a key this page
   * issued from a forged or altered one.
   */
  issuePaymentKey(orderId: string, amount: number, outcome: Outcome): string;
}

/**
 * The default provider: needs nothing outside this machine (product-rules.md §6). It keeps books
 * like a real provider's (what each payment took, what was given back, each refund's key), in
 * the database when given one (the app: shared by every instance), else in this process (a
 * provider a unit test builds for itself), so a refund above what remains is refused and a
 * repeated refund key gives back once.
 */
export function createSandboxPaymentProvider(options: {
  secret: string;
  db?: Database;
}): SandboxPaymentProvider {
  const books = options.db ? createDatabaseSandboxBooks(options.db) : createMemorySandboxBooks();
  const sign = (payload: string) =>
    createHmac('sha256', `sandbox-payments:${options.secret}`)
      .update(payload)
      .digest('base64url')
      .slice(0, 32);
  const payloadOf = (orderId: string, amount: number, outcome: Outcome, nonce: string) =>
    `${orderId}|${amount}|${outcome}|${nonce}`;

  function verify(paymentKey: string, orderId: string, amount: number): Outcome | null {
    const match = /^sbx_(approve|confirm-fails)_([A-Za-z0-9_-]{16})_([A-Za-z0-9_-]{32})$/.exec(
      paymentKey,
    );
    if (!match) return null;
    const [, outcome, nonce, signature] = match as unknown as [string, Outcome, string, string];
    const expected = Buffer.from(sign(payloadOf(orderId, amount, outcome, nonce)));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? outcome : null;
  }

  return {
    name: 'sandbox',
    clientKey: 'sandbox',
    issuePaymentKey(orderId, amount, outcome) {
      const nonce = randomBytes(12).toString('base64url');
      return `sbx_${outcome}_${nonce}_${sign(payloadOf(orderId, amount, outcome, nonce))}`;
    },
    async confirm({ paymentKey, orderId, amount }): Promise<ConfirmResult> {
      const outcome = verify(paymentKey, orderId, amount);
      if (!outcome) return { ok: false, ...sandboxRefusals.invalidKey, paymentFailed: false };
      if (outcome === 'confirm-fails') {
        return { ok: false, ...sandboxRefusals.confirmFails, paymentFailed: true };
      }
      // A repeated confirm of the same key is answered again, as Toss replays it by orderId.
      await books.recordPayment({ paymentKey, orderId, amount });
      return { ok: true, paymentKey, method: 'CARD', approvedAt: new Date() };
    },
    async cancel({ paymentKey, amount, idempotencyKey }) {
      // Nothing was charged, so a refund is bookkeeping: checked against what remains.
      const outcome = await books.refund({
        paymentKey,
        amount,
        idempotencyKey,
        transactionKey: `sbx_cancel_${randomBytes(12).toString('base64url')}`,
      });
      if (outcome.ok) return { transactionKey: outcome.transactionKey };
      const refusal =
        outcome.refusal === 'OVER_REMAINING'
          ? sandboxRefusals.overRefund
          : sandboxRefusals.unknownPayment;
      throw new PaymentProviderError(refusal.message, refusal.code, true);
    },
  };
}
