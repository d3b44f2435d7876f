import type { UseQueryResult } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ConsoleCard } from '@/components/console/console-page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import type { PricingBasis } from '../utils/pricing-basis';
import { pricingTexts } from '../utils/pricing-texts';
import { DeleteConfirmDialog } from './delete-confirm-dialog';

interface SectionTexts {
  title: string;
  description: string;
  add: string;
  list: string;
  empty: string;
  loading: string;
  loadFailed: string;
  deleteTitle: string;
  deleteQuestion: (name: string) => string;
  deleteNote: string;
  deleteFailed: string;
}

/** The form: closed, a new item, or one item's edit. */
type Editing<T> = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; item: T };

/**
 * One section of the 권종·할인 page: its title and 추가 button, then the list, its loading,
 * failure (with 다시 시도) or empty state; each item's card with 수정 and 삭제 while changes are
 * allowed; the form dialog for a new or edited item and the delete question.
 */
export function PricingSection<T extends { id: number }>({
  texts,
  query,
  emptyIcon,
  basis,
  nameOf,
  heading,
  details,
  renderForm,
  remove,
}: {
  texts: SectionTexts;
  query: UseQueryResult<T[]>;
  emptyIcon: LucideIcon;
  basis: PricingBasis;
  /** Names the item in its buttons and the delete question. */
  nameOf: (item: T) => string;
  heading: (item: T) => ReactNode;
  details: (item: T) => ReactNode;
  /** The form dialog for an item (null: a new one); `close` after saving or giving up. */
  renderForm: (item: T | null, close: () => void) => ReactNode;
  /** Deletes; answers the server's sentence. */
  remove: (item: T) => Promise<string>;
}) {
  const [editing, setEditing] = useState<Editing<T>>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<T | null>(null);
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
        {query.data.map((item) => (
          <PricingItemCard
            key={item.id}
            name={nameOf(item)}
            heading={heading(item)}
            isClosed={basis.isClosed}
            onEdit={() => setEditing({ mode: 'edit', item })}
            onDelete={() => setDeleting(item)}
          >
            {details(item)}
          </PricingItemCard>
        ))}
      </ul>
    );
  }
  return (
    <ConsoleCard
      title={texts.title}
      actions={
        !basis.isClosed && (
          <Button size="sm" onClick={() => setEditing({ mode: 'create' })}>
            <Plus className="size-4" aria-hidden />
            {texts.add}
          </Button>
        )
      }
    >
      <p className="-mt-2 mb-4 text-sm text-zinc-400">{texts.description}</p>
      {content}
      {editing.mode !== 'closed' &&
        renderForm(editing.mode === 'edit' ? editing.item : null, () =>
          setEditing({ mode: 'closed' }),
        )}
      {deleting && (
        <DeleteConfirmDialog
          concertId={basis.concertId}
          title={texts.deleteTitle}
          question={texts.deleteQuestion(nameOf(deleting))}
          note={texts.deleteNote}
          failed={texts.deleteFailed}
          remove={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </ConsoleCard>
  );
}

/** A listed type's or code's card: its heading and, while changes are allowed, 수정 and 삭제. */
function PricingItemCard({
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
