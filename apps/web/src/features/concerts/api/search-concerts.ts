import { concertSchema, type Concert } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

/** `GET /concerts/search?query=`: matches in title, artist or venue, not paged. */
export function searchConcerts(query: string, signal?: AbortSignal): Promise<Concert[]> {
  return apiFetch('/concerts/search', z.array(concertSchema), { params: { query }, signal });
}

export function searchConcertsQueryOptions(query: string) {
  return queryOptions({
    queryKey: ['concerts', 'search', query] as const,
    queryFn: ({ signal }) => searchConcerts(query, signal),
  });
}

/** Runs only for a non-blank keyword: a blank search is not allowed (buyer-side.md §5). */
export function useConcertSearch(query: string, { enabled = true } = {}) {
  const keyword = query.trim();
  return useQuery({
    ...searchConcertsQueryOptions(keyword),
    enabled: enabled && keyword.length > 0,
  });
}
