import type { Clock } from '../../lib/clock';
import type { CounterStorePort } from './counter-store';

/** In-process counters; expired windows are dropped lazily and by a periodic prune. */
export function createMemoryCounterStore(clock: Clock): CounterStorePort & { prune(): void } {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= clock.now().getTime()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  const increment = (key: string, windowSeconds: number) => {
    const entry = live(key);
    if (entry) {
      entry.count += 1;
      return entry.count;
    }
    windows.set(key, { count: 1, resetAt: clock.now().getTime() + windowSeconds * 1000 });
    return 1;
  };
  return {
    async increment(key, windowSeconds) {
      return increment(key, windowSeconds);
    },
    async incrementEach(keys, windowSeconds) {
      return keys.map((key) => increment(key, windowSeconds));
    },
    async get(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
    prune() {
      const now = clock.now().getTime();
      for (const [key, entry] of windows) if (entry.resetAt <= now) windows.delete(key);
    },
  };
}
