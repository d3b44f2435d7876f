import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  queryRows,
  runInOneTrip,
  sqlInteger,
  sqlText,
  sqlTimestamp,
  type Database,
  type DbOrTx,
} from '../../db/client';
import { concertSeats } from '../../db/schema/index';

export interface SeatRow {
  id: number;
  concertId: number;
  section: string;
  rowNumber: number;
  seatNumber: number;
  status: string;
  heldByUserId: number | null;
  heldAt: Date | null;
  holdExpiresAt: Date | null;
  bookingId: number | null;
}

const seatColumns = {
  id: concertSeats.id,
  concertId: concertSeats.concertId,
  section: concertSeats.section,
  rowNumber: concertSeats.rowNumber,
  seatNumber: concertSeats.seatNumber,
  status: concertSeats.status,
  heldByUserId: concertSeats.heldByUserId,
  heldAt: concertSeats.heldAt,
  holdExpiresAt: concertSeats.holdExpiresAt,
  bookingId: concertSeats.bookingId,
};

export async function findSeats(
  db: DbOrTx,
  concertId: number,
  options: { section?: string; seatIds?: number[] } = {},
): Promise<SeatRow[]> {
  const conditions = [eq(concertSeats.concertId, concertId)];
  if (options.section !== undefined) conditions.push(eq(concertSeats.section, options.section));
  if (options.seatIds) {
    if (options.seatIds.length === 0) return [];
    conditions.push(inArray(concertSeats.id, options.seatIds));
  }
  return db
    .select(seatColumns)
    .from(concertSeats)
    .where(and(...conditions))
    .orderBy(asc(concertSeats.id));
}

/** Seats of a concert changed after `since` (index concert_seats_updated_idx). */
export async function findSeatsChangedSince(
  db: DbOrTx,
  concertId: number,
  since: Date,
): Promise<SeatRow[]> {
  return db
    .select(seatColumns)
    .from(concertSeats)
    .where(and(eq(concertSeats.concertId, concertId), gt(concertSeats.updatedAt, since)))
    .orderBy(asc(concertSeats.id));
}

/** Seats the user holds on this concert, live or expired; the service decides which count. */
export async function findSeatsHeldBy(
  db: DbOrTx,
  concertId: number,
  userId: number,
): Promise<SeatRow[]> {
  return db
    .select(seatColumns)
    .from(concertSeats)
    .where(
      and(
        eq(concertSeats.concertId, concertId),
        eq(concertSeats.heldByUserId, userId),
        eq(concertSeats.status, 'RESERVED'),
      ),
    )
    .orderBy(asc(concertSeats.id));
}

export interface SectionSeatCount {
  section: string;
  totalSeats: number;
  available: number;
}

/**
 * Seats and free seats per section in one pass, in seat order (the seat map's `min(id)` order).
 * "Free" is exactly what a hold may claim (`attemptHold` below): AVAILABLE, or a hold that
 * expired without being swept yet and is not part of a booking; keep the two conditions the same.
 */
export async function countSeatsBySection(
  db: DbOrTx,
  concertId: number,
  now: Date,
): Promise<SectionSeatCount[]> {
  const rows = await queryRows<{ section: string; total_seats: number; available: number }>(
    db,
    sql`select section, count(*)::int as total_seats,
               (count(*) filter (where status = 'AVAILABLE'
                  or (status = 'RESERVED' and hold_expires_at <= ${now}
                      and booking_id is null)))::int as available
        from concert_seats
        where concert_id = ${concertId}
        group by section
        order by min(id)`,
  );
  return rows.map((r) => ({
    section: r.section,
    totalSeats: Number(r.total_seats),
    available: Number(r.available),
  }));
}

/**
 * Serialises every hold attempt of one user for one concert (transaction-scoped advisory lock),
 * so two parallel holds of different seats cannot both pass the two-seat limit.
 */
export async function lockUserHolds(tx: DbOrTx, concertId: number, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${concertId}::int, ${userId}::int)`);
}

/**
 * Locks the caller's unpaid booking that a held seat is attached to (the payment-success
 * transaction locks the same row first), so a release and a confirm of that booking never
 * interleave. False when it is no longer an unpaid booking of this user.
 */
export async function lockPendingBookingOf(
  tx: DbOrTx,
  bookingId: number,
  userId: number,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from bookings
          where id = ${bookingId} and user_id = ${userId} and status = 'PENDING_PAYMENT'
          for update`,
  );
  return rows.length > 0;
}

/**
 * Frees the user's own live hold; undefined when the seat is not held by them. A seat already
 * attached to the user's unpaid booking (`pendingBookingId`, locked by the caller) is freed and
 * detached: that booking can then never be confirmed, and a late payment for it is refunded.
 */
