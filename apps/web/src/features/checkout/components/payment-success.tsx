import { formatSeatLabel, PROOF_AT_ENTRY, type BookingDetail } from '@curtaincall/contracts';
import { CircleCheck } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { getErrorMessage } from '@/lib/api-client';
import { formatConcertDate, formatPrice, formatTimeRange } from '@/lib/format';
import { usePaidBooking } from '../api/get-paid-booking';
import { PaymentResultFrame, ResultCard, ResultRow } from './payment-result-frame';

/** The spec's texts (buyer-side.md §8) and ours where it gives none (the headline). */
export const paymentSuccessTexts = {
  title: '결제가 완료되었습니다',
  description: '예매가 확정되었습니다. 예매 내역은 마이페이지에서 언제든 확인할 수 있어요.',
  missingNumber: '예매 번호가 전달되지 않았습니다.',
  loadFailed: '예매 정보를 불러오는 데 실패했습니다.',
  loading: '예매 정보를 불러오는 중입니다',
} as const;

const seatInfoPattern = /^[^-\s]+-\d+-\d+$/;

/**
 * The seats: the spec's list, or (issue 27) each ticket with its 권종 and, where the type needs
 * it, '현장에서 증빙 필요', so the buyer knows at once what to bring.
 */
function PaidSeats({ detail }: { detail: BookingDetail }) {
  const tickets = detail.money?.tickets.filter((ticket) => ticket.status === 'ACTIVE');
  if (!tickets) {
    return (
      <ul className="flex flex-col gap-0.5">
        {detail.seatList.map((seat) => (
          <li key={seat}>{seat}</li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="flex flex-col gap-1">
      {tickets.map((ticket) => (
        <li key={ticket.ticketId} className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span>
            {seatInfoPattern.test(ticket.seatInfo)
              ? formatSeatLabel(ticket.seatInfo)
              : ticket.seatInfo}{' '}
            · {ticket.ticketTypeName}
          </span>
          {ticket.proofRequired && (
            <span className="rounded-md bg-sky-400/15 px-1.5 py-0.5 text-xs font-semibold text-sky-100">
              {PROOF_AT_ENTRY}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function PaidBooking({ bookingNumber }: { bookingNumber: string }) {
  const booking = usePaidBooking(bookingNumber);
  if (booking.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={paymentSuccessTexts.loading} />
      </div>
    );
  }
  if (booking.isError) {
    return (
      <ErrorState
        title={paymentSuccessTexts.loadFailed}
        description={getErrorMessage(booking.error)}
        onRetry={() => void booking.refetch()}
        isRetrying={booking.isFetching}
        compact
      />
    );
  }
  const detail = booking.data;
  return (
    <ResultCard>
      <ResultRow label="예매 번호">
        <span className="font-mono tracking-wide">{detail.bookingNumber}</span>
      </ResultRow>
      <ResultRow label="공연">{detail.concertTitle}</ResultRow>
      <ResultRow label="일시">
        {formatConcertDate(detail.concertDate)} {formatTimeRange(detail.startTime, detail.endTime)}
      </ResultRow>
      <ResultRow label="좌석">
        <PaidSeats detail={detail} />
      </ResultRow>
      <ResultRow label="결제 금액">
        <span className="text-base font-extrabold text-white tabular-nums">
          {formatPrice(detail.totalAmount)}
        </span>
      </ResultRow>
    </ResultCard>
  );
}

/**
 * /payment/result/success (buyer-side.md §2 "Payment result pages"): where the server's
 * success callback lands, with `bookingNumber`; shows the booking just paid.
 */
export function PaymentSuccess({ bookingNumber }: { bookingNumber: string | null }) {
  return (
    <PaymentResultFrame
      tone="success"
      icon={CircleCheck}
      title={paymentSuccessTexts.title}
      description={paymentSuccessTexts.description}
    >
      {bookingNumber === null ? (
        <ErrorState title={paymentSuccessTexts.missingNumber} compact />
      ) : (
        <PaidBooking bookingNumber={bookingNumber} />
      )}
    </PaymentResultFrame>
  );
}
