import { randomBytes, randomUUID } from 'node:crypto';
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
  createServer,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the Toss Payments REST API (version 2022-11-16) on loopback, strict where Toss is
 * strict so an adapter that passes against it is not merely passing against a lenient mock:
 * Basic auth with the secret key, a required Idempotency-Key on every POST (Toss makes it
 * optional; we always send one, so a missing one here is our bug), Toss's body rules, Toss's
 * error bodies, idempotent replays scoped like Toss's (key + method + path, the body is not
 * compared), and partial cancels (`cancelAmount`) checked against what the payment has left
 * (balanceAmount).
 *
 * Endpoints:
 * - `POST /v1/payments/confirm`: a card payment (or, see `setEasyPay`, a 간편결제 one);
 * - `POST /v1/payments/{paymentKey}/cancel`: whole or partial; a paid 가상계좌 needs
 *   `refundReceiveAccount` (refused with `REFUND_ACCOUNT_REQUIRED` below without one), an unpaid
 *   one can only be cancelled whole (NOT_ALLOWED_PARTIAL_REFUND_WAITING_DEPOSIT);
 * - `POST /v1/virtual-accounts`: issues a 가상계좌, a payment WAITING_FOR_DEPOSIT with a `secret`;
 * - `GET /v1/payments/{paymentKey}` and `GET /v1/payments/orders/{orderId}`: the Payment object;
 * - `POST /v1/cash-receipts`: a 현금영수증.
 * The test side plays the bank and the buyer: `deposit(orderId)` pays an issued account and posts
 * Toss's DEPOSIT_CALLBACK to the account's `virtualAccountCallbackUrl`.
 *
 * What the fake does not do: it never compares `dueDate` with its own clock (tests move the app's
 * clock, not this one's), so a deposit is accepted until `expire(orderId)` says otherwise.
 */

export const FAKE_TOSS_SECRET_KEY = 'test_sk_curtaincall_fake_0001';

export interface FakeTossRequest {
  method: string;
  /** As sent, still percent-encoded (e.g. `/v1/payments/a%2Fb/cancel`). */
  path: string;
  /** Node's lower-cased header names. */
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; the raw text when it was not JSON; undefined when empty. */
  body: unknown;
}

export interface TossError {
  code: string;
  message: string;
}

/**
 * Answers the next request instead of the normal handling (the request is still recorded):
 * - `json` / `text`: that status and body, nothing processed (text: e.g. an HTML error page);
 * - `hang`: never answers (until close), to outlast a client's timeout. With
 *   `afterProcessing`, the request is processed first (the card is charged, the idempotent
 *   answer stored) and only the answer is lost, as when a network drops Toss's reply;
 * - `disconnect`: destroys the connection without an answer.
 */
export type FakeTossScript =
  | { kind: 'json'; status: number; body: unknown }
  | { kind: 'text'; status: number; body: string }
  | { kind: 'hang'; afterProcessing?: boolean }
  | { kind: 'disconnect' };

/** Where a refund of a bank-transfer payment goes (Toss's refundReceiveAccount). */
export interface FakeTossRefundAccount {
  bank: string;
  accountNumber: string;
  holderName: string;
}

export interface FakeTossRefund {
  paymentKey: string;
  orderId: string;
  transactionKey: string;
  cancelAmount: number;
  cancelReason: string;
  idempotencyKey: string;
  /** Present for a 가상계좌 refund: the account the money went to. */
  refundReceiveAccount?: FakeTossRefundAccount;
}

export type FakeTossStatus =
  'WAITING_FOR_DEPOSIT' | 'DONE' | 'PARTIAL_CANCELED' | 'CANCELED' | 'EXPIRED';

export interface FakeTossPayment {
  /** Toss's Korean method: 카드, 간편결제, 가상계좌. */
  method: string;
  totalAmount: number;
  /** What may still be refunded (Toss's balanceAmount): a cancel above it is refused. */
  balanceAmount: number;
  status: FakeTossStatus;
  cancels: Array<{ transactionKey: string; cancelAmount: number; cancelReason: string }>;
}

/** A 가상계좌 as issued (one per order; replays of the issue return the same one). */
export interface FakeTossVirtualAccount {
  paymentKey: string;
  orderId: string;
  orderName: string;
  amount: number;
  /** Toss's two-digit bank code, as asked for. */
  bank: string;
  accountNumber: string;
  /** `customerName` of the request: the holder shown to the buyer. */
  holder: string;
  /** As sent (ISO 8601 with offset) and as a Date. */
  dueDate: string;
  dueAt: Date;
  /** Where the DEPOSIT_CALLBACK goes; null when the request named none. */
  callbackUrl: string | null;
  /** Toss's per-payment secret, repeated in the DEPOSIT_CALLBACK body. */
  secret: string;
  cashReceipt: { type: string; registrationNumber: string } | null;
  cultureExpense: boolean;
}

/** A 현금영수증 issued by `POST /v1/cash-receipts`. */
export interface FakeTossCashReceipt {
  receiptKey: string;
  /** The 승인번호. */
  issueNumber: string;
  orderId: string;
  orderName: string;
  amount: number;
  type: '소득공제' | '지출증빙';
  customerIdentityNumber: string;
}

/** Toss's DEPOSIT_CALLBACK body ("가상계좌 웹훅"). */
export interface FakeTossDepositCallback {
  createdAt: string;
  secret: string;
  status: string;
  transactionKey: string;
  orderId: string;
}

/** What our webhook answered to a notice the fake posted. */
export interface FakeTossDelivery {
  status: number;
  body: string;
}

export interface FakeTossServer {
  /** e.g. `http://127.0.0.1:41234`, no trailing slash. */
  baseUrl: string;
  secretKey: string;
  /** Every request received, in order, including refused ones. */
  requests: FakeTossRequest[];
  /** Every refund made (idempotent replays, refused cancels and unpaid-account cancels add nothing). */
  refunds: FakeTossRefund[];
  /** Every 가상계좌 issued, in order (replays add nothing). */
  virtualAccounts: FakeTossVirtualAccount[];
  /** Every 현금영수증 issued, in order (replays add nothing). */
  cashReceipts: FakeTossCashReceipt[];
  /** Queues answers for the next requests, one each, in order. */
  setNext(...scripts: FakeTossScript[]): void;
  /**
   * The next `count` cancel requests get a 500 (Toss's FAILED_REFUND_PROCESS) without being
   * processed or remembered under their key, as when a bank does not answer Toss in time; other
   * requests in between are answered normally.
   */
  failNextCancels(count: number): void;
  /** A payment as Toss keeps it: what remains refundable and each cancel made. */
  payment(paymentKey: string): FakeTossPayment | undefined;
  /** Confirming this paymentKey fails with `error` (default: 403 REJECT_CARD_COMPANY). */
  decline(paymentKey: string, error?: TossError & { status?: number }): void;
  /** Toss's `method` for this paymentKey's confirm (default '카드'), e.g. '간편결제'. */
  setMethod(paymentKey: string, method: string): void;
  /**
   * Confirming this paymentKey makes a 간편결제 payment: `easyPay.provider` is Toss's Korean name
   * (default '카카오페이'), `easyPay.amount` the part paid from a balance or linked account, the
   * cash portion (default: the whole amount; 0 for a card registered with the wallet).
   */
  setEasyPay(paymentKey: string, easyPay?: { provider?: string; amount?: number }): void;
  /** How many times an order was actually charged by a confirm (replays do not count). */
  chargeCount(orderId: string): number;
  /** The 가상계좌 issued for this order, if any. */
  virtualAccount(orderId: string): FakeTossVirtualAccount | undefined;
  /**
   * The buyer pays the order's 가상계좌 in full: the payment becomes DONE (approvedAt now, a
   * 현금영수증 issued when one was asked for), then Toss's DEPOSIT_CALLBACK `{createdAt, secret,
   * status: 'DONE', transactionKey, orderId}` is posted to the account's callback URL (or
   * `options.callbackUrl`). Resolves with what our webhook answered. Throws (a test mistake)
   * for an order without an account waiting for its deposit, or without a callback URL.
   */
  deposit(orderId: string, options?: { callbackUrl?: string }): Promise<FakeTossDelivery>;
  /**
   * Posts the order's DEPOSIT_CALLBACK again, as Toss retries one not answered with 200, with any
   * field replaced by `overrides` (e.g. an old status, for out-of-order delivery). Throws for an
   * order never deposited.
   */
  resendDepositCallback(
    orderId: string,
    overrides?: Partial<FakeTossDepositCallback>,
    options?: { callbackUrl?: string },
  ): Promise<FakeTossDelivery>;
  /**
   * Posts a PAYMENT_STATUS_CHANGED event `{eventType, createdAt, data: <Payment object>}` for
   * this payment as it is now to `url` (Toss sends these to the dashboard-registered webhook).
   */
  sendPaymentStatusChanged(paymentKey: string, url: string): Promise<FakeTossDelivery>;
  /** The order's unpaid 가상계좌 passes its due time at Toss: status EXPIRED, deposits refused. */
  expire(orderId: string): void;
  /**
   * The bank's record of who holds an account: a refund to `accountNumber` naming another holder
   * is refused with INVALID_REFUND_ACCOUNT_INFO (accounts not registered accept any holder).
   */
  setAccountHolder(accountNumber: string, holderName: string): void;
  close(): Promise<void>;
}

export const REJECT_CARD_COMPANY: TossError & { status: number } = {
  status: 403,
  code: 'REJECT_CARD_COMPANY',
  message: '카드사에서 승인을 거절했습니다.',
};

/**
 * Toss's answer to a cancel of a paid 가상계좌 without `refundReceiveAccount`. Toss's error list
 * has no code of its own for this; a missing required parameter is INVALID_REQUIRED_PARAM.
 */
export const REFUND_ACCOUNT_REQUIRED: TossError & { status: number } = {
  status: 400,
  code: 'INVALID_REQUIRED_PARAM',
  message: '필수 파라미터가 누락되었습니다. (refundReceiveAccount)',
};

const UNAUTHORIZED_KEY: TossError = {
  code: 'UNAUTHORIZED_KEY',
  message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.',
};
const INVALID_REQUEST_MESSAGE = '잘못된 요청입니다.';
const NOT_FOUND_PAYMENT: TossError = {
  code: 'NOT_FOUND_PAYMENT',
  message: '존재하지 않는 결제 정보 입니다.',
};

/** Toss's orderId rule: 6 to 64 characters of letters, digits, '-' and '_'. */
const ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{6,64}$/u;
/** Toss's limits on paymentKey, cancelReason, Idempotency-Key, orderName and names. */
const MAX_PAYMENT_KEY_LENGTH = 200;
const MAX_CANCEL_REASON_LENGTH = 200;
const MAX_IDEMPOTENCY_KEY_LENGTH = 300;
const MAX_ORDER_NAME_LENGTH = 100;
const MAX_CUSTOMER_NAME_LENGTH = 100;
const MAX_HOLDER_NAME_LENGTH = 60;
const MAX_REFUND_ACCOUNT_NUMBER_LENGTH = 20;
/** ISO 8601 with seconds and an offset, as Toss takes dueDate (e.g. 2025-03-02T23:59:59+09:00). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/u;

/** Banks Toss issues 가상계좌 at (docs: "가상계좌 API 연동하기", bank codes). */
const VIRTUAL_ACCOUNT_BANKS = new Set([
  '39',
  '34',
  '04',
  '03',
  '11',
  '31',
  '32',
  '45',
  '07',
  '88',
  '20',
  '71',
  '37',
  '89',
  '81',
]);
/** Banks Toss refunds to (the issuing ones, the internet-only banks and a few more). */
const REFUND_BANKS = new Set([
  ...VIRTUAL_ACCOUNT_BANKS,
  '02',
  '12',
  '23',
  '27',
  '35',
  '48',
  '50',
  '54',
  '64',
  '90',
  '92',
]);

const CONFIRM_PATH = '/v1/payments/confirm';
const VIRTUAL_ACCOUNTS_PATH = '/v1/virtual-accounts';
const CASH_RECEIPTS_PATH = '/v1/cash-receipts';
const CANCEL_PATH = /^\/v1\/payments\/([^/?]+)\/cancel$/u;
const PAYMENT_BY_ORDER_PATH = /^\/v1\/payments\/orders\/([^/?]+)$/u;
const PAYMENT_PATH = /^\/v1\/payments\/([^/?]+)$/u;

interface Answer {
  status: number;
  body: unknown;
}

interface StoredPayment {
  paymentKey: string;
  orderId: string;
  orderName: string;
  method: string;
  totalAmount: number;
  balanceAmount: number;
  requestedAt: string;
  approvedAt: string | null;
  status: FakeTossStatus;
  easyPay: { provider: string; amount: number; discountAmount: number } | null;
  virtualAccount: FakeTossVirtualAccount | null;
  expired: boolean;
  refundReceiveAccount: FakeTossRefundAccount | null;
  /** The DEPOSIT_CALLBACK sent for this payment's deposit, resent as it was. */
  depositCallback: FakeTossDepositCallback | null;
  cashReceipt: FakeTossCashReceipt | null;
  cancels: Array<{
    transactionKey: string;
    cancelAmount: number;
    cancelReason: string;
    canceledAt: string;
    cancelStatus: 'DONE';
  }>;
}

export async function startFakeTossServer(
  options: {
    secretKey?: string;
    /**
     * How long each cancel (refund) takes before Toss processes and answers it, as a slow
     * provider would: makes a run of refunds last long enough to crash an instance mid-run.
     */
    cancelLatencyMs?: number;
  } = {},
): Promise<FakeTossServer> {
  const secretKey = options.secretKey ?? FAKE_TOSS_SECRET_KEY;
  const expectedAuthorization = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
  const requests: FakeTossRequest[] = [];
  const refunds: FakeTossRefund[] = [];
  const virtualAccounts: FakeTossVirtualAccount[] = [];
  const cashReceipts: FakeTossCashReceipt[] = [];
  const scripts: FakeTossScript[] = [];
  let cancelsToFail = 0;
  const declines = new Map<string, TossError & { status?: number }>();
  const methods = new Map<string, string>();
  const easyPays = new Map<string, { provider: string; amount?: number }>();
  const charges = new Map<string, number>();
  const payments = new Map<string, StoredPayment>();
  const accountHolders = new Map<string, string>();
  /** Answers of processed requests by method + path + Idempotency-Key, replayed as they were. */
  const idempotentAnswers = new Map<string, Answer>();
  let accountSequence = 0;

  const error = (status: number, code: string, message: string): Answer => ({
    status,
    body: { code, message },
  });
  const invalid = (detail: string): Answer =>
    error(400, 'INVALID_REQUEST', `${INVALID_REQUEST_MESSAGE} (${detail})`);
  const paymentByOrderId = (orderId: string) =>
    [...payments.values()].find((payment) => payment.orderId === orderId);
  const duplicatedOrderId = () =>
    error(
      400,
      'DUPLICATED_ORDER_ID',
      '이미 승인 및 취소가 진행된 중복된 주문번호 입니다. 다른 주문번호로 진행해주세요.',
    );
  const newTransactionKey = () => randomUUID().replaceAll('-', '').toUpperCase();

  const confirm = (body: unknown): Answer => {
    if (!isRecord(body)) return invalid('본문이 JSON 객체가 아닙니다');
    const { paymentKey, orderId, amount } = body;
    if (
      typeof paymentKey !== 'string' ||
      paymentKey.length === 0 ||
      paymentKey.length > MAX_PAYMENT_KEY_LENGTH
    ) {
      return invalid('paymentKey');
    }
    if (typeof orderId !== 'string' || !ORDER_ID_PATTERN.test(orderId)) return invalid('orderId');
    if (!isPositiveInteger(amount)) return invalid('amount');

    const decline = declines.get(paymentKey);
    if (decline) return error(decline.status ?? 403, decline.code, decline.message);
    const existing = payments.get(paymentKey);
    if (existing) return error(400, 'ALREADY_PROCESSED_PAYMENT', '이미 처리된 결제 입니다.');
    if (paymentByOrderId(orderId)) return duplicatedOrderId();

    const easyPay = easyPays.get(paymentKey);
    const method = easyPay ? '간편결제' : (methods.get(paymentKey) ?? '카드');
    const now = toKoreanIso(new Date());
    const payment: StoredPayment = {
      paymentKey,
      orderId,
      orderName: '커튼콜 공연 예매',
      method,
      totalAmount: amount,
      balanceAmount: amount,
      requestedAt: now,
      approvedAt: now,
      status: 'DONE',
      // setMethod('간편결제') without setEasyPay: 토스페이 paid from its balance, as before.
      easyPay:
        method === '간편결제'
          ? {
              provider: easyPay?.provider ?? '토스페이',
              amount: Math.min(easyPay?.amount ?? amount, amount),
              discountAmount: 0,
            }
          : null,
      virtualAccount: null,
      expired: false,
      refundReceiveAccount: null,
      depositCallback: null,
      cashReceipt: null,
      cancels: [],
    };
    payments.set(paymentKey, payment);
    charges.set(orderId, (charges.get(orderId) ?? 0) + 1);
    return { status: 200, body: paymentObject(payment) };
  };

  const issueVirtualAccount = (body: unknown): Answer => {
    if (!isRecord(body)) return invalid('본문이 JSON 객체가 아닙니다');
    const { amount, orderId, orderName, customerName, bank, dueDate, validHours } = body;
    if (!isPositiveInteger(amount)) return invalid('amount');
    if (typeof orderId !== 'string' || !ORDER_ID_PATTERN.test(orderId)) {
      return error(
        400,
        'INVALID_ORDER_ID',
        'orderId는 영문 대소문자, 숫자, 특수문자(-, _) 만 허용합니다. 6자 이상 64자 이하여야 합니다.',
      );
    }
    if (
      typeof orderName !== 'string' ||
      orderName.trim().length === 0 ||
      orderName.length > MAX_ORDER_NAME_LENGTH
    ) {
      return error(400, 'INVALID_ORDER_NAME', '주문 이름은 100자 이하여야 합니다.');
    }
    if (
      typeof customerName !== 'string' ||
      customerName.trim().length === 0 ||
      customerName.length > MAX_CUSTOMER_NAME_LENGTH
    ) {
      return invalid('customerName');
    }
    if (typeof bank !== 'string' || !VIRTUAL_ACCOUNT_BANKS.has(bank)) {
      return error(400, 'INVALID_BANK', '유효하지 않은 은행입니다.');
    }
    if (dueDate !== undefined && validHours !== undefined) {
      return error(
        400,
        'INVALID_VALID_HOURS_WITH_DUE_DATE_AND_SINGLE',
        'validHours와 dueDate는 같이 사용할 수 없습니다.',
      );
    }
    if (typeof dueDate !== 'string' || !ISO_DATE_TIME.test(dueDate)) {
      // We always send dueDate (a moment we computed), so its absence here is our bug.
      return error(
        400,
        'INVALID_ISO_DATE_FORMAT',
        '시간 일시 형식이 잘못되었습니다. 시간 형식은 ISO 8601 형식을 준수해야 합니다.',
      );
    }
    const cashReceipt = readCashReceipt(body.cashReceipt);
    if (cashReceipt === 'invalid') return invalid('cashReceipt');
    const { virtualAccountCallbackUrl: callbackUrl, cultureExpense } = body;
    if (callbackUrl !== undefined && (typeof callbackUrl !== 'string' || !isHttpUrl(callbackUrl))) {
      return error(400, 'INVALID_URL', 'url 은 http, https 를 포함한 주소 형식이어야 합니다.');
    }
    if (cultureExpense !== undefined && typeof cultureExpense !== 'boolean') {
      return invalid('cultureExpense');
    }
    if (paymentByOrderId(orderId)) return duplicatedOrderId();

    accountSequence += 1;
    const paymentKey = `tviva${Date.now()}${String(accountSequence).padStart(4, '0')}`;
    const account: FakeTossVirtualAccount = {
      paymentKey,
      orderId,
      orderName,
      amount,
      bank,
      // Digits only, unique: 79 + a sequence, 14 digits as the banks issue them.
      accountNumber: `79${String(Date.now() % 1e8).padStart(8, '0')}${String(accountSequence).padStart(4, '0')}`,
      holder: customerName,
      dueDate,
      dueAt: new Date(dueDate),
      callbackUrl: callbackUrl ?? null,
      secret: `ps_${randomBytes(15).toString('base64url')}`,
      cashReceipt,
      cultureExpense: cultureExpense ?? false,
    };
    const payment: StoredPayment = {
      paymentKey,
      orderId,
      orderName,
      method: '가상계좌',
      totalAmount: amount,
      balanceAmount: amount,
      requestedAt: toKoreanIso(new Date()),
      approvedAt: null,
      status: 'WAITING_FOR_DEPOSIT',
      easyPay: null,
      virtualAccount: account,
      expired: false,
      refundReceiveAccount: null,
      depositCallback: null,
      cashReceipt: null,
      cancels: [],
    };
    payments.set(paymentKey, payment);
    virtualAccounts.push(account);
    return { status: 200, body: paymentObject(payment) };
  };

  const cancel = (paymentKey: string, idempotencyKey: string, body: unknown): Answer => {
    if (!isRecord(body)) return invalid('본문이 JSON 객체가 아닙니다');
    const { cancelReason, cancelAmount } = body;
    if (
      typeof cancelReason !== 'string' ||
      cancelReason.trim().length === 0 ||
      cancelReason.length > MAX_CANCEL_REASON_LENGTH
    ) {
      return invalid('cancelReason');
    }
    // Toss: no cancelAmount means "cancel what is left".
    if (cancelAmount !== undefined && !isPositiveInteger(cancelAmount)) {
      return invalid('cancelAmount');
    }

    const payment = payments.get(paymentKey);
    if (!payment) return error(404, NOT_FOUND_PAYMENT.code, NOT_FOUND_PAYMENT.message);
    if (payment.status === 'CANCELED') {
      return error(400, 'ALREADY_CANCELED_PAYMENT', '이미 취소된 결제 입니다.');
    }
    if (payment.status === 'EXPIRED') {
      return error(403, 'NOT_CANCELABLE_PAYMENT', '취소 할 수 없는 결제 입니다.');
    }
    const amount = cancelAmount ?? payment.balanceAmount;

    // An account never paid into: nothing to give back, so no refund account; only whole.
    if (payment.status === 'WAITING_FOR_DEPOSIT') {
      if (amount !== payment.totalAmount) {
        return error(
          403,
          'NOT_ALLOWED_PARTIAL_REFUND_WAITING_DEPOSIT',
          '입금 대기중인 결제는 부분 환불이 불가합니다.',
        );
      }
      payment.balanceAmount = 0;
      payment.status = 'CANCELED';
      payment.cancels.push({
        transactionKey: newTransactionKey(),
        cancelAmount: amount,
        cancelReason,
        canceledAt: toKoreanIso(new Date()),
        cancelStatus: 'DONE',
      });
      return { status: 200, body: paymentObject(payment) };
    }

    let refundAccount: FakeTossRefundAccount | undefined;
    if (payment.method === '가상계좌') {
      const checked = checkRefundAccount(body.refundReceiveAccount);
      if ('status' in checked) return checked;
      refundAccount = checked;
    }
    if (amount > payment.balanceAmount) {
      return error(403, 'NOT_CANCELABLE_AMOUNT', '취소 할 수 없는 금액 입니다.');
    }

    const transactionKey = newTransactionKey();
    payment.balanceAmount -= amount;
    payment.status = payment.balanceAmount === 0 ? 'CANCELED' : 'PARTIAL_CANCELED';
    if (refundAccount) payment.refundReceiveAccount = refundAccount;
    payment.cancels.push({
      transactionKey,
      cancelAmount: amount,
      cancelReason,
      canceledAt: toKoreanIso(new Date()),
      cancelStatus: 'DONE',
    });
    refunds.push({
      paymentKey,
      orderId: payment.orderId,
      transactionKey,
      cancelAmount: amount,
      cancelReason,
      idempotencyKey,
      ...(refundAccount ? { refundReceiveAccount: refundAccount } : {}),
    });
    return { status: 200, body: paymentObject(payment) };
  };

  /** Toss's refundReceiveAccount rules ("결제 취소 API"; error codes from Toss's error list). */
  const checkRefundAccount = (value: unknown): FakeTossRefundAccount | Answer => {
    if (value === undefined || value === null) {
      return error(
        REFUND_ACCOUNT_REQUIRED.status,
        REFUND_ACCOUNT_REQUIRED.code,
        REFUND_ACCOUNT_REQUIRED.message,
      );
    }
    if (!isRecord(value)) return invalid('refundReceiveAccount');
    const { bank, accountNumber, holderName } = value;
    if (typeof bank !== 'string' || !REFUND_BANKS.has(bank)) {
      return error(400, 'INVALID_BANK', '유효하지 않은 은행입니다.');
    }
    if (
      typeof accountNumber !== 'string' ||
      !/^\d+$/u.test(accountNumber) ||
      accountNumber.length > MAX_REFUND_ACCOUNT_NUMBER_LENGTH
    ) {
      return error(400, 'INVALID_REFUND_ACCOUNT_NUMBER', '잘못된 환불 계좌번호입니다.');
    }
    if (
      typeof holderName !== 'string' ||
      holderName.trim().length === 0 ||
      holderName.length > MAX_HOLDER_NAME_LENGTH
    ) {
      return invalid('refundReceiveAccount.holderName');
    }
    const registeredHolder = accountHolders.get(accountNumber);
    if (registeredHolder !== undefined && registeredHolder !== holderName) {
      return error(
        400,
        'INVALID_REFUND_ACCOUNT_INFO',
        '환불 계좌번호와 예금주명이 일치하지 않습니다.',
      );
    }
    return { bank, accountNumber, holderName };
  };

  const issueCashReceipt = (body: unknown): Answer => {
    if (!isRecord(body)) return invalid('본문이 JSON 객체가 아닙니다');
    const { amount, orderId, orderName, customerIdentityNumber, type } = body;
    if (!isPositiveInteger(amount)) return invalid('amount');
    if (typeof orderId !== 'string' || !ORDER_ID_PATTERN.test(orderId)) return invalid('orderId');
    if (
      typeof orderName !== 'string' ||
      orderName.trim().length === 0 ||
      orderName.length > MAX_ORDER_NAME_LENGTH
    ) {
      return invalid('orderName');
    }
    if (type !== '소득공제' && type !== '지출증빙') return invalid('type');
    if (
      typeof customerIdentityNumber !== 'string' ||
      !/^\d{10,18}$/u.test(customerIdentityNumber)
    ) {
      return invalid('customerIdentityNumber');
    }
    const receipt = newCashReceipt({ orderId, orderName, amount, type, customerIdentityNumber });
    return { status: 200, body: cashReceiptObject(receipt) };
  };

  const newCashReceipt = (
    fields: Omit<FakeTossCashReceipt, 'receiptKey' | 'issueNumber'>,
  ): FakeTossCashReceipt => {
    const receipt: FakeTossCashReceipt = {
      ...fields,
      receiptKey: `rk_${randomBytes(12).toString('base64url')}`,
      issueNumber: String(100_000_000 + cashReceipts.length + 1),
    };
    cashReceipts.push(receipt);
    return receipt;
  };

  const lookUp = (path: string): Answer | undefined => {
    const byOrder = PAYMENT_BY_ORDER_PATH.exec(path);
    const byKey = byOrder ? undefined : PAYMENT_PATH.exec(path);
    if (!byOrder && !byKey) return undefined;
    const id = decodePathSegment((byOrder ?? byKey)?.[1] ?? '');
    if (id === undefined) return invalid('paymentKey');
    const payment = byOrder ? paymentByOrderId(id) : payments.get(id);
    if (!payment) return error(404, NOT_FOUND_PAYMENT.code, NOT_FOUND_PAYMENT.message);
    return { status: 200, body: paymentObject(payment) };
  };

  /** Toss's checks in Toss's order: auth, then the request, then the business rules. */
  const answerFor = (request: FakeTossRequest, rawBody: string): Answer => {
    if (request.headers.authorization !== expectedAuthorization) {
      return error(401, UNAUTHORIZED_KEY.code, UNAUTHORIZED_KEY.message);
    }
    if (request.method === 'GET') {
      return lookUp(request.path) ?? error(404, 'NOT_FOUND', '존재하지 않는 정보 입니다.');
    }
    const cancelMatch = CANCEL_PATH.exec(request.path);
    const postPaths = [CONFIRM_PATH, VIRTUAL_ACCOUNTS_PATH, CASH_RECEIPTS_PATH];
    if (request.method !== 'POST' || (!postPaths.includes(request.path) && !cancelMatch)) {
      return error(404, 'NOT_FOUND', '존재하지 않는 정보 입니다.');
    }
    const idempotencyKey = request.headers['idempotency-key'];
    if (
      typeof idempotencyKey !== 'string' ||
      idempotencyKey.length === 0 ||
      idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH
    ) {
      return invalid('Idempotency-Key');
    }
    if (!request.headers['content-type']?.toLowerCase().startsWith('application/json')) {
      return invalid('Content-Type');
    }
    if (typeof request.body === 'string' || rawBody.length === 0) {
      return invalid('본문이 JSON이 아닙니다');
    }

    const scope = `${request.method} ${request.path} ${idempotencyKey}`;
    const replay = idempotentAnswers.get(scope);
    if (replay) return replay;

    let answer: Answer;
    if (cancelMatch) {
      const paymentKey = decodePathSegment(cancelMatch[1] ?? '');
      answer =
        paymentKey === undefined
          ? invalid('paymentKey')
          : cancel(paymentKey, idempotencyKey, request.body);
    } else if (request.path === VIRTUAL_ACCOUNTS_PATH) {
      answer = issueVirtualAccount(request.body);
    } else if (request.path === CASH_RECEIPTS_PATH) {
      answer = issueCashReceipt(request.body);
    } else {
      answer = confirm(request.body);
    }
    // Like Toss, only requests that got past validation are remembered: the same key with a
    // corrected body (e.g. a refund account added) is processed.
    if (!isInvalidRequest(answer)) idempotentAnswers.set(scope, answer);
    return answer;
  };

  const send = (res: ServerResponse, answer: Answer) => {
    res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(answer.body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const request: FakeTossRequest = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: parseBody(rawBody),
    };
    requests.push(request);
    if (options.cancelLatencyMs && CANCEL_PATH.test(request.path)) {
      await new Promise((resolve) => setTimeout(resolve, options.cancelLatencyMs));
    }

    if (cancelsToFail > 0 && CANCEL_PATH.test(request.path)) {
      cancelsToFail -= 1;
      return send(
        res,
        error(
          500,
          'FAILED_REFUND_PROCESS',
          '은행 응답시간 지연이나 일시적인 오류로 환불요청에 실패했습니다.',
        ),
      );
    }
    const script = scripts.shift();
    if (!script) return send(res, answerFor(request, rawBody));
    switch (script.kind) {
      case 'json':
        return send(res, { status: script.status, body: script.body });
      case 'text':
        res.writeHead(script.status, { 'content-type': 'text/html; charset=utf-8' });
        res.end(script.body);
        return;
      case 'hang':
        if (script.afterProcessing) answerFor(request, rawBody);
        // Left open: close() ends it, or the client gives up first.
        return;
      case 'disconnect':
        req.socket.destroy();
        return;
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const virtualAccountPayment = (orderId: string): StoredPayment => {
    const payment = paymentByOrderId(orderId);
    if (!payment?.virtualAccount) {
      throw new Error(`fake toss: no 가상계좌 was issued for order ${orderId}`);
    }
    return payment;
  };

  const postDepositCallback = (
    payment: StoredPayment,
    body: FakeTossDepositCallback,
    callbackUrl: string | undefined,
  ) => {
    const url = callbackUrl ?? payment.virtualAccount?.callbackUrl;
    if (!url) throw new Error(`fake toss: order ${payment.orderId} has no callback URL`);
    return postJson(url, body);
  };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    refunds,
    virtualAccounts,
    cashReceipts,
    setNext: (...next) => {
      scripts.push(...next);
    },
    failNextCancels: (count) => {
      cancelsToFail += count;
    },
    payment: (paymentKey) => {
      const stored = payments.get(paymentKey);
      return stored
        ? {
            method: stored.method,
            totalAmount: stored.totalAmount,
            balanceAmount: stored.balanceAmount,
            status: stored.status,
            cancels: stored.cancels.map(({ transactionKey, cancelAmount, cancelReason }) => ({
              transactionKey,
              cancelAmount,
              cancelReason,
            })),
          }
        : undefined;
    },
    decline: (paymentKey, declineError = REJECT_CARD_COMPANY) => {
      declines.set(paymentKey, declineError);
    },
    setMethod: (paymentKey, method) => {
      methods.set(paymentKey, method);
    },
    setEasyPay: (paymentKey, easyPay = {}) => {
      easyPays.set(paymentKey, {
        provider: easyPay.provider ?? '카카오페이',
        amount: easyPay.amount,
      });
    },
    chargeCount: (orderId) => charges.get(orderId) ?? 0,
    virtualAccount: (orderId) => paymentByOrderId(orderId)?.virtualAccount ?? undefined,
    deposit: async (orderId, depositOptions = {}) => {
      const payment = virtualAccountPayment(orderId);
      if (payment.status !== 'WAITING_FOR_DEPOSIT') {
        throw new Error(
          `fake toss: order ${orderId} is ${payment.status}, not waiting for a deposit`,
        );
      }
      const account = payment.virtualAccount as FakeTossVirtualAccount;
      const now = new Date();
      payment.status = 'DONE';
      payment.approvedAt = toKoreanIso(now);
      // Toss issues the 현금영수증 asked for at issue once the money is in.
      if (account.cashReceipt) {
        payment.cashReceipt = newCashReceipt({
          orderId,
          orderName: payment.orderName,
          amount: payment.totalAmount,
          type: account.cashReceipt.type === '지출증빙' ? '지출증빙' : '소득공제',
          customerIdentityNumber: account.cashReceipt.registrationNumber,
        });
      }
      payment.depositCallback = {
        // As in Toss's docs: Korea's local time, microseconds, no offset.
        createdAt: `${toKoreanIso(now).slice(0, 19)}.000000`,
        secret: account.secret,
        status: 'DONE',
        transactionKey: newTransactionKey(),
        orderId,
      };
      return postDepositCallback(payment, payment.depositCallback, depositOptions.callbackUrl);
    },
    resendDepositCallback: async (orderId, overrides = {}, resendOptions = {}) => {
      const payment = virtualAccountPayment(orderId);
      if (!payment.depositCallback) {
        throw new Error(`fake toss: order ${orderId} was never deposited`);
      }
      return postDepositCallback(
        payment,
        { ...payment.depositCallback, ...overrides },
        resendOptions.callbackUrl,
      );
    },
    sendPaymentStatusChanged: async (paymentKey, url) => {
      const payment = payments.get(paymentKey);
      if (!payment) throw new Error(`fake toss: no payment ${paymentKey}`);
      return postJson(url, {
        eventType: 'PAYMENT_STATUS_CHANGED',
        createdAt: `${toKoreanIso(new Date()).slice(0, 19)}.000000`,
        data: paymentObject(payment),
      });
    },
    expire: (orderId) => {
      const payment = virtualAccountPayment(orderId);
      if (payment.status !== 'WAITING_FOR_DEPOSIT') {
        throw new Error(
          `fake toss: order ${orderId} is ${payment.status}, not waiting for a deposit`,
        );
      }
      payment.status = 'EXPIRED';
      payment.expired = true;
    },
    setAccountHolder: (accountNumber, holderName) => {
      accountHolders.set(accountNumber, holderName);
    },
    close: async () => {
      // Hanging answers would otherwise keep close() waiting for ever.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The parts of Toss's Payment object the adapters read, plus a few for realism. */
function paymentObject(payment: StoredPayment) {
  const account = payment.virtualAccount;
  return {
    mId: 'tosspayments',
    version: '2022-11-16',
    paymentKey: payment.paymentKey,
    orderId: payment.orderId,
    orderName: payment.orderName,
    currency: 'KRW',
    method: payment.method,
    status: payment.status,
    totalAmount: payment.totalAmount,
    balanceAmount: payment.balanceAmount,
    requestedAt: payment.requestedAt,
    approvedAt: payment.approvedAt,
    cultureExpense: account?.cultureExpense ?? false,
    easyPay: payment.easyPay ? { ...payment.easyPay } : null,
    virtualAccount: account
      ? {
          accountType: '일반',
          accountNumber: account.accountNumber,
          bankCode: account.bank,
          customerName: account.holder,
          dueDate: account.dueDate,
          expired: payment.expired,
          settlementStatus: payment.status === 'WAITING_FOR_DEPOSIT' ? 'INCOMPLETED' : 'COMPLETED',
          refundStatus: payment.refundReceiveAccount ? 'COMPLETED' : 'NONE',
          refundReceiveAccount: payment.refundReceiveAccount
            ? {
                bankCode: payment.refundReceiveAccount.bank,
                accountNumber: maskAccountNumber(payment.refundReceiveAccount.accountNumber),
                holderName: payment.refundReceiveAccount.holderName,
              }
            : null,
        }
      : null,
    secret: account?.secret ?? null,
    cashReceipt: payment.cashReceipt
      ? {
          type: payment.cashReceipt.type,
          receiptKey: payment.cashReceipt.receiptKey,
          issueNumber: payment.cashReceipt.issueNumber,
          amount: payment.cashReceipt.amount,
          taxFreeAmount: 0,
        }
      : null,
    cancels: payment.cancels.length > 0 ? payment.cancels.map((entry) => ({ ...entry })) : null,
  };
}

/** Toss's answer to `POST /v1/cash-receipts` (its CashReceipt object, the fields we use). */
function cashReceiptObject(receipt: FakeTossCashReceipt) {
  return {
    receiptKey: receipt.receiptKey,
    issueNumber: receipt.issueNumber,
    issueStatus: 'COMPLETED',
    amount: receipt.amount,
    taxFreeAmount: 0,
    orderId: receipt.orderId,
    orderName: receipt.orderName,
    type: receipt.type,
    transactionType: 'CONFIRM',
    customerIdentityNumber: maskAccountNumber(receipt.customerIdentityNumber),
    requestedAt: toKoreanIso(new Date()),
  };
}

/** `cashReceipt` of a 가상계좌 issue: {type: 소득공제 | 지출증빙, registrationNumber}. */
function readCashReceipt(
  value: unknown,
): { type: string; registrationNumber: string } | null | 'invalid' {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) return 'invalid';
  const { type, registrationNumber } = value;
  if (type !== '소득공제' && type !== '지출증빙') return 'invalid';
  if (typeof registrationNumber !== 'string' || !/^\d{10,18}$/u.test(registrationNumber)) {
    return 'invalid';
  }
  return { type, registrationNumber };
}

async function postJson(url: string, body: unknown): Promise<FakeTossDelivery> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: await response.text() };
}

/** Toss writes times in Korea's offset, e.g. 2025-03-01T19:30:05+09:00. */
function toKoreanIso(date: Date): string {
  const shifted = new Date(date.getTime() + 9 * 60 * 60 * 1000);
  return `${shifted.toISOString().slice(0, 19)}+09:00`;
}

/** As Toss shows an account or identity number back: the first 3 and last 4 digits. */
function maskAccountNumber(digits: string): string {
  if (digits.length <= 7) return `${'*'.repeat(Math.max(digits.length - 4, 0))}${digits.slice(-4)}`;
  return `${digits.slice(0, 3)}${'*'.repeat(digits.length - 7)}${digits.slice(-4)}`;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function parseBody(raw: string): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

function decodePathSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Refusals of the request's shape, which Toss gives before any processing. */
const REQUEST_SHAPE_CODES = new Set([
  'INVALID_REQUEST',
  REFUND_ACCOUNT_REQUIRED.code,
  'INVALID_ORDER_ID',
  'INVALID_ORDER_NAME',
  'INVALID_ISO_DATE_FORMAT',
  'INVALID_VALID_HOURS_WITH_DUE_DATE_AND_SINGLE',
  'INVALID_URL',
]);

function isInvalidRequest(answer: Answer): boolean {
  return (
    isRecord(answer.body) &&
    typeof answer.body.code === 'string' &&
    REQUEST_SHAPE_CODES.has(answer.body.code)
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}
