import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import { luaScript } from '../redis/lua-script';
import type { JobLease, JobLockPort } from './job-lock';

// Both only act while the key still holds our token: a lease that expired and was taken by
// another instance is never extended or deleted by us, and an expired key (GET is nil) is never
// brought back by a late renewal.
const renewScript = luaScript(
  `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`,
);
const releaseScript = luaScript(
  `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`,
);

/**
 * SET NX PX with a token naming the holder (`host/pid/random`), so an operator (or a test) can
 * tell which instance has a job: the TTL frees the lock if its holder dies mid-job.
 */
export function createRedisJobLock(redis: Redis, keyPrefix: string): JobLockPort {
  const holder = `${hostname()}/${process.pid}`;
  return {
    async tryAcquire(name, ttlMs): Promise<JobLease | null> {
      const key = `${keyPrefix}lock:${name}`;
      const token = `${holder}/${randomUUID()}`;
      const acquired = await redis.set(key, token, 'PX', ttlMs, 'NX');
      if (acquired !== 'OK') return null;
      return {
        async renew() {
          return (await renewScript(redis, [key], [token, ttlMs])) === 1;
        },
        async release() {
          await releaseScript(redis, [key], [token]);
        },
      };
    },
  };
}
