import { sql } from 'drizzle-orm';
import type { PriceLine } from '@curtaincall/contracts';
import { queryRows, type DbOrTx } from '../../db/client';

/*
 * Bookings, their tickets and seats (payments and refunds are modules/payments'). Every write
 * that moves a booking between states runs in one transaction that first locks the booking row
 * (`lockBooking`), so the success callback, the failure callback, the unpaid-expiry job and a
 * cancel never interleave on one booking.
 */

export interface BookingRow {
  id: number;
  bookingNumber: string;
  userId: number;
  concertId: number;
  status: string;
  totalAmount: number;
  paymentDeadline: Date | null;
}

const asDate = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value : new Date(value);

interface RawBooking {
  id: number;
  booking_number: string;
  user_id: number;
  concert_id: number;
  status: string;
  total_amount: number;
  payment_deadline: Date | string | null;
}

const toBooking = (r: RawBooking): BookingRow => ({
  id: Number(r.id),
  bookingNumber: r.booking_number,
  userId: Number(r.user_id),
  concertId: Number(r.concert_id),
  status: r.status,
  totalAmount: Number(r.total_amount),
  paymentDeadline: asDate(r.payment_deadline),
});

/** Locks a booking row for the rest of the transaction and returns it fresh. */
export async function lockBooking(tx: DbOrTx, bookingId: number): Promise<BookingRow | undefined> {
  const [row] = await queryRows<RawBooking>(
    tx,
    sql`select id, booking_number, user_id, concert_id, status, total_amount, payment_deadline
          from bookings where id = ${bookingId} for update`,
  );
  return row ? toBooking(row) : undefined;
}

export async function findBookingById(
  db: DbOrTx,
  bookingId: number,
): Promise<BookingRow | undefined> {
  const [row] = await queryRows<RawBooking>(
    db,
    sql`select id, booking_number, user_id, concert_id, status, total_amount, payment_deadline
          from bookings where id = ${bookingId}`,
  );
  return row ? toBooking(row) : undefined;
}

export async function findBookingByNumber(
  db: DbOrTx,
  bookingNumber: string,
): Promise<BookingRow | undefined> {
  const [row] = await queryRows<RawBooking>(
    db,
    sql`select id, booking_number, user_id, concert_id, status, total_amount, payment_deadline
          from bookings where booking_number = ${bookingNumber}`,
  );
  return row ? toBooking(row) : undefined;
}

