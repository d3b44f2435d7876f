import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { queueMessages } from '@curtaincall/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';

/**
 * The queue entry's fast lane (queue-entry-fast-lane.ts) answers before Fastify, so only a
 * listening server reaches it (app.inject() calls Fastify's handler directly). Each case sends
 * the same call over HTTP and, where it helps, through app.inject(): the lane must answer as the
 * usual route does, and hand over to it whatever is not its plain happy path.
 */
const METRICS_TOKEN = 'fast-lane-metrics-token-0123456789';
let ctx: TestContext;
let base: URL;
let onSale: number;
let scheduled: number;
type User = Awaited<ReturnType<typeof createLoggedInUser>>;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { QUEUE_CAPACITY: '1', QUEUE_RATE_PER_MINUTE: '5', METRICS_TOKEN },
  });
  const db = ctx.database.db;
  const seller = await createLoggedInUser(ctx.app, db, 'ROLE_SELLER');
  onSale = (await createConcert(db, { sellerId: seller.id, totalSeats: 12 })).id;
  scheduled = (await createConcert(db, { sellerId: seller.id, status: 'SCHEDULED' })).id;
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = new URL(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`);
});
afterAll(async () => ctx?.close());
afterEach(() => {
  vi.restoreAllMocks();
  ctx.app.draining = false;
});

const newUser = () => createLoggedInUser(ctx.app, ctx.database.db);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request over a fresh connection, as a browser sends the entry (no body). */
function send(path: string, headers: Record<string, string> = {}, body = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(path, base), { method: 'POST', headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

const enter = (user: User | null, concertId = onSale, headers: Record<string, string> = {}) =>
  send(`/api/queue/enter?concertId=${concertId}`, {
    ...(user ? { cookie: user.cookie } : {}),
    ...headers,
  });

/** The headers node adds to every answer and those whose values differ per answer. */
const perAnswer = new Set(['date', 'content-length', 'connection', 'keep-alive']);
function stableHeaders(headers: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => !perAnswer.has(name))
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

describe('queue entry fast lane', () => {
  it('answers a logged-in fan itself, with the usual route’s status, headers and body', async () => {
    const [first, second, third] = [await newUser(), await newUser(), await newUser()];
    const before = ctx.app.queueEntryLane.answered();

    const lane = await enter(first);
    expect(lane.status).toBe(200);
    expect(JSON.parse(lane.body)).toEqual({
      success: true,
      data: {
        status: 'IMMEDIATE_ENTRY',
        accessKey: expect.any(String),
        message: expect.any(String),
      },
    });
    const waiting = await enter(second);
    expect(JSON.parse(waiting.body)).toEqual({
      success: true,
      data: {
        status: 'WAITING',
        rank: 1,
        etaSeconds: expect.any(Number),
        message: queueMessages.waiting(1),
      },
    });
    expect(ctx.app.queueEntryLane.answered()).toBe(before + 2);
    expect(Number(lane.headers['content-length'])).toBe(Buffer.byteLength(lane.body));
    expect(lane.headers.connection).toBe('keep-alive');

    // The same call through Fastify (inject never takes the lane): the same answer.
    const usual = await ctx.app.inject({
      method: 'POST',
      url: `/api/queue/enter?concertId=${onSale}`,
      headers: { cookie: third.cookie },
    });
    expect(usual.statusCode).toBe(200);
    expect(JSON.parse(usual.body)).toMatchObject({ success: true, data: { status: 'WAITING' } });
    expect(Object.keys(JSON.parse(waiting.body).data)).toEqual(
      Object.keys(JSON.parse(usual.body).data),
    );
    expect(stableHeaders(lane.headers)).toEqual(stableHeaders(usual.headers));
    expect(lane.headers['content-security-policy']).toContain("default-src 'self'");

    // One entry each: entering again is idempotent, whichever way it went.
    const again = await enter(second);
    expect(JSON.parse(again.body).data.rank).toBe(1);
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/queue/status?concertId=${onSale}`,
      headers: { cookie: second.cookie },
    });
    expect(status.json().data).toMatchObject({ status: 'WAITING', rank: 1 });
  });

  it('hands a refused entry to the usual route: one entry, one count, the route’s envelope', async () => {
    const fan = await newUser();
    const before = ctx.app.queueEntryLane.answered();
    // Not on sale: 409 B001 from the service, reported by the route and error handler.
    const closed = await enter(fan, scheduled);
    expect(closed.status).toBe(409);
    expect(JSON.parse(closed.body)).toMatchObject({
      success: false,
      code: 'B001',
      message: '현재 예매 가능한 공연이 아닙니다.',
    });
    expect(closed.headers['x-content-type-options']).toBe('nosniff');
    // The limit is 5 a minute and the refused call counted once: four more pass, the next is 429.
    // (Every call here comes from 127.0.0.1, whose limit is 4 × 5: the file stays under it.)
    for (let call = 0; call < 4; call += 1) expect((await enter(fan)).status).toBe(200);
    const limited = await enter(fan);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body)).toMatchObject({ success: false, code: 'Q004' });
    expect(ctx.app.queueEntryLane.answered()).toBe(before + 4);
  });

  it('leaves to the usual route what is not its plain path, untouched', async () => {
    const fan = await newUser();
    const before = ctx.app.queueEntryLane.answered();

    const anonymous = await enter(null);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.body).code).toBe('A006');

    // A forged cookie: 401, and the cookie is cleared as on any route.
    const forged = await enter(null, onSale, { cookie: 'cc_session=forged.signature' });
    expect(forged.status).toBe(401);
    expect(String(forged.headers['set-cookie'])).toMatch(/^cc_session=;/);

    const foreign = await enter(fan, onSale, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).code).toBe('C009');

    const badQuery = await send('/api/queue/enter?concertId=0', { cookie: fan.cookie });
    expect(badQuery.status).toBe(400);
    const extra = await send(`/api/queue/enter?concertId=${onSale}&concertId=${scheduled}`, {
      cookie: fan.cookie,
    });
    expect(extra.status).toBe(400);

    const form = await send(
      `/api/queue/enter?concertId=${onSale}`,
      { cookie: fan.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      'a=1',
    );
    expect(form.status).toBe(415);

    expect(ctx.app.queueEntryLane.answered()).toBe(before);
  });

  it('leaves the sliding-expiry refresh to the usual route (new cookie)', async () => {
    // A login six minutes ago by the clock the sliding expiry reads (a refresh is due after
    // five). Logged in through inject, so node:http's own timers never see the moved clock.
    const sixMinutesAgo = Date.now() - 6 * 60 * 1000;
    vi.spyOn(Date, 'now').mockReturnValue(sixMinutesAgo);
    const fan = await newUser();
    vi.restoreAllMocks();
    const before = ctx.app.queueEntryLane.answered();
    const refreshed = await enter(fan);
    expect(refreshed.status).toBe(200);
    expect(String(refreshed.headers['set-cookie'])).toMatch(/^cc_session=/);
    expect(ctx.app.queueEntryLane.answered()).toBe(before);
    // Refreshed: the next entry is the lane's again.
    const cookie = String(refreshed.headers['set-cookie']).split(';')[0] ?? '';
    expect((await enter(null, onSale, { cookie })).status).toBe(200);
    expect(ctx.app.queueEntryLane.answered()).toBe(before + 1);
  });

  it('refuses a session that ended after the lane last read it (logout anywhere)', async () => {
    const fan = await newUser();
    expect((await enter(fan)).status).toBe(200);
    // Scale-out: the lane remembers this session now; the logout deletes it from Redis, as a
    // logout on another instance would.
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: fan.cookie },
    });
    expect(logout.statusCode).toBe(200);
    const before = ctx.app.queueEntryLane.answered();
    const after = await enter(fan);
    expect(after.status).toBe(401);
    expect(JSON.parse(after.body).code).toBe('A006');
    expect(ctx.app.queueEntryLane.answered()).toBe(before);
  });

  it('closes the connection after its answer once the server is stopping', async () => {
    const fan = await newUser();
    ctx.app.draining = true;
    const answer = await enter(fan);
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('close');
  });

  it('keeps pipelined answers in order, the lane’s and Fastify’s mixed', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const before = ctx.app.queueEntryLane.answered();
    const request = (cookie: string | null) =>
      `POST /api/queue/enter?concertId=${onSale} HTTP/1.1\r\nHost: ${base.host}\r\n` +
      `${cookie ? `Cookie: ${cookie}\r\n` : ''}Content-Length: 0\r\n\r\n`;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(base.port), base.hostname);
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        text += chunk;
        if ((text.match(/HTTP\/1\.1 /g) ?? []).length === 3 && text.trimEnd().endsWith('}')) {
          socket.end();
          resolve(text);
        }
      });
      socket.on('error', reject);
      socket.write(request(a.cookie) + request(null) + request(b.cookie));
    });
    const statuses = [...raw.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1]);
    expect(statuses).toEqual(['200', '401', '200']);
    expect(ctx.app.queueEntryLane.answered()).toBe(before + 2);
  });

  it('times its answers into the HTTP histogram like the usual route', async () => {
    const fan = await newUser();
    const count = async () => {
      const metrics = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const line = metrics.body
        .split('\n')
        .find(
          (text) =>
            text.startsWith('curtaincall_http_request_duration_seconds_count') &&
            text.includes('route="/api/queue/enter"') &&
            text.includes('status_class="2xx"'),
        );
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const before = await count();
    expect((await enter(fan)).status).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});
