import { venueLayoutSchema } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

const concertLayoutSchema = venueLayoutSchema.nullable();

/**
 * `GET /concerts/{id}/layout` (public, issue 25): the drawn concert's layout document
 * (docs/venue-layout.md) with this concert's prices; null for a quick-plan concert.
 */
export function getConcertLayout(concertId: number, signal?: AbortSignal) {
  return apiFetch(`/concerts/${concertId}/layout`, concertLayoutSchema, { signal });
}

export function concertLayoutQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: ['concerts', 'layout', concertId] as const,
    queryFn: ({ signal }) => getConcertLayout(concertId, signal),
    // Seats and zones do not move while someone picks seats; live states come from the status.
    staleTime: Infinity,
  });
}

/** Asked only for a drawn concert (the seat map's `hasLayout`). */
export function useConcertLayout(concertId: number, isEnabled: boolean) {
  return useQuery({ ...concertLayoutQueryOptions(concertId), enabled: isEnabled });
}
