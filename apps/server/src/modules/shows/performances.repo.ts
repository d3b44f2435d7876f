import { asc, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { concerts, shows } from '../../db/schema/index';

/** The show a concert is a performance of; undefined for an unknown concert. */
export async function findShowIdOfConcert(
  db: DbOrTx,
  concertId: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ showId: concerts.showId })
    .from(concerts)
    .where(eq(concerts.id, concertId))
    .limit(1);
  return row?.showId;
}

/** One performance of a show, with the fields the buyer's 회차 choice shows. */
export interface ShowPerformanceRow {
  id: number;
  concertDate: string;
  startTime: string;
  endTime: string;
  status: string;
  bookingStartAt: Date;
  bookingEndAt: Date;
  totalSeats: number;
  maxTicketsPerShow: number | null;
  /** The concert row's last change (its grades' prices change with it). */
  updatedAt: Date;
  /** Whether a seat of it changed after `seatsChangedAfter` (always true without one). */
  seatsChanged: boolean;
}

/**
 * Every performance of the show, in every status, by date, start time and id, each saying
 * whether one of its seats changed after `seatsChangedAfter`: one probe of the
 * (concert_id, updated_at) index per performance, however many seats it has.
 */
export async function findShowPerformances(
  db: DbOrTx,
  showId: number,
  seatsChangedAfter: Date | null,
): Promise<ShowPerformanceRow[]> {
  return db
    .select({
      id: concerts.id,
      concertDate: concerts.concertDate,
      startTime: concerts.startTime,
      endTime: concerts.endTime,
      status: concerts.status,
      bookingStartAt: concerts.bookingStartAt,
      bookingEndAt: concerts.bookingEndAt,
      totalSeats: concerts.totalSeats,
      maxTicketsPerShow: shows.maxTicketsPerShow,
      updatedAt: concerts.updatedAt,
      seatsChanged: seatsChangedAfter
        ? sql<boolean>`exists (select 1 from concert_seats s
            where s.concert_id = ${concerts.id} and s.updated_at > ${seatsChangedAfter})`
        : sql<boolean>`true`,
    })
    .from(concerts)
    .innerJoin(shows, eq(shows.id, concerts.showId))
    .where(eq(concerts.showId, showId))
    .orderBy(asc(concerts.concertDate), asc(concerts.startTime), asc(concerts.id));
}

/** One grade of one performance with its places, as `/concerts/{id}/grades` counts them. */
export interface PerformanceGradeRow {
  concertId: number;
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
 * Every grade of the given performances with its places, in one statement: the seats are counted
 * per (performance, grade) through the concert index, then joined to the grades, each
 * performance's in the seller's order. The counts are those of `findGradeAvailability`
 * (modules/venues): places not KILLED, places a hold could take now (the hold script's
 * condition: free, or held with the hold run out and no booking) and promoter-held places.
 */
export async function findPerformanceGradeAvailability(
  db: DbOrTx,
  concertIds: readonly number[],
  now: Date,
): Promise<PerformanceGradeRow[]> {
  if (concertIds.length === 0) return [];
  const ids = sql.join(
    concertIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = await queryRows<{
    concert_id: number;
    code: string | null;
    name: string;
    price: number;
    color: string | null;
    total_places: number | null;
    available: number | null;
    held: number | null;
    standing: boolean | null;
  }>(
    db,
    sql`with places as (
          select s.grade_id,
                 (count(*) filter (where s.block is distinct from 'KILLED'))::int as total_places,
                 (count(*) filter (where s.status = 'AVAILABLE'
                    or (s.status = 'RESERVED' and s.hold_expires_at <= ${now}
                        and s.booking_id is null)))::int as available,
                 (count(*) filter (where s.block = 'HELD'))::int as held,
                 bool_and(s.standing) as standing
          from concert_seats s
          where s.concert_id in (${ids})
          group by s.concert_id, s.grade_id)
        select g.concert_id, g.code, g.name, g.price, g.color,
               p.total_places, p.available, p.held, p.standing
        from seat_grades g left join places p on p.grade_id = g.id
        where g.concert_id in (${ids})
        order by g.concert_id, g.sort_order, g.id`,
  );
  return rows.map((r) => ({
    concertId: Number(r.concert_id),
    // The quick plan's grades have no code: their name is their code.
    code: r.code ?? r.name,
    name: r.name,
    price: Number(r.price),
    color: r.color,
    totalPlaces: Number(r.total_places ?? 0),
    available: Number(r.available ?? 0),
    held: Number(r.held ?? 0),
    standing: Boolean(r.standing),
  }));
}
