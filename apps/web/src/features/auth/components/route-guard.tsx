import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { currentUserQueryKey } from '../api/get-current-user';
import { useSession } from '../hooks/use-session';
import { getAccessRedirect, getReturnPath, type AccessRule } from '../utils/access';

/**
 * Renders the nested routes when the viewer may open them, otherwise redirects. While the
 * session is still loading it shows a spinner, so nobody is bounced by a not-yet-known user.
 *
 * A role changes on the server at any moment (an admin approves or revokes a seller) and applies
 * at the user's next request, while the session read at start stays cached. So before turning a
 * logged-in viewer away from a page, the guard reads `/auth/me` once more for that navigation:
 * a newly approved seller opens the seller tools without reloading or logging in again.
 */
export function RouteGuard({ rule }: { rule: AccessRule }) {
  const { viewer, isLoading } = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [recheckedFor, setRecheckedFor] = useState<string | null>(null);
  const redirect = isLoading ? null : getAccessRedirect(rule, viewer);
  const mustRecheck =
    redirect !== null &&
    viewer !== 'anonymous' &&
    rule !== 'anonymous-only' &&
    recheckedFor !== location.key;

  useEffect(() => {
    if (!mustRecheck) return;
    let current = true;
    void queryClient.refetchQueries({ queryKey: currentUserQueryKey, exact: true }).finally(() => {
      if (current) setRecheckedFor(location.key);
    });
    return () => {
      current = false;
    };
  }, [mustRecheck, location.key, queryClient]);

  if (isLoading || mustRecheck) return <PageSpinner label="로그인 정보를 확인하는 중입니다" />;
  if (redirect) {
    // Someone who just logged in goes back to the page that asked them to.
    const target = rule === 'anonymous-only' ? getReturnPath(location.state) : redirect;
    // The 403 page names the page that was refused (its wording for the seller concert pages).
    const state = target === '/unauthorized' ? { from: location.pathname } : undefined;
    return <Navigate to={target} replace state={state} />;
  }
  return <Outlet />;
}
