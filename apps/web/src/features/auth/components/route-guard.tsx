import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '../hooks/use-session';
import { getAccessRedirect, type AccessRule } from '../utils/access';

/**
 * Renders the nested routes when the viewer may open them, otherwise redirects. While the
 * session is still loading it shows a spinner, so nobody is bounced by a not-yet-known user.
 */
export function RouteGuard({ rule }: { rule: AccessRule }) {
  const { viewer, isLoading } = useSession();
  if (isLoading) return <PageSpinner label="로그인 정보를 확인하는 중입니다" />;
  const redirect = getAccessRedirect(rule, viewer);
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}
