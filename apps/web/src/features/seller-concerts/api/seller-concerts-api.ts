import {
  pageSchema,
  posterUploadMessages,
  sellerConcertMessages,
  sellerConcertSchema,
  type ConcertStatus,
  type SellerConcert,
} from '@curtaincall/contracts';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, apiRequest, ApiError, invalidResponseMessage } from '@/lib/api-client';

/**
 * The seller concert calls (api-contract.md §11.2-11.4; seller-admin-side.md §7). Every call
 * carries `sellerId` (the session user's id): the server compares it with the session and acts
 * as the session seller whatever it says.
 */

export const sellerConcertPageSchema = pageSchema(sellerConcertSchema);
export type SellerConcertPage = z.infer<typeof sellerConcertPageSchema>;

/** The poster upload's timeout (seller-admin-side.md §9). */
export const posterUploadTimeoutMs = 60_000;

export const sellerConcertsQueryKey = ['seller', 'concerts'] as const;

export interface SellerConcertListParams {
  sellerId: number;
  page: number;
  size: number;
}

/** `GET /seller/concerts`: every status, newest registration first (the list's default). */
export function getSellerConcerts(params: SellerConcertListParams, signal?: AbortSignal) {
  return apiFetch('/seller/concerts', sellerConcertPageSchema, {
    params: { ...params, sortBy: 'createdAt', sortDir: 'desc' },
    signal,
  });
}

/** `GET /seller/concerts/status`: one status, not paged (the page pages it). */
export function getSellerConcertsByStatus(
  sellerId: number,
  status: ConcertStatus,
  signal?: AbortSignal,
) {
  return apiFetch('/seller/concerts/status', z.array(sellerConcertSchema), {
    params: { sellerId, status },
    signal,
  });
}

/** How often a list with refunds in progress asks again, so the seller watches them finish. */
export const refundProgressRefetchMs = 3_000;

/** Whether any listed concert's cancellation still has refunds to make. */
export function refundsInProgress(concerts: readonly SellerConcert[] | undefined): boolean {
  return (concerts ?? []).some((concert) => concert.refundsPending > 0);
}

