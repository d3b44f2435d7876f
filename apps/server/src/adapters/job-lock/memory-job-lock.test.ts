import { describe, expect, it } from 'vitest';
import { createMemoryJobLock } from './memory-job-lock';

describe('memory job lock', () => {
  it('keeps a job from overlapping its own running instance', async () => {
    const lock = createMemoryJobLock();
    const release = await lock.tryAcquire('job', 1_000);
    expect(release).not.toBeNull();
    expect(await lock.tryAcquire('job', 1_000)).toBeNull();
    expect(await lock.tryAcquire('other', 1_000)).not.toBeNull();
    await release?.();
    expect(await lock.tryAcquire('job', 1_000)).not.toBeNull();
  });
});
