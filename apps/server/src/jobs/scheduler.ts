import type { FastifyBaseLogger } from 'fastify';
import type { JobLease, JobLockPort } from '../adapters/job-lock/job-lock';
import { systemClock, type Clock } from '../lib/clock';
import type { JobMetrics } from '../lib/sale-metrics';

/**
 * How long a job's lock outlives a holder that stopped renewing it (kill -9, a lost machine):
 * the longest another instance waits to take the job over. A running job renews it every third
 * of that, so it would take an event loop stalled for 2/3 of it (~6.7 s) to lose a lock held by
 * a live instance, and then the run only stops and another instance continues it.
 */
export const DEFAULT_JOB_LOCK_TTL_MS = 10_000;

/** What a run gets to know whether it still holds its job's lock. */
export interface JobRunContext {
  /**
   * Aborted as soon as the lock is lost (taken over after an expiry, or not renewable for so
   * long that it may have expired). Work that loops over items checks it before each one and
   * stops, so two instances never work through the same list at once.
   */
  signal: AbortSignal;
  /** False once the lock is lost or its lease ran out by the clock, even before the signal. */
  isStillOwner(): boolean;
}

export interface ScheduledJob {
  name: string;
  intervalMs: number;
  /** The lock's TTL (default DEFAULT_JOB_LOCK_TTL_MS); renewed every third of it while running. */
  lockTtlMs?: number;
  /** Also run once right after start (in the background), not only after the first interval. */
  runOnStart?: boolean;
  run(context: JobRunContext): Promise<unknown>;
}

/**
 * Runs each job every `intervalMs` on every instance; the job lock makes exactly one instance do
 * the work at a time. The holder renews the lock while the job runs (a heartbeat), so the TTL
 * can be short and a dead holder's job is taken over within seconds; a holder that loses the
 * lock aborts its run. Failures are logged and retried on the next tick. Timers do not keep the
 * process alive, and `stop()` waits for running jobs so shutdown never cuts one in half.
 */
export function createScheduler(deps: {
  lock: JobLockPort;
  log: FastifyBaseLogger;
  metrics?: JobMetrics;
  clock?: Clock;
}) {
  const clock = deps.clock ?? systemClock;
  const jobs: ScheduledJob[] = [];
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;

  /**
   * Renews `lease` every third of its TTL until `stop()`. The lease counts as ours until one TTL
   * after the last renewal was sent; a renewal that says "not yours", or failing renewals (Redis
   * unreachable) that leave less than one heartbeat of it, abort the run.
   */
  function keepLease(job: ScheduledJob, lease: JobLease, ttlMs: number, acquiredAt: number) {
    const controller = new AbortController();
    const heartbeatMs = Math.max(1, Math.floor(ttlMs / 3));
    let validUntil = acquiredAt + ttlMs;
    let timer: NodeJS.Timeout | undefined;
    let ended = false;

    const lose = (why: string, error?: unknown) => {
      // A renewal that was in flight when the run ended (and released the lock) says nothing.
      if (ended || controller.signal.aborted) return;
      deps.log.warn({ job: job.name, why, ...(error ? { err: error } : {}) }, 'job lock lost');
      controller.abort(new Error(`job lock lost: ${job.name} (${why})`));
    };
    const beat = async () => {
      const sentAt = clock.now().getTime();
      try {
        if (!(await lease.renew())) return lose('taken over or expired');
        validUntil = sentAt + ttlMs;
      } catch (error) {
        // The lease may still be ours; give up only when the next beat could come too late.
        if (clock.now().getTime() + heartbeatMs >= validUntil) return lose('not renewable', error);
      }
      schedule();
    };
    const schedule = () => {
      if (ended || controller.signal.aborted) return;
      timer = setTimeout(() => void beat(), heartbeatMs);
      timer.unref();
    };
    schedule();

    return {
      context: {
        signal: controller.signal,
        isStillOwner: () => !controller.signal.aborted && clock.now().getTime() < validUntil,
      } satisfies JobRunContext,
      lost: () => controller.signal.aborted,
      end() {
        ended = true;
        clearTimeout(timer);
      },
    };
  }

  async function tick(job: ScheduledJob): Promise<void> {
    const ttlMs = job.lockTtlMs ?? DEFAULT_JOB_LOCK_TTL_MS;
    // Measured before asking: the lease runs from when the lock may have been set.
    const askedAt = clock.now().getTime();
    const lease = await deps.lock.tryAcquire(job.name, ttlMs).catch((error: unknown) => {
      deps.log.warn({ err: error, job: job.name }, 'job lock unavailable');
      return null;
    });
    if (!lease) return;
    const held = keepLease(job, lease, ttlMs, askedAt);
    const started = performance.now();
    try {
      await job.run(held.context);
      deps.metrics?.jobRun(job.name, held.lost() ? 'failed' : 'ok', elapsedSeconds(started));
    } catch (error) {
      deps.metrics?.jobRun(job.name, 'failed', elapsedSeconds(started));
      deps.log.error({ err: error, job: job.name }, 'scheduled job failed');
    } finally {
      held.end();
      await lease.release().catch(() => undefined);
    }
  }

  return {
    add(job: ScheduledJob) {
      jobs.push(job);
    },
    start() {
      const launch = (job: ScheduledJob) => {
        if (stopped) return;
        const run = tick(job).finally(() => running.delete(run));
        running.add(run);
      };
      for (const job of jobs) {
        if (job.runOnStart) launch(job);
        const timer = setInterval(() => launch(job), job.intervalMs);
        timer.unref();
        timers.push(timer);
      }
    },
    /** Runs one job now, under its lock, and waits for it (tests; operators' manual runs). */
    async runNow(name: string): Promise<void> {
      const job = jobs.find((j) => j.name === name);
      if (!job) throw new Error(`unknown job: ${name}`);
      await tick(job);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}

function elapsedSeconds(started: number): number {
  return (performance.now() - started) / 1000;
}

export type Scheduler = ReturnType<typeof createScheduler>;
