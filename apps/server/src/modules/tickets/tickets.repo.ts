import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, concertSeats, concerts, tickets } from '../../db/schema/index';

/*
 * Tickets read the bookings module's tables and never write them: a ticket's state is its
 * booking's state, which only the bookings and payments services change, and its own status
 * once a per-seat cancel gave its seat back (CANCELED).
 */

export interface TicketBookingRow {
  bookingId: number;
  bookingNumber: string;
  userId: number;
  status: string;
  concertId: number;
  concertTitle: string;
  artist: string;
  /** `YYYY-MM-DD`, Asia/Seoul. */
  concertDate: string;
  /** `HH:mm:ss`, Asia/Seoul wall clock. */
  startTime: string;
  endTime: string;
  venueName: string;
  venueAddress: string | null;
}

/** A booking by its number with the concert its tickets print; anyone's (the caller checks). */
export async function findTicketBooking(
  db: DbOrTx,
  bookingNumber: string,
): Promise<TicketBookingRow | undefined> {
  const [row] = await db
    .select({
      bookingId: bookings.id,
      bookingNumber: bookings.bookingNumber,
      userId: bookings.userId,
      status: bookings.status,
      concertId: bookings.concertId,
      concertTitle: concerts.title,
      artist: concerts.artist,
      concertDate: concerts.concertDate,
      startTime: concerts.startTime,
      endTime: concerts.endTime,
      venueName: concerts.venueName,
      venueAddress: concerts.venueAddress,
    })
    .from(bookings)
    .innerJoin(concerts, eq(concerts.id, bookings.concertId))
    .where(eq(bookings.bookingNumber, bookingNumber))
    .limit(1);
  return row;
}

export interface TicketRow {
  ticketId: number;
  /** `section-row-number`. */
  seatInfo: string;
  gradeName: string;
  ticketTypeName: string;
  proofRequired: boolean;
}

/** A booking's tickets still valid (not cancelled on their own), in the order they were issued. */
export async function findBookingTickets(db: DbOrTx, bookingId: number): Promise<TicketRow[]> {
  return db
    .select({
      ticketId: tickets.id,
      seatInfo: tickets.seatInfo,
      gradeName: tickets.gradeName,
      ticketTypeName: tickets.ticketTypeName,
      proofRequired: tickets.proofRequired,
    })
    .from(tickets)
    .where(and(eq(tickets.bookingId, bookingId), eq(tickets.status, 'ACTIVE')))
    .orderBy(asc(tickets.id));
}

export interface TicketCheckRow {
  ticketId: number;
  seatInfo: string;
  bookingNumber: string;
  bookingStatus: string;
  concertId: number;
  concertTitle: string;
  concertDate: string;
  startTime: string;
  /** Performances of the concert's show, whatever their status (issue 26). */
  showPerformances: number;
  sellerId: number;
  /** The booking its seat is attached to now; null once the ticket or the seat was detached. */
  seatBookingId: number | null;
  bookingId: number;
  /** ACTIVE, or CANCELED by a per-seat cancel. */
  status: string;
}

/** One ticket with its booking, concert and the seat's current booking, for a scanner check. */
export async function findTicketForCheck(
  db: DbOrTx,
  ticketId: number,
): Promise<TicketCheckRow | undefined> {
  const [row] = await db
    .select({
      ticketId: tickets.id,
      seatInfo: tickets.seatInfo,
      bookingId: bookings.id,
      bookingNumber: bookings.bookingNumber,
      bookingStatus: bookings.status,
      concertId: bookings.concertId,
      concertTitle: concerts.title,
      concertDate: concerts.concertDate,
      startTime: concerts.startTime,
      showPerformances: sql<number>`(select count(*)::int from concerts sc
                                      where sc.show_id = "concerts"."show_id")`.mapWith(Number),
      sellerId: concerts.sellerId,
      seatBookingId: concertSeats.bookingId,
      status: tickets.status,
    })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(concerts, eq(concerts.id, bookings.concertId))
    .leftJoin(concertSeats, eq(concertSeats.id, tickets.concertSeatId))
    .where(eq(tickets.id, ticketId))
    .limit(1);
  return row;
}
