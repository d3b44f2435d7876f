import { and, asc, desc, eq, inArray, sql, getTableColumns } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { bookings, concerts, seatGrades, shows } from '../../db/schema/index';
import type { PlannedSection } from './seat-map';

export type ConcertRow = typeof concerts.$inferSelect;
export type NewConcert = typeof concerts.$inferInsert;

/**
 * Every column but the layout copy, which the caller already holds: for a big hall it is
 * megabytes that the database would send back and the driver parse again (issue 25's bench).
 */
const { seatLayout: _layoutCopy, ...columnsButLayout } = getTableColumns(concerts);

/** A new show (issue 26); its performances are inserted after it. */
export async function insertShow(
  db: DbOrTx,
  show: { sellerId: number; maxTicketsPerShow?: number | null; createdAt?: Date },
): Promise<{ id: number }> {
  const [row] = await db
    .insert(shows)
    .values({
      sellerId: show.sellerId,
      maxTicketsPerShow: show.maxTicketsPerShow ?? null,
      ...(show.createdAt && { createdAt: show.createdAt, updatedAt: show.createdAt }),
    })
    .returning({ id: shows.id });
  if (!row) throw new Error('insert into shows returned no row');
  return row;
}

export async function insertConcert(db: DbOrTx, concert: NewConcert): Promise<ConcertRow> {
  const [row] = await db.insert(concerts).values(concert).returning(columnsButLayout);
  if (!row) throw new Error('insert into concerts returned no row');
  return { ...row, seatLayout: concert.seatLayout ?? null };
}

export async function insertSeatGrades(
  db: DbOrTx,
  concertId: number,
  grades: ReadonlyArray<{ name: string; price: number }>,
): Promise<Array<{ id: number; sortOrder: number }>> {
  return db
    .insert(seatGrades)
    .values(grades.map((g, i) => ({ concertId, name: g.name, price: g.price, sortOrder: i })))
    .returning({ id: seatGrades.id, sortOrder: seatGrades.sortOrder });
}

/** A section of the seat map with the id of its grade row. */
export interface SectionToInsert {
  section: PlannedSection;
  gradeId: number;
}

/**
 * At most this many seats per INSERT. On PostgreSQL the server cancels every statement after
 * start-up at 1 s (lib/outage.ts, `statement_timeout`); 10,000 rows with their five indexes take
 * well under 100 ms, so a 100,000-seat concert is ten short statements inside the caller's
 * transaction, each far from the limit.
 */
export const SEATS_PER_INSERT = 10_000;

/**
 * Creates every seat of the given sections, set-based inside the database: one INSERT ... SELECT
 * per batch of sections, each section expanded by generate_series into rows and numbers from 1.
 * Seat ids follow section, row and number order (the seat page lists seats by id).
 */
export async function insertSeats(
  db: DbOrTx,
  concertId: number,
  sections: readonly SectionToInsert[],
): Promise<void> {
  let batch: SectionToInsert[] = [];
  let batchSeats = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch.map(
      ({ section, gradeId }, ord) =>
        sql`(${ord}::int, ${section.name}::text, ${gradeId}::int, ${section.seatCount}::int, ${section.seatsPerRow}::int)`,
    );
    await db.execute(sql`
      insert into concert_seats (concert_id, grade_id, section, row_number, seat_number, status)
      select ${concertId}::int, s.grade_id, s.name, g / s.per_row + 1, g % s.per_row + 1, 'AVAILABLE'
      from (values ${sql.join(rows, sql`, `)}) as s(ord, name, grade_id, seat_count, per_row)
      cross join lateral generate_series(0, s.seat_count - 1) as g
      order by s.ord, g`);
    batch = [];
    batchSeats = 0;
  };
  for (const entry of sections) {
    if (batchSeats > 0 && batchSeats + entry.section.seatCount > SEATS_PER_INSERT) await flush();
    batch.push(entry);
    batchSeats += entry.section.seatCount;
  }
  await flush();
}

