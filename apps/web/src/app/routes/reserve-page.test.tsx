import type { BookingCreated, SeatEntry } from '@curtaincall/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetAccessKeyExpiry } from '@/lib/access-key';
import { makeHeldSeat, makeSmallVenue, users } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { ReservePage } from './reserve-page';

function sandboxBooking(overrides: Partial<BookingCreated> = {}): BookingCreated {
  const origin = window.location.origin;
  return {
    orderId: 'order-0001',
    bookingNumber: 'BK7Q2M9X',
    orderName: '재즈 인 더 시티',
    amount: 254_000,
    customerName: '콘서트러버',
    clientKey: 'sandbox-client-key',
    successUrl: `${origin}/api/v1/payments/success`,
    failUrl: `${origin}/api/v1/payments/fail`,
    provider: 'sandbox',
    checkoutUrl: `${origin}/api/v1/sandbox-payments/checkout?orderId=order-0001&orderName=x&amount=254000&customerName=y`,
    paymentDeadlineSeconds: 600,
    ...overrides,
  };
}

/** The seat server of concert 1 with A-1-1 and B-1-1 held, and a booking endpoint. */
function serveSeatPage(booking: () => Response) {
  const { seatMap, seats } = makeSmallVenue();
  const held: SeatEntry[] = seats.map((seat) =>
    seat.seatId === 111 || seat.seatId === 211
      ? makeHeldSeat(seat.seatId, seat.seatInfo, 250)
      : seat,
  );
  const calls: string[] = [];
  const bodies: unknown[] = [];
  server.use(
    http.get('/api/concerts/1/seat-map', () => HttpResponse.json({ success: true, data: seatMap })),
    http.get('/api/seats/concerts/1/status', () => {
      calls.push('status');
      return HttpResponse.json({ success: true, data: held });
    }),
    http.post('/api/bookings', async ({ request }) => {
      calls.push('booking');
      bodies.push(await request.json());
      return booking();
    }),
  );
  return { calls, bodies };
}

function ResultProbe() {
  const location = useLocation();
  return <p data-testid="result-location">{`${location.pathname}${location.search}`}</p>;
}

function renderReservePage() {
  return renderWithProviders(
    <Routes>
      <Route path="/concerts/:concertId/reserve" element={<ReservePage />} />
      <Route path="/payment/result/:outcome" element={<ResultProbe />} />
    </Routes>,
    { route: '/concerts/1/reserve', session: users.user },
  );
}

const panel = () => screen.getByRole('complementary', { name: '선택한 좌석' });
const statusCalls = (calls: string[]) => calls.filter((call) => call === 'status').length;

async function openCheckout(calls: string[]) {
  const user = userEvent.setup();
  renderReservePage();
  await screen.findByRole('button', { name: /^프리미엄석 A구역 1열 1번, 선택됨/ });
  expect(within(panel()).getByTestId('order-total')).toHaveTextContent('254,000원');
  await user.click(within(panel()).getByRole('button', { name: '결제하기' }));
  const dialog = await screen.findByRole('dialog', { name: '카드 결제' });
  await waitFor(() => expect(calls).toContain('booking'));
  return { user, dialog };
}

function cancelMessage(source: Window | null, origin = window.location.origin) {
  return new MessageEvent('message', {
    data: { type: 'sandbox-payment', code: 'USER_CANCEL' },
    origin,
    source,
  });
}

