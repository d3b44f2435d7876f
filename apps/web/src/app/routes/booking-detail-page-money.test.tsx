import {
  breakdownTotals,
  cancelFeeTable,
  cancelTierLabels,
  paymentMessages,
  priceRefund,
  refundMessages,
  type BookingMoney,
  type RefundQuoteWire,
} from '@curtaincall/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BookingDetailResponse } from '@/features/bookings/api/get-booking-detail';
import { formatPrice } from '@/lib/format';
import { users } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { BookingDetailPage } from './booking-detail-page';

const BOOKING_NUMBER = 'MN27PAY1';
const detailPath = `/api/mypage/bookingDetail/${BOOKING_NUMBER}`;
const quotePath = `/api/bookings/${BOOKING_NUMBER}/refund-quote`;

type MoneyTicket = BookingMoney['tickets'][number];

/** 장애인(심한) at half price with the code's 10 % off the rest, plus the fee. */
const holder: MoneyTicket = {
  ticketId: 501,
  seatInfo: 'A-1-5',
  gradeName: 'VIP석',
  gradePrice: 100_000,
  ticketTypeName: '장애인(심한)',
  typeDiscount: 50_000,
  codeDiscount: 5_000,
  ticketPrice: 45_000,
  bookingFee: 2_000,
  status: 'ACTIVE',
  proofRequired: true,
  companionOfTicketId: null,
};
/** The holder's companion, at the same discount. */
const companion: MoneyTicket = {
  ...holder,
  ticketId: 502,
  seatInfo: 'A-1-6',
  ticketTypeName: '장애인(심한) 동반자',
  proofRequired: false,
  companionOfTicketId: 501,
};

function makeMoney(overrides: Partial<BookingMoney> = {}): BookingMoney {
  return {
    tickets: [holder, companion],
    promoCode: 'FAN2030',
    refunds: [],
    refundedTotal: 0,
    cancelDeadlineDays: 5,
    receiptUrl: `/api/bookings/${BOOKING_NUMBER}/receipt.pdf`,
    ...overrides,
  };
}

function makeBooking(overrides: Partial<BookingDetailResponse> = {}): BookingDetailResponse {
  return {
    bookingId: 77,
    bookingNumber: BOOKING_NUMBER,
    bookingStatus: 'CONFIRMED',
    paymentStatus: 'DONE',
    paymentMethod: 'CARD',
    totalAmount: 94_000,
    bookedAt: '2030-09-01T10:00:00',
    concertTitle: '가을 오케스트라',
    artistName: '서울 필하모닉',
    concertDate: '2030-10-04',
    startTime: '19:30:00',
    endTime: '21:30:00',
    posterImageUrl: null,
    venueName: '예술의전당 콘서트홀',
    venueAddress: '서울특별시 서초구 남부순환로 2406',
    seatList: ['A구역 1열 5번', 'A구역 1열 6번'],
    money: makeMoney(),
    ...overrides,
  };
}

/** The server's quote for these tickets: 6 days before the show, 20 % of each ticket. */
function quoteFor(ticketIds: readonly number[], cancelDate = '2030-09-28'): RefundQuoteWire {
  const tickets = [holder, companion].filter((ticket) => ticketIds.includes(ticket.ticketId));
  const refund = priceRefund({
    tickets,
    bookedDate: '2030-09-01',
    cancelDate,
    concertDate: '2030-10-04',
    cutoffDaysBefore: 5,
    byOrganizer: false,
  });
  if (!refund) throw new Error(`no quote on ${cancelDate}`);
  return {
    ...refund,
    bookingNumber: BOOKING_NUMBER,
    cancellable: true,
    reason: null,
    cutoffDaysBefore: 5,
    lastCancelDate: '2030-09-29',
    addedCompanionTicketIds: [],
    feeTable: cancelFeeTable.map((row) => ({ ...row })),
  };
}

interface Served {
  /** `ticketIds` of every quote asked for ('' without them). */
  quotes: string[];
  cancels: { path: string; body: unknown }[];
  details: number;
}

