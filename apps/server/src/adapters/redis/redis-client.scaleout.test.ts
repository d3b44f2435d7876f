import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearRedisPrefix } from '../../../test/helpers/test-app';
import { openRedis } from './redis-client';

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `cctest:${randomBytes(4).toString('hex')}:`;
let redis: Redis;
beforeAll(async () => {
  redis = await openRedis(url);
});
afterAll(async () => {
  await clearRedisPrefix(url, prefix);
  redis.disconnect();
});

const corked = () => (redis.stream as unknown as { writableCorked: number }).writableCorked;

describe('shared redis connection', () => {
  it('sends the commands of one event-loop turn in one write, each reply to its own command', async () => {
    const keys = Array.from({ length: 200 }, (_, i) => `${prefix}k${i}`);
    const writes = keys.map((key, i) => redis.set(key, String(i)));
    // Held back until the turn ends...
    expect(corked()).toBe(1);
    await Promise.all(writes);
    // ...and sent once it has.
    expect(corked()).toBe(0);
    const reads = await Promise.all(
      keys.map((key, i) => (i % 2 === 0 ? redis.get(key) : redis.incr(key))),
    );
    expect(reads).toEqual(keys.map((_, i) => (i % 2 === 0 ? String(i) : i + 1)));
  });
});
