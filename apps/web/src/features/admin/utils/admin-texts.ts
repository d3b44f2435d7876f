import type { ApprovalHistoryType } from '@curtaincall/contracts';
import type { BadgeTone } from '@/components/console/console-page';
import { isApiError } from '@/lib/api-client';

/** The admin area's fallbacks, empty states and successes (seller-admin-side.md §8), verbatim. */
export const adminTexts = {
  dashboardLoadFailed: '대시보드 데이터를 불러오는데 실패했습니다.',
  nextPendingLoadFailed: '대기 신청을 불러오는데 실패했습니다.',
  processFailed: '신청 처리에 실패했습니다.',
  searchFailed: '판매자 검색에 실패했습니다.',
  sellersLoadFailed: '현재 판매자 목록을 불러오지 못했습니다.',
  revokeFailed: '판매자 권한 강제 해제 실패.',
  pendingLoadFailed: '대기 중인 판매자 신청을 불러오지 못했습니다.',
  decisionFailed: '판매자 신청 승인/반려 실패.',
  historyLoadFailed: '판매자 이력 목록을 불러오지 못했습니다.',
  applicationLoadFailed: '신청서 상세 정보를 불러오지 못했습니다.',
  noPending: '현재 대기 중인 판매자 신청이 없습니다.',
  noSearchResults: '검색 결과가 없습니다.',
  noHistory: '표시할 이력이 없습니다.',
  noRecentActivity: '최근 활동 내역이 없습니다.',
  noSellers: '현재 활동 중인 판매자가 없습니다.',
  approvedToast: '승인 처리 완료!',
  rejectedToast: '반려 처리 완료!',
  revokedToast: '판매자 권한 강제 해제 완료!',
  keywordRequired: '검색어를 입력해주세요.',
  documentLoadFailed: '사업자등록증을 불러오지 못했습니다.',
  noDocument: '제출된 사업자등록증이 없습니다.',
  revokeWarning:
    '강제 권한 해제는 되돌릴 수 없습니다. 진행 중이거나 예정된 콘서트가 있는 판매자는 해제할 수 없습니다.',
} as const;

/** History type labels (seller-admin-side.md §4). */
export const historyTypeLabels: Record<ApprovalHistoryType, string> = {
  REQUEST: '신청 대기 중',
  APPROVED: '승인됨',
  REJECTED: '반려됨',
  WITHDRAWN: '자발적 철회',
  REVOKED: '강제 해제',
};

export const historyTypeTones: Record<ApprovalHistoryType, BadgeTone> = {
  REQUEST: 'pending',
  APPROVED: 'success',
  REJECTED: 'danger',
  WITHDRAWN: 'neutral',
  REVOKED: 'warning',
};

/**
 * What an admin action's failure shows: the server's text for a refusal it explained (400,
 * 404, 409), the screen's own fallback for anything else (server errors, network).
 */
export function actionErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return error.message;
  return fallback;
}

/** Reason text cut at `max` characters for tables; the full text goes in a tooltip. */
export function truncateReason(reason: string | null, max = 20): string {
  if (!reason) return '-';
  return reason.length > max ? `${reason.slice(0, max)}…` : reason;
}
