import {
  approvalHistoryTypeSchema,
  sellerApplicationBodySchema,
  sellerApplicationStatusSchema,
  sellerMessages,
  type ApplicantInfo,
  type ApprovalHistoryEntry,
  type ApprovalHistoryQuery,
  type FieldError,
  type Page,
  type ProcessApplicationBody,
  type RevokeSellerBody,
  type SellerApplication,
  type SellerApplicationBody,
  type SellerDocumentType,
  type SellerStatus,
} from '@curtaincall/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { findNulPath, nulCharacterError } from '../../http/hostile-input';
import type { Clock } from '../../lib/clock';
import { uniqueViolationConstraint } from '../../lib/db-errors';
import type { UploadedPart } from '../../lib/multipart';
import { toPage } from '../../lib/paging';
import { toSeoulDateTime } from '../../lib/seoul-time';
import type { AuthUser } from '../auth/auth.policy';
import type { FilesService, StoredFile } from '../files/files.service';
import {
  canApply,
  decisionOf,
  isApprovedSeller,
  toApprovalStatus,
  toStatusRole,
} from './sellers.policy';
import {
  countActiveConcerts,
  findAcceptedApplicationId,
  findAdminApplication,
  findDocumentFile,
  findLatestApplication,
  findLatestDocumentFileId,
  findSellerAccount,
  findStatusHistoryFacts,
  insertApplication,
  insertHistory,
  isBusinessNumberLiveForOther,
  listAcceptedApplications,
  listSubmittedApplications,
  listUserHistory,
  lockSellerAccount,
  searchHistory,
  transitionApplication,
  updateSellerAccount,
  type AdminApplicationRow,
  type HistoryRow,
} from './sellers.repo';

export interface SellersServiceDeps {
  db: Database;
  files: FilesService;
  clock: Clock;
  /** Origin the document download paths are answered under (they must be absolute). */
  publicBaseUrl: string;
}

/** A private document ready to be sent: the bytes and the type detected when it was stored. */
export interface SellerDocument {
  body: Buffer;
  contentType: SellerDocumentType;
}

/**
 * Seller permission (api-contract.md §11.1) and the admin's decisions on it (§12). Every change
 * of a user's role or approval status happens in one transaction with its history entry, under
 * the user's row lock, so two decisions about one user never interleave.
 */