function serve({
  detail = () => makeBooking(),
  quote = (ids: number[]) => quoteFor(ids),
  cancel = () => HttpResponse.json({ success: true, message: paymentMessages.partiallyCancelled }),
}: {
  detail?: () => BookingDetailResponse;
  quote?: (ids: number[]) => RefundQuoteWire;
  cancel?: () => Response;
} = {}): Served {
  const served: Served = { quotes: [], cancels: [], details: 0 };
  server.use(
    http.get(detailPath, () => {
      served.details += 1;
      return HttpResponse.json({ success: true, data: detail() });
    }),
    http.get(quotePath, ({ request }) => {
      const text = new URL(request.url).searchParams.get('ticketIds') ?? '';
      served.quotes.push(text);
      const ids = text ? text.split(',').map(Number) : [holder.ticketId, companion.ticketId];
      return HttpResponse.json({ success: true, data: quote(ids) });
    }),
    http.post('/api/bookings/:bookingId/cancel', async ({ request }) => {
      served.cancels.push({ path: new URL(request.url).pathname, body: await request.json() });
      return cancel();
    }),
  );
  return served;
}

async function renderLoaded() {
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route path="/bookingDetail/:bookingNumber" element={<BookingDetailPage />} />
    </Routes>,
    { session: users.user, route: `/bookingDetail/${BOOKING_NUMBER}` },
  );
  await screen.findByRole('heading', { level: 1, name: '가을 오케스트라' });
  return user;
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: '예매 취소' }));
  const dialog = await screen.findByRole('dialog', { name: '예매 취소 확인' });
  await within(dialog).findByTestId('refund-total');
  return dialog;
}

/** The value shown beside a term (`<dt>` then `<dd>`). */
function amountOf(container: HTMLElement, term: string): string {
  return within(container).getByText(term).nextElementSibling?.textContent ?? '';
}

