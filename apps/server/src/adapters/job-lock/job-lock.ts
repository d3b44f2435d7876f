/**
 * Mutual exclusion for scheduled jobs: every instance runs the schedulers, but only the holder of
 * a job's lock does the work. In process when embedded; a Redis lock when instances share Redis.
 *
 * A lock is a lease: it ends by itself `ttlMs` after it was taken or last renewed, so a holder that
 * dies (kill -9, a lost machine) blocks the job for at most one TTL. A holder that keeps working
 * renews it; a renewal or release only ever touches the lease it was given, never one another
 * holder took after this one expired.
 */
export interface JobLockPort {
  /** The lease when the lock was free (or its last lease expired), null while another holds it. */
  tryAcquire(name: string, ttlMs: number): Promise<JobLease | null>;
}

export interface JobLease {
  /**
   * Extends the lease to `ttlMs` from now, only if it is still this holder's: false once it
   * expired (even if nobody took it since) or another holder has the lock.
   */
  renew(): Promise<boolean>;
  /** Frees the lock if it is still this holder's; a lease that was lost is left alone. */
  release(): Promise<void>;
}
