import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { errorMessages } from '@curtaincall/contracts';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisEventBus } from '../src/adapters/event-bus/redis-event-bus';
import { openRedis } from '../src/adapters/redis/redis-client';
import { concertSeats } from '../src/db/schema/index';
import { createConcert, createLoggedInUser, login } from './helpers/factories';
import { expectDatabaseInvariants } from './helpers/invariants';
import { createTestContext, type TestContext } from './helpers/test-app';

/**
 * Redis dies (SIGKILL) in the middle of a burst of logins, seat holds, queue entries and health
 * checks, on a redis-server of this file's own: every answer comes within 2 s, as a 503 envelope
 * once Redis is gone; readiness says 503 and liveness 200; when Redis is back on the same port the
 * app recovers by itself, and the seats in the database are consistent with what was answered.
 */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** Polls (real time: reconnecting is the drivers' own timers) until `check` holds. */
async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let redisPort: number;
let redisServer: ChildProcess | null = null;

async function startRedis(): Promise<void> {
  const child = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  redisServer = child;
  await waitFor(async () => {
    const probe = new Redis(redisPort, '127.0.0.1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } finally {
      probe.disconnect();
    }
  }, 10_000);
}

async function killRedis(): Promise<void> {
  const child = redisServer;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  redisServer = null;
}

let ctx: TestContext;
let concertId: number;
const totalSeats = 30;
type Buyer = Awaited<ReturnType<typeof createLoggedInUser>> & { key: string };
let buyers: Buyer[] = [];

async function enterQueue(cookie: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/queue/enter?concertId=${concertId}`,
    headers: { cookie },
  });
}

async function admit(buyer: Buyer): Promise<Buyer> {
  const cookie = await login(ctx.app, buyer.username, buyer.password);
  const entry = await enterQueue(cookie);
  const key: unknown = entry.json().data?.accessKey;
  if (typeof key !== 'string') throw new Error(`not admitted: ${entry.body}`);
  return { ...buyer, cookie, key };
}

function holdSeat(buyer: Buyer, seatId: number) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/seats/concerts/${concertId}/seats/${seatId}/reserve`,
    headers: { cookie: buyer.cookie, 'x-access-key': buyer.key },
  });
}

const health = () => ctx.app.inject({ method: 'GET', url: '/api/health' });
const live = () => ctx.app.inject({ method: 'GET', url: '/api/health/live' });

let seatIds: number[] = [];

beforeAll(async () => {
  redisPort = await freePort();
  await startRedis();
  ctx = await createTestContext({ env: { REDIS_URL: `redis://127.0.0.1:${redisPort}` } });
  const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  concertId = (await createConcert(ctx.database.db, { sellerId: seller.id, totalSeats })).id;
  const rows = await ctx.database.db
    .select({ id: concertSeats.id })
    .from(concertSeats)
    .where(eq(concertSeats.concertId, concertId))
    .orderBy(concertSeats.id);
  seatIds = rows.map((row) => row.id);
  for (let i = 0; i < 6; i += 1) {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    buyers.push(await admit({ ...user, key: '' }));
  }
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await killRedis();
});

type Kind = 'login' | 'hold' | 'queue' | 'health' | 'live';
interface Outcome {
  kind: Kind;
  startedAt: number;
  ms: number;
  status: number;
  body: Record<string, unknown>;
  buyer: number;
  seatId: number;
}

