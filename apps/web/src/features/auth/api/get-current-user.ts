import { currentUserSchema, roleSchema } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

/**
 * `GET /auth/me` as the client accepts it (bare user or null): the contract's user, whose role
 * may also arrive as a `roles` list (buyer-side.md §6, api-contract.md §2.2).
 */
export const sessionUserSchema = currentUserSchema.extend({
  role: roleSchema.optional(),
  roles: z.array(roleSchema).optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const currentUserQueryKey = ['auth', 'me'] as const;

/** The logged-in user, or null when anonymous. Throws on failure. */
export function getCurrentUser(signal?: AbortSignal): Promise<SessionUser | null> {
  return apiFetch('/auth/me', sessionUserSchema.nullable(), { signal });
}

/** The session query: a failed lookup means "not logged in" (buyer-side.md §4 Session). */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: async ({ signal }): Promise<SessionUser | null> => {
      try {
        return await getCurrentUser(signal);
      } catch {
        return null;
      }
    },
    staleTime: Infinity,
    retry: false,
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
