import { ArrowLeft, FileQuestion } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyState } from '@/components/ui/state-panel';

/** The detail page's building blocks: fact rows, info cards, and what stands in for a concert. */

export function FactRow({
  icon: Icon,
  label,
  children,
}: {
  icon: ComponentType<{ className?: string }>;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex gap-3">
      <dt className="flex w-20 shrink-0 items-center gap-1.5 text-sm text-zinc-400">
        <Icon className="size-4 shrink-0 text-zinc-400" aria-hidden />
        {label}
      </dt>
      <dd className="min-w-0 flex-1 text-sm text-zinc-100">{children}</dd>
    </div>
  );
}

export function InfoCard({
  title,
  id,
  children,
}: {
  title: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-surface-700/70 bg-surface-900/70 p-5"
    >
      <h2 id={id} className="mb-4 text-base font-bold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function InfoList({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="flex flex-col gap-3 text-sm">
      {items.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-4">
          <dt className="shrink-0 text-zinc-400">{term}</dt>
          <dd className="text-right font-medium text-zinc-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function DetailSkeleton() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 tablet:px-6 desktop:px-8" aria-busy="true">
      <span className="sr-only" role="status">
        콘서트 정보를 불러오는 중입니다
      </span>
      <div className="grid gap-8 tablet:grid-cols-[280px_1fr] desktop:grid-cols-[340px_1fr]">
        <Skeleton className="mx-auto aspect-[3/4] w-full max-w-[340px] rounded-2xl" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-6 w-20" />
          <Skeleton className="h-9 w-4/5" />
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="mt-4 h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-3/5" />
          <Skeleton className="mt-4 h-12 w-60" />
        </div>
      </div>
    </div>
  );
}

export function DetailMessageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-16 tablet:px-6">
      {children}
      <Link
        to="/concerts"
        className="mx-auto inline-flex items-center gap-1.5 text-sm font-semibold text-zinc-300 hover:text-white"
      >
        <ArrowLeft className="size-4" aria-hidden />
        모든 콘서트 보기
      </Link>
    </div>
  );
}

/** What the page shows instead of a concert: a bad id, not found, or nothing. */
export function ConcertDetailMessage({ message }: { message: string }) {
  return (
    <DetailMessageFrame>
      <EmptyState icon={FileQuestion} title={message} />
    </DetailMessageFrame>
  );
}
