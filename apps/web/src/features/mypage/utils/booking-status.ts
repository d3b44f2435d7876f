import type { BookingStatus } from '@curtaincall/contracts';

export type BookingStatusTone =
  'confirmed' | 'completed' | 'canceled' | 'awaitingDeposit' | 'pending';

/**
 * buyer-side.md §4 "Booking status": CONFIRMED 예매 확정, COMPLETED 관람 완료, CANCELED 취소됨;
 * issue 28's AWAITING_DEPOSIT (a 가상계좌 not paid yet) 입금 대기; any other value (PENDING_PAYMENT,
 * or one the client does not know yet) shows as 대기중.
 */
export function getBookingStatusTone(status: BookingStatus | string): BookingStatusTone {
  switch (status) {
    case 'CONFIRMED':
      return 'confirmed';
    case 'COMPLETED':
      return 'completed';
    case 'CANCELED':
      return 'canceled';
    case 'AWAITING_DEPOSIT':
      return 'awaitingDeposit';
    default:
      return 'pending';
  }
}

export const bookingStatusToneLabels: Record<BookingStatusTone, string> = {
  confirmed: '예매 확정',
  completed: '관람 완료',
  canceled: '취소됨',
  awaitingDeposit: '입금 대기',
  pending: '대기중',
};

export function getBookingStatusLabel(status: BookingStatus | string): string {
  return bookingStatusToneLabels[getBookingStatusTone(status)];
}
