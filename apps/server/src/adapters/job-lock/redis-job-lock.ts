import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { JobLockPort } from './job-lock';

// Delete the key only if it still holds our token, so a lock that expired and was taken by
// another instance is never released by us.
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** SET NX PX with a random token: the TTL frees the lock if its holder dies mid-job. */
export function createRedisJobLock(redis: Redis, keyPrefix: string): JobLockPort {
  return {
    async tryAcquire(name, ttlMs) {
      const key = `${keyPrefix}lock:${name}`;
      const token = randomUUID();
      const acquired = await redis.set(key, token, 'PX', ttlMs, 'NX');
      if (acquired !== 'OK') return null;
      return async () => {
        await redis.eval(RELEASE_SCRIPT, 1, key, token);
      };
    },
  };
}
