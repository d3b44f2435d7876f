import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Single-use links mailed to a user: e-mail verification (`verify_email`, for `email`, which for
 * an e-mail change is the new address) and password reset (`reset_password`). Only the SHA-256
 * of the token is stored, so a leaked table or backup holds no usable link.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** verify_email | reset_password */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link was sent to (lower-cased). */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_key').on(t.tokenHash),
    index('account_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Mail kept by the embedded mailer instead of being sent (the default without SMTP_URL): the
 * admin reads it at /admin/mail-outbox, so a demo shows verification and reset mail end to end.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
