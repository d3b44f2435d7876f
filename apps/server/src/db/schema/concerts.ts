import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A seller's saved hall (issue 25): a layout in the documented format (docs/venue-layout.md),
 * reused by concerts. Concerts copy the layout when they are created, so editing or deleting
 * a venue never changes a show already on sale.
 */
export const venues = pgTable(
  'venues',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    address: text('address'),
    layout: jsonb('layout').notNull(),
    /** Counts derived from `layout` when it is saved, so the list never reads the layouts. */
    summary: jsonb('summary').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('venues_seller_idx').on(t.sellerId, t.updatedAt)],
);

/**
 * A show (공연, issue 26): the performances (회차) sold under one title. Each performance is a
 * `concerts` row with a `concertId` of its own, so every spec endpoint keeps its meaning per
 * performance; the fields buyers see as the show's (title, artist, description, poster, venue,
 * age limit, AI summary) are copied on every performance and edited together (decisions.md).
 */
export const shows = pgTable(
  'shows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    /** Tickets one buyer may hold across every performance of the show (null: no show limit). */
    maxTicketsPerShow: integer('max_tickets_per_show'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shows_seller_idx').on(t.sellerId, t.createdAt)],
);

export const concerts = pgTable(
  'concerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    /** The show this performance belongs to (a show of one performance for a plain concert). */
    showId: integer('show_id')
      .notNull()
      .references(() => shows.id),
    title: text('title').notNull(),
    artist: text('artist').notNull(),
    description: text('description'),
    venueName: text('venue_name').notNull(),
    venueAddress: text('venue_address'),
    /** Asia/Seoul calendar date and wall-clock times of the show. */
    concertDate: date('concert_date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    totalSeats: integer('total_seats').notNull(),
    /** The venue it was created from (the layout itself is copied to `seatLayout`). */
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'set null' }),
    /**
     * The layout the seats were made from, with this concert's prices (null: the quick plan
     * from `totalSeats`). Drawn for buyers; HELD and KILLED here are as created, the seats'
     * `block` column is the current truth.
     */
    seatLayout: jsonb('seat_layout'),
    bookingStartAt: timestamp('booking_start_at', { withTimezone: true }).notNull(),
    bookingEndAt: timestamp('booking_end_at', { withTimezone: true }).notNull(),
    minAge: integer('min_age').notNull().default(0),
    maxTicketsPerUser: integer('max_tickets_per_user').notNull().default(4),
    /**
     * Issue 27: a buyer may cancel until this many days before the show (Asia/Seoul dates); null
     * is the spec's 3. The fee table applies within it; a seller never charges above the table.
     */
    cancelDeadlineDays: integer('cancel_deadline_days'),
    /** Issue 28: 가상계좌 offered; the deposit due 23:59 this many days after the booking day. */
    virtualAccountEnabled: boolean('virtual_account_enabled').notNull().default(true),
    depositDueDays: integer('deposit_due_days').notNull().default(1),
    /** Issue 28: 문화비 소득공제 대상 (the seller's word; printed on the 예매확인서). */
    cultureExpense: boolean('culture_expense').notNull().default(false),
    /** SCHEDULED | ON_SALE | SOLD_OUT | CANCELLED | COMPLETED */
    status: text('status').notNull().default('SCHEDULED'),
    /** Absolute http(s) URL, or a storage key of our own (served under /uploads). */
    posterImageUrl: text('poster_image_url'),
    aiSummary: text('ai_summary'),
    /** What the summary was built from, so the batch job regenerates only on change. */
    aiSummaryReviewCount: integer('ai_summary_review_count'),
    aiSummaryChecksum: text('ai_summary_checksum'),
    aiSummaryGeneratedAt: timestamp('ai_summary_generated_at', { withTimezone: true }),
    /** Seeded demo concerts: their dates move with the calendar so the demo never goes stale. */
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('concerts_status_date_idx').on(t.status, t.concertDate),
    index('concerts_seller_idx').on(t.sellerId, t.createdAt),
    index('concerts_booking_start_idx').on(t.bookingStartAt),
    index('concerts_show_idx').on(t.showId, t.concertDate, t.startTime),
  ],
);

export const seatGrades = pgTable(
  'seat_grades',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    concertId: integer('concert_id')
      .notNull()
      .references(() => concerts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Integer won. */
    price: integer('price').notNull(),
    sortOrder: integer('sort_order').notNull(),
    /** The layout's grade code (null for the quick plan's grades, whose name is their code). */
    code: text('code'),
    color: text('color'),
  },
  (t) => [uniqueIndex('seat_grades_concert_name_key').on(t.concertId, t.name)],
);

/**
 * One row per (concert, physical seat): `id` is the contract's `seatId`. The database is the
 * source of truth for holds: a hold is one conditional UPDATE of this row.
 */
export const concertSeats = pgTable(
  'concert_seats',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    concertId: integer('concert_id')
      .notNull()
      .references(() => concerts.id, { onDelete: 'cascade' }),
    gradeId: integer('grade_id')
      .notNull()
      .references(() => seatGrades.id),
    /** Section name without '-', so seatInfo `section-row-number` splits cleanly. */
    section: text('section').notNull(),
    rowNumber: integer('row_number').notNull(),
    seatNumber: integer('seat_number').notNull(),
    /** AVAILABLE | RESERVED | BOOKED | UNAVAILABLE */
    status: text('status').notNull().default('AVAILABLE'),
    heldByUserId: integer('held_by_user_id').references(() => users.id),
    heldAt: timestamp('held_at', { withTimezone: true }),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** Set while the seat is part of a booking (pending payment or confirmed). */
    bookingId: integer('booking_id'),
    /**
     * Why an UNAVAILABLE seat is not for sale: HELD (the promoter's 홀드석, releasable) or KILLED
     * (never sold). Null for every other seat.
     */
    block: text('block'),
    /** Layout tags a buyer sees: WHEELCHAIR, COMPANION, RESTRICTED_VIEW, joined by ','. */
    tags: text('tags'),
    /** A companion seat's wheelchair seat: held only by whoever holds that one. */
    companionOfSeatId: integer('companion_of_seat_id'),
    /** A standing zone's entry slot: row 0 (STANDING_ROW), 입장번호 = seat number, lowest first. */
    standing: boolean('standing').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('concert_seats_position_key').on(t.concertId, t.section, t.rowNumber, t.seatNumber),
    index('concert_seats_concert_status_idx').on(t.concertId, t.status),
    index('concert_seats_holder_idx').on(t.concertId, t.heldByUserId),
    index('concert_seats_hold_expiry_idx').on(t.holdExpiresAt),
    index('concert_seats_updated_idx').on(t.concertId, t.updatedAt),
    // Issue 28: a booking's seats found by the booking (deposit expiry, freeing, awaiting),
    // without scanning every seat of the concert; most seats belong to no booking.
    index('concert_seats_booking_idx')
      .on(t.bookingId)
      .where(sql`${t.bookingId} is not null`),
  ],
);
