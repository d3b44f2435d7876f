import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { QueueEnterResult } from '@curtaincall/contracts';
import type { SessionData } from '../../adapters/session-store/session-store';
import { compressMinBytes } from '../../http/compression';
import type { FastLane } from '../../http/fast-lanes';
import { slidingRefreshDue } from '../../http/session';
import type { QueueService } from './queue.service';

/**
 * The entry as the web app and the spec's client call it, with the only query the lane takes:
 * `concertId` alone, digits only, no zero in front, up to the contract's maximum. Anything else
 * (another parameter, a NUL, a bad id) is the usual route's to refuse, with its messages.
 */
const ENTRY_QUERY_START = '/api/queue/enter?concertId=';
const MAX_CONCERT_ID = 2_147_483_647;
/** Waiting answers kept (one per rank); past this the memory starts over. */
const WAITING_ANSWERS_MAX = 50_000;
/** Sessions the lane remembers per instance; past this the memory starts over (a shortcut). */
const REMEMBERED_MAX = 100_000;

/** An entry made by the lane that the usual route must report (an error, a big answer). */
type EntryOutcome = { ok: true; result: QueueEnterResult } | { ok: false; error: unknown };
const outcomes = new WeakMap<IncomingMessage, EntryOutcome>();

/**
 * The entry the fast lane already made for this request, if it handed the request over to the
 * usual route to answer (taken once): the route reports it instead of entering again, so an
 * entry, its rate-limit count and its error happen once whichever way the answer goes.
 */
export function takeFastLaneEntry(request: IncomingMessage): EntryOutcome | undefined {
  const outcome = outcomes.get(request);
  outcomes.delete(request);
  return outcome;
}

export interface QueueEntryFastLaneDeps {
  queue: QueueService;
  /** The session a Cookie header names (http/session.ts createSessionCookieReader). */
  readSession: (
    cookieHeader: string | undefined,
  ) => Promise<{ sessionId: string; data: SessionData } | null>;
  /**
   * The session store's key that lives exactly as long as a session (Redis store:
   * SessionStorePort.liveKey). With it the lane remembers sessions it has read, see below.
   */
  sessionLiveKey?: (sessionId: string) => string;
  /** The origin check's rule (http/origin-check.ts foreignRequestCheck). */
  isForeign: (headers: IncomingHttpHeaders) => boolean;
  /** The security headers every answer carries (http/security-headers.ts). */
  securityHeaders: Readonly<Record<string, string>>;
  /** The caller's address as Fastify's `request.ip` works it out (same trust-proxy rule). */
  clientIp: (request: IncomingMessage) => string;
  /** True once the server is stopping: answers must then close their connection (http/drain.ts). */
  isDraining: () => boolean;
  /** Times an answer into the HTTP latency histogram, when it is kept (METRICS_TOKEN). */
  observe?: (statusCode: number, seconds: number) => void;
}

/**
 * `POST /api/queue/enter`, answered before Fastify: the hottest request of an on-sale rush (every
 * fan, on every retry). Through Fastify it cost ~100 µs of CPU against ~27 µs for a bare Fastify
 * route (bench/queue, issue 24); most of the difference was the framework's per-request work
 * for the whole app (hook chain, reply and request objects, the request logger), not the entry.
 *
 * The lane does what the usual path does for a well-formed call from a logged-in fan, in the
 * same order, with the same functions: the Host rule, the origin check (CSRF), no body, the
 * contract's query, the session cookie's signature and the stored session, the sliding expiry,
 * then the entry (`queue.enterUnlessKeyGone`, which checks a remembered session in the entry's
 * own Redis call), the contract serializer and the security headers. It takes nothing else:
 * - before the entry, anything off that path (no or an expired session, a refresh of the
 *   sliding expiry due, a foreign origin, a body, another query, a stopping server, HTTP/1.0)
 *   goes to Fastify untouched, which answers it as it always has;
 * - after the entry, an error (sold out, rate limited, Redis down) or an answer big enough to
 *   compress goes to Fastify with the outcome attached (`takeFastLaneEntry`), and the usual
 *   route and error handler report it, so every refusal keeps its one envelope and message.
 * queue-entry-fast-lane.test.ts holds the lane's answers against Fastify's for the same calls.
 */
