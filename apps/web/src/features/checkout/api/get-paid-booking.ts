import { bookingDetailSchema } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * `GET /mypage/bookingDetail/{bookingNumber}` (owner, api-contract.md §9): what the success
 * page shows of the booking just paid.
 */
export function getPaidBooking(bookingNumber: string, signal?: AbortSignal) {
  return apiFetch(
    `/mypage/bookingDetail/${encodeURIComponent(bookingNumber)}`,
    bookingDetailSchema,
    { signal },
  );
}

export function paidBookingQueryOptions(bookingNumber: string) {
  return queryOptions({
    queryKey: ['checkout', 'paid-booking', bookingNumber] as const,
    queryFn: ({ signal }) => getPaidBooking(bookingNumber, signal),
  });
}

/** Loads only with a booking number. */
export function usePaidBooking(bookingNumber: string | null) {
  return useQuery({
    ...paidBookingQueryOptions(bookingNumber ?? ''),
    enabled: bookingNumber !== null,
  });
}
