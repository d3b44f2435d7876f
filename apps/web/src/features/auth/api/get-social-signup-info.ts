import { socialSignupInfoSchema, type SocialSignupInfo } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /auth/register/social`: e-mail and name of the pending social sign-up. */
export function getSocialSignupInfo(signal?: AbortSignal): Promise<SocialSignupInfo> {
  return apiFetch('/auth/register/social', socialSignupInfoSchema, { signal });
}

export function socialSignupInfoQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'register', 'social'] as const,
    queryFn: ({ signal }) => getSocialSignupInfo(signal),
    // The pending sign-up expires on the server; always ask again when the page opens.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useSocialSignupInfo({ enabled }: { enabled: boolean }) {
  return useQuery({ ...socialSignupInfoQueryOptions(), enabled });
}
