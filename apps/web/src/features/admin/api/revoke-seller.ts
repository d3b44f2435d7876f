import { sellerMessages } from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminQueryKeys } from './admin-query-keys';

/** `DELETE /admin/sellers/{userId}/role` with a JSON body `{reason}` (api-contract.md §12). */
export async function revokeSeller({
  userId,
  reason,
}: {
  userId: number;
  reason: string;
}): Promise<string> {
  const { message } = await apiRequest(`/admin/sellers/${userId}/role`, {
    method: 'DELETE',
    body: { reason: reason.trim() },
  });
  return message ?? sellerMessages.revoked;
}

export function useRevokeSeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSeller,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}
