import {
  sellerConcertMessages,
  showStartInstant,
  type SellerConcert,
} from '@curtaincall/contracts';

/** The server's refusal of AI 요약 once the show started (ai-summary.service `started`). */
export const aiSummaryStartedMessage = '이미 종료된 공연입니다';
const aiSummaryCancelledMessage = '취소된 콘서트는 AI 요약을 생성할 수 없습니다.';

export interface RowLocks {
  /** Why 수정 is disabled, or null when it is allowed. */
  edit: string | null;
  aiSummary: string | null;
  cancel: string | null;
  /** One line under the buttons saying what is locked and why, or null when nothing is. */
  note: string | null;
}

/**
 * Which of a concert's row actions the server would refuse, and its words for why (issue 23):
 * a cancelled or completed concert is not edited; AI 요약 is refused for a cancelled concert and
 * from the moment the show starts (by this device's clock, as the server judges by its own);
 * a cancelled or completed concert cannot be cancelled.
 */
export function rowLocks(concert: SellerConcert, now: Date): RowLocks {
  const cancelled = concert.status === 'CANCELLED';
  const completed = concert.status === 'COMPLETED';
  const started =
    now.getTime() >= showStartInstant(concert.concertDate, concert.startTime).getTime();
  const note = cancelled
    ? '취소된 공연은 수정과 AI 요약을 할 수 없습니다.'
    : completed
      ? '종료된 공연은 수정, AI 요약, 취소를 할 수 없습니다.'
      : started
        ? '공연이 시작되어 AI 요약은 다시 만들 수 없습니다.'
        : null;
  return {
    note,
    edit: cancelled
      ? sellerConcertMessages.cancelledNotEditable
      : completed
        ? sellerConcertMessages.completedNotEditable
        : null,
    aiSummary: cancelled
      ? aiSummaryCancelledMessage
      : completed || started
        ? aiSummaryStartedMessage
        : null,
    cancel: cancelled
      ? sellerConcertMessages.alreadyCancelled
      : completed
        ? sellerConcertMessages.completedNotCancellable
        : null,
  };
}