/** Runs `workers` loops of mixed requests until `until` resolves; records every answer. */
async function burst(
  outcomes: Outcome[],
  until: Promise<unknown>,
  workers: number,
): Promise<Outcome[]> {
  let stop = false;
  void until.then(() => {
    stop = true;
  });
  const kinds: Kind[] = ['login', 'hold', 'queue', 'health', 'live', 'hold'];
  let sequence = 0;
  const worker = async () => {
    while (!stop) {
      sequence += 1;
      const kind = kinds[sequence % kinds.length] ?? 'live';
      const b = sequence % buyers.length;
      const buyer = buyers[b];
      if (!buyer) throw new Error('no buyer');
      // Neighbouring buyers aim at the same seats, so holds also collide.
      const seatId = seatIds[Math.floor(sequence / 3) % seatIds.length] ?? 0;
      const startedAt = performance.now();
      const response =
        kind === 'login'
          ? await ctx.app.inject({
              method: 'POST',
              url: '/api/auth/login',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: new URLSearchParams({
                username: buyer.username,
                password: buyer.password,
              }).toString(),
            })
          : kind === 'hold'
            ? await holdSeat(buyer, seatId)
            : kind === 'queue'
              ? await enterQueue(buyer.cookie)
              : kind === 'health'
                ? await health()
                : await live();
      outcomes.push({
        kind,
        startedAt,
        ms: performance.now() - startedAt,
        status: response.statusCode,
        body: response.json(),
        buyer: b,
        seatId,
      });
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return outcomes;
}

const unavailable = {
  success: false,
  status: 503,
  code: 'C012',
  message: errorMessages.C012,
};

describe('Redis killed during a burst, then back on the same port', () => {
  it('answers fast with 503 while it is gone, and recovers by itself', async () => {
    let killingAt = 0;
    let killedAt = 0;
    const outcomes: Outcome[] = [];
    const outage = (async () => {
      // Mid-burst: once a good number of answers came (logins are slow on a busy machine).
      await waitFor(async () => outcomes.length >= 20, 30_000);
      killingAt = performance.now();
      await killRedis();
      killedAt = performance.now();
      // Long enough for every kind of request to meet the dead Redis several times.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
    })();
    await burst(outcomes, outage, 6);

    const before = outcomes.filter((o) => killingAt > 0 && o.startedAt + o.ms < killingAt);
    const after = outcomes.filter((o) => o.startedAt > killedAt + 300);
    expect(before.length).toBeGreaterThan(10);
    expect(after.length).toBeGreaterThan(10);
    // No answer that met the outage took long (earlier ones only measure how busy the machine
    // is), none was a server error other than the 503 envelope.
    const metOutage = outcomes.filter((o) => o.startedAt + o.ms >= killingAt);
    expect(Math.max(...metOutage.map((o) => o.ms))).toBeLessThan(2_000);
    for (const o of outcomes) {
      if (o.status >= 500) expect(o.body).toMatchObject(unavailable);
    }
    expect(before.filter((o) => o.status >= 500)).toEqual([]);
    // Once Redis is gone every call that needs it is refused at once, liveness still answers.
    for (const o of after) {
      if (o.kind === 'live') expect(o.status).toBe(200);
      else
        expect({ kind: o.kind, status: o.status, body: o.body }).toMatchObject({
          status: 503,
          body: o.kind === 'health' ? { ...unavailable, data: { status: 'down' } } : unavailable,
        });
    }

    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      ...unavailable,
      data: {
        status: 'down',
        mode: 'scale-out',
        database: { status: 'up' },
        redis: { status: 'down' },
      },
    });
    expect((await live()).statusCode).toBe(200);

    // Back on the same port: health turns 200 without any help.
    await startRedis();
    await waitFor(async () => (await health()).statusCode === 200, 5_000);
    expect((await health()).json()).toMatchObject({
      success: true,
      data: { status: 'up', redis: { status: 'up' } },
    });

    // The restarted Redis kept nothing (no persistence): sessions and access keys start over.
    buyers = await Promise.all(buyers.map((buyer) => admit(buyer)));

    // Every hold answered 200 is in the database as that buyer's; no seat went to two buyers.
    const rows = await ctx.database.db
      .select({
        id: concertSeats.id,
        status: concertSeats.status,
        heldBy: concertSeats.heldByUserId,
      })
      .from(concertSeats)
      .where(eq(concertSeats.concertId, concertId));
    const bySeat = new Map(rows.map((row) => [row.id, row]));
    const granted = outcomes.filter((o) => o.kind === 'hold' && o.status === 200);
    expect(granted.length).toBeGreaterThan(0);
    for (const o of granted) {
      expect(bySeat.get(o.seatId)).toMatchObject({
        status: 'RESERVED',
        heldBy: buyers[o.buyer]?.id,
      });
    }
    const reserved = rows.filter((row) => row.status === 'RESERVED');
    for (const buyer of buyers) {
      expect(reserved.filter((row) => row.heldBy === buyer.id).length).toBeLessThanOrEqual(2);
    }
    expect(reserved.every((row) => row.heldBy !== null)).toBe(true);

    // Holds made before the outage still count: the summary agrees with the rows, and a buyer
    // with two holds is refused a third, one with fewer gets a free seat.
    const summary = await ctx.app.inject({
      method: 'GET',
      url: `/api/seats/concerts/${concertId}/summary`,
      headers: { cookie: buyers[0]?.cookie ?? '', 'x-access-key': buyers[0]?.key ?? '' },
    });
    expect(summary.statusCode).toBe(200);
    const sections: Array<{ available: number }> = summary.json().data.sections;
    expect(sections.reduce((sum, s) => sum + s.available, 0)).toBe(totalSeats - reserved.length);
    const free = rows.filter((row) => row.status === 'AVAILABLE').map((row) => row.id);
    for (const buyer of buyers) {
      const mine = reserved.filter((row) => row.heldBy === buyer.id).length;
      const seatId = free.shift();
      if (seatId === undefined) break;
      const response = await holdSeat(buyer, seatId);
      if (mine >= 2) {
        expect(response.json()).toMatchObject({ code: 'B012' });
        free.unshift(seatId);
      } else {
        expect(response.statusCode).toBe(200);
        const [row] = await ctx.database.db
          .select({ heldBy: concertSeats.heldByUserId })
          .from(concertSeats)
          .where(and(eq(concertSeats.id, seatId), eq(concertSeats.status, 'RESERVED')));
        expect(row?.heldBy).toBe(buyer.id);
      }
    }
    await expectDatabaseInvariants(ctx.config.databaseUrl ?? '');
  }, 60_000);
});

