import { describe, expect, it } from 'vitest';
import type { JobLockPort } from './job-lock';

export interface JobLockPair {
  /** Two views of one lock, standing for two instances (one map in process; two connections). */
  a: JobLockPort;
  b: JobLockPort;
  /** Moves the lock's notion of time on by `ms` (a manual clock; shortened Redis TTLs). */
  passTime(ms: number): Promise<void>;
}

/** What every job lock must do; `createPair` gives fresh, empty locks for each test. */
export function describeJobLockContract(name: string, createPair: () => Promise<JobLockPair>) {
  describe(`${name} job lock`, () => {
    it('lets one holder in at a time, per name, and frees the lock on release', async () => {
      const { a, b } = await createPair();
      const lease = await a.tryAcquire('lifecycle', 10_000);
      expect(lease).not.toBeNull();
      expect(await b.tryAcquire('lifecycle', 10_000)).toBeNull();
      expect(await a.tryAcquire('lifecycle', 10_000)).toBeNull();
      const other = await b.tryAcquire('other-job', 10_000);
      expect(other).not.toBeNull();
      await lease?.release();
      const next = await b.tryAcquire('lifecycle', 10_000);
      expect(next).not.toBeNull();
      await next?.release();
      await other?.release();
    });

    it('expires by itself when its holder stops renewing (a crashed instance)', async () => {
      const { a, b, passTime } = await createPair();
      const lease = await a.tryAcquire('refunds', 1_000);
      expect(lease).not.toBeNull();
      await passTime(900);
      expect(await b.tryAcquire('refunds', 1_000)).toBeNull();
      await passTime(200);
      const taken = await b.tryAcquire('refunds', 1_000);
      expect(taken).not.toBeNull();
      await taken?.release();
    });

    it('a renewal extends the lease to a full TTL from the renewal', async () => {
      const { a, b, passTime } = await createPair();
      const lease = await a.tryAcquire('refunds', 1_000);
      await passTime(700);
      expect(await lease?.renew()).toBe(true);
      // 1,400 ms after it was taken: alive only because of the renewal.
      await passTime(700);
      expect(await b.tryAcquire('refunds', 1_000)).toBeNull();
      expect(await lease?.renew()).toBe(true);
      await passTime(700);
      expect(await b.tryAcquire('refunds', 1_000)).toBeNull();
      // No more renewals: gone one TTL after the last one.
      await passTime(400);
      const taken = await b.tryAcquire('refunds', 1_000);
      expect(taken).not.toBeNull();
      await taken?.release();
    });

    it('an expired lease cannot be renewed, even when nobody took the lock since', async () => {
      const { a, b, passTime } = await createPair();
      const lease = await a.tryAcquire('sweep', 1_000);
      await passTime(1_100);
      expect(await lease?.renew()).toBe(false);
      // The failed renewal did not bring the lock back.
      const taken = await b.tryAcquire('sweep', 1_000);
      expect(taken).not.toBeNull();
      await taken?.release();
    });

    it('a holder that lost its lock can neither renew nor release the new holder’s', async () => {
      const { a, b, passTime } = await createPair();
      const stale = await a.tryAcquire('sweep', 1_000);
      await passTime(1_100);
      const current = await b.tryAcquire('sweep', 10_000);
      expect(current).not.toBeNull();
      expect(await stale?.renew()).toBe(false);
      await stale?.release();
      expect(await a.tryAcquire('sweep', 10_000)).toBeNull();
      expect(await current?.renew()).toBe(true);
      await current?.release();
      // Released, a lease is not renewable any more either.
      expect(await current?.renew()).toBe(false);
    });
  });
}
