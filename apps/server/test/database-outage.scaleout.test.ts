import { createServer, connect, type Server, type Socket } from 'node:net';
import { errorMessages } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from './helpers/factories';
import { expectDatabaseInvariants } from './helpers/invariants';
import { createTestContext, type TestContext } from './helpers/test-app';

/**
 * PostgreSQL reached through a TCP proxy of this file's own, which can stall (accept, forward
 * nothing: a frozen server or a dead network path) and cut (refuse and reset: a stopped server).
 * Requests that need the database answer 503 within 2 s either way, and the app recovers by
 * itself once the proxy forwards again.
 */
const upstream = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test');

function createProxy() {
  let mode: 'forward' | 'stall' | 'cut' = 'forward';
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  };
  const onConnection = (client: Socket) => {
    track(client);
    if (mode !== 'forward') return; // stalled: accepted, never answered
    const server = connect(Number(upstream.port || 5432), upstream.hostname);
    track(server);
    client.on('data', (chunk) => mode === 'forward' && server.write(chunk));
    server.on('data', (chunk) => mode === 'forward' && client.write(chunk));
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());
  };
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer(onConnection);
      server.listen(port, '127.0.0.1', () => {
        const address = server?.address();
        if (typeof address === 'object' && address) port = address.port;
        resolve();
      });
    });
  const resetAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    listen,
    get port() {
      return port;
    },
    stall() {
      mode = 'stall';
    },
    async cut() {
      mode = 'cut';
      // close() resolves once every connection has ended, so they are reset first.
      const closed = new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
      resetAll();
      await closed;
    },
    /** Forwards again, on fresh connections only (a stalled one has lost bytes). */
    async restore() {
      if (mode === 'cut') await listen();
      resetAll();
      mode = 'forward';
    },
    async close() {
      const closed = new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
      resetAll();
      await closed;
    },
  };
}

/** The test's database on the real server, not through the proxy (the checks go around it). */
function upstreamUrlOf(context: TestContext): string {
  const url = new URL(context.config.databaseUrl ?? '');
  url.hostname = upstream.hostname;
  url.port = upstream.port || '5432';
  return url.toString();
}

let proxy: ReturnType<typeof createProxy>;
let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  proxy = createProxy();
  await proxy.listen();
  ctx = await createTestContext({
    configure: (config) => {
      if (!config.databaseUrl) throw new Error('scale-out only');
      const url = new URL(config.databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      return { ...config, databaseUrl: url.toString() };
    },
  });
  cookie = (await createLoggedInUser(ctx.app, ctx.database.db)).cookie;
}, 120_000);

afterAll(async () => {
  await proxy?.restore();
  await ctx?.close();
  await proxy?.close();
});

const me = () => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
const health = () => ctx.app.inject({ method: 'GET', url: '/api/health' });
const live = () => ctx.app.inject({ method: 'GET', url: '/api/health/live' });

async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await call();
  return { result, ms: performance.now() - started };
}

async function recovers(): Promise<void> {
  const deadline = Date.now() + 5_000;
  while ((await health()).statusCode !== 200) {
    if (Date.now() > deadline) throw new Error('health did not recover');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const back = await me();
  expect(back.statusCode).toBe(200);
  expect(back.json()).toMatchObject({ role: 'ROLE_USER' });
}

describe.each(['stall', 'cut'] as const)('PostgreSQL unreachable (%s)', (how) => {
  it('answers 503 within 2 s, health 503 and liveness 200; recovers by itself', async () => {
    expect((await me()).statusCode).toBe(200);
    if (how === 'stall') proxy.stall();
    else await proxy.cut();

    // Fewer than the pool holds: each waits for one time limit, not for others' turns.
    const calls = await Promise.all(Array.from({ length: 8 }, () => timed(me)));
    for (const { result, ms } of calls) {
      expect(ms).toBeLessThan(2_000);
      expect(result.statusCode).toBe(503);
      expect(result.json()).toEqual({
        success: false,
        status: 503,
        code: 'C012',
        message: errorMessages.C012,
      });
    }
    const down = await timed(health);
    expect(down.ms).toBeLessThan(2_000);
    expect(down.result.statusCode).toBe(503);
    expect(down.result.json()).toMatchObject({
      code: 'C012',
      data: { status: 'down', database: { status: 'down' }, redis: { status: 'up' } },
    });
    expect((await live()).statusCode).toBe(200);

    await proxy.restore();
    await recovers();
    // Nothing the outage cut off was left half-done, and no connection stayed in a transaction.
    await expectDatabaseInvariants(upstreamUrlOf(ctx));
  }, 60_000);
});