describe('ReservePage checkout', () => {
  beforeEach(() => {
    sessionStorage.setItem('accessKey-1', 'key-1');
  });
  afterEach(() => {
    sessionStorage.clear();
    resetAccessKeyExpiry();
  });

  it('books every held seat and opens the sandbox card window over the page', async () => {
    const { calls, bodies } = serveSeatPage(() =>
      HttpResponse.json({ success: true, data: sandboxBooking() }, { status: 201 }),
    );
    const { dialog } = await openCheckout(calls);

    expect(bodies).toEqual([{ concertId: 1, concertSeatIds: [111, 211] }]);
    expect(within(dialog).getByTestId('checkout-amount')).toHaveTextContent('254,000원');
    expect(within(dialog).getByText('재즈 인 더 시티')).toBeInTheDocument();
    // The seat page's countdown goes on in the window, from the booking's payment deadline.
    expect(
      within(dialog).getByRole('timer', { name: '결제 완료까지 남은 시간' }),
    ).toHaveTextContent(/^(10:00|09:5\d)$/);
    expect(
      within(dialog).getByText('결제를 마칠 때까지 선택한 좌석이 유지돼요.'),
    ).toBeInTheDocument();
    const frame = within(dialog).getByTitle('카드 결제');
    const src = new URL(frame.getAttribute('src') ?? '');
    expect(src.origin).toBe(window.location.origin);
    expect(src.pathname).toBe('/api/v1/sandbox-payments/checkout');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      orderId: 'order-0001',
      orderName: '재즈 인 더 시티',
      amount: '254000',
      customerName: '콘서트러버',
    });
    expect(within(panel()).getByRole('button', { name: '결제하기' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('closes on the window’s USER_CANCEL, says the payment was cancelled and re-fetches the seats', async () => {
    const { calls } = serveSeatPage(() =>
      HttpResponse.json({ success: true, data: sandboxBooking() }, { status: 201 }),
    );
    const { dialog } = await openCheckout(calls);
    const frame = within(dialog).getByTitle<HTMLIFrameElement>('카드 결제');
    const before = statusCalls(calls);

    // Only the framed window on this origin may cancel.
    act(() => {
      window.dispatchEvent(cancelMessage(frame.contentWindow, 'https://elsewhere.example'));
      window.dispatchEvent(cancelMessage(null));
    });
    expect(screen.getByRole('dialog', { name: '카드 결제' })).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(cancelMessage(frame.contentWindow));
    });
    expect(await screen.findByText('결제가 취소되었습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '카드 결제' })).toBeNull();
    await waitFor(() => expect(statusCalls(calls)).toBeGreaterThan(before));
    expect(within(panel()).getByRole('button', { name: '결제하기' })).not.toHaveAttribute(
      'aria-busy',
    );
  });

  it('treats its close button and Escape as a cancel', async () => {
    const { calls } = serveSeatPage(() =>
      HttpResponse.json({ success: true, data: sandboxBooking() }, { status: 201 }),
    );
    const { user, dialog } = await openCheckout(calls);
    await user.click(within(dialog).getByRole('button', { name: '결제창 닫기' }));
    expect(await screen.findByText('결제가 취소되었습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    // Focus comes back to 결제하기 once it is usable again.
    await waitFor(() =>
      expect(within(panel()).getByRole('button', { name: '결제하기' })).toHaveFocus(),
    );

    await user.click(within(panel()).getByRole('button', { name: '결제하기' }));
    await screen.findByRole('dialog', { name: '카드 결제' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByText('결제가 취소되었습니다.')).toHaveLength(2);
    expect(calls.filter((call) => call === 'booking')).toHaveLength(2);
  });

  it('takes the whole app to the result page the window reaches', async () => {
    const { calls } = serveSeatPage(() =>
      HttpResponse.json({ success: true, data: sandboxBooking() }, { status: 201 }),
    );
    const { dialog } = await openCheckout(calls);
    const frame = within(dialog).getByTitle<HTMLIFrameElement>('카드 결제');
    const at = (path: string) =>
      Object.defineProperty(frame, 'contentWindow', {
        configurable: true,
        get: () => ({ location: new URL(path, window.location.origin) }),
      });

    // Still on the payment pages (the checkout form, a refused card): nothing happens.
    at('/api/v1/sandbox-payments/checkout');
    fireEvent.load(frame);
    expect(screen.getByRole('dialog', { name: '카드 결제' })).toBeInTheDocument();

    at('/payment/result/success?orderId=order-0001&bookingNumber=BK7Q2M9X');
    fireEvent.load(frame);
    expect(await screen.findByTestId('result-location')).toHaveTextContent(
      '/payment/result/success?orderId=order-0001&bookingNumber=BK7Q2M9X',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('toasts a refused booking with the server’s message and re-fetches the seats', async () => {
    const { calls } = serveSeatPage(() =>
      HttpResponse.json(
        {
          success: false,
          status: 409,
          code: 'B005',
          message: '좌석 선점 시간이 만료되었습니다. 다시 선택해주세요.',
        },
        { status: 409 },
      ),
    );
    const user = userEvent.setup();
    renderReservePage();
    await screen.findByRole('button', { name: /^프리미엄석 A구역 1열 1번, 선택됨/ });
    const before = statusCalls(calls);
    await user.click(within(panel()).getByRole('button', { name: '결제하기' }));

    expect(
      await screen.findByText(
        '결제에 실패했습니다: 좌석 선점 시간이 만료되었습니다. 다시 선택해주세요.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(statusCalls(calls)).toBeGreaterThan(before));
  });
});
