import { ticketTypeListSchema } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * `GET /concerts/{id}/ticket-types` (public): the concert's 권종 beyond 일반, with what is left
 * of each quota, and the booking fee per seat the panel prices with.
 */
export function getTicketTypes(concertId: number, signal?: AbortSignal) {
  return apiFetch(`/concerts/${concertId}/ticket-types`, ticketTypeListSchema, { signal });
}

export function ticketTypesQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: ['concerts', 'ticket-types', concertId] as const,
    queryFn: ({ signal }) => getTicketTypes(concertId, signal),
    // Quotas move while fans book: a minute-old '잔여 3매' is close enough, the server re-checks.
    staleTime: 60_000,
  });
}

export function useTicketTypes(concertId: number) {
  return useQuery(ticketTypesQueryOptions(concertId));
}
