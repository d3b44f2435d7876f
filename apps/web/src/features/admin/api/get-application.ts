import { sellerApplicationSchema, type SellerApplication } from '@curtaincall/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** `GET /admin/seller-requests/{applicationId}`: one application, whatever its state. */
export function getApplication(
  applicationId: number,
  signal?: AbortSignal,
): Promise<SellerApplication> {
  return apiFetch(`/admin/seller-requests/${applicationId}`, sellerApplicationSchema, { signal });
}

export function useApplication(applicationId: number | null) {
  return useQuery({
    queryKey: adminQueryKeys.application(applicationId ?? 0),
    queryFn: ({ signal }) => getApplication(applicationId ?? 0, signal),
    enabled: applicationId !== null && applicationId >= 1,
  });
}
