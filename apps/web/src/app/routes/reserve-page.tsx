import { useMemo } from 'react';
import { useParams } from 'react-router';
import { usePaymentStep } from '@/features/checkout/hooks/use-payment-step';
import { useConcert } from '@/features/concerts/api/get-concert';
import { ConcertDetailMessage } from '@/features/concerts/components/concert-detail';
import { parseConcertId } from '@/features/concerts/utils/concert-id';
import { useAccessKeyLease } from '@/features/queue/hooks/use-access-key-lease';
import {
  SeatReservation,
  type SeatPageConcert,
} from '@/features/seats/components/seat-reservation';
import { formatConcertSchedule } from '@/lib/format';

function SeatPageForConcert({ concertId }: { concertId: number }) {
  // The admission slot (queue feature) lives exactly as long as this page.
  useAccessKeyLease(concertId);
  const { data } = useConcert(concertId);
  // 결제하기 books the held seats with the chosen method (checkout feature's picker in the
  // panel) and opens the payment window over this page, or goes to the 가상계좌 page.
  const { pay, checkoutWindow, renderPaymentStep } = usePaymentStep();
  const concert = useMemo<SeatPageConcert | undefined>(
    () =>
      data
        ? {
            title: data.title,
            schedule: formatConcertSchedule(data.concertDate, data.startTime),
            venueName: data.venueName,
            seatGrades: data.seatGrades,
            maxTicketsPerUser: data.maxTicketsPerUser,
          }
        : undefined,
    [data],
  );
  return (
    <>
      <SeatReservation
        concertId={concertId}
        concert={concert}
        onCheckout={pay}
        renderPaymentStep={renderPaymentStep}
      />
      {checkoutWindow}
    </>
  );
}

/**
 * /concerts/{concertId}/reserve: the seat page (seats feature) holding the queue's slot, paying
 * through the checkout feature.
 */
export function ReservePage() {
  const { concertId: rawId } = useParams();
  const parsed = parseConcertId(rawId);
  if (!parsed.ok) return <ConcertDetailMessage message={parsed.message} />;
  return <SeatPageForConcert key={parsed.concertId} concertId={parsed.concertId} />;
}
