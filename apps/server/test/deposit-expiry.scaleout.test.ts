import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import type { App } from '../src/app';
import { createConcert, createLoggedInUser } from './helpers/factories';
import { expectBookingInvariants, expectDatabaseInvariants } from './helpers/invariants';
import { createSecondInstance, createTestContext, type TestContext } from './helpers/test-app';

/**
 * Issue 28, "deadline expiry with the injected clock for 50,000 awaiting deposits (lag p99 ≤ 1 s,
 * the hold-expiry goal) across two instances".
 *
 * A sold-out venue of 50,000 seats, each in its own 가상계좌 order awaiting its deposit (booking
 * AWAITING_DEPOSIT, payment WAITING_FOR_DEPOSIT with an issued account, one ticket, the seat
 * BOOKED to it), written set-based straight into PostgreSQL: making them through the API would
 * measure the booking path, not the expiry. Their due times are spread uniformly over a
 * 10-second window of the injected clock (5,000 a second, in shuffled order). Two app instances
 * on the same database and Redis share that clock; it is stepped through the window 100 ms at a
 * time and at every step both run the `deposit-expiry` job at once (the job lock lets one of
 * them do the work), as their 250 ms timers would.
 *
 * Lag is measured in injected time (canceled_at is the clock's now of the batch that ended the
 * order − its payment_deadline). Injected time stands still while a step runs, so it cannot show
 * a job too slow for real time: the wall time of each step is measured and bounded too (p99 of
 * the steps inside the 1 s goal), and the whole window's work is printed against the window;
 * bench/deposit-expiry measures the lag on the real clock.
 */
const ORDERS = 50_000;
const WINDOW_MS = 10_000;
const STEP_MS = 100;
const P99_GOAL_MS = 1_000;
/** A step (one 100 ms slice of due orders, ~500) on both instances at once. */
const STEP_WALL_LIMIT_MS = 10_000;
const BUYERS = 10_000;
const PRICE = 30_000;
const FEE = 2_000;
const METRICS_TOKEN = 'deposit-expiry-scale-metrics-token';

let ctx: TestContext;
let second: Awaited<ReturnType<typeof createSecondInstance>>;

beforeAll(async () => {
  ctx = await createTestContext({ env: { METRICS_TOKEN } });
  second = await createSecondInstance(ctx);
}, 120_000);

afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** One counter of an instance's /metrics (summed over label sets that match `labels`). */
async function counter(app: App, name: string, labels: string): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  let total = 0;
  for (const line of response.body.split('\n')) {
    if (line.startsWith(`${name}{`) && line.includes(labels)) {
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return total;
}

/**
 * The orders, set-based, on a connection of its own (the app's pool caps each statement at 1 s;
 * these write 50,000 rows each): buyers, then per seat (in id order, i = 0…N-1) a booking due
 * at windowStart + the i-th slot of a shuffled uniform spread (i × 7919 mod N is a permutation:
 * 7919 is prime and does not divide N), its 가상계좌 payment, its ticket, and the seat BOOKED.
 */
async function seedAwaitingDeposits(concertId: number, windowStart: Date): Promise<void> {
  const client = new pg.Client({ connectionString: ctx.config.databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into users (username, email, nickname, name)
       select 'dep' || g, 'dep' || g || '@example.com', '입금대기' || g, '관객'
       from generate_series(1, $1::int) g`,
      [BUYERS],
    );
    await client.query(
      `insert into bookings (booking_number, user_id, concert_id, status, total_amount,
                             payment_deadline, booked_at, updated_at)
       select 'DEP-' || lpad(s.i::text, 6, '0'), u.id, $1, 'AWAITING_DEPOSIT', $2,
              to_timestamp(($3::float8 + ((s.i * 7919) % $4 + 0.5) * $5::float8) / 1000.0),
              to_timestamp($3::float8 / 1000.0) - interval '1 hour',
              to_timestamp($3::float8 / 1000.0) - interval '1 hour'
       from (select row_number() over (order by id) - 1 as i from concert_seats
             where concert_id = $1) s
       join users u on u.username = 'dep' || (1 + s.i % $6)`,
      [concertId, PRICE + FEE, windowStart.getTime(), ORDERS, WINDOW_MS / ORDERS, BUYERS],
    );
    await client.query(
      `insert into payments (booking_id, order_id, provider, payment_key, amount, status, method,
                             cash_amount, virtual_account_bank, virtual_account_number,
                             virtual_account_holder, virtual_account_due_at, created_at,
                             updated_at)
       select b.id, 'dep-order-' || substr(b.booking_number, 5), 'sandbox',
              'dep_key_' || substr(b.booking_number, 5), b.total_amount, 'WAITING_FOR_DEPOSIT',
              'VIRTUAL_ACCOUNT', b.total_amount, '20',
              '9' || lpad(substr(b.booking_number, 5), 11, '0'), '커튼콜', b.payment_deadline,
              b.booked_at, b.booked_at
       from bookings b where b.concert_id = $1`,
      [concertId],
    );
    await client.query(
      `insert into tickets (booking_id, concert_seat_id, seat_info, grade_name, price, fee,
                            grade_price)
       select b.id, s.id, s.section || '-' || s.row_number || '-' || s.seat_number, g.name,
              $2, $3, $2
       from (select id, section, row_number, seat_number, grade_id,
                    row_number() over (order by id) - 1 as i
             from concert_seats where concert_id = $1) s
       join seat_grades g on g.id = s.grade_id
       join bookings b on b.booking_number = 'DEP-' || lpad(s.i::text, 6, '0')`,
      [concertId, PRICE, FEE],
    );
    await client.query(
      `update concert_seats s set status = 'BOOKED', booking_id = t.booking_id,
              updated_at = to_timestamp($2::float8 / 1000.0) - interval '1 hour'
       from tickets t join bookings b on b.id = t.booking_id
       where b.concert_id = $1 and t.concert_seat_id = s.id`,
      [concertId, windowStart.getTime()],
    );
    // Every seat is taken: the show is sold out until the deadlines give seats back.
    await client.query(`update concerts set status = 'SOLD_OUT' where id = $1`, [concertId]);
    await client.query('commit');
    await client.query('analyze bookings, payments, tickets, concert_seats, users');
  } finally {
    await client.end();
  }
}

describe('50,000 가상계좌 orders reaching their deadline over 10 s, two instances', () => {
  it('each ends exactly once, never early, p99 lag ≤ 1 s, and the job keeps up', async ({
    annotate,
  }) => {
    const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
    const concert = await createConcert(ctx.database.db, {
      sellerId: seller.id,
      totalSeats: ORDERS,
      maxTicketsPerUser: 4,
    });
    const seeding = performance.now();
    const windowStart = new Date(ctx.clock.now().getTime() + 1_000);
    await seedAwaitingDeposits(concert.id, windowStart);
    const seededMs = performance.now() - seeding;

    const [seeded] = await queryRows<{ bookings: number; booked: number; min: Date; max: Date }>(
      ctx.database.db,
      sql`select (select count(*)::int from bookings where concert_id = ${concert.id}
                    and status = 'AWAITING_DEPOSIT') as bookings,
                 (select count(*)::int from concert_seats where concert_id = ${concert.id}
                    and status = 'BOOKED' and booking_id is not null) as booked,
                 (select min(payment_deadline) from bookings where concert_id = ${concert.id}) as min,
                 (select max(payment_deadline) from bookings where concert_id = ${concert.id}) as max`,
    );
    expect(seeded?.bookings).toBe(ORDERS);
    expect(seeded?.booked).toBe(ORDERS);
    expect(new Date(seeded?.min ?? 0).getTime()).toBeGreaterThanOrEqual(windowStart.getTime());
    expect(new Date(seeded?.max ?? 0).getTime()).toBeLessThanOrEqual(
      windowStart.getTime() + WINDOW_MS,
    );
    // The starting state obeys the rules the end state is checked against.
    await expectBookingInvariants(ctx.database.db);

    // A fan waiting for 취소표 on the sold-out show.
    const fan = await createLoggedInUser(ctx.app, ctx.database.db);
    const alert = await ctx.app.inject({
      method: 'PUT',
      url: `/api/notifications/concert-alerts/${concert.id}/seats-released`,
      headers: { cookie: fan.cookie },
    });
    expect(alert.statusCode, alert.body).toBe(200);

    // Both at once, each first in turn (the first to ask Redis tends to get the lock), so both
    // instances end orders in the run.
    let turn = 0;
    const runBoth = () => {
      turn += 1;
      const apps = turn % 2 === 0 ? [ctx.app, second.app] : [second.app, ctx.app];
      return Promise.all(apps.map((app) => app.scheduler.runNow('deposit-expiry')));
    };

    // Just before the first due time: nothing ends.
    ctx.clock.set(new Date(windowStart.getTime() - 1));
    await runBoth();
    const [early] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from bookings
          where concert_id = ${concert.id} and status <> 'AWAITING_DEPOSIT'`,
    );
    expect(early?.n).toBe(0);

    const stepWallMs: number[] = [];
    for (let at = STEP_MS; at <= WINDOW_MS + STEP_MS; at += STEP_MS) {
      ctx.clock.set(new Date(windowStart.getTime() + at));
      const started = performance.now();
      await runBoth();
      stepWallMs.push(performance.now() - started);
    }

    const rows = await queryRows<{ lag_ms: number }>(
      ctx.database.db,
      sql`select (extract(epoch from canceled_at - payment_deadline) * 1000)::float8 as lag_ms
          from bookings where concert_id = ${concert.id} and status = 'CANCELED'`,
    );
    const lags = rows.map((r) => Number(r.lag_ms)).sort((a, b) => a - b);
    const sortedWall = [...stepWallMs].sort((a, b) => a - b);
    const totalWall = stepWallMs.reduce((sum, ms) => sum + ms, 0);
    const [expiredFirst, expiredSecond, runsFirst, runsSecond] = await Promise.all([
      counter(ctx.app, 'curtaincall_bookings_total', 'outcome="expired"'),
      counter(second.app, 'curtaincall_bookings_total', 'outcome="expired"'),
      counter(ctx.app, 'curtaincall_job_runs_total', 'job="deposit-expiry"'),
      counter(second.app, 'curtaincall_job_runs_total', 'job="deposit-expiry"'),
    ]);
    const report = [
      `seeded ${ORDERS} awaiting deposits in ${(seededMs / 1_000).toFixed(1)} s`,
      `lag (injected clock) p50 ${percentile(lags, 50).toFixed(0)} ms, p99 ${percentile(lags, 99).toFixed(0)} ms, max ${percentile(lags, 100).toFixed(0)} ms`,
      `wall time per ${STEP_MS} ms step (both instances): p50 ${percentile(sortedWall, 50).toFixed(0)} ms, p99 ${percentile(sortedWall, 99).toFixed(0)} ms, max ${percentile(sortedWall, 100).toFixed(0)} ms; whole window ${(totalWall / 1_000).toFixed(2)} s of work for ${WINDOW_MS / 1_000} s of deadlines`,
      `expired by instance: ${expiredFirst} + ${expiredSecond}; job runs that held the lock: ${runsFirst} + ${runsSecond}`,
    ];
    // Printed (stderr: the lint allows warn) and attached to the test's result.
    console.warn(`[deposit-expiry scale] ${report.join('\n  ')}`);
    await annotate(report.join('; '));

    // Every order ended, exactly once in all (each instance counts the orders its batches ended).
    expect(lags).toHaveLength(ORDERS);
    expect(expiredFirst + expiredSecond).toBe(ORDERS);
    // Both instances took turns holding the job (102 alternating runs).
    expect(runsFirst).toBeGreaterThan(0);
    expect(runsSecond).toBeGreaterThan(0);
    // Never before its deadline, and within the hold-expiry goal after it.
    expect(lags[0]).toBeGreaterThanOrEqual(0);
    expect(percentile(lags, 99)).toBeLessThanOrEqual(P99_GOAL_MS);
    // Keeping up in real time: no step stalls, and 99 of 100 steps (each the work a 250 ms tick
    // faces, 100 ms of deadlines) finish well inside the 1 s goal. Whether the whole window's
    // work fits in the window in real time is bench/deposit-expiry's verdict (printed above).
    expect(percentile(sortedWall, 100)).toBeLessThan(STEP_WALL_LIMIT_MS);
    expect(percentile(sortedWall, 99)).toBeLessThan(P99_GOAL_MS);

    const [state] = await queryRows<Record<string, number | string>>(
      ctx.database.db,
      sql`select
            (select count(*)::int from payments p join bookings b on b.id = p.booking_id
              where b.concert_id = ${concert.id} and p.status = 'EXPIRED'
                and p.failure_code = 'DEPOSIT_EXPIRED') as payments_expired,
            (select count(*)::int from payments p join bookings b on b.id = p.booking_id
              where b.concert_id = ${concert.id}) as payments,
            (select count(*)::int from concert_seats where concert_id = ${concert.id}
              and status = 'AVAILABLE' and booking_id is null and held_by_user_id is null)
              as seats_free,
            (select count(*)::int from bookings where concert_id = ${concert.id}
              and canceled_at is null) as not_cancelled,
            (select status from concerts where id = ${concert.id}) as concert_status`,
    );
    expect(state).toEqual({
      payments_expired: ORDERS,
      payments: ORDERS,
      seats_free: ORDERS,
      not_cancelled: 0,
      concert_status: 'ON_SALE',
    });

    // The 취소표 alert woke the waiting fan, once (the alert's cool-down spans the window).
    const [alerted] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from user_notifications
          where user_id = ${fan.id} and kind = 'SEATS_RELEASED'`,
    );
    expect(alerted?.n).toBe(1);

    await expectBookingInvariants(ctx.database.db);
    await expectDatabaseInvariants(ctx.config.databaseUrl ?? '');
  }, 180_000);
});
