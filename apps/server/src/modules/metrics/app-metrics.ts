import type { Redis } from 'ioredis';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../../db/client';
import {
  bookingOutcomes,
  paymentOutcomes,
  type JobMetrics,
  type SaleMetrics,
} from '../../lib/sale-metrics';
import type { SaleOverview } from '../on-sale/on-sale.service';

/** Latency buckets (seconds): API calls in ms, long polls up to the 60 s maximum. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const JOB_BUCKETS = [0.001, 0.005, 0.025, 0.1, 0.5, 2.5, 10, 60, 300];

/**
 * Label of gauges read from state every instance shares (the queue store, the database): each
 * instance reports the same value, so dashboards take max() over instances, never sum().
 */
const SHARED = { source: 'shared' } as const;

/**
 * The application's Prometheus metrics, one registry per app (tests build many apps in one
 * process). Counters are per instance (sum them over instances); gauges labelled
 * `source="shared"` are the same on every instance (take the max).
 */
export function createAppMetrics(sources: {
  database: DatabaseHandle;
  redis: Redis | null;
  /** Whether /metrics can be read at all (METRICS_TOKEN set): only then watch the process. */
  exposed: boolean;
}) {
  const registry = new Registry();
  // Process CPU, memory, GC, handles and the event-loop lag (nodejs_eventloop_lag_seconds). They
  // start a GC observer and an event-loop monitor that live as long as the process, so only
  // when someone can read them.
  if (sources.exposed) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'curtaincall_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });

  const admissions = new Counter({
    name: 'curtaincall_queue_admissions_total',
    help: 'Users admitted to a concert seat page (via: tick = from the waiting room, immediate = no wait)',
    labelNames: ['concert_id', 'via'] as const,
    registers,
  });
  const seatHolds = new Counter({
    name: 'curtaincall_seat_holds_total',
    help: 'Seat hold attempts by outcome (granted, already_held, taken, over_limit)',
    labelNames: ['concert_id', 'outcome'] as const,
    registers,
  });
  const bookings = new Counter({
    name: 'curtaincall_bookings_total',
    help: 'Bookings by outcome (created, confirmed, payment_failed, expired, cancelled_by_buyer, refunded_concert_cancelled)',
    labelNames: ['outcome'] as const,
    registers,
  });
  const payments = new Counter({
    name: 'curtaincall_payments_total',
    help: 'Payment provider outcomes (approved, declined, refunded, refund_failed)',
    labelNames: ['outcome'] as const,
    registers,
  });
  // Every outcome exists from the start at 0, so rate() and increase() see the first one.
  for (const outcome of bookingOutcomes) bookings.inc({ outcome }, 0);
  for (const outcome of paymentOutcomes) payments.inc({ outcome }, 0);
  const jobRuns = new Counter({
    name: 'curtaincall_job_runs_total',
    help: 'Scheduled job runs on this instance (the one holding the job lock) by outcome',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const jobDuration = new Histogram({
    name: 'curtaincall_job_duration_seconds',
    help: 'Scheduled job run time',
    labelNames: ['job'] as const,
    buckets: JOB_BUCKETS,
    registers,
  });

  new Gauge({
    name: 'curtaincall_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting = requests queued for one); absent on PGlite',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = sources.database.poolState();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'curtaincall_db_info',
    help: 'Database driver of this instance (pglite: one in-process connection, postgres: a pool)',
    labelNames: ['kind'] as const,
    registers,
    collect() {
      this.set({ kind: sources.database.kind }, 1);
    },
  });
  if (sources.redis) {
    const redis = sources.redis;
    new Gauge({
      name: 'curtaincall_redis_connected',
      help: 'Whether the Redis client is connected and ready (1) or not (0)',
      registers,
      collect() {
        this.set(redis.status === 'ready' ? 1 : 0);
      },
    });
    new Gauge({
      name: 'curtaincall_redis_pending_commands',
      help: 'Redis commands sent and not answered yet (a growing number means Redis is slow)',
      registers,
      collect() {
        this.set(redis.commandQueue.length);
      },
    });
  }

  /**
   * The gauges of the sales in progress, read from the on-sale figures (built after the
   * services that count, which need the counters above first).
   */
  function watchSales(overview: () => Promise<SaleOverview>): void {
    // Gauges of shared state. Each collect awaits the same cached overview (prom-client collects
    // all metrics of a scrape at once), so a scrape reads it once.
    const perConcert = (
      name: string,
      help: string,
      pick: (concert: SaleOverview['concerts'][number]) => number,
    ) =>
      new Gauge({
        name,
        help,
        labelNames: ['concert_id', 'source'] as const,
        registers,
        async collect() {
          const current = await overview();
          // Concerts whose sale ended drop out instead of keeping their last value.
          this.reset();
          for (const concert of current.concerts) {
            this.set({ concert_id: String(concert.concertId), ...SHARED }, pick(concert));
          }
        },
      });
    perConcert(
      'curtaincall_queue_waiting_users',
      'Users waiting in a concert waiting room (shared: same on every instance)',
      (c) => c.queueLength,
    );
    perConcert(
      'curtaincall_queue_live_access_keys',
      'Live access keys taking a seat-page slot (shared: same on every instance)',
      (c) => c.admitted,
    );
    perConcert(
      'curtaincall_concert_seats_held',
      'Seats in a live hold or an unpaid booking (shared)',
      (c) => c.seatsHeld,
    );
    perConcert(
      'curtaincall_concert_seats_sold',
      'Seats of paid bookings (shared)',
      (c) => c.seatsSold,
    );
    perConcert(
      'curtaincall_concert_seats_total',
      'Seats of the concert (shared)',
      (c) => c.totalSeats,
    );
    perConcert(
      'curtaincall_concert_revenue_won',
      'Paid bookings of the concert in won, fees included, less refunds made (shared)',
      (c) => c.revenue,
    );
    new Gauge({
      name: 'curtaincall_refunds_pending',
      help: 'Paid bookings waiting for a refund: of cancelled concerts, or with a refund the provider has not answered (shared)',
      labelNames: ['source'] as const,
      registers,
      async collect() {
        this.set(SHARED, (await overview()).refundsPending);
      },
    });
  }

  const sale: SaleMetrics = {
    admitted: (concertId, count, via) =>
      admissions.inc({ concert_id: String(concertId), via }, count),
    seatHold: (concertId, outcome) => seatHolds.inc({ concert_id: String(concertId), outcome }),
    booking: (outcome, count = 1) => bookings.inc({ outcome }, count),
    payment: (outcome, count = 1) => payments.inc({ outcome }, count),
  };
  const jobs: JobMetrics = {
    jobRun: (job, outcome, seconds) => {
      jobRuns.inc({ job, outcome });
      jobDuration.observe({ job }, seconds);
    },
  };

  return {
    registry,
    sale,
    jobs,
    watchSales,
    /** One finished request: its route pattern (not the URL), so label values stay few. */
    observeHttp(route: string, method: string, statusCode: number, seconds: number) {
      httpDuration.observe(
        { route, method, status_class: `${Math.floor(statusCode / 100)}xx` },
        seconds,
      );
    },
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;