export async function findConcertById(db: DbOrTx, id: number): Promise<ConcertRow | undefined> {
  const [row] = await db.select().from(concerts).where(eq(concerts.id, id)).limit(1);
  return row;
}

/** A concert row without its layout copy (megabytes for a drawn hall, read by nobody here). */
export type ConcertRowButLayout = Omit<ConcertRow, 'seatLayout'>;

/** Every concert in the given statuses with its grade prices: the catalog snapshot's source. */
export async function findCatalogConcerts(
  db: DbOrTx,
  statuses: readonly string[],
): Promise<Array<{ concert: ConcertRowButLayout; prices: number[] }>> {
  const [rows, priceRows] = await Promise.all([
    db
      .select(columnsButLayout)
      .from(concerts)
      .where(inArray(concerts.status, [...statuses])),
    queryRows<{ concert_id: number; prices: number[] | string }>(
      db,
      sql`select g.concert_id, array_agg(g.price) as prices from seat_grades g
          join concerts c on c.id = g.concert_id
          where c.status in (${sql.join(
            statuses.map((st) => sql`${st}`),
            sql`, `,
          )})
          group by g.concert_id`,
    ),
  ]);
  const pricesOf = new Map(
    priceRows.map((r) => [Number(r.concert_id), parsePriceArray(r.prices)] as const),
  );
  return rows.map((concert) => ({ concert, prices: pricesOf.get(concert.id) ?? [] }));
}

/** A show's performances buyers can see (every status but CANCELLED), counted and dated. */
export interface ShowSummaryRow {
  showId: number;
  performanceCount: number;
  firstDate: string;
  lastDate: string;
}

const toShowSummary = (r: {
  show_id: number;
  performance_count: number;
  first_date: string;
  last_date: string;
}): ShowSummaryRow => ({
  showId: Number(r.show_id),
  performanceCount: Number(r.performance_count),
  firstDate: r.first_date,
  lastDate: r.last_date,
});

/**
 * The summary of every show with more than one performance buyers can see: the catalogue's
 * source for the `show` of its entries (a show of one has none, so its answers stay the spec's).
 */
export async function findMultiPerformanceShowSummaries(db: DbOrTx): Promise<ShowSummaryRow[]> {
  const rows = await queryRows<Parameters<typeof toShowSummary>[0]>(
    db,
    sql`select show_id, count(*)::int as performance_count,
               min(concert_date)::text as first_date, max(concert_date)::text as last_date
        from concerts where status <> 'CANCELLED'
        group by show_id having count(*) > 1`,
  );
  return rows.map(toShowSummary);
}

/** One show's summary (by the `concerts_show_idx` index); null when it has one performance or none. */
export async function findShowSummary(db: DbOrTx, showId: number): Promise<ShowSummaryRow | null> {
  const [row] = await queryRows<Parameters<typeof toShowSummary>[0]>(
    db,
    sql`select ${showId}::int as show_id, count(*)::int as performance_count,
               min(concert_date)::text as first_date, max(concert_date)::text as last_date
        from concerts where show_id = ${showId} and status <> 'CANCELLED'`,
  );
  return row && Number(row.performance_count) > 1 ? toShowSummary(row) : null;
}

