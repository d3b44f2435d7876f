import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  errorMessages,
  errorStatus,
  type ErrorCode,
  type ErrorEnvelope,
} from '@curtaincall/contracts';

function codeFor(error: Error & { code?: string }): ErrorCode {
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'C010';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'C011';
  return 'C007';
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
  const code = codeFor(error);
  const status = errorStatus[code];
  const envelope: ErrorEnvelope = { success: false, status, code, message: errorMessages[code] };
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
