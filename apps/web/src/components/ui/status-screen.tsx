import { clsx } from 'clsx';
import { ChevronRight } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';

interface StatusScreenProps {
  /** Big faint code like '404'. */
  code?: string;
  icon: ComponentType<{ className?: string }>;
  title: string;
  description: ReactNode;
  children?: ReactNode;
}

/** The shared frame of the 403, 404 and error screens. */
export function StatusScreen({
  code,
  icon: Icon,
  title,
  description,
  children,
}: StatusScreenProps) {
  return (
    <section className="relative mx-auto flex w-full max-w-3xl flex-col items-center px-5 py-16 text-center tablet:py-24">
      {code && (
        <span
          className="pointer-events-none absolute top-6 -z-0 text-[7rem] leading-none font-black tracking-tighter text-white/[0.04] select-none tablet:text-[11rem]"
          aria-hidden
        >
          {code}
        </span>
      )}
      <span className="relative flex size-16 items-center justify-center rounded-2xl bg-rose-500/15 text-rose-300 ring-1 ring-rose-400/30">
        <Icon className="size-8" aria-hidden />
      </span>
      <h1 className="relative mt-6 text-2xl font-bold text-white tablet:text-3xl">{title}</h1>
      <div className="relative mt-3 max-w-xl text-base leading-relaxed text-zinc-300">
        {description}
      </div>
      {children && <div className="relative mt-10 w-full">{children}</div>}
    </section>
  );
}

export function ShortcutGrid({ children }: { children: ReactNode }) {
  return <ul className="grid grid-cols-1 gap-3 text-left tablet:grid-cols-2">{children}</ul>;
}

interface ShortcutCardProps {
  icon: ComponentType<{ className?: string }>;
  title: string;
  description: string;
  /** A route to open, or a click handler (e.g. going back). */
  to?: string;
  onClick?: () => void;
}

const cardClass =
  'group flex w-full items-center gap-4 rounded-2xl border border-surface-700 bg-surface-900/80 p-4 text-left transition-colors hover:border-rose-400/50 hover:bg-surface-850';

export function ShortcutCard({ icon: Icon, title, description, to, onClick }: ShortcutCardProps) {
  const content = (
    <>
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface-800 text-rose-300 group-hover:bg-rose-500/15">
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold text-zinc-50">{title}</span>
        <span className="text-sm text-zinc-400">{description}</span>
      </span>
      <ChevronRight className="size-5 text-zinc-400 group-hover:text-rose-300" aria-hidden />
    </>
  );
  return (
    <li>
      {to !== undefined ? (
        <Link to={to} className={cardClass}>
          {content}
        </Link>
      ) : (
        <button type="button" onClick={onClick} className={clsx(cardClass, 'cursor-pointer')}>
          {content}
        </button>
      )}
    </li>
  );
}
