import { randomBytes } from 'node:crypto';
import { onSaleSnapshotSchema } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PaymentProviderError,
  type PaymentProviderPort,
} from '../../adapters/payment-provider/payment-provider';
import { createSandboxPaymentProvider } from '../../adapters/payment-provider/sandbox-payment-provider';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import {
  admit,
  book,
  bookingRowsOf,
  cancelSeats,
  holdSeats,
  payInSandbox,
} from '../../../test/helpers/paid-booking';
import { createTestContext, isScaleOut, type TestContext } from '../../../test/helpers/test-app';

const TOKEN = 'metrics-test-token-0123456789abcdef';
/** Figures are cached this long (app.ts); the manual clock moves past it between reads. */
const FIGURES_MAX_AGE_MS = 2_000;

let ctx: TestContext;
let sellerId: number;

beforeAll(async () => {
  // One slot per concert, so a second buyer waits in the queue.
  ctx = await createTestContext({ env: { METRICS_TOKEN: TOKEN, QUEUE_CAPACITY: '1' } });
  sellerId = (await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER')).id;
});
afterAll(async () => ctx?.close());

async function scrape(app = ctx.app): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The value of one sample (`name{labels} value`), 0 when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return 0;
}

/** Moves the clock past the figures' cache, so the next read is fresh. */
const nextScrapeWindow = () => ctx.clock.advance(FIGURES_MAX_AGE_MS + 1);

describe('GET /metrics protection', () => {
  it('refuses a missing, malformed or wrong bearer token with 401 C013, and serves the right one', async () => {
    for (const authorization of [
      undefined,
      TOKEN,
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      'Bearer ',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toMatchObject({ success: false, status: 401, code: 'C013' });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).not.toContain('curtaincall_');
    }
    const ok = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers['cache-control']).toBe('no-store');
    // Not even an admin's session opens it: only the token does.
    const admin = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_ADMIN');
    const bySession = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { cookie: admin.cookie },
    });
    expect(bySession.statusCode).toBe(401);
  });

  it('answers 404 like an unknown path when no METRICS_TOKEN is set (never public by default)', async () => {
    const plain = await createTestContext();
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const response = await plain.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ success: false, status: 404, code: 'C005' });
      }
    } finally {
      await plain.close();
    }
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

