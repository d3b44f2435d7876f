import { sellerDashboardSchema, type SellerDashboard } from '@curtaincall/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { sellerConcertsQueryKey } from './seller-concerts-api';

/** Under the seller concerts key: registering, editing or cancelling refreshes the home too. */
export const sellerDashboardQueryKey = [...sellerConcertsQueryKey, 'dashboard'] as const;

/** `GET /seller/dashboard`: today's sales and the concerts on sale and upcoming. */
export function getSellerDashboard(signal?: AbortSignal): Promise<SellerDashboard> {
  return apiFetch('/seller/dashboard', sellerDashboardSchema, { signal });
}

/** Sales move while the seller looks: asked again every minute while the tab is visible. */
export function useSellerDashboard(enabled: boolean) {
  return useQuery({
    queryKey: sellerDashboardQueryKey,
    queryFn: ({ signal }) => getSellerDashboard(signal),
    enabled,
    refetchInterval: 60_000,
  });
}
