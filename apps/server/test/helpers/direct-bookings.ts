import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import {
  bookings,
  concertSeats,
  paymentCancellations,
  payments,
  tickets,
} from '../../src/db/schema/index';
import { generateBookingNumber } from '../../src/modules/bookings/booking-number';

/**
 * A booking written straight into the database with exact figures (status, amount, seats, the
 * instant it was paid), for tests of aggregates: the booking journey itself is tested elsewhere.
 * Its tickets take the concert's seats in id order from `seatOffset` (seat states are not touched).
 */
export async function insertBooking(
  db: Database,
  options: {
    userId: number;
    concertId: number;
    seats: number;
    amount: number;
    status: 'PENDING_PAYMENT' | 'CONFIRMED' | 'CANCELED' | 'COMPLETED';
    /** When it was paid (confirmed_at); null for an unpaid booking. */
    paidAt: Date | null;
    seatOffset?: number;
    /**
     * A paid booking cancelled with a refund: its payment (CANCELED) and the refund the provider
     * made (DONE) of this many won; the rest is what the cancel kept.
     */
    refunded?: number;
  },
): Promise<number> {
  const [booking] = await db
    .insert(bookings)
    .values({
      bookingNumber: generateBookingNumber(),
      userId: options.userId,
      concertId: options.concertId,
      status: options.status,
      totalAmount: options.amount,
      bookedAt: options.paidAt ?? new Date(),
      confirmedAt: options.paidAt,
    })
    .returning({ id: bookings.id });
  if (!booking) throw new Error('booking insert failed');
  const seats = await db
    .select({ id: concertSeats.id })
    .from(concertSeats)
    .where(eq(concertSeats.concertId, options.concertId))
    .orderBy(asc(concertSeats.id))
    .limit(options.seats)
    .offset(options.seatOffset ?? 0);
  if (seats.length !== options.seats) throw new Error('not enough seats for the test booking');
  await db.insert(tickets).values(
    seats.map((seat, index) => ({
      bookingId: booking.id,
      concertSeatId: seat.id,
      seatInfo: `A-1-${(options.seatOffset ?? 0) + index + 1}`,
      gradeName: 'R',
      price: Math.floor(options.amount / options.seats),
      gradePrice: Math.floor(options.amount / options.seats),
      fee: 0,
    })),
  );
  if (options.refunded !== undefined && options.paidAt) {
    const [payment] = await db
      .insert(payments)
      .values({
        bookingId: booking.id,
        orderId: randomUUID(),
        provider: 'sandbox',
        paymentKey: `test_${randomUUID()}`,
        amount: options.amount,
        status: 'CANCELED',
        method: 'CARD',
        approvedAt: options.paidAt,
      })
      .returning({ id: payments.id });
    if (!payment) throw new Error('payment insert failed');
    await db.insert(paymentCancellations).values({
      paymentId: payment.id,
      amount: options.refunded,
      reason: '테스트 환불',
      status: 'DONE',
      canceledAt: options.paidAt,
    });
  }
  return booking.id;
}
