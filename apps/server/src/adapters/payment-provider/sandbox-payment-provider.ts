import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  banks,
  easyPayProviders,
  paymentMethodMessages,
  virtualAccountBankCodes,
} from '@curtaincall/contracts';
import type { Database } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import {
  PaymentProviderError,
  type ConfirmResult,
  type PaymentProviderPort,
  type ProviderPayment,
  type RefundReceiveAccount,
} from './payment-provider';
import {
  createDatabaseSandboxBooks,
  createMemorySandboxBooks,
  type SandboxDepositRefusal,
  type SandboxPaymentRecord,
  type SandboxVirtualAccount,
} from './sandbox-books';

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
  /** A deposit's refund without the account to send it to (Toss refuses it the same way). */
  refundAccountMissing: { code: 'INVALID_REQUEST', message: '환불받을 계좌 정보가 필요합니다.' },
  refundAccountInvalid: {
    code: 'INVALID_REFUND_ACCOUNT_INFO',
    message: '환불 계좌 정보가 올바르지 않습니다.',
  },
  invalidBank: { code: 'INVALID_BANK', message: '가상계좌를 발급할 수 없는 은행입니다.' },
  invalidDueDate: { code: 'INVALID_DUE_DATE', message: '입금 기한이 올바르지 않습니다.' },
  invalidAmount: { code: 'INVALID_REQUEST', message: '결제 금액이 올바르지 않습니다.' },
  /** The order has an account already, for another amount or bank (Toss's code and text). */
  duplicatedOrder: {
    code: 'DUPLICATED_ORDER_ID',
    message: '이미 승인 및 취소가 진행된 중복된 주문번호 입니다.',
  },
  invalidCashReceipt: {
    code: 'INVALID_REQUEST',
    message: '현금영수증 발급 정보가 올바르지 않습니다.',
  },
} as const;

/** Why the test bank refused a transfer, as the bank page says it. */
export const sandboxDepositMessages: Record<
  Exclude<SandboxDepositRefusal, 'WRONG_AMOUNT'>,
  string
> = {
  UNKNOWN_ACCOUNT: paymentMethodMessages.depositUnknownAccount,
  ALREADY_DEPOSITED: paymentMethodMessages.depositAlreadyPaid,
  EXPIRED: paymentMethodMessages.depositExpired,
  CANCELED: '취소된 주문의 계좌입니다. 입금되지 않았습니다.',
};

/** The name the bank shows for every account the sandbox issues. */
export const SANDBOX_ACCOUNT_HOLDER = '커튼콜(주)';

/**
 * The first digits of a sandbox account number per bank, so a number looks like its bank's
 * (14 digits in all). Invented: no real account has them all.
 */
const accountPrefixes: Record<string, string> = {
  '04': '940',
  '88': '562',
  '20': '270',
  '81': '391',
  '11': '790',
  '03': '028',
  '71': '600',
  '89': '701',
};

type Outcome = 'approve' | 'confirm-fails';

/** How the buyer paid in the window: a card, or a 간편결제 (by its card or its balance). */
export interface SandboxPaidWith {
  method: 'CARD' | 'EASY_PAY';
  /** EASY_PAY only: KAKAOPAY, NAVERPAY, TOSSPAY or PAYCO. */
  easyPayProvider?: string;
  /** EASY_PAY only: the part paid from the provider's balance (what a 현금영수증 covers). */
  cashAmount?: number;
}

export type SandboxDepositResult =
  | { ok: true; orderId: string; paymentKey: string }
  | { ok: false; refusal: SandboxDepositRefusal; message: string };

export interface SandboxPaymentProvider extends PaymentProviderPort {
  /**
   * The checkout page's approval: a payment key that signs the order, the amount, the outcome
   * and how it was paid, so the confirm step (server-side, like a real provider's) can tell a
   * key this page issued from a forged or altered one, and trust the method it carries.
   */
  issuePaymentKey(
    orderId: string,
    amount: number,
    outcome: Outcome,
    paid?: SandboxPaidWith,
  ): string;
  /** The test bank page: an issued account as the bank knows it, or null. */
  findVirtualAccount(accountNumber: string): Promise<SandboxVirtualAccount | null>;
  /**
   * The test bank page's transfer: the full amount into an issued account before its due time,
   * once; anything else is refused with the reason the page shows.
   */
  deposit(request: {
    accountNumber: string;
    amount: number;
    now: Date;
  }): Promise<SandboxDepositResult>;
}

const easyPayCodes = easyPayProviders.map((p) => p.code) as readonly string[];
const won = (amount: number) => `${amount.toLocaleString('ko-KR')}원`;
const normaliseAccountNumber = (accountNumber: string) => accountNumber.replace(/[\s-]/g, '');

/** A refund account the sandbox would send money to: a bank we list, digits, a name. */
function refundAccountValid(account: RefundReceiveAccount): boolean {
  return (
    banks.some((bank) => bank.code === account.bank) &&
    /^\d{10,16}$/.test(normaliseAccountNumber(account.accountNumber)) &&
    account.holderName.trim().length > 0
  );
}

