import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { ApprovalHistoryType, SellerApplicationStatus } from '@curtaincall/contracts';
import type { DbOrTx } from '../../db/client';
import {
  approvalHistory,
  concerts,
  sellerApplications,
  uploadedFiles,
  users,
} from '../../db/schema/index';

/** The account fields the seller pages show, with the role and approval status read fresh. */
export interface SellerAccountRow {
  id: number;
  username: string;
  nickname: string;
  email: string;
  name: string;
  phone: string;
  role: string;
  sellerApprovalStatus: string | null;
}

const accountColumns = {
  id: users.id,
  username: users.username,
  nickname: users.nickname,
  email: users.email,
  name: users.name,
  phone: users.phone,
  role: users.role,
  sellerApprovalStatus: users.sellerApprovalStatus,
};

export async function findSellerAccount(
  db: DbOrTx,
  userId: number,
): Promise<SellerAccountRow | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The account row, locked until the transaction ends: role changes of one user run one at a time. */
export async function lockSellerAccount(
  db: DbOrTx,
  userId: number,
): Promise<SellerAccountRow | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .for('update');
  return row;
}

export async function updateSellerAccount(
  db: DbOrTx,
  userId: number,
  values: { role?: string; sellerApprovalStatus: string; updatedAt: Date },
): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, userId));
}

export interface ApplicationRow {
  id: number;
  userId: number;
  companyName: string;
  businessNumber: string;
  representativeName: string;
  representativePhone: string;
  documentFileId: number | null;
  status: string;
  reason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const applicationColumns = {
  id: sellerApplications.id,
  userId: sellerApplications.userId,
  companyName: sellerApplications.companyName,
  businessNumber: sellerApplications.businessNumber,
  representativeName: sellerApplications.representativeName,
  representativePhone: sellerApplications.representativePhone,
  documentFileId: sellerApplications.documentFileId,
  status: sellerApplications.status,
  reason: sellerApplications.reason,
  createdAt: sellerApplications.createdAt,
  updatedAt: sellerApplications.updatedAt,
};

/** The user's most recent application (the one their status is about). */
export async function findLatestApplication(
  db: DbOrTx,
  userId: number,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select(applicationColumns)
    .from(sellerApplications)
    .where(eq(sellerApplications.userId, userId))
    .orderBy(desc(sellerApplications.createdAt), desc(sellerApplications.id))
    .limit(1);
  return row;
}

/** The user's most recent application that has a document (what a re-application reuses). */
export async function findLatestDocumentFileId(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ documentFileId: sellerApplications.documentFileId })
    .from(sellerApplications)
    .where(
      and(
        eq(sellerApplications.userId, userId),
        sql`${sellerApplications.documentFileId} is not null`,
      ),
    )
    .orderBy(desc(sellerApplications.createdAt), desc(sellerApplications.id))
    .limit(1);
  return row?.documentFileId ?? null;
}

