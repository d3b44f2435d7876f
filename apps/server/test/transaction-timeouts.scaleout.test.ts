import path from 'node:path';
import { errorMessages } from '@curtaincall/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConcert, createLoggedInUser } from './helpers/factories';
import { expectDatabaseInvariants, findInvariantViolations } from './helpers/invariants';
import { admit, holdSeats, type BuyerSession } from './helpers/paid-booking';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from './helpers/server-processes';
import { createTestContext, type TestContext } from './helpers/test-app';

/**
 * Issue 22, H1: a statement that times out inside a transaction must roll that transaction back
 * for certain. One session holds the concert row (`SELECT ... FOR UPDATE`, then 4 s of
 * pg_sleep) while 10 buyers book seats of that concert: the booking's INSERT waits for the row
 * (its foreign key check), every request answers 503 C012 — and afterwards no pooled connection
 * is left idle in a transaction, no booking exists without its payment and seats, nothing the
 * API answered as failed was committed, and another instance books the same seats at once.
 */
let ctx: TestContext;
let other: ServerProcess | null = null;
let concertId: number;
const buyers: Array<BuyerSession & { seatIds: number[] }> = [];

beforeAll(async () => {
  ctx = await createTestContext({
    env: { QUEUE_RATE_PER_MINUTE: '100000', SEAT_RATE_PER_MINUTE: '100000' },
  });
  const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  concertId = (await createConcert(ctx.database.db, { sellerId: seller.id, totalSeats: 20 })).id;
  for (let i = 0; i < 10; i += 1) {
    const session = await admit(
      ctx.app,
      concertId,
      await createLoggedInUser(ctx.app, ctx.database.db),
    );
    buyers.push({ ...session, seatIds: await holdSeats(ctx.app, concertId, session, 1) });
  }
  // The other instance: a real server process on the same PostgreSQL, Redis prefix and secret.
  other = await startServerProcess({
    DATABASE_URL: ctx.config.databaseUrl ?? '',
    REDIS_URL: process.env.TEST_REDIS_URL ?? '',
    REDIS_KEY_PREFIX: ctx.config.redisKeyPrefix,
    SESSION_SECRET: ctx.config.sessionSecret ?? '',
    DATA_DIR: path.join(ctx.config.dataDir, 'other'),
    WEB_DIST_DIR: path.join(ctx.config.dataDir, 'none'),
    DEMO_DATA: 'false',
  });
}, 120_000);

afterAll(async () => {
  if (other) await stopServerProcess(other);
  await ctx?.close();
});

function bookOn(buyer: (typeof buyers)[number]) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
    payload: { concertId, concertSeatIds: buyer.seatIds },
  });
}

/** Holds the concert row for `seconds` in a transaction of its own, then commits. */
async function holdConcertRow(seconds: number): Promise<{ done: Promise<void> }> {
  const client = new pg.Client({ connectionString: ctx.config.databaseUrl });
  await client.connect();
  await client.query('begin');
  await client.query('select id from concerts where id = $1 for update', [concertId]);
  const done = (async () => {
    try {
      await client.query('select pg_sleep($1)', [seconds]);
      await client.query('commit');
    } finally {
      await client.end();
    }
  })();
  return { done };
}

async function bookingsOfConcert(): Promise<number> {
  const client = new pg.Client({ connectionString: ctx.config.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from bookings where concert_id = $1',
      [concertId],
    );
    return rows[0]?.n ?? -1;
  } finally {
    await client.end();
  }
}

describe('a statement timeout storm inside booking transactions', () => {
  it('answers 503 C012, leaves no transaction open and no trace of the failed bookings', async () => {
    const holder = await holdConcertRow(4);
    const answers = await Promise.all(buyers.map((buyer) => bookOn(buyer)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({
        success: false,
        status: 503,
        code: 'C012',
        message: errorMessages.C012,
      });
    }
    await holder.done;
    // Time for anything the failed requests left running to finish and (wrongly) commit.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await findInvariantViolations(ctx.config.databaseUrl ?? '')).toEqual([]);
    expect(await bookingsOfConcert()).toBe(0);

    // The other instance is not blocked by anything the storm left: the same buyers book their
    // still-held seats there at once.
    const started = performance.now();
    const retried = await Promise.all(
      buyers.map((buyer) =>
        fetch(`${other?.url}/api/bookings`, {
          method: 'POST',
          headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ concertId, concertSeatIds: buyer.seatIds }),
        }),
      ),
    );
    expect(retried.map((response) => response.status)).toEqual(buyers.map(() => 201));
    expect(performance.now() - started).toBeLessThan(3_000);
    // And this instance's pool serves the next requests from clean connections.
    const me = await Promise.all(
      buyers.map((buyer) =>
        ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: buyer.cookie } }),
      ),
    );
    expect(me.map((response) => response.statusCode)).toEqual(buyers.map(() => 200));
    expect(await bookingsOfConcert()).toBe(10);
    await expectDatabaseInvariants(ctx.config.databaseUrl ?? '');
  }, 60_000);
});
