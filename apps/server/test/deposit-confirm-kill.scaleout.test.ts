import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BookingCreated, SeatEntry } from '@curtaincall/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConcert, createLoggedInUser } from './helpers/factories';
import {
  FAKE_TOSS_SECRET_KEY,
  startFakeTossServer,
  type FakeTossDelivery,
  type FakeTossServer,
} from './helpers/fake-toss-server';
import { expectDatabaseInvariants } from './helpers/invariants';
import {
  freePort,
  startServerProcess,
  stopServerProcess,
  waitFor,
  type ServerProcess,
} from './helpers/server-processes';
import { createTestContext, type TestContext } from './helpers/test-app';

/**
 * Issue 28, "kill -9 during a deposit confirm leaves exactly one confirmation": a real server
 * process (PAYMENT_PROVIDER=toss, against the fake Toss server) issues a 가상계좌 to a buyer who
 * booked through its API; the fake bank takes the deposit and posts Toss's DEPOSIT_CALLBACK to
 * the process, and the process is killed with SIGKILL at one of three moments of its confirm:
 *
 * 1. while it asks Toss for the payment (the fake holds the `GET /v1/payments/{key}` answer);
 * 2. inside the confirm transaction (the test holds the booking's row lock, so the process's
 *    `lockBooking` waits, its transaction open, when the kill lands);
 * 3. after the confirm committed, before the webhook is answered (the test holds a lock on
 *    payment_notices, so the process's audit insert waits after the commit).
 *
 * The kill always lands before the webhook is answered (the fake's delivery fails), so Toss
 * sends the callback again; the process is restarted on the same address and the fake resends
 * it (twice). Each time: the booking CONFIRMED once, one DONE payment, its seat BOOKED to it,
 * one 예매 확정 notice, nothing refunded at Toss, and the database invariants hold.
 */
const SECRET = `deposit-kill-secret-${randomBytes(16).toString('hex')}`;
/** A blocked statement is cancelled after the pool's statement timeout (1 s): kill well before. */
const POLL_MS = 10;

let toss: FakeTossServer;
let ctx: TestContext;
let server: ServerProcess;
let serverEnv: Record<string, string>;
let port: number;
let seller: Awaited<ReturnType<typeof createLoggedInUser>>;
let concertId: number;
const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-deposit-kill-'));

beforeAll(async () => {
  toss = await startFakeTossServer({ secretKey: FAKE_TOSS_SECRET_KEY });
  const tossEnv = {
    PAYMENT_PROVIDER: 'toss',
    TOSS_CLIENT_KEY: 'test_ck_curtaincall_fake_0001',
    TOSS_SECRET_KEY: FAKE_TOSS_SECRET_KEY,
    TOSS_API_BASE_URL: toss.baseUrl,
  };
  // In-process app on the same database and Redis prefix (no jobs): signs buyers up and in.
  ctx = await createTestContext({
    env: {
      ...tossEnv,
      SESSION_SECRET: SECRET,
      QUEUE_RATE_PER_MINUTE: '100000',
      SEAT_RATE_PER_MINUTE: '100000',
    },
  });
  port = await freePort();
  serverEnv = {
    ...tossEnv,
    DATABASE_URL: ctx.config.databaseUrl ?? '',
    REDIS_URL: ctx.config.redisUrl ?? '',
    REDIS_KEY_PREFIX: ctx.config.redisKeyPrefix,
    SESSION_SECRET: SECRET,
    DEMO_DATA: 'false',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    // Toss posts the DEPOSIT_CALLBACK to the callback URL the process gave at issue: itself.
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    QUEUE_RATE_PER_MINUTE: '100000',
    SEAT_RATE_PER_MINUTE: '100000',
  };
  server = await startServerProcess(serverEnv, port);
  seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  ({ id: concertId } = await createConcert(ctx.database.db, {
    sellerId: seller.id,
    totalSeats: 10,
    maxTicketsPerUser: 4,
  }));
}, 180_000);

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    await stopServerProcess(server);
  }
  await ctx?.close();
  await toss?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: ctx.config.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A request to the server process, answered as status and parsed body. */
