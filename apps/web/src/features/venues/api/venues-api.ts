import {
  venueDetailSchema,
  venueMessages,
  venueSummarySchema,
  type VenueDetail,
  type VenueLayout,
} from '@curtaincall/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { API_BASE, apiFetch, apiRequest, ApiError, invalidResponseMessage } from '@/lib/api-client';

/**
 * The seller's venues (issue 25, `/api/seller/venues`): saved layouts reused by concerts. The
 * session says whose venues they are; another seller's venue answers 403.
 */

export const venuesQueryKey = ['seller', 'venues'] as const;

/** `GET /seller/venues`: the seller's venues, without their layouts. */
export function getVenues(signal?: AbortSignal) {
  return apiFetch('/seller/venues', z.array(venueSummarySchema), { signal });
}

export function venuesQueryOptions() {
  return queryOptions({
    queryKey: [...venuesQueryKey, 'list'] as const,
    queryFn: ({ signal }) => getVenues(signal),
  });
}

export function useVenues(enabled = true) {
  return useQuery({ ...venuesQueryOptions(), enabled });
}

/** `GET /seller/venues/{id}`: one venue with its layout. */
export function getVenue(venueId: number, signal?: AbortSignal) {
  return apiFetch(`/seller/venues/${venueId}`, venueDetailSchema, { signal });
}

export function venueQueryOptions(venueId: number) {
  return queryOptions({
    queryKey: [...venuesQueryKey, 'detail', venueId] as const,
    queryFn: ({ signal }) => getVenue(venueId, signal),
    // A seller editing a venue must not have it replaced under them by a background refetch.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useVenue(venueId: number | null) {
  return useQuery({ ...venueQueryOptions(venueId ?? 0), enabled: venueId !== null });
}

/** What the venue page sends on 저장: the hall's name, address and the layout document. */
export interface VenueBody {
  name: string;
  address: string | null;
  layout: VenueLayout;
}

export interface SavedVenue {
  venue: VenueDetail;
  message: string;
}

async function saveVenue(
  path: string,
  method: 'POST' | 'PUT',
  body: VenueBody,
  fallbackMessage: string,
): Promise<SavedVenue> {
  const { data, message } = await apiRequest(path, { method, body });
  const parsed = venueDetailSchema.safeParse(data);
  if (!parsed.success) throw new ApiError({ status: 200, message: invalidResponseMessage });
  return { venue: parsed.data, message: message ?? fallbackMessage };
}

/** `POST /seller/venues`: 201 with the venue. */
export function createVenue(body: VenueBody) {
  return saveVenue('/seller/venues', 'POST', body, venueMessages.created);
}

/** `PUT /seller/venues/{id}`: the venue as saved (concerts made from it keep their own copy). */
export function updateVenue(venueId: number, body: VenueBody) {
  return saveVenue(`/seller/venues/${venueId}`, 'PUT', body, venueMessages.updated);
}

/** `DELETE /seller/venues/{id}`: the venue only; its concerts keep their copies. */
export async function deleteVenue(venueId: number): Promise<string> {
  const { message } = await apiRequest(`/seller/venues/${venueId}`, { method: 'DELETE' });
  return message ?? venueMessages.deleted;
}

/** `GET /seller/venues/{id}/layout?format=…`: the saved document as a download (a plain link). */
export function venueLayoutDownloadUrl(venueId: number, format: 'json' | 'csv'): string {
  return `${API_BASE}/seller/venues/${venueId}/layout?format=${format}`;
}

/** After a change: the list and every venue read, except one just answered by a save. */
export async function invalidateVenues(
  queryClient: QueryClient,
  { exceptVenueId }: { exceptVenueId?: number } = {},
): Promise<void> {
  const kept = exceptVenueId === undefined ? null : venueQueryOptions(exceptVenueId).queryKey;
  await queryClient.invalidateQueries({
    queryKey: venuesQueryKey,
    predicate: (query) => kept === null || JSON.stringify(query.queryKey) !== JSON.stringify(kept),
  });
}
