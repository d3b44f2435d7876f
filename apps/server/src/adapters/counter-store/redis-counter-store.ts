import type { Redis } from 'ioredis';
import type { CounterStorePort } from './counter-store';

/** Counters shared by every instance: INCR, and the window's TTL set by the first hit only. */
export function createRedisCounterStore(redis: Redis, keyPrefix: string): CounterStorePort {
  const fullKey = (key: string) => `${keyPrefix}count:${key}`;
  return {
    async increment(key, windowSeconds) {
      const results = await redis
        .multi()
        .incr(fullKey(key))
        .expire(fullKey(key), windowSeconds, 'NX')
        .exec();
      const count = results?.[0]?.[1];
      return typeof count === 'number' ? count : Number(count ?? 0);
    },
    async get(key) {
      return Number((await redis.get(fullKey(key))) ?? 0);
    },
    async reset(key) {
      await redis.del(fullKey(key));
    },
  };
}
