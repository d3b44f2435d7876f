import {
  socialAccountsSchema,
  type SocialAccounts,
  type SocialProvider,
} from '@curtaincall/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiRequest } from '@/lib/api-client';

export const socialAccountsQueryKey = ['mypage', 'social-accounts'] as const;

/** `GET /mypage/social-accounts`: every provider, linked or not, and whether a password exists. */
export function getSocialAccounts(signal?: AbortSignal): Promise<SocialAccounts> {
  return apiFetch('/mypage/social-accounts', socialAccountsSchema, { signal });
}

export function socialAccountsQueryOptions() {
  return queryOptions({
    queryKey: socialAccountsQueryKey,
    queryFn: ({ signal }) => getSocialAccounts(signal),
  });
}

export function useSocialAccounts() {
  return useQuery(socialAccountsQueryOptions());
}

/** `DELETE /mypage/social-accounts/{provider}`; answers the server's Korean message. */
export async function unlinkSocialAccount(provider: SocialProvider): Promise<string | undefined> {
  const result = await apiRequest(`/mypage/social-accounts/${provider}`, { method: 'DELETE' });
  return result.message;
}

export function useUnlinkSocialAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkSocialAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: socialAccountsQueryKey }),
  });
}
