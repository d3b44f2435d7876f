import { Headphones, Home, LogIn, Music, ShieldAlert, ShieldCheck, Store } from 'lucide-react';
import { useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { ShortcutCard, ShortcutGrid, StatusScreen } from '@/components/ui/status-screen';
import { useSession } from '@/features/auth/hooks/use-session';
import type { Viewer } from '@/features/auth/utils/access';
import { sellerConcertTexts } from '@/features/seller-concerts/utils/seller-concert-texts';
import { supportPhone } from '../layouts/site-footer';

/** What the 403 page tells each kind of viewer (seller-admin-side.md §2 "403 page"). */
export const unauthorizedMessages: Record<Viewer, string> = {
  anonymous: '로그인이 필요한 페이지입니다. 로그인한 뒤 다시 시도해주세요.',
  user: '판매자 또는 관리자 권한이 있어야 이용할 수 있는 페이지입니다. 판매자 권한은 판매자 페이지에서 신청할 수 있습니다.',
  seller: '판매자 계정으로는 이용할 수 없는 페이지입니다. 관리자 권한이 필요합니다.',
  admin: '관리자 계정으로는 판매자 기능을 이용할 수 없습니다. 관리자 페이지를 이용해주세요.',
};

/**
 * The seller concert pages' own words for a visitor without a session (seller-admin-side.md §2),
 * by the path the route guard refused.
 */
const signInRequiredMessages: Record<string, string> = {
  '/seller/concerts/register': sellerConcertTexts.registerSignInRequired,
  '/seller/concerts/manage': sellerConcertTexts.manageSignInRequired,
};

function refusedPath(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  return typeof state.from === 'string' ? state.from : null;
}

export function UnauthorizedPage() {
  const { viewer, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  const from = refusedPath(location.state);
  const message =
    (viewer === 'anonymous' && from !== null && signInRequiredMessages[from]) ||
    unauthorizedMessages[viewer];

  return (
    <StatusScreen
      code="403"
      icon={ShieldAlert}
      title="접근 권한이 없습니다"
      description={
        <>
          <p>{message}</p>
          <p className="mt-4 inline-flex items-center gap-1.5 rounded-full bg-surface-900 px-4 py-1.5 text-sm text-zinc-400">
            <Headphones className="size-4" aria-hidden />
            문의가 필요하시면 고객센터 <strong className="text-zinc-100">{supportPhone}</strong>
          </p>
        </>
      }
    >
      <ShortcutGrid>
        <ShortcutCard to="/" icon={Home} title="홈" description="커튼콜 메인으로 이동합니다" />
        {viewer === 'admin' && (
          <ShortcutCard
            to="/admin"
            icon={ShieldCheck}
            title="관리자 페이지"
            description="판매자 신청과 이력을 관리합니다"
          />
        )}
        {viewer === 'seller' && (
          <ShortcutCard
            to="/seller"
            icon={Store}
            title="판매자 페이지"
            description="내 공연을 등록하고 관리합니다"
          />
        )}
        {viewer === 'anonymous' && (
          <ShortcutCard
            to="/login"
            icon={LogIn}
            title="로그인"
            description="로그인하고 모든 기능을 이용하세요"
          />
        )}
        <ShortcutCard
          to="/concerts"
          icon={Music}
          title="콘서트"
          description="예매 가능한 공연을 둘러보세요"
        />
      </ShortcutGrid>
    </StatusScreen>
  );
}
