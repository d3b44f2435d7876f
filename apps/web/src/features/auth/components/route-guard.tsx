import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '../hooks/use-session';
import { getAccessRedirect, getReturnPath, type AccessRule } from '../utils/access';

/**
 * Renders the nested routes when the viewer may open them, otherwise redirects. While the
 * session is still loading it shows a spinner, so nobody is bounced by a not-yet-known user.
 */
export function RouteGuard({ rule }: { rule: AccessRule }) {
  const { viewer, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageSpinner label="로그인 정보를 확인하는 중입니다" />;
  const redirect = getAccessRedirect(rule, viewer);
  if (redirect) {
    // Someone who just logged in goes back to the page that asked them to.
    const target = rule === 'anonymous-only' ? getReturnPath(location.state) : redirect;
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}
