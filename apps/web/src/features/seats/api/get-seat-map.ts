import { seatMapSchema } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /concerts/{id}/seat-map` (public): sections in seat order with grade, price and size. */
export function getSeatMap(concertId: number, signal?: AbortSignal) {
  return apiFetch(`/concerts/${concertId}/seat-map`, seatMapSchema, { signal });
}

export function seatMapQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: ['concerts', 'seat-map', concertId] as const,
    queryFn: ({ signal }) => getSeatMap(concertId, signal),
    // The layout of a venue does not change while someone picks seats.
    staleTime: Infinity,
  });
}

export function useSeatMap(concertId: number) {
  return useQuery(seatMapQueryOptions(concertId));
}
