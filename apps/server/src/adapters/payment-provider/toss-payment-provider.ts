import {
  PaymentProviderError,
  type CancelRequest,
  type ConfirmResult,
  type IssueVirtualAccountResult,
  type PaymentProviderPort,
  type ProviderPayment,
} from './payment-provider';
import {
  IDEMPOTENT_REQUEST_PROCESSING,
  NOT_FOUND_PAYMENT,
  PAYMENT_FAILED_CODE,
  easyPayProviderCode,
  toKoreanIso,
  tossMethod,
} from './toss-codes';

const DEFAULT_BASE_URL = 'https://api.tosspayments.com';
const DEFAULT_TIMEOUT_MS = 10_000;

const CONFIRM_FAILED = '결제 승인 요청이 실패했습니다: ';
const CANCEL_FAILED = '환불 요청이 실패했습니다: ';
const VIRTUAL_ACCOUNT_FAILED = '가상계좌 발급 요청이 실패했습니다: ';
const LOOKUP_FAILED = '결제 조회 요청이 실패했습니다: ';
const CASH_RECEIPT_FAILED = '현금영수증 발급 요청이 실패했습니다: ';
/** Shown to the buyer when Toss refuses without a message of its own. */
const DEFAULT_REFUSAL_MESSAGE = '결제 승인에 실패했습니다.';
const DEFAULT_VIRTUAL_ACCOUNT_REFUSAL = '가상계좌를 발급하지 못했습니다.';

interface TossAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Toss Payments over REST, API version 2022-11-16 (docs.tosspayments.com, "코어 API"):
 * - `POST /v1/payments/confirm` and `POST /v1/payments/{paymentKey}/cancel` (cards, 간편결제);
 * - `POST /v1/virtual-accounts`: the server issues a 가상계좌, no window ("가상계좌 API 연동하기");
 * - `GET /v1/payments/{paymentKey}`: the payment as Toss has it, what a webhook is checked
 *   against;
 * - `POST /v1/cash-receipts`: a 현금영수증 for a cash portion paid outside a deposit.
 * Every POST carries an Idempotency-Key, so a call retried after a timeout is answered with the
 * first answer instead of charging, issuing or refunding twice (Toss keeps keys for 15 days). A
 * 4xx is Toss refusing; a 5xx, a timeout, an unreachable host or an unreadable body throws with
 * an unknown outcome (`PaymentProviderError.refused` false). A cancel sends `cancelAmount`, so a
 * per-seat refund gives back part of the payment; Toss refuses more than remains.
 */
