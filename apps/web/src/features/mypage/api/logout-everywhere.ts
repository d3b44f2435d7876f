import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /users/me/sessions/logout-all`: ends every session of the account, this browser's
 * included, and makes every browser forget it was used to log in (the device cookies).
 * Answers the server's Korean message.
 */
export async function logoutEverywhere(): Promise<string | undefined> {
  const result = await apiRequest('/users/me/sessions/logout-all', { method: 'POST' });
  return result.message;
}

export function useLogoutEverywhere() {
  return useMutation({ mutationFn: logoutEverywhere });
}
