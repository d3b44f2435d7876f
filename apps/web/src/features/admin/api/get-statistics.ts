import { adminStatisticsSchema, type AdminStatistics } from '@curtaincall/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** `GET /admin/statistics`: accounts, concerts by status and 30 days of paid bookings. */
export function getAdminStatistics(signal?: AbortSignal): Promise<AdminStatistics> {
  return apiFetch('/admin/statistics', adminStatisticsSchema, { signal });
}

export function useAdminStatistics() {
  return useQuery({
    queryKey: adminQueryKeys.statistics,
    queryFn: ({ signal }) => getAdminStatistics(signal),
  });
}
