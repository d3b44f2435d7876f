import { Filter, LayoutGrid, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatConcertDate, formatNumber } from '@/lib/format';

/** The empty result, said at the top of the results (the list below repeats it with tips). */
export const noResultsSummaryText = '조건에 맞는 콘서트가 없습니다.';

interface ConcertResultSummaryProps {
  query: string | undefined;
  startDate: string | undefined;
  endDate: string | undefined;
  /** Undefined while loading. */
  totalElements: number | undefined;
  onRemoveQuery: () => void;
  onRemoveStartDate: () => void;
  onRemoveEndDate: () => void;
  onShowAll: () => void;
}

function Chip({
  label,
  value,
  onRemove,
}: {
  label: string;
  value: ReactNode;
  onRemove: () => void;
}) {
  return (
    <li className="inline-flex items-center gap-1.5 rounded-full border border-surface-600 bg-surface-800 py-1 pr-1 pl-3 text-xs text-zinc-200">
      <span className="text-zinc-400">{label}</span>
      <span className="font-semibold text-zinc-50">{value}</span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`${label} 조건 지우기`}
        className="flex size-5 items-center justify-center rounded-full text-zinc-400 hover:bg-white/10 hover:text-white"
      >
        <X className="size-3" aria-hidden />
      </button>
    </li>
  );
}

/**
 * Shown while a search or a filter is in effect (buyer-side.md §2): what is searched, whether a
 * date filter applies, how many concerts match, a chip per condition and 전체 보기.
 */
export function ConcertResultSummary({
  query,
  startDate,
  endDate,
  totalElements,
  onRemoveQuery,
  onRemoveStartDate,
  onRemoveEndDate,
  onShowAll,
}: ConcertResultSummaryProps) {
  const isFiltered = Boolean(startDate || endDate);
  if (!query && !isFiltered) return null;

  return (
    <section
      aria-labelledby="result-summary-heading"
      className="flex flex-col gap-4 rounded-2xl border border-rose-400/20 bg-gradient-to-r from-rose-500/10 via-fuchsia-500/5 to-transparent p-4 tablet:flex-row tablet:items-center tablet:justify-between tablet:p-5"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="result-summary-heading" className="text-lg font-bold break-all text-white">
            {query ? `‘${query}’ 검색 결과` : '기간별 공연 검색 결과'}
          </h2>
          {isFiltered && (
            <span className="inline-flex items-center gap-1 rounded-full bg-fuchsia-500/15 px-2 py-0.5 text-xs font-semibold text-fuchsia-200">
              <Filter className="size-3" aria-hidden />
              필터 적용
            </span>
          )}
        </div>
        <p className="mt-1 text-sm text-zinc-300" aria-live="polite">
          {totalElements === undefined ? (
            '검색 중…'
          ) : totalElements === 0 ? (
            // Said here, under the search box, so a phone shows it without scrolling.
            <strong className="text-rose-200">{noResultsSummaryText}</strong>
          ) : (
            <>
              총 <strong className="text-rose-300">{formatNumber(totalElements)}</strong>개의 콘서트
            </>
          )}
        </p>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="적용된 조건">
          {query && <Chip label="검색어" value={query} onRemove={onRemoveQuery} />}
          {startDate && (
            <Chip
              label="시작일"
              value={formatConcertDate(startDate)}
              onRemove={onRemoveStartDate}
            />
          )}
          {endDate && (
            <Chip label="종료일" value={formatConcertDate(endDate)} onRemove={onRemoveEndDate} />
          )}
        </ul>
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={onShowAll}
        className="self-start tablet:self-center"
      >
        <LayoutGrid className="size-4" aria-hidden />
        전체 보기
      </Button>
    </section>
  );
}
