import type { BookingDetail, VirtualAccount } from '@curtaincall/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDepositDue } from '@/components/payment/virtual-account-card';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { DepositResult } from './deposit-result';

const BOOKING_NUMBER = 'BK3F8L2P';

const account: VirtualAccount = {
  bankCode: '88',
  bankName: '신한은행',
  accountNumber: '56211234567890',
  holder: '커튼콜',
  amount: 102_000,
  dueAt: '2026-11-28T23:59:59',
  testBankUrl: '/api/v1/sandbox-payments/bank?accountNumber=56211234567890',
};

function vaPayment(virtualAccount: VirtualAccount): BookingDetail['payment'] {
  return {
    method: 'VIRTUAL_ACCOUNT',
    methodLabel: '가상계좌(무통장입금)',
    detail: '신한은행 가상계좌',
    virtualAccount,
    cashReceipt: null,
    cultureExpense: false,
  };
}

function detail(overrides: Partial<BookingDetail> = {}): BookingDetail {
  return {
    bookingId: 31,
    bookingNumber: BOOKING_NUMBER,
    bookingStatus: 'AWAITING_DEPOSIT',
    paymentStatus: 'WAITING_FOR_DEPOSIT',
    paymentMethod: 'VIRTUAL_ACCOUNT',
    totalAmount: 102_000,
    bookedAt: '2026-11-27T10:03:12',
    concertTitle: '노을 밴드 전국투어',
    artistName: '노을 밴드',
    concertDate: '2026-12-04',
    startTime: '19:00:00',
    endTime: '21:30:00',
    posterImageUrl: null,
    venueName: '올림픽공원 KSPO DOME',
    venueAddress: '서울특별시 송파구 올림픽로 424',
    seatList: ['A구역 1열 5번'],
    payment: vaPayment(account),
    ...overrides,
  };
}

function serveDetail(answer: BookingDetail, wait?: Promise<void>) {
  server.use(
    http.get(`/api/mypage/bookingDetail/${BOOKING_NUMBER}`, async () => {
      await wait;
      return HttpResponse.json({ success: true, data: answer });
    }),
  );
}

describe('DepositResult (/payment/result/deposit, issue 28)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('paints the account the booking answer carried before the booking arrives', async () => {
    let release: () => void = () => undefined;
    serveDetail(detail(), new Promise((resolve) => (release = resolve)));
    renderWithProviders(<DepositResult bookingNumber={BOOKING_NUMBER} initialAccount={account} />);
    expect(
      screen.getByRole('heading', { level: 1, name: '가상계좌가 발급되었습니다' }),
    ).toBeInTheDocument();
    expect(screen.getByText('56211234567890')).toBeInTheDocument();
    release();
    await delay(0);
  });

  it('shows bank, number, 예금주, amount, deadline, the notice, the test bank and the booking link', async () => {
    serveDetail(detail());
    renderWithProviders(<DepositResult bookingNumber={BOOKING_NUMBER} initialAccount={null} />);
    expect(await screen.findByText('56211234567890')).toBeInTheDocument();
    expect(screen.getByText('신한은행')).toBeInTheDocument();
    expect(screen.getByText('커튼콜')).toBeInTheDocument();
    expect(screen.getByText('102,000원')).toBeInTheDocument();
    expect(screen.getByText(/11월 28일 \(토\) 23:59까지$/)).toBeInTheDocument();
    expect(
      screen.getByText(
        /입금 기한까지 입금하지 않으면 예매가 자동으로 취소되고 좌석은 다시 판매됩니다/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '테스트 은행에서 입금하기' })).toHaveAttribute(
      'href',
      account.testBankUrl,
    );
    expect(screen.getByRole('link', { name: '예매 내역 보기' })).toHaveAttribute(
      'href',
      `/bookingDetail/${BOOKING_NUMBER}`,
    );
  });

  it('takes the booking as the truth: a deposit that came in since reads as paid', async () => {
    serveDetail(detail({ bookingStatus: 'CONFIRMED', paymentStatus: 'DONE', payment: undefined }));
    renderWithProviders(<DepositResult bookingNumber={BOOKING_NUMBER} initialAccount={account} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: '입금이 확인되었습니다' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('56211234567890')).toBeNull();
  });

  it('says when the deadline passed unpaid', async () => {
    serveDetail(detail({ bookingStatus: 'CANCELED', paymentStatus: 'EXPIRED' }));
    renderWithProviders(<DepositResult bookingNumber={BOOKING_NUMBER} initialAccount={null} />);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: '입금 기한이 지나 예매가 취소되었습니다',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '계좌번호 복사' })).toBeNull();
  });

  it('hides the test bank when the provider is a real one', async () => {
    serveDetail(detail({ payment: vaPayment({ ...account, testBankUrl: null }) }));
    renderWithProviders(<DepositResult bookingNumber={BOOKING_NUMBER} initialAccount={null} />);
    await screen.findByText('56211234567890');
    expect(screen.queryByRole('link', { name: '테스트 은행에서 입금하기' })).toBeNull();
  });

  it('copies the account number and says so', async () => {
    serveDetail(detail());
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderWithProviders(<DepositResult bookingNumber={BOOKING_NUMBER} initialAccount={account} />);
    await user.click(screen.getByRole('button', { name: '계좌번호 복사' }));
    expect(writeText).toHaveBeenCalledWith('56211234567890');
    expect(await screen.findByText('계좌번호를 복사했습니다.')).toBeInTheDocument();
  });

  it('selects the number for a manual copy when the clipboard is refused', async () => {
    serveDetail(detail());
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    renderWithProviders(<DepositResult bookingNumber={BOOKING_NUMBER} initialAccount={account} />);
    await user.click(screen.getByRole('button', { name: '계좌번호 복사' }));
    expect(
      await screen.findByText(
        '계좌번호를 복사하지 못했습니다. 선택된 계좌번호를 직접 복사해주세요.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(window.getSelection()?.toString()).toBe('56211234567890'));
  });

  it('asks for the booking number when the link has none', () => {
    renderWithProviders(<DepositResult bookingNumber={null} initialAccount={null} />);
    expect(screen.getByText('예매 번호가 전달되지 않았습니다.')).toBeInTheDocument();
  });
});

describe('formatDepositDue', () => {
  it('reads the Seoul wall clock as sent, the year only when it is not this one', () => {
    const now = new Date(2026, 10, 27, 12, 0);
    expect(formatDepositDue('2026-11-28T23:59:59', now)).toBe('11월 28일 (토) 23:59까지');
    expect(formatDepositDue('2027-01-02T09:05:00', now)).toBe('2027년 1월 2일 (토) 09:05까지');
    expect(formatDepositDue('엉터리', now)).toBe('엉터리');
  });
});