async function call(
  method: string,
  url: string,
  cookie: string,
  extra: { accessKey?: string; body?: unknown } = {},
): Promise<{ status: number; body: { data?: unknown } & Record<string, unknown> }> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      cookie,
      ...(extra.accessKey ? { 'x-access-key': extra.accessKey } : {}),
      ...(extra.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: extra.body === undefined ? undefined : JSON.stringify(extra.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A buyer books one seat with a 가상계좌 through the process's API (waiting room, hold, book). */
async function bookVirtualAccount() {
  const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
  const entry = await call('POST', `/api/queue/enter?concertId=${concertId}`, buyer.cookie);
  expect(entry.status, JSON.stringify(entry.body)).toBe(200);
  const { accessKey } = entry.body.data as { accessKey: string };
  const seats = await call('GET', `/api/seats/concerts/${concertId}/status`, buyer.cookie, {
    accessKey,
  });
  const seat = (seats.body.data as SeatEntry[]).find((s) => s.status === 'AVAILABLE');
  if (!seat) throw new Error('no free seat left');
  const hold = await call(
    'POST',
    `/api/seats/concerts/${concertId}/seats/${seat.seatId}/reserve`,
    buyer.cookie,
    { accessKey },
  );
  expect(hold.status, JSON.stringify(hold.body)).toBe(200);
  const booked = await call('POST', '/api/bookings', buyer.cookie, {
    body: {
      concertId,
      concertSeatIds: [seat.seatId],
      payment: { method: 'VIRTUAL_ACCOUNT', bank: '20' },
    },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const created = booked.body.data as BookingCreated;
  expect(created.virtualAccount?.accountNumber).toBe(
    toss.virtualAccount(created.orderId)?.accountNumber,
  );
  const [row] = await query<{ id: number; status: string }>(
    'select id, status from bookings where booking_number = $1',
    [created.bookingNumber],
  );
  expect(row?.status).toBe('AWAITING_DEPOSIT');
  return { buyer, seatId: seat.seatId, created, bookingId: Number(row?.id) };
}

/** The deposit's callback as it goes out; settles with the answer or with the failure. */
function deliver(send: () => Promise<FakeTossDelivery>) {
  return send().then(
    (answer) => ({ answered: true as const, answer }),
    (error: unknown) => ({ answered: false as const, error: String(error) }),
  );
}

/** Polls until `check` is true, every POLL_MS (the kill must land inside a 1 s window). */
async function soon(what: string, check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Backends of this database waiting for a lock, on a statement that mentions `table`. */
function lockWaiters(watcher: pg.Client, table: string): Promise<number> {
  return watcher
    .query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and wait_event_type = 'Lock' and query ilike $1`,
      [`%${table}%`],
    )
    .then((result) => result.rows[0]?.n ?? 0);
}

async function kill(): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

async function restart(): Promise<void> {
  server = await startServerProcess(serverEnv, port);
}

async function stateOf(bookingId: number) {
  const [booking] = await query<{ status: string; confirmed_at: Date | null }>(
    'select status, confirmed_at from bookings where id = $1',
    [bookingId],
  );
  const payments = await query<{ status: string; approved_at: Date | null }>(
    'select status, approved_at from payments where booking_id = $1 order by id',
    [bookingId],
  );
  const seats = await query<{ status: string; booking_id: number | null }>(
    `select s.status, s.booking_id from tickets t join concert_seats s on s.id = t.concert_seat_id
      where t.booking_id = $1`,
    [bookingId],
  );
  return { booking, payments, seats };
}

/** Exactly one confirmation of the booking, in our books and at Toss. */
async function expectConfirmedOnce(
  booking: Awaited<ReturnType<typeof bookVirtualAccount>>,
): Promise<void> {
  const state = await stateOf(booking.bookingId);
  expect(state.booking?.status).toBe('CONFIRMED');
  expect(state.booking?.confirmed_at).not.toBeNull();
  expect(state.payments).toHaveLength(1);
  expect(state.payments[0]?.status).toBe('DONE');
  expect(state.seats).toEqual([{ status: 'BOOKED', booking_id: booking.bookingId }]);
  const [notices] = await query<{ n: number }>(
    `select count(*)::int as n from user_notifications
      where user_id = $1 and kind = 'BOOKING_CONFIRMED'`,
    [booking.buyer.id],
  );
  expect(notices?.n).toBe(1);
  const paymentKey = toss.virtualAccount(booking.created.orderId)?.paymentKey ?? '';
  expect(toss.payment(paymentKey)?.status).toBe('DONE');
  expect(toss.refunds.filter((refund) => refund.paymentKey === paymentKey)).toEqual([]);
  const detail = await call(
    'GET',
    `/api/mypage/bookingDetail/${booking.created.bookingNumber}`,
    booking.buyer.cookie,
  );
  expect(detail.status).toBe(200);
  expect((detail.body.data as { bookingStatus: string }).bookingStatus).toBe('CONFIRMED');
}

/** Toss sends the callback again (twice) to the restarted process: settled, then unchanged. */
async function resendTwice(orderId: string): Promise<string[]> {
  const outcomes: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const answer = await toss.resendDepositCallback(orderId);
    expect(answer.status, answer.body).toBe(200);
    outcomes.push((JSON.parse(answer.body) as { data: { outcome: string } }).data.outcome);
  }
  return outcomes;
}

describe('kill -9 during a deposit confirm', () => {
  it('while the process asks Toss for the payment: nothing is kept, the resend confirms once', async () => {
    const booking = await bookVirtualAccount();
    const paymentKey = toss.virtualAccount(booking.created.orderId)?.paymentKey ?? '';
    const lookupPath = `/v1/payments/${encodeURIComponent(paymentKey)}`;
    const requestsBefore = toss.requests.length;
    // The next request Toss gets (the process's lookup) is never answered.
    toss.setNext({ kind: 'hang' });
    const delivery = deliver(() => toss.deposit(booking.created.orderId));
    await soon('the lookup at Toss', () =>
      toss.requests.slice(requestsBefore).some((r) => r.method === 'GET' && r.path === lookupPath),
    );
    await kill();
    const cut = await delivery;
    expect(cut.answered, JSON.stringify(cut)).toBe(false);
    // Killed before anything was decided: the order still waits (Toss already says DONE).
    expect((await stateOf(booking.bookingId)).booking?.status).toBe('AWAITING_DEPOSIT');

    await restart();
    expect(await resendTwice(booking.created.orderId)).toEqual([
      'confirmed',
      'ignored:settled:DONE',
    ]);
    await expectConfirmedOnce(booking);
    await expectDatabaseInvariants(ctx.config.databaseUrl ?? '');
  }, 120_000);

  it('inside the confirm transaction: it rolls back, the resend confirms once', async () => {
    const booking = await bookVirtualAccount();
    const holder = new pg.Client({ connectionString: ctx.config.databaseUrl });
    const watcher = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await holder.connect();
    await watcher.connect();
    try {
      // The test holds the booking's row: the process's confirm transaction waits in lockBooking.
      await holder.query('begin');
      await holder.query('select id from bookings where id = $1 for update', [booking.bookingId]);
      const delivery = deliver(() => toss.deposit(booking.created.orderId));
      await soon('the confirm waiting for the booking row', async () => {
        return (await lockWaiters(watcher, 'from bookings where id')) > 0;
      });
      await kill();
      await holder.query('rollback');
      const cut = await delivery;
      expect(cut.answered, JSON.stringify(cut)).toBe(false);
      // The killed process's transaction never commits: its backend goes once it sees the
      // connection gone (or its statement times out).
      await waitFor(
        'the killed transaction to end',
        async () => (await lockWaiters(watcher, 'from bookings where id')) === 0,
        10_000,
      );
      expect((await stateOf(booking.bookingId)).booking?.status).toBe('AWAITING_DEPOSIT');
    } finally {
      await holder.end();
      await watcher.end();
    }

    await restart();
    expect(await resendTwice(booking.created.orderId)).toEqual([
      'confirmed',
      'ignored:settled:DONE',
    ]);
    await expectConfirmedOnce(booking);
    await expectDatabaseInvariants(ctx.config.databaseUrl ?? '');
  }, 120_000);

  it('after the commit, before the answer: the resend changes nothing', async () => {
    const booking = await bookVirtualAccount();
    const holder = new pg.Client({ connectionString: ctx.config.databaseUrl });
    const watcher = new pg.Client({ connectionString: ctx.config.databaseUrl });
    await holder.connect();
    await watcher.connect();
    let before: Awaited<ReturnType<typeof stateOf>>;
    try {
      // The notice's audit row is written after the confirm commits and before the answer: the
      // test locks its table, so the process stops right there.
      await holder.query('begin');
      await holder.query('lock table payment_notices in exclusive mode');
      const delivery = deliver(() => toss.deposit(booking.created.orderId));
      await soon('the confirm to commit and wait on the audit row', async () => {
        if ((await lockWaiters(watcher, 'payment_notices')) === 0) return false;
        const [row] = await query<{ status: string }>('select status from bookings where id = $1', [
          booking.bookingId,
        ]);
        return row?.status === 'CONFIRMED';
      });
      await kill();
      await holder.query('rollback');
      const cut = await delivery;
      expect(cut.answered, JSON.stringify(cut)).toBe(false);
      before = await stateOf(booking.bookingId);
      expect(before.booking?.status).toBe('CONFIRMED');
    } finally {
      await holder.end();
      await watcher.end();
    }

    await restart();
    // Toss never had its answer, so it sends the callback again: already settled.
    expect(await resendTwice(booking.created.orderId)).toEqual([
      'ignored:settled:DONE',
      'ignored:settled:DONE',
    ]);
    const after = await stateOf(booking.bookingId);
    expect(after).toEqual(before);
    await expectConfirmedOnce(booking);
    await expectDatabaseInvariants(ctx.config.databaseUrl ?? '');
  }, 120_000);
});
