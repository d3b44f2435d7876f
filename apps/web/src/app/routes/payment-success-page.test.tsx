import type { BookingDetail } from '@curtaincall/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { users } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { PaymentSuccessPage } from './payment-success-page';

const detail: BookingDetail = {
  bookingId: 31,
  bookingNumber: 'BK7Q2M9X',
  bookingStatus: 'CONFIRMED',
  paymentStatus: 'DONE',
  paymentMethod: 'CARD',
  totalAmount: 254_000,
  bookedAt: '2025-09-20T10:03:12',
  concertTitle: '재즈 인 더 시티',
  artistName: '재즈 트리오',
  concertDate: '2025-10-04',
  startTime: '19:00:00',
  endTime: '21:30:00',
  posterImageUrl: null,
  venueName: '청담 재즈라운지',
  venueAddress: '서울 강남구',
  seatList: ['A구역 1열 1번', 'B구역 1열 1번'],
};

function renderAt(search: string) {
  return renderWithProviders(<PaymentSuccessPage />, {
    route: `/payment/result/success${search}`,
    session: users.user,
  });
}

const links = () =>
  within(screen.getByRole('navigation', { name: '다음으로 이동' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('PaymentSuccessPage', () => {
  it('shows the paid booking: title, date with start~end time, seats and total', async () => {
    const requested: string[] = [];
    server.use(
      http.get('/api/mypage/bookingDetail/:bookingNumber', ({ params }) => {
        requested.push(String(params.bookingNumber));
        return HttpResponse.json({ success: true, data: detail });
      }),
    );
    renderAt('?orderId=order-0001&bookingNumber=BK7Q2M9X');

    expect(screen.getByRole('heading', { level: 1, name: '결제가 완료되었습니다' })).toBeVisible();
    expect(await screen.findByText('재즈 인 더 시티')).toBeInTheDocument();
    const rows = Object.fromEntries(
      screen
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(rows).toEqual({
      '예매 번호': 'BK7Q2M9X',
      공연: '재즈 인 더 시티',
      일시: '2025.10.04\u00a0(토) 오후\u00a07:00 ~ 오후\u00a09:30',
      좌석: 'A구역 1열 1번B구역 1열 1번',
      '결제 금액': '254,000원',
    });
    expect(requested).toEqual(['BK7Q2M9X']);
    expect(links()).toEqual([
      ['마이페이지', '/mypage/profile'],
      ['홈으로', '/'],
    ]);
  });

  it('names each seat’s 권종 and the proof it needs when the booking states its money', async () => {
    const ticket = {
      ticketId: 1,
      seatInfo: 'A-1-1',
      gradeName: '프리미엄석',
      gradePrice: 150_000,
      ticketTypeName: '장애인(심한)',
      typeDiscount: 75_000,
      codeDiscount: 0,
      ticketPrice: 75_000,
      bookingFee: 2_000,
      status: 'ACTIVE',
      proofRequired: true,
      companionOfTicketId: null,
    } as const;
    server.use(
      http.get('/api/mypage/bookingDetail/:bookingNumber', () =>
        HttpResponse.json({
          success: true,
          data: {
            ...detail,
            totalAmount: 77_000,
            seatList: ['A구역 1열 1번'],
            money: {
              tickets: [ticket],
              promoCode: null,
              refunds: [],
              refundedTotal: 0,
              cancelDeadlineDays: 3,
              receiptUrl: '/api/bookings/BK7Q2M9X/receipt.pdf',
            },
          },
        }),
      ),
    );
    renderAt('?orderId=order-0001&bookingNumber=BK7Q2M9X');
    const seats = (await screen.findByText('좌석')).nextElementSibling as HTMLElement;
    expect(within(seats).getByText('A구역 1열 1번 · 장애인(심한)')).toBeVisible();
    expect(within(seats).getByText('현장에서 증빙 필요')).toBeVisible();
  });

  it('says so when no booking number came along, without calling the server', () => {
    renderAt('?orderId=order-0001');
    expect(screen.getByRole('alert')).toHaveTextContent('예매 번호가 전달되지 않았습니다.');
    expect(links()).toEqual([
      ['마이페이지', '/mypage/profile'],
      ['홈으로', '/'],
    ]);
  });

  it('says the booking could not be loaded when the detail call fails', async () => {
    server.use(
      http.get('/api/mypage/bookingDetail/:bookingNumber', () =>
        HttpResponse.json(
          {
            success: false,
            status: 404,
            code: 'B008',
            message: '요청한 예매 정보를 찾을 수 없습니다.',
          },
          { status: 404 },
        ),
      ),
    );
    renderAt('?bookingNumber=BK7Q2M9X');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('예매 정보를 불러오는 데 실패했습니다.');
    expect(within(alert).getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
    expect(links()).toHaveLength(2);
  });
});
