import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { bookings, concerts, seatGrades } from '../../db/schema/index';
import type { PlannedSection } from './seat-map';

export type ConcertRow = typeof concerts.$inferSelect;
export type NewConcert = typeof concerts.$inferInsert;

export async function insertConcert(db: DbOrTx, concert: NewConcert): Promise<ConcertRow> {
  const [row] = await db.insert(concerts).values(concert).returning();
  if (!row) throw new Error('insert into concerts returned no row');
  return row;
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

/**
 * Creates every seat of a section in one statement; rows and numbers are plain integers from 1.
 * Done inside the database (generate_series) because a stadium has 50,000 seats.
 */
export async function insertSectionSeats(
  db: DbOrTx,
  options: { concertId: number; gradeId: number; section: PlannedSection },
): Promise<void> {
  const { concertId, gradeId, section } = options;
  await db.execute(sql`
    insert into concert_seats (concert_id, grade_id, section, row_number, seat_number, status)
    select ${concertId}, ${gradeId}, ${section.name},
           (g / ${section.seatsPerRow})::int + 1, (g % ${section.seatsPerRow})::int + 1, 'AVAILABLE'
    from generate_series(0, ${section.seatCount - 1}) as g`);
}

export async function findConcertById(db: DbOrTx, id: number): Promise<ConcertRow | undefined> {
  const [row] = await db.select().from(concerts).where(eq(concerts.id, id)).limit(1);
  return row;
}

/** Every concert in the given statuses with its grade prices: the catalog snapshot's source. */
export async function findCatalogConcerts(
  db: DbOrTx,
  statuses: readonly string[],
): Promise<Array<{ concert: ConcertRow; prices: number[] }>> {
  const [rows, priceRows] = await Promise.all([
    db
      .select()
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
export async function findSectionLayout(
  db: DbOrTx,
  concertId: number,
): Promise<
  Array<{ section: string; grade: string; price: number; rows: number; seatCount: number }>
> {
  const rows = await queryRows<{
    section: string;
    grade: string;
    price: number;
    rows: number;
    seat_count: number;
  }>(
    db,
    sql`select s.section, g.name as grade, g.price, max(s.row_number)::int as rows,
               count(*)::int as seat_count
        from concert_seats s join seat_grades g on g.id = s.grade_id
        where s.concert_id = ${concertId}
        group by s.section, g.name, g.price
        order by min(s.id)`,
  );
  return rows.map((r) => ({
    section: r.section,
    grade: r.grade,
    price: Number(r.price),
    rows: Number(r.rows),
    seatCount: Number(r.seat_count),
  }));
}
