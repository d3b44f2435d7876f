/**
 * Time limits for the backing services (scale-out mode). A request that needs PostgreSQL or Redis
 * while one is down or stalled answers 503 (C012) within these, instead of hanging until the
 * client gives up; the drivers reconnect by themselves once the service is back.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
export const REDIS_CONNECT_TIMEOUT_MS = 500;
export const DATABASE_CONNECT_TIMEOUT_MS = 800;
/**
 * Per statement once start-up work (migrations, demo seed) is done, enforced by PostgreSQL itself
 * (`statement_timeout`): the server cancels the statement, the transaction's ROLLBACK then runs,
 * and our own event-loop lag (argon2, a busy CPU) cannot cut a statement the server answered in
 * time. Measured and chosen in docs/decisions.md (Hardening (issue 22): transactions).
 */
export const DATABASE_STATEMENT_TIMEOUT_MS = 1_000;
/**
 * The client-side backstop for a dead network path or a frozen server, which cannot cancel
 * anything: a statement with no answer for this long has its connection destroyed (never
 * reused). Longer than the server's limit, so a live server always answers first.
 */
export const DATABASE_BACKSTOP_MS = 1_300;
/**
 * The server's safety net: a session idle inside a transaction this long is ended by PostgreSQL
 * (its transaction rolled back, its locks freed), whatever state the client is in.
 */
export const DATABASE_IDLE_IN_TRANSACTION_MS = 10_000;

/** Network failures of a socket to PostgreSQL or Redis (Node's system error codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Driver messages for a connection that is gone, or a call that took too long. */
const OUTAGE_MESSAGES = [
  // ioredis
  "Stream isn't writeable",
  'Command timed out',
  'Connection is closed.',
  'Reached the max retries per request limit',
  // pg / pg-pool (and db/client.ts's backstop, which ends a connection that stopped answering)
  'Query read timeout',
  'timeout expired', // a new connection's connect timeout
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error',
  'connection error and is not queryable',
];

/**
 * Whether an error means PostgreSQL or Redis is unreachable or too slow right now (not that the
 * request or our code is wrong). drizzle wraps the driver's error in `cause`.
 */
export function isDependencyOutage(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const { code, message, name } = current as Error & { code?: unknown };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code)) return true;
      // SQLSTATE: connection exceptions, server shutting down or starting, too many connections.
      if (code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '53300') return true;
      // The server cut a statement at statement_timeout (57014: query_canceled), or ended a
      // session left idle in a transaction (25P03): the database was too slow for this request.
      if (code === '57014' || code === '25P03') return true;
    }
    if (name === 'MaxRetriesPerRequestError') return true;
    // The S3 adapter's wrapper for an object store that is down (adapters/storage).
    if (name === 'StorageUnavailableError') return true;
    if (OUTAGE_MESSAGES.some((known) => message.includes(known))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The start failed because a configured service could not be reached: main.ts prints one line
 * naming the variable instead of the driver's stack.
 */
export class DependencyStartError extends Error {
  constructor(
    readonly variable: 'DATABASE_URL' | 'REDIS_URL' | 'S3_BUCKET',
    reason: unknown,
  ) {
    const service = { DATABASE_URL: 'PostgreSQL', REDIS_URL: 'Redis', S3_BUCKET: 'S3 버킷' }[
      variable
    ];
    // A host with several addresses fails with an AggregateError whose message is empty.
    const { message, code } = (reason ?? {}) as { message?: unknown; code?: unknown };
    const said = typeof message === 'string' && message ? message : code;
    const detail = typeof said === 'string' && said ? ` (${said})` : '';
    super(
      `${variable}: ${service}에 연결할 수 없습니다. 주소와 서버 상태를 확인해주세요.${detail}`.replace(
        /\s*\n\s*/g,
        ' ',
      ),
    );
  }
}
