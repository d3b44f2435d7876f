import { accountMessages, type LoginBody } from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { currentUserQueryKey, getCurrentUser, type SessionUser } from './get-current-user';

/** `POST /auth/login` (form-encoded), then `GET /auth/me` for the user it started a session for. */
export async function login({ username, password }: LoginBody): Promise<SessionUser> {
  await apiRequest('/auth/login', {
    method: 'POST',
    body: new URLSearchParams({ username, password }),
  });
  const user = await getCurrentUser();
  if (!user) {
    // The server accepted the password but no session came back (e.g. a blocked cookie).
    throw new ApiError({ status: 401, code: 'A001', message: accountMessages.loginFailed });
  }
  return user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
