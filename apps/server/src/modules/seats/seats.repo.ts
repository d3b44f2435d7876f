import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
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

/**
 * Serialises every hold attempt of one user for one concert (transaction-scoped advisory lock),
 * so two parallel holds of different seats cannot both pass the two-seat limit.
 */
export async function lockUserHolds(tx: DbOrTx, concertId: number, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${concertId}::int, ${userId}::int)`);
}

/** The user's unexpired holds on this concert (held seats not yet in a booking count too). */
export async function countLiveHolds(
  tx: DbOrTx,
  concertId: number,
  userId: number,
  now: Date,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from concert_seats
        where concert_id = ${concertId} and held_by_user_id = ${userId}
          and status = 'RESERVED' and hold_expires_at > ${now}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * The hold itself: one conditional UPDATE that succeeds only on a free seat, or on a hold that
 * expired without being swept yet (an expired hold never blocks a seat). The row lock makes
 * exactly one of any number of concurrent attempts win.
 */
export async function claimSeat(
  tx: DbOrTx,
  options: { concertId: number; seatId: number; userId: number; now: Date; expiresAt: Date },
): Promise<SeatRow | undefined> {
  const [row] = await tx
    .update(concertSeats)
    .set({
      status: 'RESERVED',
      heldByUserId: options.userId,
      heldAt: options.now,
      holdExpiresAt: options.expiresAt,
      updatedAt: options.now,
    })
    .where(
      and(
        eq(concertSeats.id, options.seatId),
        eq(concertSeats.concertId, options.concertId),
        sql`(${concertSeats.status} = 'AVAILABLE' or (${concertSeats.status} = 'RESERVED'
              and ${concertSeats.holdExpiresAt} <= ${options.now} and ${concertSeats.bookingId} is null))`,
      ),
    )
    .returning(seatColumns);
  return row;
}

/** Frees the user's own live hold; undefined when the seat is not held by them. */
export async function releaseHold(
  db: DbOrTx,
  options: { concertId: number; seatId: number; userId: number; now: Date },
): Promise<SeatRow | undefined> {
  const [row] = await db
    .update(concertSeats)
    .set({
      status: 'AVAILABLE',
      heldByUserId: null,
      heldAt: null,
      holdExpiresAt: null,
      updatedAt: options.now,
    })
    .where(
      and(
        eq(concertSeats.id, options.seatId),
        eq(concertSeats.concertId, options.concertId),
        eq(concertSeats.heldByUserId, options.userId),
        eq(concertSeats.status, 'RESERVED'),
        sql`${concertSeats.bookingId} is null`,
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
