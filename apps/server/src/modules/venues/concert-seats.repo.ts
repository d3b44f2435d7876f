import { eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { concerts } from '../../db/schema/index';

/**
 * A drawn concert's seats as its seller manages them after creation (issue 25): promoter holds
 * (홀드석) released or killed, prices of unsold places changed, and the public per-grade counts.
 */

export async function findConcertLayout(
  db: DbOrTx,
  concertId: number,
  options: { lock?: boolean } = {},
): Promise<{ sellerId: number; status: string; seatLayout: unknown } | undefined> {
  const query = db
    .select({
      sellerId: concerts.sellerId,
      status: concerts.status,
      seatLayout: concerts.seatLayout,
    })
    .from(concerts)
    .where(eq(concerts.id, concertId))
    .limit(1);
  // Locked like the seller's edit and cancel lock it, so they and these changes take turns.
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The concert's seller alone (no layout: for a big hall that is megabytes). */
export async function findConcertSeller(
  db: DbOrTx,
  concertId: number,
): Promise<{ sellerId: number } | undefined> {
  const [row] = await db
    .select({ sellerId: concerts.sellerId })
    .from(concerts)
    .where(eq(concerts.id, concertId))
    .limit(1);
  return row;
}

/** Places on sale change when seats are killed (the concert's `totalSeats`). */
export async function adjustTotalSeats(db: DbOrTx, concertId: number, by: number): Promise<void> {
  await db
    .update(concerts)
    .set({ totalSeats: sql`${concerts.totalSeats} + ${by}` })
    .where(eq(concerts.id, concertId));
}

export async function saveConcertLayout(
  db: DbOrTx,
  concertId: number,
  seatLayout: unknown,
  now: Date,
): Promise<void> {
  await db.update(concerts).set({ seatLayout, updatedAt: now }).where(eq(concerts.id, concertId));
}

export interface GradeAvailabilityRow {
  code: string;
  name: string;
  price: number;
  color: string | null;
  totalPlaces: number;
  available: number;
  held: number;
  standing: boolean;
}

/**
 * Each grade with its places (not KILLED), the places a hold could take now (the same
 * condition as the hold script) and the promoter-held ones, in the seller's order.
 */
export async function findGradeAvailability(
  db: DbOrTx,
  concertId: number,
  now: Date,
): Promise<GradeAvailabilityRow[]> {
  const rows = await queryRows<{
    code: string | null;
    name: string;
    price: number;
    color: string | null;
    total_places: number;
    available: number;
    held: number;
    standing: boolean | null;
  }>(
    db,
    sql`select g.code, g.name, g.price, g.color,
               (count(s.id) filter (where s.block is distinct from 'KILLED'))::int as total_places,
               (count(s.id) filter (where s.status = 'AVAILABLE'
                  or (s.status = 'RESERVED' and s.hold_expires_at <= ${now}
                      and s.booking_id is null)))::int as available,
               (count(s.id) filter (where s.block = 'HELD'))::int as held,
               bool_and(s.standing) as standing
        from seat_grades g left join concert_seats s on s.grade_id = g.id
        where g.concert_id = ${concertId}
        group by g.id
        order by g.sort_order, g.id`,
  );
  return rows.map((r) => ({
    code: r.code ?? r.name,
    name: r.name,
    price: Number(r.price),
    color: r.color,
    totalPlaces: Number(r.total_places),
    available: Number(r.available),
    held: Number(r.held),
    standing: Boolean(r.standing),
  }));
}

export interface ChangedSeat {
  id: number;
  section: string;
  rowNumber: number;
  seatNumber: number;
}

const toChanged = (
  rows: Array<{ id: number; section: string; row_number: number; seat_number: number }>,
) =>
  rows.map((r) => ({
    id: Number(r.id),
    section: r.section,
    rowNumber: Number(r.row_number),
    seatNumber: Number(r.seat_number),
  }));

/** HELD seats (the given ones, or all) go on sale at once; returns the seats released. */
export async function releaseHeldSeats(
  tx: DbOrTx,
  concertId: number,
  seatIds: readonly number[] | 'all',
  now: Date,
): Promise<ChangedSeat[]> {
  const which = seatIds === 'all' ? sql`true` : sql`id = any(${`{${seatIds.join(',')}}`}::int[])`;
  return toChanged(
    await queryRows(
      tx,
      sql`update concert_seats set status = 'AVAILABLE', block = null, updated_at = ${now}
          where concert_id = ${concertId} and block = 'HELD' and status = 'UNAVAILABLE'
            and ${which}
          returning id, section, row_number, seat_number`,
    ),
  );
}

/**
 * Seats never to be sold: only free or promoter-held ones (a seat someone holds, is paying for
 * or bought is refused by the caller, which compares the counts).
 */
export async function killUnsoldSeats(
  tx: DbOrTx,
  concertId: number,
  seatIds: readonly number[],
  now: Date,
): Promise<ChangedSeat[]> {
  return toChanged(
    await queryRows(
      tx,
      sql`update concert_seats set status = 'UNAVAILABLE', block = 'KILLED', held_by_user_id = null,
            held_at = null, hold_expires_at = null, updated_at = ${now}
          where concert_id = ${concertId} and id = any(${`{${seatIds.join(',')}}`}::int[])
            and booking_id is null
            and (status = 'AVAILABLE' or (status = 'UNAVAILABLE' and block = 'HELD')
                 or (status = 'RESERVED' and hold_expires_at <= ${now}))
            and not exists (select 1 from tickets t where t.concert_seat_id = concert_seats.id)
          returning id, section, row_number, seat_number`,
    ),
  );
}

/** Seats of the concert among `seatIds` (to tell unknown ids from taken ones). */
export async function countConcertSeats(
  db: DbOrTx,
  concertId: number,
  seatIds: readonly number[],
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from concert_seats
        where concert_id = ${concertId} and id = any(${`{${seatIds.join(',')}}`}::int[])`,
  );
  return Number(row?.n ?? 0);
}

/** New prices per grade code; returns the codes changed. */
export async function updateGradePrices(
  tx: DbOrTx,
  concertId: number,
  prices: ReadonlyArray<{ code: string; price: number }>,
): Promise<string[]> {
  const rows = await queryRows<{ code: string }>(
    tx,
    sql`update seat_grades g set price = p.price
        from jsonb_to_recordset(${JSON.stringify(prices)}::jsonb) as p(code text, price int)
        where g.concert_id = ${concertId} and g.code = p.code
        returning g.code`,
  );
  return rows.map((r) => r.code);
}

/** Every seat of the concert with its state, in seat order (the seller's seat management). */
export async function findSellerSeats(
  db: DbOrTx,
  concertId: number,
): Promise<Array<{ seatId: number; seatInfo: string; status: string; block: string | null }>> {
  const rows = await queryRows<{ id: number; info: string; status: string; block: string | null }>(
    db,
    sql`select id, section || '-' || row_number || '-' || seat_number as info, status, block
        from concert_seats where concert_id = ${concertId} order by id`,
  );
  return rows.map((r) => ({
    seatId: Number(r.id),
    seatInfo: r.info,
    status: r.status,
    block: r.block,
  }));
}
