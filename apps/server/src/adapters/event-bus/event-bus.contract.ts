import { describe, expect, it } from 'vitest';
import type { EventBusPort } from './event-bus';

/** Waits until `predicate` holds, for bus messages that arrive asynchronously. */
async function eventually(predicate: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * What every bus must do. `createPair` gives two buses that stand for two instances (the same
 * bus twice in process; two connections on Redis).
 */
export function describeEventBusContract(
  name: string,
  createPair: () => Promise<[EventBusPort, EventBusPort]>,
): void {
  describe(`${name} event bus`, () => {
    it('delivers a published message to every subscriber of the channel, on any instance', async () => {
      const [a, b] = await createPair();
      const seenA: unknown[] = [];
      const seenB: unknown[] = [];
      await a.subscribe('seats:1', (m) => seenA.push(m));
      await b.subscribe('seats:1', (m) => seenB.push(m));
      await b.subscribe('seats:2', () => seenB.push('wrong channel'));
      await a.publish('seats:1', { seatId: 7, status: 'RESERVED' });
      await eventually(() => seenA.length === 1 && seenB.length === 1);
      expect(seenA).toEqual([{ seatId: 7, status: 'RESERVED' }]);
      expect(seenB).toEqual([{ seatId: 7, status: 'RESERVED' }]);
      await Promise.all([a.close(), b.close()]);
    });

    it('stops delivering after unsubscribe', async () => {
      const [a, b] = await createPair();
      const seen: unknown[] = [];
      const unsubscribe = await b.subscribe('queue:9', (m) => seen.push(m));
      await a.publish('queue:9', 1);
      await eventually(() => seen.length === 1);
      await unsubscribe();
      await a.publish('queue:9', 2);
      await a.publish('queue:9', 3);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toEqual([1]);
      await Promise.all([a.close(), b.close()]);
    });
  });
}
