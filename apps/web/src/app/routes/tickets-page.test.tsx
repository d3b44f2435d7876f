import type { BookingTickets, Ticket } from '@curtaincall/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { users } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { TicketsPage } from './tickets-page';

const BOOKING_NUMBER = 'AB12CD34';
const ticketsPath = `/api/bookings/${BOOKING_NUMBER}/tickets`;

/** What the server's `qrcode` package makes: an SVG document. */
const qrSvg = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h${n}v1H0z" data-qr="${n}"/></svg>`;

function makeTickets(overrides: Partial<BookingTickets> = {}): BookingTickets {
  return {
    bookingNumber: BOOKING_NUMBER,
    concertTitle: '노을 밴드 전국투어',
    artist: '노을 밴드',
    concertDate: '2030-10-04',
    startTime: '19:00',
    endTime: '21:30',
    venueName: '올림픽공원 KSPO DOME',
    venueAddress: '서울특별시 송파구 올림픽로 424',
    bookingStatus: 'CONFIRMED',
    tickets: [
      {
        ticketId: 501,
        seatLabel: 'A구역 1열 5번',
        gradeName: '프리미엄',
        ticketTypeName: '일반',
        proofRequired: false,
        token: 'tok-1',
        qrSvg: qrSvg(1),
      },
      {
        ticketId: 502,
        seatLabel: 'A구역 1열 6번',
        gradeName: '프리미엄',
        ticketTypeName: '일반',
        proofRequired: false,
        token: 'tok-2',
        qrSvg: qrSvg(2),
      },
    ],
    ...overrides,
  };
}

function serveTickets(answer: () => Response) {
  server.use(http.get(ticketsPath, answer));
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/bookingDetail/:bookingNumber/tickets" element={<TicketsPage />} />
      <Route path="/bookingDetail/:bookingNumber" element={<p>예매 상세 화면</p>} />
    </Routes>,
    { session: users.user, route: `/bookingDetail/${BOOKING_NUMBER}/tickets` },
  );
}

function errorEnvelope(status: number, code: string, message: string) {
  return HttpResponse.json({ success: false, status, code, message }, { status });
}

describe('/bookingDetail/:bookingNumber/tickets', () => {
  it('shows one card per ticket with its QR code as an image', async () => {
    serveTickets(() => HttpResponse.json({ success: true, data: makeTickets() }));
    const { container } = renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: '노을 밴드 전국투어' }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: '모바일 티켓 2매' });
    // The swipeable strip is reachable by keyboard (one tab stop, scrolled with the arrows).
    expect(list).toHaveAttribute('tabindex', '0');
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);

    const [first, second] = cards;
    if (!first || !second) throw new Error('two cards expected');
    expect(first).toHaveAccessibleName('티켓 1 / 2');
    expect(second).toHaveAccessibleName('티켓 2 / 2');
    expect(within(first).getByTestId('ticket-position')).toHaveTextContent('1 / 2');
    expect(within(first).getByText('A구역 1열 5번')).toBeInTheDocument();
    expect(within(first).getByText('프리미엄')).toBeInTheDocument();
    expect(within(first).getByText(BOOKING_NUMBER)).toBeInTheDocument();
    expect(within(first).getByText('올림픽공원 KSPO DOME')).toBeInTheDocument();
    expect(within(first).getByText(/2030\.10\.04/)).toBeInTheDocument();
    expect(within(second).getByText('A구역 1열 6번')).toBeInTheDocument();

    const qr = within(first).getByRole('img', { name: 'A구역 1열 5번 입장 QR 코드' });
    expect(qr).toHaveAttribute('src', `data:image/svg+xml;utf8,${encodeURIComponent(qrSvg(1))}`);
    expect(within(second).getByRole('img', { name: 'A구역 1열 6번 입장 QR 코드' })).toHaveAttribute(
      'src',
      `data:image/svg+xml;utf8,${encodeURIComponent(qrSvg(2))}`,
    );
    // The server's SVG markup never becomes part of the page.
    expect(container.querySelector('[data-qr]')).toBeNull();
  });

  it('prints the 권종, and 현장에서 증빙 필요 where the type needs proof', async () => {
    const [holder, youth] = makeTickets().tickets as [Ticket, Ticket];
    serveTickets(() =>
      HttpResponse.json({
        success: true,
        data: makeTickets({
          tickets: [
            { ...holder, ticketTypeName: '장애인(심한)', proofRequired: true },
            { ...youth, ticketTypeName: '청소년', proofRequired: false },
          ],
        }),
      }),
    );
    renderPage();
    const [first, second] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('권종')).toBeVisible();
    expect(within(first).getByText('장애인(심한)')).toBeVisible();
    expect(within(first).getByText('현장에서 증빙 필요')).toBeVisible();
    expect(within(first).getByRole('img', { name: 'A구역 1열 5번 입장 QR 코드' })).toBeVisible();
    expect(within(second).getByText('권종')).toBeVisible();
    expect(within(second).getByText('청소년')).toBeVisible();
    expect(within(second).queryByText('현장에서 증빙 필요')).toBeNull();
    expect(within(second).getByRole('img', { name: 'A구역 1열 6번 입장 QR 코드' })).toBeVisible();
  });

  it('shows no 권종 row for a 일반 ticket', async () => {
    serveTickets(() => HttpResponse.json({ success: true, data: makeTickets() }));
    renderPage();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      expect(within(card).queryByText('권종')).toBeNull();
      expect(within(card).queryByText('일반')).toBeNull();
    }
  });

  it('leads back to the booking detail', async () => {
    const user = userEvent.setup();
    serveTickets(() => HttpResponse.json({ success: true, data: makeTickets() }));
    renderPage();
    const back = await screen.findByRole('link', { name: '예매 상세로' });
    expect(back).toHaveAttribute('href', `/bookingDetail/${BOOKING_NUMBER}`);
    await user.click(back);
    expect(await screen.findByText('예매 상세 화면')).toBeInTheDocument();
  });

  it('shows the server message for a 409 (cancelled booking)', async () => {
    serveTickets(() => errorEnvelope(409, 'T001', '취소된 예매는 티켓을 다운로드할 수 없습니다.'));
    renderPage();
    expect(
      await screen.findByText('취소된 예매는 티켓을 다운로드할 수 없습니다.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('says the booking is not found for a 404', async () => {
    serveTickets(() => errorEnvelope(404, 'B008', '요청한 예매 정보를 찾을 수 없습니다.'));
    renderPage();
    expect(await screen.findByText('예매 정보를 찾을 수 없습니다.')).toBeInTheDocument();
  });

  it('offers a retry after other failures', async () => {
    const user = userEvent.setup();
    let calls = 0;
    serveTickets(() => {
      calls += 1;
      return calls === 1
        ? errorEnvelope(500, 'C003', '서버에 오류가 발생했습니다.')
        : HttpResponse.json({ success: true, data: makeTickets() });
    });
    renderPage();
    expect(await screen.findByText('모바일 티켓을 불러오지 못했습니다.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  });
});
