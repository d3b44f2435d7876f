import { clsx } from 'clsx';
import { KeyRound, Ticket, UserRound } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { mypageTabs, type MypageTab } from '../utils/mypage-tabs';

const tabIcons: Record<MypageTab, typeof UserRound> = {
  profile: UserRound,
  password: KeyRound,
  bookings: Ticket,
};

export function mypageTabId(baseId: string, tab: MypageTab): string {
  return `${baseId}-tab-${tab}`;
}

export function mypagePanelId(baseId: string, tab: MypageTab): string {
  return `${baseId}-panel-${tab}`;
}

interface MypageTabListProps {
  baseId: string;
  activeTab: MypageTab;
  onSelect: (tab: MypageTab) => void;
}

/**
 * The tab bar (WAI-ARIA tabs, automatic activation): arrow keys move between tabs and open
 * them, Home and End jump to the ends; only the open tab is in the Tab order. Three equal
 * columns keep every label on one line down to 375 px.
 */
export function MypageTabList({ baseId, activeTab, onSelect }: MypageTabListProps) {
  const tabRefs = useRef(new Map<MypageTab, HTMLButtonElement>());

  const focusAndSelect = (tab: MypageTab) => {
    tabRefs.current.get(tab)?.focus();
    onSelect(tab);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = mypageTabs.findIndex((tab) => tab.id === activeTab);
    const last = mypageTabs.length - 1;
    const targetIndex = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    const target = targetIndex === undefined ? undefined : mypageTabs[targetIndex];
    if (!target) return;
    event.preventDefault();
    focusAndSelect(target.id);
  };

  return (
    <div
      role="tablist"
      aria-label="마이페이지 메뉴"
      onKeyDown={handleKeyDown}
      className="grid w-full grid-cols-3 gap-1 rounded-2xl border border-surface-700 bg-surface-900/80 p-1"
    >
      {mypageTabs.map(({ id, label }) => {
        const isActive = id === activeTab;
        const Icon = tabIcons[id];
        return (
          <button
            key={id}
            ref={(node) => {
              if (node) tabRefs.current.set(id, node);
              else tabRefs.current.delete(id);
            }}
            type="button"
            role="tab"
            id={mypageTabId(baseId, id)}
            aria-selected={isActive}
            aria-controls={mypagePanelId(baseId, id)}
            tabIndex={isActive ? 0 : -1}
            onClick={() => onSelect(id)}
            className={clsx(
              'inline-flex h-11 min-w-0 items-center justify-center gap-2 rounded-xl px-2 text-sm font-semibold whitespace-nowrap transition-colors tablet:px-5',
              isActive
                ? 'bg-rose-600 text-white shadow-lg shadow-rose-950/40'
                : 'text-zinc-400 hover:bg-white/5 hover:text-zinc-100',
            )}
          >
            <Icon className="hidden size-4 shrink-0 min-[400px]:block" aria-hidden />
            {label}
          </button>
        );
      })}
    </div>
  );
}
