import { concertSchema, limits, pageSchema } from '@curtaincall/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, takeFirstLoadData } from '@/lib/api-client';

/** A page of concerts; `first`, `last`, `numberOfElements` and `empty` may be absent (api-contract.md §1.6). */
export const concertPageSchema = pageSchema(concertSchema).partial({
  first: true,
  last: true,
  numberOfElements: true,
  empty: true,
});
export type ConcertPage = z.infer<typeof concertPageSchema>;

export interface GetConcertsParams {
  page?: number;
  size?: number;
  sortBy?: 'concertDate' | 'title' | 'artist' | 'createdAt';
  sortDir?: 'asc' | 'desc';
}

/** `GET /concerts`: public concerts, paged. */
export function getConcerts(params: GetConcertsParams, signal?: AbortSignal): Promise<ConcertPage> {
  return apiFetch('/concerts', concertPageSchema, { params: { ...params }, signal });
}

export function concertsQueryOptions(params: GetConcertsParams) {
  return queryOptions({
    queryKey: ['concerts', 'list', params] as const,
    queryFn: ({ signal }) => getConcerts(params, signal),
    initialData: () => takeFirstLoadData('/concerts', concertPageSchema, { ...params }),
    placeholderData: keepPreviousData,
  });
}

export function useConcerts(params: GetConcertsParams, { enabled = true } = {}) {
  return useQuery({ ...concertsQueryOptions(params), enabled });
}

/** The home page's featured concerts: the first page of 4 (buyer-side.md §7). */
export function useFeaturedConcerts() {
  return useConcerts({ page: 0, size: limits.homeFeaturedConcerts });
}
