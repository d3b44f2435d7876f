import type { Concert } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { CalendarX2, SearchX, Ticket } from 'lucide-react';
import { startTransition, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { getErrorMessage, unknownErrorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { useBreakpoint } from '@/lib/use-breakpoint';
import { useCatalogParams } from '../hooks/use-catalog-params';
import { useConcertCatalog, type CatalogMode } from '../hooks/use-concert-catalog';
import { ConcertCard, ConcertCardSkeleton, ConcertGrid, firstScreenCards } from './concert-card';
import { ConcertDateFilter } from './concert-date-filter';
import { ConcertResultSummary } from './concert-result-summary';
import { ConcertSearchBar } from './concert-search-bar';
import { ConcertSortControl } from './concert-sort-control';
import { scrollBehavior } from '@/lib/browser';

/** Cards shown while a view loads (buyer-side.md §2). */
export const CATALOG_SKELETON_COUNT = 8;

/** The error texts of buyer-side.md §8, by what was loading: a heading and a fallback reason. */
export const catalogErrorTexts: Record<CatalogMode, { title: string; fallback: string }> = {
  list: { title: '콘서트 목록을 불러오는 중 오류가 발생했습니다.', fallback: unknownErrorMessage },
  search: { title: '검색 결과를 불러올 수 없습니다.', fallback: '검색 중 오류가 발생했습니다.' },
  'search-filter': {
    title: '검색 결과를 불러올 수 없습니다.',
    fallback: '검색 중 오류가 발생했습니다.',
  },
  filter: {
    title: '필터링 결과를 불러올 수 없습니다.',
    fallback: '필터링 중 오류가 발생했습니다.',
  },
};

export const noConcertsText = '등록된 콘서트가 없습니다.';
export const noFilterMatchText = '선택한 기간에 열리는 콘서트가 없습니다.';

function EmptyCatalog({
  mode,
  query,
  onShowAll,
}: {
  mode: CatalogMode;
  query: string | undefined;
  onShowAll: () => void;
}) {
  const showAll = (
    <Button variant="outline" size="sm" onClick={onShowAll} className="mt-2">
      전체 콘서트 보기
    </Button>
  );
  switch (mode) {
    case 'search':
      return (
        <EmptyState
          icon={SearchX}
          title={
            <>
              <strong className="text-zinc-50">‘{query}’</strong>에 대한 검색 결과가 없습니다.
            </>
          }
          description="검색어의 철자를 확인하거나 다른 콘서트명, 아티스트, 공연장으로 검색해 보세요."
        >
          {showAll}
        </EmptyState>
      );
    case 'filter':
      return (
        <EmptyState
          icon={CalendarX2}
          title={noFilterMatchText}
          description="기간을 넓히거나 다른 날짜를 선택해 보세요."
        >
          {showAll}
        </EmptyState>
      );
    case 'search-filter':
      return (
        <EmptyState
          icon={SearchX}
          title={
            <>
              선택한 기간에 <strong className="text-zinc-50">‘{query}’</strong>에 해당하는 콘서트가
              없습니다.
            </>
          }
          description="검색어나 기간을 바꿔서 다시 찾아보세요."
        >
          {showAll}
        </EmptyState>
      );
    case 'list':
      return (
        <EmptyState
          icon={Ticket}
          title={noConcertsText}
          description="새로운 공연이 곧 찾아옵니다."
        />
      );
  }
}

/**
 * A loaded view's cards. When the grid appears, the first screenful is drawn at once and the rest
 * (a page holds 20) in a following render React can pause for input, with placeholders holding
 * their places: one long task on a phone's first load becomes a short one and a few small ones.
 */
function CatalogGrid({ concerts }: { concerts: Concert[] }) {
  const [isFirstScreenOnly, setIsFirstScreenOnly] = useState(true);
  useEffect(() => {
    startTransition(() => setIsFirstScreenOnly(false));
  }, []);
  // Only when the grid appears: a new page or sort later shows all its cards at once.
  const shown = isFirstScreenOnly ? concerts.slice(0, firstScreenCards) : concerts;
  return (
    <ConcertGrid>
      {shown.map((concert, index) => (
        <li
          key={concert.concertId}
          // Cards past the first screenful skip style, layout and paint until scrolled near
          // (a card's height until then; the real one is kept once drawn).
          className={clsx(
            index >= firstScreenCards &&
              '[contain-intrinsic-size:auto_400px] [content-visibility:auto]',
          )}
        >
          <ConcertCard concert={concert} priority={index < firstScreenCards} />
        </li>
      ))}
      {concerts.slice(shown.length).map((concert) => (
        <li key={`placeholder-${concert.concertId}`} aria-hidden>
          <ConcertCardSkeleton />
        </li>
      ))}
    </ConcertGrid>
  );
}

/**
 * The all-concerts page body (buyer-side.md §2): search bar, date filter, result summary,
 * the sorted grid with its loading, empty and error states, and pagination. The view lives in
 * the URL (query, startDate, endDate, sortBy, sortDir, page).
 */
export function ConcertCatalog({ today }: { today?: string }) {
  const { isMobile } = useBreakpoint();
  const catalog = useCatalogParams();
  const { params } = catalog;
  const result = useConcertCatalog(params);
  const listRef = useRef<HTMLElement>(null);
  const isActive = Boolean(params.query || params.startDate || params.endDate);

  // A shared link to a page past the end lands on the last page instead of an empty one.
  const { mode, isPending, totalPages } = result;
  const { page } = params;
  const { setPage } = catalog;
  useEffect(() => {
    if (mode === 'list' && !isPending && totalPages > 0 && page >= totalPages) {
      setPage(totalPages - 1);
    }
  }, [mode, isPending, totalPages, page, setPage]);

  const goToPage = (next: number) => {
    catalog.setPage(next);
    listRef.current?.scrollIntoView?.({ behavior: scrollBehavior(), block: 'start' });
  };

  const errorText = catalogErrorTexts[result.mode];

  return (
    <div className="flex flex-col gap-4 tablet:gap-5">
      <ConcertSearchBar
        activeQuery={params.query}
        onSearch={(query) => catalog.setQuery(query)}
        onClear={() => catalog.setQuery(undefined)}
      />
      <ConcertDateFilter
        appliedStartDate={params.startDate}
        appliedEndDate={params.endDate}
        onApply={catalog.setDateRange}
        onReset={() => catalog.setDateRange({})}
        {...(today ? { today } : {})}
      />
      <ConcertResultSummary
        query={params.query}
        startDate={params.startDate}
        endDate={params.endDate}
        totalElements={result.isPending || result.isError ? undefined : result.totalElements}
        onRemoveQuery={() => catalog.setQuery(undefined)}
        onRemoveStartDate={() => catalog.setDateRange({ endDate: params.endDate })}
        onRemoveEndDate={() => catalog.setDateRange({ startDate: params.startDate })}
        onShowAll={catalog.clearAll}
      />

      <section
        ref={listRef}
        aria-labelledby="catalog-list-heading"
        className="mt-2 flex scroll-mt-24 flex-col gap-5"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2
            id="catalog-list-heading"
            className="flex items-baseline gap-2 text-lg font-bold text-white"
          >
            {isActive ? '검색된 콘서트' : '전체 콘서트'}
            {!result.isPending && !result.isError && (
              <span className="text-sm font-semibold text-rose-300 tabular-nums">
                {formatNumber(result.totalElements)}개
              </span>
            )}
          </h2>
          <ConcertSortControl
            sortBy={params.sortBy}
            sortDir={params.sortDir}
            onChoose={catalog.chooseSort}
            onDirectionChange={catalog.setSortDir}
            isCompact={isMobile}
          />
        </div>

        {result.isPending ? (
          <div role="group" aria-busy="true" aria-label="콘서트를 불러오는 중입니다">
            <ConcertGrid>
              {Array.from({ length: CATALOG_SKELETON_COUNT }, (_, index) => (
                <li key={index} data-testid="concert-card-skeleton">
                  <ConcertCardSkeleton />
                </li>
              ))}
            </ConcertGrid>
          </div>
        ) : result.isError ? (
          <ErrorState
            title={errorText.title}
            description={getErrorMessage(result.error, errorText.fallback)}
            onRetry={result.retry}
            isRetrying={result.isRetrying}
          />
        ) : result.concerts.length === 0 ? (
          <EmptyCatalog mode={result.mode} query={params.query} onShowAll={catalog.clearAll} />
        ) : (
          <>
            <div className={clsx('transition-opacity', result.isRefreshing && 'opacity-60')}>
              <CatalogGrid concerts={result.concerts} />
            </div>
            <Pagination
              page={result.page}
              totalPages={result.totalPages}
              totalElements={result.totalElements}
              pageSize={result.size}
              onPageChange={goToPage}
              isCompact={isMobile}
              label="콘서트 목록 페이지"
            />
            <p className="border-t border-white/5 pt-4 text-center text-sm text-zinc-400 tabular-nums">
              총 {formatNumber(result.totalElements)}개 · {result.page + 1} /{' '}
              {Math.max(result.totalPages, 1)} 페이지
            </p>
          </>
        )}
      </section>
    </div>
  );
}
