/** What the booking button of the detail page says and whether it books (buyer-side.md §4). */
export interface BookingAction {
  label: string;
  isEnabled: boolean;
}

/**
 * SCHEDULED '예매 대기 중' (disabled), ON_SALE '예매하기', SOLD_OUT '매진' (disabled),
 * CANCELLED and COMPLETED no button (null), anything else '상태 확인 중' (disabled).
 * Only ON_SALE books.
 */
export function getBookingAction(status: string): BookingAction | null {
  switch (status) {
    case 'SCHEDULED':
      return { label: '예매 대기 중', isEnabled: false };
    case 'ON_SALE':
      return { label: '예매하기', isEnabled: true };
    case 'SOLD_OUT':
      return { label: '매진', isEnabled: false };
    case 'CANCELLED':
    case 'COMPLETED':
      return null;
    default:
      return { label: '상태 확인 중', isEnabled: false };
  }
}

/** Why there is no button, told where the button would be. */
export function getClosedBookingNotice(status: string): string | null {
  if (status === 'CANCELLED') return '취소된 공연입니다. 예매하신 티켓은 전액 환불됩니다.';
  if (status === 'COMPLETED') return '종료된 공연입니다. 관람평으로 공연의 감동을 나눠주세요.';
  return null;
}
