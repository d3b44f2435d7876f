import { expectationSchema, pageSchema } from '@curtaincall/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

/** A page of expectations; `first`, `last`, `numberOfElements` and `empty` may be absent. */
export const expectationPageSchema = pageSchema(expectationSchema).partial({
  first: true,
  last: true,
  numberOfElements: true,
  empty: true,
});
export type ExpectationPage = z.infer<typeof expectationPageSchema>;

export interface GetExpectationsParams {
  page: number;
  size: number;
}

/** Every cached page of one concert's expectations, for invalidation after a change. */
export function expectationsQueryKey(concertId: number) {
  return ['community', 'expectations', concertId] as const;
}

/** `GET /concerts/{concertId}/expectations`: newest first. */
export function getExpectations(
  concertId: number,
  params: GetExpectationsParams,
  signal?: AbortSignal,
): Promise<ExpectationPage> {
  return apiFetch(`/concerts/${concertId}/expectations`, expectationPageSchema, {
    params: { ...params },
    signal,
  });
}

export function expectationsQueryOptions(concertId: number, params: GetExpectationsParams) {
  return queryOptions({
    queryKey: [...expectationsQueryKey(concertId), params] as const,
    queryFn: ({ signal }) => getExpectations(concertId, params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useExpectations(concertId: number, params: GetExpectationsParams) {
  return useQuery(expectationsQueryOptions(concertId, params));
}
