import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
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

const sortColumns = {
  concertDate: [concerts.concertDate, concerts.startTime],
  title: [concerts.title],
  artist: [concerts.artist],
  createdAt: [concerts.createdAt],
} as const;

/** One page of concerts in the given statuses, plus the total count. */
export async function findConcertPage(
  db: DbOrTx,
  options: {
    statuses: readonly string[];
    limit: number;
    offset: number;
    sortBy: keyof typeof sortColumns;
    sortDir: 'asc' | 'desc';
  },
): Promise<{ rows: ConcertRow[]; total: number }> {
  const where = inArray(concerts.status, [...options.statuses]);
  const direction = options.sortDir === 'asc' ? asc : desc;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(concerts)
      .where(where)
      // The id keeps the order stable between pages when the sort key ties.
      .orderBy(
        ...sortColumns[options.sortBy].map((column) => direction(column)),
        direction(concerts.id),
      )
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(concerts).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}

export async function findConcertById(db: DbOrTx, id: number): Promise<ConcertRow | undefined> {
  const [row] = await db.select().from(concerts).where(eq(concerts.id, id)).limit(1);
  return row;
}

/** `%` and `_` typed by a user are literal characters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Concerts whose title, artist or venue contains `text` (case-insensitive), by date. */
export async function searchConcerts(
  db: DbOrTx,
  options: { text: string; statuses: readonly string[]; limit: number },
): Promise<ConcertRow[]> {
  const pattern = likePattern(options.text);
  return db
    .select()
    .from(concerts)
    .where(
      and(
        inArray(concerts.status, [...options.statuses]),
        or(
          ilike(concerts.title, pattern),
          ilike(concerts.artist, pattern),
          ilike(concerts.venueName, pattern),
        ),
      ),
    )
    .orderBy(asc(concerts.concertDate), asc(concerts.startTime), asc(concerts.id))
    .limit(options.limit);
}

/** Concerts in an inclusive date range (either end open), optionally with a grade in a price range. */
export async function filterConcerts(
  db: DbOrTx,
  options: {
    statuses: readonly string[];
    startDate?: string;
    endDate?: string;
    priceMin?: number;
    priceMax?: number;
    limit: number;
  },
): Promise<ConcertRow[]> {
  const conditions: SQL[] = [inArray(concerts.status, [...options.statuses])];
  if (options.startDate) conditions.push(gte(concerts.concertDate, options.startDate));
  if (options.endDate) conditions.push(lte(concerts.concertDate, options.endDate));
  if (options.priceMin !== undefined || options.priceMax !== undefined) {
    const priceConditions: SQL[] = [eq(seatGrades.concertId, concerts.id)];
    if (options.priceMin !== undefined)
      priceConditions.push(gte(seatGrades.price, options.priceMin));
    if (options.priceMax !== undefined)
      priceConditions.push(lte(seatGrades.price, options.priceMax));
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(seatGrades)
          .where(and(...priceConditions)),
      ),
    );
  }
  return db
    .select()
    .from(concerts)
    .where(and(...conditions))
    .orderBy(asc(concerts.concertDate), asc(concerts.startTime), asc(concerts.id))
    .limit(options.limit);
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
