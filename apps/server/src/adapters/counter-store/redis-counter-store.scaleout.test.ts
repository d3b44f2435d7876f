import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { clearRedisPrefix } from '../../../test/helpers/test-app';
import { createRedisCounterStore } from './redis-counter-store';

// Redis keeps time itself, so this suite waits a real second. Runs in the scale-out project only.
describe('redis counter store', () => {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `cctest:${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(url);
  afterAll(async () => {
    await clearRedisPrefix(url, prefix);
    redis.disconnect();
  });

  it('shares counts between clients and expires the window by TTL', async () => {
    const a = createRedisCounterStore(redis, prefix);
    const other = new Redis(url);
    const b = createRedisCounterStore(other, prefix);
    try {
      expect(await a.increment('k', 1)).toBe(1);
      expect(await b.increment('k', 1)).toBe(2);
      expect(await a.get('k')).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await b.get('k')).toBe(0);
      await a.increment('r', 60);
      await b.reset('r');
      expect(await a.get('r')).toBe(0);
    } finally {
      other.disconnect();
    }
  });

  it('increments several keys in one call, each with its own window', async () => {
    const store = createRedisCounterStore(redis, prefix);
    await store.increment('each-a', 60);
    expect(await store.incrementEach(['each-a', 'each-b'], 60)).toEqual([2, 1]);
    expect(await store.get('each-b')).toBe(1);
    expect(await redis.ttl(`${prefix}count:each-b`)).toBeGreaterThan(0);
  });
});
