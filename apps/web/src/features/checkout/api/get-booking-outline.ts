import { bookingOutlineSchema } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /bookings/{bookingNumber}` (owner, api-contract.md §8.3): the failure page's title. */
export function getBookingOutline(bookingNumber: string, signal?: AbortSignal) {
  return apiFetch(`/bookings/${encodeURIComponent(bookingNumber)}`, bookingOutlineSchema, {
    signal,
  });
}

export function bookingOutlineQueryOptions(bookingNumber: string) {
  return queryOptions({
    queryKey: ['checkout', 'booking-outline', bookingNumber] as const,
    queryFn: ({ signal }) => getBookingOutline(bookingNumber, signal),
    // Only the title comes from here and the page shows the reason without it: no retries.
    retry: false,
  });
}

/** Loads only with a booking number; a failure just leaves the title out. */
export function useBookingOutline(bookingNumber: string | null) {
  return useQuery({
    ...bookingOutlineQueryOptions(bookingNumber ?? ''),
    enabled: bookingNumber !== null,
  });
}
