import { clsx } from 'clsx';
import type { ComponentType, ReactNode } from 'react';

interface DetailCardProps {
  id: string;
  title: string;
  icon: ComponentType<{ className?: string }>;
  /** Beside the title, e.g. a count. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One titled card of the booking detail. */
export function DetailCard({ id, title, icon: Icon, aside, className, children }: DetailCardProps) {
  return (
    <section
      aria-labelledby={id}
      className={clsx(
        'rounded-2xl border border-surface-700/70 bg-surface-900/70 p-5 tablet:p-6',
        className,
      )}
    >
      <div className="mb-4 flex items-center gap-2">
        <Icon className="size-5 shrink-0 text-rose-300" aria-hidden />
        <h2 id={id} className="text-base font-bold text-white tablet:text-lg">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
