import { bookingDetailSchema } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

/**
 * The detail as the page reads it: the contract's BookingDetail, plus a venue phone the server
 * may add later (the spec's venue card has a phone button; the contract has no number yet).
 */
export const bookingDetailResponseSchema = bookingDetailSchema.extend({
  venuePhone: z.string().nullish(),
});
export type BookingDetailResponse = z.infer<typeof bookingDetailResponseSchema>;

/** Every booking query starts with this, so one invalidation refreshes them all. */
export const bookingsQueryRoot = ['bookings'] as const;

export function bookingDetailQueryKey(bookingNumber: string) {
  return [...bookingsQueryRoot, 'detail', bookingNumber] as const;
}

/** `GET /mypage/bookingDetail/{bookingNumber}` (owner): 404 for unknown or someone else's. */
export function getBookingDetail(bookingNumber: string, signal?: AbortSignal) {
  return apiFetch(
    `/mypage/bookingDetail/${encodeURIComponent(bookingNumber)}`,
    bookingDetailResponseSchema,
    { signal },
  );
}

export function bookingDetailQueryOptions(bookingNumber: string) {
  return queryOptions({
    queryKey: bookingDetailQueryKey(bookingNumber),
    queryFn: ({ signal }) => getBookingDetail(bookingNumber, signal),
  });
}

export function useBookingDetail(bookingNumber: string) {
  return useQuery(bookingDetailQueryOptions(bookingNumber));
}
