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
 * expiry, payment failure, cancellation all announce one). A database read of a seat that started
 * before an announcement of that seat (or of its whole concert) is not remembered, so a seat
 * freed meanwhile is not cached as taken. The check is per seat, not per concert: in the first
 * second of a sale grants are announced every few milliseconds, and a per-concert check would
 * discard nearly every read just when the shortcut matters most.
 */
export function createTakenSeatCache(deps: {
  bus: EventBusPort;
  /** Epoch ms, the same clock as the `nowMs` arguments below. */
  now: () => number;
  maxAgeMs: number;
  /**
   * Source of the spread of entry ages (in [0, 1); tests pin it). Entries written in the same
   * instant, as in a sale's first second, would otherwise all lapse together every `maxAgeMs`
   * and send a burst of clicks back to the database at once.
   */
  random?: () => number;
  /** A bound on memory; past it the cache starts over (it is only a shortcut). */
  maxEntries: number;
}) {
  const entries = new Map<number, TakenSeat>();
  const random = deps.random ?? Math.random;
  /** When an entry written now stops answering, at the latest: between maxAge/2 and maxAge. */
  const ageBound = (nowMs: number) => nowMs + deps.maxAgeMs * (1 - random() / 2);
  /** Announcements seen per watched concert; a concert is watched once its subscription is live. */
  const generations = new Map<number, number>();
  /** The generation of each seat's latest announcement (seat ids are unique across concerts). */
  const seatAnnounced = new Map<number, number>();
  /** The generation of a concert's latest announcement that named no seats (all changed). */
  const concertAnnounced = new Map<number, number>();
  const subscribing = new Set<number>();

  function announceWholeConcert(concertId: number, generation: number): void {
    concertAnnounced.set(concertId, generation);
    for (const [seatId, entry] of entries) {
      if (entry.concertId === concertId) entries.delete(seatId);
    }
  }

  function watch(concertId: number): void {
    if (subscribing.has(concertId)) return;
    subscribing.add(concertId);
    deps.bus
      .subscribe(seatChannel(concertId), (message) => {
        const generation = (generations.get(concertId) ?? 0) + 1;
        generations.set(concertId, generation);
        const seatIds = (message as Partial<SeatChange> | null)?.seatIds;
        if (!Array.isArray(seatIds)) {
          // Cannot tell which seats: every read in flight and every entry of it is suspect.
          announceWholeConcert(concertId, generation);
          return;
        }
        if (seatAnnounced.size + seatIds.length > deps.maxEntries) {
          // Bounded memory: forgetting which seats were announced turns this announcement into
          // one of the whole concert for every watched concert, which is always safe.
          seatAnnounced.clear();
          for (const [watched, current] of generations) announceWholeConcert(watched, current);
        }
        for (const seatId of seatIds) {
          seatAnnounced.set(Number(seatId), generation);
          entries.delete(Number(seatId));
        }
        // A grant says what the seat is now; changes of one seat are announced in the order they
        // were committed (a holder learns of a hold only after its announcement went out).
        const held = (message as Partial<SeatChange>).held;
        if (!Array.isArray(held)) return;
        const nowMs = deps.now();
        for (const hold of held) {
          if (!seatIds.includes(hold.seatId) || hold.expiresAt <= nowMs) continue;
          if (entries.size >= deps.maxEntries) entries.clear();
          entries.set(hold.seatId, {
            concertId,
            heldBy: hold.userId,
            booked: false,
            until: Math.min(hold.expiresAt, ageBound(nowMs)),
          });
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

  /** True when the row may be out of date: its seat or concert was announced after `seen`. */
  function announcedSince(row: SeatRow, seen: TakenSeatStamp): boolean {
    if (seen === null) return true;
    return (
      (seatAnnounced.get(row.id) ?? 0) > seen || (concertAnnounced.get(row.concertId) ?? 0) > seen
    );
  }

  /** What a database row says about a taken seat, or null when it is free (or the hold expired). */
  function takenEntry(row: SeatRow, nowMs: number): TakenSeat | null {
    const cap = ageBound(nowMs);
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
    return entry;
  }

  /** Remembers a seat the database showed taken, unless it was announced since `seen`. */
  function remember(row: SeatRow, seen: TakenSeatStamp, nowMs: number): void {
    if (announcedSince(row, seen)) return;
    const entry = takenEntry(row, nowMs);
    if (!entry) return;
    if (entries.size >= deps.maxEntries) entries.clear();
    entries.set(row.id, entry);
  }

  /**
   * Hold attempts in flight on this instance, by seat. In the first second of a sale hundreds of
   * clicks land on the same few free seats; without this, all but the first would wait on that
   * row's lock inside the database, each holding one of the pool's few connections while the
   * winner's commit waits its turn on a busy event loop, and the pool jams for the whole rush.
   */
  const attempts = new Map<
    number,
    { seen: TakenSeatStamp; outcome: Promise<SeatRow | undefined> }
  >();

  /**
   * Registers a hold attempt on a seat, begun after `stamp`. Call `settle` with the seat row the
   * attempt's statement returned (claimed or not), or undefined when it failed.
   */
  function beginAttempt(seatId: number, seen: TakenSeatStamp) {
    let settle: (row: SeatRow | undefined) => void = () => undefined;
    const attempt = {
      seen,
      outcome: new Promise<SeatRow | undefined>((resolve) => {
        settle = resolve;
      }),
    };
    attempts.set(seatId, attempt);
    return {
      settle(row: SeatRow | undefined) {
        settle(row);
        if (attempts.get(seatId) === attempt) attempts.delete(seatId);
      },
    };
  }

  /**
   * Waits for the attempt in flight on this seat, if any, and says whether its outcome shows the
   * seat taken. That outcome is as fresh as a read of our own: the attempt's statement ran no
   * earlier than this click's arrival, or just before it, with no announcement of the seat since.
   */
  async function takenAfterAttemptInFlight(
    concertId: number,
    seatId: number,
    now: () => number,
  ): Promise<TakenSeat | undefined> {
    const attempt = attempts.get(seatId);
    if (!attempt) return undefined;
    const row = await attempt.outcome;
    if (!row || row.concertId !== concertId || announcedSince(row, attempt.seen)) return undefined;
    return takenEntry(row, now()) ?? undefined;
  }

  return { stamp, lookup, remember, beginAttempt, takenAfterAttemptInFlight };
}

export type TakenSeatCache = ReturnType<typeof createTakenSeatCache>;
