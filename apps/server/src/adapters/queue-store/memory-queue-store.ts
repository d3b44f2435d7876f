import { randomFillSync } from 'node:crypto';
import type { CounterStorePort } from '../counter-store/counter-store';
import type {
  EnterResult,
  MoveResult,
  QueueSettings,
  QueueStatusResult,
  QueueStorePort,
  TickResult,
} from './queue-store';

interface KeyState {
  accessKey: string;
  admittedAt: number;
  expiresAt: number;
  /** False once released: the key still works, but its slot is free for someone else. */
  active: boolean;
}

interface WaitingPlace {
  /** Epoch ms of the user's first entry; a move to another concert's queue keeps it. */
  enteredAt: number;
  /** Store-wide arrival number: the order among entries of the same millisecond. */
  arrival: number;
  lastSeen: number;
}

interface ConcertQueue {
  /** userId -> place, kept in queue order (entry time, then arrival): Map keeps insertion order. */
  waiting: Map<number, WaitingPlace>;
  keys: Map<number, KeyState>;
  /**
   * The latest place ever appended (it may have left since): a place not before it is simply
   * appended, which is every entry but a move or a clock that stepped back.
   */
  last: WaitingPlace | null;
  /** 0-based position of the first place taken ahead of others since the last tick. */
  shiftedFrom: number | null;
}

const comesBefore = (a: WaitingPlace, b: WaitingPlace): boolean =>
  a.enteredAt < b.enteredAt || (a.enteredAt === b.enteredAt && a.arrival < b.arrival);

const KEY_BYTES = 16;
/**
 * Fresh random bytes drawn 4 KB at a time, each byte handed out once: one system call per 256
 * keys instead of one per key (crypto.randomUUID keeps a cache the same way). A rush of queue
 * entries hands out thousands of keys a second.
 */
const keyEntropy = Buffer.alloc(256 * KEY_BYTES);
let keyOffset = keyEntropy.length;

/** 128 random bits, URL-safe: the access key is a bearer token for the seat routes. */
export function newAccessKey(): string {
  if (keyOffset + KEY_BYTES > keyEntropy.length) {
    randomFillSync(keyEntropy);
    keyOffset = 0;
  }
  const key = keyEntropy.toString('base64url', keyOffset, keyOffset + KEY_BYTES);
  keyOffset += KEY_BYTES;
  return key;
}

/**
 * The waiting room in process memory (embedded mode). Queue places do not survive a restart,
 * which product-rules accept for the embedded mode; all the rules are the same as Redis's.
 */