describe('GET /metrics content', () => {
  it('declares every metric with its Prometheus type', async () => {
    const text = await scrape();
    const types = Object.fromEntries(
      [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1], m[2]]),
    );
    expect(types).toMatchObject({
      curtaincall_http_request_duration_seconds: 'histogram',
      curtaincall_queue_admissions_total: 'counter',
      curtaincall_seat_holds_total: 'counter',
      curtaincall_bookings_total: 'counter',
      curtaincall_payments_total: 'counter',
      curtaincall_job_runs_total: 'counter',
      curtaincall_job_duration_seconds: 'histogram',
      curtaincall_queue_waiting_users: 'gauge',
      curtaincall_queue_live_access_keys: 'gauge',
      curtaincall_concert_seats_held: 'gauge',
      curtaincall_concert_seats_sold: 'gauge',
      curtaincall_concert_seats_total: 'gauge',
      curtaincall_concert_revenue_won: 'gauge',
      curtaincall_refunds_pending: 'gauge',
      curtaincall_db_pool_connections: 'gauge',
      curtaincall_db_info: 'gauge',
      // prom-client's defaults: the event loop, memory, CPU.
      nodejs_eventloop_lag_seconds: 'gauge',
      nodejs_eventloop_lag_p99_seconds: 'gauge',
      process_cpu_seconds_total: 'counter',
      nodejs_heap_size_used_bytes: 'gauge',
    });
    expect(sample(text, 'curtaincall_db_info', { kind: isScaleOut ? 'postgres' : 'pglite' })).toBe(
      1,
    );
    expect(sample(text, 'curtaincall_refunds_pending', { source: 'shared' })).toBe(0);
    // Every outcome is there from the start (at 0 until it happens), so rate() sees the first.
    for (const outcome of ['created', 'confirmed', 'payment_failed', 'expired']) {
      expect(text).toMatch(
        new RegExp(`^curtaincall_bookings_total\\{outcome="${outcome}"\\} \\d+$`, 'm'),
      );
    }
    expect(text).toMatch(/^curtaincall_payments_total\{outcome="refund_failed"\} \d+$/m);
    if (isScaleOut) {
      expect(types).toMatchObject({
        curtaincall_redis_connected: 'gauge',
        curtaincall_redis_pending_commands: 'gauge',
      });
      expect(sample(text, 'curtaincall_redis_connected')).toBe(1);
      expect(sample(text, 'curtaincall_db_pool_connections', { state: 'total' })).toBeGreaterThan(
        0,
      );
    } else {
      // PGlite has no pool: the gauge is declared, with no series.
      expect(text).not.toMatch(/^curtaincall_db_pool_connections\{/m);
      expect(types).not.toHaveProperty('curtaincall_redis_connected');
    }
  });

  it('labels request latency by route pattern, method and status class, not by raw URL', async () => {
    const concertId = (await createConcert(ctx.database.db, { sellerId })).id;
    const labels = { route: '/api/concerts/:concertId', method: 'GET', status_class: '2xx' };
    const before = sample(
      await scrape(),
      'curtaincall_http_request_duration_seconds_count',
      labels,
    );
    for (let i = 0; i < 3; i += 1) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/concerts/${concertId}` });
      expect(response.statusCode).toBe(200);
    }
    await ctx.app.inject({ method: 'GET', url: '/api/concerts/2147483000' });
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-path-at-all' });
    const text = await scrape();
    expect(sample(text, 'curtaincall_http_request_duration_seconds_count', labels)).toBe(
      before + 3,
    );
    expect(
      sample(text, 'curtaincall_http_request_duration_seconds_count', {
        ...labels,
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'curtaincall_http_request_duration_seconds_count', {
        route: 'unmatched',
        method: 'GET',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`/api/concerts/${concertId}"`);
    expect(text).not.toContain('no-such-path-at-all');
  });

  it('moves the sale figures with entries, holds, a booking and its payment', async () => {
    const concert = await createConcert(ctx.database.db, { sellerId, totalSeats: 30 });
    const id = String(concert.id);
    const first = await createLoggedInUser(ctx.app, ctx.database.db);
    const second = await createLoggedInUser(ctx.app, ctx.database.db);

    nextScrapeWindow();
    let text = await scrape();
    expect(sample(text, 'curtaincall_concert_seats_total', { concert_id: id })).toBe(30);
    expect(sample(text, 'curtaincall_concert_seats_held', { concert_id: id })).toBe(0);
    expect(sample(text, 'curtaincall_queue_admissions_total', { concert_id: id })).toBe(0);

    const session = await admit(ctx.app, concert.id, first);
    // The only slot is taken: the second buyer waits.
    const waiting = await ctx.app.inject({
      method: 'POST',
      url: `/api/queue/enter?concertId=${concert.id}`,
      headers: { cookie: second.cookie },
    });
    expect(waiting.json().data).toMatchObject({ status: 'WAITING', rank: 1 });
    const seatIds = await holdSeats(ctx.app, concert.id, session, 2);
    // A third hold is over the two-seat limit.
    const headers = { cookie: session.cookie, 'x-access-key': session.accessKey };
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/seats/concerts/${concert.id}/status`,
      headers,
    });
    const free = (status.json().data as Array<{ seatId: number; status: string }>).find(
      (s) => s.status === 'AVAILABLE',
    );
    const third = await ctx.app.inject({
      method: 'POST',
      url: `/api/seats/concerts/${concert.id}/seats/${free?.seatId}/reserve`,
      headers,
    });
    expect(third.json().code).toBe('B012');

    nextScrapeWindow();
    text = await scrape();
    expect(
      sample(text, 'curtaincall_queue_admissions_total', { concert_id: id, via: 'immediate' }),
    ).toBe(1);
    expect(
      sample(text, 'curtaincall_queue_waiting_users', { concert_id: id, source: 'shared' }),
    ).toBe(1);
    expect(sample(text, 'curtaincall_queue_live_access_keys', { concert_id: id })).toBe(1);
    expect(
      sample(text, 'curtaincall_seat_holds_total', { concert_id: id, outcome: 'granted' }),
    ).toBe(2);
    expect(
      sample(text, 'curtaincall_seat_holds_total', { concert_id: id, outcome: 'over_limit' }),
    ).toBe(1);
    expect(sample(text, 'curtaincall_concert_seats_held', { concert_id: id })).toBe(2);
    const createdBefore = sample(text, 'curtaincall_bookings_total', { outcome: 'created' });
    const confirmedBefore = sample(text, 'curtaincall_bookings_total', { outcome: 'confirmed' });
    const approvedBefore = sample(text, 'curtaincall_payments_total', { outcome: 'approved' });

    const created = await book(ctx.app, concert.id, session, seatIds);
    text = await scrape();
    expect(sample(text, 'curtaincall_bookings_total', { outcome: 'created' })).toBe(
      createdBefore + 1,
    );
    await payInSandbox(ctx.app, session, created);

    nextScrapeWindow();
    text = await scrape();
    expect(sample(text, 'curtaincall_bookings_total', { outcome: 'confirmed' })).toBe(
      confirmedBefore + 1,
    );
    expect(sample(text, 'curtaincall_payments_total', { outcome: 'approved' })).toBe(
      approvedBefore + 1,
    );
    expect(sample(text, 'curtaincall_concert_seats_held', { concert_id: id })).toBe(0);
    expect(sample(text, 'curtaincall_concert_seats_sold', { concert_id: id })).toBe(2);
    expect(sample(text, 'curtaincall_concert_revenue_won', { concert_id: id })).toBe(
      created.amount,
    );

    // The admin's live page reads the same numbers.
    const admin = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_ADMIN');
    const live = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/on-sale/concerts/${concert.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(live.statusCode).toBe(200);
    expect(onSaleSnapshotSchema.parse(live.json().data)).toMatchObject({
      concertId: concert.id,
      status: 'ON_SALE',
      queueLength: sample(text, 'curtaincall_queue_waiting_users', { concert_id: id }),
      admitted: sample(text, 'curtaincall_queue_live_access_keys', { concert_id: id }),
      totalSeats: 30,
      seatsHeld: 0,
      seatsSold: 2,
      seatsAvailable: 28,
      revenue: created.amount,
    });
  });

  it('counts scheduled job runs per job', async () => {
    const before = sample(await scrape(), 'curtaincall_job_runs_total', {
      job: 'hold-sweeper',
      outcome: 'ok',
    });
    await ctx.app.scheduler.runNow('hold-sweeper');
    await ctx.app.scheduler.runNow('hold-sweeper');
    const text = await scrape();
    expect(sample(text, 'curtaincall_job_runs_total', { job: 'hold-sweeper', outcome: 'ok' })).toBe(
      before + 2,
    );
    expect(
      sample(text, 'curtaincall_job_duration_seconds_count', { job: 'hold-sweeper' }),
    ).toBeGreaterThanOrEqual(2);
  });
});

describe('GET /metrics refunds', () => {
  it('shows refunds pending and failed while the provider refuses, and the refund once it is made', async () => {
    const secret = randomBytes(32).toString('hex');
    const sandbox = createSandboxPaymentProvider({ secret });
    let refuseNext = 0;
    const provider: PaymentProviderPort = {
      name: 'sandbox',
      clientKey: sandbox.clientKey,
      // Issue 28's calls, as the sandbox answers them: this test watches confirms and refunds only.
      issueVirtualAccount: (request) => sandbox.issueVirtualAccount(request),
      getPayment: (paymentKey) => sandbox.getPayment(paymentKey),
      issueCashReceipt: (request) => sandbox.issueCashReceipt(request),
      confirm: (request) => sandbox.confirm(request),
      async cancel(request) {
        if (refuseNext > 0) {
          refuseNext -= 1;
          throw new PaymentProviderError('refund refused', 'PROVIDER_ERROR');
        }
        return sandbox.cancel(request);
      },
    };
    const own = await createTestContext({
      env: { METRICS_TOKEN: TOKEN, SESSION_SECRET: secret },
      overrides: { paymentProvider: provider },
    });
    try {
      const seller = await createLoggedInUser(own.app, own.database.db, 'ROLE_SELLER');
      const { id: concertId } = await createConcert(own.database.db, { sellerId: seller.id });
      const buyer = await createLoggedInUser(own.app, own.database.db);
      const session = await admit(own.app, concertId, buyer);
      const created = await book(
        own.app,
        concertId,
        session,
        await holdSeats(own.app, concertId, session, 1),
      );
      await payInSandbox(own.app, session, created);
      const read = async () => {
        own.clock.advance(FIGURES_MAX_AGE_MS + 1);
        const text = await scrape(own.app);
        return {
          pending: sample(text, 'curtaincall_refunds_pending', { source: 'shared' }),
          refundFailed: sample(text, 'curtaincall_payments_total', { outcome: 'refund_failed' }),
          refunded: sample(text, 'curtaincall_payments_total', { outcome: 'refunded' }),
          byConcert: sample(text, 'curtaincall_bookings_total', {
            outcome: 'refunded_concert_cancelled',
          }),
        };
      };
      expect(await read()).toEqual({ pending: 0, refundFailed: 0, refunded: 0, byConcert: 0 });

      // The seller cancels (the answer makes no refund); the provider refuses the job's first
      // two tries.
      refuseNext = 2;
      const cancelled = await own.app.inject({
        method: 'DELETE',
        url: `/api/seller/concerts/${concertId}?sellerId=${seller.id}`,
        headers: { cookie: seller.cookie },
      });
      expect(cancelled.statusCode).toBe(200);
      expect(await read()).toEqual({ pending: 1, refundFailed: 0, refunded: 0, byConcert: 0 });
      await own.app.scheduler.runNow('cancelled-concert-refunds');
      expect(await read()).toEqual({ pending: 1, refundFailed: 1, refunded: 0, byConcert: 0 });
      await own.app.scheduler.runNow('cancelled-concert-refunds');
      expect(await read()).toEqual({ pending: 1, refundFailed: 2, refunded: 0, byConcert: 0 });
      await own.app.scheduler.runNow('cancelled-concert-refunds');
      expect(await read()).toEqual({ pending: 0, refundFailed: 2, refunded: 1, byConcert: 1 });
      const text = await scrape(own.app);
      expect(
        sample(text, 'curtaincall_job_runs_total', {
          job: 'cancelled-concert-refunds',
          outcome: 'ok',
        }),
      ).toBe(3);
    } finally {
      await own.close();
    }
  });

  it('counts a refund whose answer was lost, and the rest of a booking cut by a per-seat cancel when its concert is cancelled', async () => {
    const secret = randomBytes(32).toString('hex');
    const sandbox = createSandboxPaymentProvider({ secret });
    let loseNext = 0;
    const provider: PaymentProviderPort = {
      name: 'sandbox',
      clientKey: sandbox.clientKey,
      // Issue 28's calls, as the sandbox answers them: this test watches confirms and refunds only.
      issueVirtualAccount: (request) => sandbox.issueVirtualAccount(request),
      getPayment: (paymentKey) => sandbox.getPayment(paymentKey),
      issueCashReceipt: (request) => sandbox.issueCashReceipt(request),
      confirm: (request) => sandbox.confirm(request),
      async cancel(request) {
        if (loseNext > 0) {
          loseNext -= 1;
          // No answer: the outcome is unknown, so the refund stays REQUESTED.
          throw new PaymentProviderError('no answer', 'PROVIDER_ERROR');
        }
        return sandbox.cancel(request);
      },
    };
    const own = await createTestContext({
      env: { METRICS_TOKEN: TOKEN, SESSION_SECRET: secret },
      overrides: { paymentProvider: provider },
    });
    try {
      const seller = await createLoggedInUser(own.app, own.database.db, 'ROLE_SELLER');
      const { id: concertId } = await createConcert(own.database.db, { sellerId: seller.id });
      const buy = async (seats: number) => {
        const account = await createLoggedInUser(own.app, own.database.db);
        const session = await admit(own.app, concertId, account);
        const created = await book(
          own.app,
          concertId,
          session,
          await holdSeats(own.app, concertId, session, seats),
        );
        await payInSandbox(own.app, session, created);
        const rows = await bookingRowsOf(own.database.db, created.bookingNumber);
        return { session, booking: { bookingNumber: created.bookingNumber, ...rows } };
      };
      const pending = async () => {
        own.clock.advance(FIGURES_MAX_AGE_MS + 1);
        return sample(await scrape(own.app), 'curtaincall_refunds_pending', { source: 'shared' });
      };
      const lost = await buy(1);
      const cut = await buy(2);

      // A buyer's cancel whose answer never came: money may still be due, the job asks again.
      loseNext = 1;
      const unanswered = await own.app.inject({
        method: 'POST',
        url: `/api/bookings/${lost.booking.bookingId}/cancel`,
        headers: { cookie: lost.session.cookie },
      });
      expect(unanswered.json()).toMatchObject({ status: 502, code: 'M005' });
      expect(await pending()).toBe(1);

      // One seat of two given back: the payment is PARTIAL_CANCELED, and nothing is due for it.
      await cancelSeats(own.app, cut.session, cut.booking, [cut.booking.tickets[0]?.ticketId ?? 0]);
      expect(await pending()).toBe(1);

      // The concert is cancelled: the other seat's money is due too (the first booking once).
      const cancelled = await own.app.inject({
        method: 'DELETE',
        url: `/api/seller/concerts/${concertId}?sellerId=${seller.id}`,
        headers: { cookie: seller.cookie },
      });
      expect(cancelled.statusCode).toBe(200);
      expect(await pending()).toBe(2);

      // Past the buyer's grace the job asks the lost refund again, and refunds what remains.
      own.clock.advance(60_001);
      await own.app.scheduler.runNow('cancelled-concert-refunds');
      expect(await pending()).toBe(0);
    } finally {
      await own.close();
    }
  });
});