/** The user's unpaid bookings of a concert, locked (they are about to be superseded). */
export async function lockPendingBookingsOf(
  tx: DbOrTx,
  userId: number,
  concertId: number,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from bookings
          where user_id = ${userId} and concert_id = ${concertId} and status = 'PENDING_PAYMENT'
          for update`,
  );
  return rows.map((r) => Number(r.id));
}

/** Unpaid bookings past their deadline, locked; ones another transaction holds are skipped. */
export async function lockOverdueBookings(tx: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from bookings
          where status = 'PENDING_PAYMENT' and payment_deadline <= ${now}
          order by payment_deadline limit ${limit}
          for update skip locked`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Seats already paid for by the user in this concert (maxTicketsPerUser counts them), and
 * (issue 28) those of a 가상계좌 order awaiting its deposit; a seat cancelled on its own no
 * longer counts.
 */
export async function countConfirmedSeats(
  db: DbOrTx,
  userId: number,
  concertId: number,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from tickets t join bookings b on b.id = t.booking_id
          where b.user_id = ${userId} and b.concert_id = ${concertId}
            and b.status in ('AWAITING_DEPOSIT', 'CONFIRMED', 'COMPLETED') and t.status = 'ACTIVE'`,
  );
  return Number(row?.n ?? 0);
}

export interface SeatForBooking {
  id: number;
  section: string;
  rowNumber: number;
  seatNumber: number;
  status: string;
  heldByUserId: number | null;
  holdExpiresAt: Date | null;
  bookingId: number | null;
  gradeName: string;
  /** The layout's grade code, null for a quick-plan grade (whose name is its key). */
  gradeCode: string | null;
  price: number;
}

/** The requested seats of this concert with their grade, row-locked, in id order. */
export async function lockSeatsForBooking(
  tx: DbOrTx,
  concertId: number,
  seatIds: number[],
): Promise<SeatForBooking[]> {
  const rows = await queryRows<{
    id: number;
    section: string;
    row_number: number;
    seat_number: number;
    status: string;
    held_by_user_id: number | null;
    hold_expires_at: Date | string | null;
    booking_id: number | null;
    grade_name: string;
    grade_code: string | null;
    price: number;
  }>(
    tx,
    sql`select s.id, s.section, s.row_number, s.seat_number, s.status, s.held_by_user_id,
               s.hold_expires_at, s.booking_id, g.name as grade_name, g.code as grade_code,
               g.price
          from concert_seats s join seat_grades g on g.id = s.grade_id
          where s.concert_id = ${concertId}
            and s.id in (${sql.join(
              seatIds.map((id) => sql`${id}`),
              sql`, `,
            )})
          order by s.id
          for update of s`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    section: r.section,
    rowNumber: Number(r.row_number),
    seatNumber: Number(r.seat_number),
    status: r.status,
    heldByUserId: r.held_by_user_id === null ? null : Number(r.held_by_user_id),
    holdExpiresAt: asDate(r.hold_expires_at),
    bookingId: r.booking_id === null ? null : Number(r.booking_id),
    gradeName: r.grade_name,
    gradeCode: r.grade_code,
    price: Number(r.price),
  }));
}

/** The user a booking belongs to, to tell the caller's own booked seat from someone else's. */
export async function findBookingOwner(tx: DbOrTx, bookingId: number): Promise<number | null> {
  const [row] = await queryRows<{ user_id: number }>(
    tx,
    sql`select user_id from bookings where id = ${bookingId}`,
  );
  return row ? Number(row.user_id) : null;
}

export async function insertBooking(
  tx: DbOrTx,
  values: {
    bookingNumber: string;
    userId: number;
    concertId: number;
    totalAmount: number;
    promoCode: string | null;
    paymentDeadline: Date;
    now: Date;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into bookings (booking_number, user_id, concert_id, status, total_amount,
                              promo_code, payment_deadline, booked_at, updated_at)
        values (${values.bookingNumber}, ${values.userId}, ${values.concertId}, 'PENDING_PAYMENT',
                ${values.totalAmount}, ${values.promoCode}, ${values.paymentDeadline},
                ${values.now}, ${values.now})
        returning id`,
  );
  if (!row) throw new Error('booking insert returned nothing');
  return Number(row.id);
}

/**
 * One ticket per seat with its price lines as priced (`priceBooking`), then each companion's
 * ticket pointed at its holder's (the companion rule of a later cancel follows that link).
 */
export async function insertTickets(
  tx: DbOrTx,
  bookingId: number,
  lines: ReadonlyArray<PriceLine & { seatInfo: string }>,
): Promise<void> {
  const rows = await queryRows<{ id: number; concert_seat_id: number }>(
    tx,
    sql`insert into tickets (booking_id, concert_seat_id, seat_info, grade_name, price, fee,
                             grade_price, type_discount, code_discount, ticket_type_id,
                             ticket_type_name, proof_required)
        values ${sql.join(
          lines.map(
            (l) =>
              sql`(${bookingId}, ${l.concertSeatId}, ${l.seatInfo}, ${l.gradeName},
                   ${l.ticketPrice}, ${l.bookingFee}, ${l.gradePrice}, ${l.typeDiscount},
                   ${l.codeDiscount}, ${l.ticketTypeId}, ${l.ticketTypeName}, ${l.proofRequired})`,
          ),
          sql`, `,
        )}
        returning id, concert_seat_id`,
  );
  const ticketOfSeat = new Map(rows.map((r) => [Number(r.concert_seat_id), Number(r.id)]));
  const links = lines.flatMap((line) => {
    const ticketId = ticketOfSeat.get(line.concertSeatId);
    const holderTicketId =
      line.companionOfSeatId === null ? undefined : ticketOfSeat.get(line.companionOfSeatId);
    return ticketId === undefined || holderTicketId === undefined
      ? []
      : [sql`(${ticketId}::int, ${holderTicketId}::int)`];
  });
  if (links.length === 0) return;
  await tx.execute(
    sql`update tickets t set companion_of_ticket_id = link.holder
          from (values ${sql.join(links, sql`, `)}) as link(id, holder)
         where t.id = link.id`,
  );
}

