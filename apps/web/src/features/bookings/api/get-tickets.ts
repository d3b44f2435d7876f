import { bookingTicketsSchema } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { bookingsQueryRoot } from './get-booking-detail';

export function bookingTicketsQueryKey(bookingNumber: string) {
  return [...bookingsQueryRoot, 'tickets', bookingNumber] as const;
}

/**
 * `GET /bookings/{bookingNumber}/tickets` (owner; CONFIRMED or COMPLETED), product-rules.md §8:
 * one QR code per seat. A cancelled booking is 409 T001, an unpaid one 409 T002.
 */
export function getBookingTickets(bookingNumber: string, signal?: AbortSignal) {
  return apiFetch(`/bookings/${encodeURIComponent(bookingNumber)}/tickets`, bookingTicketsSchema, {
    signal,
  });
}

export function bookingTicketsQueryOptions(bookingNumber: string) {
  return queryOptions({
    queryKey: bookingTicketsQueryKey(bookingNumber),
    queryFn: ({ signal }) => getBookingTickets(bookingNumber, signal),
    // Tickets turn void when the booking is cancelled: never show a cached QR code as valid.
    staleTime: 0,
  });
}

export function useBookingTickets(bookingNumber: string) {
  return useQuery(bookingTicketsQueryOptions(bookingNumber));
}
