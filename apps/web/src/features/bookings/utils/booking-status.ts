import {
  limits,
  type BookingStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '@curtaincall/contracts';
import { format, isValid, parse, subDays } from 'date-fns';
import { ko } from 'date-fns/locale';

/**
 * How a booking status reads (buyer-side.md §4); every other value shows as pending. Issue 28:
 * a 가상계좌 waiting for its deposit reads 입금 대기, not 대기중, so the buyer knows it is theirs to pay.
 */
export type BookingStatusTone =
  'confirmed' | 'completed' | 'canceled' | 'awaitingDeposit' | 'pending';

export function bookingStatusTone(status: BookingStatus): BookingStatusTone {
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

export function bookingStatusLabel(status: BookingStatus): string {
  return bookingStatusToneLabels[bookingStatusTone(status)];
}

/**
 * Payment status labels (buyer-side.md §3-4). REFUND exists only as a client label
 * (api-contract.md §1.8); the server never sends it but the map keeps it.
 */
export const paymentStatusLabels: Record<PaymentStatus | 'REFUND', string> = {
  PENDING: '결제 승인 대기',
  WAITING_FOR_DEPOSIT: '입금 대기',
  DONE: '결제 완료',
  CANCELED: '결제 취소 (환불 완료)',
  PARTIAL_CANCELED: '부분 취소',
  FAILED: '결제 실패',
  EXPIRED: '결제 시간 만료',
  REFUND: '환불 완료',
};

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  CARD: '카드',
  EASY_PAY: '간편결제',
  VIRTUAL_ACCOUNT: '가상계좌',
};

/** An unpaid booking has no method yet (api-contract.md §9). */
export function paymentMethodLabel(method: PaymentMethod | null): string {
  return method ? paymentMethodLabels[method] : '결제 전';
}

/**
 * Cancel is offered only for a confirmed, paid booking (buyer-side.md §4), and (issue 27) for
 * one whose seats were cancelled in part while a seat is still booked.
 */
export function canCancelBooking(booking: {
  bookingStatus: BookingStatus;
  paymentStatus: PaymentStatus;
  money?: { tickets: readonly { status: 'ACTIVE' | 'CANCELED' }[] } | undefined;
}): boolean {
  if (booking.bookingStatus !== 'CONFIRMED') return false;
  if (booking.paymentStatus === 'DONE') return true;
  return (
    booking.paymentStatus === 'PARTIAL_CANCELED' &&
    booking.money?.tickets.some((ticket) => ticket.status === 'ACTIVE') === true
  );
}

/** A 예매확인서 exists once the booking was paid, refunds and all (issue 27). */
export function hasReceipt(status: PaymentStatus): boolean {
  return status === 'DONE' || status === 'CANCELED' || status === 'PARTIAL_CANCELED';
}

/** A 가상계좌 issued and not paid yet (issue 28): its account is the booking's next step. */
export function isAwaitingDeposit(status: BookingStatus): boolean {
  return status === 'AWAITING_DEPOSIT';
}

/**
 * Tickets (PDF and mobile) exist for confirmed or attended bookings (buyer-side.md §4); a
 * booking awaiting its deposit has none until the money arrives.
 */
export function hasUsableTickets(status: BookingStatus): boolean {
  return status === 'CONFIRMED' || status === 'COMPLETED';
}

/**
 * The last day a booking can be cancelled, as shown text: the concert date minus the seller's
 * cut-off (the spec's 3 days unless the booking says otherwise), all of that Seoul day included
 * (product-rules.md §7). Null for an unusable date.
 */
export function formatCancelDeadline(
  concertDate: string,
  daysBefore: number = limits.cancelDaysBeforeConcert,
): string | null {
  const day = parse(concertDate, 'yyyy-MM-dd', new Date(0));
  if (!isValid(day)) return null;
  return format(subDays(day, daysBefore), 'yyyy.MM.dd (EEE)', { locale: ko });
}
