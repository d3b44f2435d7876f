import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

/**
 * The figures of the seller home and the admin statistics (issue 23). A sale counts on the
 * instant it was paid (`confirmed_at`, set only by a payment). Bookings and seats are those that
 * still stand: bookings CONFIRMED or COMPLETED, their tickets not cancelled on their own (issue
 * 27: a per-seat cancel keeps the booking, its payment PARTIAL_CANCELED). Revenue is what was
 * paid less what was given back (DONE refunds): a refund lowers the day the booking was paid,
 * and the fees a cancel kept stay revenue, even once the whole booking is cancelled. Days are
 * Seoul days (UTC+9, no daylight saving).
 */

/** The won given back so far for booking `b` (refunds the provider made: DONE). */
const refundedOfBooking = sql`coalesce((
  select sum(pc.amount) from payments p join payment_cancellations pc on pc.payment_id = p.id
  where p.booking_id = b.id and pc.status = 'DONE'), 0)`;

export interface SellerConcertFiguresRow {
  id: number;
  title: string;
  artist: string;
  status: string;
  concertDate: string;
  startTime: string;
  venueName: string;
  bookingStartAt: Date;
  totalSeats: number;
  soldSeats: number;
}

/**
 * A seller's concerts in the given statuses with their sold seats (tickets of paid bookings not
 * cancelled on their own): the seller's concerts from the concerts seller index, the sales from
 * the bookings index.
 */
export async function findSellerConcertFigures(
  db: DbOrTx,
  sellerId: number,
  statuses: string[],
): Promise<SellerConcertFiguresRow[]> {
  const wanted = sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );
  const rows = await queryRows<{
    id: number;
    title: string;
    artist: string;
    status: string;
    concert_date: string;
    start_time: string;
    venue_name: string;
    booking_start_at: Date | string;
    total_seats: number;
    sold_seats: number;
  }>(
    db,
    sql`select c.id, c.title, c.artist, c.status, c.concert_date::text as concert_date,
               to_char(c.start_time, 'HH24:MI:SS') as start_time, c.venue_name,
               c.booking_start_at, c.total_seats, coalesce(s.sold, 0)::int as sold_seats
        from concerts c
        left join lateral (
          select count(t.id) as sold
          from bookings b join tickets t on t.booking_id = b.id
          where b.concert_id = c.id and b.status in ('CONFIRMED', 'COMPLETED')
            and t.status = 'ACTIVE'
        ) s on true
        where c.seller_id = ${sellerId} and c.status in (${wanted})
        order by c.concert_date asc, c.start_time asc, c.id asc`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    artist: r.artist,
    status: r.status,
    concertDate: r.concert_date,
    startTime: r.start_time,
    venueName: r.venue_name,
    bookingStartAt: new Date(r.booking_start_at),
    totalSeats: Number(r.total_seats),
    soldSeats: Number(r.sold_seats),
  }));
}

/**
 * Sales of a seller's concerts paid within [from, to): the bookings that stand, their seats
 * still sold, and the revenue kept.
 */
export async function sumSellerSales(
  db: DbOrTx,
  sellerId: number,
  from: Date,
  to: Date,
): Promise<{ bookings: number; seats: number; revenue: number }> {
  const [row] = await queryRows<{ bookings: number; seats: number; revenue: number | string }>(
    db,
    sql`select count(*) filter (where b.status in ('CONFIRMED', 'COMPLETED'))::int as bookings,
               coalesce(sum(t.seats) filter (where b.status in ('CONFIRMED', 'COMPLETED')), 0)::int
                 as seats,
               coalesce(sum(b.total_amount - ${refundedOfBooking}), 0)::bigint as revenue
        from bookings b
        join concerts c on c.id = b.concert_id
        left join lateral (select count(*) as seats from tickets
                            where booking_id = b.id and status = 'ACTIVE') t on true
        where c.seller_id = ${sellerId}
          and b.confirmed_at >= ${from.toISOString()}::timestamptz
          and b.confirmed_at < ${to.toISOString()}::timestamptz`,
  );
  return {
    bookings: Number(row?.bookings ?? 0),
    seats: Number(row?.seats ?? 0),
    revenue: Number(row?.revenue ?? 0),
  };
}

/** Accounts by role, and those created since `since`. */
export async function countUsers(
  db: DbOrTx,
  since: Date,
): Promise<{ total: number; buyers: number; sellers: number; admins: number; since: number }> {
  const [row] = await queryRows<{
    total: number;
    buyers: number;
    sellers: number;
    admins: number;
    since: number;
  }>(
    db,
    sql`select count(*)::int as total,
               count(*) filter (where role = 'ROLE_USER')::int as buyers,
               count(*) filter (where role = 'ROLE_SELLER')::int as sellers,
               count(*) filter (where role = 'ROLE_ADMIN')::int as admins,
               count(*) filter (where created_at >= ${since.toISOString()}::timestamptz)::int as since
        from users`,
  );
  return {
    total: Number(row?.total ?? 0),
    buyers: Number(row?.buyers ?? 0),
    sellers: Number(row?.sellers ?? 0),
    admins: Number(row?.admins ?? 0),
    since: Number(row?.since ?? 0),
  };
}

/** Concerts per status (only the statuses that have any). */
export async function countConcertsByStatus(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await queryRows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from concerts group by status`,
  );
  return new Map(rows.map((row) => [row.status, Number(row.n)]));
}

/**
 * Per Seoul day of payment within [from, to): the bookings that stand and the revenue kept
 * (only days with a payment).
 */
export async function sumDailySales(
  db: DbOrTx,
  from: Date,
  to: Date,
): Promise<Map<string, { bookings: number; revenue: number }>> {
  const rows = await queryRows<{ day: string; bookings: number; revenue: number | string }>(
    db,
    sql`select to_char(timezone(interval '+09:00', b.confirmed_at), 'YYYY-MM-DD') as day,
               count(*) filter (where b.status in ('CONFIRMED', 'COMPLETED'))::int as bookings,
               coalesce(sum(b.total_amount - ${refundedOfBooking}), 0)::bigint as revenue
        from bookings b
        where b.confirmed_at >= ${from.toISOString()}::timestamptz
          and b.confirmed_at < ${to.toISOString()}::timestamptz
        group by 1`,
  );
  return new Map(
    rows.map((row) => [row.day, { bookings: Number(row.bookings), revenue: Number(row.revenue) }]),
  );
}