export function createQueueEntryFastLane(deps: QueueEntryFastLaneDeps): FastLane & {
  /** Entries answered by the lane itself (tests: the lane really took them). */
  readonly answered: () => number;
} {
  let answered = 0;
  /**
   * The answer's headers as node:http takes them (name, value, ...), one list per body length:
   * the security headers and type never change, and an entry's body has a few lengths only.
   */
  const fixedHeaders = [
    ...Object.entries(deps.securityHeaders).flat(),
    'content-type',
    'application/json; charset=utf-8',
  ];
  const headersByLength = new Map<number, string[]>();

  /**
   * A waiting fan's answer depends on the rank and the wait only, and a fan retrying gets the
   * same one again: the bytes are kept per rank (with the wait they were made for). Answers with
   * an access key are each their own.
   */
  const waitingAnswers = new Map<number, { etaSeconds: number | undefined; bytes: Buffer }>();
  function answerBytes(result: QueueEnterResult): Buffer {
    if (result.status !== 'WAITING' || result.rank === undefined) {
      return Buffer.from(serializeEnterEnvelope({ success: true, data: result }));
    }
    const known = waitingAnswers.get(result.rank);
    if (known && known.etaSeconds === result.etaSeconds) return known.bytes;
    const bytes = Buffer.from(serializeEnterEnvelope({ success: true, data: result }));
    if (waitingAnswers.size >= WAITING_ANSWERS_MAX) waitingAnswers.clear();
    waitingAnswers.set(result.rank, { etaSeconds: result.etaSeconds, bytes });
    return bytes;
  }
  function headersFor(length: number): string[] {
    let headers = headersByLength.get(length);
    if (!headers) {
      headers = [...fixedHeaders, 'content-length', String(length)];
      headersByLength.set(length, headers);
    }
    return headers;
  }
  /**
   * Sessions read before, by Cookie header: a fan retrying the entry in a rush sends the same
   * header each time, and the session read was a Redis round trip costing as much CPU as the
   * entry itself. Only what cannot change for a session id is trusted (the user; login gives a
   * new id), and only with the session's live key, which the entry's own Redis call checks
   * first: a session ended anywhere is refused in that same call. A remembered refresh time
   * can only be older than the stored one, so a refresh is never missed, only handed over
   * sooner. Only sessions that read back are kept, so forged cookies fill nothing.
   */
  const remembered = new Map<
    string,
    { userId: number; touchedAt: number | undefined; liveKey: string | undefined }
  >();

  /** The concert id when the request is one the lane takes, else null. */
  function concertIdOf(request: IncomingMessage): number | null {
    if (request.method !== 'POST' || request.httpVersion !== '1.1') return null;
    const url = request.url ?? '';
    if (!url.startsWith(ENTRY_QUERY_START)) return null;
    // The digits, read in place (no regular expression or copy: this runs on every request).
    let concertId = 0;
    for (let i = ENTRY_QUERY_START.length; i < url.length; i += 1) {
      const digit = url.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9 || (digit === 0 && concertId === 0)) return null;
      concertId = concertId * 10 + digit;
      if (concertId > MAX_CONCERT_ID) return null;
    }
    if (concertId === 0) return null;
    const { headers } = request;
    if (headers.host === undefined) return null;
    // A body (or a type the JSON parser would not take) is the usual route's to judge.
    if (headers['transfer-encoding'] !== undefined) return null;
    const length = headers['content-length'];
    if (length !== undefined && length !== '0') return null;
    const type = headers['content-type'];
    if (type !== undefined && !type.toLowerCase().startsWith('application/json')) return null;
    if (deps.isForeign(headers) || deps.isDraining()) return null;
    return concertId;
  }

  async function answer(
    request: IncomingMessage,
    response: ServerResponse,
    handOver: (request: IncomingMessage, response: ServerResponse) => void,
    concertId: number,
    startedAt: number,
  ): Promise<void> {
    const cookieHeader = request.headers.cookie;
    let caller = cookieHeader === undefined ? undefined : remembered.get(cookieHeader);
    if (!caller) {
      let read: Awaited<ReturnType<QueueEntryFastLaneDeps['readSession']>>;
      try {
        read = await deps.readSession(cookieHeader);
      } catch {
        // The store is down: the usual path reports it (503), as for any other route.
        handOver(request, response);
        return;
      }
      const userId = read?.data.userId;
      // Not logged in: the usual path answers 401 (and clears a cookie naming no session).
      if (!read || typeof userId !== 'number') {
        handOver(request, response);
        return;
      }
      caller = {
        userId,
        touchedAt: read.data.touchedAt,
        liveKey: deps.sessionLiveKey?.(read.sessionId),
      };
      if (caller.liveKey !== undefined && cookieHeader !== undefined) {
        if (remembered.size >= REMEMBERED_MAX) remembered.clear();
        remembered.set(cookieHeader, caller);
      }
    }
    // Due a sliding refresh (a save and a Set-Cookie): the usual path, which re-reads it.
    if (slidingRefreshDue(caller.touchedAt, Date.now())) {
      if (cookieHeader !== undefined) remembered.delete(cookieHeader);
      handOver(request, response);
      return;
    }
    let outcome: EntryOutcome;
    try {
      const result = await deps.queue.enterUnlessKeyGone({
        user: { id: caller.userId },
        concertId,
        ip: deps.clientIp(request),
        sessionLiveKey: caller.liveKey,
      });
      if (result === 'SESSION_GONE') {
        // Ended since it was read (logout, here or on another instance): nothing was entered,
        // and the usual path answers 401 as it would have.
        if (cookieHeader !== undefined) remembered.delete(cookieHeader);
        handOver(request, response);
        return;
      }
      outcome = { ok: true, result };
    } catch (error) {
      outcome = { ok: false, error };
    }
    const body = outcome.ok ? answerBytes(outcome.result) : null;
    // The server began stopping meanwhile: the usual path adds `Connection: close` (drain.ts).
    if (!outcome.ok || !body || body.length >= compressMinBytes || deps.isDraining()) {
      outcomes.set(request, outcome);
      handOver(request, response);
      return;
    }
    response.writeHead(200, headersFor(body.length));
    response.end(body);
    answered += 1;
    if (deps.observe) deps.observe(200, (performance.now() - startedAt) / 1000);
  }

  const lane: FastLane = (request, response, handOver) => {
    const concertId = concertIdOf(request);
    if (concertId === null) return false;
    const startedAt = deps.observe ? performance.now() : 0;
    void answer(request, response, handOver, concertId, startedAt).catch(() => {
      // Nothing above throws once written; should it, the socket must not hang.
      if (!response.headersSent) handOver(request, response);
      else response.destroy();
    });
    return true;
  };
  return Object.assign(lane, { answered: () => answered });
}

export type EnterEnvelope = { success: true; data: QueueEnterResult };

/**
 * The entry's 200 answer, written field by field. It is the hottest route of an on-sale rush and
 * zod's encode of its envelope was ~5 % of its CPU (bench/queue). Only the contract's fields are
 * picked, in its order, so nothing undeclared can leak, as with the schema serializer; the
 * schema still documents the route and the service's return type is the same contract type.
 */
export function serializeEnterEnvelope(envelope: EnterEnvelope): string {
  const { status, accessKey, rank, etaSeconds, message } = envelope.data;
  return JSON.stringify({
    success: true,
    data: { status, accessKey, rank, etaSeconds, message },
  });
}
