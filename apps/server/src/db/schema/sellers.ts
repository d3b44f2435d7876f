import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { uploadedFiles } from './files';
import { users } from './users';

export const sellerApplications = pgTable(
  'seller_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    /** 10 digits, no hyphens. */
    businessNumber: text('business_number').notNull(),
    representativeName: text('representative_name').notNull(),
    representativePhone: text('representative_phone').notNull(),
    documentFileId: integer('document_file_id').references(() => uploadedFiles.id),
    /** SUBMITTED | ACCEPTED | REJECTED | REVOKED | WITHDRAWN */
    status: text('status').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('seller_applications_user_idx').on(t.userId, t.createdAt),
    index('seller_applications_status_idx').on(t.status, t.createdAt),
    index('seller_applications_business_idx').on(t.businessNumber),
    // One business number is on at most one live application (under review or accepted), and a
    // user has at most one application under review: enforced by the database, so two requests
    // racing each other cannot both get through.
    uniqueIndex('seller_applications_live_business_key')
      .on(t.businessNumber)
      .where(sql`${t.status} in ('SUBMITTED', 'ACCEPTED')`),
    uniqueIndex('seller_applications_submitted_user_key')
      .on(t.userId)
      .where(sql`${t.status} = 'SUBMITTED'`),
  ],
);

export const approvalHistory = pgTable(
  'approval_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerApplicationId: integer('seller_application_id').references(() => sellerApplications.id),
    /** REQUEST | APPROVED | REJECTED | WITHDRAWN | REVOKED */
    type: text('type').notNull(),
    reason: text('reason'),
    /** The admin who decided (APPROVED, REJECTED, REVOKED); null for the user's own entries. */
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('approval_history_user_idx').on(t.userId, t.createdAt),
    index('approval_history_created_idx').on(t.createdAt),
  ],
);
