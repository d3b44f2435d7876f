import { promoMessages, sellerPromoCodeSchema } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch, apiRequest } from '@/lib/api-client';
import type { PromoCodeBody } from '../utils/promo-code-form';
import { concertPricingKey } from './pricing-query-keys';

/**
 * A concert's 할인 코드 for its seller (issue 27): `GET/POST /seller/concerts/{id}/promo-codes`,
 * `PUT/DELETE /seller/concerts/{id}/promo-codes/{codeId}`.
 */

const path = (concertId: number) => `/seller/concerts/${concertId}/promo-codes`;

/** `GET`: every code with the uses taken. */
export function getSellerPromoCodes(concertId: number, signal?: AbortSignal) {
  return apiFetch(path(concertId), z.array(sellerPromoCodeSchema), { signal });
}

export function sellerPromoCodesQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: concertPricingKey(concertId, 'promo-codes'),
    queryFn: ({ signal }) => getSellerPromoCodes(concertId, signal),
  });
}

export function useSellerPromoCodes(concertId: number) {
  return useQuery(sellerPromoCodesQueryOptions(concertId));
}

export async function createPromoCode(concertId: number, body: PromoCodeBody) {
  const { message } = await apiRequest(path(concertId), { method: 'POST', body });
  return message ?? promoMessages.created;
}

export async function updatePromoCode(concertId: number, codeId: number, body: PromoCodeBody) {
  const { message } = await apiRequest(`${path(concertId)}/${codeId}`, { method: 'PUT', body });
  return message ?? promoMessages.updated;
}

/** `DELETE`: bookings that used the code keep their discount. */
export async function deletePromoCode(concertId: number, codeId: number) {
  const { message } = await apiRequest(`${path(concertId)}/${codeId}`, { method: 'DELETE' });
  return message ?? promoMessages.deleted;
}
