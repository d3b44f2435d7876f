import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { concerts } from './concerts';
import { users } from './users';

/**
 * 권종 (issue 27): a concert's discounted ticket types. 일반 has no row. A type removed by the
 * seller is `active = false`: tickets sold with it keep its name and discount on their own row.
 */
export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    concertId: integer('concert_id')
      .notNull()
      .references(() => concerts.id, { onDelete: 'cascade' }),
    /** pricing.ts ticketTypeKinds */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** PERCENT | AMOUNT */
    discountKind: text('discount_kind').notNull(),
    discountValue: integer('discount_value').notNull(),
    /** Grade keys (layout code, or a quick-plan grade's name); empty = every grade. */
    gradeKeys: text('grade_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Null: no quota. */
    quota: integer('quota'),
    /**
     * Seats of this type in bookings paid or still payable: taken by one conditional UPDATE
     * (`used_count + n <= quota`) in the booking transaction, given back when the seat's booking
     * ends unpaid or the seat is cancelled.
     */
    usedCount: integer('used_count').notNull().default(0),
    proofRequired: boolean('proof_required').notNull().default(false),
    companionAllowed: boolean('companion_allowed').notNull().default(false),
    /** 조기예매: the discount ends at this instant. */
    earlyUntil: timestamp('early_until', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_types_concert_idx').on(t.concertId, t.sortOrder),
    check('ticket_types_quota_check', sql`${t.quota} is null or ${t.usedCount} <= ${t.quota}`),
    check('ticket_types_used_check', sql`${t.usedCount} >= 0`),
  ],
);

/** Promo codes (issue 27), per concert, case-insensitive (stored upper case). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    concertId: integer('concert_id')
      .notNull()
      .references(() => concerts.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    discountKind: text('discount_kind').notNull(),
    discountValue: integer('discount_value').notNull(),
    gradeKeys: text('grade_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    totalUses: integer('total_uses').notNull(),
    /** Taken by one conditional UPDATE (`used_count < total_uses`): exact across instances. */
    usedCount: integer('used_count').notNull().default(0),
    oncePerAccount: boolean('once_per_account').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_concert_code_key')
      .on(t.concertId, t.code)
      .where(sql`${t.active}`),
    check('promo_codes_uses_check', sql`${t.usedCount} >= 0 and ${t.usedCount} <= ${t.totalUses}`),
  ],
);

/** One use of a code by one booking: HELD (unpaid), USED (paid), RELEASED (given back). */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull(),
    /** Won off the booking. */
    discount: integer('discount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_redemptions_booking_key').on(t.bookingId),
    index('promo_redemptions_code_user_idx').on(t.promoCodeId, t.userId),
  ],
);

/** Platform-wide settings an admin changes (one row, id 1). */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: integer('id').primaryKey(),
    /** 예매수수료 per seat for new bookings (integer won); a booking keeps the fee it was made with. */
    bookingFeePerSeat: integer('booking_fee_per_seat').notNull().default(2000),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('platform_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * The sandbox provider's own books (issue 27): what each approved sandbox payment took and what
 * was given back, so a partial refund is checked against what remains, as a real provider does,
 * and a repeated refund (same idempotency key) gives back once.
 */
export const sandboxPayments = pgTable('sandbox_payments', {
  paymentKey: text('payment_key').primaryKey(),
  orderId: text('order_id').notNull(),
  amount: integer('amount').notNull(),
  refunded: integer('refunded').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxRefunds = pgTable('sandbox_refunds', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  paymentKey: text('payment_key').notNull(),
  amount: integer('amount').notNull(),
  transactionKey: text('transaction_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 28: the sandbox provider's 가상계좌 books: each issued account, its amount and due
 * time, and the deposit once the test bank page made it.
 */
export const sandboxVirtualAccounts = pgTable(
  'sandbox_virtual_accounts',
  {
    paymentKey: text('payment_key').primaryKey(),
    orderId: text('order_id').notNull(),
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    holder: text('holder').notNull(),
    amount: integer('amount').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    depositedAt: timestamp('deposited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_virtual_accounts_number_key').on(t.accountNumber),
    uniqueIndex('sandbox_virtual_accounts_order_key').on(t.orderId),
  ],
);
