import { concertSchema, type Concert } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

/** An inclusive range of concert dates ('YYYY-MM-DD'); either end may be left open. */
export interface ConcertDateRange {
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** `GET /concerts/filter`: public concerts inside the range, by date, not paged. */
export function filterConcerts(range: ConcertDateRange, signal?: AbortSignal): Promise<Concert[]> {
  return apiFetch('/concerts/filter', z.array(concertSchema), {
    params: { startDate: range.startDate, endDate: range.endDate },
    signal,
  });
}

export function filterConcertsQueryOptions(range: ConcertDateRange) {
  const key = { startDate: range.startDate ?? null, endDate: range.endDate ?? null };
  return queryOptions({
    queryKey: ['concerts', 'filter', key] as const,
    queryFn: ({ signal }) => filterConcerts(range, signal),
  });
}

/** Runs only when at least one end of the range is set. */
export function useConcertFilter(range: ConcertDateRange, { enabled = true } = {}) {
  return useQuery({
    ...filterConcertsQueryOptions(range),
    enabled: enabled && Boolean(range.startDate || range.endDate),
  });
}