/** Whether another user's application under review or accepted carries the business number. */
export async function isBusinessNumberLiveForOther(
  db: DbOrTx,
  businessNumber: string,
  exceptUserId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: sellerApplications.id })
    .from(sellerApplications)
    .where(
      and(
        eq(sellerApplications.businessNumber, businessNumber),
        inArray(sellerApplications.status, ['SUBMITTED', 'ACCEPTED']),
        sql`${sellerApplications.userId} <> ${exceptUserId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertApplication(
  db: DbOrTx,
  values: typeof sellerApplications.$inferInsert,
): Promise<number> {
  const [row] = await db
    .insert(sellerApplications)
    .values(values)
    .returning({ id: sellerApplications.id });
  if (!row) throw new Error('insert into seller_applications returned no row');
  return row.id;
}

/**
 * Moves an application from one status to another, only if it is still in `from`: the loser of
 * two admins deciding at once updates no row (the row lock makes the second wait for the first,
 * then re-check the status). Returns whether this call made the change.
 */
export async function transitionApplication(
  db: DbOrTx,
  applicationId: number,
  from: SellerApplicationStatus,
  to: { status: SellerApplicationStatus; reason: string | null; updatedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(sellerApplications)
    .set(to)
    .where(and(eq(sellerApplications.id, applicationId), eq(sellerApplications.status, from)))
    .returning({ id: sellerApplications.id });
  return rows.length === 1;
}

/** The user's accepted application, if any (what a withdrawal or revoke closes). */
export async function findAcceptedApplicationId(
  db: DbOrTx,
  userId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: sellerApplications.id })
    .from(sellerApplications)
    .where(and(eq(sellerApplications.userId, userId), eq(sellerApplications.status, 'ACCEPTED')))
    .orderBy(desc(sellerApplications.updatedAt))
    .limit(1);
  return row?.id ?? null;
}

export async function insertHistory(
  db: DbOrTx,
  values: {
    userId: number;
    sellerApplicationId: number | null;
    type: ApprovalHistoryType;
    reason: string | null;
    adminId: number | null;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(approvalHistory).values(values);
}

/** SCHEDULED or ON_SALE concerts of a seller: while there are any, the role cannot be given up. */
export async function countActiveConcerts(db: DbOrTx, sellerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(concerts)
    .where(
      and(eq(concerts.sellerId, sellerId), inArray(concerts.status, ['SCHEDULED', 'ON_SALE'])),
    );
  return row?.n ?? 0;
}

/** The latest REJECTED or REVOKED entry's reason, and the latest decision's time. */
export async function findStatusHistoryFacts(
  db: DbOrTx,
  userId: number,
): Promise<{ lastReason: string | null; lastProcessedAt: Date | null }> {
  const [reason] = await db
    .select({ reason: approvalHistory.reason })
    .from(approvalHistory)
    .where(
      and(
        eq(approvalHistory.userId, userId),
        inArray(approvalHistory.type, ['REJECTED', 'REVOKED']),
      ),
    )
    .orderBy(desc(approvalHistory.createdAt), desc(approvalHistory.id))
    .limit(1);
  const [processed] = await db
    .select({ createdAt: approvalHistory.createdAt })
    .from(approvalHistory)
    .where(
      and(
        eq(approvalHistory.userId, userId),
        inArray(approvalHistory.type, ['APPROVED', 'REJECTED', 'WITHDRAWN', 'REVOKED']),
      ),
    )
    .orderBy(desc(approvalHistory.createdAt), desc(approvalHistory.id))
    .limit(1);
  return { lastReason: reason?.reason ?? null, lastProcessedAt: processed?.createdAt ?? null };
}

export interface StoredDocumentRow {
  storageKey: string;
  mimeType: string;
}

export async function findDocumentFile(
  db: DbOrTx,
  fileId: number,
): Promise<StoredDocumentRow | undefined> {
  const [row] = await db
    .select({ storageKey: uploadedFiles.storageKey, mimeType: uploadedFiles.mimeType })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.id, fileId), eq(uploadedFiles.kind, 'seller-document')))
    .limit(1);
  return row;
}

/** An application as the admin pages list it: with the applicant and the history flags. */
export interface AdminApplicationRow extends ApplicationRow {
  username: string;
  userNickname: string;
  reapplicant: boolean;
  everRevoked: boolean;
}

function historyOfApplicantHas(types: ApprovalHistoryType[]) {
  return sql<boolean>`exists (select 1 from ${approvalHistory} where ${approvalHistory.userId} = ${sellerApplications.userId} and ${inArray(approvalHistory.type, types)})`;
}

function adminApplicationQuery(db: DbOrTx) {
  return db
    .select({
      ...applicationColumns,
      username: users.username,
      userNickname: users.nickname,
      // 재신청 유저: any earlier rejection, withdrawal or revoke (seller-admin-side.md §4).
      reapplicant: historyOfApplicantHas(['REJECTED', 'WITHDRAWN', 'REVOKED']),
      everRevoked: historyOfApplicantHas(['REVOKED']),
    })
    .from(sellerApplications)
    .innerJoin(users, eq(users.id, sellerApplications.userId));
}

export async function findAdminApplication(
  db: DbOrTx,
  applicationId: number,
): Promise<AdminApplicationRow | undefined> {
  const [row] = await adminApplicationQuery(db)
    .where(eq(sellerApplications.id, applicationId))
    .limit(1);
  return row;
}

/** Applications under review, oldest first (the order they should be handled in). */
export async function listSubmittedApplications(db: DbOrTx): Promise<AdminApplicationRow[]> {
  return adminApplicationQuery(db)
    .where(eq(sellerApplications.status, 'SUBMITTED'))
    .orderBy(asc(sellerApplications.createdAt), asc(sellerApplications.id));
}

/** Accepted applications of users who are sellers now: the current sellers, newest first. */
export async function listAcceptedApplications(db: DbOrTx): Promise<AdminApplicationRow[]> {
  return adminApplicationQuery(db)
    .where(and(eq(sellerApplications.status, 'ACCEPTED'), eq(users.role, 'ROLE_SELLER')))
    .orderBy(desc(sellerApplications.updatedAt), desc(sellerApplications.id));
}

export interface HistoryRow {
  id: number;
  userId: number;
  username: string;
  userNickname: string;
  sellerApplicationId: number | null;
  type: string;
  reason: string | null;
  createdAt: Date;
  adminId: number | null;
  adminUsername: string | null;
}

const admins = alias(users, 'admins');

function historyQuery(db: DbOrTx) {
  return db
    .select({
      id: approvalHistory.id,
      userId: approvalHistory.userId,
      username: users.username,
      userNickname: users.nickname,
      sellerApplicationId: approvalHistory.sellerApplicationId,
      type: approvalHistory.type,
      reason: approvalHistory.reason,
      createdAt: approvalHistory.createdAt,
      adminId: approvalHistory.adminId,
      adminUsername: admins.username,
    })
    .from(approvalHistory)
    .innerJoin(users, eq(users.id, approvalHistory.userId))
    .leftJoin(sellerApplications, eq(sellerApplications.id, approvalHistory.sellerApplicationId))
    .leftJoin(admins, eq(admins.id, approvalHistory.adminId));
}

const newestFirst = [desc(approvalHistory.createdAt), desc(approvalHistory.id)];

export async function listUserHistory(db: DbOrTx, userId: number): Promise<HistoryRow[]> {
  return historyQuery(db)
    .where(eq(approvalHistory.userId, userId))
    .orderBy(...newestFirst);
}

/** `%`, `_` and `\` in a keyword match themselves, not any text. */
function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the whole history, newest first, optionally of one type and matching a keyword
 * (case-insensitive substring) in username, nickname, company name, business number,
 * representative name, reason or type (api-contract.md §12).
 */
export async function searchHistory(
  db: DbOrTx,
  filter: { type?: ApprovalHistoryType; keyword?: string; limit: number; offset: number },
): Promise<{ rows: HistoryRow[]; total: number }> {
  const pattern = filter.keyword ? likePattern(filter.keyword) : null;
  const where = and(
    filter.type ? eq(approvalHistory.type, filter.type) : undefined,
    pattern
      ? or(
          ilike(users.username, pattern),
          ilike(users.nickname, pattern),
          ilike(sellerApplications.companyName, pattern),
          ilike(sellerApplications.businessNumber, pattern),
          ilike(sellerApplications.representativeName, pattern),
          ilike(approvalHistory.reason, pattern),
          ilike(approvalHistory.type, pattern),
        )
      : undefined,
  );
  const rows = await historyQuery(db)
    .where(where)
    .orderBy(...newestFirst)
    .limit(filter.limit)
    .offset(filter.offset);
  const [totalRow] = await db
    .select({ n: count() })
    .from(approvalHistory)
    .innerJoin(users, eq(users.id, approvalHistory.userId))
    .leftJoin(sellerApplications, eq(sellerApplications.id, approvalHistory.sellerApplicationId))
    .where(where);
  return { rows, total: totalRow?.n ?? 0 };
}
