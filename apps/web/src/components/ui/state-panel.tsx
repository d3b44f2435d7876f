import { clsx } from 'clsx';
import { CircleAlert, RotateCw } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Button } from './button';

interface ErrorStateProps {
  title: string;
  description?: ReactNode;
  onRetry?: () => void;
  isRetrying?: boolean;
  retryLabel?: string;
  className?: string;
  compact?: boolean;
}

/** A failed load: what failed, why, and a retry button. */
export function ErrorState({
  title,
  description,
  onRetry,
  isRetrying = false,
  retryLabel = '다시 시도',
  className,
  compact = false,
}: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={clsx(
        'flex flex-col items-center gap-4 rounded-2xl border border-surface-700 bg-surface-900/70 px-6 text-center',
        compact ? 'py-8' : 'py-12',
        className,
      )}
    >
      <CircleAlert className="size-8 text-rose-300" aria-hidden />
      <div>
        <p className="font-semibold text-zinc-100">{title}</p>
        {description && <p className="mt-1 text-sm text-zinc-400">{description}</p>}
      </div>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry} isLoading={isRetrying}>
          {!isRetrying && <RotateCw className="size-4" aria-hidden />}
          {retryLabel}
        </Button>
      )}
    </div>
  );
}

interface EmptyStateProps {
  icon: ComponentType<{ className?: string }>;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  compact?: boolean;
}

/** Nothing to show, said kindly, with an optional next step. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  children,
  className,
  compact = false,
}: EmptyStateProps) {
  return (
    <div
      className={clsx(
        'flex flex-col items-center gap-3 rounded-2xl border border-dashed border-surface-700 px-6 text-center',
        compact ? 'py-10' : 'py-14',
        className,
      )}
    >
      <Icon className="size-8 text-zinc-400" aria-hidden />
      <p className="text-zinc-300">{title}</p>
      {description && <p className="text-sm text-zinc-400">{description}</p>}
      {children}
    </div>
  );
}
