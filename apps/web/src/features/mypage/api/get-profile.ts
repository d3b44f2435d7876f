import { profileSchema, type Profile } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const profileQueryKey = ['mypage', 'profile'] as const;

/** `GET /mypage/profile`: the caller's account, with the `id` the other my-page calls pass back. */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiFetch('/mypage/profile', profileSchema, { signal });
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile(signal),
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
