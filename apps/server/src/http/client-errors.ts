import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  errorMessages,
  errorStatus,
  type ErrorCode,
  type ErrorEnvelope,
} from '@curtaincall/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';
import { sendError } from './error-handler';

function codeFor(error: Error & { code?: string }): ErrorCode {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'C010';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'C011';
  return 'C007';
}

/**
 * Writes the envelope as a complete raw HTTP response and closes the connection: for the answers
 * given where there is only a socket (no request object, or one node hands over unparsed).
 */
function answerOnSocket(
  socket: Duplex,
  code: ErrorCode,
  message: string = errorMessages[code],
): void {
  const status = errorStatus[code];
  const envelope: ErrorEnvelope = { success: false, status, code, message };
  const body = Buffer.from(JSON.stringify(envelope), 'utf8');
  const head =
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${body.length}\r\n` +
    'Cache-Control: no-store\r\n' +
    'X-Content-Type-Options: nosniff\r\n' +
    'Connection: close\r\n\r\n';
  socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  // A client still sending must not hold the socket open: once the answer is flushed, close it.
  socket.once('finish', () => socket.destroy());
}

/**
 * Fastify's `clientErrorHandler`: node refused the bytes before any request existed (headers or
 * URL over the 16 KB limit, a malformed request line, a request too slow to arrive). There is
 * only the socket, so the envelope goes out as a complete raw HTTP response and the connection
 * closes: the parser's state is lost, nothing more can be read from it.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  answerOnSocket(socket, codeFor(error));
}

export const connectNotSupportedMessage = '지원하지 않는 요청 방식(CONNECT)입니다.';
export const hostHeaderMissingMessage = '요청에 Host 헤더가 없습니다.';

/**
 * `CONNECT` (a proxy tunnel request): node hands it to the server's 'connect' listeners and,
 * without one, closes the socket with no answer at all. We are no proxy: the envelope, closed.
 */
export function answerConnectRequest(_request: IncomingMessage, socket: Duplex): void {
  if (socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  answerOnSocket(socket, 'C007', connectNotSupportedMessage);
}

/**
 * HTTP/1.1 requires a Host header (RFC 9112 §3.2). Node's own check answers a bare, empty 400,
 * so the server turns it off (`requireHostHeader: false`) and this hook refuses in the envelope
 * instead, before anything else runs. HTTP/1.0 may omit it, as node allows.
 */
export function registerHostHeaderRule(app: FastifyInstance): void {
  app.server.on('connect', answerConnectRequest);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      reply.header('connection', 'close');
      void sendError(reply, new AppError('C007', hostHeaderMissingMessage));
      return;
    }
    done();
  });
}
