import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
  /** The profile's id; the server only compares it with the session user. */
  userId: number;
}

/**
 * `POST /mypage/changePwd` (form-urlencoded). The server ends every session of the user and
 * gives this browser a fresh one, so the caller stays logged in.
 */
export async function changePassword({
  currentPassword,
  newPassword,
  userId,
}: ChangePasswordRequest): Promise<void> {
  const body = new URLSearchParams({ currentPassword, newPassword, userId: String(userId) });
  await apiRequest('/mypage/changePwd', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
