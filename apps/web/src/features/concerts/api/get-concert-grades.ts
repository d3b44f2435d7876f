import { concertGradeAvailabilitySchema } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

const concertGradesSchema = z.array(concertGradeAvailabilitySchema);

/**
 * `GET /concerts/{id}/grades` (public, issue 25): the concert's real grades in the seller's
 * order, each with its price and the places left (a quick-plan concert answers its three).
 */
export function getConcertGrades(concertId: number, signal?: AbortSignal) {
  return apiFetch(`/concerts/${concertId}/grades`, concertGradesSchema, { signal });
}

export function concertGradesQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: ['concerts', 'grades', concertId] as const,
    queryFn: ({ signal }) => getConcertGrades(concertId, signal),
    // The server caches it 2 s; a visitor reading the page sees counts at most that old.
    staleTime: 2_000,
    // The detail's own grades stand in meanwhile, so a failure costs only the counts.
    retry: 1,
  });
}

export function useConcertGrades(concertId: number) {
  return useQuery(concertGradesQueryOptions(concertId));
}