/** Attaches held seats to a booking and extends their holds to its payment deadline. */
export async function attachSeats(
  tx: DbOrTx,
  bookingId: number,
  seatIds: number[],
  deadline: Date,
  now: Date,
): Promise<void> {
  await tx.execute(
    sql`update concert_seats set booking_id = ${bookingId}, hold_expires_at = ${deadline},
          updated_at = ${now}
        where id in (${sql.join(
          seatIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
}

/**
 * Ends an unpaid booking that a newer one replaces: its seats stay held by the user (until
 * their hold runs out) but belong to no booking, so the new booking can take them.
 */
export async function supersedeBooking(tx: DbOrTx, bookingId: number, now: Date): Promise<void> {
  await tx.execute(
    sql`update payments set status = 'EXPIRED', updated_at = ${now}
          where booking_id = ${bookingId} and status = 'PENDING'`,
  );
  await tx.execute(
    sql`update bookings set status = 'CANCELED', canceled_at = ${now}, updated_at = ${now}
          where id = ${bookingId}`,
  );
  await tx.execute(
    sql`update concert_seats set booking_id = null, updated_at = ${now}
          where booking_id = ${bookingId} and status = 'RESERVED'`,
  );
}

/** Frees every seat still attached to the booking; returns the freed seat ids. */
export async function freeBookingSeats(
  tx: DbOrTx,
  bookingId: number,
  now: Date,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update concert_seats set status = 'AVAILABLE', held_by_user_id = null, held_at = null,
          hold_expires_at = null, booking_id = null, updated_at = ${now}
        where booking_id = ${bookingId}
        returning id`,
  );
  return rows.map((r) => Number(r.id));
}

/** An unpaid booking that ends without payment: payment FAILED or EXPIRED, booking CANCELED. */
export async function closeUnpaidBooking(
  tx: DbOrTx,
  bookingId: number,
  outcome: { paymentStatus: 'FAILED' | 'EXPIRED'; code?: string; message?: string; now: Date },
): Promise<void> {
  const { now } = outcome;
  await tx.execute(
    sql`update payments set status = ${outcome.paymentStatus}, failure_code = ${outcome.code ?? null},
          failure_message = ${outcome.message ?? null}, updated_at = ${now}
        where booking_id = ${bookingId} and status = 'PENDING'`,
  );
  await tx.execute(
    sql`update bookings set status = 'CANCELED', canceled_at = ${now}, updated_at = ${now}
          where id = ${bookingId}`,
  );
}

/**
 * The seats attached to a booking that are still its own: RESERVED by its user. A success
 * callback books them only if every ticket's seat is still there.
 */
export async function countSeatsStillHeld(
  tx: DbOrTx,
  booking: BookingRow,
): Promise<{ held: number; tickets: number }> {
  const [row] = await queryRows<{ held: number; tickets: number }>(
    tx,
    sql`select
          (select count(*)::int from concert_seats
             where booking_id = ${booking.id} and status = 'RESERVED'
               and held_by_user_id = ${booking.userId}) as held,
          (select count(*)::int from tickets where booking_id = ${booking.id}) as tickets`,
  );
  return { held: Number(row?.held ?? 0), tickets: Number(row?.tickets ?? 0) };
}

