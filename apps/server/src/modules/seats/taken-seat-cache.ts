import type { EventBusPort } from '../../adapters/event-bus/event-bus';
import { seatChannel, type SeatChange } from './seat-channel';
import type { SeatRow } from './seats.repo';

export interface TakenSeat {
  concertId: number;
  /** The holder; null for a sold seat. */
  heldBy: number | null;
  booked: boolean;
  /** Epoch ms after which this entry says nothing. */
  until: number;
}

/** A lookup's starting point: null when changes of its concert are not being watched yet. */
export type TakenSeatStamp = number | null;

/**
 * What this instance last read from the database about seats that are taken, so that in a rush
 * (thousands of clicks on a few hundred seats, most of them on seats already gone) a click on a
 * seat held by someone else or sold is refused without a database transaction.
 *
 * It can only ever refuse, never grant: every hold still goes through the conditional UPDATE.
 * An entry ends at the hold's expiry, after `maxAgeMs` (a bound for a lost bus message), and as
 * soon as an instance announces a change of that seat on the concert's seat channel (release,
 * expiry, payment failure, cancellation all announce one). A database read that started before
 * an announcement of its concert is not remembered, so a seat freed meanwhile is not cached as
 * taken.
 */
export function createTakenSeatCache(deps: {
  bus: EventBusPort;
  maxAgeMs: number;
  /** A bound on memory; past it the cache starts over (it is only a shortcut). */
  maxEntries: number;
}) {
  const entries = new Map<number, TakenSeat>();
  /** Announcements seen per watched concert; a concert is watched once its subscription is live. */
  const generations = new Map<number, number>();
  const subscribing = new Set<number>();

  function watch(concertId: number): void {
    if (subscribing.has(concertId)) return;
    subscribing.add(concertId);
    deps.bus
      .subscribe(seatChannel(concertId), (message) => {
        generations.set(concertId, (generations.get(concertId) ?? 0) + 1);
        const seatIds = (message as Partial<SeatChange> | null)?.seatIds;
        if (Array.isArray(seatIds)) {
          for (const seatId of seatIds) entries.delete(Number(seatId));
        } else {
          // Cannot tell which seats: forget the concert's.
          for (const [seatId, entry] of entries) {
            if (entry.concertId === concertId) entries.delete(seatId);
          }
        }
      })
      .then(() => {
        if (!generations.has(concertId)) generations.set(concertId, 0);
      })
      .catch(() => subscribing.delete(concertId));
  }

  /** Call before reading the seat from the database; pass the result to `remember`. */
  function stamp(concertId: number): TakenSeatStamp {
    watch(concertId);
    return generations.get(concertId) ?? null;
  }

  /** The live entry for a seat of this concert, if any. */
  function lookup(concertId: number, seatId: number, nowMs: number): TakenSeat | undefined {
    const entry = entries.get(seatId);
    if (!entry) return undefined;
    if (entry.concertId !== concertId || entry.until <= nowMs) {
      entries.delete(seatId);
      return undefined;
    }
    return entry;
  }

  /** Remembers a seat the database showed taken, unless its concert changed since `seen`. */
  function remember(row: SeatRow, seen: TakenSeatStamp, nowMs: number): void {
    if (seen === null || generations.get(row.concertId) !== seen) return;
    const cap = nowMs + deps.maxAgeMs;
    let entry: TakenSeat | null = null;
    if (row.status === 'BOOKED') {
      entry = { concertId: row.concertId, heldBy: null, booked: true, until: cap };
    } else if (row.status === 'RESERVED' && row.holdExpiresAt) {
      const expires = row.holdExpiresAt.getTime();
      if (expires > nowMs) {
        entry = {
          concertId: row.concertId,
          heldBy: row.heldByUserId,
          booked: false,
          until: Math.min(expires, cap),
        };
      }
    }
    if (!entry) return;
    if (entries.size >= deps.maxEntries) entries.clear();
    entries.set(row.id, entry);
  }

  return { stamp, lookup, remember };
}

export type TakenSeatCache = ReturnType<typeof createTakenSeatCache>;
