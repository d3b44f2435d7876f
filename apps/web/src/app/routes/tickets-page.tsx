import { useParams } from 'react-router';
import { BookingNotFound } from '@/features/bookings/components/booking-detail';
import { TicketWallet } from '@/features/bookings/components/ticket-wallet';

/** /bookingDetail/{bookingNumber}/tickets (signed in): the mobile tickets of one booking. */
export function TicketsPage() {
  const bookingNumber = useParams().bookingNumber?.trim() ?? '';
  if (!bookingNumber) return <BookingNotFound />;
  return <TicketWallet key={bookingNumber} bookingNumber={bookingNumber} />;
}