export async function releaseHold(
  db: DbOrTx,
  options: {
    concertId: number;
    seatId: number;
    userId: number;
    now: Date;
    pendingBookingId?: number;
  },
): Promise<SeatRow | undefined> {
  const [row] = await db
    .update(concertSeats)
    .set({
      status: 'AVAILABLE',
      heldByUserId: null,
      heldAt: null,
      holdExpiresAt: null,
      bookingId: null,
      updatedAt: options.now,
    })
    .where(
      and(
        eq(concertSeats.id, options.seatId),
        eq(concertSeats.concertId, options.concertId),
        eq(concertSeats.heldByUserId, options.userId),
        eq(concertSeats.status, 'RESERVED'),
        options.pendingBookingId === undefined
          ? sql`${concertSeats.bookingId} is null`
          : eq(concertSeats.bookingId, options.pendingBookingId),
      ),
    )
    .returning(seatColumns);
  return row;
}

/** Frees every hold that expired (not part of a booking); returns the freed seats. */
export async function freeExpiredHolds(
  db: DbOrTx,
  now: Date,
  limit: number,
): Promise<Array<{ id: number; concertId: number }>> {
  const rows = await queryRows<{ id: number; concert_id: number }>(
    db,
    sql`update concert_seats set status = 'AVAILABLE', held_by_user_id = null, held_at = null,
          hold_expires_at = null, updated_at = ${now}
        where id in (select id from concert_seats
                     where status = 'RESERVED' and hold_expires_at <= ${now} and booking_id is null
                     order by hold_expires_at limit ${limit}
                     for update skip locked)
        returning id, concert_id`,
  );
  return rows.map((r) => ({ id: Number(r.id), concertId: Number(r.concert_id) }));
}

export interface HoldAttempt {
  /** The seat as it was when the attempt started; undefined when it is not in this concert. */
  seat: SeatRow | undefined;
  /** The user's unexpired holds on this concert before the attempt. */
  liveHolds: number;
  /** The seat after a successful claim. */
  claimed: SeatRow | undefined;
  /** A companion seat's wheelchair seat (issue 25): only its holder may take this one. */
  companionOf: number | null;
  /** A standing zone's entry slot: given lowest first by the zone's own hold, never by id. */
  standing: boolean;
}

interface HoldAttemptRow {
  id: number;
  concert_id: number;
  section: string;
  row_number: number;
  seat_number: number;
  status: string;
  held_by_user_id: number | null;
  held_at: Date | string | null;
  hold_expires_at: Date | string | null;
  booking_id: number | null;
  live_holds: number;
  claimed: boolean;
  companion_of_seat_id: number | null;
  standing?: boolean;
}

const asDate = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value : new Date(value);

/**
 * The hold script, as SQL text with the given literals (the seat-race benchmark runs this same
 * text through pgbench, with its own variables in place of the literals). Two statements, sent
 * together in one round trip and run as one implicit transaction:
 * 1. the per-user lock (`lockUserHolds`), on its own, so that the second statement's snapshot,
 *    taken after the lock is granted, sees every hold this user committed before;
 * 2. one statement that reads the seat, counts the user's live holds and claims the seat only if
 *    it is free (or its hold expired without being swept: an expired hold never blocks) and the
 *    user holds fewer than `maxHolds`. The row lock of the UPDATE makes exactly one of any number
 *    of concurrent claims of one seat win.
 * One round trip matters in a rush: the seat's row lock is held from the claim to the commit,
 * and with separate statements that span included a turn of a busy event loop for each one.
 */
export function holdScript(literals: {
  concertId: string;
  seatId: string;
  userId: string;
  now: string;
  expiresAt: string;
  maxHolds: string;
}): string {
  const { concertId, seatId, userId, now, expiresAt, maxHolds } = literals;
  return `select pg_advisory_xact_lock(${concertId}::int, ${userId}::int);
with live as (
  select count(*)::int as n from concert_seats
  where concert_id = ${concertId} and held_by_user_id = ${userId}
    and status = 'RESERVED' and hold_expires_at > ${now}
), claimed as (
  update concert_seats set status = 'RESERVED', held_by_user_id = ${userId},
    held_at = ${now}, hold_expires_at = ${expiresAt}, updated_at = ${now}
  where id = ${seatId} and concert_id = ${concertId}
    and (status = 'AVAILABLE' or (status = 'RESERVED' and hold_expires_at <= ${now}
         and booking_id is null))
    and (select n from live) < ${maxHolds}
    and not standing
    and (companion_of_seat_id is null or exists (
      select 1 from concert_seats w
      where w.id = concert_seats.companion_of_seat_id and w.held_by_user_id = ${userId}
        and w.status = 'RESERVED'))
  returning id, concert_id, section, row_number, seat_number, status, held_by_user_id,
    held_at, hold_expires_at, booking_id
)
select c.id, c.concert_id, c.section, c.row_number, c.seat_number, c.status,
       c.held_by_user_id, c.held_at, c.hold_expires_at, c.booking_id,
       (select n from live) as live_holds, true as claimed, null::int as companion_of_seat_id,
       false as standing
  from claimed c
union all
select s.id, s.concert_id, s.section, s.row_number, s.seat_number, s.status,
       s.held_by_user_id, s.held_at, s.hold_expires_at, s.booking_id,
       (select n from live) as live_holds, false as claimed, s.companion_of_seat_id,
       s.standing
  from concert_seats s where s.id = ${seatId} and s.concert_id = ${concertId};`;
}

