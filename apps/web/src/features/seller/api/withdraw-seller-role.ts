import { sellerMessages } from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sellerStatusQueryKey } from './get-seller-status';

/** `DELETE /users/me/role`: gives up seller rights. Resolves to the server's message. */
export async function withdrawSellerRole(): Promise<string> {
  const { message } = await apiRequest('/users/me/role', { method: 'DELETE' });
  return message ?? sellerMessages.withdrawn;
}

/** Withdraws and reloads the status; the caller refreshes the session (the role is USER now). */
export function useWithdrawSellerRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawSellerRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sellerStatusQueryKey }),
  });
}
