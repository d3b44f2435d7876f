import {
  sellerConcertSchema,
  sellerShowPageSchema,
  sellerShowSchema,
  showMessages,
  type createPerformanceAddSchema,
  type createShowCreateSchema,
  type SellerConcert,
  type SellerShow,
  type ShowUpdate,
} from '@curtaincall/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, apiRequest, ApiError, invalidResponseMessage } from '@/lib/api-client';
import { refundProgressRefetchMs, sellerConcertsQueryKey } from './seller-concerts-api';

/**
 * A seller's shows (issue 26: one show, many performances). Every call carries `sellerId`, as
 * the seller concert calls do; the keys live under the concert lists' key, so whatever refreshes
 * those (`invalidateConcertViews`) refreshes these too.
 */

/** What `POST /seller/shows` takes, as sent (numbers may still be text the server reads). */
export type ShowCreateBody = z.input<ReturnType<typeof createShowCreateSchema>>;
export type PerformanceAddBody = z.input<ReturnType<typeof createPerformanceAddSchema>>;

export const sellerShowsQueryKey = [...sellerConcertsQueryKey, 'shows'] as const;

export interface SellerShowListParams {
  sellerId: number;
  page: number;
  size: number;
}

/** `GET /seller/shows`: the seller's shows, newest first, each with every performance. */
export function getSellerShows(params: SellerShowListParams, signal?: AbortSignal) {
  return apiFetch('/seller/shows', sellerShowPageSchema, { params: { ...params }, signal });
}

function hasRefundsInProgress(shows: readonly SellerShow[] | undefined): boolean {
  return (shows ?? []).some((show) => show.performances.some((p) => p.refundsPending > 0));
}

export function sellerShowsQueryOptions(params: SellerShowListParams) {
  return queryOptions({
    queryKey: [...sellerShowsQueryKey, 'page', params] as const,
    queryFn: ({ signal }) => getSellerShows(params, signal),
    placeholderData: keepPreviousData,
    // A cancelled performance's refunds are made by a job: the list follows them to the end.
    refetchInterval: (query) =>
      hasRefundsInProgress(query.state.data?.content) ? refundProgressRefetchMs : false,
  });
}

export function useSellerShows(params: SellerShowListParams, enabled: boolean) {
  return useQuery({ ...sellerShowsQueryOptions(params), enabled });
}

/** `GET /seller/shows/{showId}`: one show (the 공연 정보 수정 dialog's starting values). */
export function useSellerShow(sellerId: number, showId: number | null) {
  return useQuery({
    queryKey: [...sellerShowsQueryKey, 'detail', sellerId, showId] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/seller/shows/${showId ?? 0}`, sellerShowSchema, { params: { sellerId }, signal }),
    enabled: showId !== null,
  });
}

export interface SavedShow {
  show: SellerShow;
  message: string;
}

async function showCall(
  path: string,
  method: 'POST' | 'PUT',
  sellerId: number,
  body: unknown,
  fallbackMessage: string,
): Promise<SavedShow> {
  const { data, message } = await apiRequest(path, { method, params: { sellerId }, body });
  const parsed = sellerShowSchema.safeParse(data);
  if (!parsed.success) throw new ApiError({ status: 200, message: invalidResponseMessage });
  return { show: parsed.data, message: message ?? fallbackMessage };
}

/** `POST /seller/shows`: a show with all its performances in one request. */
export function createShow(sellerId: number, body: ShowCreateBody) {
  return showCall('/seller/shows', 'POST', sellerId, body, showMessages.created);
}

/** `PUT /seller/shows/{showId}`: the shared fields, written to every open performance. */
export function updateShow(sellerId: number, showId: number, body: ShowUpdate) {
  return showCall(`/seller/shows/${showId}`, 'PUT', sellerId, body, showMessages.updated);
}

/** `POST /seller/shows/{showId}/cancel`: every performance cancelled, every buyer refunded. */
export function cancelShow(sellerId: number, showId: number) {
  return showCall(`/seller/shows/${showId}/cancel`, 'POST', sellerId, {}, showMessages.cancelled);
}

/** `POST /seller/shows/{showId}/performances`: one more performance (회차 추가). */
export async function addPerformance(
  sellerId: number,
  showId: number,
  body: PerformanceAddBody,
): Promise<{ concert: SellerConcert; message: string }> {
  const { data, message } = await apiRequest(`/seller/shows/${showId}/performances`, {
    method: 'POST',
    params: { sellerId },
    body,
  });
  const parsed = sellerConcertSchema.safeParse(data);
  if (!parsed.success) throw new ApiError({ status: 200, message: invalidResponseMessage });
  return { concert: parsed.data, message: message ?? showMessages.performanceAdded };
}
