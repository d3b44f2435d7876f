import { randomUUID } from 'node:crypto';
import {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
  createServer,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the Toss Payments REST API (confirm and cancel only), strict where Toss is
 * strict so an adapter that passes against it is not merely passing against a lenient mock:
 * Basic auth with the secret key, a required Idempotency-Key (Toss makes it optional; we always
 * send one, so a missing one here is our bug), Toss's body rules, Toss's error bodies, and
 * idempotent replays scoped like Toss's (key + method + path, the body is not compared), and
 * partial cancels (`cancelAmount`) checked against what the payment has left (balanceAmount).
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

export interface FakeTossRefund {
  paymentKey: string;
  orderId: string;
  transactionKey: string;
  cancelAmount: number;
  cancelReason: string;
  idempotencyKey: string;
}

export interface FakeTossPayment {
  totalAmount: number;
  /** What may still be refunded (Toss's balanceAmount): a cancel above it is refused. */
  balanceAmount: number;
  status: 'DONE' | 'PARTIAL_CANCELED' | 'CANCELED';
  cancels: Array<{ transactionKey: string; cancelAmount: number; cancelReason: string }>;
}

export interface FakeTossServer {
  /** e.g. `http://127.0.0.1:41234`, no trailing slash. */
  baseUrl: string;
  secretKey: string;
  /** Every request received, in order, including refused ones. */
  requests: FakeTossRequest[];
  /** Every refund made (idempotent replays and refused cancels add nothing). */
  refunds: FakeTossRefund[];
  /** Queues answers for the next requests, one each, in order. */
  setNext(...scripts: FakeTossScript[]): void;
  /**
   * The next `count` cancel requests get a 500 (Toss's FAILED_REFUND_PROCESS) without being
   * processed or remembered under their key, as when a bank does not answer Toss in time; other
   * requests in between are answered normally.
   */
  failNextCancels(count: number): void;
  /** A confirmed payment as Toss keeps it: what remains refundable and each cancel made. */
  payment(paymentKey: string): FakeTossPayment | undefined;
  /** Confirming this paymentKey fails with `error` (default: 403 REJECT_CARD_COMPANY). */
  decline(paymentKey: string, error?: TossError & { status?: number }): void;
  /** Toss's `method` for this paymentKey's confirm (default '카드'), e.g. '간편결제'. */
  setMethod(paymentKey: string, method: string): void;
  /** How many times an order was actually charged (replays do not count). */
  chargeCount(orderId: string): number;
  close(): Promise<void>;
}

export const REJECT_CARD_COMPANY: TossError & { status: number } = {
  status: 403,
  code: 'REJECT_CARD_COMPANY',
  message: '카드사에서 승인을 거절했습니다.',
};

const UNAUTHORIZED_KEY: TossError = {
  code: 'UNAUTHORIZED_KEY',
  message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.',
};
const INVALID_REQUEST_MESSAGE = '잘못된 요청입니다.';

/** Toss's orderId rule: 6 to 64 characters of letters, digits, '-' and '_'. */
const ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{6,64}$/u;
/** Toss's limits on paymentKey, cancelReason and Idempotency-Key. */
const MAX_PAYMENT_KEY_LENGTH = 200;
const MAX_CANCEL_REASON_LENGTH = 200;
const MAX_IDEMPOTENCY_KEY_LENGTH = 300;

const CONFIRM_PATH = '/v1/payments/confirm';
const CANCEL_PATH = /^\/v1\/payments\/([^/?]+)\/cancel$/u;

interface Answer {
  status: number;
  body: unknown;
}

interface StoredPayment {
  paymentKey: string;
  orderId: string;
  method: string;
  totalAmount: number;
  balanceAmount: number;
  approvedAt: string;
  status: 'DONE' | 'PARTIAL_CANCELED' | 'CANCELED';
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
  const scripts: FakeTossScript[] = [];
  let cancelsToFail = 0;
  const declines = new Map<string, TossError & { status?: number }>();
  const methods = new Map<string, string>();
  const charges = new Map<string, number>();
  const payments = new Map<string, StoredPayment>();
  /** Answers of processed requests by method + path + Idempotency-Key, replayed as they were. */
  const idempotentAnswers = new Map<string, Answer>();

  const error = (status: number, code: string, message: string): Answer => ({
    status,
    body: { code, message },
  });
  const invalid = (detail: string): Answer =>
    error(400, 'INVALID_REQUEST', `${INVALID_REQUEST_MESSAGE} (${detail})`);

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
    if ([...payments.values()].some((payment) => payment.orderId === orderId)) {
      return error(
        400,
        'DUPLICATED_ORDER_ID',
        '이미 승인 및 취소가 진행된 중복된 주문번호 입니다. 다른 주문번호로 진행해주세요.',
      );
    }

    const payment: StoredPayment = {
      paymentKey,
      orderId,
      method: methods.get(paymentKey) ?? '카드',
      totalAmount: amount,
      balanceAmount: amount,
      approvedAt: toKoreanIso(new Date()),
      status: 'DONE',
      cancels: [],
    };
    payments.set(paymentKey, payment);
    charges.set(orderId, (charges.get(orderId) ?? 0) + 1);
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
    if (!payment) return error(404, 'NOT_FOUND_PAYMENT', '존재하지 않는 결제 정보 입니다.');
    if (payment.status === 'CANCELED') {
      return error(400, 'ALREADY_CANCELED_PAYMENT', '이미 취소된 결제 입니다.');
    }
    const amount = cancelAmount ?? payment.balanceAmount;
    if (amount > payment.balanceAmount) {
      return error(403, 'NOT_CANCELABLE_AMOUNT', '취소 할 수 없는 금액 입니다.');
    }

    const transactionKey = randomUUID().replaceAll('-', '').toUpperCase();
    payment.balanceAmount -= amount;
    payment.status = payment.balanceAmount === 0 ? 'CANCELED' : 'PARTIAL_CANCELED';
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
    });
    return { status: 200, body: paymentObject(payment) };
  };

  /** Toss's checks in Toss's order: auth, then the request, then the business rules. */
  const answerFor = (request: FakeTossRequest, rawBody: string): Answer => {
    if (request.headers.authorization !== expectedAuthorization) {
      return error(401, UNAUTHORIZED_KEY.code, UNAUTHORIZED_KEY.message);
    }
    const cancelMatch = CANCEL_PATH.exec(request.path);
    if (request.method !== 'POST' || (request.path !== CONFIRM_PATH && !cancelMatch)) {
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
    } else {
      answer = confirm(request.body);
    }
    // Like Toss, only requests that got past validation are remembered.
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

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    refunds,
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
    chargeCount: (orderId) => charges.get(orderId) ?? 0,
    close: async () => {
      // Hanging answers would otherwise keep close() waiting for ever.
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The parts of Toss's Payment object the adapters read, plus a few for realism. */
function paymentObject(payment: StoredPayment) {
  return {
    mId: 'tosspayments',
    version: '2022-11-16',
    paymentKey: payment.paymentKey,
    orderId: payment.orderId,
    orderName: '커튼콜 공연 예매',
    currency: 'KRW',
    method: payment.method,
    status: payment.status,
    totalAmount: payment.totalAmount,
    balanceAmount: payment.balanceAmount,
    requestedAt: payment.approvedAt,
    approvedAt: payment.approvedAt,
    easyPay:
      payment.method === '간편결제'
        ? { provider: '토스페이', amount: payment.totalAmount, discountAmount: 0 }
        : null,
    cancels: payment.cancels.length > 0 ? payment.cancels.map((entry) => ({ ...entry })) : null,
  };
}

/** Toss writes times in Korea's offset, e.g. 2025-03-01T19:30:05+09:00. */
function toKoreanIso(date: Date): string {
  const shifted = new Date(date.getTime() + 9 * 60 * 60 * 1000);
  return `${shifted.toISOString().slice(0, 19)}+09:00`;
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

function isInvalidRequest(answer: Answer): boolean {
  return isRecord(answer.body) && answer.body.code === 'INVALID_REQUEST';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}
