import type { FastifyBaseLogger } from 'fastify';
import type { JobLockPort } from '../adapters/job-lock/job-lock';
import type { JobMetrics } from '../lib/sale-metrics';

export interface ScheduledJob {
  name: string;
  intervalMs: number;
  /** How long the lock is held at most; longer than the job ever takes. */
  lockTtlMs: number;
  /** Also run once right after start (in the background), not only after the first interval. */
  runOnStart?: boolean;
  run(): Promise<unknown>;
}

/**
 * Runs each job every `intervalMs` on every instance; the job lock makes exactly one instance do
 * the work at a time. Failures are logged and retried on the next tick. Timers do not keep the
 * process alive, and `stop()` waits for running jobs so shutdown never cuts one in half.
 */
export function createScheduler(deps: {
  lock: JobLockPort;
  log: FastifyBaseLogger;
  metrics?: JobMetrics;
}) {
  const jobs: ScheduledJob[] = [];
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;

  async function tick(job: ScheduledJob): Promise<void> {
    const release = await deps.lock.tryAcquire(job.name, job.lockTtlMs).catch((error: unknown) => {
      deps.log.warn({ err: error, job: job.name }, 'job lock unavailable');
      return null;
    });
    if (!release) return;
    const started = performance.now();
    try {
      await job.run();
      deps.metrics?.jobRun(job.name, 'ok', (performance.now() - started) / 1000);
    } catch (error) {
      deps.metrics?.jobRun(job.name, 'failed', (performance.now() - started) / 1000);
      deps.log.error({ err: error, job: job.name }, 'scheduled job failed');
    } finally {
      await release().catch(() => undefined);
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

export type Scheduler = ReturnType<typeof createScheduler>;