function holdRowToSeat(row: HoldAttemptRow): SeatRow {
  return {
    id: Number(row.id),
    concertId: Number(row.concert_id),
    section: row.section,
    rowNumber: Number(row.row_number),
    seatNumber: Number(row.seat_number),
    status: row.status,
    heldByUserId: row.held_by_user_id === null ? null : Number(row.held_by_user_id),
    heldAt: asDate(row.held_at),
    holdExpiresAt: asDate(row.hold_expires_at),
    bookingId: row.booking_id === null ? null : Number(row.booking_id),
  };
}

/** Runs the hold script (`holdScript`) for one click, in one round trip. */
export async function attemptHold(
  db: Database,
  options: {
    concertId: number;
    seatId: number;
    userId: number;
    now: Date;
    expiresAt: Date;
    maxHolds: number;
  },
): Promise<HoldAttempt> {
  const results = await runInOneTrip(
    db,
    holdScript({
      concertId: sqlInteger(options.concertId),
      seatId: sqlInteger(options.seatId),
      userId: sqlInteger(options.userId),
      now: sqlTimestamp(options.now),
      expiresAt: sqlTimestamp(options.expiresAt),
      maxHolds: sqlInteger(options.maxHolds),
    }),
  );
  const rows = (results[1] ?? []) as HoldAttemptRow[];

  const claimedRow = rows.find((row) => row.claimed);
  const before = rows.find((row) => !row.claimed);
  return {
    seat: before ? holdRowToSeat(before) : undefined,
    liveHolds: Number(rows[0]?.live_holds ?? 0),
    claimed: claimedRow ? holdRowToSeat(claimedRow) : undefined,
    companionOf:
      before?.companion_of_seat_id === null || before?.companion_of_seat_id === undefined
        ? null
        : Number(before.companion_of_seat_id),
    standing: before?.standing === true,
  };
}

/**
 * A standing zone's hold (issue 25): the lowest free entry number (입장번호) of the zone, under
 * the same per-user lock and limit as a seat. `for update skip locked` gives each of any number
 * of concurrent attempts a different slot, and a slot is a row, so the zone is never oversold.
 * `zoneSlots` tells an unknown zone (0) from a full one.
 */
export async function attemptStandingHold(
  db: Database,
  options: {
    concertId: number;
    section: string;
    userId: number;
    now: Date;
    expiresAt: Date;
    maxHolds: number;
  },
): Promise<{ claimed: SeatRow | undefined; liveHolds: number; zoneSlots: number }> {
  const concertId = sqlInteger(options.concertId);
  const userId = sqlInteger(options.userId);
  const now = sqlTimestamp(options.now);
  // The zone's name exactly as sent (a name may hold any character but '-').
  const section = sqlText(options.section);
  const results = await runInOneTrip(
    db,
    `select pg_advisory_xact_lock(${concertId}::int, ${userId}::int);
with live as (
  select count(*)::int as n from concert_seats
  where concert_id = ${concertId} and held_by_user_id = ${userId}
    and status = 'RESERVED' and hold_expires_at > ${now}
), pick as (
  select id from concert_seats
  where concert_id = ${concertId} and section = ${section} and standing
    and (status = 'AVAILABLE' or (status = 'RESERVED' and hold_expires_at <= ${now}
         and booking_id is null))
    and (select n from live) < ${sqlInteger(options.maxHolds)}
  order by row_number, seat_number
  limit 1
  for update skip locked
), claimed as (
  update concert_seats set status = 'RESERVED', held_by_user_id = ${userId},
    held_at = ${now}, hold_expires_at = ${sqlTimestamp(options.expiresAt)}, updated_at = ${now}
  where id = (select id from pick)
  returning id, concert_id, section, row_number, seat_number, status, held_by_user_id,
    held_at, hold_expires_at, booking_id
)
select c.*, (select n from live) as live_holds,
       (select count(*)::int from concert_seats
        where concert_id = ${concertId} and section = ${section} and standing) as zone_slots
  from (select 1) as one left join claimed c on true;`,
  );
  const [row] = (results[1] ?? []) as Array<
    HoldAttemptRow & { zone_slots: number; id: number | null }
  >;
  return {
    claimed: row && row.id !== null ? holdRowToSeat(row) : undefined,
    liveHolds: Number(row?.live_holds ?? 0),
    zoneSlots: Number(row?.zone_slots ?? 0),
  };
}
