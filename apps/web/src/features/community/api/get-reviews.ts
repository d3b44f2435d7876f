import { pageSchema, reviewSchema, type reviewSortKeys } from '@curtaincall/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

/** A page of reviews; `first`, `last`, `numberOfElements` and `empty` may be absent. */
export const reviewPageSchema = pageSchema(reviewSchema).partial({
  first: true,
  last: true,
  numberOfElements: true,
  empty: true,
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

export type ReviewSortKey = (typeof reviewSortKeys)[number];

export interface GetReviewsParams {
  page: number;
  size: number;
  sortBy: ReviewSortKey;
  sortDir: 'asc' | 'desc';
  /** Only 예매자 관람평 (issue 23); left out of the request when false. */
  verifiedOnly?: boolean;
}

/** Every cached page of one concert's reviews, for invalidation after a change. */
export function reviewsQueryKey(concertId: number) {
  return ['community', 'reviews', concertId] as const;
}

/** `GET /concerts/reviews/{concertId}`: note the path order differs from the other calls. */
export function getReviews(
  concertId: number,
  params: GetReviewsParams,
  signal?: AbortSignal,
): Promise<ReviewPage> {
  const { verifiedOnly, ...rest } = params;
  return apiFetch(`/concerts/reviews/${concertId}`, reviewPageSchema, {
    params: { ...rest, verifiedOnly: verifiedOnly ? 'true' : undefined },
    signal,
  });
}

export function reviewsQueryOptions(concertId: number, params: GetReviewsParams) {
  return queryOptions({
    queryKey: [...reviewsQueryKey(concertId), params] as const,
    queryFn: ({ signal }) => getReviews(concertId, params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useReviews(concertId: number, params: GetReviewsParams) {
  return useQuery(reviewsQueryOptions(concertId, params));
}
