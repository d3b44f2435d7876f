import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('approval_history_user_idx').on(t.userId, t.createdAt),
    index('approval_history_created_idx').on(t.createdAt),
  ],
);
