import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { concerts } from '../../db/schema/index';
import type { ConcertRow } from '../concerts/concerts.service';

export type SellerConcertSortKey = 'createdAt' | 'title' | 'concertDate' | 'artist' | 'status';

const sortColumns = {
  createdAt: concerts.createdAt,
  title: concerts.title,
  concertDate: concerts.concertDate,
  artist: concerts.artist,
  status: concerts.status,
} as const;

/** One page of a seller's concerts in every status, and how many there are in all. */
export async function findSellerConcertPage(
  db: DbOrTx,
  options: {
    sellerId: number;
    sortBy: SellerConcertSortKey;
    sortDir: 'asc' | 'desc';
    page: number;
    size: number;
  },
): Promise<{ rows: ConcertRow[]; total: number }> {
  const order = options.sortDir === 'asc' ? asc : desc;
  const where = eq(concerts.sellerId, options.sellerId);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(concerts)
      .where(where)
      // Ties broken by id in the same direction, so pages never repeat or skip a concert.
      .orderBy(order(sortColumns[options.sortBy]), order(concerts.id))
      .limit(options.size)
      .offset(options.page * options.size),
    db.select({ total: count() }).from(concerts).where(where),
  ]);
  return { rows, total: Number(totalRow?.total ?? 0) };
}

/** A seller's concerts in one status, newest first. */
export async function findSellerConcertsByStatus(
  db: DbOrTx,
  sellerId: number,
  status: string,
): Promise<ConcertRow[]> {
  return db
    .select()
    .from(concerts)
    .where(and(eq(concerts.sellerId, sellerId), eq(concerts.status, status)))
    .orderBy(desc(concerts.createdAt), desc(concerts.id));
}

export async function countSellerConcerts(db: DbOrTx, sellerId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(concerts)
    .where(eq(concerts.sellerId, sellerId));
  return Number(row?.total ?? 0);
}

export async function findConcertRow(
  db: DbOrTx,
  concertId: number,
): Promise<ConcertRow | undefined> {
  const [row] = await db.select().from(concerts).where(eq(concerts.id, concertId)).limit(1);
  return row;
}

/** The concert row, locked until the transaction ends (edits and cancels of one concert queue). */
export async function lockConcert(db: DbOrTx, concertId: number): Promise<ConcertRow | undefined> {
  const [row] = await db
    .select()
    .from(concerts)
    .where(eq(concerts.id, concertId))
    .for('update')
    .limit(1);
  return row;
}

export async function updateConcertRow(
  db: DbOrTx,
  concertId: number,
  changes: Partial<typeof concerts.$inferInsert>,
): Promise<ConcertRow> {
  const [row] = await db
    .update(concerts)
    .set(changes)
    .where(eq(concerts.id, concertId))
    .returning();
  if (!row) throw new Error(`concert ${concertId} vanished during an update`);
  return row;
}

/**
 * Whether any ticket was sold or is being paid for: a booking awaiting payment or (issue 28) its
 * deposit, confirmed, or attended. Cancelled bookings sold nothing that still stands.
 */
export async function hasLiveBookings(db: DbOrTx, concertId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from bookings
        where concert_id = ${concertId}
          and status in ('PENDING_PAYMENT', 'AWAITING_DEPOSIT', 'CONFIRMED', 'COMPLETED')
        limit 1`,
  );
  return rows.length > 0;
}

/** Whether any seat of the concert is held, booked or named by a ticket. */
export async function hasTakenSeats(db: DbOrTx, concertId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from concert_seats s
        where s.concert_id = ${concertId}
          and (s.status <> 'AVAILABLE' or s.booking_id is not null
               or exists (select 1 from tickets t where t.concert_seat_id = s.id))
        limit 1`,
  );
  return rows.length > 0;
}

/**
 * Sold seats per concert: the tickets of paid, not cancelled bookings (CONFIRMED or COMPLETED)
 * that were not cancelled on their own (a per-seat cancel leaves its booking CONFIRMED), read
 * through the bookings (concert_id, status) index, so it costs what was sold. Concerts without
 * a sale are absent from the map.
 */
export async function countSoldSeats(
  db: DbOrTx,
  concertIds: number[],
): Promise<Map<number, number>> {
  if (concertIds.length === 0) return new Map();
  const ids = sql.join(
    concertIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ concert_id: number; sold: number }>(
    db,
    sql`select b.concert_id, count(t.id)::int as sold
        from bookings b join tickets t on t.booking_id = b.id
        where b.concert_id in (${ids}) and b.status in ('CONFIRMED', 'COMPLETED')
          and t.status = 'ACTIVE'
        group by b.concert_id`,
  );
  return new Map(rows.map((row) => [Number(row.concert_id), Number(row.sold)]));
}
