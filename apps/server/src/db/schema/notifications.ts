import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
