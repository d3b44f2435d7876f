import { socialProvidersSchema, type SocialProviderStatus } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/** `GET /auth/social/providers`: which provider buttons work (credentials set on the server). */
export function getSocialProviders(signal?: AbortSignal): Promise<SocialProviderStatus[]> {
  return apiFetch('/auth/social/providers', socialProvidersSchema, { signal });
}

export function socialProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'social', 'providers'] as const,
    queryFn: ({ signal }) => getSocialProviders(signal),
    // Set by the server's environment: it changes only with a restart.
    staleTime: 5 * 60 * 1000,
  });
}

export function useSocialProviders() {
  return useQuery(socialProvidersQueryOptions());
}