/** Drivers return int[] as an array, or as its text form `{1,2}` (PGlite without a parser). */
function parsePriceArray(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

/**
 * A cheap fingerprint of the whole concerts table: every insert, delete, status or field change
 * (updated_at) or new AI summary changes it, so a snapshot knows when to reload.
 */
export async function findCatalogVersion(db: DbOrTx): Promise<string> {
  const [row] = await queryRows<{ version: string }>(
    db,
    sql`select count(*) || ':' || coalesce(max(updated_at)::text, '') || ':' ||
               coalesce(max(ai_summary_generated_at)::text, '') as version
        from concerts`,
  );
  return row?.version ?? '';
}

/** A concert's grades, dearest first. */
export async function findSeatGrades(
  db: DbOrTx,
  concertId: number,
): Promise<Array<{ name: string; price: number }>> {
  return db
    .select({ name: seatGrades.name, price: seatGrades.price })
    .from(seatGrades)
    .where(eq(seatGrades.concertId, concertId))
    .orderBy(desc(seatGrades.price), asc(seatGrades.sortOrder));
}

/** A concert's grades in the seller's order, with code and colour (issue 25). */
export async function findSeatGradesInOrder(
  db: DbOrTx,
  concertId: number,
): Promise<Array<{ code: string; name: string; price: number; color: string | null }>> {
  const rows = await db
    .select({
      code: seatGrades.code,
      name: seatGrades.name,
      price: seatGrades.price,
      color: seatGrades.color,
    })
    .from(seatGrades)
    .where(eq(seatGrades.concertId, concertId))
    .orderBy(asc(seatGrades.sortOrder), asc(seatGrades.id));
  // The quick plan's grades have no code: their name is their code.
  return rows.map((row) => ({ ...row, code: row.code ?? row.name }));
}

/**
 * The instant a show ends: concert_date + end_time is Seoul wall-clock time (UTC+9, no daylight
 * saving), and an end time before the start time means the show runs past midnight.
 */
const showEndsAt = sql`timezone(interval '+09:00',
  (case when c.end_time < c.start_time then c.concert_date + 1 else c.concert_date end) + c.end_time)`;

const returnedIds = (rows: Array<{ id: number }>) => rows.map((r) => Number(r.id));

/** SCHEDULED/ON_SALE/SOLD_OUT -> COMPLETED once the show ended `graceMinutes` ago. */
export async function completeEndedConcerts(
  db: DbOrTx,
  now: Date,
  graceMinutes: number,
): Promise<number[]> {
  return returnedIds(
    await queryRows<{ id: number }>(
      db,
      sql`update concerts c set status = 'COMPLETED', updated_at = ${now}
          where c.status in ('SCHEDULED', 'ON_SALE', 'SOLD_OUT')
            and ${showEndsAt} + make_interval(mins => ${graceMinutes}::int) <= ${now}
          returning c.id`,
    ),
  );
}

/** Confirmed bookings of completed concerts become COMPLETED (관람 완료). */
export async function completeBookingsOfConcerts(
  db: DbOrTx,
  concertIds: number[],
  now: Date,
): Promise<void> {
  if (concertIds.length === 0) return;
  await db
    .update(bookings)
    .set({ status: 'COMPLETED', updatedAt: now })
    .where(and(eq(bookings.status, 'CONFIRMED'), inArray(bookings.concertId, concertIds)));
}

/** SCHEDULED -> ON_SALE once booking opens. */
export async function openConcertsForSale(db: DbOrTx, now: Date): Promise<number[]> {
  return returnedIds(
    await queryRows<{ id: number }>(
      db,
      sql`update concerts c set status = 'ON_SALE', updated_at = ${now}
          where c.status = 'SCHEDULED' and c.booking_start_at <= ${now}
          returning c.id`,
    ),
  );
}

/** ON_SALE -> SOLD_OUT when no seat is AVAILABLE or RESERVED. */
export async function markSoldOutConcerts(db: DbOrTx, now: Date): Promise<number[]> {
  return returnedIds(
    await queryRows<{ id: number }>(
      db,
      sql`update concerts c set status = 'SOLD_OUT', updated_at = ${now}
          where c.status = 'ON_SALE'
            and not exists (select 1 from concert_seats s
                            where s.concert_id = c.id and s.status in ('AVAILABLE', 'RESERVED'))
          returning c.id`,
    ),
  );
}

/** SOLD_OUT -> ON_SALE when a seat is free or held again before booking closes. */
export async function reopenFreedConcerts(db: DbOrTx, now: Date): Promise<number[]> {
  return returnedIds(
    await queryRows<{ id: number }>(
      db,
      sql`update concerts c set status = 'ON_SALE', updated_at = ${now}
          where c.status = 'SOLD_OUT' and c.booking_end_at > ${now}
            and exists (select 1 from concert_seats s
                        where s.concert_id = c.id and s.status in ('AVAILABLE', 'RESERVED'))
          returning c.id`,
    ),
  );
}

/** Each section of a concert with its grade, price, row count and seat count, in seat order. */
export interface SectionLayoutRow {
  section: string;
  grade: string;
  price: number;
  rows: number;
  seatCount: number;
  /** Issue 25, for concerts from a layout: the grade's code and whether this is standing. */
  gradeCode: string | null;
  standing: boolean;
}

/**
 * One entry per section in seat order, with the grade most of its seats have (a drawn hall may
 * mix grades in a section; the layout answer has each seat's). KILLED seats are not counted.
 */
export async function findSectionLayout(
  db: DbOrTx,
  concertId: number,
): Promise<SectionLayoutRow[]> {
  const rows = await queryRows<{
    section: string;
    grade: string;
    price: number;
    code: string | null;
    rows: number;
    seat_count: number;
    standing: boolean;
  }>(
    db,
    sql`with per_section as (
          select s.section, min(s.id) as first_id,
                 -- A standing zone's slots are one row (row 0): count it as one.
                 greatest(max(s.row_number), 1)::int as rows,
                 (count(*) filter (where s.block is distinct from 'KILLED'))::int as seat_count,
                 mode() within group (order by s.grade_id) as grade_id,
                 bool_or(s.standing) as standing
          from concert_seats s
          where s.concert_id = ${concertId}
          group by s.section)
        select p.section, g.name as grade, g.price, g.code, p.rows, p.seat_count, p.standing
        from per_section p join seat_grades g on g.id = p.grade_id
        order by p.first_id`,
  );
  return rows.map((r) => ({
    section: r.section,
    grade: r.grade,
    price: Number(r.price),
    rows: Number(r.rows),
    seatCount: Number(r.seat_count),
    gradeCode: r.code,
    standing: Boolean(r.standing),
  }));
}

/**
 * Removes the seat map (seats, then grades) when every seat is free, in id ranges of
 * SEATS_PER_INSERT so each statement stays short (the 800 ms request-path limit). Returns false
 * when a seat was taken meanwhile: the caller must then fail its transaction, which undoes the
 * ranges already deleted. A DELETE waits for a concurrent hold on a row and re-checks it, so a
 * seat held a moment ago is never deleted.
 */
export async function deleteFreeSeatMap(db: DbOrTx, concertId: number): Promise<boolean> {
  const [range] = await queryRows<{ total: number; first: number | null; last: number | null }>(
    db,
    sql`select count(*)::int as total, min(id) as first, max(id) as last
        from concert_seats where concert_id = ${concertId}`,
  );
  const total = Number(range?.total ?? 0);
  let deleted = 0;
  if (range?.first != null && range.last != null) {
    for (let from = Number(range.first); from <= Number(range.last); from += SEATS_PER_INSERT) {
      const [row] = await queryRows<{ deleted: number }>(
        db,
        sql`with d as (
              delete from concert_seats s
              where s.concert_id = ${concertId} and s.id >= ${from} and s.id < ${from + SEATS_PER_INSERT}
                and s.status = 'AVAILABLE' and s.booking_id is null
                and not exists (select 1 from tickets t where t.concert_seat_id = s.id)
              returning 1)
            select count(*)::int as deleted from d`,
      );
      deleted += Number(row?.deleted ?? 0);
    }
  }
  if (deleted !== total) return false;
  await db.delete(seatGrades).where(eq(seatGrades.concertId, concertId));
  return true;
}
