import { sellerTicketTypeSchema, ticketTypeMessages } from '@curtaincall/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, apiRequest } from '@/lib/api-client';
import type { TicketTypeBody } from '../utils/ticket-type-form';
import { concertPricingKey, pricingQueryKey } from './pricing-query-keys';

/**
 * A concert's 권종 for its seller (issue 27): `GET/POST /seller/concerts/{id}/ticket-types`,
 * `PUT/DELETE /seller/concerts/{id}/ticket-types/{typeId}`. The session says whose concert it
 * is; another seller's answers 403.
 */

const path = (concertId: number) => `/seller/concerts/${concertId}/ticket-types`;

/** `GET`: every type with its quota and what was sold of it. */
export function getSellerTicketTypes(concertId: number, signal?: AbortSignal) {
  return apiFetch(path(concertId), z.array(sellerTicketTypeSchema), { signal });
}

export function sellerTicketTypesQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: concertPricingKey(concertId, 'ticket-types'),
    queryFn: ({ signal }) => getSellerTicketTypes(concertId, signal),
  });
}

export function useSellerTicketTypes(concertId: number) {
  return useQuery(sellerTicketTypesQueryOptions(concertId));
}

/** `POST`: a new type; answers the server's sentence. */
export async function createTicketType(concertId: number, body: TicketTypeBody) {
  const { message } = await apiRequest(path(concertId), { method: 'POST', body });
  return message ?? ticketTypeMessages.created;
}

/** `PUT`: the type's terms replaced. */
export async function updateTicketType(concertId: number, typeId: number, body: TicketTypeBody) {
  const { message } = await apiRequest(`${path(concertId)}/${typeId}`, { method: 'PUT', body });
  return message ?? ticketTypeMessages.updated;
}

/** `DELETE`: no longer offered; seats already booked keep the price they were sold at. */
export async function deleteTicketType(concertId: number, typeId: number) {
  const { message } = await apiRequest(`${path(concertId)}/${typeId}`, { method: 'DELETE' });
  return message ?? ticketTypeMessages.deleted;
}

/** After a change: this concert's pricing reads (the buyers' list carries the types too). */
export function invalidateConcertPricing(queryClient: QueryClient, concertId: number) {
  return queryClient.invalidateQueries({ queryKey: [...pricingQueryKey, concertId] });
}
