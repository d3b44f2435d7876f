import http from 'node:http';
import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionData, SessionStorePort } from '../adapters/session-store/session-store';
import { directJsonWriter, endWrittenAnswer } from './direct-json-answer';
import { requestOverSocket } from '../../test/helpers/http-over-socket';
import { gzipMinBytes, sendJsonText } from './json-text';
import { registerSecurityHeaders } from './security-headers';
import { registerSessions, SESSION_COOKIE } from './session';

const SECRET = 'a-session-secret-of-at-least-32-characters';
/** Multi-byte text: Content-Length must count bytes, not characters. */
const ANSWER = JSON.stringify({ status: 'update', seatInfo: 'VIP석 A구역 3열 12번' });

function mapStore(): SessionStorePort {
  const sessions = new Map<string, SessionData>();
  return {
    get: async (id) => structuredClone(sessions.get(id) ?? null),
    set: async (id, data) => void sessions.set(id, structuredClone(data)),
    destroy: async (id) => void sessions.delete(id),
    destroyAllForUser: async () => undefined,
    sweepExpired: async () => 0,
  };
}

describe('directJsonWriter', () => {
  let app: FastifyInstance;
  let baseUrl: string;
  /** How each /answer request was answered, in order: true = written straight to the socket. */
  let paths: boolean[];
  /** Status codes seen by the onResponse hook: the reply's lifecycle still ends as usual. */
  let responded: number[];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    app = Fastify();
    registerSecurityHeaders(app, {});
    await registerSessions(app, {
      store: mapStore(),
      secret: SECRET,
      secure: false,
      idleSeconds: 3_600,
      findUser: async () => null,
    });
    app.addHook('onResponse', async (request, reply) => {
      if (request.url.startsWith('/answer')) responded.push(reply.statusCode);
    });
    app.post('/login', async (request) => {
      await request.session.regenerate();
      request.session.userId = 7;
      request.session.touchedAt = Date.now();
      return { ok: true };
    });
    app.get<{ Querystring: { touch?: string; big?: string } }>(
      '/answer',
      async (request, reply) => {
        if (request.query.touch) request.session.touch();
        const json = request.query.big ? JSON.stringify({ pad: 'x'.repeat(gzipMinBytes) }) : ANSWER;
        const write = directJsonWriter(request, reply);
        // Like a held poll: the answer comes later, from elsewhere.
        await new Promise((resolve) => setTimeout(resolve, 5));
        const directly = write?.(json) ?? false;
        paths.push(directly);
        if (directly) {
          endWrittenAnswer(reply);
          return reply;
        }
        return sendJsonText(reply, json);
      },
    );
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    agent.destroy();
    await app.close();
  });
  beforeEach(() => {
    paths = [];
    responded = [];
  });

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    requestOverSocket(`${baseUrl}${path}`, { agent, headers, method });

  it('writes the complete answer itself on a keep-alive connection, which then serves the next request', async () => {
    const first = await get('/answer');
    expect(first.status).toBe(200);
    expect(first.body).toBe(ANSWER);
    expect(JSON.parse(first.body)).toEqual({ status: 'update', seatInfo: 'VIP석 A구역 3열 12번' });
    expect(first.headers['content-length']).toBe(String(Buffer.byteLength(ANSWER)));
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers.connection).toBe('keep-alive');
    expect(first.headers['keep-alive']).toBe(
      `timeout=${Math.floor(app.server.keepAliveTimeout / 1000)}`,
    );
    expect(new Date(first.headers.date ?? '').getTime()).toBeGreaterThan(Date.now() - 5_000);

    const second = await get('/answer');
    expect(second.reusedSocket).toBe(true);
    expect(second.localPort).toBe(first.localPort);
    expect(second.body).toBe(ANSWER);
    expect(paths).toEqual([true, true]);
    expect(responded).toEqual([200, 200]);
  });

  it('sends the same headers as the usual path (taken for Connection: close)', async () => {
    const direct = await get('/answer');
    const usual = await get('/answer', { connection: 'close' });
    expect(paths).toEqual([true, false]);
    expect(usual.body).toBe(direct.body);
    const comparable = (headers: http.IncomingHttpHeaders) => {
      const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
      return rest;
    };
    expect(comparable(direct.headers)).toEqual(comparable(usual.headers));
  });

  it('leaves a session that must be saved to the usual path, which sends its cookie', async () => {
    const login = await get('/login', {}, 'POST');
    const cookie = [login.headers['set-cookie'] ?? []].flat()[0]?.split(';')[0] ?? '';
    expect(cookie.startsWith(`${SESSION_COOKIE}=`)).toBe(true);

    const quiet = await get('/answer', { cookie });
    expect(quiet.headers['set-cookie']).toBeUndefined();
    const touched = await get('/answer?touch=1', { cookie });
    expect([touched.headers['set-cookie'] ?? []].flat()[0]).toMatch(/^cc_session=/);
    // A cookie naming no session must be cleared, which the usual path does.
    const unknown = await get('/answer', { cookie: `${SESSION_COOKIE}=forged` });
    expect([unknown.headers['set-cookie'] ?? []].flat()[0]).toMatch(/^cc_session=;/);
    expect(paths).toEqual([true, false, false]);
    expect(touched.body).toBe(ANSWER);
  });

  it('leaves HEAD, injected requests and bodies big enough to gzip to the usual path', async () => {
    const head = await get('/answer', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    const injected = await app.inject({ method: 'GET', url: '/answer' });
    expect(injected.body).toBe(ANSWER);
    const big = await get('/answer?big=1', { 'accept-encoding': 'gzip' });
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(paths).toEqual([false, false, false]);
  });

  it('answers pipelined requests in order, each complete', async () => {
    const url = new URL(baseUrl);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () => {
        const request = `GET /answer HTTP/1.1\r\nhost: ${url.host}\r\n\r\n`;
        socket.write(request + request + request);
      });
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
        if (received.split('HTTP/1.1 200 OK').length === 4 && received.endsWith(ANSWER)) {
          socket.end();
          resolve(received);
        }
      });
      socket.on('error', reject);
    });
    const answers = raw.split('HTTP/1.1 200 OK').slice(1);
    expect(answers).toHaveLength(3);
    for (const answer of answers) {
      const [head = '', body] = answer.split('\r\n\r\n');
      expect(body).toBe(ANSWER);
      expect(head.toLowerCase()).toContain(`content-length: ${Buffer.byteLength(ANSWER)}`);
    }
    expect(paths).toHaveLength(3);
    expect(paths[0]).toBe(true);
  });
});
