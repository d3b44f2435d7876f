import type { DbOrTx } from '../../db/client';
import {
  closeUnpaidBooking,
  closeUnpaidOfCancelledConcert,
  freeBookingSeats,
  supersedeBooking,
} from './bookings.repo';

/*
 * A booking's state changes that money decides (modules/payments), each a step inside the
 * caller's transaction, which locks the booking row first (`lockBooking`). They are functions
 * rather than the bookings service's methods because the bookings service itself prices and
 * opens payments through the payments service, which these steps serve.
 */
export {
  /** Locks a booking row for the rest of the transaction and returns it fresh. */
  lockBooking,
  findBookingById,
  /** The seats a success callback still finds held for the booking, against its tickets. */
  countSeatsStillHeld,
  /** Paid: booking CONFIRMED, seats BOOKED. */
  confirmBooking,
  /** The refund that leaves nothing: booking CANCELED, every seat back on sale. */
  cancelConfirmedBooking,
  /** A per-seat refund: those tickets CANCELED, their seats back on sale. */
  cancelTickets,
} from './bookings.repo';

/** How an unpaid booking ends. */
export type UnpaidEnd =
  /** The payment failed or was refused (FAILED), or time ran out (EXPIRED): seats freed. */
  | {
      kind: 'closed';
      bookingId: number;
      paymentStatus: 'FAILED' | 'EXPIRED';
      code?: string;
      message?: string;
    }
  /** The buyer's newer booking of the same concert replaces it: the seats stay their holds. */
  | { kind: 'superseded'; bookingId: number }
  /** Its concert was cancelled: every unpaid booking of the concert, and every hold, ends. */
  | { kind: 'concertCancelled'; concertId: number };

/**
 * The one place an unpaid booking ends (supersede, payment failure, expiry, a cancelled
 * concert), inside the caller's transaction, which holds the booking's lock (or cancels the
 * concert). It returns the bookings that ended and the seats freed, so this is also the place
 * where anything else an unpaid booking takes (issue 27: a ticket type's quota, a promo code's
 * use) is released, for `bookingIds`, once bookings take them.
 */
export async function endUnpaidBookings(
  tx: DbOrTx,
  end: UnpaidEnd,
  now: Date,
): Promise<{ bookingIds: number[]; freedSeatIds: number[] }> {
  switch (end.kind) {
    case 'closed':
      await closeUnpaidBooking(tx, end.bookingId, {
        paymentStatus: end.paymentStatus,
        ...(end.code === undefined ? {} : { code: end.code }),
        ...(end.message === undefined ? {} : { message: end.message }),
        now,
      });
      return {
        bookingIds: [end.bookingId],
        freedSeatIds: await freeBookingSeats(tx, end.bookingId, now),
      };
    case 'superseded':
      await supersedeBooking(tx, end.bookingId, now);
      return { bookingIds: [end.bookingId], freedSeatIds: [] };
    case 'concertCancelled':
      return closeUnpaidOfCancelledConcert(tx, end.concertId, now);
  }
}
