import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { clearRedisPrefix } from '../../../test/helpers/test-app';
import { createRedisJobLock } from './redis-job-lock';

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `cctest:${randomBytes(4).toString('hex')}:`;
const a = new Redis(url);
const b = new Redis(url);
afterAll(async () => {
  await clearRedisPrefix(url, prefix);
  a.disconnect();
  b.disconnect();
});

describe('redis job lock', () => {
  it('lets one instance in at a time and frees the lock on release', async () => {
    const lockA = createRedisJobLock(a, prefix);
    const lockB = createRedisJobLock(b, prefix);
    const release = await lockA.tryAcquire('lifecycle', 10_000);
    expect(release).not.toBeNull();
    expect(await lockB.tryAcquire('lifecycle', 10_000)).toBeNull();
    await release?.();
    const releaseB = await lockB.tryAcquire('lifecycle', 10_000);
    expect(releaseB).not.toBeNull();
    await releaseB?.();
  });

  it('a stale holder cannot release a lock that expired and was taken by another', async () => {
    const lockA = createRedisJobLock(a, prefix);
    const lockB = createRedisJobLock(b, prefix);
    const staleRelease = await lockA.tryAcquire('sweep', 50);
    await new Promise((resolve) => setTimeout(resolve, 80));
    const releaseB = await lockB.tryAcquire('sweep', 10_000);
    expect(releaseB).not.toBeNull();
    await staleRelease?.();
    expect(await lockA.tryAcquire('sweep', 10_000)).toBeNull();
    await releaseB?.();
  });
});
