import { clsx } from 'clsx';
import { formatNumber } from '@/lib/format';

/** Whole percent sold, rounded down so a show is never shown 100 % before its last seat. */
export function soldPercent(sold: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((sold / total) * 100));
}

/** '판매 5 / 1,200석' with a bar: how far a concert's sale has come. */
export function SeatsSold({
  sold,
  total,
  className,
}: {
  sold: number;
  total: number;
  className?: string;
}) {
  const percent = soldPercent(sold, total);
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <p className="text-sm text-zinc-200 tabular-nums">
        <span className="text-zinc-400">판매 </span>
        {formatNumber(sold)}
        <span className="text-zinc-400"> / </span>
        {formatNumber(total)}석<span className="ml-1 text-xs text-zinc-400">({percent}%)</span>
      </p>
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-surface-700" aria-hidden>
        <div className="h-full rounded-full bg-rose-500" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
