import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobLease, JobLockPort } from '../adapters/job-lock/job-lock';
import { createMemoryJobLock } from '../adapters/job-lock/memory-job-lock';
import { createManualClock } from '../lib/clock';
import { createScheduler, type JobRunContext } from './scheduler';

/**
 * The scheduler's lease handling on the in-process lock, with the injected clock and fake
 * timers moved together (no sleeping): a running job keeps its lock past its TTL, a run whose
 * lock is lost is aborted and stops, and a holder that stops renewing (a crashed instance) hands
 * the job over one TTL later.
 */
const TTL = 3_000;
let clock: ReturnType<typeof createManualClock>;
let lock: JobLockPort;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
  clock = createManualClock(new Date('2026-03-01T10:00:00Z'));
  lock = createMemoryJobLock(clock);
});
afterEach(() => {
  vi.useRealTimers();
});

/** Time passes for the clock and for the timers alike, in steps as a real event loop sees it. */
async function passTime(ms: number, step = 100): Promise<void> {
  for (let passed = 0; passed < ms; passed += step) {
    clock.advance(step);
    await vi.advanceTimersByTimeAsync(step);
  }
}

/** A stall: the clock moves on, but no timer of this process runs meanwhile. */
function stall(ms: number): void {
  clock.advance(ms);
}

function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

function newScheduler(jobLock: JobLockPort = lock) {
  const log = pino({ level: 'silent' });
  const warnings = vi.spyOn(log, 'warn');
  const outcomes: string[] = [];
  const scheduler = createScheduler({
    lock: jobLock,
    log,
    clock,
    metrics: { jobRun: (_job, outcome) => outcomes.push(outcome) },
  });
  return { scheduler, warnings, outcomes };
}

/** A job that works through `items` one by one, each waiting for the test to let it finish. */
function batchJob(items: number) {
  const done: number[] = [];
  const steps: Array<() => void> = [];
  let context: JobRunContext | undefined;
  const run = async (given: JobRunContext) => {
    context = given;
    for (let item = 0; item < items; item += 1) {
      if (given.signal.aborted) return;
      await new Promise<void>((resolve) => steps.push(resolve));
      done.push(item);
    }
  };
  return {
    run,
    done,
    /** Lets the item in progress finish. */
    finishItem: async () => {
      steps.shift()?.();
      await vi.advanceTimersByTimeAsync(0);
    },
    context: () => {
      if (!context) throw new Error('the job has not run');
      return context;
    },
  };
}

