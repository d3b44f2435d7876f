import { describe, expect, it } from 'vitest';
import {
  bookingStatusLabel,
  canCancelBooking,
  formatCancelDeadline,
  hasUsableTickets,
  paymentMethodLabel,
  paymentStatusLabels,
} from './booking-status';
import { telHref, venueMapSearchUrl } from './booking-links';

describe('booking status rules', () => {
  it.each([
    ['CONFIRMED', '예매 확정'],
    ['COMPLETED', '관람 완료'],
    ['CANCELED', '취소됨'],
    ['PENDING_PAYMENT', '대기중'],
    ['AWAITING_DEPOSIT', '입금 대기'],
  ] as const)('%s reads %s', (status, label) => {
    expect(bookingStatusLabel(status)).toBe(label);
  });

  it('offers cancel only for CONFIRMED and DONE', () => {
    expect(canCancelBooking({ bookingStatus: 'CONFIRMED', paymentStatus: 'DONE' })).toBe(true);
    expect(canCancelBooking({ bookingStatus: 'CONFIRMED', paymentStatus: 'PENDING' })).toBe(false);
    expect(canCancelBooking({ bookingStatus: 'COMPLETED', paymentStatus: 'DONE' })).toBe(false);
    expect(canCancelBooking({ bookingStatus: 'CANCELED', paymentStatus: 'CANCELED' })).toBe(false);
  });

  it('offers cancel after a per-seat cancel while a seat is still booked', () => {
    const tickets = (...statuses: ('ACTIVE' | 'CANCELED')[]) => ({
      tickets: statuses.map((status) => ({ status })),
    });
    const partly = { bookingStatus: 'CONFIRMED', paymentStatus: 'PARTIAL_CANCELED' } as const;
    expect(canCancelBooking({ ...partly, money: tickets('CANCELED', 'ACTIVE') })).toBe(true);
    expect(canCancelBooking({ ...partly, money: tickets('CANCELED', 'CANCELED') })).toBe(false);
    expect(canCancelBooking(partly)).toBe(false);
  });

  it('has tickets for CONFIRMED and COMPLETED only', () => {
    expect(hasUsableTickets('CONFIRMED')).toBe(true);
    expect(hasUsableTickets('COMPLETED')).toBe(true);
    expect(hasUsableTickets('CANCELED')).toBe(false);
    expect(hasUsableTickets('PENDING_PAYMENT')).toBe(false);
    expect(hasUsableTickets('AWAITING_DEPOSIT')).toBe(false);
  });

  it('reads a 가상계좌 waiting for its money as 입금 대기 (issue 28)', () => {
    expect(paymentStatusLabels.WAITING_FOR_DEPOSIT).toBe('입금 대기');
    expect(paymentMethodLabel('VIRTUAL_ACCOUNT')).toBe('가상계좌');
    expect(
      canCancelBooking({ bookingStatus: 'AWAITING_DEPOSIT', paymentStatus: 'WAITING_FOR_DEPOSIT' }),
    ).toBe(false);
  });

  it('names the payment method, or says it is not paid yet', () => {
    expect(paymentMethodLabel('CARD')).toBe('카드');
    expect(paymentMethodLabel('EASY_PAY')).toBe('간편결제');
    expect(paymentMethodLabel(null)).toBe('결제 전');
  });

  it('puts the cancel deadline 3 days before the concert date', () => {
    expect(formatCancelDeadline('2025-10-04')).toBe('2025.10.01 (수)');
    expect(formatCancelDeadline('2025-03-02')).toBe('2025.02.27 (목)');
    expect(formatCancelDeadline('엉터리')).toBeNull();
  });

  it('moves the deadline to the seller’s cut-off', () => {
    expect(formatCancelDeadline('2025-10-04', 7)).toBe('2025.09.27 (토)');
  });
});

describe('booking links', () => {
  it('searches the venue address on Naver Map', () => {
    expect(venueMapSearchUrl(' 서울특별시 송파구 올림픽로 424 ')).toBe(
      'https://map.naver.com/p/search/%EC%84%9C%EC%9A%B8%ED%8A%B9%EB%B3%84%EC%8B%9C%20%EC%86%A1%ED%8C%8C%EA%B5%AC%20%EC%98%AC%EB%A6%BC%ED%94%BD%EB%A1%9C%20424',
    );
  });

  it('turns a written phone number into a tel: link', () => {
    expect(telHref('02-410-1114')).toBe('tel:024101114');
    expect(telHref('+82 2 410 1114')).toBe('tel:+8224101114');
    expect(telHref('')).toBeNull();
    expect(telHref(null)).toBeNull();
    expect(telHref('문의')).toBeNull();
  });
});
