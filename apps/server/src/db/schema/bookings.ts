import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { concertSeats, concerts } from './concerts';
import { users } from './users';

export const bookings = pgTable(
  'bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Short, readable, hard to guess (at least 40 random bits). */
    bookingNumber: text('booking_number').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    concertId: integer('concert_id')
      .notNull()
      .references(() => concerts.id),
    /** PENDING_PAYMENT | CONFIRMED | CANCELED | COMPLETED */
    status: text('status').notNull(),
    /** Integer won: grade prices plus the booking fee, computed by the server. */
    totalAmount: integer('total_amount').notNull(),
    paymentDeadline: timestamp('payment_deadline', { withTimezone: true }),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_number_key').on(t.bookingNumber),
    index('bookings_user_idx').on(t.userId, t.bookedAt),
    index('bookings_concert_status_idx').on(t.concertId, t.status),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Detached (null) once the booking is cancelled and the seat freed. */
    concertSeatId: integer('concert_seat_id').references(() => concertSeats.id),
    /** `section-row-number`, kept so a cancelled booking still names its seats. */
    seatInfo: text('seat_info').notNull(),
    gradeName: text('grade_name').notNull(),
    price: integer('price').notNull(),
    fee: integer('fee').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tickets_booking_idx').on(t.bookingId),
    index('tickets_seat_idx').on(t.concertSeatId),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** UUID sent to the provider as orderId. */
    orderId: text('order_id').notNull(),
    /** sandbox | toss */
    provider: text('provider').notNull(),
    paymentKey: text('payment_key'),
    amount: integer('amount').notNull(),
    /** PENDING | DONE | CANCELED | PARTIAL_CANCELED | FAILED | EXPIRED */
    status: text('status').notNull(),
    /** CARD | EASY_PAY */
    method: text('method'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_order_id_key').on(t.orderId),
    uniqueIndex('payments_payment_key_key').on(t.paymentKey),
    index('payments_booking_idx').on(t.bookingId),
  ],
);

export const paymentCancellations = pgTable(
  'payment_cancellations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    providerTransactionKey: text('provider_transaction_key'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_cancellations_payment_idx').on(t.paymentId)],
);