export function sellerConcertsQueryOptions(params: SellerConcertListParams) {
  return queryOptions({
    queryKey: [...sellerConcertsQueryKey, 'page', params] as const,
    queryFn: ({ signal }) => getSellerConcerts(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      refundsInProgress(query.state.data?.content) ? refundProgressRefetchMs : false,
  });
}

export function useSellerConcerts(params: SellerConcertListParams, enabled: boolean) {
  return useQuery({ ...sellerConcertsQueryOptions(params), enabled });
}

export function useSellerConcertsByStatus(
  sellerId: number,
  status: ConcertStatus | null,
  enabled: boolean,
) {
  return useQuery({
    queryKey: [...sellerConcertsQueryKey, 'status', sellerId, status] as const,
    queryFn: ({ signal }) => getSellerConcertsByStatus(sellerId, status ?? 'SCHEDULED', signal),
    enabled: enabled && status !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      refundsInProgress(query.state.data) ? refundProgressRefetchMs : false,
  });
}

/** What the form sends: every key (§11.2 "The form always sends every key"). */
export interface ConcertPayload {
  title: string;
  artist: string;
  description: string | null;
  venueName: string;
  venueAddress: string | null;
  concertDate: string;
  startTime: string;
  endTime: string;
  totalSeats: number;
  bookingStartDate: string;
  bookingEndDate: string;
  minAge: number;
  maxTicketsPerUser: number;
  posterImageUrl: string | null;
  status: ConcertStatus;
  /** Issue 27: sent only when the seller changed the cut-off (the spec's client sends none). */
  cancelDeadlineDays?: number;
}

/**
 * What the register form sends (issue 25): the spec's payload, or the same with a saved venue
 * (`venueId`, optional `gradePrices`) or an inline `seatLayout` in place of `totalSeats`.
 */
export type ConcertCreatePayload =
  | ConcertPayload
  | (Omit<ConcertPayload, 'totalSeats'> & {
      venueId: number;
      gradePrices?: Array<{ code: string; price: number }>;
    })
  | (Omit<ConcertPayload, 'totalSeats'> & { seatLayout: unknown });

export interface SavedConcert {
  concert: SellerConcert;
  message: string;
}

async function saveWith(
  path: string,
  method: 'POST' | 'PUT',
  sellerId: number,
  body: ConcertCreatePayload,
  fallbackMessage: string,
): Promise<SavedConcert> {
  const { data, message } = await apiRequest(path, { method, params: { sellerId }, body });
  const parsed = sellerConcertSchema.safeParse(data);
  if (!parsed.success) throw new ApiError({ status: 200, message: invalidResponseMessage });
  return { concert: parsed.data, message: message ?? fallbackMessage };
}

/** `POST /seller/concerts`: 201 '콘서트가 생성되었습니다.' with the concert. */
export function createConcert(sellerId: number, body: ConcertCreatePayload) {
  return saveWith('/seller/concerts', 'POST', sellerId, body, sellerConcertMessages.created);
}

/** `PUT /seller/concerts/{id}`: '콘서트가 수정되었습니다.' with the concert. */
export function updateConcert(sellerId: number, concertId: number, body: ConcertPayload) {
  return saveWith(
    `/seller/concerts/${concertId}`,
    'PUT',
    sellerId,
    body,
    sellerConcertMessages.updated,
  );
}

/** `DELETE /seller/concerts/{id}`: the soft cancel (refunds every paid booking). */
export async function cancelConcert(sellerId: number, concertId: number): Promise<SavedConcert> {
  const { data, message } = await apiRequest(`/seller/concerts/${concertId}`, {
    method: 'DELETE',
    params: { sellerId },
  });
  const parsed = sellerConcertSchema.safeParse(data);
  if (!parsed.success) throw new ApiError({ status: 200, message: invalidResponseMessage });
  return { concert: parsed.data, message: message ?? sellerConcertMessages.cancelled };
}

/** `POST /seller/concerts/{id}/ai-summary/regenerate`: the new summary and the server's note. */
export async function regenerateAiSummary(
  sellerId: number,
  concertId: number,
): Promise<{ summary: string; message: string | undefined }> {
  const { data, message } = await apiRequest(
    `/seller/concerts/${concertId}/ai-summary/regenerate`,
    {
      method: 'POST',
      params: { sellerId },
      body: {},
    },
  );
  // The client takes only a non-empty text as a success (§11.4).
  if (typeof data !== 'string' || data.trim() === '') {
    throw new ApiError({ status: 200, message: invalidResponseMessage });
  }
  return { summary: data, message };
}

/** `POST /upload/poster`: multipart `file`, `concertId` when editing, `timestamp`; the URL. */
export async function uploadPoster(
  file: File,
  options: { concertId?: number | undefined; now?: number } = {},
): Promise<string> {
  const form = new FormData();
  form.set('file', file);
  if (options.concertId !== undefined) form.set('concertId', String(options.concertId));
  form.set('timestamp', String(options.now ?? Date.now()));
  const { data } = await apiRequest('/upload/poster', {
    method: 'POST',
    body: form,
    timeoutMs: posterUploadTimeoutMs,
  });
  if (typeof data !== 'string' || !/^https?:\/\//.test(data)) {
    throw new ApiError({ status: 200, message: invalidResponseMessage });
  }
  return data;
}

/** `DELETE /upload/temp`: an upload the create form dropped (only its uploader may). */
export async function deleteTempPoster(sellerId: number, fileUrl: string): Promise<void> {
  await apiRequest('/upload/temp', { method: 'DELETE', params: { fileUrl, sellerId } });
}

/** `DELETE /upload/poster/specific`: an upload the edit form dropped. */
export async function deleteSpecificPoster(
  sellerId: number,
  concertId: number,
  fileUrl: string,
): Promise<void> {
  await apiRequest('/upload/poster/specific', {
    method: 'DELETE',
    params: { fileUrl, concertId, sellerId },
  });
}

/** `PATCH /upload/poster/{id}/restore`: the concert's poster back to the original URL. */
export async function restorePoster(
  sellerId: number,
  concertId: number,
  originalUrl: string,
): Promise<string> {
  const { message } = await apiRequest(`/upload/poster/${concertId}/restore`, {
    method: 'PATCH',
    params: { sellerId },
    body: { originalUrl },
  });
  return message ?? posterUploadMessages.restored;
}

/**
 * After a change to a concert: the seller's lists, and every public view of concerts (the
 * detail and its AI summary under ['concerts', 'detail' | 'ai-summary', id], the catalogue,
 * search and home lists), so the buyer side shows the new state at once.
 */
export async function invalidateConcertViews(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: sellerConcertsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['concerts'] }),
  ]);
}