describe('/bookingDetail/:bookingNumber with money (issue 27)', () => {
  it('shows each ticket as charged, the refunds, the 예매확인서 and the cut-off with the fee table', async () => {
    serve({
      detail: () =>
        makeBooking({
          paymentStatus: 'PARTIAL_CANCELED',
          seatList: ['A구역 1열 5번'],
          money: makeMoney({
            tickets: [holder, { ...companion, status: 'CANCELED' }],
            refunds: [
              {
                amount: 36_000,
                cancellationFee: 9_000,
                bookingFeeKept: 2_000,
                status: 'DONE',
                reason: '사용자 예매 취소',
                at: '2030-09-28T10:00:00',
                seatInfos: ['A-1-6'],
              },
              {
                amount: 1_000,
                cancellationFee: 0,
                bookingFeeKept: 0,
                status: 'REQUESTED',
                reason: '좌석 선점 해제 자동 환불',
                at: '2030-09-28T11:00:00',
                seatInfos: ['A-1-6'],
              },
            ],
            refundedTotal: 36_000,
          }),
        }),
    });
    await renderLoaded();

    const card = screen.getByRole('region', { name: /결제 상세/ });
    const tickets = within(card)
      .getAllByRole('listitem')
      .filter((item) => item.dataset.ticketMoney);
    expect(tickets).toHaveLength(2);
    const [first, second] = tickets as [HTMLElement, HTMLElement];
    expect(amountOf(first, '등급 가격')).toBe('VIP석 100,000원');
    expect(within(first).getByText('장애인(심한)')).toBeVisible();
    expect(within(first).getByText('현장에서 증빙 필요')).toBeVisible();
    expect(amountOf(first, '권종 할인')).toBe('-50,000원');
    expect(amountOf(first, '코드 할인 (FAN2030)')).toBe('-5,000원');
    expect(amountOf(first, '예매수수료')).toBe('2,000원');
    expect(amountOf(first, '결제 금액')).toBe('47,000원');
    expect(breakdownTotals([holder]).total).toBe(47_000);
    expect(within(first).queryByText('취소됨')).toBeNull();
    expect(within(second).getByText('취소됨')).toBeVisible();
    expect(within(second).getByText('A구역 1열 6번')).toBeVisible();

    const refunds = within(card).getByRole('region', { name: '환불 내역' });
    const [done, pending] = within(refunds)
      .getAllByRole('listitem')
      .filter((item) => item.dataset.refund) as [HTMLElement, HTMLElement];
    expect(within(done).getByText('환불 완료')).toBeVisible();
    expect(amountOf(done, '환불 금액')).toBe('36,000원');
    expect(amountOf(done, '취소수수료')).toBe('9,000원');
    expect(amountOf(done, '환불되지 않은 예매수수료')).toBe('2,000원');
    expect(done).toHaveTextContent('A구역 1열 6번');
    expect(within(pending).getByText('환불 처리 중')).toBeVisible();
    expect(amountOf(refunds, '환불 완료 금액')).toBe('36,000원');

    const receipt = within(card).getByRole('link', { name: '예매확인서' });
    expect(receipt).toHaveAttribute('href', `/api/bookings/${BOOKING_NUMBER}/receipt.pdf`);
    expect(receipt).toHaveAttribute('target', '_blank');
    expect(receipt).toHaveAccessibleDescription('새 창에서 PDF로 열립니다');

    const notices = screen.getByRole('region', { name: '유의사항' });
    expect(within(notices).getByText('공연 5일 전까지 취소 가능합니다.')).toBeVisible();
    expect(within(notices).queryByText('예매 취소는 공연일 3일 전까지만 가능합니다.')).toBeNull();
    const table = within(notices).getByRole('table', { name: '취소수수료 안내' });
    expect(within(table).getAllByRole('row')).toHaveLength(cancelFeeTable.length + 1);
    for (const row of cancelFeeTable) {
      expect(within(table).getByRole('rowheader', { name: row.when })).toBeInTheDocument();
    }

    // One seat is still booked: it can still be cancelled, by the seller's 5-day cut-off.
    const actions = screen.getByRole('region', { name: '예매 관리' });
    expect(within(actions).getByRole('button', { name: '예매 취소' })).toBeEnabled();
    expect(
      within(actions).getByText('2030.09.29 (일) 23:59까지 취소할 수 있습니다.'),
    ).toBeVisible();
  });

  it('quotes every seat on opening, and the companion with its holder; cancels the seat chosen for the refund shown', async () => {
    const served = serve();
    const user = await renderLoaded();
    const dialog = await openDialog(user);
    expect(served.quotes).toEqual(['501,502']);

    const holderBox = within(dialog).getByRole('checkbox', { name: 'A구역 1열 5번' });
    const companionBox = within(dialog).getByRole('checkbox', { name: 'A구역 1열 6번' });
    expect(holderBox).toBeChecked();
    // The holder's companion goes with it: checked, and not to be unchecked alone.
    expect(companionBox).toBeChecked();
    expect(companionBox).toBeDisabled();
    expect(companionBox).toHaveAccessibleDescription(
      expect.stringContaining('동반자 좌석도 함께 취소됩니다'),
    );

    const whole = quoteFor([501, 502]);
    const lines = within(dialog).getByRole('region', { name: '환불 안내' });
    expect(whole.tier).toBe('D6_3');
    expect(within(lines).getByText(cancelTierLabels.D6_3)).toBeVisible();
    expect(within(dialog).getByTestId('refund-total')).toHaveTextContent('72,000원');
    expect(whole.refundTotal).toBe(72_000);
    const [firstLine] = within(lines).getAllByRole('listitem') as [HTMLElement];
    expect(amountOf(firstLine, '결제 금액')).toBe('47,000원');
    expect(amountOf(firstLine, '취소수수료')).toBe('9,000원');
    expect(amountOf(firstLine, '예매수수료')).toBe('환불되지 않음');
    expect(amountOf(firstLine, '환불 금액')).toBe('36,000원');

    // The companion alone: a new quote for it.
    await user.click(holderBox);
    expect(companionBox).toBeEnabled();
    expect(companionBox).toBeChecked();
    await waitFor(() => expect(served.quotes).toEqual(['501,502', '502']));
    await waitFor(() =>
      expect(within(dialog).getByTestId('refund-total')).toHaveTextContent('36,000원'),
    );

    // Nothing chosen: no quote, no cancel.
    await user.click(companionBox);
    expect(within(dialog).getByText(paymentMessages.ticketIds)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: '취소하기' })).toBeDisabled();

    // Choosing the holder takes the companion along again.
    await user.click(holderBox);
    expect(companionBox).toBeChecked();
    expect(companionBox).toBeDisabled();
    await user.click(holderBox);
    await user.click(companionBox);
    await waitFor(() =>
      expect(within(dialog).getByTestId('refund-total')).toHaveTextContent('36,000원'),
    );
    const confirm = within(dialog).getByRole('button', { name: '취소하기' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);

    expect(await screen.findByText(paymentMessages.partiallyCancelled)).toBeInTheDocument();
    expect(served.cancels).toEqual([
      { path: '/api/bookings/77/cancel', body: { ticketIds: [502], expectedRefund: 36_000 } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(served.details).toBe(2));
  });

  it('sends the whole booking with its expected refund and the spec’s words when every seat goes', async () => {
    const served = serve({
      cancel: () =>
        HttpResponse.json({ success: true, message: '예매가 성공적으로 취소되었습니다.' }),
    });
    const user = await renderLoaded();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: '취소하기' }));
    expect(await screen.findByText('예매가 정상적으로 취소되었습니다.')).toBeInTheDocument();
    expect(served.cancels).toEqual([
      { path: '/api/bookings/77/cancel', body: { expectedRefund: 72_000 } },
    ]);
  });

  it('on 409 (the refund changed) says so, quotes again and cancels for the new figure', async () => {
    // 10 days before the show: 4,000원 a ticket; the next day (9 days before): 10 %.
    let cancelDate = '2030-09-24';
    let cancels = 0;
    const served = serve({
      quote: (ids) => quoteFor(ids, cancelDate),
      cancel: () => {
        cancels += 1;
        if (cancels > 1) {
          return HttpResponse.json({ success: true, message: '예매가 성공적으로 취소되었습니다.' });
        }
        // Midnight passed between the quote and the click.
        cancelDate = '2030-09-25';
        return HttpResponse.json(
          { success: false, status: 409, code: 'B016', message: paymentMessages.quoteChanged },
          { status: 409 },
        );
      },
    });
    const user = await renderLoaded();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: '취소하기' }));

    expect(await within(dialog).findByText(paymentMessages.quoteChanged)).toBeVisible();
    const earlier = quoteFor([501, 502], '2030-09-24');
    const later = quoteFor([501, 502], '2030-09-25');
    expect(later.refundTotal).not.toBe(earlier.refundTotal);
    await waitFor(() =>
      expect(within(dialog).getByTestId('refund-total')).toHaveTextContent(
        formatPrice(later.refundTotal),
      ),
    );
    expect(served.quotes).toEqual(['501,502', '501,502']);
    expect(later.tier).toBe('D9_7');
    expect(within(dialog).getByText(cancelTierLabels.D9_7)).toBeVisible();

    const confirm = within(dialog).getByRole('button', { name: '취소하기' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    expect(await screen.findByText('예매가 정상적으로 취소되었습니다.')).toBeInTheDocument();
    expect(served.cancels.map((cancel) => cancel.body)).toEqual([
      { expectedRefund: earlier.refundTotal },
      { expectedRefund: later.refundTotal },
    ]);
  });

  it('shows why a booking can no longer be cancelled, with 취소하기 disabled', async () => {
    const served = serve({
      quote: () => ({
        ...quoteFor([501, 502]),
        cancellable: false,
        reason: refundMessages.pastCutoff(5),
        tier: null,
        tierLabel: null,
        lines: [],
        refundTotal: 0,
      }),
    });
    const user = await renderLoaded();
    await user.click(screen.getByRole('button', { name: '예매 취소' }));
    const dialog = await screen.findByRole('dialog', { name: '예매 취소 확인' });
    expect(await within(dialog).findByText(refundMessages.pastCutoff(5))).toBeVisible();
    expect(within(dialog).queryByTestId('refund-total')).toBeNull();
    const confirm = within(dialog).getByRole('button', { name: '취소하기' });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(served.cancels).toEqual([]);
  });

  it('on 502 (the refund is not confirmed yet) says it will be retried and reloads the booking', async () => {
    const served = serve({
      cancel: () =>
        HttpResponse.json(
          { success: false, status: 502, code: 'M005', message: paymentMessages.refundPending },
          { status: 502 },
        ),
    });
    const user = await renderLoaded();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: '취소하기' }));
    expect(await screen.findByText(paymentMessages.refundPending)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(served.details).toBe(2));
  });
});
