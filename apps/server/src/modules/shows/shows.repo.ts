import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  ne,
  notInArray,
  sql,
} from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { concerts, shows } from '../../db/schema/index';
import type { ConcertRow } from '../concerts/concerts.service';

export type ShowRow = typeof shows.$inferSelect;

/**
 * A performance as the show's screens read it: every column but the layout copy, which is
 * megabytes for a big hall and which nothing but a new performance's seats needs.
 */
export type PerformanceRow = Omit<ConcertRow, 'seatLayout'>;
const { seatLayout: _layoutCopy, ...performanceColumns } = getTableColumns(concerts);

/** Statuses in which a performance is over for good: shared edits and cancels leave it alone. */
export const closedStatuses = ['CANCELLED', 'COMPLETED'] as const;

/**
 * A new show of several performances, inserted before them (a plain concert's show of one is
 * made by `createConcertWithSeats` itself).
 */
export async function insertShow(
  db: DbOrTx,
  show: { sellerId: number; maxTicketsPerShow: number | null; createdAt: Date },
): Promise<{ id: number }> {
  const [row] = await db
    .insert(shows)
    .values({
      sellerId: show.sellerId,
      maxTicketsPerShow: show.maxTicketsPerShow,
      createdAt: show.createdAt,
      updatedAt: show.createdAt,
    })
    .returning({ id: shows.id });
  if (!row) throw new Error('insert into shows returned no row');
  return row;
}

/** The show's fields a seller edits once for all its open performances. */
export type SharedConcertChanges = Partial<
  Pick<
    ConcertRow,
    | 'title'
    | 'artist'
    | 'description'
    | 'venueName'
    | 'venueAddress'
    | 'minAge'
    | 'posterImageUrl'
    | 'aiSummary'
  >
>;

export async function findShow(db: DbOrTx, showId: number): Promise<ShowRow | undefined> {
  const [row] = await db.select().from(shows).where(eq(shows.id, showId)).limit(1);
  return row;
}

/**
 * The show, locked until the transaction ends. Every change that writes several performances of
 * one show takes this lock before any performance row, so two of them never lock those rows in
 * opposite orders (a deadlock on PostgreSQL).
 */
export async function lockShow(db: DbOrTx, showId: number): Promise<ShowRow | undefined> {
  const [row] = await db.select().from(shows).where(eq(shows.id, showId)).for('update').limit(1);
  return row;
}

/** The show of a concert, locked (see lockShow); nothing when the concert is unknown. */
export async function lockShowOfConcert(db: DbOrTx, concertId: number): Promise<void> {
  await queryRows(
    db,
    sql`select s.id from shows s
        where s.id = (select c.show_id from concerts c where c.id = ${concertId})
        for update`,
  );
}

/** One page of a seller's shows, newest first, and how many there are in all. */
export async function findSellerShowPage(
  db: DbOrTx,
  options: { sellerId: number; page: number; size: number },
): Promise<{ rows: ShowRow[]; total: number }> {
  const where = eq(shows.sellerId, options.sellerId);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(shows)
      .where(where)
      // Ties broken by id, so pages never repeat or skip a show.
      .orderBy(desc(shows.createdAt), desc(shows.id))
      .limit(options.size)
      .offset(options.page * options.size),
    db.select({ total: count() }).from(shows).where(where),
  ]);
  return { rows, total: Number(totalRow?.total ?? 0) };
}

/** Every performance of the shows, by show, then date and start time. */
export async function findPerformancesOfShows(
  db: DbOrTx,
  showIds: number[],
): Promise<PerformanceRow[]> {
  if (showIds.length === 0) return [];
  return db
    .select(performanceColumns)
    .from(concerts)
    .where(inArray(concerts.showId, showIds))
    .orderBy(
      asc(concerts.showId),
      asc(concerts.concertDate),
      asc(concerts.startTime),
      asc(concerts.id),
    );
}

/**
 * Every performance of the show, locked (after the show's lock), by date and start time. The rows
 * are locked in id order whatever order they are answered in.
 */
export async function lockPerformancesOfShow(
  db: DbOrTx,
  showId: number,
): Promise<PerformanceRow[]> {
  const locked = await db
    .select(performanceColumns)
    .from(concerts)
    .where(eq(concerts.showId, showId))
    .orderBy(asc(concerts.id))
    .for('update');
  return locked.sort(
    (a, b) =>
      a.concertDate.localeCompare(b.concertDate) ||
      a.startTime.localeCompare(b.startTime) ||
      a.id - b.id,
  );
}

/** The layout copy a performance's seats were made from (null: the quick plan). */
export async function findPerformanceLayout(db: DbOrTx, concertId: number): Promise<unknown> {
  const [row] = await db
    .select({ seatLayout: concerts.seatLayout })
    .from(concerts)
    .where(eq(concerts.id, concertId))
    .limit(1);
  return row?.seatLayout ?? null;
}

/**
 * Writes the shared fields to every performance of the show that is not cancelled or completed
 * (those keep what they were sold and held with), but `exceptConcertId`. Returns their ids.
 */
export async function updateOpenPerformances(
  db: DbOrTx,
  options: {
    showId: number;
    /** Issue 27: a show's PUT writes the cancel cut-off to every open performance as well. */
    changes: SharedConcertChanges & Partial<Pick<ConcertRow, 'cancelDeadlineDays'>>;
    updatedAt: Date;
    exceptConcertId?: number;
  },
): Promise<number[]> {
  const rows = await db
    .update(concerts)
    .set({ ...options.changes, updatedAt: options.updatedAt })
    .where(
      and(
        eq(concerts.showId, options.showId),
        notInArray(concerts.status, [...closedStatuses]),
        options.exceptConcertId === undefined
          ? undefined
          : ne(concerts.id, options.exceptConcertId),
      ),
    )
    .returning({ id: concerts.id });
  return rows.map((row) => row.id);
}

/** The review summary's columns, the same on every performance of a show. */
export type AiSummaryColumns = Pick<
  ConcertRow,
  'aiSummary' | 'aiSummaryReviewCount' | 'aiSummaryChecksum' | 'aiSummaryGeneratedAt'
>;

export async function setAiSummary(
  db: DbOrTx,
  concertId: number,
  summary: AiSummaryColumns,
): Promise<void> {
  await db.update(concerts).set(summary).where(eq(concerts.id, concertId));
}

export async function updateShow(
  db: DbOrTx,
  showId: number,
  changes: Partial<Pick<ShowRow, 'maxTicketsPerShow' | 'updatedAt'>>,
): Promise<void> {
  await db.update(shows).set(changes).where(eq(shows.id, showId));
}
