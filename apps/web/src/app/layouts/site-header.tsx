import { clsx } from 'clsx';
import { LogOut, Menu, UserRound, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { Wordmark } from '@/components/ui/logo';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/features/auth/hooks/use-session';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import type { Viewer } from '@/features/auth/utils/access';
import { useBreakpoint } from '@/lib/use-breakpoint';

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

/** The header's links for this viewer (buyer-side.md §2 "Shared shell"). */
export function getNavItems(viewer: Viewer): NavItem[] {
  const items: NavItem[] = [
    { to: '/', label: '홈', end: true },
    { to: '/concerts', label: '콘서트' },
  ];
  if (viewer === 'anonymous') return items;
  items.push({ to: '/mypage/profile', label: '마이페이지' });
  items.push(
    viewer === 'admin'
      ? { to: '/admin', label: '관리자 대시보드' }
      : { to: '/seller', label: '판매자 페이지' },
  );
  return items;
}

const desktopLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'relative rounded-lg px-3 py-2 text-sm font-semibold transition-colors',
    isActive ? 'text-white' : 'text-zinc-400 hover:text-zinc-100',
    isActive &&
      'after:absolute after:inset-x-3 after:-bottom-[1px] after:h-0.5 after:rounded-full after:bg-rose-500',
  );

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'flex items-center rounded-xl px-4 py-3 text-base font-semibold transition-colors',
    isActive ? 'bg-rose-500/10 text-rose-200' : 'text-zinc-200 hover:bg-white/5',
  );

export function SiteHeader() {
  const { user, viewer, isLoading } = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const { isMobile } = useBreakpoint();
  // The menu belongs to the page it was opened on, so navigating closes it; it also closes
  // when the window grows past the mobile width.
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const isMenuOpen = isMobile && menuPath === location.pathname;
  const closeMenu = () => setMenuPath(null);
  const menuId = useId();
  const navItems = getNavItems(viewer);

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuPath(null);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isMenuOpen]);

  const handleLogout = () => {
    closeMenu();
    logout.mutate(undefined, {
      onSettled: () => {
        toast.success('로그아웃되었습니다.');
        void navigate('/');
      },
    });
  };

  const greeting = user ? `${user.username}님 안녕하세요` : null;

  return (
    <header className="sticky top-0 z-50 border-b border-white/5 bg-surface-950/85 backdrop-blur-xl">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 tablet:px-6 desktop:h-[72px] desktop:px-8">
        <Link to="/" className="shrink-0 rounded-lg">
          <Wordmark />
        </Link>

        <nav aria-label="주 메뉴" className="ml-4 hidden flex-1 tablet:block desktop:ml-8">
          <ul className="flex items-center gap-1">
            {navItems.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={desktopLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        {/* One bell for every width: a breakpoint change (a rotated phone) keeps it open. */}
        <div className="ml-auto flex items-center gap-1 tablet:gap-2">
          {user && <NotificationBell />}
          <div className="hidden items-center gap-2 tablet:flex">
            {isLoading ? (
              <Skeleton className="h-9 w-40" />
            ) : user ? (
              <>
                <span className="flex max-w-40 items-center gap-2 text-sm text-zinc-300 desktop:max-w-none">
                  <UserRound
                    className="hidden size-4 shrink-0 text-rose-300 desktop:block"
                    aria-hidden
                  />
                  <span className="truncate">
                    <strong className="font-semibold text-white">{user.username}</strong>님
                    {/* Narrow tablets keep only '{username}님'; the full greeting needs the room. */}
                    <span className="hidden desktop:inline"> 안녕하세요</span>
                  </span>
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={handleLogout}
                  isLoading={logout.isPending}
                >
                  <LogOut className="size-4" aria-hidden />
                  로그아웃
                </Button>
              </>
            ) : (
              <>
                <Link to="/login" className={buttonStyles({ variant: 'ghost', size: 'sm' })}>
                  로그인
                </Link>
                <Link to="/register" className={buttonStyles({ variant: 'primary', size: 'sm' })}>
                  회원가입
                </Link>
              </>
            )}
          </div>

          <button
            type="button"
            className="flex size-10 items-center justify-center rounded-xl text-zinc-200 hover:bg-white/5 tablet:hidden"
            aria-expanded={isMenuOpen}
            aria-controls={menuId}
            aria-label={isMenuOpen ? '메뉴 닫기' : '메뉴 열기'}
            onClick={() => setMenuPath(isMenuOpen ? null : location.pathname)}
          >
            {isMenuOpen ? (
              <X className="size-6" aria-hidden />
            ) : (
              <Menu className="size-6" aria-hidden />
            )}
          </button>
        </div>
      </div>

      {isMenuOpen && (
        <div
          id={menuId}
          className="animate-fade-in border-t border-white/5 bg-surface-950 px-4 pt-3 pb-5 tablet:hidden"
        >
          {greeting && (
            <p className="mb-3 flex items-center gap-2 rounded-xl bg-surface-900 px-4 py-3 text-sm text-zinc-300">
              <UserRound className="size-4 text-rose-300" aria-hidden />
              {greeting}
            </p>
          )}
          <nav aria-label="모바일 메뉴">
            <ul className="flex flex-col gap-1">
              {navItems.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className={mobileLinkClass}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-4 grid grid-cols-2 gap-2 border-t border-white/5 pt-4">
            {isLoading ? null : user ? (
              <Button
                variant="outline"
                className="col-span-2"
                onClick={handleLogout}
                isLoading={logout.isPending}
              >
                <LogOut className="size-4" aria-hidden />
                로그아웃
              </Button>
            ) : (
              <>
                <Link to="/login" className={buttonStyles({ variant: 'outline' })}>
                  로그인
                </Link>
                <Link to="/register" className={buttonStyles({ variant: 'primary' })}>
                  회원가입
                </Link>
              </>
            )}
          </div>
        </div>
      )}
    </header>
  );
}
