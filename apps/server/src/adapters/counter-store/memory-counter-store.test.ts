import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock';
import { createMemoryCounterStore } from './memory-counter-store';

describe('memory counter store', () => {
  it('counts within a window and starts again when the window ends', async () => {
    const clock = createManualClock(new Date('2026-01-01T00:00:00Z'));
    const store = createMemoryCounterStore(clock);
    expect(await store.increment('k', 10)).toBe(1);
    expect(await store.increment('k', 10)).toBe(2);
    expect(await store.get('k')).toBe(2);
    clock.advance(9_999);
    expect(await store.get('k')).toBe(2);
    clock.advance(2);
    expect(await store.get('k')).toBe(0);
    expect(await store.increment('k', 10)).toBe(1);
  });

  it('reset clears one key only', async () => {
    const store = createMemoryCounterStore(createManualClock());
    await store.increment('a', 60);
    await store.increment('b', 60);
    await store.reset('a');
    expect(await store.get('a')).toBe(0);
    expect(await store.get('b')).toBe(1);
  });

  it('increments several keys in one step, each in its own window', async () => {
    const clock = createManualClock(new Date('2026-01-01T00:00:00Z'));
    const store = createMemoryCounterStore(clock);
    await store.increment('a', 10);
    expect(await store.incrementEach(['a', 'b'], 10)).toEqual([2, 1]);
    clock.advance(10_000);
    expect(await store.incrementEach(['a', 'b'], 10)).toEqual([1, 1]);
  });
});
