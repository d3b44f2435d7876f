import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { PaymentFailPage } from './payment-fail-page';

const failSearch = (params: Record<string, string>) =>
  `/payment/result/fail?${new URLSearchParams(params).toString()}`;

function rowsOnPage() {
  return Object.fromEntries(
    screen
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

const links = () =>
  within(screen.getByRole('navigation', { name: '다음으로 이동' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('PaymentFailPage', () => {
  it('shows the concert title, the reason and the code', async () => {
    server.use(
      http.get('/api/bookings/:bookingNumber', ({ params }) =>
        HttpResponse.json({
          success: true,
          data: {
            bookingNumber: params.bookingNumber,
            concertTitle: '재즈 인 더 시티',
            totalAmount: 254_000,
            concertDateTime: '2025-10-04 19:00',
            seatLabels: ['A-1-1'],
            paymentStatus: 'FAILED',
            paymentMethod: null,
            concertId: 7,
            holdUntil: '2020-01-01T00:00:00',
          },
        }),
      ),
    );
    renderWithProviders(<PaymentFailPage />, {
      route: failSearch({
        orderId: 'order-0001',
        bookingNumber: 'BK7Q2M9X',
        code: 'REJECT_CARD_COMPANY',
        message: '카드사에서 결제를 거절했습니다.',
      }),
    });

    expect(screen.getByRole('heading', { level: 1, name: '결제에 실패했습니다' })).toBeVisible();
    expect(await screen.findByText('재즈 인 더 시티')).toBeInTheDocument();
    expect(rowsOnPage()).toEqual({
      공연: '재즈 인 더 시티',
      '실패 사유': '카드사에서 결제를 거절했습니다.',
      '오류 코드': 'REJECT_CARD_COMPANY',
      '예매 번호': 'BK7Q2M9X',
    });
    expect(links()).toEqual([
      ['마이페이지', '/mypage/profile'],
      ['홈으로', '/'],
    ]);
    // The hold ended long ago: no way back to seats that are no longer the buyer's.
    expect(screen.queryByRole('link', { name: '좌석 선택으로 돌아가기' })).toBeNull();
  });

  it('leads back to the seat page while the hold still lives', async () => {
    const inFiveMinutes = new Date(Date.now() + 5 * 60_000 + 9 * 3_600_000)
      .toISOString()
      .slice(0, 19);
    server.use(
      http.get('/api/bookings/:bookingNumber', ({ params }) =>
        HttpResponse.json({
          success: true,
          data: {
            bookingNumber: params.bookingNumber,
            concertTitle: '재즈 인 더 시티',
            totalAmount: 254_000,
            concertDateTime: '2025-10-04 19:00',
            seatLabels: ['A-1-1'],
            paymentStatus: 'FAILED',
            paymentMethod: null,
            concertId: 7,
            holdUntil: inFiveMinutes,
          },
        }),
      ),
    );
    renderWithProviders(<PaymentFailPage />, {
      route: failSearch({ bookingNumber: 'BK7Q2M9X', code: 'REJECT_CARD_COMPANY' }),
    });
    const back = await screen.findByRole('link', { name: '좌석 선택으로 돌아가기' });
    expect(back).toHaveAttribute('href', '/concerts/7/reserve');
  });

  it('still shows the reason and the code when the booking cannot be read', async () => {
    let requests = 0;
    server.use(
      http.get('/api/bookings/:bookingNumber', () => {
        requests += 1;
        return HttpResponse.json(
          { success: false, status: 401, code: 'A006', message: '로그인이 필요합니다.' },
          { status: 401 },
        );
      }),
    );
    renderWithProviders(<PaymentFailPage />, {
      route: failSearch({
        bookingNumber: 'BK7Q2M9X',
        code: 'PAY_PROCESS_CANCELED',
        message: '결제가 취소되었습니다.',
      }),
    });
    await waitFor(() => expect(requests).toBe(1));
    expect(rowsOnPage()).toEqual({
      '실패 사유': '결제가 취소되었습니다.',
      '오류 코드': 'PAY_PROCESS_CANCELED',
      '예매 번호': 'BK7Q2M9X',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('without a booking number calls nothing and falls back to a generic reason', () => {
    renderWithProviders(<PaymentFailPage />, { route: '/payment/result/fail' });
    expect(rowsOnPage()).toEqual({ '실패 사유': '결제를 완료하지 못했습니다.' });
  });
});
