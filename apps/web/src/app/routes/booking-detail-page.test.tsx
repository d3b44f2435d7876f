import { priceRefund, type RefundQuoteWire } from '@curtaincall/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingDetailResponse } from '@/features/bookings/api/get-booking-detail';
import { formatConcertDate, formatTimeRange } from '@/lib/format';
import { users } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { BookingDetailPage } from './booking-detail-page';
import { TicketsPage } from './tickets-page';

const BOOKING_NUMBER = 'AB12CD34';
const detailPath = `/api/mypage/bookingDetail/${BOOKING_NUMBER}`;

function makeBookingDetail(overrides: Partial<BookingDetailResponse> = {}): BookingDetailResponse {
  return {
    bookingId: 31,
    bookingNumber: BOOKING_NUMBER,
    bookingStatus: 'CONFIRMED',
    paymentStatus: 'DONE',
    paymentMethod: 'CARD',
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
    seatList: ['A구역 1열 5번', 'A구역 1열 6번'],
    ...overrides,
  };
}

/** Serves the detail: each GET answers with the next of `answers` (the last one repeats). */
function serveDetail(...answers: (BookingDetailResponse | (() => Response))[]) {
  const calls = { count: 0 };
  server.use(
    http.get(detailPath, () => {
      const answer = answers[Math.min(calls.count, answers.length - 1)];
      calls.count += 1;
      if (typeof answer === 'function') return answer();
      return HttpResponse.json({ success: true, data: answer });
    }),
  );
  return calls;
}

function errorEnvelope(status: number, code: string, message: string) {
  return HttpResponse.json({ success: false, status, code, message }, { status });
}

/** Testing Library collapses the no-break spaces of the formatted dates into plain spaces. */
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/bookingDetail/:bookingNumber" element={<BookingDetailPage />} />
      <Route path="/bookingDetail/:bookingNumber/tickets" element={<TicketsPage />} />
      <Route path="/mypage/profile" element={<LocationProbe />} />
    </Routes>,
    { session: users.user, route: `/bookingDetail/${BOOKING_NUMBER}` },
  );
}

async function renderLoaded(...answers: (BookingDetailResponse | (() => Response))[]) {
  const calls = serveDetail(...(answers.length ? answers : [makeBookingDetail()]));
  const view = renderPage();
  await screen.findByRole('heading', { level: 1, name: '노을 밴드 전국투어' });
  return { ...view, calls };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'share');
});

