import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

/** What the waiting room needs to know of a performance to tell whether it sold out. */
export interface PerformanceSaleRow {
  id: number;
  showId: number;
  status: string;
  bookingStartAt: Date;
  bookingEndAt: Date;
  concertDate: string;
  startTime: string;
  /** Some seat is AVAILABLE or RESERVED: a hold could still free up for someone. */
  hasSeatLeft: boolean;
  /** Performances of its show that are not cancelled, itself included. */
  performanceCount: number;
}

/**
 * One performance's sale state in one indexed probe (the seats' (concert, status) index stops at
 * the first free or held seat); undefined when no such concert exists.
 */
export async function findPerformanceSaleState(
  db: DbOrTx,
  concertId: number,
): Promise<PerformanceSaleRow | undefined> {
  const [row] = await queryRows<{
    id: number;
    show_id: number;
    status: string;
    booking_start_at: Date | string;
    booking_end_at: Date | string;
    concert_date: string;
    start_time: string;
    has_seat_left: boolean;
    performance_count: number;
  }>(
    db,
    sql`select c.id, c.show_id, c.status, c.booking_start_at, c.booking_end_at,
               c.concert_date::text as concert_date, c.start_time::text as start_time,
               exists (select 1 from concert_seats s
                       where s.concert_id = c.id and s.status in ('AVAILABLE', 'RESERVED'))
                 as has_seat_left,
               (select count(*) from concerts o
                where o.show_id = c.show_id and o.status <> 'CANCELLED')::int as performance_count
        from concerts c
        where c.id = ${concertId}`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    showId: Number(row.show_id),
    status: row.status,
    bookingStartAt: new Date(row.booking_start_at),
    bookingEndAt: new Date(row.booking_end_at),
    concertDate: row.concert_date,
    startTime: row.start_time,
    hasSeatLeft: Boolean(row.has_seat_left),
    performanceCount: Number(row.performance_count),
  };
}

export interface OnSalePerformanceRow {
  id: number;
  concertDate: string;
  startTime: string;
  remainingSeats: number;
}

/**
 * The show's other performances on sale at `now` (ON_SALE, inside the booking window) with the
 * places a hold could take now, by date and time. "Free" is the seat module's hold condition:
 * AVAILABLE, or a hold that expired unswept and is no booking's.
 */
export async function findOtherPerformancesOnSale(
  db: DbOrTx,
  options: { showId: number; exceptConcertId: number; now: Date },
): Promise<OnSalePerformanceRow[]> {
  const { showId, exceptConcertId, now } = options;
  const rows = await queryRows<{
    id: number;
    concert_date: string;
    start_time: string;
    remaining: number;
  }>(
    db,
    sql`select c.id, c.concert_date::text as concert_date, c.start_time::text as start_time,
               (select count(*) from concert_seats s
                where s.concert_id = c.id
                  and (s.status = 'AVAILABLE'
                       or (s.status = 'RESERVED' and s.hold_expires_at <= ${now}
                           and s.booking_id is null)))::int as remaining
        from concerts c
        where c.show_id = ${showId} and c.id <> ${exceptConcertId} and c.status = 'ON_SALE'
          and c.booking_start_at <= ${now} and c.booking_end_at > ${now}
        order by c.concert_date, c.start_time, c.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    concertDate: r.concert_date,
    startTime: r.start_time,
    remainingSeats: Number(r.remaining),
  }));
}
