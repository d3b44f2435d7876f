import { concertGradeAvailabilitySchema } from '@curtaincall/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

const gradeAvailabilitySchema = z.array(concertGradeAvailabilitySchema);

/**
 * `GET /concerts/{id}/grades` (public, cached 2 s by the server): each grade's price and the
 * places left, for the seat page's legend.
 */
export function getGradeAvailability(concertId: number, signal?: AbortSignal) {
  return apiFetch(`/concerts/${concertId}/grades`, gradeAvailabilitySchema, { signal });
}

export function gradeAvailabilityQueryKey(concertId: number) {
  return ['seats', 'grades', concertId] as const;
}

export function gradeAvailabilityQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: gradeAvailabilityQueryKey(concertId),
    queryFn: ({ signal }) => getGradeAvailability(concertId, signal),
    // Live counts: refreshed after long-poll answers (at most every 2 s, as the server caches).
    staleTime: 0,
  });
}

export function useGradeAvailability(concertId: number, isEnabled: boolean) {
  return useQuery({ ...gradeAvailabilityQueryOptions(concertId), enabled: isEnabled });
}

export function refreshGradeAvailability(queryClient: QueryClient, concertId: number) {
  return queryClient.invalidateQueries({ queryKey: gradeAvailabilityQueryKey(concertId) });
}
