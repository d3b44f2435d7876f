import { refundQuoteSchema } from '@curtaincall/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { bookingsQueryRoot } from './get-booking-detail';

/** Every refund quote's key starts with this, so a changed quote can be fetched anew. */
export const refundQuotesQueryRoot = [...bookingsQueryRoot, 'refund-quote'] as const;

/**
 * `GET /bookings/{bookingNumber}/refund-quote?ticketIds=1,2` (owner): what cancelling these
 * tickets now refunds, per seat, by the server's clock; `ticketIds` null asks for every ticket
 * still active. The cancel that follows refunds exactly this, or answers 409 if it changed.
 */
export function getRefundQuote(
  bookingNumber: string,
  ticketIds: readonly number[] | null,
  signal?: AbortSignal,
) {
  return apiFetch(
    `/bookings/${encodeURIComponent(bookingNumber)}/refund-quote`,
    refundQuoteSchema,
    { params: ticketIds ? { ticketIds: ticketIds.join(',') } : undefined, signal },
  );
}

export function refundQuoteQueryOptions(
  bookingNumber: string,
  ticketIds: readonly number[] | null,
) {
  return queryOptions({
    queryKey: [...refundQuotesQueryRoot, bookingNumber, ticketIds?.join(',') ?? 'all'] as const,
    queryFn: ({ signal }) => getRefundQuote(bookingNumber, ticketIds, signal),
    // A quote is worth what the clock says now: fetched on every open and every change.
    staleTime: 0,
    gcTime: 0,
  });
}

/** While a new selection's quote loads, the last one stays on screen (marked as placeholder). */
export function useRefundQuote(
  bookingNumber: string,
  ticketIds: readonly number[] | null,
  isEnabled: boolean,
) {
  return useQuery({
    ...refundQuoteQueryOptions(bookingNumber, ticketIds),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}
