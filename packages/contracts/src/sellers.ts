import { z } from 'zod';
import './zod-setup';
import { dateTimeSchema, pageSchema } from './common';
import {
  approvalHistoryTypeSchema,
  sellerApplicationStatusSchema,
  sellerApprovalStatusSchema,
} from './enums';

/**
 * Seller permission (api-contract.md §11.1) and the admin area (§12), with the deviations of §14
 * (identity from the session, role changes at once, re-application reuses the document).
 */
export const sellerMessages = {
  applied: '판매자 권한 신청이 성공적으로 접수되었습니다.',
  withdrawn: '판매자 권한이 성공적으로 철회되었습니다.',
  approved: '승인 처리 완료',
  rejected: '반려 처리 완료',
  revoked: '판매자 권한이 강제로 해제되었습니다.',
  companyNameRequired: '업체명을 입력해주세요.',
  companyNameTooLong: '업체명은 100자 이하여야 합니다.',
  businessNumber: '사업자등록번호는 10자리 숫자여야 합니다.',
  representativeNameRequired: '대표자명을 입력해주세요.',
  representativeNameTooLong: '대표자명은 50자 이하여야 합니다.',
  representativePhoneRequired: '대표자 연락처를 입력해주세요.',
  representativePhone: '대표자 연락처는 0으로 시작하는 10~11자리 숫자여야 합니다.',
  documentRequired: '사업자등록증 파일을 첨부해주세요.',
  documentType: '사업자등록증은 PDF, JPG, PNG, WEBP 파일만 업로드할 수 있습니다.',
  documentTooLarge: '사업자등록증 파일은 10MB 이하여야 합니다.',
  alreadyPending: '이미 심사 중인 판매자 신청이 있습니다.',
  alreadyApproved: '이미 판매자 권한이 있습니다.',
  businessNumberTaken: '이미 신청되었거나 등록된 사업자등록번호입니다.',
  notApproved: '판매자 권한이 없어 철회할 수 없습니다.',
  activeConcerts: '진행 중이거나 예정된 콘서트가 있어 철회할 수 없습니다.',
  revokeActiveConcerts: '진행 중이거나 예정된 콘서트가 있는 판매자는 권한을 해제할 수 없습니다.',
  rejectReasonRequired: '반려 시 사유는 필수입니다.',
  revokeReasonRequired: '강제 권한 해제 사유는 필수입니다.',
  reasonTooLong: '사유는 255자 이하여야 합니다.',
  noPendingApplication: '대기 중인 판매자 신청이 없습니다.',
  alreadyDecided: '이미 다른 관리자가 처리한 신청입니다. 목록을 새로고침해주세요.',
  notSeller: '현재 판매자가 아닌 사용자입니다.',
  applicationId: '유효한 신청서 ID가 필요합니다.',
  userId: '유효한 사용자 ID가 필요합니다.',
  adminCannotApply: '관리자는 판매자 기능을 사용할 수 없습니다.',
  keywordTooLong: '검색어는 100자 이하여야 합니다.',
  historyPageSize: '페이지 크기는 5, 10, 20 중 하나여야 합니다.',
  documentNotFound: '사업자등록증 파일을 찾을 수 없습니다.',
} as const;

/** The licence document: checked by its bytes (magic numbers), never by name or declared type. */
export const sellerDocumentTypes = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
] as const;
export type SellerDocumentType = (typeof sellerDocumentTypes)[number];
export const sellerDocumentMaxBytes = 10 * 1024 * 1024;

/** The confirmation sentence the withdrawal asks for, with the user's username. */
export function withdrawalSentence(username: string): string {
  return `${username}, 권한 철회 처리에 동의합니다.`;
}

/** `request` JSON part of `POST /users/me/seller-requests` (seller-admin-side.md §5). */
export const sellerApplicationBodySchema = z.object({
  companyName: z
    .string({ error: sellerMessages.companyNameRequired })
    .trim()
    .min(1, { error: sellerMessages.companyNameRequired })
    .max(100, { error: sellerMessages.companyNameTooLong }),
  businessNumber: z
    .string({ error: sellerMessages.businessNumber })
    .regex(/^\d{10}$/, { error: sellerMessages.businessNumber }),
  representativeName: z
    .string({ error: sellerMessages.representativeNameRequired })
    .trim()
    .min(1, { error: sellerMessages.representativeNameRequired })
    .max(50, { error: sellerMessages.representativeNameTooLong }),
  representativePhone: z
    .string({ error: sellerMessages.representativePhoneRequired })
    .min(1, { error: sellerMessages.representativePhoneRequired })
    .regex(/^0\d{9,10}$/, { error: sellerMessages.representativePhone }),
});
export type SellerApplicationBody = z.infer<typeof sellerApplicationBodySchema>;

/** `role` in SellerStatus: the role without its `ROLE_` prefix, as api-contract §11.1 shows. */
export const sellerStatusRoleSchema = z.enum(['USER', 'SELLER', 'ADMIN']);

