import { describe, expect, it } from 'vitest';
import { getBookingStatusLabel } from './booking-status';

describe('getBookingStatusLabel', () => {
  it('uses the labels of buyer-side.md §4, with anything else pending', () => {
    expect(getBookingStatusLabel('CONFIRMED')).toBe('예매 확정');
    expect(getBookingStatusLabel('COMPLETED')).toBe('관람 완료');
    expect(getBookingStatusLabel('CANCELED')).toBe('취소됨');
    expect(getBookingStatusLabel('PENDING_PAYMENT')).toBe('대기중');
    expect(getBookingStatusLabel('SOMETHING_NEW')).toBe('대기중');
  });

  it('reads a 가상계좌 not paid yet as 입금 대기 (issue 28)', () => {
    expect(getBookingStatusLabel('AWAITING_DEPOSIT')).toBe('입금 대기');
  });
});