describe('/bookingDetail/:bookingNumber', () => {
  it('shows every part of the booking', async () => {
    await renderLoaded();

    expect(screen.getByRole('link', { name: '예매 내역으로' })).toHaveAttribute(
      'href',
      '/mypage/profile?tab=bookings',
    );
    expect(screen.getByText(BOOKING_NUMBER)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '예매번호 복사' })).toBeInTheDocument();

    // Left card: poster (fallback image), title, artist, date, time range, status, time left.
    expect(screen.getByRole('img', { name: '노을 밴드 전국투어 포스터' })).toHaveAttribute(
      'src',
      '/images/basic-poster-image.png',
    );
    expect(screen.getByText('노을 밴드')).toBeInTheDocument();
    expect(screen.getByText(spaced(formatConcertDate('2030-10-04')))).toBeInTheDocument();
    expect(screen.getByText(spaced(formatTimeRange('19:00:00', '21:30:00')))).toBeInTheDocument();
    expect(screen.getByTestId('booking-status')).toHaveTextContent('예매 확정');
    expect(screen.getByTestId('time-left')).toHaveTextContent(/^\d+일 \d+시간 남음$/);
    expect(document.title).toBe('노을 밴드 전국투어 예매 상세 | 커튼콜');

    // Venue: a Naver Map search in a new tab; no phone number known, so no call.
    const venue = screen.getByRole('region', { name: '공연장 정보' });
    expect(within(venue).getByText('올림픽공원 KSPO DOME')).toBeInTheDocument();
    expect(within(venue).getByText('서울특별시 송파구 올림픽로 424')).toBeInTheDocument();
    const directions = within(venue).getByRole('link', { name: /길찾기/ });
    expect(directions).toHaveAttribute(
      'href',
      `https://map.naver.com/p/search/${encodeURIComponent('서울특별시 송파구 올림픽로 424')}`,
    );
    expect(directions).toHaveAttribute('target', '_blank');
    expect(directions).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(venue).getByRole('button', { name: '공연장 전화' })).toBeDisabled();

    // Seats with their count and a ticket label each.
    const seats = screen.getByRole('region', { name: /좌석 정보/ });
    expect(within(seats).getByTestId('seat-count')).toHaveTextContent('2매');
    const seatItems = within(seats).getAllByRole('listitem');
    expect(seatItems.map((item) => item.textContent)).toEqual([
      'A구역 1열 5번티켓 1',
      'A구역 1열 6번티켓 2',
    ]);

    // Payment.
    const payment = screen.getByRole('region', { name: '결제 정보' });
    expect(within(payment).getByText('결제 완료')).toBeInTheDocument();
    expect(within(payment).getByText('카드')).toBeInTheDocument();
    expect(within(payment).getByText('102,000원')).toBeInTheDocument();

    // Actions and the cancel deadline.
    const actions = screen.getByRole('region', { name: '예매 관리' });
    expect(within(actions).getByRole('button', { name: '티켓 다운로드' })).toBeEnabled();
    expect(within(actions).getByRole('link', { name: '모바일 티켓' })).toHaveAttribute(
      'href',
      `/bookingDetail/${BOOKING_NUMBER}/tickets`,
    );
    expect(within(actions).getByRole('button', { name: '공유하기' })).toBeEnabled();
    expect(within(actions).getByRole('button', { name: '예매 취소' })).toBeEnabled();
    expect(
      within(actions).getByText('2030.10.01 (화) 23:59까지 취소할 수 있습니다.'),
    ).toBeVisible();

    // Notices.
    const notices = screen.getByRole('region', { name: '유의사항' });
    expect(within(notices).getByText('예매 취소는 공연일 3일 전까지만 가능합니다.')).toBeVisible();
    expect(within(notices).getAllByRole('listitem')).toHaveLength(5);
  });

  it('shows a phone link when the venue has a number', async () => {
    await renderLoaded(makeBookingDetail({ venuePhone: '02-410-1114' }));
    expect(screen.getByRole('link', { name: '공연장 전화' })).toHaveAttribute(
      'href',
      'tel:024101114',
    );
  });

  it.each([
    ['PENDING', '결제 승인 대기', null, '결제 전'],
    ['CANCELED', '결제 취소 (환불 완료)', 'CARD', '카드'],
    ['PARTIAL_CANCELED', '부분 취소', 'EASY_PAY', '간편결제'],
    ['FAILED', '결제 실패', 'CARD', '카드'],
    ['EXPIRED', '결제 시간 만료', null, '결제 전'],
  ] as const)('labels payment %s as %s', async (paymentStatus, label, method, methodLabel) => {
    await renderLoaded(
      makeBookingDetail({
        bookingStatus: 'PENDING_PAYMENT',
        paymentStatus,
        paymentMethod: method,
      }),
    );
    const payment = screen.getByRole('region', { name: '결제 정보' });
    expect(within(payment).getByText(label)).toBeInTheDocument();
    expect(within(payment).getByText(methodLabel)).toBeInTheDocument();
  });

  it('shows a pending booking as 대기중 with no tickets, no time left and no cancel', async () => {
    await renderLoaded(
      makeBookingDetail({
        bookingStatus: 'PENDING_PAYMENT',
        paymentStatus: 'PENDING',
        paymentMethod: null,
      }),
    );
    expect(screen.getByTestId('booking-status')).toHaveTextContent('대기중');
    expect(screen.queryByTestId('time-left')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '티켓 다운로드' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '모바일 티켓' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: '예매 취소' })).not.toBeInTheDocument();
    expect(screen.getByText('결제가 완료되면 티켓을 이용할 수 있습니다.')).toBeVisible();
  });

  it('shows an attended booking as 관람 완료 with its tickets and no cancel', async () => {
    await renderLoaded(makeBookingDetail({ bookingStatus: 'COMPLETED' }));
    expect(screen.getByTestId('booking-status')).toHaveTextContent('관람 완료');
    expect(screen.queryByTestId('time-left')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '티켓 다운로드' })).toBeEnabled();
    expect(screen.getByRole('link', { name: '모바일 티켓' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '예매 취소' })).not.toBeInTheDocument();
  });

  it('refreshes the time left every 60 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
    // 2030-10-04 19:00 in Seoul is 10:00 UTC.
    vi.setSystemTime(new Date('2030-10-03T07:30:00Z'));
    await renderLoaded();
    expect(screen.getByTestId('time-left')).toHaveTextContent('1일 2시간 남음');

    vi.setSystemTime(new Date('2030-10-04T09:30:30Z'));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByTestId('time-left')).toHaveTextContent('28분 남음');
  });

  it('goes back to the bookings tab of my page', async () => {
    const user = userEvent.setup();
    await renderLoaded();
    await user.click(screen.getByRole('link', { name: '예매 내역으로' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/mypage/profile?tab=bookings');
  });

  it('opens the mobile tickets', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(`/api/bookings/${BOOKING_NUMBER}/tickets`, () =>
        errorEnvelope(409, 'T001', '취소된 예매는 티켓을 다운로드할 수 없습니다.'),
      ),
    );
    await renderLoaded();
    await user.click(screen.getByRole('link', { name: '모바일 티켓' }));
    expect(await screen.findByRole('link', { name: '예매 상세로' })).toBeInTheDocument();
  });

  describe('load failures', () => {
    it('shows the not-found screen for a 404, without the failure toast', async () => {
      serveDetail(() => errorEnvelope(404, 'B008', '요청한 예매 정보를 찾을 수 없습니다.'));
      renderPage();
      expect(
        await screen.findByRole('heading', { level: 1, name: '예매 정보를 찾을 수 없습니다.' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: /예매 내역/ })).toHaveAttribute(
        'href',
        '/mypage/profile?tab=bookings',
      );
      expect(screen.queryByText('예매 정보를 불러오는데 실패했습니다.')).not.toBeInTheDocument();
    });

    it('toasts other failures and offers a retry', async () => {
      const user = userEvent.setup();
      const calls = serveDetail(
        () => errorEnvelope(500, 'C003', '서버에 오류가 발생했습니다.'),
        makeBookingDetail(),
      );
      renderPage();
      await waitFor(() =>
        expect(screen.getAllByText('예매 정보를 불러오는데 실패했습니다.')).toHaveLength(2),
      );
      expect(screen.getByText('서버에 오류가 발생했습니다.')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: '다시 시도' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: '노을 밴드 전국투어' }),
      ).toBeInTheDocument();
      expect(calls.count).toBe(2);
    });
  });

  describe('copy', () => {
    it('copies the booking number and shows a tick', async () => {
      const user = userEvent.setup();
      await renderLoaded();
      await user.click(screen.getByRole('button', { name: '예매번호 복사' }));
      expect(await screen.findByText('예매번호가 복사되었습니다!')).toBeInTheDocument();
      await expect(navigator.clipboard.readText()).resolves.toBe(BOOKING_NUMBER);
    });

    it('says so when the clipboard refuses', async () => {
      const user = userEvent.setup();
      await renderLoaded();
      vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
      await user.click(screen.getByRole('button', { name: '예매번호 복사' }));
      expect(await screen.findByText('복사에 실패했습니다.')).toBeInTheDocument();
      expect(screen.queryByText('예매번호가 복사되었습니다!')).not.toBeInTheDocument();
    });
  });

  describe('share', () => {
    function stubShare(impl: () => Promise<void>) {
      const share = vi.fn<(data?: ShareData) => Promise<void>>(impl);
      Object.defineProperty(navigator, 'share', { value: share, configurable: true });
      return share;
    }

    it('opens the share sheet with the concert, date and page address', async () => {
      const user = userEvent.setup();
      const share = stubShare(() => Promise.resolve());
      await renderLoaded();
      await user.click(screen.getByRole('button', { name: '공유하기' }));
      expect(share).toHaveBeenCalledTimes(1);
      const data = share.mock.calls[0]?.[0];
      expect(data?.title).toBe('노을 밴드 전국투어');
      expect(data?.text).toContain('노을 밴드 전국투어 예매 완료!');
      expect(data?.text).toContain('올림픽공원 KSPO DOME');
      expect(data?.url).toBe(window.location.href);
    });

    it('ignores the user closing the share sheet', async () => {
      const user = userEvent.setup();
      const share = stubShare(() => Promise.reject(new DOMException('닫힘', 'AbortError')));
      await renderLoaded();
      await user.click(screen.getByRole('button', { name: '공유하기' }));
      await waitFor(() => expect(share).toHaveBeenCalled());
      await act(() => Promise.resolve());
      expect(screen.queryByText('공유에 실패했습니다.')).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('says so when sharing fails', async () => {
      const user = userEvent.setup();
      stubShare(() => Promise.reject(new DOMException('거부됨', 'NotAllowedError')));
      await renderLoaded();
      await user.click(screen.getByRole('button', { name: '공유하기' }));
      expect(await screen.findByText('공유에 실패했습니다.')).toBeInTheDocument();
    });

    it('copies the booking number where the device cannot share', async () => {
      const user = userEvent.setup();
      await renderLoaded();
      expect('share' in navigator).toBe(false);
      await user.click(screen.getByRole('button', { name: '공유하기' }));
      expect(await screen.findByText('예매번호가 복사되었습니다!')).toBeInTheDocument();
      await expect(navigator.clipboard.readText()).resolves.toBe(BOOKING_NUMBER);
    });
  });

  describe('cancel', () => {
    /** A cancel on the day of booking: both seats and their booking fees back (issue 27). */
    function sameDayQuote(): RefundQuoteWire {
      const refund = priceRefund({
        tickets: [
          { ticketId: 1, seatInfo: 'A-1-5', ticketPrice: 50_000, bookingFee: 1_000 },
          { ticketId: 2, seatInfo: 'A-1-6', ticketPrice: 50_000, bookingFee: 1_000 },
        ],
        bookedDate: '2030-09-20',
        cancelDate: '2030-09-20',
        concertDate: '2030-10-04',
        cutoffDaysBefore: 3,
        byOrganizer: false,
      });
      if (!refund) throw new Error('a same-day cancel 14 days ahead is cancellable');
      return {
        ...refund,
        bookingNumber: BOOKING_NUMBER,
        cancellable: true,
        reason: null,
        cutoffDaysBefore: 3,
        lastCancelDate: '2030-10-01',
        addedCompanionTicketIds: [],
        feeTable: [],
      };
    }

    function serveCancel(answer: () => Response) {
      const paths: string[] = [];
      const bodies: unknown[] = [];
      server.use(
        http.get(`/api/bookings/${BOOKING_NUMBER}/refund-quote`, () =>
          HttpResponse.json({ success: true, data: sameDayQuote() }),
        ),
        http.post('/api/bookings/:bookingId/cancel', async ({ request }) => {
          paths.push(new URL(request.url).pathname);
          bodies.push(await request.json());
          return answer();
        }),
      );
      return { paths, bodies };
    }

    /** Opens the dialog and waits for the server's quote, which 취소하기 needs. */
    async function openCancelDialog(user: ReturnType<typeof userEvent.setup>) {
      await user.click(screen.getByRole('button', { name: '예매 취소' }));
      const dialog = await screen.findByRole('dialog', { name: '예매 취소 확인' });
      await within(dialog).findByTestId('refund-total');
      return dialog;
    }

    it('돌아가기 closes the dialog without cancelling', async () => {
      const user = userEvent.setup();
      const { paths } = serveCancel(() => HttpResponse.json({ success: true }));
      await renderLoaded();
      const dialog = await openCancelDialog(user);
      expect(
        within(dialog).getByText('예매를 취소하시겠습니까? 취소 후에는 복구할 수 없습니다.'),
      ).toBeVisible();
      expect(within(dialog).getByText('A구역 1열 5번, A구역 1열 6번')).toBeVisible();
      expect(within(dialog).getByTestId('refund-total')).toHaveTextContent('102,000원');
      await user.click(within(dialog).getByRole('button', { name: '돌아가기' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(paths).toEqual([]);
    });

    it('취소하기 cancels by the numeric bookingId and reloads the booking', async () => {
      const user = userEvent.setup();
      const { paths, bodies } = serveCancel(() =>
        HttpResponse.json({ success: true, message: '예매가 성공적으로 취소되었습니다.' }),
      );
      const { calls } = await renderLoaded(
        makeBookingDetail(),
        makeBookingDetail({ bookingStatus: 'CANCELED', paymentStatus: 'CANCELED' }),
      );
      const dialog = await openCancelDialog(user);
      await user.click(within(dialog).getByRole('button', { name: '취소하기' }));

      expect(await screen.findByText('예매가 정상적으로 취소되었습니다.')).toBeInTheDocument();
      expect(paths).toEqual(['/api/bookings/31/cancel']);
      // The whole booking, for the refund the dialog showed.
      expect(bodies).toEqual([{ expectedRefund: 102_000 }]);
      await waitFor(() => expect(screen.getByTestId('booking-status')).toHaveTextContent('취소됨'));
      expect(calls.count).toBe(2);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByText('결제 취소 (환불 완료)')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: '예매 취소' })).not.toBeInTheDocument();
      expect(screen.queryByTestId('time-left')).not.toBeInTheDocument();
    });

    it('a 409 says it is cancelled already and marks the booking cancelled', async () => {
      const user = userEvent.setup();
      serveCancel(() => errorEnvelope(409, 'B009', '이미 취소된 예매입니다.'));
      const { calls } = await renderLoaded();
      const dialog = await openCancelDialog(user);
      await user.click(within(dialog).getByRole('button', { name: '취소하기' }));

      expect(await screen.findByText('이미 취소된 예매입니다.')).toBeInTheDocument();
      expect(screen.getByTestId('booking-status')).toHaveTextContent('취소됨');
      expect(screen.queryByRole('button', { name: '예매 취소' })).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(calls.count).toBe(1);
    });

    it('shows the server message for other refusals', async () => {
      const user = userEvent.setup();
      serveCancel(() =>
        errorEnvelope(403, 'B011', '예매 취소 가능 기간이 지났습니다. (공연 3일 전까지 취소 가능)'),
      );
      await renderLoaded();
      const dialog = await openCancelDialog(user);
      await user.click(within(dialog).getByRole('button', { name: '취소하기' }));
      expect(
        await screen.findByText('예매 취소 가능 기간이 지났습니다. (공연 3일 전까지 취소 가능)'),
      ).toBeInTheDocument();
      expect(screen.getByTestId('booking-status')).toHaveTextContent('예매 확정');
    });
  });

  describe('ticket download', () => {
    function capturePdfRequests() {
      const paths: string[] = [];
      server.events.on('request:start', ({ request }) => {
        const path = new URL(request.url).pathname;
        if (path.endsWith('.pdf')) paths.push(path);
      });
      return paths;
    }

    afterEach(() => {
      server.events.removeAllListeners();
    });

    it('refuses a cancelled booking without asking the server', async () => {
      const user = userEvent.setup();
      const paths = capturePdfRequests();
      await renderLoaded(
        makeBookingDetail({ bookingStatus: 'CANCELED', paymentStatus: 'CANCELED' }),
      );
      const button = screen.getByRole('button', { name: '티켓 다운로드' });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      await user.click(button);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        '취소된 예매는 티켓을 다운로드할 수 없습니다.',
      );
      expect(paths).toEqual([]);
    });

    it('downloads the PDF under the name the server gives', async () => {
      const user = userEvent.setup();
      const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]); // %PDF-
      server.use(
        http.get(`/api/bookings/${BOOKING_NUMBER}/tickets.pdf`, () =>
          HttpResponse.arrayBuffer(pdf.buffer, {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': `attachment; filename="curtaincall-${BOOKING_NUMBER}.pdf"`,
            },
          }),
        ),
      );
      const paths = capturePdfRequests();
      const blobs: Blob[] = [];
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        // The response's Blob comes from another realm than jsdom's, so no instanceof here.
        if ('size' in blob) blobs.push(blob);
        return 'blob:tickets';
      });
      const clicks: { href: string; download: string }[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        clicks.push({ href: this.getAttribute('href') ?? '', download: this.download });
      });

      await renderLoaded();
      await user.click(screen.getByRole('button', { name: '티켓 다운로드' }));

      expect(await screen.findByText('티켓 PDF를 다운로드했습니다.')).toBeInTheDocument();
      expect(paths).toEqual([`/api/bookings/${BOOKING_NUMBER}/tickets.pdf`]);
      expect(clicks).toEqual([
        { href: 'blob:tickets', download: `curtaincall-${BOOKING_NUMBER}.pdf` },
      ]);
      expect(blobs).toHaveLength(1);
      expect(blobs[0]?.type).toBe('application/pdf');
      expect(blobs[0]?.size).toBe(5);
      expect(document.querySelector('a[download]')).toBeNull();
    });

    it('shows the server message when the PDF cannot be made', async () => {
      const user = userEvent.setup();
      server.use(
        http.get(`/api/bookings/${BOOKING_NUMBER}/tickets.pdf`, () =>
          errorEnvelope(409, 'T001', '취소된 예매는 티켓을 다운로드할 수 없습니다.'),
        ),
      );
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
      await renderLoaded();
      await user.click(screen.getByRole('button', { name: '티켓 다운로드' }));
      expect(
        await screen.findByText('취소된 예매는 티켓을 다운로드할 수 없습니다.'),
      ).toBeInTheDocument();
      expect(click).not.toHaveBeenCalled();
    });
  });
});
