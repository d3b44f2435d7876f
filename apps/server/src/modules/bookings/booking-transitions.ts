import type { DbOrTx } from '../../db/client';
import { markRedemptionPaid, releaseRedemption } from '../promo-codes/promo-codes.pricing';
import { releaseTicketTypes } from '../ticket-types/ticket-types.pricing';
import {
  cancelConfirmedBooking as cancelWholeBooking,
  cancelTickets as cancelSomeTickets,
  closeUnpaidBooking,
  closeUnpaidOfCancelledConcert,
  confirmBooking as confirmPaidBooking,
  expireOverdueDeposits,
  findActiveTicketTypeIds,
  markAwaitingDeposit,
  freeBookingSeats,
  supersedeBooking,
  type BookingRow,
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
} from './bookings.repo';

/*
 * Issue 27: a booking takes a use of its ticket types' quotas (per seat) and of its promo code
 * when it is made. Every way out below gives back what it took, in the same transaction: an
 * unpaid booking that ends gives back both; a paid seat cancelled gives back its type's use; a
 * paid booking cancelled whole also gives back its code's use (a partial cancel keeps it).
 */

/** Paid: booking CONFIRMED, seats BOOKED, its promo code's use kept for good. */
export async function confirmBooking(
  tx: DbOrTx,
  booking: BookingRow,
  now: Date,
): Promise<number[]> {
  const seatIds = await confirmPaidBooking(tx, booking, now);
  await markRedemptionPaid(tx, booking.id, now);
  return seatIds;
}

/** The refund that leaves nothing: booking CANCELED, every seat back on sale. */
export async function cancelConfirmedBooking(
  tx: DbOrTx,
  booking: BookingRow,
  now: Date,
): Promise<number[]> {
  await giveBackTakenUses(tx, [booking.id], now);
  return cancelWholeBooking(tx, booking, now);
}

/** A per-seat refund: those tickets CANCELED, their seats back on sale. */
export async function cancelTickets(
  tx: DbOrTx,
  booking: BookingRow,
  ticketIds: readonly number[],
  now: Date,
): Promise<number[]> {
  await releaseTicketTypes(tx, await findActiveTicketTypeIds(tx, { ticketIds }));
  return cancelSomeTickets(tx, booking, ticketIds, now);
}

/** Gives back the type quota of the bookings' ACTIVE tickets and their promo code uses. */
async function giveBackTakenUses(tx: DbOrTx, bookingIds: readonly number[], now: Date) {
  await releaseTicketTypes(tx, await findActiveTicketTypeIds(tx, { bookingIds }));
  for (const bookingId of bookingIds) await releaseRedemption(tx, bookingId, now);
}

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
 * where what an unpaid booking took (issue 27: its seats' ticket-type quota, its promo code's
 * use) is given back.
 */
export async function endUnpaidBookings(
  tx: DbOrTx,
  end: UnpaidEnd,
  now: Date,
): Promise<{ bookingIds: number[]; freedSeatIds: number[] }> {
  const ended = await endBookings(tx, end, now);
  await giveBackTakenUses(tx, ended.bookingIds, now);
  return ended;
}

async function endBookings(
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

/** Issue 28: a 가상계좌 was issued: the booking awaits its deposit, its seats taken. */
export function awaitDeposit(
  tx: DbOrTx,
  booking: BookingRow,
  dueAt: Date,
  now: Date,
): Promise<number[]> {
  return markAwaitingDeposit(tx, booking, dueAt, now);
}

/**
 * Issue 28: one batch of deposits past their deadline: bookings CANCELED, payments EXPIRED,
 * seats back on sale, and what the bookings took given back: the types' quota in one
 * statement, the promo code uses of the bookings that used one.
 */
export async function expireDeposits(
  tx: DbOrTx,
  now: Date,
  limit: number,
): Promise<{ bookingIds: number[]; freedSeats: Array<{ id: number; concertId: number }> }> {
  const expired = await expireOverdueDeposits(tx, now, limit);
  const bookingIds = expired.bookings.map((b) => b.id);
  if (bookingIds.length > 0) {
    await releaseTicketTypes(tx, await findActiveTicketTypeIds(tx, { bookingIds }));
    for (const booking of expired.bookings) {
      if (booking.promoCode !== null) await releaseRedemption(tx, booking.id, now);
    }
  }
  return { bookingIds, freedSeats: expired.freedSeats };
}
