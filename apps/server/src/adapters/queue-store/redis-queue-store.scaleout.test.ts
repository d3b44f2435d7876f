import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
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

/** A queue store (one slot) and counter store of their own, under a fresh key prefix. */
function freshStores() {
  const prefix = `cctest:${randomBytes(4).toString('hex')}:`;
  prefixes.push(prefix);
  const settings = { capacity: 1, keyTtlMs: 60_000, keyHardCapMs: 600_000, waitingGraceMs: 30_000 };
  return {
    prefix,
    store: createRedisQueueStore(redis, prefix, settings),
    counters: createRedisCounterStore(redis, prefix),
  };
}

describe('redis queue store: an entry while a key exists', () => {
  it('enters only while the watched key exists, and then changes nothing else', async () => {
    const { prefix, store, counters } = freshStores();
    const session = `${prefix}sess:watched`;
    const limit = { counters: [{ key: 'entry:user:1', max: 5 }], windowSeconds: 60 };
    await redis.set(session, '{"userId":1}');
    expect((await store.enter(7, 1, 1_000, limit, session)).status).toBe('IMMEDIATE_ENTRY');
    expect(await counters.get('entry:user:1')).toBe(1);

    await redis.del(session);
    expect(await store.enter(7, 2, 1_000, limit, session)).toEqual({ status: 'KEY_GONE' });
    // Refused before anything: no place, no key, no count.
    expect(await store.status(7, 2, 1_000)).toEqual({ status: 'EXPIRED_OR_NOT_IN_QUEUE' });
    expect(await counters.get('entry:user:1')).toBe(1);
    expect(await store.stats(7, 1_000)).toEqual({ waiting: 0, admitted: 1 });
  });
});

describe('redis queue store: entries of one turn in one call', () => {
  it('answers each entry of a batch as a call of its own would, in arrival order', async () => {
    const { prefix, store } = freshStores();
    const live = `${prefix}sess:live`;
    await redis.set(live, '{"userId":1}');
    const limit = (user: number) => ({
      counters: [{ key: `batch:user:${user}`, max: 1 }],
      windowSeconds: 60,
    });
    // The script loaded (one entry in another concert), then the calls counted by Redis itself.
    await store.enter(8, 1, 1_000);
    const scriptCalls = async () => {
      const stats = await redis.info('commandstats');
      const calls = (name: string) =>
        Number(stats.match(new RegExp(`cmdstat_${name}:calls=(\\d+)`))?.[1] ?? 0);
      return calls('evalsha') + calls('eval');
    };
    const before = await scriptCalls();
    // Issued in one turn: one script call for all six.
    const results = await Promise.all([
      store.enter(9, 1, 1_000, limit(1), live),
      store.enter(9, 2, 1_001, limit(2), `${prefix}sess:gone`),
      store.enter(9, 3, 1_002, limit(3)),
      store.enter(9, 3, 1_003, limit(3)),
      store.enter(9, 4, 1_004, limit(4)),
      store.enter(9, 1, 1_005),
    ]);
    const after = await scriptCalls();
    expect(results).toEqual([
      { status: 'IMMEDIATE_ENTRY', accessKey: expect.any(String) },
      { status: 'KEY_GONE' },
      { status: 'WAITING', rank: 1 },
      { status: 'RATE_LIMITED' },
      { status: 'WAITING', rank: 2 },
      // The same user again: the same key (idempotent inside one batch too).
      {
        status: 'IMMEDIATE_ENTRY',
        accessKey: (results[0] as { accessKey: string }).accessKey,
      },
    ]);
    expect(after - before).toBe(1);
    expect(await store.status(9, 2, 1_010)).toEqual({ status: 'EXPIRED_OR_NOT_IN_QUEUE' });
  });
});
