import { sellerStatusSchema, type SellerStatus } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const sellerStatusQueryKey = ['seller', 'status'] as const;

/** `GET /users/me/seller-status`: the caller's role, application state and latest application. */
export function getSellerStatus(signal?: AbortSignal): Promise<SellerStatus> {
  return apiFetch('/users/me/seller-status', sellerStatusSchema, { signal });
}

export function sellerStatusQueryOptions() {
  return queryOptions({
    queryKey: sellerStatusQueryKey,
    queryFn: ({ signal }) => getSellerStatus(signal),
  });
}

export function useSellerStatus() {
  return useQuery(sellerStatusQueryOptions());
}