describe('scheduler job leases', () => {
  it('a running job renews its lock, so nobody else runs it for as long as it works', async () => {
    const a = newScheduler();
    const b = newScheduler();
    const work = gate();
    let runsOnA = 0;
    let runsOnB = 0;
    let context: JobRunContext | undefined;
    a.scheduler.add({
      name: 'refunds',
      intervalMs: 60_000,
      lockTtlMs: TTL,
      run: async (given) => {
        runsOnA += 1;
        context = given;
        await work.opened;
      },
    });
    b.scheduler.add({
      name: 'refunds',
      intervalMs: 60_000,
      lockTtlMs: TTL,
      run: async () => {
        runsOnB += 1;
      },
    });
    const running = a.scheduler.runNow('refunds');
    await vi.advanceTimersByTimeAsync(0);
    expect(runsOnA).toBe(1);

    // Five TTLs later the first holder still owns it: the other instance's ticks do nothing.
    for (let round = 0; round < 5; round += 1) {
      await passTime(TTL);
      await b.scheduler.runNow('refunds');
    }
    expect(runsOnB).toBe(0);
    expect(context?.isStillOwner()).toBe(true);
    expect(context?.signal.aborted).toBe(false);

    work.open();
    await running;
    expect(a.outcomes).toEqual(['ok']);
    // Released at the end: the next tick anywhere runs at once.
    await b.scheduler.runNow('refunds');
    expect(runsOnB).toBe(1);
  });

  it('a run that loses its lock is aborted and stops between two items; the new holder keeps it', async () => {
    const a = newScheduler();
    const job = batchJob(10);
    a.scheduler.add({ name: 'refunds', intervalMs: 60_000, lockTtlMs: TTL, run: job.run });
    const running = a.scheduler.runNow('refunds');
    await vi.advanceTimersByTimeAsync(0);
    await job.finishItem();
    await job.finishItem();
    expect(job.done).toEqual([0, 1]);

    // The process stalls longer than the TTL, and another instance takes the job meanwhile.
    stall(TTL + 500);
    expect(job.context().isStillOwner()).toBe(false);
    const newHolder = await lock.tryAcquire('refunds', TTL);
    expect(newHolder).not.toBeNull();

    // The next heartbeat's renewal is refused: the run is aborted and takes no further item.
    await passTime(TTL / 3);
    expect(job.context().signal.aborted).toBe(true);
    await job.finishItem();
    await running;
    expect(job.done).toEqual([0, 1, 2]);
    expect(a.outcomes).toEqual(['failed']);
    expect(a.warnings).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'refunds' }),
      'job lock lost',
    );
    // Its release did not free the new holder's lock.
    expect(await lock.tryAcquire('refunds', TTL)).toBeNull();
    expect(await newHolder?.renew()).toBe(true);
  });

  it('a holder that stops renewing (killed) hands the job over one TTL later', async () => {
    const b = newScheduler();
    let runsOnB = 0;
    b.scheduler.add({
      name: 'refunds',
      intervalMs: 60_000,
      lockTtlMs: TTL,
      run: async () => {
        runsOnB += 1;
      },
    });
    // Instance A took the lock and died: nothing renews or releases it.
    expect(await lock.tryAcquire('refunds', TTL)).not.toBeNull();
    await passTime(TTL - 200);
    await b.scheduler.runNow('refunds');
    expect(runsOnB).toBe(0);
    await passTime(300);
    await b.scheduler.runNow('refunds');
    expect(runsOnB).toBe(1);
  });

  it('renewals that keep failing (lock store unreachable) abort the run before its lease could run out', async () => {
    let renewals = 0;
    let failing = false;
    const flaky: JobLockPort = {
      async tryAcquire(name, ttlMs) {
        const lease = await lock.tryAcquire(name, ttlMs);
        if (!lease) return null;
        return {
          async renew() {
            renewals += 1;
            if (failing) throw new Error('connection lost');
            return lease.renew();
          },
          release: () => lease.release(),
        } satisfies JobLease;
      },
    };
    const a = newScheduler(flaky);
    const job = batchJob(100);
    a.scheduler.add({ name: 'refunds', intervalMs: 60_000, lockTtlMs: TTL, run: job.run });
    const running = a.scheduler.runNow('refunds');
    await passTime(TTL);
    expect(renewals).toBe(3);
    expect(job.context().signal.aborted).toBe(false);

    // From here on every renewal fails. The last good one was sent at 3,000 ms, so the lease
    // is ours until 6,000 ms: the beat at 4,000 ms keeps going, the one at 5,000 ms gives up.
    failing = true;
    await passTime(TTL / 3);
    expect(job.context().signal.aborted).toBe(false);
    expect(job.context().isStillOwner()).toBe(true);
    await passTime(TTL / 3);
    expect(job.context().signal.aborted).toBe(true);
    expect(job.context().isStillOwner()).toBe(false);
    await job.finishItem();
    await running;
    expect(a.outcomes).toEqual(['failed']);
  });
  it('a renewal still in flight when the run ends and releases is not a lost lock', async () => {
    let answerRenewal: (value: boolean) => void = () => undefined;
    const slow: JobLockPort = {
      async tryAcquire(name, ttlMs) {
        const lease = await lock.tryAcquire(name, ttlMs);
        if (!lease) return null;
        return {
          // Answered only after the release: by then the lease is gone.
          renew: () =>
            new Promise<boolean>((resolve) => {
              answerRenewal = resolve;
            }),
          release: () => lease.release(),
        } satisfies JobLease;
      },
    };
    const a = newScheduler(slow);
    const work = gate();
    a.scheduler.add({
      name: 'refunds',
      intervalMs: 60_000,
      lockTtlMs: TTL,
      run: () => work.opened,
    });
    const running = a.scheduler.runNow('refunds');
    await passTime(TTL / 3);
    work.open();
    await running;
    answerRenewal(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(a.outcomes).toEqual(['ok']);
    expect(a.warnings).not.toHaveBeenCalled();
  });
});
