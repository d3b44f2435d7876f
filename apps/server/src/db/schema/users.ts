import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    /** Stored lower-cased so uniqueness is case-insensitive. */
    email: text('email').notNull(),
    nickname: text('nickname').notNull(),
    /** argon2id hash; null for accounts created through social sign-up. */
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    profileImageKey: text('profile_image_key'),
    /** ROLE_USER | ROLE_SELLER | ROLE_ADMIN: read on every request, never cached in the session. */
    role: text('role').notNull().default('ROLE_USER'),
    /** null (never applied) | PENDING | APPROVED | REJECTED | WITHDRAWN | REVOKED */
    sellerApprovalStatus: text('seller_approval_status'),
    /**
     * When the owner of `email` proved it (a mailed link, a password reset, a provider that
     * vouches for it, or the demo seed); null: anyone may have typed it. Only a verified address
     * lets a social login join this account by e-mail.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_nickname_key').on(t.nickname),
  ],
);

/** Server-side sessions (embedded mode; scale-out keeps them in Redis). Ids are stored hashed. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_expires_at_idx').on(t.expiresAt),
    index('sessions_user_idx').on(t.userId),
  ],
);

export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** google | kakao | naver */
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_accounts_provider_key').on(t.provider, t.providerUserId),
    index('social_accounts_user_idx').on(t.userId),
  ],
);

/** Small key/value facts the application keeps about itself (demo-data anchor date, ...). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
