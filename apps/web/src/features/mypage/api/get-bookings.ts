import { bookingSummarySchema, type BookingSummary } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

export function bookingsQueryKey(userId: number) {
  return ['mypage', 'bookings', userId] as const;
}

/** `GET /mypage/booking?userId=`: the caller's bookings, newest first as the server orders them. */
export function getBookings(userId: number, signal?: AbortSignal): Promise<BookingSummary[]> {
  return apiFetch('/mypage/booking', z.array(bookingSummarySchema), {
    params: { userId },
    signal,
  });
}

export function bookingsQueryOptions(userId: number) {
  return queryOptions({
    queryKey: bookingsQueryKey(userId),
    queryFn: ({ signal }) => getBookings(userId, signal),
    // A booking may have been cancelled on its detail page since: each visit of my page loads the
    // list anew (within one visit the tab's panel stays mounted, so it is loaded once).
    staleTime: 0,
  });
}

export function useBookings(userId: number) {
  return useQuery(bookingsQueryOptions(userId));
}
