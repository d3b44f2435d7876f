import {
  errorMessages,
  paymentMethodMessages,
  priceRefund,
  type PaymentDetails,
  type RefundAccount,
  type RefundQuoteWire,
} from '@curtaincall/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BookingDetailResponse } from '@/features/bookings/api/get-booking-detail';
import { users } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { BookingDetailPage } from './booking-detail-page';

/**
 * The booking detail as the app composes it (issue 28): a 가상계좌 booking's cancel asks for the
 * 환불 계좌 with the refund-account feature's own form before it can be confirmed.
 */

const BOOKING_NUMBER = 'VA28PAGE';
const accountPath = '/api/users/me/refund-account';

const vaPayment: PaymentDetails = {
  method: 'VIRTUAL_ACCOUNT',
  methodLabel: '가상계좌(무통장입금)',
  detail: '우리은행 가상계좌',
  virtualAccount: null,
  cashReceipt: null,
  cultureExpense: false,
};

const registered: RefundAccount = {
  bankCode: '88',
  bankName: '신한은행',
  maskedNumber: '********6789',
  maskedHolder: '홍*동',
  updatedAt: '2030-09-20T10:00:00',
};

const booking: BookingDetailResponse = {
  bookingId: 128,
  bookingNumber: BOOKING_NUMBER,
  bookingStatus: 'CONFIRMED',
  paymentStatus: 'DONE',
  paymentMethod: 'VIRTUAL_ACCOUNT',
  totalAmount: 51_000,
  bookedAt: '2030-09-20T10:03:12',
  concertTitle: '겨울 재즈 나이트',
  artistName: '재즈 트리오',
  concertDate: '2030-10-04',
  startTime: '19:00:00',
  endTime: '21:00:00',
  posterImageUrl: null,
  venueName: '블루스퀘어',
  venueAddress: '서울특별시 용산구 이태원로 294',
  seatList: ['A구역 1열 5번'],
  payment: vaPayment,
};

function quote(): RefundQuoteWire {
  const refund = priceRefund({
    tickets: [{ ticketId: 1, seatInfo: 'A-1-5', ticketPrice: 50_000, bookingFee: 1_000 }],
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

/**
 * The server: the booking, its quote, the buyer's account (`account`, changed by PUT) and the
 * cancel, refused with 409 M007 while no account is stored, as the payments module does.
 */
function serve(initialAccount: RefundAccount | null) {
  const state = {
    account: initialAccount,
    puts: [] as unknown[],
    cancels: [] as unknown[],
  };
  server.use(
    http.get(`/api/mypage/bookingDetail/${BOOKING_NUMBER}`, () =>
      HttpResponse.json({ success: true, data: booking }),
    ),
    http.get(`/api/bookings/${BOOKING_NUMBER}/refund-quote`, () =>
      HttpResponse.json({ success: true, data: quote() }),
    ),
    http.get(accountPath, () => HttpResponse.json({ success: true, data: state.account })),
    http.put(accountPath, async ({ request }) => {
      state.puts.push(await request.json());
      state.account = registered;
      return HttpResponse.json({
        success: true,
        message: paymentMethodMessages.refundAccountSaved,
        data: registered,
      });
    }),
    http.post('/api/bookings/:bookingId/cancel', async ({ request }) => {
      state.cancels.push(await request.json());
      if (!state.account) {
        return HttpResponse.json(
          { success: false, status: 409, code: 'M007', message: errorMessages.M007 },
          { status: 409 },
        );
      }
      return HttpResponse.json({ success: true, message: '예매가 성공적으로 취소되었습니다.' });
    }),
  );
  return state;
}

async function openDialog() {
  const user = userEvent.setup();
  const view = renderWithProviders(
    <Routes>
      <Route path="/bookingDetail/:bookingNumber" element={<BookingDetailPage />} />
    </Routes>,
    { session: users.user, route: `/bookingDetail/${BOOKING_NUMBER}` },
  );
  await user.click(await screen.findByRole('button', { name: '예매 취소' }));
  const dialog = await screen.findByRole('dialog', { name: '예매 취소 확인' });
  await within(dialog).findByTestId('refund-total');
  return { ...view, user, dialog };
}

async function fillAccount(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.selectOptions(within(dialog).getByLabelText('은행'), '신한은행');
  await user.type(within(dialog).getByLabelText('계좌번호'), '110-123-456789');
  await user.type(within(dialog).getByLabelText('예금주'), '홍길동');
  await user.click(within(dialog).getByRole('button', { name: '저장' }));
}

describe('/bookingDetail/:bookingNumber, cancelling a 가상계좌 booking', () => {
  it('asks for the refund account first, then cancels', async () => {
    const state = serve(null);
    const { user, dialog } = await openDialog();

    const step = within(dialog).getByRole('region', { name: '환불받을 계좌' });
    expect(await within(step).findByLabelText('계좌번호')).toBeVisible();
    const confirm = within(dialog).getByRole('button', { name: '취소하기' });
    expect(confirm).toBeDisabled();

    await fillAccount(user, dialog);
    expect(await within(step).findByText('********6789')).toBeVisible();
    expect(within(step).queryByLabelText('계좌번호')).toBeNull();
    expect(state.puts).toEqual([{ bank: '88', accountNumber: '110123456789', holder: '홍길동' }]);
    await waitFor(() => expect(confirm).toBeEnabled());

    await user.click(confirm);
    expect(await screen.findByText('예매가 정상적으로 취소되었습니다.')).toBeInTheDocument();
    expect(state.cancels).toEqual([{ expectedRefund: 51_000 }]);
  });

  it('with an account registered, shows it masked and lets the cancel go at once', async () => {
    const state = serve(registered);
    const { user, dialog } = await openDialog();

    const step = within(dialog).getByRole('region', { name: '환불받을 계좌' });
    expect(await within(step).findByText('********6789')).toBeVisible();
    expect(within(step).getByText('홍*동')).toBeVisible();
    const confirm = within(dialog).getByRole('button', { name: '취소하기' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    expect(await screen.findByText('예매가 정상적으로 취소되었습니다.')).toBeInTheDocument();
    expect(state.cancels).toHaveLength(1);
    expect(state.puts).toEqual([]);
  });

  it('when the server says there is no account after all (409 M007), opens the form with its message', async () => {
    const state = serve(registered);
    const { user, dialog } = await openDialog();
    const step = within(dialog).getByRole('region', { name: '환불받을 계좌' });
    await within(step).findByText('********6789');
    // Removed on another device after this page loaded it.
    state.account = null;

    await user.click(within(dialog).getByRole('button', { name: '취소하기' }));
    expect(await within(step).findByRole('alert')).toHaveTextContent(errorMessages.M007);
    expect(within(step).getByLabelText('계좌번호')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: '취소하기' })).toBeDisabled();

    await fillAccount(user, dialog);
    await within(step).findByText('********6789');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: '취소하기' })).toBeEnabled(),
    );
    await user.click(within(dialog).getByRole('button', { name: '취소하기' }));
    expect(await screen.findByText('예매가 정상적으로 취소되었습니다.')).toBeInTheDocument();
    expect(state.cancels).toHaveLength(2);
  });
});