/** `GET /users/me/seller-status`. */
export const sellerStatusSchema = z.object({
  role: sellerStatusRoleSchema,
  /** null: never applied (미신청). */
  approvalStatus: sellerApprovalStatusSchema.nullable(),
  /** From the latest REJECTED or REVOKED history entry. */
  lastReason: z.string().nullable(),
  canReapply: z.boolean(),
  canWithdraw: z.boolean(),
  applicationDate: dateTimeSchema.nullable(),
  lastProcessedDate: dateTimeSchema.nullable(),
  companyName: z.string().nullable(),
  businessNumber: z.string().nullable(),
  representativeName: z.string().nullable(),
  representativePhone: z.string().nullable(),
  /** The applicant's own document, through an owner-only path; null when none. */
  uploadedFileUrl: z.string().nullable(),
});
export type SellerStatus = z.infer<typeof sellerStatusSchema>;

/** `GET /users/me/applicant-info`. */
export const applicantInfoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  role: z.enum(['ROLE_USER', 'ROLE_SELLER', 'ROLE_ADMIN']),
  approvalStatus: sellerApprovalStatusSchema.nullable(),
});
export type ApplicantInfo = z.infer<typeof applicantInfoSchema>;

/**
 * SellerApplication (api-contract §12). `uploadedFileUrl` is an absolute admin-only download
 * path. `reapplicant` and `everRevoked` are new: the 재신청 유저 / 신규 유저 flag and the REVOKED
 * warning badge, computed from the user's history (seller-admin-side.md §4).
 */
export const sellerApplicationSchema = z.object({
  applicationId: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  userNickname: z.string(),
  companyName: z.string(),
  businessNumber: z.string(),
  representativeName: z.string(),
  representativePhone: z.string(),
  uploadedFileUrl: z.string().nullable(),
  status: sellerApplicationStatusSchema,
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
  reapplicant: z.boolean(),
  everRevoked: z.boolean(),
});
export type SellerApplication = z.infer<typeof sellerApplicationSchema>;

/**
 * HistoryEntry (api-contract §12). `adminId` / `adminUsername` are new: which admin decided
 * (null for the user's own REQUEST and WITHDRAWN entries).
 */
export const approvalHistoryEntrySchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  userNickname: z.string(),
  sellerApplicationId: z.number().int().nullable(),
  type: approvalHistoryTypeSchema,
  reason: z.string().nullable(),
  createdAt: dateTimeSchema,
  adminId: z.number().int().nullable(),
  adminUsername: z.string().nullable(),
});
export type ApprovalHistoryEntry = z.infer<typeof approvalHistoryEntrySchema>;
export const approvalHistoryPageSchema = pageSchema(approvalHistoryEntrySchema);

const reasonText = z.string().max(255, { error: sellerMessages.reasonTooLong });

/** `PATCH /admin/seller-requests/{userId}/process`. A rejection needs a trimmed reason. */
export const processApplicationBodySchema = z
  .object({
    approve: z.boolean({ error: '승인 여부(approve)는 true 또는 false여야 합니다.' }),
    reason: reasonText.nullish(),
  })
  .superRefine((body, ctx) => {
    if (!body.approve && !body.reason?.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: sellerMessages.rejectReasonRequired,
      });
    }
  });
export type ProcessApplicationBody = z.infer<typeof processApplicationBodySchema>;

/** `DELETE /admin/sellers/{userId}/role` (a JSON body on DELETE). */
export const revokeSellerBodySchema = z.object({
  reason: z
    .string({ error: sellerMessages.revokeReasonRequired })
    .trim()
    .min(1, { error: sellerMessages.revokeReasonRequired })
    .max(255, { error: sellerMessages.reasonTooLong }),
});
export type RevokeSellerBody = z.infer<typeof revokeSellerBodySchema>;

export const applicationIdParamsSchema = z.object({
  applicationId: z.coerce
    .number({ error: sellerMessages.applicationId })
    .int({ error: sellerMessages.applicationId })
    .min(1, { error: sellerMessages.applicationId })
    .max(2_147_483_647, { error: sellerMessages.applicationId }),
});

export const adminUserIdParamsSchema = z.object({
  userId: z.coerce
    .number({ error: sellerMessages.userId })
    .int({ error: sellerMessages.userId })
    .min(1, { error: sellerMessages.userId })
    .max(2_147_483_647, { error: sellerMessages.userId }),
});

export const historyPageSizes = [5, 10, 20] as const;

/** `GET /admin/approvals/history`. `sort` is accepted and always means createdAt,desc. */
export const approvalHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce
    .number({ error: sellerMessages.historyPageSize })
    .int({ error: sellerMessages.historyPageSize })
    .refine((n) => (historyPageSizes as readonly number[]).includes(n), {
      error: sellerMessages.historyPageSize,
    })
    .default(10),
  typeFilter: z.preprocess(
    (value) => (value === '' ? undefined : value),
    approvalHistoryTypeSchema.optional(),
  ),
  keyword: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(100, { error: sellerMessages.keywordTooLong }).optional(),
  ),
  sort: z.string().max(50).optional(),
});
export type ApprovalHistoryQuery = z.infer<typeof approvalHistoryQuerySchema>;
