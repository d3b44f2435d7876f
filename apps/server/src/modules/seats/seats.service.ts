import {
  limits,
  seatMessages,
  type SeatEntry,
  type SeatStatus,
  type SeatSummary,
} from '@curtaincall/contracts';
import type { EventBusPort } from '../../adapters/event-bus/event-bus';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import type { SaleMetrics } from '../../lib/sale-metrics';
import { toSeoulDateTime } from '../../lib/seoul-time';
import type { SessionUser } from '../auth/auth.policy';
import type { ConcertsService } from '../concerts/concerts.service';
import { seatChannel, type HeldSeat, type SeatChange } from './seat-channel';
import { createTakenSeatCache } from './taken-seat-cache';
import {
  attemptHold,
  attemptStandingHold,
  lockPendingBookingOf,
  countSeatsBySection,
  findSeats,
  findSeatsHeldBy,
  findSeatsChangedSince,
  freeExpiredHolds,
  releaseHold,
  type SeatRow,
} from './seats.repo';

/**
 * The per-user hold lock, part of this module's public surface: another module's transaction
 * that must not run alongside a hold of the same user (a booking taking the held seats) takes it.
 */
export { lockUserHolds } from './seats.repo';

/** Seats one user may hold per concert at once (product-rules.md §4; the contracts' limit). */
export const MAX_HELD_SEATS = limits.maxHeldSeats;
/** Expired holds freed per statement, so one sweep never holds thousands of row locks for long. */
const SWEEP_BATCH = 2_000;
/** Batches per sweep at most; the next sweep, 250 ms later, takes the rest. */
const SWEEP_ROUNDS = 10;

/** The bus channel that carries a concert's seat changes to long polls on every instance. */
export { seatChannel, type SeatChange } from './seat-channel';

/** How long a seat read as taken may refuse clicks without the database (lost-message bound). */
const TAKEN_SEAT_MAX_AGE_MS = 2_000;

/**
 * Seat holds (product-rules.md §4). The database row is the source of truth: a hold is one
 * conditional UPDATE, the two-seat limit is checked under a per-user lock in the same short
 * transaction, and no network I/O happens inside it. Changes are published after commit.
 */
