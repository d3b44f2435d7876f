import type { ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { gzipMinBytes } from './json-text';
import { isDraining } from './drain';
import { sessionWritePending } from './session';

/**
 * Writes a JSON answer to a request as one complete HTTP/1.1 response (status line, headers,
 * body) straight to its socket: returns false, having written nothing, when the answer must go
 * the usual way after all (the socket is gone, or the body is big enough to be gzipped).
 */
export type DirectJsonWriter = (json: string) => boolean;

/**
 * For a held long poll: a writer that answers it straight to its socket, or null when it must
 * be answered the usual way (reply.send).
 *
 * Why: when a seat changes, every held poll of the concert (up to 20,000 per instance) is
 * answered at once, on one core. Through Fastify's send path and node:http's header building
 * each answer cost ~50 µs, mostly short-lived objects hung on long-lived requests (GC) rather
 * than the write itself; 20,000 answers took over a second. Here the head is worked out when the
 * poll starts, pollers that get the same JSON share one pre-built Buffer, and the poll hub calls
 * the writer for every poller in one loop: one socket write each. Ending the response (node's
 * bookkeeping, Fastify's onResponse hooks and request log) follows in `endWrittenAnswer`, once
 * every answer is on its way (bench/polling measures it).
 *
 * The response is what Fastify would have sent: the headers already set on the reply (security
 * headers, content type) plus Content-Length, Date and the keep-alive headers node:http adds.
 * Only the onSend hooks are skipped, so this is refused whenever the session has something to
 * write (a held poll's handler changes nothing in it), and for anything but a plain keep-alive
 * HTTP/1.1 GET on a real socket (light-my-request's injected requests, HEAD, `Connection:
 * close`, a connection with a request cap).
 */
export function directJsonWriter(
  request: FastifyRequest,
  reply: FastifyReply,
): DirectJsonWriter | null {
  const res = reply.raw as ServerResponse & NodeResponseInternals;
  const server = request.server.server;
  if (
    request.raw.method !== 'GET' ||
    request.raw.httpVersion !== '1.1' ||
    !(request.raw.socket instanceof Socket) ||
    reply.sent ||
    res.headersSent ||
    !res.shouldKeepAlive ||
    (server.maxRequestsPerSocket ?? 0) > 0 ||
    // The private fields this relies on, as Node 20 has them; another shape means the usual way.
    res._header !== null ||
    res._headerSent !== false ||
    sessionWritePending(request) ||
    // A stopping server ends each connection after its answer (drain.ts), in the onSend hooks.
    isDraining(request)
  ) {
    return null;
  }
  reply.type('application/json; charset=utf-8');
  const head = headWithoutDate(reply, server.keepAliveTimeout);
  if (head === null) return null;
  return (json) => {
    // A pipelined response still queued behind another has no socket yet.
    const socket = res.socket;
    if (
      !(socket instanceof Socket) ||
      !socket.writable ||
      reply.sent ||
      res.headersSent ||
      json.length > gzipMinBytes ||
      isDraining(request)
    ) {
      return false;
    }
    reply.hijack();
    socket.write(answerBytes(head, json));
    // The answer is on the wire: its head counts as sent, so end() writes nothing more.
    res._header = head;
    res._headerSent = true;
    return true;
  };
}

/**
 * Ends a response that a DirectJsonWriter answered: node:http's 'finish' (the connection then
 * waits for its next request) and Fastify's onResponse hooks and request log.
 */
export function endWrittenAnswer(reply: FastifyReply): void {
  reply.raw.end();
}

/** node:http's own record of a response's head (lib/_http_outgoing.js), null until built. */
interface NodeResponseInternals {
  _header: string | null;
  _headerSent: boolean;
}

/** Headers node:http or this module writes itself. */
const ownHeaders = new Set([
  'content-length',
  'connection',
  'keep-alive',
  'date',
  'transfer-encoding',
]);
const unsafeHeaderText = /[\r\n\0]/;

/**
 * Heads built so far, so pollers with equal heads share one string (and the answer cache below
 * compares them by identity). Every poll of a route has the same few headers.
 */
const knownHeads = new Map<string, string>();
const KNOWN_HEADS_MAX = 64;

/** Status line and header lines, without Date and Content-Length; null if any is unsafe. */
function headWithoutDate(reply: FastifyReply, keepAliveTimeoutMs: number): string | null {
  let head = 'HTTP/1.1 200 OK\r\n';
  const headers = reply.getHeaders();
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || ownHeaders.has(name.toLowerCase())) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = String(item);
      // node:http refuses these characters in a header; so does this writer.
      if (unsafeHeaderText.test(name) || unsafeHeaderText.test(text)) return null;
      head += `${name}: ${text}\r\n`;
    }
  }
  head += 'Connection: keep-alive\r\n';
  if (keepAliveTimeoutMs > 0) {
    head += `Keep-Alive: timeout=${Math.floor(keepAliveTimeoutMs / 1000)}\r\n`;
  }
  const known = knownHeads.get(head);
  if (known !== undefined) return known;
  if (knownHeads.size >= KNOWN_HEADS_MAX) knownHeads.clear();
  knownHeads.set(head, head);
  return head;
}

let dateSecond = -1;
let dateText = '';
/** The Date header's value, worked out once a second (as node:http does). */
function httpDate(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(second * 1000).toUTCString();
  }
  return dateText;
}

/**
 * Complete answers built lately, by body: a fan-out answers thousands of pollers with one body
 * (and one head), plus one of their own for each poller holding a changed seat.
 */
const recentAnswers = new Map<string, { head: string; date: string; bytes: Buffer }>();
const RECENT_ANSWERS_MAX = 16;

function answerBytes(head: string, json: string): Buffer {
  const date = httpDate();
  const recent = recentAnswers.get(json);
  if (recent && recent.head === head && recent.date === date) return recent.bytes;
  const body = Buffer.from(json);
  const bytes = Buffer.concat([
    Buffer.from(`${head}Date: ${date}\r\nContent-Length: ${body.length}\r\n\r\n`, 'latin1'),
    body,
  ]);
  if (recentAnswers.size >= RECENT_ANSWERS_MAX) recentAnswers.clear();
  recentAnswers.set(json, { head, date, bytes });
  return bytes;
}
