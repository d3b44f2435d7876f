import { sellerMessages } from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

export type ApplicationDecision = { userId: number } & (
  { approve: true } | { approve: false; reason: string }
);

/**
 * `PATCH /admin/seller-requests/{userId}/process`: the path holds the applicant's user id;
 * approval sends `reason: null` (seller-admin-side.md §5).
 */
export async function decideApplication(decision: ApplicationDecision): Promise<string> {
  const body = decision.approve
    ? { approve: true, reason: null }
    : { approve: false, reason: decision.reason.trim() };
  const { message } = await apiRequest(`/admin/seller-requests/${decision.userId}/process`, {
    method: 'PATCH',
    body,
  });
  return message ?? (decision.approve ? sellerMessages.approved : sellerMessages.rejected);
}

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApplication,
    // A 409 means another admin decided first: the lists are stale either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}
