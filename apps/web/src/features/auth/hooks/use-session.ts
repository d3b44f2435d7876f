import { useCurrentUser, type SessionUser } from '../api/get-current-user';
import { getViewer, type Viewer } from '../utils/access';

export interface Session {
  user: SessionUser | null;
  viewer: Viewer;
  /** True until the first `/auth/me` answer (or failure) arrives. */
  isLoading: boolean;
  isAuthenticated: boolean;
}

export function useSession(): Session {
  const { data, isPending } = useCurrentUser();
  const user = data ?? null;
  return { user, viewer: getViewer(user), isLoading: isPending, isAuthenticated: user !== null };
}