/** Booking CONFIRMED, seats BOOKED (holds cleared); returns the seat ids. */
export async function confirmBooking(
  tx: DbOrTx,
  booking: BookingRow,
  now: Date,
): Promise<number[]> {
  await tx.execute(
    sql`update bookings set status = 'CONFIRMED', confirmed_at = ${now}, payment_deadline = null,
          updated_at = ${now}
        where id = ${booking.id}`,
  );
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update concert_seats set status = 'BOOKED', held_by_user_id = null, held_at = null,
          hold_expires_at = null, updated_at = ${now}
        where booking_id = ${booking.id}
        returning id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * A confirmed booking that ends (its buyer cancelled what was left, or its concert was
 * cancelled): CANCELED, tickets detached, seats AVAILABLE. The tickets keep their status: the
 * booking's says it all.
 */
export async function cancelConfirmedBooking(
  tx: DbOrTx,
  booking: BookingRow,
  now: Date,
): Promise<number[]> {
  await tx.execute(
    sql`update bookings set status = 'CANCELED', canceled_at = ${now}, updated_at = ${now}
          where id = ${booking.id}`,
  );
  await tx.execute(sql`update tickets set concert_seat_id = null where booking_id = ${booking.id}`);
  const freed = await freeBookingSeats(tx, booking.id, now);
  await reopenSoldOut(tx, booking.concertId, now);
  return freed;
}

/**
 * Some tickets of a confirmed booking that goes on (a per-seat cancel): CANCELED and detached,
 * their seats AVAILABLE. Returns the freed seat ids.
 */
export async function cancelTickets(
  tx: DbOrTx,
  booking: BookingRow,
  ticketIds: readonly number[],
  now: Date,
): Promise<number[]> {
  const ids = sql.join(
    ticketIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const seats = await queryRows<{ seat_id: number }>(
    tx,
    sql`select concert_seat_id as seat_id from tickets
         where booking_id = ${booking.id} and id in (${ids}) and concert_seat_id is not null`,
  );
  await tx.execute(
    sql`update tickets set status = 'CANCELED', canceled_at = ${now}, concert_seat_id = null
         where booking_id = ${booking.id} and id in (${ids})`,
  );
  if (seats.length === 0) return [];
  const freed = await queryRows<{ id: number }>(
    tx,
    sql`update concert_seats set status = 'AVAILABLE', held_by_user_id = null, held_at = null,
          hold_expires_at = null, booking_id = null, updated_at = ${now}
        where booking_id = ${booking.id}
          and id in (${sql.join(
            seats.map((r) => sql`${Number(r.seat_id)}`),
            sql`, `,
          )})
        returning id`,
  );
  await reopenSoldOut(tx, booking.concertId, now);
  return freed.map((r) => Number(r.id));
}

/** A freed seat makes a sold-out concert sellable again while its booking window is open. */
async function reopenSoldOut(tx: DbOrTx, concertId: number, now: Date): Promise<void> {
  await tx.execute(
    sql`update concerts set status = 'ON_SALE', updated_at = ${now}
          where id = ${concertId} and status = 'SOLD_OUT' and booking_end_at > ${now}`,
  );
}

export interface BookingOutlineRow {
  bookingNumber: string;
  userId: number;
  concertTitle: string;
  totalAmount: number;
  concertDate: string;
  startTime: string;
  seatInfos: string[];
  concertId: number;
  paymentDeadline: Date | null;
}

/** What the payment failure page shows about a booking. */
export async function findBookingOutline(
  db: DbOrTx,
  bookingNumber: string,
): Promise<BookingOutlineRow | undefined> {
  const [row] = await queryRows<{
    booking_number: string;
    user_id: number;
    title: string;
    total_amount: number;
    concert_date: string | Date;
    start_time: string;
    seat_infos: string[] | string | null;
    concert_id: number;
    payment_deadline: Date | string | null;
  }>(
    db,
    sql`select b.booking_number, b.user_id, c.title, b.total_amount, b.concert_id, b.payment_deadline,
               to_char(c.concert_date, 'YYYY-MM-DD') as concert_date,
               to_char(c.start_time, 'HH24:MI') as start_time,
               (select coalesce(json_agg(t.seat_info order by t.id), '[]'::json)
                  from tickets t where t.booking_id = b.id) as seat_infos
          from bookings b join concerts c on c.id = b.concert_id
          where b.booking_number = ${bookingNumber}`,
  );
  if (!row) return undefined;
  const seatInfos =
    typeof row.seat_infos === 'string'
      ? (JSON.parse(row.seat_infos) as string[])
      : (row.seat_infos ?? []);
  return {
    bookingNumber: row.booking_number,
    userId: Number(row.user_id),
    concertTitle: row.title,
    totalAmount: Number(row.total_amount),
    concertDate: String(row.concert_date),
    startTime: row.start_time,
    seatInfos,
    concertId: Number(row.concert_id),
    paymentDeadline: row.payment_deadline === null ? null : new Date(row.payment_deadline),
  };
}

/** What a booking needs of its concert (performance). */
export interface ConcertForBooking {
  id: number;
  title: string;
  concertDate: string;
  /** `HH:mm:ss`: 재관람 compares performances by date and time (issue 27). */
  startTime: string;
  maxTicketsPerUser: number;
  showId: number;
  /** Issue 26: tickets per buyer across the show's performances; null: no such limit. */
  maxTicketsPerShow: number | null;
  /** Issue 28: the booking window's end and the seller's deposit rules. */
  bookingEndAt: Date;
  virtualAccountEnabled: boolean;
  depositDueDays: number;
  cultureExpense: boolean;
}

export async function findConcertForBooking(
  db: DbOrTx,
  concertId: number,
): Promise<ConcertForBooking | undefined> {
  const [row] = await queryRows<{
    title: string;
    concert_date: string;
    start_time: string;
    max_tickets: number;
    show_id: number;
    max_per_show: number | null;
    booking_end_at: Date | string;
    virtual_account_enabled: boolean;
    deposit_due_days: number;
    culture_expense: boolean;
  }>(
    db,
    sql`select c.title, to_char(c.concert_date, 'YYYY-MM-DD') as concert_date,
               c.start_time::text as start_time,
               c.max_tickets_per_user as max_tickets, c.show_id,
               s.max_tickets_per_show as max_per_show, c.booking_end_at,
               c.virtual_account_enabled, c.deposit_due_days, c.culture_expense
          from concerts c join shows s on s.id = c.show_id
          where c.id = ${concertId}`,
  );
  return row
    ? {
        id: concertId,
        title: row.title,
        concertDate: row.concert_date,
        startTime: row.start_time,
        maxTicketsPerUser: Number(row.max_tickets),
        showId: Number(row.show_id),
        maxTicketsPerShow: row.max_per_show === null ? null : Number(row.max_per_show),
        bookingEndAt:
          row.booking_end_at instanceof Date ? row.booking_end_at : new Date(row.booking_end_at),
        virtualAccountEnabled: Boolean(row.virtual_account_enabled),
        depositDueDays: Number(row.deposit_due_days),
        cultureExpense: Boolean(row.culture_expense),
      }
    : undefined;
}

/**
 * Serialises the bookings of one user across every performance of a show (issue 26), so two
 * bookings of different performances cannot both pass the show's limit. The one-key form of the
 * advisory lock: its key space is apart from the two-key (concert, user) lock of holds, and show
 * ids start at 1, so the key (show << 32 | user) never meets the small start-up lock ids.
 */
export async function lockUserShowBookings(
  tx: DbOrTx,
  showId: number,
  userId: number,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock((${showId}::bigint << 32) | ${userId}::bigint)`,
  );
}

/**
 * Seats the user has across every performance of the show: tickets of paid bookings (what
 * `countConfirmedSeats` counts per performance) and the seats still attached to unpaid ones,
 * which may yet be paid. A superseded or expired booking has none attached any more.
 */
export async function countShowSeats(db: DbOrTx, userId: number, showId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select
          (select count(*)::int from tickets t
             join bookings b on b.id = t.booking_id
             join concerts c on c.id = b.concert_id
            where b.user_id = ${userId} and c.show_id = ${showId}
              and b.status in ('AWAITING_DEPOSIT', 'CONFIRMED', 'COMPLETED')
              and t.status = 'ACTIVE')
          + (select count(*)::int from concert_seats s
               join bookings b on b.id = s.booking_id
               join concerts c on c.id = b.concert_id
              where b.user_id = ${userId} and c.show_id = ${showId}
                and b.status = 'PENDING_PAYMENT') as n`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Everything unpaid or held of a cancelled concert ends: unpaid bookings CANCELED (their pending
 * payment CANCELED, tickets detached), every RESERVED seat AVAILABLE again; (issue 28) 가상계좌
 * orders awaiting their deposit too, with their BOOKED seats (the account expires unpaid; a
 * deposit that still arrives is given back as a late one). Paid bookings stay
 * CONFIRMED until their refund succeeds (the refund job, modules/payments). Returns the freed seat ids.
 */
export async function closeUnpaidOfCancelledConcert(
  tx: DbOrTx,
  concertId: number,
  now: Date,
): Promise<{ bookingIds: number[]; freedSeatIds: number[] }> {
  // One statement however many unpaid bookings there are (a seller's cancel runs this inside
  // its request): the bookings, their pending payments and their tickets together.
  const closed = await queryRows<{ id: number }>(
    tx,
    sql`with closed as (
          update bookings set status = 'CANCELED', canceled_at = ${now}, updated_at = ${now}
          where concert_id = ${concertId} and status in ('PENDING_PAYMENT', 'AWAITING_DEPOSIT')
          returning id
        ), payments_closed as (
          update payments set status = 'CANCELED', failure_code = 'CONCERT_CANCELLED',
            failure_message = '공연이 취소되어 결제가 취소되었습니다.', updated_at = ${now}
          where booking_id in (select id from closed)
            and status in ('PENDING', 'WAITING_FOR_DEPOSIT')
          returning id
        ), tickets_detached as (
          update tickets set concert_seat_id = null
          where booking_id in (select id from closed)
          returning id
        )
        select id from closed`,
  );
  const freed = await queryRows<{ id: number }>(
    tx,
    sql`update concert_seats set status = 'AVAILABLE', held_by_user_id = null, held_at = null,
          hold_expires_at = null, booking_id = null, updated_at = ${now}
        where concert_id = ${concertId}
          and (status = 'RESERVED'
               or (status = 'BOOKED' and booking_id = any(${`{${closed.map((r) => Number(r.id)).join(',')}}`}::int[])))
        returning id`,
  );
  return {
    bookingIds: closed.map((r) => Number(r.id)),
    freedSeatIds: freed.map((r) => Number(r.id)),
  };
}

/** Cancelled concerts that still have an unpaid booking or a held seat (late arrivals). */
export async function findCancelledConcertsWithLeftovers(db: DbOrTx): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select c.id from concerts c
        where c.status = 'CANCELLED'
          and (exists (select 1 from bookings b
                       where b.concert_id = c.id
                         and b.status in ('PENDING_PAYMENT', 'AWAITING_DEPOSIT'))
               or exists (select 1 from concert_seats s
                          where s.concert_id = c.id and s.status = 'RESERVED'))`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The ticket types of the bookings' tickets still ACTIVE (or of those tickets only), one entry
 * per ticket: what giving a seat back returns to each type's quota (issue 27).
 */
export async function findActiveTicketTypeIds(
  tx: DbOrTx,
  of: { bookingIds: readonly number[] } | { ticketIds: readonly number[] },
): Promise<number[]> {
  const ids = 'bookingIds' in of ? of.bookingIds : of.ticketIds;
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ ticket_type_id: number }>(
    tx,
    'bookingIds' in of
      ? sql`select ticket_type_id from tickets
             where booking_id in (${list}) and status = 'ACTIVE' and ticket_type_id is not null`
      : sql`select ticket_type_id from tickets
             where id in (${list}) and status = 'ACTIVE' and ticket_type_id is not null`,
  );
  return rows.map((row) => Number(row.ticket_type_id));
}

/**
 * Issue 28: a 가상계좌 was issued: the booking waits for the deposit until `dueAt`, its seats
 * BOOKED (taken on the seat map; holds cleared, so no hold sweep or hold limit touches them),
 * still attached to the booking so the deadline can give exactly these back.
 */
export async function markAwaitingDeposit(
  tx: DbOrTx,
  booking: BookingRow,
  dueAt: Date,
  now: Date,
): Promise<number[]> {
  await tx.execute(
    sql`update bookings set status = 'AWAITING_DEPOSIT', payment_deadline = ${dueAt},
          updated_at = ${now}
        where id = ${booking.id}`,
  );
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update concert_seats set status = 'BOOKED', held_by_user_id = null, held_at = null,
          hold_expires_at = null, updated_at = ${now}
        where booking_id = ${booking.id}
        returning id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Issue 28: the deposit deadline passed. One batch, set-based (a day's orders share 23:59, so
 * tens of thousands end at the same moment): the bookings CANCELED, their payments EXPIRED,
 * their seats AVAILABLE, a sold-out concert on sale again. Rows another transaction holds (a
 * deposit being confirmed) are skipped and looked at again next time.
 */
export async function expireOverdueDeposits(
  tx: DbOrTx,
  now: Date,
  limit: number,
): Promise<{
  bookings: Array<{ id: number; concertId: number; promoCode: string | null }>;
  freedSeats: Array<{ id: number; concertId: number }>;
}> {
  const closed = await queryRows<{ id: number; concert_id: number; promo_code: string | null }>(
    tx,
    // The due ids go in as an array (`id = any(array(...))`), not joined from a CTE: joined,
    // the planner hashed the whole bookings table for each batch (a seq scan, ~90 of the
    // batch's ~150 ms at 50,000 bookings, growing with the table); as an array they are
    // primary-key probes, bounded by the batch.
    sql`with closed as (
          update bookings set status = 'CANCELED', canceled_at = ${now}, updated_at = ${now}
           where status = 'AWAITING_DEPOSIT'
             and id = any(array(
               select id from bookings
                where status = 'AWAITING_DEPOSIT' and payment_deadline <= ${now}
                order by payment_deadline
                limit ${limit}
                for update skip locked))
          returning id, concert_id, promo_code
        ), expired_payments as (
          update payments set status = 'EXPIRED', failure_code = 'DEPOSIT_EXPIRED',
                 failure_message = '입금 기한이 지나 예매가 취소되었습니다.', updated_at = ${now}
           where booking_id in (select id from closed) and status = 'WAITING_FOR_DEPOSIT'
          returning id
        )
        select id, concert_id, promo_code from closed`,
  );
  if (closed.length === 0) return { bookings: [], freedSeats: [] };
  const ids = sql.join(
    closed.map((r) => sql`${Number(r.id)}`),
    sql`, `,
  );
  // By the partial index of seats by booking (concert_seats_booking_idx): bounded by the batch.
  const freed = await queryRows<{ id: number; concert_id: number }>(
    tx,
    sql`update concert_seats set status = 'AVAILABLE', held_by_user_id = null, held_at = null,
          hold_expires_at = null, booking_id = null, updated_at = ${now}
        where booking_id in (${ids})
        returning id, concert_id`,
  );
  for (const concertId of new Set(closed.map((r) => Number(r.concert_id)))) {
    await reopenSoldOut(tx, concertId, now);
  }
  return {
    bookings: closed.map((r) => ({
      id: Number(r.id),
      concertId: Number(r.concert_id),
      promoCode: r.promo_code,
    })),
    freedSeats: freed.map((r) => ({ id: Number(r.id), concertId: Number(r.concert_id) })),
  };
}
