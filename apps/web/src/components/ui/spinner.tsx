import { clsx } from 'clsx';

export function Spinner({
  className,
  label = '불러오는 중입니다',
}: {
  className?: string;
  label?: string;
}) {
  return (
    <span role="status" className={clsx('inline-flex items-center', className)}>
      <span
        className="size-8 animate-spin rounded-full border-[3px] border-rose-500/25 border-t-rose-400"
        aria-hidden
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Fills the page area while something the page depends on (like the session) loads. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center py-20">
      <Spinner label={label} />
    </div>
  );
}
