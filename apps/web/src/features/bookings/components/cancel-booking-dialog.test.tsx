import {
  errorMessages,
  priceRefund,
  type PaymentDetails,
  type RefundQuoteWire,
} from '@curtaincall/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { users } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import type { BookingDetailResponse } from '../api/get-booking-detail';
import { BookingDetail } from './booking-detail';
import type { RefundAccountStepProps } from './cancel-booking-dialog';

const BOOKING_NUMBER = 'VA28CNCL';

const vaPayment: PaymentDetails = {
  method: 'VIRTUAL_ACCOUNT',
  methodLabel: '가상계좌(무통장입금)',
  detail: '우리은행 가상계좌',
  virtualAccount: null,
  cashReceipt: null,
  cultureExpense: false,
};

function makeBooking(overrides: Partial<BookingDetailResponse> = {}): BookingDetailResponse {
  return {
    bookingId: 28,
    bookingNumber: BOOKING_NUMBER,
    bookingStatus: 'CONFIRMED',
    paymentStatus: 'DONE',
    paymentMethod: 'CARD',
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
    ...overrides,
  };
}

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

/** Serves the booking and its quote; records the cancels and answers them with `answers` in turn. */
function serve(booking: BookingDetailResponse, ...answers: (() => Response)[]) {
  const cancels: unknown[] = [];
  server.use(
    http.get(`/api/mypage/bookingDetail/${BOOKING_NUMBER}`, () =>
      HttpResponse.json({ success: true, data: booking }),
    ),
    http.get(`/api/bookings/${BOOKING_NUMBER}/refund-quote`, () =>
      HttpResponse.json({ success: true, data: quote() }),
    ),
    http.post('/api/bookings/:bookingId/cancel', async ({ request }) => {
      const answer = answers[Math.min(cancels.length, answers.length - 1)];
      cancels.push(await request.json());
      return answer ? answer() : HttpResponse.json({ success: true });
    }),
  );
  return cancels;
}

const cancelled = () =>
  HttpResponse.json({ success: true, message: '예매가 성공적으로 취소되었습니다.' });
const accountMissing = () =>
  HttpResponse.json(
    { success: false, status: 409, code: 'M007', message: errorMessages.M007 },
    { status: 409 },
  );

/**
 * Stands in for the refund-account feature's step (the app layer's): shows the notice it is
 * given and says it has an account when '계좌 등록' is pressed.
 */
function FakeRefundAccountStep({ notice, onReadyChange }: RefundAccountStepProps) {
  return (
    <div data-testid="refund-account-step">
      {notice && <p data-testid="step-notice">{notice}</p>}
      <button type="button" onClick={() => onReadyChange(true)}>
        계좌 등록
      </button>
      <button type="button" onClick={() => onReadyChange(false)}>
        계좌 삭제
      </button>
    </div>
  );
}

function Poster({ title }: { title: string }) {
  return <span>{title} 포스터</span>;
}

async function openDialog(withStep = true) {
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route
        path="/bookingDetail/:bookingNumber"
        element={
          <BookingDetail
            bookingNumber={BOOKING_NUMBER}
            Poster={Poster}
            {...(withStep ? { RefundAccountStep: FakeRefundAccountStep } : {})}
          />
        }
      />
    </Routes>,
    { session: users.user, route: `/bookingDetail/${BOOKING_NUMBER}` },
  );
  await user.click(await screen.findByRole('button', { name: '예매 취소' }));
  const dialog = await screen.findByRole('dialog', { name: '예매 취소 확인' });
  await within(dialog).findByTestId('refund-total');
  return { user, dialog };
}

describe('CancelBookingDialog with the 환불 계좌 step (issue 28)', () => {
  it('asks a 가상계좌 buyer for the account first: 취소하기 waits for it', async () => {
    const cancels = serve(
      makeBooking({ paymentMethod: 'VIRTUAL_ACCOUNT', payment: vaPayment }),
      cancelled,
    );
    const { user, dialog } = await openDialog();

    expect(within(dialog).getByTestId('refund-account-step')).toBeVisible();
    const confirm = within(dialog).getByRole('button', { name: '취소하기' });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(cancels).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: '계좌 등록' }));
    expect(confirm).toBeEnabled();
    // The account gone again (deleted in the step): no cancel until there is one.
    await user.click(within(dialog).getByRole('button', { name: '계좌 삭제' }));
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: '계좌 등록' }));
    await user.click(confirm);

    expect(await screen.findByText('예매가 정상적으로 취소되었습니다.')).toBeInTheDocument();
    expect(cancels).toEqual([{ expectedRefund: 51_000 }]);
  });

  it("reads the method from the booking's payment details as well as paymentMethod", async () => {
    serve(makeBooking({ paymentMethod: null, payment: vaPayment }));
    const { dialog } = await openDialog();
    expect(within(dialog).getByTestId('refund-account-step')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: '취소하기' })).toBeDisabled();
  });

  it('on 409 M007 keeps the dialog open and hands the server message to the step', async () => {
    const cancels = serve(
      makeBooking({ paymentMethod: 'VIRTUAL_ACCOUNT', payment: vaPayment }),
      accountMissing,
      cancelled,
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: '계좌 등록' }));
    await user.click(within(dialog).getByRole('button', { name: '취소하기' }));

    expect(await within(dialog).findByTestId('step-notice')).toHaveTextContent(errorMessages.M007);
    expect(screen.getByRole('dialog', { name: '예매 취소 확인' })).toBeVisible();
    expect(screen.getByTestId('booking-status')).toHaveTextContent('예매 확정');

    // With the account registered meanwhile, the second confirm goes through.
    await user.click(within(dialog).getByRole('button', { name: '취소하기' }));
    expect(await screen.findByText('예매가 정상적으로 취소되었습니다.')).toBeInTheDocument();
    expect(cancels).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('leaves a card cancel as it was: no step, 취소하기 at once', async () => {
    const cancels = serve(
      makeBooking({
        paymentMethod: 'CARD',
        payment: {
          ...vaPayment,
          method: 'CARD',
          methodLabel: '신용·체크카드',
          detail: '신한카드 일시불',
        },
      }),
      cancelled,
    );
    const { user, dialog } = await openDialog();
    expect(within(dialog).queryByTestId('refund-account-step')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '취소하기' }));
    expect(await screen.findByText('예매가 정상적으로 취소되었습니다.')).toBeInTheDocument();
    expect(cancels).toEqual([{ expectedRefund: 51_000 }]);
  });

  it('leaves an easy-pay cancel as it was too', async () => {
    serve(makeBooking({ paymentMethod: 'EASY_PAY' }));
    const { dialog } = await openDialog();
    expect(within(dialog).queryByTestId('refund-account-step')).toBeNull();
    expect(within(dialog).getByRole('button', { name: '취소하기' })).toBeEnabled();
  });

  it('without a step handed in, says the server message for a 409 M007 in the dialog', async () => {
    serve(makeBooking({ paymentMethod: 'VIRTUAL_ACCOUNT', payment: vaPayment }), accountMissing);
    const { user, dialog } = await openDialog(false);
    await user.click(within(dialog).getByRole('button', { name: '취소하기' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(errorMessages.M007);
    expect(screen.getByRole('dialog', { name: '예매 취소 확인' })).toBeVisible();
  });
});
