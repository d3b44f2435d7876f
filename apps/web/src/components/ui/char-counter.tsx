import { clsx } from 'clsx';

export type CounterTone = 'normal' | 'warning' | 'limit';

/** Counters turn amber at 90% of the limit and red at 100% (buyer-side.md §5). */
export function getCounterTone(length: number, max: number): CounterTone {
  if (length >= max) return 'limit';
  if (length >= max * 0.9) return 'warning';
  return 'normal';
}

const toneClass: Record<CounterTone, string> = {
  normal: 'text-zinc-400',
  warning: 'text-amber-400',
  limit: 'text-red-400',
};

/** '42/100' under a text field, coloured by how close it is to the limit. */
export function CharCounter({
  length,
  max,
  id,
  className,
}: {
  length: number;
  max: number;
  id?: string;
  className?: string;
}) {
  const tone = getCounterTone(length, max);
  return (
    <span
      id={id}
      data-tone={tone}
      aria-label={`${max}자 중 ${length}자 입력`}
      className={clsx('text-xs font-medium tabular-nums', toneClass[tone], className)}
    >
      {length}/{max}
    </span>
  );
}
