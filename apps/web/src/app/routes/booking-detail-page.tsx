import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { bookingDetailQueryOptions } from '@/features/bookings/api/get-booking-detail';
import { BookingDetail, BookingNotFound } from '@/features/bookings/components/booking-detail';
import { ConcertPoster } from '@/features/concerts/components/concert-poster';
import { RefundAccountStep } from '@/features/refund-account/components/refund-account-step';
import { formatDocumentTitle } from '../layouts/route-meta';

/** The concert's title in the browser tab once the booking is known. */
function BookingDocumentTitle({ bookingNumber }: { bookingNumber: string }) {
  const { data } = useQuery(bookingDetailQueryOptions(bookingNumber));
  const title = data?.concertTitle;
  useEffect(() => {
    if (title) document.title = formatDocumentTitle(`${title} 예매 상세`);
  }, [title]);
  return null;
}

/**
 * /bookingDetail/{bookingNumber} (signed in): the booking (bookings feature) with the concert
 * poster of the concerts feature, whose fallback image the whole site shares, and the 환불 계좌
 * step of the refund-account feature that a 가상계좌 booking's cancel asks first (issue 28).
 */
export function BookingDetailPage() {
  const bookingNumber = useParams().bookingNumber?.trim() ?? '';
  if (!bookingNumber) return <BookingNotFound />;
  return (
    <>
      <BookingDocumentTitle bookingNumber={bookingNumber} />
      <BookingDetail
        key={bookingNumber}
        bookingNumber={bookingNumber}
        Poster={ConcertPoster}
        RefundAccountStep={RefundAccountStep}
      />
    </>
  );
}
