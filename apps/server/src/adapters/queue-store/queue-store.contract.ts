import { describe, expect, it } from 'vitest';
import type { CounterStorePort } from '../counter-store/counter-store';
import type { QueueSettings, QueueStorePort } from './queue-store';

/**
 * The rules every QueueStore implementation must keep (product-rules.md §3), run against the
 * in-process store and against Redis. Each test gets a fresh store and its own concert ids.
 */
export function describeQueueStoreContract(
  name: string,
  /** A fresh store, and the counter store whose counts its entry rate limits share. */
  createStore: (
    settings: QueueSettings,
  ) => Promise<{ store: QueueStorePort; counters: CounterStorePort }>,
): void {
  const settings: QueueSettings = {
    capacity: 2,
    keyTtlMs: 120_000,
    keyHardCapMs: 600_000,
    waitingGraceMs: 300_000,
  };
  let nextConcert = 1;
  const fresh = async (overrides: Partial<QueueSettings> = {}) => ({
    ...(await createStore({ ...settings, ...overrides })),
    concert: nextConcert++,
  });
  const T0 = 1_800_000_000_000;

  describe(`${name} queue store`, () => {
    it('lets the first users straight in while slots are free, idempotently', async () => {
      const { store, concert } = await fresh();
      const first = await store.enter(concert, 1, T0);
      expect(first.status).toBe('IMMEDIATE_ENTRY');
      const again = await store.enter(concert, 1, T0 + 10);
      expect(again).toEqual(first);
      expect((await store.enter(concert, 2, T0)).status).toBe('IMMEDIATE_ENTRY');
      expect(await store.enter(concert, 3, T0)).toEqual({ status: 'WAITING', rank: 1 });
      expect(await store.enter(concert, 4, T0)).toEqual({ status: 'WAITING', rank: 2 });
      expect(await store.enter(concert, 4, T0 + 5)).toEqual({ status: 'WAITING', rank: 2 });
    });

    it('gives keys of at least 128 bits, valid only for their user and concert', async () => {
      const { store, concert } = await fresh();
      const entry = await store.enter(concert, 1, T0);
      if (entry.status !== 'IMMEDIATE_ENTRY') throw new Error('expected entry');
      expect(Buffer.from(entry.accessKey, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(await store.keyExpiry(concert, 1, entry.accessKey, T0 + 1)).toBe(
        T0 + settings.keyTtlMs,
      );
      expect(await store.keyExpiry(concert, 2, entry.accessKey, T0 + 1)).toBeNull();
      expect(await store.keyExpiry(concert + 1000, 1, entry.accessKey, T0 + 1)).toBeNull();
      expect(await store.keyExpiry(concert, 1, 'forged-key', T0 + 1)).toBeNull();
    });

    it('reports the status of admitted, waiting and unknown users', async () => {
      const { store, concert } = await fresh({ capacity: 1 });
      const entry = await store.enter(concert, 1, T0);
      await store.enter(concert, 2, T0);
      expect(await store.status(concert, 1, T0)).toEqual({
        status: 'ADMITTED',
        accessKey: entry.status === 'IMMEDIATE_ENTRY' ? entry.accessKey : '',
      });
      expect(await store.status(concert, 2, T0)).toEqual({ status: 'WAITING', rank: 1 });
      expect(await store.status(concert, 3, T0)).toEqual({ status: 'EXPIRED_OR_NOT_IN_QUEUE' });
    });

    it('admits in arrival order when a slot frees, and reports the changed ranks', async () => {
      const { store, concert } = await fresh({ capacity: 1 });
      await store.enter(concert, 10, T0);
      for (const user of [11, 12, 13]) await store.enter(concert, user, T0);
      expect(await store.tick(concert, T0 + 1)).toEqual({
        admitted: [],
        rankChanges: [],
        dropped: [],
      });
      await store.release(concert, 10, T0 + 2);
      const tick = await store.tick(concert, T0 + 3);
      expect(tick.admitted.map((a) => a.userId)).toEqual([11]);
      expect(tick.rankChanges).toEqual([
        { userId: 12, rank: 1 },
        { userId: 13, rank: 2 },
      ]);
      const key = tick.admitted[0]?.accessKey ?? '';
      expect(await store.keyExpiry(concert, 11, key, T0 + 4)).not.toBeNull();
      expect(await store.status(concert, 11, T0 + 4)).toEqual({
        status: 'ADMITTED',
        accessKey: key,
      });
    });

    it('a released key stays valid until its TTL but frees the slot', async () => {
      const { store, concert } = await fresh({ capacity: 1 });
      const entry = await store.enter(concert, 1, T0);
      const key = entry.status === 'IMMEDIATE_ENTRY' ? entry.accessKey : '';
      await store.release(concert, 1, T0 + 1);
      expect(await store.keyExpiry(concert, 1, key, T0 + 2)).toBe(T0 + settings.keyTtlMs);
      expect((await store.enter(concert, 2, T0 + 3)).status).toBe('IMMEDIATE_ENTRY');
      expect(await store.keyExpiry(concert, 1, key, T0 + settings.keyTtlMs + 1)).toBeNull();
    });

    it('an expired key frees its slot for the next waiting user', async () => {
      const { store, concert } = await fresh({ capacity: 1 });
      await store.enter(concert, 1, T0);
      await store.enter(concert, 2, T0);
      await store.touch(concert, 2, T0 + settings.keyTtlMs);
      expect((await store.tick(concert, T0 + settings.keyTtlMs - 1)).admitted).toEqual([]);
      const tick = await store.tick(concert, T0 + settings.keyTtlMs);
      expect(tick.admitted.map((a) => a.userId)).toEqual([2]);
      expect(await store.status(concert, 1, T0 + settings.keyTtlMs)).toEqual({
        status: 'EXPIRED_OR_NOT_IN_QUEUE',
      });
    });

    it('extend resets the TTL but never past the hard cap from admission', async () => {
      const { store, concert } = await fresh();
      const entry = await store.enter(concert, 1, T0);
      const key = entry.status === 'IMMEDIATE_ENTRY' ? entry.accessKey : '';
      expect(await store.extend(concert, 1, T0 + 60_000)).toEqual({ ttlMs: 120_000 });
      expect(await store.keyExpiry(concert, 1, key, T0 + 170_000)).toBe(T0 + 180_000);
      let now = T0;
      for (let i = 0; i < 12; i += 1) {
        now += 60_000;
        await store.extend(concert, 1, now);
      }
      expect(await store.keyExpiry(concert, 1, key, T0 + 600_000 - 1)).toBe(T0 + 600_000);
      expect(await store.keyExpiry(concert, 1, key, T0 + 600_000)).toBeNull();
      expect(await store.extend(concert, 1, T0 + 600_001)).toBeNull();
      expect(await store.extend(concert, 99, T0)).toBeNull();
    });

    it('extend after release re-takes the slot (the seat page remounting)', async () => {
      const { store, concert } = await fresh({ capacity: 1 });
      await store.enter(concert, 1, T0);
      await store.release(concert, 1, T0 + 1);
      expect(await store.extend(concert, 1, T0 + 2)).toEqual({ ttlMs: 120_000 });
      expect(await store.enter(concert, 2, T0 + 3)).toEqual({ status: 'WAITING', rank: 1 });
    });

    it('drops a waiting user not seen within the grace period, and keeps one who was', async () => {
      const { store, concert } = await fresh({
        capacity: 1,
        waitingGraceMs: 300_000,
        keyTtlMs: 600_000,
      });
      await store.enter(concert, 1, T0);
      await store.enter(concert, 2, T0);
      await store.enter(concert, 3, T0);
      await store.touch(concert, 3, T0 + 200_000);
      const tick = await store.tick(concert, T0 + 300_000);
      expect(tick.dropped).toEqual([2]);
      expect(tick.rankChanges).toEqual([{ userId: 3, rank: 1 }]);
      expect(await store.status(concert, 2, T0 + 300_001)).toEqual({
        status: 'EXPIRED_OR_NOT_IN_QUEUE',
      });
    });

    it('never admits more than the capacity under parallel entries, and ranks are unique', async () => {
      const { store, concert } = await fresh({ capacity: 10 });
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) => store.enter(concert, 100 + i, T0)),
      );
      const admitted = results.filter((r) => r.status === 'IMMEDIATE_ENTRY');
      const ranks = results.flatMap((r) => (r.status === 'WAITING' ? [r.rank] : []));
      expect(admitted).toHaveLength(10);
      expect([...ranks].sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    });

    it('lists concerts with a waiting room until it empties', async () => {
      const { store, concert } = await fresh({ keyTtlMs: 1_000 });
      await store.enter(concert, 1, T0);
      expect(await store.activeConcerts()).toContain(concert);
      await store.tick(concert, T0 + 1_000);
      expect(await store.activeConcerts()).not.toContain(concert);
    });

    it('closes a concert: every place and key ends, other concerts keep theirs', async () => {
      const { store, concert } = await fresh({ capacity: 1 });
      const entry = await store.enter(concert, 1, T0);
      if (entry.status !== 'IMMEDIATE_ENTRY') throw new Error('expected entry');
      await store.enter(concert, 2, T0);
      const other = await store.enter(concert + 500, 1, T0);
      if (other.status !== 'IMMEDIATE_ENTRY') throw new Error('expected entry');
      await store.closeConcert(concert);
      expect(await store.keyExpiry(concert, 1, entry.accessKey, T0 + 1)).toBeNull();
      expect(await store.status(concert, 1, T0 + 1)).toEqual({ status: 'EXPIRED_OR_NOT_IN_QUEUE' });
      expect(await store.status(concert, 2, T0 + 1)).toEqual({ status: 'EXPIRED_OR_NOT_IN_QUEUE' });
      expect(await store.activeConcerts()).not.toContain(concert);
      expect(await store.keyExpiry(concert + 500, 1, other.accessKey, T0 + 1)).not.toBeNull();
      // A new room starts empty: the next user goes straight in.
      expect((await store.enter(concert, 3, T0 + 2)).status).toBe('IMMEDIATE_ENTRY');
    });

    it('counts an entry rate limit in the same step, and refuses past it without entering', async () => {
      const { store, counters, concert } = await fresh();
      const limit = (user: number) => ({
        counters: [
          { key: `contract-enter:${concert}:user:${user}`, max: 2 },
          { key: `contract-enter:${concert}:ip`, max: 3 },
        ],
        windowSeconds: 60,
      });
      expect((await store.enter(concert, 1, T0, limit(1))).status).toBe('IMMEDIATE_ENTRY');
      expect((await store.enter(concert, 1, T0, limit(1))).status).toBe('IMMEDIATE_ENTRY');
      expect(await store.enter(concert, 1, T0, limit(1))).toEqual({ status: 'RATE_LIMITED' });
      // The shared counter (per IP) refuses another user once it passes its own maximum.
      expect(await store.enter(concert, 2, T0, limit(2))).toEqual({ status: 'RATE_LIMITED' });
      // Nothing of a refused entry reached the queue: user 2 holds no key and no place.
      expect(await store.status(concert, 2, T0)).toEqual({ status: 'EXPIRED_OR_NOT_IN_QUEUE' });
      // The counts are the counter store's own, windows included.
      expect(await counters.get(`contract-enter:${concert}:user:1`)).toBe(3);
      expect(await counters.get(`contract-enter:${concert}:user:2`)).toBe(1);
      expect(await counters.get(`contract-enter:${concert}:ip`)).toBe(4);
    });

    it('orders the queue by entry time, and the next tick tells whoever a place was taken ahead of', async () => {
      const { store, concert } = await fresh({ capacity: 1 });
      await store.enter(concert, 1, T0);
      await store.enter(concert, 2, T0 + 20);
      await store.enter(concert, 3, T0 + 30);
      // Stamped by a clock 20 ms behind (another instance's): ahead of the later entries.
      expect(await store.enter(concert, 4, T0 + 10)).toEqual({ status: 'WAITING', rank: 1 });
      expect(await store.status(concert, 2, T0 + 40)).toEqual({ status: 'WAITING', rank: 2 });
      expect(await store.status(concert, 3, T0 + 40)).toEqual({ status: 'WAITING', rank: 3 });
      // No admission in this tick, yet the ranks moved since the last one: told once.
      const tick = await store.tick(concert, T0 + 50);
      expect(tick.admitted).toEqual([]);
      expect(tick.rankChanges).toEqual([
        { userId: 4, rank: 1 },
        { userId: 2, rank: 2 },
        { userId: 3, rank: 3 },
      ]);
      expect((await store.tick(concert, T0 + 60)).rankChanges).toEqual([]);
      // Entries of one millisecond stay in arrival order.
      for (const user of [9, 8, 7]) await store.enter(concert, user, T0 + 70);
      expect(await store.status(concert, 9, T0 + 80)).toEqual({ status: 'WAITING', rank: 4 });
      expect(await store.status(concert, 7, T0 + 80)).toEqual({ status: 'WAITING', rank: 6 });
    });

    it('moves a waiting user to another queue by their original entry time', async () => {
      const { store, concert } = await fresh({ capacity: 1 });
      const target = concert + 700;
      await store.enter(target, 100, T0);
      await store.enter(target, 2, T0 + 5);
      await store.enter(target, 3, T0 + 20);
      await store.enter(concert, 200, T0);
      await store.enter(concert, 1, T0 + 10);
      await store.enter(concert, 4, T0 + 30);
      const later = T0 + 60_000;
      // Entered at T0+10: behind user 2 (T0+5), ahead of user 3 (T0+20).
      expect(await store.move(concert, target, 1, later)).toEqual({ status: 'WAITING', rank: 2 });
      expect(await store.move(concert, target, 4, later)).toEqual({ status: 'WAITING', rank: 4 });
      expect(await store.status(target, 2, later)).toEqual({ status: 'WAITING', rank: 1 });
      expect(await store.status(target, 3, later)).toEqual({ status: 'WAITING', rank: 3 });
      // The source place is gone.
      expect(await store.status(concert, 1, later)).toEqual({ status: 'EXPIRED_OR_NOT_IN_QUEUE' });
      expect(await store.stats(concert, later)).toEqual({ waiting: 0, admitted: 1 });
      expect(await store.stats(target, later)).toEqual({ waiting: 4, admitted: 1 });
      // The next tick tells everyone from the moved place on their rank.
      expect((await store.tick(target, later + 1)).rankChanges).toEqual([
        { userId: 1, rank: 2 },
        { userId: 3, rank: 3 },
        { userId: 4, rank: 4 },
      ]);
      // Admission follows the same order; the move counted as presence (no drop for absence).
      await store.release(target, 100, later + 2);
      const tick = await store.tick(target, later + 3);
      expect(tick.admitted.map((a) => a.userId)).toEqual([2]);
      await store.release(target, 2, later + 4);
      expect((await store.tick(target, later + 5)).admitted.map((a) => a.userId)).toEqual([1]);
    });

    it('refuses to move a user who is not waiting in the source queue, changing nothing', async () => {
      const { store, concert } = await fresh({ capacity: 1 });
      const target = concert + 700;
      const entry = await store.enter(concert, 1, T0);
      if (entry.status !== 'IMMEDIATE_ENTRY') throw new Error('expected entry');
      await store.enter(target, 5, T0);
      // Admitted is not waiting; user 9 never entered.
      expect(await store.move(concert, target, 1, T0 + 1)).toEqual({ status: 'NOT_WAITING' });
      expect(await store.move(concert, target, 9, T0 + 1)).toEqual({ status: 'NOT_WAITING' });
      expect(await store.status(concert, 1, T0 + 1)).toEqual({
        status: 'ADMITTED',
        accessKey: entry.accessKey,
      });
      expect(await store.status(target, 1, T0 + 1)).toEqual({ status: 'EXPIRED_OR_NOT_IN_QUEUE' });
      expect(await store.stats(target, T0 + 1)).toEqual({ waiting: 0, admitted: 1 });
    });

    it('moves one place once, however many moves of it arrive together', async () => {
      const { store, concert } = await fresh({ capacity: 1 });
      const targets = [concert + 700, concert + 701, concert + 702];
      await store.enter(concert, 1, T0);
      await store.enter(concert, 2, T0 + 1);
      const results = await Promise.all(
        targets.map((target) => store.move(concert, target, 2, T0 + 2)),
      );
      expect(results.filter((r) => r.status === 'WAITING')).toEqual([
        { status: 'WAITING', rank: 1 },
      ]);
      expect(results.filter((r) => r.status === 'NOT_WAITING')).toHaveLength(2);
      const waiting = await Promise.all(
        targets.map(async (target) => (await store.stats(target, T0 + 2)).waiting),
      );
      expect(waiting.reduce((sum, n) => sum + n, 0)).toBe(1);
    });

    it('a mover keeps the earlier of two places, and a key already held in the target', async () => {
      const { store, concert } = await fresh({ capacity: 1 });
      const target = concert + 700;
      await store.enter(target, 100, T0);
      await store.enter(concert, 200, T0);
      await store.enter(target, 1, T0 + 50);
      await store.enter(target, 2, T0 + 60);
      await store.enter(concert, 1, T0 + 10);
      await store.enter(concert, 2, T0 + 70);
      await store.enter(concert, 100, T0 + 80);
      // User 1's source place (T0+10) is earlier than their own target place (T0+50).
      expect(await store.move(concert, target, 1, T0 + 90)).toEqual({ status: 'WAITING', rank: 1 });
      // User 2's target place (T0+60) is earlier than the source one (T0+70).
      expect(await store.move(concert, target, 2, T0 + 90)).toEqual({ status: 'WAITING', rank: 2 });
      expect(await store.stats(target, T0 + 90)).toEqual({ waiting: 2, admitted: 1 });
      // User 100 holds the target's key: the move gives up the source place and answers it.
      const key = await store.status(target, 100, T0 + 90);
      expect(await store.move(concert, target, 100, T0 + 90)).toEqual(key);
      expect(await store.stats(concert, T0 + 90)).toEqual({ waiting: 0, admitted: 1 });
    });

    it('a move into a queue nobody waits in lists it for the admission tick', async () => {
      const { store, concert } = await fresh({ capacity: 1 });
      const target = concert + 700;
      await store.enter(concert, 1, T0);
      await store.enter(concert, 2, T0 + 1);
      expect(await store.move(concert, target, 2, T0 + 2)).toEqual({ status: 'WAITING', rank: 1 });
      expect(await store.activeConcerts()).toContain(target);
      const tick = await store.tick(target, T0 + 3);
      expect(tick.admitted.map((a) => a.userId)).toEqual([2]);
      expect(await store.status(target, 2, T0 + 4)).toEqual({
        status: 'ADMITTED',
        accessKey: tick.admitted[0]?.accessKey,
      });
    });

    it('counts waiting users and taken slots, without released or expired keys', async () => {
      const { store, concert } = await fresh({ capacity: 2, keyTtlMs: 10_000 });
      expect(await store.stats(concert, T0)).toEqual({ waiting: 0, admitted: 0 });
      for (const user of [1, 2, 3, 4, 5]) await store.enter(concert, user, T0);
      expect(await store.stats(concert, T0)).toEqual({ waiting: 3, admitted: 2 });
      // A released key still works but frees its slot; the tick then admits the next user.
      await store.release(concert, 1, T0 + 1);
      expect(await store.stats(concert, T0 + 1)).toEqual({ waiting: 3, admitted: 1 });
      await store.tick(concert, T0 + 2);
      expect(await store.stats(concert, T0 + 2)).toEqual({ waiting: 2, admitted: 2 });
      // Keys past their TTL take no slot, even before a tick removes them.
      expect(await store.stats(concert, T0 + 10_003)).toEqual({ waiting: 2, admitted: 0 });
    });
  });
}
