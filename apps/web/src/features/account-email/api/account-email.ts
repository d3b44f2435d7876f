import {
  confirmEmailResultSchema,
  emailStatusSchema,
  mailOutboxSchema,
  type ConfirmEmailResult,
  type EmailStatus,
  type FindUsernameBody,
  type MailOutbox,
  type PasswordResetConfirmBody,
  type PasswordResetRequestBody,
} from '@curtaincall/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '@/lib/api-client';

/** The server's Korean answer to a "mail me" call (the same whether the account exists or not). */
async function postForMessage(path: string, body: object): Promise<string | undefined> {
  const result = await apiRequest(path, { method: 'POST', body });
  return result.message;
}

/** `POST /auth/find-username` (아이디 찾기). */
export function useFindUsername() {
  return useMutation({
    mutationFn: (body: FindUsernameBody) => postForMessage('/auth/find-username', body),
  });
}

/** `POST /auth/password-reset` (비밀번호 찾기). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequestBody) => postForMessage('/auth/password-reset', body),
  });
}

/** `POST /auth/password-reset/confirm`: the mailed link's token and the new password. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetConfirmBody) =>
      postForMessage('/auth/password-reset/confirm', body),
  });
}

export const emailStatusQueryKey = ['mypage', 'email-status'] as const;

/** `POST /auth/email-verification/confirm`: spends the link; the address is verified (or changed). */
export async function confirmEmail(
  token: string,
): Promise<{ result: ConfirmEmailResult; message: string | undefined }> {
  const { data, message } = await apiRequest('/auth/email-verification/confirm', {
    method: 'POST',
    body: { token },
  });
  return { result: confirmEmailResultSchema.parse(data), message };
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['mypage'] }),
  });
}

/** `GET /mypage/email-status`: the account's address and whether it is verified. */
export function getEmailStatus(signal?: AbortSignal): Promise<EmailStatus> {
  return apiFetch('/mypage/email-status', emailStatusSchema, { signal });
}

export function useEmailStatus() {
  return useQuery({
    queryKey: emailStatusQueryKey,
    queryFn: ({ signal }) => getEmailStatus(signal),
  });
}

/** `POST /auth/email-verification/resend`. */
export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postForMessage('/auth/email-verification/resend', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailStatusQueryKey }),
  });
}

/** `POST /mypage/email`: the new address gets a link; it replaces the old one once opened. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (email: string) => postForMessage('/mypage/email', { email }),
  });
}

/** `GET /admin/mail-outbox?to=`: kept mail, newest first. */
export function getMailOutbox(to: string, signal?: AbortSignal): Promise<MailOutbox> {
  return apiFetch('/admin/mail-outbox', mailOutboxSchema, {
    params: { to: to || undefined },
    signal,
  });
}

export function useMailOutbox(to: string) {
  return useQuery({
    queryKey: ['admin', 'mail-outbox', to] as const,
    queryFn: ({ signal }) => getMailOutbox(to, signal),
    placeholderData: keepPreviousData,
  });
}
