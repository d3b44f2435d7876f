import { sellerApplicationSchema, type SellerApplication } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** `GET /admin/seller-requests`: the SUBMITTED applications, oldest first. */
export function getPendingApplications(signal?: AbortSignal): Promise<SellerApplication[]> {
  return apiFetch('/admin/seller-requests', z.array(sellerApplicationSchema), { signal });
}

export function pendingApplicationsQueryOptions() {
  return queryOptions({
    queryKey: adminQueryKeys.pending,
    queryFn: ({ signal }) => getPendingApplications(signal),
  });
}

export function usePendingApplications() {
  return useQuery(pendingApplicationsQueryOptions());
}