/** Toss's status of a payment, from what the books hold. */
function statusOf(record: SandboxPaymentRecord, now: Date): string {
  const account = record.virtualAccount;
  if (account && !account.depositedAt) {
    if (record.refunded > 0) return 'CANCELED';
    return account.dueAt.getTime() < now.getTime() ? 'EXPIRED' : 'WAITING_FOR_DEPOSIT';
  }
  if (record.refunded === 0) return 'DONE';
  return record.refunded >= record.amount ? 'CANCELED' : 'PARTIAL_CANCELED';
}

/**
 * The default provider: needs nothing outside this machine (product-rules.md §6). It keeps books
 * like a real provider's (what each payment took, what was given back, each refund's key, each
 * 가상계좌 and its deposit), in the database when given one (the app: shared by every instance),
 * else in this process (a provider a unit test builds for itself), so a refund above what
 * remains is refused, a repeated refund key gives back once and a deposit is taken once.
 */
export function createSandboxPaymentProvider(options: {
  secret: string;
  db?: Database;
  /** Decides when an unpaid 가상계좌 has expired and stamps approvals (tests move it). */
  clock?: Clock;
}): SandboxPaymentProvider {
  const books = options.db ? createDatabaseSandboxBooks(options.db) : createMemorySandboxBooks();
  const clock = options.clock ?? systemClock;
  const sign = (payload: string) =>
    createHmac('sha256', `sandbox-payments:${options.secret}`)
      .update(payload)
      .digest('base64url')
      .slice(0, 32);
  // A card's payload is the one keys had before issue 28, so a window opened before an update
  // still confirms; a 간편결제 key signs its provider and cash portion as well.
  const payloadOf = (
    orderId: string,
    amount: number,
    outcome: Outcome,
    nonce: string,
    easyPay: { provider: string; cashAmount: number } | null,
  ) =>
    easyPay
      ? `${orderId}|${amount}|${outcome}|${nonce}|EASY_PAY|${easyPay.provider}|${easyPay.cashAmount}`
      : `${orderId}|${amount}|${outcome}|${nonce}`;
  const keyPattern =
    /^sbx_(approve|confirm-fails)_(?:ep-(KAKAOPAY|NAVERPAY|TOSSPAY|PAYCO)-(0|[1-9]\d{0,8})_)?([A-Za-z0-9_-]{16})_([A-Za-z0-9_-]{32})$/;

  interface VerifiedKey {
    outcome: Outcome;
    easyPay: { provider: string; cashAmount: number } | null;
  }

  function verify(paymentKey: string, orderId: string, amount: number): VerifiedKey | null {
    const match = keyPattern.exec(paymentKey);
    if (!match) return null;
    const [, outcome, provider, cash, nonce, signature] = match as unknown as [
      string,
      Outcome,
      string | undefined,
      string | undefined,
      string,
      string,
    ];
    const easyPay = provider ? { provider, cashAmount: Number(cash) } : null;
    const expected = Buffer.from(sign(payloadOf(orderId, amount, outcome, nonce, easyPay)));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { outcome, easyPay };
  }

  /** 14 digits: the bank's prefix and 11 drawn at random. */
  const drawAccountNumber = (bank: string) =>
    `${accountPrefixes[bank] ?? '999'}${String(randomInt(0, 100_000_000_000)).padStart(11, '0')}`;

  return {
    name: 'sandbox',
    clientKey: 'sandbox',
    issuePaymentKey(orderId, amount, outcome, paid) {
      const nonce = randomBytes(12).toString('base64url');
      if (!paid || paid.method === 'CARD') {
        return `sbx_${outcome}_${nonce}_${sign(payloadOf(orderId, amount, outcome, nonce, null))}`;
      }
      const provider = paid.easyPayProvider ?? '';
      const cashAmount = paid.cashAmount ?? 0;
      // The checkout page only passes what it offers; anything else is a programming error.
      if (!easyPayCodes.includes(provider)) {
        throw new Error(`unknown easy-pay provider: ${provider}`);
      }
      if (!Number.isInteger(cashAmount) || cashAmount < 0 || cashAmount > amount) {
        throw new Error(`cash amount ${cashAmount} outside 0..${amount}`);
      }
      const easyPay = { provider, cashAmount };
      const signature = sign(payloadOf(orderId, amount, outcome, nonce, easyPay));
      return `sbx_${outcome}_ep-${provider}-${cashAmount}_${nonce}_${signature}`;
    },
    async confirm({ paymentKey, orderId, amount }): Promise<ConfirmResult> {
      const verified = verify(paymentKey, orderId, amount);
      if (!verified) return { ok: false, ...sandboxRefusals.invalidKey, paymentFailed: false };
      if (verified.outcome === 'confirm-fails') {
        return { ok: false, ...sandboxRefusals.confirmFails, paymentFailed: true };
      }
      // A repeated confirm of the same key is answered again, as Toss replays it by orderId.
      await books.recordPayment({ paymentKey, orderId, amount });
      const approvedAt = clock.now();
      return verified.easyPay
        ? {
            ok: true,
            paymentKey,
            method: 'EASY_PAY',
            approvedAt,
            easyPayProvider: verified.easyPay.provider,
            cashAmount: verified.easyPay.cashAmount,
          }
        : {
            ok: true,
            paymentKey,
            method: 'CARD',
            approvedAt,
            easyPayProvider: null,
            cashAmount: 0,
          };
    },
    async cancel({ paymentKey, amount, idempotencyKey, refundReceiveAccount }) {
      if (refundReceiveAccount && !refundAccountValid(refundReceiveAccount)) {
        const { message, code } = sandboxRefusals.refundAccountInvalid;
        throw new PaymentProviderError(message, code, true);
      }
      // Nothing was charged, so a refund is bookkeeping: checked against what remains.
      const outcome = await books.refund({
        paymentKey,
        amount,
        idempotencyKey,
        transactionKey: `sbx_cancel_${randomBytes(12).toString('base64url')}`,
        refundAccountGiven: refundReceiveAccount !== undefined,
      });
      if (outcome.ok) return { transactionKey: outcome.transactionKey };
      const refusal =
        outcome.refusal === 'OVER_REMAINING'
          ? sandboxRefusals.overRefund
          : outcome.refusal === 'REFUND_ACCOUNT_REQUIRED'
            ? sandboxRefusals.refundAccountMissing
            : sandboxRefusals.unknownPayment;
      throw new PaymentProviderError(refusal.message, refusal.code, true);
    },
    async issueVirtualAccount(request) {
      if (!(virtualAccountBankCodes as readonly string[]).includes(request.bank)) {
        return { ok: false, ...sandboxRefusals.invalidBank };
      }
      if (!Number.isInteger(request.amount) || request.amount < 1) {
        return { ok: false, ...sandboxRefusals.invalidAmount };
      }
      if (request.dueAt.getTime() <= clock.now().getTime()) {
        return { ok: false, ...sandboxRefusals.invalidDueDate };
      }
      const paymentKey = `sbx_va_${randomBytes(18).toString('base64url')}`;
      // A drawn number may be taken (1 in 10^11 per account): draw again a few times.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const opened = await books.openVirtualAccount({
          paymentKey,
          orderId: request.orderId,
          bankCode: request.bank,
          accountNumber: drawAccountNumber(request.bank),
          holder: SANDBOX_ACCOUNT_HOLDER,
          amount: request.amount,
          dueAt: request.dueAt,
        });
        if (!opened.ok) continue;
        const { account } = opened;
        // A repeated issue of the same order answers its account, as Toss does; the same
        // orderId for another amount or bank is another order, which Toss refuses.
        if (account.amount !== request.amount || account.bankCode !== request.bank) {
          return { ok: false, ...sandboxRefusals.duplicatedOrder };
        }
        return {
          ok: true,
          paymentKey: account.paymentKey,
          bank: account.bankCode,
          accountNumber: account.accountNumber,
          holder: account.holder,
          dueAt: account.dueAt,
        };
      }
      throw new PaymentProviderError('가상계좌 번호를 정하지 못했습니다.', 'PROVIDER_ERROR');
    },
    async getPayment(paymentKey): Promise<ProviderPayment | null> {
      const record = await books.findPayment(paymentKey);
      if (!record) return null;
      const account = record.virtualAccount;
      return {
        paymentKey,
        orderId: record.orderId,
        status: statusOf(record, clock.now()),
        totalAmount: record.amount,
        method: account ? 'VIRTUAL_ACCOUNT' : /_ep-[A-Z]+-/.test(paymentKey) ? 'EASY_PAY' : 'CARD',
        approvedAt: account ? account.depositedAt : record.recordedAt,
      };
    },
    async issueCashReceipt({ amount, receipt }) {
      if (
        !Number.isInteger(amount) ||
        amount < 1 ||
        !/^\d{10,13}$/.test(receipt.registrationNumber)
      ) {
        const { message, code } = sandboxRefusals.invalidCashReceipt;
        throw new PaymentProviderError(message, code, true);
      }
      // A 승인번호 of the form a receipt prints (9 digits); nothing else to keep.
      return { issueNumber: String(randomInt(0, 1_000_000_000)).padStart(9, '0') };
    },
    findVirtualAccount: (accountNumber) =>
      books.findVirtualAccount(normaliseAccountNumber(accountNumber)),
    async deposit({ accountNumber, amount, now }) {
      const outcome = await books.deposit({
        accountNumber: normaliseAccountNumber(accountNumber),
        amount,
        now,
      });
      if (outcome.ok) {
        return {
          ok: true,
          orderId: outcome.account.orderId,
          paymentKey: outcome.account.paymentKey,
        };
      }
      const message =
        outcome.refusal === 'WRONG_AMOUNT'
          ? paymentMethodMessages.depositWrongAmount(won(outcome.account?.amount ?? 0))
          : sandboxDepositMessages[outcome.refusal];
      return { ok: false, refusal: outcome.refusal, message };
    },
  };
}
