import { concertDetailSchema, seatGradeSchema } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, takeFirstLoadData } from '@/lib/api-client';

/**
 * The detail as the page reads it: the contract's concert with its seat grades. A server that
 * leaves the grades out yields an empty list (the page says the prices are not announced yet)
 * rather than failing the whole page; no data at all is the page's empty state.
 */
export const concertDetailResponseSchema = concertDetailSchema
  .extend({ seatGrades: z.array(seatGradeSchema).default([]) })
  .nullish();
export type ConcertDetailResponse = z.infer<typeof concertDetailResponseSchema>;

/** `GET /concerts/{id}`: a concert in any status, with its grades dearest first. */
export function getConcert(concertId: number, signal?: AbortSignal) {
  return apiFetch(`/concerts/${concertId}`, concertDetailResponseSchema, { signal });
}

export function concertQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: ['concerts', 'detail', concertId] as const,
    queryFn: ({ signal }) => getConcert(concertId, signal),
    initialData: () =>
      takeFirstLoadData(`/concerts/${concertId}`, concertDetailResponseSchema) ?? undefined,
  });
}

export function useConcert(concertId: number) {
  return useQuery(concertQueryOptions(concertId));
}