export function createMemoryQueueStore(
  settings: QueueSettings,
  counters: CounterStorePort,
): QueueStorePort {
  const queues = new Map<number, ConcertQueue>();
  let arrivals = 0;

  const queueOf = (concertId: number): ConcertQueue => {
    let queue = queues.get(concertId);
    if (!queue) {
      queue = { waiting: new Map(), keys: new Map(), last: null, shiftedFrom: null };
      queues.set(concertId, queue);
    }
    return queue;
  };

  /** Puts a user (not waiting yet) at their place by entry time; returns the 1-based rank. */
  const insertPlace = (queue: ConcertQueue, userId: number, place: WaitingPlace): number => {
    if (!queue.last || !comesBefore(place, queue.last)) {
      queue.waiting.set(userId, place);
      queue.last = place;
      return queue.waiting.size;
    }
    // Rare (a move, a clock stepping back): the map is rebuilt with the place inside, O(n).
    const ordered = new Map<number, WaitingPlace>();
    let rank = 0;
    for (const [id, other] of queue.waiting) {
      if (rank === 0 && comesBefore(place, other)) {
        ordered.set(userId, place);
        rank = ordered.size;
      }
      ordered.set(id, other);
    }
    queue.waiting = ordered;
    if (rank === 0) {
      ordered.set(userId, place);
      queue.last = place;
      return ordered.size;
    }
    queue.shiftedFrom = Math.min(queue.shiftedFrom ?? rank - 1, rank - 1);
    return rank;
  };

  const liveKey = (queue: ConcertQueue, userId: number, now: number): KeyState | undefined => {
    const key = queue.keys.get(userId);
    return key && key.expiresAt > now ? key : undefined;
  };

  const activeCount = (queue: ConcertQueue, now: number): number => {
    let count = 0;
    for (const key of queue.keys.values()) if (key.active && key.expiresAt > now) count += 1;
    return count;
  };

  const rankOf = (queue: ConcertQueue, userId: number): number => {
    let rank = 0;
    for (const id of queue.waiting.keys()) {
      rank += 1;
      if (id === userId) return rank;
    }
    return 0;
  };

  const grant = (queue: ConcertQueue, userId: number, now: number): string => {
    const accessKey = newAccessKey();
    queue.keys.set(userId, {
      accessKey,
      admittedAt: now,
      expiresAt: now + Math.min(settings.keyTtlMs, settings.keyHardCapMs),
      active: true,
    });
    return accessKey;
  };

  return {
    async enter(concertId, userId, now, limit, whileKeyExists): Promise<EnterResult> {
      // Sessions with a Redis key exist only beside the Redis queue store.
      if (whileKeyExists !== undefined)
        throw new Error('whileKeyExists needs the Redis queue store');
      if (limit) {
        const counts = await counters.incrementEach(
          limit.counters.map((c) => c.key),
          limit.windowSeconds,
        );
        if (limit.counters.some((c, i) => (counts[i] ?? 0) > c.max)) {
          return { status: 'RATE_LIMITED' };
        }
      }
      const queue = queueOf(concertId);
      const key = liveKey(queue, userId, now);
      if (key?.active) return { status: 'IMMEDIATE_ENTRY', accessKey: key.accessKey };
      const place = queue.waiting.get(userId);
      if (place) {
        place.lastSeen = now;
        return { status: 'WAITING', rank: rankOf(queue, userId) };
      }
      if (queue.waiting.size === 0 && activeCount(queue, now) < settings.capacity) {
        if (key) {
          // A released key that is still alive takes its slot back instead of a second key.
          key.active = true;
          return { status: 'IMMEDIATE_ENTRY', accessKey: key.accessKey };
        }
        return { status: 'IMMEDIATE_ENTRY', accessKey: grant(queue, userId, now) };
      }
      arrivals += 1;
      const rank = insertPlace(queue, userId, { enteredAt: now, arrival: arrivals, lastSeen: now });
      return { status: 'WAITING', rank };
    },

    async move(fromConcertId, toConcertId, userId, now): Promise<MoveResult> {
      const source = queues.get(fromConcertId);
      const place = source?.waiting.get(userId);
      if (!source || !place) return { status: 'NOT_WAITING' };
      source.waiting.delete(userId);
      const target = queueOf(toConcertId);
      const key = liveKey(target, userId, now);
      if (key) return { status: 'ADMITTED', accessKey: key.accessKey };
      const moved: WaitingPlace = { ...place, lastSeen: now };
      const existing = target.waiting.get(userId);
      if (existing) {
        if (!comesBefore(moved, existing)) {
          existing.lastSeen = now;
          return { status: 'WAITING', rank: rankOf(target, userId) };
        }
        target.waiting.delete(userId);
      }
      return { status: 'WAITING', rank: insertPlace(target, userId, moved) };
    },

    async status(concertId, userId, now): Promise<QueueStatusResult> {
      const queue = queues.get(concertId);
      if (!queue) return { status: 'EXPIRED_OR_NOT_IN_QUEUE' };
      const key = liveKey(queue, userId, now);
      if (key) return { status: 'ADMITTED', accessKey: key.accessKey };
      const place = queue.waiting.get(userId);
      if (place) {
        place.lastSeen = now;
        return { status: 'WAITING', rank: rankOf(queue, userId) };
      }
      return { status: 'EXPIRED_OR_NOT_IN_QUEUE' };
    },

    async touch(concertId, userId, now) {
      const place = queues.get(concertId)?.waiting.get(userId);
      if (place) place.lastSeen = now;
    },

    async tick(concertId, now): Promise<TickResult> {
      const queue = queues.get(concertId);
      if (!queue) return { admitted: [], rankChanges: [], dropped: [] };
      for (const [userId, key] of queue.keys) if (key.expiresAt <= now) queue.keys.delete(userId);

      const ranksBefore = new Map<number, number>();
      let rank = 0;
      for (const userId of queue.waiting.keys()) ranksBefore.set(userId, (rank += 1));

      const dropped: number[] = [];
      for (const [userId, { lastSeen }] of queue.waiting) {
        if (lastSeen + settings.waitingGraceMs <= now) {
          queue.waiting.delete(userId);
          dropped.push(userId);
        }
      }
      const admitted: TickResult['admitted'] = [];
      let free = settings.capacity - activeCount(queue, now);
      for (const userId of queue.waiting.keys()) {
        if (free <= 0) break;
        queue.waiting.delete(userId);
        admitted.push({ userId, accessKey: grant(queue, userId, now) });
        free -= 1;
      }
      // Places taken ahead since the last tick moved everyone behind them, unannounced so far.
      const shiftedFrom = queue.shiftedFrom ?? Infinity;
      queue.shiftedFrom = null;
      const rankChanges: TickResult['rankChanges'] = [];
      rank = 0;
      for (const userId of queue.waiting.keys()) {
        rank += 1;
        const before = ranksBefore.get(userId) ?? 0;
        if (before !== rank || before > shiftedFrom) rankChanges.push({ userId, rank });
      }
      if (queue.waiting.size === 0 && queue.keys.size === 0) queues.delete(concertId);
      return { admitted, rankChanges, dropped };
    },

    async extend(concertId, userId, now) {
      const queue = queues.get(concertId);
      const key = queue && liveKey(queue, userId, now);
      if (!key) return null;
      key.expiresAt = Math.min(now + settings.keyTtlMs, key.admittedAt + settings.keyHardCapMs);
      key.active = true;
      return { ttlMs: key.expiresAt - now };
    },

    async release(concertId, userId, now) {
      const queue = queues.get(concertId);
      const key = queue && liveKey(queue, userId, now);
      if (key) key.active = false;
    },

    async keyExpiry(concertId, userId, accessKey, now) {
      const queue = queues.get(concertId);
      const key = queue && liveKey(queue, userId, now);
      return key && key.accessKey === accessKey ? key.expiresAt : null;
    },

    async stats(concertId, now) {
      const queue = queues.get(concertId);
      return queue
        ? { waiting: queue.waiting.size, admitted: activeCount(queue, now) }
        : { waiting: 0, admitted: 0 };
    },

    async activeConcerts() {
      return [...queues.keys()];
    },

    async closeConcert(concertId) {
      queues.delete(concertId);
    },
  };
}
