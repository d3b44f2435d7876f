import type { SellerApprovalStatus } from '@curtaincall/contracts';

/** approvalStatus labels of seller-admin-side.md §4; null is 미신청 (never applied). */
export function approvalStatusLabel(status: SellerApprovalStatus | null): string {
  switch (status) {
    case 'PENDING':
      return '신청 대기 중';
    case 'APPROVED':
      return '승인됨';
    case 'REJECTED':
      return '반려됨';
    case 'WITHDRAWN':
      return '철회됨';
    case 'REVOKED':
      return '강제 해제됨';
    case null:
      return '미신청';
  }
}

export type StatusTone = 'neutral' | 'pending' | 'success' | 'danger';

export function approvalStatusTone(status: SellerApprovalStatus | null): StatusTone {
  switch (status) {
    case 'PENDING':
      return 'pending';
    case 'APPROVED':
      return 'success';
    case 'REJECTED':
    case 'REVOKED':
      return 'danger';
    default:
      return 'neutral';
  }
}

export const sellerTexts = {
  statusLoadFailed: '판매자 상태를 불러오는데 실패했습니다.',
  applyFailed: '판매자 권한 신청에 실패했습니다.',
  withdrawFailed: '권한 철회에 실패했습니다.',
  sellerRightsNeeded: '판매자 권한이 필요합니다. 판매자 권한을 먼저 신청해주세요.',
  reviewGuidance: '신청서 검토에는 평균 1~3일이 소요됩니다.',
  redirectNotice: '2초 후 신청 현황 페이지로 이동합니다.',
} as const;
