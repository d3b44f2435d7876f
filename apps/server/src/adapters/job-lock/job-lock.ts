/**
 * Mutual exclusion for scheduled jobs: every instance runs the schedulers, but only the holder of
 * a job's lock does the work. In process when embedded; a Redis lock when instances share Redis.
 */
export interface JobLockPort {
  /** Returns a release function when the lock was free, or null when another holder has it. */
  tryAcquire(name: string, ttlMs: number): Promise<(() => Promise<void>) | null>;
}
