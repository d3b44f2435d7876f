import type { UseQueryResult } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ConsoleCard } from '@/components/console/console-page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { pricingTexts } from '../utils/pricing-texts';

interface ListTexts {
  title: string;
  description: string;
  add: string;
  list: string;
  empty: string;
  loading: string;
  loadFailed: string;
}

/**
 * One section of the 권종·할인 page: its title and 추가 button, then the list, its loading,
 * failure (with 다시 시도) or empty state; `children` are the section's dialogs.
 */
export function PricingListCard<T>({
  texts,
  query,
  emptyIcon,
  isClosed,
  onAdd,
  renderItem,
  children,
}: {
  texts: ListTexts;
  query: UseQueryResult<T[]>;
  emptyIcon: LucideIcon;
  isClosed: boolean;
  onAdd: () => void;
  renderItem: (item: T) => ReactNode;
  children: ReactNode;
}) {
  let content;
  if (query.isPending) {
    content = (
      <div className="flex justify-center py-10">
        <Spinner label={texts.loading} />
      </div>
    );
  } else if (query.isError) {
    content = (
      <ErrorState
        compact
        title={texts.loadFailed}
        description={query.error.message}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (query.data.length === 0) {
    content = <EmptyState compact icon={emptyIcon} title={texts.empty} />;
  } else {
    content = (
      <ul aria-label={texts.list} className="grid gap-3 desktop:grid-cols-2">
        {query.data.map(renderItem)}
      </ul>
    );
  }
  return (
    <ConsoleCard
      title={texts.title}
      actions={
        !isClosed && (
          <Button size="sm" onClick={onAdd}>
            <Plus className="size-4" aria-hidden />
            {texts.add}
          </Button>
        )
      }
    >
      <p className="-mt-2 mb-4 text-sm text-zinc-400">{texts.description}</p>
      {content}
      {children}
    </ConsoleCard>
  );
}

/** A listed type's or code's card: its heading and, while changes are allowed, 수정 and 삭제. */
export function PricingItemCard({
  name,
  heading,
  isClosed,
  onEdit,
  onDelete,
  children,
}: {
  /** Names the buttons for screen readers: '{name} 수정'. */
  name: string;
  heading: ReactNode;
  isClosed: boolean;
  onEdit: () => void;
  onDelete: () => void;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-surface-700 bg-surface-900/60 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">{heading}</div>
        {!isClosed && (
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={onEdit}
              aria-label={`${name} ${pricingTexts.edit}`}
            >
              <Pencil className="size-4" aria-hidden />
              {pricingTexts.edit}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={onDelete}
              aria-label={`${name} ${pricingTexts.remove}`}
            >
              <Trash2 className="size-4" aria-hidden />
              {pricingTexts.remove}
            </Button>
          </div>
        )}
      </div>
      {children}
    </li>
  );
}

/** '할인 50% · 적용 등급 VIP석, R석 · 판매 12 / 50': the terms of a type or code in one line. */
export function TermsLine({
  discount,
  grades,
  usage,
}: {
  discount: string;
  grades: string;
  usage: string;
}) {
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-zinc-300">
      <span>
        {pricingTexts.discountTerm}{' '}
        <strong className="font-semibold text-rose-200">{discount}</strong>
      </span>
      <span>
        {pricingTexts.grades} {grades}
      </span>
      <span className="tabular-nums">{usage}</span>
    </p>
  );
}
