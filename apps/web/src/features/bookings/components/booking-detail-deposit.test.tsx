import type { VirtualAccount } from '@curtaincall/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import type { BookingDetailResponse } from '../api/get-booking-detail';
import { BookingDetail } from './booking-detail';

const BOOKING_NUMBER = 'BK3F8L2P';

const account: VirtualAccount = {
  bankCode: '20',
  bankName: '우리은행',
  accountNumber: '10201234567890',
  holder: '커튼콜',
  amount: 102_000,
  dueAt: '2030-09-21T23:59:59',
  testBankUrl: null,
};

function makeDetail(overrides: Partial<BookingDetailResponse> = {}): BookingDetailResponse {
  return {
    bookingId: 31,
    bookingNumber: BOOKING_NUMBER,
    bookingStatus: 'AWAITING_DEPOSIT',
    paymentStatus: 'WAITING_FOR_DEPOSIT',
    paymentMethod: 'VIRTUAL_ACCOUNT',
    totalAmount: 102_000,
    bookedAt: '2030-09-20T10:03:12',
    concertTitle: '노을 밴드 전국투어',
    artistName: '노을 밴드',
    concertDate: '2030-10-04',
    startTime: '19:00:00',
    endTime: '21:30:00',
    posterImageUrl: null,
    venueName: '올림픽공원 KSPO DOME',
    venueAddress: '서울특별시 송파구 올림픽로 424',
    seatList: ['A구역 1열 5번'],
    payment: {
      method: 'VIRTUAL_ACCOUNT',
      methodLabel: '가상계좌(무통장입금)',
      detail: '우리은행 가상계좌',
      virtualAccount: account,
      cashReceipt: {
        type: 'INCOME_DEDUCTION',
        typeLabel: '소득공제',
        maskedNumber: '*******5678',
        amount: 102_000,
        issueNumber: null,
      },
      cultureExpense: true,
    },
    ...overrides,
  };
}

function Poster({ title }: { title: string }) {
  return <div aria-hidden>{title}</div>;
}

function renderDetail(detail: BookingDetailResponse) {
  server.use(
    http.get(`/api/mypage/bookingDetail/${BOOKING_NUMBER}`, () =>
      HttpResponse.json({ success: true, data: detail }),
    ),
  );
  return renderWithProviders(<BookingDetail bookingNumber={BOOKING_NUMBER} Poster={Poster} />);
}

/** The value next to a term of the payment card. */
function paymentValue(term: string): string {
  const card = screen.getByRole('region', { name: '결제 정보' });
  const dt = within(card).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

describe('booking detail awaiting a deposit (issue 28)', () => {
  it('reads 입금 대기 and shows the account to pay into, with 복사 and the deadline', async () => {
    renderDetail(makeDetail());
    expect(await screen.findByTestId('booking-status')).toHaveTextContent('입금 대기');
    const card = screen.getByRole('region', { name: '입금 계좌' });
    expect(within(card).getByText('10201234567890')).toBeInTheDocument();
    expect(within(card).getByText('우리은행')).toBeInTheDocument();
    expect(within(card).getByText('커튼콜')).toBeInTheDocument();
    expect(within(card).getByText(/9월 21일 \(토\) 23:59까지$/)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '계좌번호 복사' })).toBeInTheDocument();
  });

  it('names the method, its detail and the 현금영수증 to come with the deposit', async () => {
    renderDetail(makeDetail());
    await screen.findByRole('region', { name: '입금 계좌' });
    expect(paymentValue('결제 상태')).toBe('입금 대기');
    expect(paymentValue('결제 수단')).toBe('가상계좌');
    expect(paymentValue('결제 상세')).toBe('우리은행 가상계좌');
    expect(paymentValue('현금영수증')).toBe('소득공제 · *******5678 · 102,000원 · 입금 후 발급');
    expect(screen.getByText('문화비 소득공제 대상 공연입니다.')).toBeInTheDocument();
  });

  it('offers no ticket before the deposit and says when it comes', async () => {
    renderDetail(makeDetail());
    const actions = await screen.findByRole('region', { name: '예매 관리' });
    expect(within(actions).queryByRole('button', { name: /티켓 다운로드/ })).toBeNull();
    expect(within(actions).queryByRole('button', { name: /모바일 티켓/ })).toBeNull();
    expect(within(actions).queryByRole('link', { name: /모바일 티켓/ })).toBeNull();
    expect(
      within(actions).getByText('입금이 확인되면 예매가 확정되고 티켓이 발급됩니다.'),
    ).toBeInTheDocument();
  });

  it('drops the account once paid, and shows a 간편결제’s provider and issued receipt', async () => {
    renderDetail(
      makeDetail({
        bookingStatus: 'CONFIRMED',
        paymentStatus: 'DONE',
        paymentMethod: 'EASY_PAY',
        payment: {
          method: 'EASY_PAY',
          methodLabel: '간편결제',
          detail: '카카오페이',
          virtualAccount: null,
          cashReceipt: {
            type: 'EXPENSE_PROOF',
            typeLabel: '지출증빙',
            maskedNumber: '******7890',
            amount: 102_000,
            issueNumber: '123456789',
          },
          cultureExpense: false,
        },
      }),
    );
    expect(await screen.findByTestId('booking-status')).toHaveTextContent('예매 확정');
    expect(screen.queryByRole('region', { name: '입금 계좌' })).toBeNull();
    expect(paymentValue('결제 수단')).toBe('간편결제');
    expect(paymentValue('결제 상세')).toBe('카카오페이');
    expect(paymentValue('현금영수증')).toBe(
      '지출증빙 · ******7890 · 102,000원 · 승인번호 123456789',
    );
    expect(screen.queryByText('문화비 소득공제 대상 공연입니다.')).toBeNull();
    expect(screen.getByRole('button', { name: /티켓 다운로드/ })).toBeInTheDocument();
  });
});
