import { seatMessages } from '@curtaincall/contracts';
import { isApiError } from '@/lib/api-client';

/** The toasts of buyer-side.md §8 "Queue, seats and payment" for a failed hold or release. */
export const seatErrorTexts = {
  heldByOther: '다른 사용자가 선점 중인 좌석입니다. 다른 좌석을 선택해주세요.',
  limit: '좌석 선점은 최대 2개까지만 가능합니다.',
  expired: '선점 시간이 만료되었습니다. 다시 선택해주세요.',
  booked: '이미 예매 완료된 좌석입니다.',
  unavailable: '선택할 수 없는 좌석입니다.',
  network: '네트워크 연결이 불안정합니다. 인터넷 연결을 확인해주세요.',
  server: '서버에 일시적인 문제가 발생했습니다. 잠시 후 다시 시도해주세요.',
  generic: '좌석 선택 중 문제가 발생했습니다.',
  /** Drawn venues (issue 25): the server's own words, shown as they are. */
  notForSale: seatMessages.notForSale,
  companionFirst: seatMessages.companionFirst,
  standingFull: seatMessages.standingFull,
  standingUnknown: seatMessages.standingUnknown,
} as const;

/**
 * The server's texts are matched by the keywords of api-contract.md §7 (유저, 최대 2개, 만료);
 * then network and server failures; anything else gets the generic text.
 */
export function seatErrorMessage(error: unknown): string {
  if (!isApiError(error)) return seatErrorTexts.generic;
  const { message } = error;
  if (message.includes('유저') || message.includes('다른 사용자'))
    return seatErrorTexts.heldByOther;
  if (message.includes('최대 2개')) return seatErrorTexts.limit;
  if (message.includes('만료')) return seatErrorTexts.expired;
  if (message.includes('예매 완료')) return seatErrorTexts.booked;
  if (message.includes('판매하지 않는')) return seatErrorTexts.notForSale;
  if (message.includes('동반석')) return seatErrorTexts.companionFirst;
  if (message.includes('입장번호')) return seatErrorTexts.standingFull;
  if (message.includes('스탠딩 구역')) return seatErrorTexts.standingUnknown;
  if (error.isNetworkError) return seatErrorTexts.network;
  if (error.status >= 500) return seatErrorTexts.server;
  return seatErrorTexts.generic;
}

/** A 403 on a seat path means the access key is gone: the page is leaving, no toast. */
export function isAccessKeyError(error: unknown): boolean {
  return isApiError(error) && error.status === 403;
}
