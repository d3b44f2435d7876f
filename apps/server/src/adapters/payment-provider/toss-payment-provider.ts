import {
  PaymentProviderError,
  type ConfirmResult,
  type PaymentProviderPort,
} from './payment-provider';

const DEFAULT_BASE_URL = 'https://api.tosspayments.com';
const DEFAULT_TIMEOUT_MS = 10_000;

const CONFIRM_FAILED = '결제 승인 요청이 실패했습니다: ';
const CANCEL_FAILED = '환불 요청이 실패했습니다: ';
/** Toss's answer to a request whose idempotency key is still being processed. */
const IDEMPOTENT_REQUEST_PROCESSING = 'IDEMPOTENT_REQUEST_PROCESSING';
/** Shown to the buyer when Toss refuses without a message of its own. */
const DEFAULT_REFUSAL_MESSAGE = '결제 승인에 실패했습니다.';

/** Toss answers `method` in Korean; only these two can reach us from our checkout. */
const METHODS = new Map<unknown, 'CARD' | 'EASY_PAY'>([
  ['카드', 'CARD'],
  ['간편결제', 'EASY_PAY'],
  // In case Toss ever answers in English (we send no Accept-Language, so it does not today).
  ['CARD', 'CARD'],
  ['EASY_PAY', 'EASY_PAY'],
]);

/**
 * Toss's confirm refusals that are about the payment itself (card, limits, fraud checks), which
 * Toss can only give for a paymentKey it issued for this order. Every other refusal (an unknown
 * key, a bad request, our own keys, codes added later) proves nothing, so it must not cancel
 * the order of whoever holds the orderId.
 */
const PAYMENT_FAILED_CODE =
  /^(REJECT_|EXCEED_MAX_|INVALID_(CARD_|STOPPED_CARD|REJECT_CARD|PASSWORD|AUTHORIZE_AUTH|ACCOUNT_INFO)|NOT_SUPPORTED_|NOT_AVAILABLE_(PAYMENT|BANK)$|NOT_ALLOWED_POINT_USE$|BELOW_MINIMUM_AMOUNT$|CARD_PROCESSING_ERROR$|FDS_ERROR$|RESTRICTED_TRANSFER_ACCOUNT$|FAILED_(PAYMENT_)?INTERNAL_SYSTEM_PROCESSING$)/u;

interface TossAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Toss Payments over REST (`/v1/payments/confirm` and `/v1/payments/{paymentKey}/cancel`).
 * Every call carries an Idempotency-Key, so a call retried after a timeout is answered with the
 * first answer instead of charging or refunding twice (Toss keeps keys for 15 days). A 4xx is
 * Toss refusing; a 5xx, a timeout, an unreachable host or an unreadable body throws with an
 * unknown outcome (`PaymentProviderError.refused` false). A cancel sends `cancelAmount`, so a
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

  const post = async (
    path: string,
    idempotencyKey: string,
    body: Record<string, unknown>,
    failure: string,
  ): Promise<TossAnswer> => {
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          Authorization: authorization,
          'Content-Type': 'application/json',
          'Idempotency-Key': idempotencyKey,
        },
        body: JSON.stringify(body),
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
      return {
        ok: true,
        paymentKey: typeof payment.paymentKey === 'string' ? payment.paymentKey : paymentKey,
        // Our checkout offers cards and easy pay only; anything else is still a paid payment.
        method: METHODS.get(payment.method) ?? 'CARD',
        approvedAt: readApprovedAt(payment.approvedAt),
      };
    },

    async cancel({ paymentKey, amount, reason, idempotencyKey }) {
      const answer = await post(
        `/v1/payments/${encodeURIComponent(paymentKey)}/cancel`,
        idempotencyKey,
        { cancelReason: reason, cancelAmount: amount },
        CANCEL_FAILED,
      );
      if (answer.status >= 400) {
        const tossError = readTossError(answer.body);
        // A refund retried under a new key (e.g. after our own crash) finds the work done.
        if (tossError.code === 'ALREADY_CANCELED_PAYMENT') return { transactionKey: null };
        // A 4xx is Toss refusing, so nothing was given back; except a request of the same key
        // still being processed, whose outcome a later repeat of that key will tell.
        throw new PaymentProviderError(
          `${CANCEL_FAILED}${tossError.message ?? `HTTP ${answer.status}`}`,
          tossError.code ?? 'PROVIDER_ERROR',
          tossError.code !== IDEMPOTENT_REQUEST_PROCESSING,
        );
      }
      const cancels = answer.body.cancels;
      const last: unknown = Array.isArray(cancels) ? cancels.at(-1) : undefined;
      return {
        transactionKey:
          isRecord(last) && typeof last.transactionKey === 'string' ? last.transactionKey : null,
      };
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
  const approvedAt = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  return Number.isNaN(approvedAt.getTime()) ? new Date() : approvedAt;
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
