import { sellerApplicationSchema, type SellerApplication } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** `GET /admin/sellers`: the ACCEPTED applications, which are the current sellers. */
export function getSellers(signal?: AbortSignal): Promise<SellerApplication[]> {
  return apiFetch('/admin/sellers', z.array(sellerApplicationSchema), { signal });
}

export function sellersQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.sellers,
    queryFn: ({ signal }) => getSellers(signal),
  });
}

export function useSellers() {
  return useQuery(sellersQueryOptions());
}
