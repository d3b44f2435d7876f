import { breakpoints } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import {
  Activity,
  BarChart3,
  Building2,
  ClipboardList,
  FilePlus2,
  History,
  LayoutDashboard,
  ListChecks,
  Mail,
  PanelLeftClose,
  PanelLeftOpen,
  PlusCircle,
  Settings,
  Store,
  UserCheck,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { keepTabInside } from '@/components/ui/modal';
import { useSession } from '@/features/auth/hooks/use-session';
import type { Viewer } from '@/features/auth/utils/access';
import { useDebouncedWindowWidth } from '@/lib/use-debounced-width';

/** Resize handling of the seller and admin layouts waits this long (seller-admin-side.md §2). */
export const sidebarResizeDebounceMs = 100;

export interface SidebarItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
}

export interface SidebarGroup {
  title: string;
  items: SidebarItem[];
}

/**
 * The sidebar's groups for this viewer (seller-admin-side.md §2): the seller pages for any
 * non-admin, concert registration and management only for sellers, the admin group for admins.
 */
export function getSidebarGroups(viewer: Viewer): SidebarGroup[] {
  if (viewer === 'anonymous') return [];
  if (viewer === 'admin') {
    return [
      {
        title: '관리자',
        items: [
          { to: '/admin', label: '대시보드', icon: LayoutDashboard, end: true },
          { to: '/admin/on-sale', label: '실시간 판매 현황', icon: Activity },
          { to: '/admin/seller-approvals', label: '판매자 신청 승인', icon: UserCheck },
          { to: '/admin/sellers', label: '판매자 관리', icon: Users },
          { to: '/admin/history', label: '승인 이력', icon: History },
          { to: '/admin/mail-outbox', label: '메일 발신함', icon: Mail },
          { to: '/admin/statistics', label: '통계 리포트', icon: BarChart3 },
          { to: '/admin/settings', label: '플랫폼 설정', icon: Settings },
        ],
      },
    ];
  }
  const sellerPages: SidebarItem[] = [
    { to: '/seller', label: '판매자 홈', icon: Store, end: true },
    { to: '/seller/status', label: '신청 현황', icon: ClipboardList },
  ];
  if (viewer === 'user') {
    sellerPages.push({ to: '/seller/apply', label: '판매자 권한 신청', icon: FilePlus2 });
    return [{ title: '판매자', items: sellerPages }];
  }
  return [
    { title: '판매자', items: sellerPages },
    {
      title: '콘서트',
      items: [
        { to: '/seller/concerts/register', label: '콘서트 등록', icon: PlusCircle },
        { to: '/seller/concerts/manage', label: '콘서트 관리', icon: ListChecks },
        { to: '/seller/venues', label: '공연장 관리', icon: Building2 },
      ],
    },
  ];
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-semibold transition-colors',
    isActive
      ? 'bg-rose-500/15 text-rose-100 ring-1 ring-rose-400/30'
      : 'text-zinc-300 hover:bg-white/5 hover:text-white',
  );

function SidebarNav({ groups, label }: { groups: SidebarGroup[]; label: string }) {
  return (
    <nav aria-label={label} className="flex flex-col gap-6">
      {groups.map((group) => (
        <div key={group.title}>
          <p className="mb-2 px-3 text-xs font-bold tracking-wider text-zinc-400">{group.title}</p>
          <ul className="flex flex-col gap-1">
            {group.items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={linkClass}>
                  <item.icon className="size-4 shrink-0" aria-hidden />
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * The phone drawer: a modal dialog over the page (above the skip link too); Escape or the
 * backdrop closes it.
 */
function SidebarDrawer({
  id,
  groups,
  label,
  onClose,
}: {
  id: string;
  groups: SidebarGroup[];
  label: string;
  onClose: () => void;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
    // Modal while open: Tab cycles inside the drawer, Escape closes it (focus back on the menu
    // button, the element that opened it).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
      else if (event.key === 'Tab' && panelRef.current) keepTabInside(event, panelRef.current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (previous?.isConnected) previous.focus();
    };
  }, []);
  return (
    <div
      className="fixed inset-0 z-[75] bg-black/60 backdrop-blur-sm"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        id={id}
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        className="flex h-full w-64 animate-fade-in flex-col gap-4 overflow-y-auto border-r border-surface-700 bg-surface-900 p-4"
      >
        <div className="flex items-center justify-between">
          <p className="px-3 text-sm font-bold text-white">{label}</p>
          <button
            type="button"
            onClick={onClose}
            aria-label="메뉴 닫기"
            className="flex size-9 items-center justify-center rounded-lg text-zinc-300 hover:bg-white/5"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <SidebarNav groups={groups} label={label} />
      </div>
    </div>
  );
}

/**
 * The seller and admin layout (seller-admin-side.md §2): a 256 px sidebar that can be hidden,
 * which becomes a drawer on phones (768 px or less). Resizing is read 100 ms after it stops.
 */
export function ConsoleLayout({ area }: { area: 'seller' | 'admin' }) {
  const { viewer } = useSession();
  const location = useLocation();
  const width = useDebouncedWindowWidth(sidebarResizeDebounceMs);
  const isPhone = width <= breakpoints.mobileMax;
  const [isSidebarOpen, setSidebarOpen] = useState(true);
  // The drawer belongs to the page it was opened on: following a link closes it.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const isDrawerOpen = isPhone && drawerPath === location.pathname;
  const sidebarId = useId();
  const groups = getSidebarGroups(viewer);
  const label = area === 'admin' ? '관리자 메뉴' : '판매자 메뉴';
  const isExpanded = isPhone ? isDrawerOpen : isSidebarOpen;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-1">
      {!isPhone && isSidebarOpen && (
        <aside
          id={sidebarId}
          className="sticky top-16 h-[calc(100dvh-4rem)] w-64 shrink-0 overflow-y-auto border-r border-white/5 px-4 py-8 desktop:top-[72px] desktop:h-[calc(100dvh-72px)]"
        >
          <SidebarNav groups={groups} label={label} />
        </aside>
      )}
      <div className="min-w-0 flex-1 px-4 pt-4 pb-12 tablet:px-6 desktop:px-8 desktop:pt-6">
        <button
          type="button"
          aria-expanded={isExpanded}
          aria-controls={isExpanded ? sidebarId : undefined}
          onClick={() => {
            if (isPhone) setDrawerPath(isDrawerOpen ? null : location.pathname);
            else setSidebarOpen((open) => !open);
          }}
          className="mb-4 inline-flex h-9 items-center gap-2 rounded-lg border border-surface-700 px-3 text-sm font-semibold text-zinc-300 hover:border-zinc-500 hover:text-white"
        >
          {isExpanded ? (
            <PanelLeftClose className="size-4" aria-hidden />
          ) : (
            <PanelLeftOpen className="size-4" aria-hidden />
          )}
          {isExpanded ? `${label} 닫기` : `${label} 열기`}
        </button>
        <Outlet />
      </div>
      {isDrawerOpen && (
        <SidebarDrawer
          id={sidebarId}
          groups={groups}
          label={label}
          onClose={() => setDrawerPath(null)}
        />
      )}
    </div>
  );
}