export function createSeatsService(deps: {
  db: Database;
  bus: EventBusPort;
  concerts: ConcertsService;
  clock: Clock;
  holdSeconds: number;
  metrics?: SaleMetrics;
}) {
  const { db, bus, concerts, clock } = deps;

  function toEntry(row: SeatRow, userId: number, now: Date): SeatEntry {
    // A hold that expired but was not swept yet is already free for everyone.
    const liveHold =
      row.status === 'RESERVED' &&
      row.holdExpiresAt !== null &&
      (row.bookingId !== null || row.holdExpiresAt > now);
    const status: SeatStatus =
      row.status === 'RESERVED' && !liveHold ? 'AVAILABLE' : (row.status as SeatStatus);
    const held = status === 'RESERVED' && row.holdExpiresAt !== null;
    const isMine = held && row.heldByUserId === userId;
    return {
      ...(isMine && row.bookingId !== null ? { paymentPending: true as const } : {}),
      concertId: row.concertId,
      seatId: row.id,
      seatInfo: `${row.section}-${row.rowNumber}-${row.seatNumber}`,
      status,
      isReservedByCurrentUser: isMine,
      reservedAt: held && row.heldAt ? toSeoulDateTime(row.heldAt) : null,
      expiresAt: held && row.holdExpiresAt ? toSeoulDateTime(row.holdExpiresAt) : null,
      remainingSeconds:
        held && row.holdExpiresAt
          ? Math.max(0, Math.floor((row.holdExpiresAt.getTime() - now.getTime()) / 1000))
          : null,
    };
  }

  const takenSeats = createTakenSeatCache({
    bus,
    now: () => clock.now().getTime(),
    maxAgeMs: TAKEN_SEAT_MAX_AGE_MS,
    maxEntries: 200_000,
  });

  async function publish(concertId: number, seatIds: number[], held?: HeldSeat[]): Promise<void> {
    const change: SeatChange = held ? { concertId, seatIds, held } : { concertId, seatIds };
    await bus.publish(seatChannel(concertId), change).catch(() => undefined);
  }

  async function listSeats(options: {
    user: SessionUser;
    concertId: number;
    section?: string;
  }): Promise<SeatEntry[]> {
    await concerts.assertConcertExists(options.concertId);
    const now = clock.now();
    const rows = await findSeats(db, options.concertId, { section: options.section });
    return rows.map((row) => toEntry(row, options.user.id, now));
  }

  /**
   * A big venue's overview: free and total seats per section (seat-map order) and the caller's
   * live holds, in two queries instead of the full status. 404 for an unknown concert.
   */
  async function summarizeSeats(options: {
    user: SessionUser;
    concertId: number;
  }): Promise<SeatSummary> {
    const { user, concertId } = options;
    const now = clock.now();
    const [sections, held] = await Promise.all([
      countSeatsBySection(db, concertId, now),
      findSeatsHeldBy(db, concertId, user.id),
    ]);
    // Every concert has seats, so only an empty answer needs the extra look-up (same 404 as
    // the status route) and the usual answer stays at two queries.
    if (sections.length === 0) await concerts.assertConcertExists(concertId);
    // Through toEntry so `mine` agrees with the status route on what a live hold is.
    const mine = held
      .map((row) => toEntry(row, user.id, now))
      .filter((entry) => entry.isReservedByCurrentUser);
    return { sections, mine };
  }

  /** Entries of some seats, as the given user sees them (long-poll answers). */
  async function describeSeats(options: {
    userId: number;
    concertId: number;
    seatIds: number[];
  }): Promise<SeatEntry[]> {
    const now = clock.now();
    const rows = await findSeats(db, options.concertId, { seatIds: options.seatIds });
    return rows.map((row) => toEntry(row, options.userId, now));
  }

  /** Raw rows of some seats, for answers computed per user (long polls). */
  function describeSeatRows(options: { concertId: number; seatIds: number[] }): Promise<SeatRow[]> {
    return findSeats(db, options.concertId, { seatIds: options.seatIds });
  }

  function describeSeatRowsChangedSince(options: {
    concertId: number;
    since: Date;
  }): Promise<SeatRow[]> {
    return findSeatsChangedSince(db, options.concertId, options.since);
  }

  /** Holds a seat for 5 minutes; holding your own seat again is idempotent (same expiry). */
  async function holdSeat(options: {
    user: SessionUser;
    concertId: number;
    seatId: number;
  }): Promise<{ entry: SeatEntry; alreadyHeld: boolean }> {
    const { user, concertId, seatId } = options;
    const arrivedAt = clock.now();
    await concerts.assertOnSale(concertId, arrivedAt);
    // In a rush most clicks land on seats already gone: refuse those from what this instance
    // last read, without a transaction (never a grant: that is always the database's).
    const known = takenSeats.lookup(concertId, seatId, arrivedAt.getTime());
    if (known && known.heldBy !== user.id) {
      deps.metrics?.seatHold(concertId, 'taken');
      throw new AppError('B003', known.booked ? seatMessages.booked : seatMessages.heldByOther);
    }
    // A click on a seat another click is trying for right now waits for that attempt's outcome.
    const taken = await takenSeats.takenAfterAttemptInFlight(concertId, seatId, () =>
      clock.now().getTime(),
    );
    if (taken && taken.heldBy !== user.id) {
      deps.metrics?.seatHold(concertId, 'taken');
      throw new AppError('B003', taken.booked ? seatMessages.booked : seatMessages.heldByOther);
    }
    const seen = takenSeats.stamp(concertId);
    const inFlight = takenSeats.beginAttempt(seatId, seen);
    const now = clock.now();
    let attempt: Awaited<ReturnType<typeof attemptHold>>;
    try {
      attempt = await attemptHold(db, {
        concertId,
        seatId,
        userId: user.id,
        now,
        expiresAt: new Date(now.getTime() + deps.holdSeconds * 1000),
        maxHolds: MAX_HELD_SEATS,
      });
    } catch (error) {
      inFlight.settle(undefined);
      throw error;
    }
    const { seat, claimed } = attempt;
    // Committed by now: clicks that waited on this attempt may act on what it saw.
    inFlight.settle(claimed ?? seat);
    if (!seat) throw new AppError('B006', seatMessages.notFound);
    const mine =
      seat.status === 'RESERVED' &&
      seat.heldByUserId === user.id &&
      seat.holdExpiresAt !== null &&
      seat.holdExpiresAt > now;
    const result = claimed
      ? { row: claimed, alreadyHeld: false }
      : mine
        ? { row: seat, alreadyHeld: true }
        : undefined;
    if (!result) {
      takenSeats.remember(seat, seen, now.getTime());
      if (attempt.liveHolds >= MAX_HELD_SEATS) {
        deps.metrics?.seatHold(concertId, 'over_limit');
        throw new AppError('B012', seatMessages.limit);
      }
      if (seat.status === 'UNAVAILABLE') throw new AppError('B003', seatMessages.notForSale);
      const free =
        seat.status === 'AVAILABLE' ||
        (seat.status === 'RESERVED' &&
          seat.bookingId === null &&
          seat.holdExpiresAt !== null &&
          seat.holdExpiresAt <= now);
      // Free, under the limit and not claimed: an entry slot, which its zone's hold gives in
      // order, or a companion seat whose wheelchair seat the caller does not hold (issue 25).
      if (free && attempt.standing) throw new AppError('B003', seatMessages.standingInOrder);
      if (free && attempt.companionOf !== null) {
        throw new AppError('B003', seatMessages.companionFirst);
      }
      deps.metrics?.seatHold(concertId, 'taken');
      throw new AppError(
        'B003',
        seat.status === 'BOOKED' ? seatMessages.booked : seatMessages.heldByOther,
      );
    }
    deps.metrics?.seatHold(concertId, result.alreadyHeld ? 'already_held' : 'granted');
    if (!result.alreadyHeld) {
      // Other clicks on this seat are refused from memory from now on, here and, once the
      // announcement arrives, on every instance.
      takenSeats.remember(result.row, seen, now.getTime());
      const { holdExpiresAt } = result.row;
      await publish(
        concertId,
        [seatId],
        holdExpiresAt
          ? [{ seatId, userId: user.id, expiresAt: holdExpiresAt.getTime() }]
          : undefined,
      );
    }
    return { entry: toEntry(result.row, user.id, now), alreadyHeld: result.alreadyHeld };
  }

  /**
   * Holds the lowest free entry number of a standing zone (issue 25), with a seat's rules: on
   * sale, 5 minutes, at most two places per fan. 404 for a zone the concert lacks.
   */
  async function holdStandingSlot(options: {
    user: SessionUser;
    concertId: number;
    section: string;
  }): Promise<SeatEntry> {
    const { user, concertId, section } = options;
    await concerts.assertOnSale(concertId, clock.now());
    const now = clock.now();
    const attempt = await attemptStandingHold(db, {
      concertId,
      section,
      userId: user.id,
      now,
      expiresAt: new Date(now.getTime() + deps.holdSeconds * 1000),
      maxHolds: MAX_HELD_SEATS,
    });
    if (!attempt.claimed) {
      if (attempt.zoneSlots === 0) throw new AppError('B006', seatMessages.standingUnknown);
      if (attempt.liveHolds >= MAX_HELD_SEATS) {
        deps.metrics?.seatHold(concertId, 'over_limit');
        throw new AppError('B012', seatMessages.limit);
      }
      deps.metrics?.seatHold(concertId, 'taken');
      throw new AppError('B003', seatMessages.standingFull);
    }
    deps.metrics?.seatHold(concertId, 'granted');
    const row = attempt.claimed;
    await publish(
      concertId,
      [row.id],
      row.holdExpiresAt
        ? [{ seatId: row.id, userId: user.id, expiresAt: row.holdExpiresAt.getTime() }]
        : undefined,
    );
    return toEntry(row, user.id, now);
  }

  /** Releases the caller's own hold (409 when not held, or when the hold already expired). */
  async function releaseSeat(options: {
    user: SessionUser;
    concertId: number;
    seatId: number;
  }): Promise<void> {
    const { user, concertId, seatId } = options;
    const now = clock.now();
    const [seat] = await findSeats(db, concertId, { seatIds: [seatId] });
    if (!seat) throw new AppError('B006', seatMessages.notFound);
    if (
      seat.status === 'RESERVED' &&
      seat.heldByUserId === user.id &&
      seat.holdExpiresAt &&
      seat.holdExpiresAt <= now
    ) {
      throw new AppError('B005', seatMessages.holdExpired);
    }
    const pendingBookingId = seat.heldByUserId === user.id ? seat.bookingId : null;
    const released =
      pendingBookingId === null
        ? await releaseHold(db, { concertId, seatId, userId: user.id, now })
        : // Removing a seat after closing the payment window: it leaves the unpaid booking.
          await db.transaction(async (tx) =>
            (await lockPendingBookingOf(tx, pendingBookingId, user.id))
              ? releaseHold(tx, { concertId, seatId, userId: user.id, now, pendingBookingId })
              : undefined,
          );
    if (!released) throw new AppError('B013', seatMessages.notHeld);
    await publish(concertId, [seatId]);
  }

  /**
   * The sweeper (every 250 ms): frees expired holds and tells every poller of their concerts.
   * A full batch means more are waiting (a sale's first holds all expire together), so it goes
   * on at once, up to SWEEP_ROUNDS batches, instead of waiting for the next tick.
   */
  async function expireHolds(): Promise<number> {
    let total = 0;
    for (let round = 0; round < SWEEP_ROUNDS; round += 1) {
      const freed = await freeExpiredHolds(db, clock.now(), SWEEP_BATCH);
      const byConcert = new Map<number, number[]>();
      for (const seat of freed) {
        const seatIds = byConcert.get(seat.concertId);
        if (seatIds) seatIds.push(seat.id);
        else byConcert.set(seat.concertId, [seat.id]);
      }
      await Promise.all([...byConcert].map(([concertId, seatIds]) => publish(concertId, seatIds)));
      total += freed.length;
      if (freed.length < SWEEP_BATCH) break;
    }
    return total;
  }

  return {
    listSeats,
    summarizeSeats,
    describeSeats,
    describeSeatRows,
    describeSeatRowsChangedSince,
    holdSeat,
    holdStandingSlot,
    releaseSeat,
    expireHolds,
    toEntry,
  };
}

export type SeatsService = ReturnType<typeof createSeatsService>;