export function createSellersService(deps: SellersServiceDeps) {
  const { db, files, clock } = deps;
  const apiBase = `${deps.publicBaseUrl.replace(/\/$/, '')}/api`;

  /** Admins manage sellers; they are kept out of the seller's own calls (seller-admin-side §1). */
  function refuseAdmin(user: AuthUser): void {
    if (user.role === 'ROLE_ADMIN') throw new AppError('S002', sellerMessages.adminCannotApply);
  }

  async function getSellerStatus(user: AuthUser): Promise<SellerStatus> {
    refuseAdmin(user);
    const account = await findSellerAccount(db, user.id);
    if (!account) throw new AppError('A007');
    const approvalStatus = toApprovalStatus(account.sellerApprovalStatus);
    const [latest, facts, activeConcerts] = await Promise.all([
      findLatestApplication(db, user.id),
      findStatusHistoryFacts(db, user.id),
      isApprovedSeller(account.role) ? countActiveConcerts(db, user.id) : Promise.resolve(0),
    ]);
    return {
      role: toStatusRole(account.role),
      approvalStatus,
      lastReason: facts.lastReason,
      // A seller made without an application (an operator's) has no status, yet cannot apply.
      canReapply: account.role === 'ROLE_USER' && canApply(approvalStatus),
      canWithdraw: isApprovedSeller(account.role) && activeConcerts === 0,
      applicationDate: latest ? toSeoulDateTime(latest.createdAt) : null,
      lastProcessedDate: facts.lastProcessedAt ? toSeoulDateTime(facts.lastProcessedAt) : null,
      companyName: latest?.companyName ?? null,
      businessNumber: latest?.businessNumber ?? null,
      representativeName: latest?.representativeName ?? null,
      representativePhone: latest?.representativePhone ?? null,
      uploadedFileUrl:
        latest?.documentFileId != null ? `${apiBase}/users/me/seller-requests/document` : null,
    };
  }

  async function getApplicantInfo(user: AuthUser): Promise<ApplicantInfo> {
    refuseAdmin(user);
    const account = await findSellerAccount(db, user.id);
    if (!account) throw new AppError('A007');
    return {
      id: account.id,
      username: account.username,
      nickname: account.nickname,
      email: account.email,
      name: account.name,
      phone: account.phone,
      role: user.role,
      approvalStatus: toApprovalStatus(account.sellerApprovalStatus),
    };
  }

  /**
   * The `request` part: a JSON Blob (browsers send it as a file named `blob`) or a plain text
   * field, validated with the contract's schema.
   */
  function parseApplicationBody(
    fields: Record<string, string>,
    requestPart: UploadedPart | undefined,
  ): SellerApplicationBody {
    const text = requestPart ? requestPart.buffer.toString('utf8') : fields.request;
    if (text === undefined || text.trim() === '') {
      throw new AppError('C001', '신청 정보(request)를 보내주세요.', [
        { field: 'request', message: '신청 정보(request)를 보내주세요.' },
      ]);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError('C001', '신청 정보(request)가 올바른 JSON 형식이 아닙니다.', [
        { field: 'request', message: '신청 정보(request)가 올바른 JSON 형식이 아닙니다.' },
      ]);
    }
    // The JSON part is read after the hostile-input guard ran: a NUL must not reach the database.
    const nulPath = findNulPath(json);
    if (nulPath !== null) throw nulCharacterError(nulPath === 'body' ? 'request' : nulPath);
    const parsed = sellerApplicationBodySchema.safeParse(json);
    if (!parsed.success) {
      const fieldErrors: FieldError[] = parsed.error.issues.map((issue) => ({
        field: issue.path.join('.') || 'request',
        message: issue.message,
      }));
      throw new AppError('C001', fieldErrors[0]?.message, fieldErrors);
    }
    return parsed.data;
  }

  function refuseByStatus(status: string | null, role: string): never {
    if (role === 'ROLE_SELLER' || status === 'APPROVED') {
      throw new AppError('A005', sellerMessages.alreadyApproved);
    }
    throw new AppError('A005', sellerMessages.alreadyPending);
  }

  /**
   * Applies for seller rights: the application becomes SUBMITTED, the user PENDING, and a
   * REQUEST entry is written. Without a new document the latest earlier one is reused (§14.14).
   */
  async function apply(options: {
    user: AuthUser;
    fields: Record<string, string>;
    requestPart: UploadedPart | undefined;
    document: UploadedPart | undefined;
  }): Promise<void> {
    const { user } = options;
    refuseAdmin(user);
    const body = parseApplicationBody(options.fields, options.requestPart);
    const account = await findSellerAccount(db, user.id);
    if (!account) throw new AppError('A007');
    if (account.role !== 'ROLE_USER' || !canApply(toApprovalStatus(account.sellerApprovalStatus))) {
      refuseByStatus(account.sellerApprovalStatus, account.role);
    }
    if (await isBusinessNumberLiveForOther(db, body.businessNumber, user.id)) {
      throw new AppError('S007', sellerMessages.businessNumberTaken);
    }
    const reusedFileId = options.document ? null : await findLatestDocumentFileId(db, user.id);
    if (!options.document && reusedFileId === null) {
      throw new AppError('C001', sellerMessages.documentRequired, [
        { field: 'document', message: sellerMessages.documentRequired },
      ]);
    }
    const stored: StoredFile | null = options.document
      ? await files.storeSellerDocument(options.document)
      : null;
    try {
      await db.transaction(async (tx) => {
        // Re-checked under the row lock: a double-click's second request waits here, then sees
        // PENDING and is refused.
        const locked = await lockSellerAccount(tx, user.id);
        if (!locked) throw new AppError('A007');
        if (
          locked.role !== 'ROLE_USER' ||
          !canApply(toApprovalStatus(locked.sellerApprovalStatus))
        ) {
          refuseByStatus(locked.sellerApprovalStatus, locked.role);
        }
        const now = clock.now();
        const documentFileId = stored ? await files.recordFile(tx, stored, user.id) : reusedFileId;
        const applicationId = await insertApplication(tx, {
          userId: user.id,
          companyName: body.companyName,
          businessNumber: body.businessNumber,
          representativeName: body.representativeName,
          representativePhone: body.representativePhone,
          documentFileId,
          status: 'SUBMITTED',
          createdAt: now,
          updatedAt: now,
        });
        await updateSellerAccount(tx, user.id, { sellerApprovalStatus: 'PENDING', updatedAt: now });
        await insertHistory(tx, {
          userId: user.id,
          sellerApplicationId: applicationId,
          type: 'REQUEST',
          reason: null,
          adminId: null,
          createdAt: now,
        });
      });
    } catch (error) {
      if (stored) await files.discardPrivateFile(stored);
      // Another user's application with the same number got in between the check and the insert.
      const constraint = uniqueViolationConstraint(error);
      if (constraint?.includes('live_business')) {
        throw new AppError('S007', sellerMessages.businessNumberTaken);
      }
      if (constraint?.includes('submitted_user')) {
        throw new AppError('A005', sellerMessages.alreadyPending);
      }
      throw error;
    }
  }

  /**
   * A seller gives the role up: role USER, status and application WITHDRAWN, a WITHDRAWN entry.
   * Refused while the seller has SCHEDULED or ON_SALE concerts (their buyers need a seller).
   */
  async function withdraw(user: AuthUser): Promise<void> {
    refuseAdmin(user);
    await db.transaction(async (tx) => {
      const account = await lockSellerAccount(tx, user.id);
      if (!account) throw new AppError('A007');
      if (!isApprovedSeller(account.role)) {
        throw new AppError('S009', sellerMessages.notApproved);
      }
      if ((await countActiveConcerts(tx, user.id)) > 0) {
        throw new AppError('S006', sellerMessages.activeConcerts);
      }
      const now = clock.now();
      const applicationId = await findAcceptedApplicationId(tx, user.id);
      if (applicationId !== null) {
        await transitionApplication(tx, applicationId, 'ACCEPTED', {
          status: 'WITHDRAWN',
          reason: null,
          updatedAt: now,
        });
      }
      await updateSellerAccount(tx, user.id, {
        role: 'ROLE_USER',
        sellerApprovalStatus: 'WITHDRAWN',
        updatedAt: now,
      });
      await insertHistory(tx, {
        userId: user.id,
        sellerApplicationId: applicationId,
        type: 'WITHDRAWN',
        reason: null,
        adminId: null,
        createdAt: now,
      });
    });
  }

  /** The caller's own latest document (owner-only download). */
  async function getOwnDocument(user: AuthUser): Promise<SellerDocument> {
    refuseAdmin(user);
    const fileId = await findLatestDocumentFileId(db, user.id);
    return readDocument(fileId);
  }

  async function readDocument(fileId: number | null): Promise<SellerDocument> {
    const file = fileId === null ? undefined : await findDocumentFile(db, fileId);
    const body = file ? await files.readPrivateFile(file.storageKey) : null;
    if (!file || !body) throw new AppError('C002', sellerMessages.documentNotFound);
    return { body, contentType: file.mimeType as SellerDocumentType };
  }

  // ---- Admin (api-contract.md §12) ----

  function toSellerApplication(row: AdminApplicationRow): SellerApplication {
    return {
      applicationId: row.id,
      userId: row.userId,
      username: row.username,
      userNickname: row.userNickname,
      companyName: row.companyName,
      businessNumber: row.businessNumber,
      representativeName: row.representativeName,
      representativePhone: row.representativePhone,
      uploadedFileUrl:
        row.documentFileId != null ? `${apiBase}/admin/seller-requests/${row.id}/document` : null,
      status: sellerApplicationStatusSchema.catch('SUBMITTED').parse(row.status),
      createdAt: toSeoulDateTime(row.createdAt),
      updatedAt: toSeoulDateTime(row.updatedAt),
      reapplicant: Boolean(row.reapplicant),
      everRevoked: Boolean(row.everRevoked),
    };
  }

  function toHistoryEntry(row: HistoryRow): ApprovalHistoryEntry {
    return {
      id: row.id,
      userId: row.userId,
      username: row.username,
      userNickname: row.userNickname,
      sellerApplicationId: row.sellerApplicationId,
      type: approvalHistoryTypeSchema.catch('REQUEST').parse(row.type),
      reason: row.reason,
      createdAt: toSeoulDateTime(row.createdAt),
      adminId: row.adminId,
      adminUsername: row.adminUsername,
    };
  }

  async function listPendingApplications(): Promise<SellerApplication[]> {
    return (await listSubmittedApplications(db)).map(toSellerApplication);
  }

  async function getApplication(applicationId: number): Promise<SellerApplication> {
    const row = await findAdminApplication(db, applicationId);
    if (!row) throw new AppError('C002', '판매자 신청서를 찾을 수 없습니다.');
    return toSellerApplication(row);
  }

  async function getApplicationDocument(applicationId: number): Promise<SellerDocument> {
    const row = await findAdminApplication(db, applicationId);
    if (!row) throw new AppError('C002', '판매자 신청서를 찾을 수 없습니다.');
    return readDocument(row.documentFileId);
  }

  /**
   * Approves or rejects the applicant's application under review. The application moves only if
   * it is still SUBMITTED, so of two admins deciding at once exactly one wins; the other gets 409.
   */
  async function processApplication(options: {
    admin: AuthUser;
    userId: number;
    body: ProcessApplicationBody;
  }): Promise<string> {
    const { admin, userId, body } = options;
    const decision = decisionOf(body.approve);
    const reason = body.reason?.trim() || null;
    await db.transaction(async (tx) => {
      const account = await lockSellerAccount(tx, userId);
      if (!account) throw new AppError('A007');
      const latest = await findLatestApplication(tx, userId);
      if (!latest || latest.status === 'WITHDRAWN' || latest.status === 'REVOKED') {
        throw new AppError('C002', sellerMessages.noPendingApplication);
      }
      const now = clock.now();
      const moved = await transitionApplication(tx, latest.id, 'SUBMITTED', {
        status: decision.application,
        reason: body.approve ? null : reason,
        updatedAt: now,
      });
      // Decided already (ACCEPTED or REJECTED): another admin was first.
      if (!moved) throw new AppError('S008', sellerMessages.alreadyDecided);
      await updateSellerAccount(tx, userId, {
        // An applicant an operator made admin meanwhile keeps the admin role.
        ...(body.approve && account.role === 'ROLE_USER' ? { role: 'ROLE_SELLER' } : {}),
        sellerApprovalStatus: decision.approval,
        updatedAt: now,
      });
      await insertHistory(tx, {
        userId,
        sellerApplicationId: latest.id,
        type: decision.history,
        reason,
        adminId: admin.id,
        createdAt: now,
      });
    });
    return body.approve ? sellerMessages.approved : sellerMessages.rejected;
  }

  /**
   * Takes seller rights away: role USER, status and application REVOKED with the reason, a
   * REVOKED entry naming the admin. Refused while the seller has SCHEDULED or ON_SALE concerts.
   */
  async function revokeSeller(options: {
    admin: AuthUser;
    userId: number;
    body: RevokeSellerBody;
  }): Promise<void> {
    const { admin, userId, body } = options;
    await db.transaction(async (tx) => {
      const account = await lockSellerAccount(tx, userId);
      if (!account) throw new AppError('A007');
      if (account.role !== 'ROLE_SELLER') throw new AppError('S009', sellerMessages.notSeller);
      if ((await countActiveConcerts(tx, userId)) > 0) {
        throw new AppError('S006', sellerMessages.revokeActiveConcerts);
      }
      const now = clock.now();
      const applicationId = await findAcceptedApplicationId(tx, userId);
      if (applicationId !== null) {
        await transitionApplication(tx, applicationId, 'ACCEPTED', {
          status: 'REVOKED',
          reason: body.reason,
          updatedAt: now,
        });
      }
      await updateSellerAccount(tx, userId, {
        role: 'ROLE_USER',
        sellerApprovalStatus: 'REVOKED',
        updatedAt: now,
      });
      await insertHistory(tx, {
        userId,
        sellerApplicationId: applicationId,
        type: 'REVOKED',
        reason: body.reason,
        adminId: admin.id,
        createdAt: now,
      });
    });
  }

  async function listSellers(): Promise<SellerApplication[]> {
    return (await listAcceptedApplications(db)).map(toSellerApplication);
  }

  /**
   * One user's entries, newest first. An id that names nobody has no history: an empty list, as
   * the history page's search by user id shows '검색 결과가 없습니다.' for it.
   */
  async function getUserHistory(userId: number): Promise<ApprovalHistoryEntry[]> {
    return (await listUserHistory(db, userId)).map(toHistoryEntry);
  }

  async function getHistory(query: ApprovalHistoryQuery): Promise<Page<ApprovalHistoryEntry>> {
    const { rows, total } = await searchHistory(db, {
      type: query.typeFilter,
      keyword: query.keyword,
      limit: query.size,
      offset: query.page * query.size,
    });
    return toPage(rows.map(toHistoryEntry), total, query.page, query.size);
  }

  return {
    getSellerStatus,
    getApplicantInfo,
    apply,
    withdraw,
    getOwnDocument,
    listPendingApplications,
    getApplication,
    getApplicationDocument,
    processApplication,
    revokeSeller,
    listSellers,
    getUserHistory,
    getHistory,
  };
}

export type SellersService = ReturnType<typeof createSellersService>;