export function createTossPaymentProvider(options: {
  clientKey: string;
  secretKey: string;
  baseUrl?: string;
  timeoutMs?: number;
}): PaymentProviderPort {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/u, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Toss takes the secret key as the Basic user name and no password: hence the colon.
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`, 'utf8').toString('base64')}`;

  /**
   * One call to Toss. A POST always carries a JSON body and an Idempotency-Key; a GET neither.
   * Returns any answer Toss gave (the caller tells a refusal from a success); throws when there
   * was none that can be read.
   */
  const call = async (
    request:
      | { method: 'POST'; path: string; idempotencyKey: string; body: Record<string, unknown> }
      | { method: 'GET'; path: string },
    failure: string,
  ): Promise<TossAnswer> => {
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${baseUrl}${request.path}`, {
        method: request.method,
        headers:
          request.method === 'POST'
            ? {
                Authorization: authorization,
                'Content-Type': 'application/json',
                'Idempotency-Key': request.idempotencyKey,
              }
            : { Authorization: authorization },
        body: request.method === 'POST' ? JSON.stringify(request.body) : undefined,
        // A redirect would turn the POST into a GET somewhere else; Toss never sends one.
        redirect: 'error',
        // Also bounds reading the body, not only waiting for the headers.
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (isTimeout(error)) {
        throw new PaymentProviderError(
          `${failure}토스페이먼츠가 ${timeoutMs}ms 안에 응답하지 않았습니다.`,
          'TIMEOUT',
        );
      }
      throw new PaymentProviderError(
        `${failure}토스페이먼츠에 연결하지 못했습니다. (${describeFailure(error)})`,
        'NETWORK_ERROR',
      );
    }

    const parsed = parseObject(text);
    if (status >= 500) {
      const tossError = readTossError(parsed);
      throw new PaymentProviderError(
        `${failure}토스페이먼츠 서버 오류입니다. (HTTP ${status}${tossError.message ? `, ${tossError.message}` : ''})`,
        tossError.code ?? 'PROVIDER_ERROR',
      );
    }
    if (!parsed) {
      throw new PaymentProviderError(
        `${failure}토스페이먼츠의 응답을 해석하지 못했습니다. (HTTP ${status})`,
        'INVALID_RESPONSE',
      );
    }
    return { status, body: parsed };
  };

  const post = (
    path: string,
    idempotencyKey: string,
    body: Record<string, unknown>,
    failure: string,
  ) => call({ method: 'POST', path, idempotencyKey, body }, failure);

  /**
   * A 4xx where the caller can only throw: Toss refused, so nothing was done; except a request
   * of the same key still being processed, whose outcome a later repeat of that key will tell.
   */
  const refusal = (answer: TossAnswer, failure: string): PaymentProviderError => {
    const tossError = readTossError(answer.body);
    return new PaymentProviderError(
      `${failure}${tossError.message ?? `HTTP ${answer.status}`}`,
      tossError.code ?? 'PROVIDER_ERROR',
      tossError.code !== IDEMPOTENT_REQUEST_PROCESSING,
    );
  };

  const invalidAnswer = (failure: string, detail: string) =>
    new PaymentProviderError(
      `${failure}토스페이먼츠의 응답에 ${detail}이(가) 없습니다.`,
      'INVALID_RESPONSE',
    );

  return {
    name: 'toss',
    clientKey: options.clientKey,

    async confirm({ paymentKey, orderId, amount }): Promise<ConfirmResult> {
      // orderId is unique per payment, so it is the natural key: a retried confirm of the same
      // order is answered from Toss's record instead of charging again.
      const answer = await post(
        '/v1/payments/confirm',
        orderId,
        { paymentKey, orderId, amount },
        CONFIRM_FAILED,
      );
      if (answer.status >= 400) {
        const tossError = readTossError(answer.body);
        return {
          ok: false,
          code: tossError.code ?? `HTTP_${answer.status}`,
          message: tossError.message ?? DEFAULT_REFUSAL_MESSAGE,
          paymentFailed: PAYMENT_FAILED_CODE.test(tossError.code ?? ''),
        };
      }
      const payment = answer.body;
      if (payment.status !== 'DONE') {
        return {
          ok: false,
          code: 'NOT_DONE',
          message: '결제가 완료되지 않았습니다.',
          paymentFailed: false,
        };
      }
      const confirmed = {
        ok: true as const,
        paymentKey: typeof payment.paymentKey === 'string' ? payment.paymentKey : paymentKey,
        approvedAt: readApprovedAt(payment.approvedAt),
      };
      // Our checkout offers cards and easy pay only; anything else is still a paid payment.
      if (tossMethod(payment.method) !== 'EASY_PAY') return { ...confirmed, method: 'CARD' };
      // "간편결제 응답 확인": a card registered with the wallet is `card.amount`, a balance or a
      // linked account (머니, 토스페이 계좌) is `easyPay.amount`, points are discountAmount.
      // Only the balance/account part is cash, so only it is what a 현금영수증 covers.
      const easyPay = isRecord(payment.easyPay) ? payment.easyPay : undefined;
      return {
        ...confirmed,
        method: 'EASY_PAY',
        easyPayProvider: easyPayProviderCode(easyPay?.provider),
        cashAmount: isNonNegativeInteger(easyPay?.amount) ? easyPay.amount : 0,
      };
    },

    async cancel({
      paymentKey,
      amount,
      reason,
      idempotencyKey,
      refundReceiveAccount,
    }: CancelRequest) {
      // "결제 취소 API": a paid 가상계좌 is refunded to the buyer's account, given as
      // refundReceiveAccount {bank (two-digit code), accountNumber (digits), holderName}.
      const answer = await post(
        `/v1/payments/${encodeURIComponent(paymentKey)}/cancel`,
        idempotencyKey,
        {
          cancelReason: reason,
          cancelAmount: amount,
          ...(refundReceiveAccount
            ? {
                refundReceiveAccount: {
                  bank: refundReceiveAccount.bank,
                  accountNumber: refundReceiveAccount.accountNumber,
                  holderName: refundReceiveAccount.holderName,
                },
              }
            : {}),
        },
        CANCEL_FAILED,
      );
      if (answer.status >= 400) {
        const tossError = readTossError(answer.body);
        // A refund retried under a new key (e.g. after our own crash) finds the work done.
        if (tossError.code === 'ALREADY_CANCELED_PAYMENT') return { transactionKey: null };
        throw refusal(answer, CANCEL_FAILED);
      }
      const cancels = answer.body.cancels;
      const last: unknown = Array.isArray(cancels) ? cancels.at(-1) : undefined;
      return {
        transactionKey:
          isRecord(last) && typeof last.transactionKey === 'string' ? last.transactionKey : null,
      };
    },

    async issueVirtualAccount(request): Promise<IssueVirtualAccountResult> {
      // "가상계좌 API 연동하기": bank is the two-digit code; dueDate (ISO 8601, Korea's offset)
      // rather than validHours, since the due time is a moment we computed (never both: Toss
      // refuses INVALID_VALID_HOURS_WITH_DUE_DATE_AND_SINGLE); cashReceipt {type,
      // registrationNumber} is issued by Toss after the deposit; virtualAccountCallbackUrl is
      // where Toss posts the DEPOSIT_CALLBACK. The orderId is the key: a retried issue is
      // answered with the same account instead of a second one.
      const answer = await post(
        '/v1/virtual-accounts',
        request.orderId,
        {
          amount: request.amount,
          orderId: request.orderId,
          orderName: request.orderName,
          customerName: request.customerName,
          bank: request.bank,
          dueDate: toKoreanIso(request.dueAt),
          ...(request.cashReceipt
            ? {
                cashReceipt: {
                  type: request.cashReceipt.type,
                  registrationNumber: request.cashReceipt.registrationNumber,
                },
              }
            : {}),
          // 문화비 소득공제 (the Payment object's cultureExpense): a concert ticket qualifies.
          cultureExpense: request.cultureExpense,
          virtualAccountCallbackUrl: request.callbackUrl,
        },
        VIRTUAL_ACCOUNT_FAILED,
      );
      if (answer.status >= 400) {
        const tossError = readTossError(answer.body);
        // Still being processed under this key: the account may exist, so no refusal.
        if (tossError.code === IDEMPOTENT_REQUEST_PROCESSING) {
          throw refusal(answer, VIRTUAL_ACCOUNT_FAILED);
        }
        return {
          ok: false,
          code: tossError.code ?? `HTTP_${answer.status}`,
          message: tossError.message ?? DEFAULT_VIRTUAL_ACCOUNT_REFUSAL,
        };
      }
      const payment = answer.body;
      const account = isRecord(payment.virtualAccount) ? payment.virtualAccount : undefined;
      // Without these the buyer cannot pay, and the account may exist: an unknown outcome.
      if (typeof payment.paymentKey !== 'string' || payment.paymentKey.length === 0) {
        throw invalidAnswer(VIRTUAL_ACCOUNT_FAILED, 'paymentKey');
      }
      if (typeof account?.accountNumber !== 'string' || account.accountNumber.length === 0) {
        throw invalidAnswer(VIRTUAL_ACCOUNT_FAILED, 'virtualAccount.accountNumber');
      }
      const dueAt = readDate(account.dueDate);
      return {
        ok: true,
        paymentKey: payment.paymentKey,
        // Version 2022-11-16 answers bankCode; older ones answered a bank name only.
        bank: typeof account.bankCode === 'string' ? account.bankCode : request.bank,
        accountNumber: account.accountNumber,
        holder:
          typeof account.customerName === 'string' && account.customerName.length > 0
            ? account.customerName
            : request.customerName,
        // Toss honours the dueDate asked for; if its own is unreadable, ours is the same moment.
        dueAt: dueAt ?? request.dueAt,
      };
    },

    async getPayment(paymentKey): Promise<ProviderPayment | null> {
      const answer = await call(
        { method: 'GET', path: `/v1/payments/${encodeURIComponent(paymentKey)}` },
        LOOKUP_FAILED,
      );
      if (answer.status >= 400) {
        if (answer.status === 404 && readTossError(answer.body).code === NOT_FOUND_PAYMENT) {
          return null;
        }
        throw refusal(answer, LOOKUP_FAILED);
      }
      // A webhook is believed on this answer only, so an answer missing what it is checked
      // against is no answer: never a guess.
      const payment = answer.body;
      if (typeof payment.paymentKey !== 'string') throw invalidAnswer(LOOKUP_FAILED, 'paymentKey');
      if (typeof payment.orderId !== 'string') throw invalidAnswer(LOOKUP_FAILED, 'orderId');
      if (typeof payment.status !== 'string') throw invalidAnswer(LOOKUP_FAILED, 'status');
      if (!isNonNegativeInteger(payment.totalAmount)) {
        throw invalidAnswer(LOOKUP_FAILED, 'totalAmount');
      }
      return {
        paymentKey: payment.paymentKey,
        orderId: payment.orderId,
        status: payment.status,
        totalAmount: payment.totalAmount,
        method: tossMethod(payment.method),
        approvedAt: readDate(payment.approvedAt),
      };
    },

    async issueCashReceipt({ orderId, orderName, amount, receipt }) {
      // "현금영수증 발급 API" (2022-11-16): customerIdentityNumber (휴대폰 번호 or 사업자등록번호)
      // and type 소득공제 | 지출증빙; the answer's issueNumber is the 승인번호 (versions before
      // 2022-11-16 took registrationNumber and answered approvalNumber, read as a fallback).
      // One receipt per order, so the orderId keys it.
      const answer = await post(
        '/v1/cash-receipts',
        `cash-receipt-${orderId}`,
        {
          amount,
          orderId,
          orderName,
          customerIdentityNumber: receipt.registrationNumber,
          type: receipt.type,
        },
        CASH_RECEIPT_FAILED,
      );
      if (answer.status >= 400) throw refusal(answer, CASH_RECEIPT_FAILED);
      const issueNumber = answer.body.issueNumber ?? answer.body.approvalNumber;
      if (typeof issueNumber !== 'string' || issueNumber.length === 0) {
        throw invalidAnswer(CASH_RECEIPT_FAILED, 'issueNumber');
      }
      return { issueNumber };
    },
  };
}

/** Toss's error body is `{ code, message }`; either may be missing from a proxy's answer. */
function readTossError(body: Record<string, unknown> | undefined): {
  code?: string;
  message?: string;
} {
  const code = body?.code;
  const message = body?.message;
  return {
    code: typeof code === 'string' && code.length > 0 ? code : undefined,
    message: typeof message === 'string' && message.trim().length > 0 ? message : undefined,
  };
}

/**
 * Toss said DONE, so the money is taken: a missing or odd timestamp must not fail the booking,
 * and our own clock is close enough.
 */
function readApprovedAt(value: unknown): Date {
  return readDate(value) ?? new Date();
}

/** Toss's ISO 8601 time (with its +09:00 offset), or null when missing or unreadable. */
function readDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** AbortSignal.timeout rejects with a DOMException named TimeoutError (fetch and body alike). */
function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}

/** fetch's TypeError says only "fetch failed"; the cause says why (ECONNREFUSED, ...). */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  if (cause instanceof Error) return `${error.message}: ${cause.message}`;
  return error.message;
}
