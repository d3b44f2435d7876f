import { showPerformancesSchema } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * How often the detail page asks again while it is visible: remaining places move by the second
 * during a sale, and a buyer choosing a 회차 should not read numbers much older than this.
 */
export const performancePollMs = 5_000;

/**
 * `GET /concerts/{concertId}/performances` (issue 26): every performance of the concert's show
 * with its status and remaining places per grade (a plain concert answers with itself alone).
 */
export function getShowPerformances(concertId: number, signal?: AbortSignal) {
  return apiFetch(`/concerts/${concertId}/performances`, showPerformancesSchema, { signal });
}

/**
 * Keyed by the show, not the concert asked through: every performance of a show answers the same
 * list, so choosing another 회차 keeps the data (and the poll) instead of starting over.
 */
export function showPerformancesQueryOptions(concertId: number, showId: number) {
  return queryOptions({
    queryKey: ['concerts', 'show-performances', showId] as const,
    queryFn: ({ signal }) => getShowPerformances(concertId, signal),
    staleTime: 2_000,
    // TanStack Query skips an interval tick while the document is hidden
    // (refetchIntervalInBackground is off), and asks at once when the buyer comes back.
    refetchInterval: performancePollMs,
    refetchOnWindowFocus: true,
    retry: 1,
  });
}

/** The show's performances, polled while the page is visible; nothing without a show. */
export function useShowPerformances(concertId: number, showId: number | undefined) {
  return useQuery({
    ...showPerformancesQueryOptions(concertId, showId ?? 0),
    enabled: showId !== undefined,
  });
}
