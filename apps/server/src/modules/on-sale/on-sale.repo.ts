import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

export interface WatchableConcertRow {
  id: number;
  title: string;
  artist: string;
  status: string;
  concertDate: string;
  bookingStartAt: Date;
}

/** `%keyword%` with LIKE's own wildcards taken literally. */
function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Concerts an admin may want to watch: on sale first, then upcoming and sold out, by date;
 * optionally with the keyword in the title or artist. Ended and cancelled ones have no sale.
 */
export async function findWatchableConcerts(
  db: DbOrTx,
  options: { keyword?: string; limit: number },
): Promise<WatchableConcertRow[]> {
  const pattern = options.keyword ? containsPattern(options.keyword) : null;
  const rows = await queryRows<{
    id: number;
    title: string;
    artist: string;
    status: string;
    concert_date: string;
    booking_start_at: Date | string;
  }>(
    db,
    sql`select id, title, artist, status, concert_date::text as concert_date, booking_start_at
        from concerts
        where status in ('ON_SALE', 'SCHEDULED', 'SOLD_OUT')
          ${pattern ? sql`and (title ilike ${pattern} or artist ilike ${pattern})` : sql``}
        order by (status = 'ON_SALE') desc, concert_date asc, id asc
        limit ${options.limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    artist: r.artist,
    status: r.status,
    concertDate: r.concert_date,
    bookingStartAt: new Date(r.booking_start_at),
  }));
}

/** Ids of the concerts on sale now (a handful; the status index answers). */
export async function findOnSaleConcertIds(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from concerts where status = 'ON_SALE'`,
  );
  return rows.map((r) => Number(r.id));
}

export interface ConcertSaleFigures {
  concertId: number;
  title: string;
  status: string;
  totalSeats: number;
  held: number;
  sold: number;
  revenue: number;
}

/**
 * Held and sold seats and revenue of some concerts. Reads only the held and sold seats (the
 * (concert_id, status) index range, never the free ones; a seat cancelled on its own is free
 * again) and the bookings that were paid (the (concert_id, status) index of bookings), so a
 * scrape costs what has been sold, not the venue. Revenue is what was paid less the refunds the
 * provider made (DONE): a per-seat cancel lowers it by its refund, and the fees a cancel kept
 * stay, even once the whole booking is cancelled.
 */
export async function findSaleFigures(
  db: DbOrTx,
  concertIds: number[],
  now: Date,
): Promise<ConcertSaleFigures[]> {
  if (concertIds.length === 0) return [];
  const ids = sql.join(
    concertIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{
    id: number;
    title: string;
    status: string;
    total_seats: number;
    held: number;
    sold: number;
    revenue: number | string;
  }>(
    db,
    sql`select c.id, c.title, c.status, c.total_seats,
               coalesce(s.held, 0)::int as held, coalesce(s.sold, 0)::int as sold,
               coalesce(b.revenue, 0)::bigint as revenue
        from concerts c
        left join (
          select concert_id,
                 count(*) filter (where status = 'RESERVED'
                   and (booking_id is not null or hold_expires_at > ${now})) as held,
                 count(*) filter (where status = 'BOOKED') as sold
          from concert_seats
          where concert_id in (${ids}) and status in ('RESERVED', 'BOOKED')
          group by concert_id
        ) s on s.concert_id = c.id
        left join (
          select b.concert_id,
                 sum(b.total_amount - coalesce((
                   select sum(pc.amount)
                   from payments p join payment_cancellations pc on pc.payment_id = p.id
                   where p.booking_id = b.id and pc.status = 'DONE'), 0)) as revenue
          from bookings b
          where b.concert_id in (${ids}) and b.status in ('CONFIRMED', 'COMPLETED', 'CANCELED')
            and b.confirmed_at is not null
          group by b.concert_id
        ) b on b.concert_id = c.id
        where c.id in (${ids})`,
  );
  return rows.map((r) => ({
    concertId: Number(r.id),
    title: r.title,
    status: r.status,
    totalSeats: Number(r.total_seats),
    held: Number(r.held),
    sold: Number(r.sold),
    revenue: Number(r.revenue),
  }));
}

/**
 * Paid bookings waiting for money back (the refund job's work): those of cancelled concerts
 * still CONFIRMED, their payment whole (DONE) or cut by a per-seat cancel (PARTIAL_CANCELED),
 * and any with a refund the provider has not answered yet (REQUESTED: a buyer's cancel whose
 * answer was lost), each booking once. Cancelled concerts are few; each one's confirmed
 * bookings come from the bookings index, and REQUESTED refunds from their partial index.
 */
export async function countRefundsPending(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ due: number }>(
    db,
    sql`select count(*)::int as due from (
          select b.id
          from concerts c
          join bookings b on b.concert_id = c.id and b.status = 'CONFIRMED'
          join payments p on p.booking_id = b.id and p.status in ('DONE', 'PARTIAL_CANCELED')
                         and p.payment_key is not null
          where c.status = 'CANCELLED'
          union
          select p.booking_id
          from payment_cancellations pc join payments p on p.id = pc.payment_id
          where pc.status = 'REQUESTED'
        ) due`,
  );
  return Number(row?.due ?? 0);
}
