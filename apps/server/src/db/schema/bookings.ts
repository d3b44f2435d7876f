import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    /** PENDING_PAYMENT | AWAITING_DEPOSIT (issue 28) | CONFIRMED | CANCELED | COMPLETED */
    status: text('status').notNull(),
    /** Integer won: grade prices plus the booking fee, computed by the server. */
    totalAmount: integer('total_amount').notNull(),
    /** The payment window's end; for AWAITING_DEPOSIT (issue 28) the deposit's due time. */
    paymentDeadline: timestamp('payment_deadline', { withTimezone: true }),
    /** Issue 27: the promo code this booking used (upper case), kept as it was typed. */
    promoCode: text('promo_code'),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bookings_number_key').on(t.bookingNumber),
    index('bookings_user_idx').on(t.userId, t.bookedAt),
    index('bookings_concert_status_idx').on(t.concertId, t.status),
    // Issue 28: the deposit-expiry job's probe (every 250 ms) reads only this small index.
    index('bookings_deposit_due_idx')
      .on(t.paymentDeadline)
      .where(sql`${t.status} = 'AWAITING_DEPOSIT'`),
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
    /** What was paid for the seat after discounts, without the booking fee (integer won). */
    price: integer('price').notNull(),
    /** The booking fee (예매수수료) of this seat. */
    fee: integer('fee').notNull(),
    /** Issue 27: the grade's price when booked, and the discounts that made `price`. */
    gradePrice: integer('grade_price').notNull(),
    typeDiscount: integer('type_discount').notNull().default(0),
    codeDiscount: integer('code_discount').notNull().default(0),
    /** Null for 일반. */
    ticketTypeId: integer('ticket_type_id'),
    ticketTypeName: text('ticket_type_name').notNull().default('일반'),
    /** '현장에서 증빙 필요' is printed on the ticket. */
    proofRequired: boolean('proof_required').notNull().default(false),
    /** A companion's ticket names its holder's ticket (the companion rule on cancel). */
    companionOfTicketId: integer('companion_of_ticket_id'),
    /**
     * ACTIVE | CANCELED: a per-seat cancel voids one ticket of a booking that goes on. A ticket
     * is valid only while its booking is too: cancelling or closing a whole booking leaves its
     * tickets ACTIVE (the booking's status says it all).
     */
    status: text('status').notNull().default('ACTIVE'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** The refund (payment_cancellations row) that gave this seat's money back. */
    refundId: integer('refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tickets_booking_idx').on(t.bookingId),
    index('tickets_seat_idx').on(t.concertSeatId),
    index('tickets_type_idx').on(t.ticketTypeId),
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
    /**
     * PENDING | WAITING_FOR_DEPOSIT (issue 28) | DONE | CANCELED | PARTIAL_CANCELED | FAILED |
     * EXPIRED
     */
    status: text('status').notNull(),
    /** CARD | EASY_PAY | VIRTUAL_ACCOUNT (issue 28: chosen at booking, confirmed by the provider) */
    method: text('method'),
    /** Issue 28: the buyer's choices (Toss codes): 카드사, 할부 months, 간편결제 provider. */
    cardCompany: text('card_company'),
    installmentMonths: integer('installment_months'),
    easyPayProvider: text('easy_pay_provider'),
    /** The part paid in cash (a 간편결제 balance or account, a deposit): what a 현금영수증 covers. */
    cashAmount: integer('cash_amount'),
    /** 가상계좌: the issued account and its due time (the booking's payment_deadline too). */
    virtualAccountBank: text('virtual_account_bank'),
    virtualAccountNumber: text('virtual_account_number'),
    virtualAccountHolder: text('virtual_account_holder'),
    virtualAccountDueAt: timestamp('virtual_account_due_at', { withTimezone: true }),
    /** 현금영수증 asked for: type, the number encrypted at rest and masked, the issue number. */
    cashReceiptType: text('cash_receipt_type'),
    cashReceiptNumberEncrypted: text('cash_receipt_number_encrypted'),
    cashReceiptNumberMasked: text('cash_receipt_number_masked'),
    cashReceiptIssueNumber: text('cash_receipt_issue_number'),
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
    /** What goes back to the buyer (integer won). */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    providerTransactionKey: text('provider_transaction_key'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue 27. REQUESTED: written before the provider is called, with the key every attempt
     * sends, so a lost answer is retried by the job and refunds once; DONE; FAILED (the
     * provider refused: nothing was given back and the tickets are the buyer's again).
     */
    status: text('status').notNull().default('DONE'),
    idempotencyKey: text('idempotency_key'),
    /** Kept by the fee table (취소수수료) and booking fees not given back. */
    cancellationFee: integer('cancellation_fee').notNull().default(0),
    bookingFeeKept: integer('booking_fee_kept').notNull().default(0),
    /** The fee table's row (pricing.ts CancelTier), null before issue 27. */
    tier: text('tier'),
    /** BUYER | ORGANIZER | SYSTEM (a late payment given back). */
    requestedBy: text('requested_by').notNull().default('BUYER'),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    failureCode: text('failure_code'),
    /** Issue 28: a deposit given back went to this account (masked: bank and last digits). */
    refundAccountMasked: text('refund_account_masked'),
  },
  (t) => [
    index('payment_cancellations_payment_idx').on(t.paymentId),
    uniqueIndex('payment_cancellations_idempotency_key').on(t.idempotencyKey),
    index('payment_cancellations_requested_idx')
      .on(t.lastAttemptAt)
      .where(sql`${t.status} = 'REQUESTED'`),
  ],
);

/**
 * Issue 28: the buyer's 환불 계좌 (one per account), used when a payment made by bank transfer
 * (가상계좌) is given back. Number and holder are encrypted at rest (lib/field-crypto.ts); the
 * masked forms are all that is ever shown.
 */
export const refundAccounts = pgTable('refund_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bankCode: text('bank_code').notNull(),
  accountNumberEncrypted: text('account_number_encrypted').notNull(),
  holderEncrypted: text('holder_encrypted').notNull(),
  maskedNumber: text('masked_number').notNull(),
  maskedHolder: text('masked_holder').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 28: every payment notice a provider sent (the Toss webhook, the sandbox bank's), kept
 * with what we made of it. It decides nothing: the payment's own state does (a replay finds it
 * settled), and the provider is asked before anything changes.
 */
export const paymentNotices = pgTable(
  'payment_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    eventType: text('event_type').notNull(),
    orderId: text('order_id'),
    /** confirmed | late-refund | ignored:<why> | unverified | error */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_notices_order_idx').on(t.orderId)],
);
