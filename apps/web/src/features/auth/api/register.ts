import { accountMessages, type RegisterBody } from '@curtaincall/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface RegisterRequest {
  body: RegisterBody;
  profileImage: File | null;
}

/** `POST /auth/register` (multipart). Resolves to the server's success message. */
export async function register({ body, profileImage }: RegisterRequest): Promise<string> {
  const formData = new FormData();
  formData.set('email', body.email);
  formData.set('username', body.username);
  // A social sign-up sends the password fields empty; the server ignores them (api-contract.md §2.4).
  formData.set('password', body.password ?? '');
  formData.set('confirmPassword', body.confirmPassword ?? '');
  formData.set('name', body.name);
  formData.set('nickname', body.nickname);
  formData.set('phone', body.phone);
  formData.set('address', body.address);
  formData.set('isSocialUser', body.isSocialUser);
  if (profileImage) formData.set('profileImage', profileImage);

  const { message } = await apiRequest('/auth/register', { method: 'POST', body: formData });
  return message ?? accountMessages.registered;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
