import { MessageSquareText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { getErrorMessage } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';

interface CommunityPanelProps {
  id: string;
  title: string;
  subtitle: string;
  /** Undefined while loading. */
  count: number | undefined;
  actions: ReactNode;
  children: ReactNode;
}

/** The frame of the 관람평 and 기대평 sections: heading, count, actions and the list. */
export function CommunityPanel({
  id,
  title,
  subtitle,
  count,
  actions,
  children,
}: CommunityPanelProps) {
  return (
    <section
      aria-labelledby={id}
      className="scroll-mt-24 border-t border-white/5 pt-6 tablet:rounded-2xl tablet:border tablet:border-surface-700/70 tablet:bg-surface-900/50 tablet:p-6"
    >
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="flex items-baseline gap-2 text-lg font-bold text-white">
            {title}
            {count !== undefined && (
              <span className="text-sm font-semibold text-rose-300 tabular-nums">
                {formatNumber(count)}
              </span>
            )}
          </h2>
          <p className="mt-0.5 text-xs text-zinc-400">{subtitle}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">{actions}</div>
      </div>
      {children}
    </section>
  );
}

interface CommunityListProps<T> {
  items: readonly T[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  errorText: string;
  emptyText: string;
  emptyHint: string;
  onRetry: () => void;
  isRetrying: boolean;
  isRefreshing: boolean;
  getKey: (item: T) => number;
  renderItem: (item: T) => ReactNode;
  page: number;
  totalPages: number;
  totalElements: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  isCompact: boolean;
  label: string;
}

/** A paged list of reviews or expectations with its loading, error and empty states. */
export function CommunityList<T>({
  items,
  isPending,
  isError,
  error,
  errorText,
  emptyText,
  emptyHint,
  onRetry,
  isRetrying,
  isRefreshing,
  getKey,
  renderItem,
  page,
  totalPages,
  totalElements,
  pageSize,
  onPageChange,
  isCompact,
  label,
}: CommunityListProps<T>) {
  if (isPending) {
    return (
      <ul className="flex flex-col gap-3" aria-busy="true" aria-label={`${label} 불러오는 중`}>
        {[0, 1, 2].map((index) => (
          <li key={index} className="flex flex-col gap-2 rounded-xl bg-surface-850 p-4">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-4 w-2/3" />
          </li>
        ))}
      </ul>
    );
  }
  if (isError) {
    return (
      <ErrorState
        compact
        title={errorText}
        description={getErrorMessage(error)}
        onRetry={onRetry}
        isRetrying={isRetrying}
      />
    );
  }
  if (!items || items.length === 0) {
    return (
      <EmptyState compact icon={MessageSquareText} title={emptyText} description={emptyHint} />
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <ul
        aria-label={label}
        className={
          isRefreshing ? 'flex flex-col gap-3 opacity-60 transition-opacity' : 'flex flex-col gap-3'
        }
      >
        {items.map((item) => (
          <li key={getKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      <Pagination
        page={page}
        totalPages={totalPages}
        totalElements={totalElements}
        pageSize={pageSize}
        onPageChange={onPageChange}
        isCompact={isCompact}
        label={`${label} 페이지`}
      />
    </div>
  );
}