describe('the Redis event bus across a Redis restart', () => {
  it('subscribes again after reconnecting and delivers to the same handler', async () => {
    const url = `redis://127.0.0.1:${redisPort}`;
    const prefix = `cctest:${randomBytes(4).toString('hex')}:`;
    if (!redisServer) await startRedis();
    const [a, b] = [await openRedis(url), await openRedis(url)];
    const [busA, busB] = [
      await createRedisEventBus(a, prefix),
      await createRedisEventBus(b, prefix),
    ];
    try {
      const seen: unknown[] = [];
      await busB.subscribe('seats:1', (message) => seen.push(message));
      await busA.publish('seats:1', { n: 1 });
      await waitFor(async () => seen.length === 1, 2_000);

      await killRedis();
      // While Redis is gone, publishing fails fast instead of queueing.
      const started = performance.now();
      await expect(busA.publish('seats:1', { n: 2 })).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(500);
      // So does a new subscription, which is then not taken for a live one.
      const late: unknown[] = [];
      await expect(busB.subscribe('seats:2', (message) => late.push(message))).rejects.toThrow();
      await startRedis();

      // The subscription made before the restart delivers again, without a new subscribe call.
      await waitFor(async () => {
        await busA.publish('seats:1', { n: 3 });
        return seen.length > 1;
      }, 5_000);
      expect(seen.at(-1)).toEqual({ n: 3 });
      // Subscribing to the channel whose SUBSCRIBE failed works now.
      await waitFor(async () => {
        await busB.subscribe('seats:2', (message) => late.push(message));
        return true;
      }, 5_000);
      await busA.publish('seats:2', { n: 4 });
      await waitFor(async () => late.length > 0, 2_000);
      expect(late).toEqual([{ n: 4 }]);
    } finally {
      await busA.close();
      await busB.close();
      a.disconnect();
      b.disconnect();
    }
  }, 30_000);
});
