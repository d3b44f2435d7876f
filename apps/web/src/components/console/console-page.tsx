import { clsx } from 'clsx';
import type { ReactNode } from 'react';

interface ConsolePageProps {
  title: string;
  description?: ReactNode;
  /** Buttons at the right of the title (under it on phones). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every seller and admin page: its level-1 heading, a line of help, actions. */
export function ConsolePage({ title, description, actions, children }: ConsolePageProps) {
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3 tablet:flex-row tablet:items-end tablet:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-white desktop:text-3xl">{title}</h1>
          {description && <div className="mt-1.5 text-sm text-zinc-400">{description}</div>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>
      {children}
    </div>
  );
}

/** A dark panel with an optional heading. */
export function ConsoleCard({
  title,
  actions,
  children,
  className,
}: {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={clsx(
        'rounded-2xl border border-surface-700 bg-surface-900/70 p-4 tablet:p-6',
        className,
      )}
    >
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          {title && <h2 className="text-lg font-bold text-white">{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

export type BadgeTone = 'neutral' | 'pending' | 'success' | 'danger' | 'info' | 'warning';

const toneClass: Record<BadgeTone, string> = {
  neutral: 'bg-zinc-500/15 text-zinc-300 ring-zinc-400/30',
  pending: 'bg-amber-500/15 text-amber-200 ring-amber-400/30',
  success: 'bg-emerald-500/15 text-emerald-200 ring-emerald-400/30',
  danger: 'bg-rose-500/15 text-rose-200 ring-rose-400/40',
  info: 'bg-sky-500/15 text-sky-200 ring-sky-400/30',
  warning: 'bg-orange-500/15 text-orange-200 ring-orange-400/40',
};

export function Badge({
  tone = 'neutral',
  children,
  title,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  title?: string;
}) {
  return (
    <span
      title={title}
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1',
        toneClass[tone],
      )}
    >
      {children}
    </span>
  );
}

/** A term and its value in an info list. */
export function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-white/5 py-3 last:border-b-0 tablet:flex-row tablet:items-baseline tablet:gap-4">
      <dt className="shrink-0 text-sm text-zinc-400 tablet:w-36">{label}</dt>
      <dd className="min-w-0 text-zinc-100 break-words">{children}</dd>
    </div>
  );
}
