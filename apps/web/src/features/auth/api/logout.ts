import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { currentUserQueryKey } from './get-current-user';

/** `POST /auth/logout`: ends the server-side session. */
export async function logout(): Promise<void> {
  await apiRequest('/auth/logout', { method: 'POST' });
}

/** Logs out; the local user is cleared even when the call fails (buyer-side.md §4). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.setQueryData(currentUserQueryKey, null),
  });
}
