import type { ConcertStatus } from '@curtaincall/contracts';
import { formatNumber } from '@/lib/format';

/** Texts of the seller concert pages (seller-admin-side.md §2, §4, §8). */
export const sellerConcertTexts = {
  registerSignInRequired: '콘서트 등록은 로그인한 판매자만 가능합니다.',
  manageSignInRequired: '콘서트 관리는 로그인한 판매자만 가능합니다.',
  empty: '등록된 콘서트가 없습니다.',
  submitFailed: '처리 중 오류가 발생했습니다.',
  networkFailed: '네트워크 오류가 발생했습니다.',
  uploadNetworkFailed: '네트워크 연결을 확인해주세요.',
  uploadTimeout:
    '업로드 시간이 초과되었습니다. 파일 크기와 네트워크 상태를 확인한 뒤 다시 시도해주세요.',
  listLoadFailed: '콘서트 목록을 불러오지 못했습니다.',
  alreadyStarted: '이미 종료된 공연입니다',
  confirmClose:
    '저장하지 않은 변경 사항이 있습니다. 닫으면 입력한 내용과 이번에 업로드한 포스터가 삭제됩니다.',
  uploadsRolledBack: '업로드한 포스터를 삭제했습니다. 저장하려면 포스터를 다시 올려주세요.',
  aiNoSummary: '아직 AI 요약이 없습니다.',
  cancelDeadline: '취소 마감',
  cancelDeadlineBefore: '공연',
  cancelDeadlineAfter: '일 전까지',
  cancelDeadlineHint: (days: string) =>
    `구매자는 공연 ${days || 'N'}일 전까지 예매를 취소할 수 있습니다 (1~30일, 기본 3일). 취소수수료는 아래 기준을 따르며, 더 높게 받을 수 없습니다.`,
  cancelFeeCaption: '취소수수료 기준 (공연업 소비자분쟁해결기준)',
  cancelFeeWhen: '취소 시점',
  cancelFeeAmount: '취소수수료',
} as const;

/** The filter chips (§2): 전체 and the five statuses, with the spec's chip words. */
export const statusFilterOptions: ReadonlyArray<{ value: ConcertStatus | null; label: string }> = [
  { value: null, label: '전체' },
  { value: 'SCHEDULED', label: '예정됨' },
  { value: 'ON_SALE', label: '예매중' },
  { value: 'SOLD_OUT', label: '매진' },
  { value: 'CANCELLED', label: '취소됨' },
  { value: 'COMPLETED', label: '완료됨' },
];

/**
 * The list's 'total N, showing a-b' line (§2), for a 0-based page: '총 12개 중 1-10번째 표시'.
 * Nothing to show reads '총 0개'.
 */
export function formatListRange(page: number, size: number, total: number): string {
  if (total <= 0) return '총 0개';
  const from = Math.min(page * size + 1, total);
  const to = Math.min((page + 1) * size, total);
  return `총 ${formatNumber(total)}개 중 ${formatNumber(from)}-${formatNumber(to)}번째 표시`;
}
