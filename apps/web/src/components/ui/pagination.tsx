import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { formatNumber } from '@/lib/format';

/** Page numbers shown around the current page: 5, or 3 on mobile (buyer-side.md §9). */
export const PAGE_WINDOW = 5;
export const PAGE_WINDOW_MOBILE = 3;

export type PageWindowItem =
  { type: 'page'; page: number } | { type: 'ellipsis'; key: 'start' | 'end' };

/**
 * The pages to show (0-based): a window of `size` pages around `current`, plus the first and
 * the last page with an ellipsis where pages are skipped.
 */
export function getPageWindow(current: number, totalPages: number, size: number): PageWindowItem[] {
  if (totalPages <= 0) return [];
  const windowSize = Math.max(1, Math.min(size, totalPages));
  const page = Math.min(Math.max(current, 0), totalPages - 1);
  let start = Math.max(0, page - Math.floor(windowSize / 2));
  const end = Math.min(totalPages - 1, start + windowSize - 1);
  start = Math.max(0, end - windowSize + 1);

  const items: PageWindowItem[] = [];
  if (start > 0) {
    items.push({ type: 'page', page: 0 });
    if (start > 1) items.push({ type: 'ellipsis', key: 'start' });
  }
  for (let p = start; p <= end; p += 1) items.push({ type: 'page', page: p });
  if (end < totalPages - 1) {
    if (end < totalPages - 2) items.push({ type: 'ellipsis', key: 'end' });
    items.push({ type: 'page', page: totalPages - 1 });
  }
  return items;
}

/** 'N개 중 a-b개 표시' for a 0-based page; '0개' when there is nothing. */
export function formatPageRange(page: number, pageSize: number, totalElements: number): string {
  if (totalElements <= 0) return '0개 중 0개 표시';
  const from = Math.min(page * pageSize + 1, totalElements);
  const to = Math.min((page + 1) * pageSize, totalElements);
  return `${formatNumber(totalElements)}개 중 ${formatNumber(from)}-${formatNumber(to)}개 표시`;
}

interface PaginationProps {
  /** 0-based. */
  page: number;
  totalPages: number;
  totalElements: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Narrow screens show a window of 3 pages instead of 5. */
  isCompact?: boolean;
  /** What the navigation is for, e.g. '콘서트 목록 페이지'. */
  label?: string;
  className?: string;
  /** The range line's wording; 'N개 중 a-b개 표시' by default. */
  formatRange?: (page: number, pageSize: number, totalElements: number) => string;
}

const stepClass =
  'inline-flex h-10 items-center justify-center gap-1 rounded-xl px-3 text-sm font-semibold text-zinc-300 transition-colors hover:bg-white/5 hover:text-white disabled:pointer-events-none disabled:text-zinc-600';

/** Previous/next, a window of page numbers with first/last and ellipses, and the range shown. */
export function Pagination({
  page,
  totalPages,
  totalElements,
  pageSize,
  onPageChange,
  isCompact = false,
  label = '페이지 이동',
  className,
  formatRange = formatPageRange,
}: PaginationProps) {
  const items = getPageWindow(page, totalPages, isCompact ? PAGE_WINDOW_MOBILE : PAGE_WINDOW);
  const isFirst = page <= 0;
  const isLast = page >= totalPages - 1;

  return (
    <div className={clsx('flex flex-col items-center gap-3', className)}>
      {totalPages > 1 && (
        <nav aria-label={label} className="flex items-center gap-1">
          <button
            type="button"
            className={stepClass}
            onClick={() => onPageChange(page - 1)}
            disabled={isFirst}
            aria-label="이전 페이지"
          >
            <ChevronLeft className="size-4" aria-hidden />
            <span className="hidden tablet:inline">이전</span>
          </button>
          <ul className="flex items-center gap-1">
            {items.map((item) =>
              item.type === 'ellipsis' ? (
                <li
                  key={`ellipsis-${item.key}`}
                  className="flex h-10 w-6 items-center justify-center text-zinc-400 select-none"
                  aria-hidden
                >
                  …
                </li>
              ) : (
                <li key={item.page}>
                  <button
                    type="button"
                    onClick={() => onPageChange(item.page)}
                    aria-current={item.page === page ? 'page' : undefined}
                    aria-label={`${item.page + 1} 페이지`}
                    className={clsx(
                      'inline-flex size-10 items-center justify-center rounded-xl text-sm font-semibold tabular-nums transition-colors',
                      item.page === page
                        ? 'bg-rose-600 text-white shadow-lg shadow-rose-950/40'
                        : 'text-zinc-300 hover:bg-white/5 hover:text-white',
                    )}
                  >
                    {item.page + 1}
                  </button>
                </li>
              ),
            )}
          </ul>
          <button
            type="button"
            className={stepClass}
            onClick={() => onPageChange(page + 1)}
            disabled={isLast}
            aria-label="다음 페이지"
          >
            <span className="hidden tablet:inline">다음</span>
            <ChevronRight className="size-4" aria-hidden />
          </button>
        </nav>
      )}
      {totalElements > 0 && (
        <p className="text-xs text-zinc-400 tabular-nums">
          {formatRange(page, pageSize, totalElements)}
        </p>
      )}
    </div>
  );
}
