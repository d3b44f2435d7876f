import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { concerts } from './concerts';
import { users } from './users';

/** Web Push subscriptions; `playerId` is the contract's name for our subscription id. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    playerId: text('player_id').notNull(),
    /** PUSH */
    channel: text('channel').notNull().default('PUSH'),
    endpoint: text('endpoint'),
    p256dh: text('p256dh'),
    auth: text('auth'),
    /** SUBSCRIBED | UNSUBSCRIBED */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_player_key').on(t.playerId),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** Pushes already sent, so a scheduler running on several instances sends each once. */
export const sentNotifications = pgTable(
  'sent_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** e.g. `booking-opens:12` */
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sent_notifications_key').on(t.dedupeKey)],
);

/**
 * In-app notifications: every message we send is kept here first, so the header's bell shows
 * it even where no browser push service is reachable (the embedded demo).
 */
export const userNotifications = pgTable(
  'user_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** BOOKING_OPENS_SOON | BOOKING_CONFIRMED | BOOKING_CANCELLED | CONCERT_CANCELLED | SEATS_RELEASED */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The app path a click opens (`/concerts/12`). */
    url: text('url').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_notifications_user_idx').on(t.userId, t.id)],
);

/**
 * One push of one notification to one subscription: the outbox the sending job drains, with
 * its own attempts, so a retry never repeats a push another subscription already received.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => userNotifications.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** PENDING | SENT | FAILED */
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_deliveries_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * What a buyer asked to be told about one concert: BOOKING_OPENS (예매 알림 받기) or
 * SEATS_RELEASED (취소표 알림). `notifiedAt` makes the reminder go once and rate-limits the
 * 취소표 alert; `createdAt` orders who is told first.
 */
export const concertAlerts = pgTable(
  'concert_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    concertId: integer('concert_id')
      .notNull()
      .references(() => concerts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('concert_alerts_user_concert_kind_key').on(t.userId, t.concertId, t.kind),
    index('concert_alerts_concert_idx').on(t.concertId, t.kind),
  ],
);
