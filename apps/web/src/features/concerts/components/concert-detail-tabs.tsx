import { clsx } from 'clsx';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

/** The tabs Korean ticketing sites put under a concert, in their order; the key goes in `?tab=`. */
export const concertDetailTabs = [
  { key: 'info', label: '공연정보' },
  { key: 'sales', label: '판매정보' },
  { key: 'reviews', label: '관람후기' },
  { key: 'expectations', label: '기대평' },
] as const;
export type ConcertDetailTab = (typeof concertDetailTabs)[number]['key'];

export function parseConcertDetailTab(value: string | null): ConcertDetailTab {
  return concertDetailTabs.find((tab) => tab.key === value)?.key ?? 'info';
}

/**
 * The detail page's tablist (WAI-ARIA tabs, automatic activation): ←/→ move between the tabs,
 * Home/End to the first and last; only the selected tab is in the Tab order. The selected tab
 * lives in the URL (`?tab=reviews`), so a link or a reload opens the same tab and Back returns.
 * Only the selected panel is rendered: 관람후기 and 기대평 load their code and data when opened.
 */
export function ConcertDetailTabs({ panels }: { panels: Record<ConcertDetailTab, ReactNode> }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = parseConcertDetailTab(searchParams.get('tab'));
  const tabRefs = useRef<Partial<Record<ConcertDetailTab, HTMLButtonElement | null>>>({});

  const select = (tab: ConcertDetailTab, focus: boolean) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (tab === 'info') next.delete('tab');
        else next.set('tab', tab);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    if (focus) tabRefs.current[tab]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = concertDetailTabs.findIndex((tab) => tab.key === selected);
    const last = concertDetailTabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const tab = concertDetailTabs[target];
    if (tab) select(tab.key, true);
  };

  return (
    <div>
      <div className="sticky top-16 z-20 border-b border-white/10 bg-surface-950/95 backdrop-blur-xl desktop:top-[4.5rem]">
        <div
          role="tablist"
          aria-label="공연 상세 정보"
          onKeyDown={onKeyDown}
          className="mx-auto flex w-full max-w-7xl px-2 tablet:px-6 desktop:px-8"
        >
          {concertDetailTabs.map((tab) => {
            const isSelected = tab.key === selected;
            return (
              <button
                key={tab.key}
                ref={(element) => {
                  tabRefs.current[tab.key] = element;
                }}
                type="button"
                role="tab"
                id={`concert-tab-${tab.key}`}
                aria-selected={isSelected}
                aria-controls={`concert-panel-${tab.key}`}
                tabIndex={isSelected ? 0 : -1}
                onClick={() => select(tab.key, false)}
                className={clsx(
                  'min-h-12 flex-1 border-b-2 px-2 text-[15px] font-semibold whitespace-nowrap transition-colors tablet:flex-none tablet:px-5',
                  isSelected
                    ? 'border-rose-400 text-white'
                    : 'border-transparent text-zinc-400 hover:text-zinc-100',
                )}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      </div>
      <div
        role="tabpanel"
        id={`concert-panel-${selected}`}
        aria-labelledby={`concert-tab-${selected}`}
        tabIndex={0}
        className="mx-auto w-full max-w-4xl px-4 py-8 tablet:px-6 desktop:py-10"
      >
        {panels[selected]}
      </div>
    </div>
  );
}
