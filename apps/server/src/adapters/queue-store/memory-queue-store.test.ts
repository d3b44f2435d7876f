import { describe, expect, it } from 'vitest';
import { systemClock } from '../../lib/clock';
import { createMemoryCounterStore } from '../counter-store/memory-counter-store';
import { describeQueueStoreContract } from './queue-store.contract';
import { createMemoryQueueStore, newAccessKey } from './memory-queue-store';

describeQueueStoreContract('in-process', async (settings) => {
  const counters = createMemoryCounterStore(systemClock);
  return { store: createMemoryQueueStore(settings, counters), counters };
});

describe('access keys', () => {
  it('are 128-bit URL-safe strings, never handed out twice across refills of the random pool', () => {
    const keys = Array.from({ length: 1_000 }, newAccessKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(key, 'base64url')).toHaveLength(16);
    }
  });
});
