import type { BookingStatus } from '@curtaincall/contracts';

export type BookingStatusTone = 'confirmed' | 'completed' | 'canceled' | 'pending';

/**
 * buyer-side.md §4 "Booking status": CONFIRMED 예매 확정, COMPLETED 관람 완료, CANCELED 취소됨;
 * any other value (PENDING_PAYMENT, or one the client does not know yet) shows as 대기중.
 */
export function getBookingStatusTone(status: BookingStatus | string): BookingStatusTone {
  switch (status) {
    case 'CONFIRMED':
      return 'confirmed';
    case 'COMPLETED':
      return 'completed';
    case 'CANCELED':
      return 'canceled';
    default:
      return 'pending';
  }
}

export const bookingStatusToneLabels: Record<BookingStatusTone, string> = {
  confirmed: '예매 확정',
  completed: '관람 완료',
  canceled: '취소됨',
  pending: '대기중',
};

export function getBookingStatusLabel(status: BookingStatus | string): string {
  return bookingStatusToneLabels[getBookingStatusTone(status)];
}
