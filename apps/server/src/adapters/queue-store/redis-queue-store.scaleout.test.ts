import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll } from 'vitest';
import { clearRedisPrefix } from '../../../test/helpers/test-app';
import { createRedisCounterStore } from '../counter-store/redis-counter-store';
import { describeQueueStoreContract } from './queue-store.contract';
import { createRedisQueueStore } from './redis-queue-store';

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(url);
const prefixes: string[] = [];
afterAll(async () => {
  for (const prefix of prefixes) await clearRedisPrefix(url, prefix);
  redis.disconnect();
});

describeQueueStoreContract('redis', async (settings) => {
  const prefix = `cctest:${randomBytes(4).toString('hex')}:`;
  prefixes.push(prefix);
  return {
    store: createRedisQueueStore(redis, prefix, settings),
    counters: createRedisCounterStore(redis, prefix),
  };
});
