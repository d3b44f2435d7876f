import { randomUUID } from 'node:crypto';
import { systemClock, type Clock } from '../../lib/clock';
import type { JobLease, JobLockPort } from './job-lock';

/**
 * One process: a job only has to be kept from overlapping with its own previous run. The same
 * lease rules as the Redis lock (expiry by the clock, renewal and release only by the holder),
 * so code written against one behaves the same on the other.
 */
export function createMemoryJobLock(clock: Clock = systemClock): JobLockPort {
  const held = new Map<string, { token: string; expiresAt: number }>();
  const current = (name: string, token: string) => {
    const entry = held.get(name);
    return entry && entry.token === token && entry.expiresAt > clock.now().getTime() ? entry : null;
  };
  return {
    async tryAcquire(name, ttlMs): Promise<JobLease | null> {
      const now = clock.now().getTime();
      const existing = held.get(name);
      if (existing && existing.expiresAt > now) return null;
      const token = randomUUID();
      held.set(name, { token, expiresAt: now + ttlMs });
      return {
        async renew() {
          const entry = current(name, token);
          if (!entry) return false;
          entry.expiresAt = clock.now().getTime() + ttlMs;
          return true;
        },
        async release() {
          if (held.get(name)?.token === token) held.delete(name);
        },
      };
    },
  };
}
