import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exchangeRawBytes,
  parseRawAnswer,
  requestOverSocket,
} from '../../test/helpers/http-over-socket';
import { createTestContext, type TestContext } from '../../test/helpers/test-app';
import { connectNotSupportedMessage, hostHeaderMissingMessage } from './client-errors';

/**
 * Requests node refuses before Fastify sees a request (framing errors) answer the JSON envelope
 * too, as a complete response on a closing connection. Only a real socket shows these.
 */
let ctx: TestContext;
let baseUrl: string;
let port: number;

beforeAll(async () => {
  ctx = await createTestContext();
  baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(baseUrl).port);
});
afterAll(async () => ctx?.close());

/** Raw bytes in, everything the server writes until it closes the connection out. */
function exchangeRaw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.write(bytes);
  });
}

function splitAnswer(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => {
      const at = line.indexOf(':');
      return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { statusLine, headers, body };
}

describe('framing errors', () => {
  it('headers over the limit -> 431 C010 envelope, connection closed', async () => {
    const answer = await requestOverSocket(`${baseUrl}/api/health`, {
      headers: { 'x-padding': 'a'.repeat(20_000) },
    });
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      status: 431,
      code: 'C010',
      message: '요청 헤더가 너무 큽니다.',
    });
  });

  it('a URL over the limit -> the same 431 envelope', async () => {
    const answer = await requestOverSocket(`${baseUrl}/api/health?q=${'b'.repeat(20_000)}`);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, status: 431, code: 'C010' });
  });

  it('a malformed request line -> 400 C007 envelope with an exact Content-Length', async () => {
    const raw = await exchangeRaw('NOT AN HTTP REQUEST\r\n\r\n');
    const { statusLine, headers, body } = splitAnswer(raw);
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers.connection).toBe('close');
    expect(Number(headers['content-length'])).toBe(Buffer.byteLength(body, 'utf8'));
    expect(JSON.parse(body)).toEqual({
      success: false,
      status: 400,
      code: 'C007',
      message: '잘못된 요청입니다.',
    });
  });

  it('the server keeps answering ordinary requests afterwards', async () => {
    const answer = await requestOverSocket(`${baseUrl}/api/health`);
    expect(answer.status).toBe(200);
  });
});

describe('requests node answers badly by itself (issue 22, L4)', () => {
  it('HTTP/1.1 without a Host header -> 400 C007 envelope, connection closed', async () => {
    const raw = await exchangeRawBytes(port, 'GET /api/health HTTP/1.1\r\nAccept: */*\r\n\r\n');
    const answer = parseRawAnswer(raw);
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      status: 400,
      code: 'C007',
      message: hostHeaderMissingMessage,
    });
    // A POST without Host is refused before its body is read or any route runs.
    const post = parseRawAnswer(
      await exchangeRawBytes(
        port,
        'POST /api/auth/logout HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      ),
    );
    expect(post.status).toBe(400);
    expect(JSON.parse(post.body)).toMatchObject({
      code: 'C007',
      message: hostHeaderMissingMessage,
    });
  });

  it('HTTP/1.0 may omit Host, as the RFC allows', async () => {
    const answer = parseRawAnswer(
      await exchangeRawBytes(port, 'GET /api/health/live HTTP/1.0\r\n\r\n'),
    );
    expect(answer.status).toBe(200);
  });

  it('CONNECT -> 400 C007 envelope with an exact Content-Length, connection closed', async () => {
    for (const target of ['127.0.0.1:22', 'example.com:443']) {
      const raw = await exchangeRawBytes(
        port,
        `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`,
      );
      const answer = parseRawAnswer(raw);
      expect(answer.status, target).toBe(400);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers.connection).toBe('close');
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
      expect(JSON.parse(answer.body)).toEqual({
        success: false,
        status: 400,
        code: 'C007',
        message: connectNotSupportedMessage,
      });
    }
    // And the server goes on answering.
    const health = await requestOverSocket(`${baseUrl}/api/health/live`);
    expect(health.status).toBe(200);
  });
});
