import { concertStatusLabels, type ConcertStatus } from '@curtaincall/contracts';
import { clsx } from 'clsx';

const statusClass: Record<ConcertStatus, string> = {
  ON_SALE: 'bg-rose-700 text-white',
  SCHEDULED: 'bg-sky-700 text-white',
  SOLD_OUT: 'bg-zinc-700 text-zinc-100',
  CANCELLED: 'bg-red-950 text-red-200 ring-1 ring-red-500/50',
  COMPLETED: 'bg-zinc-800 text-zinc-300',
};

export function ConcertStatusBadge({
  status,
  className,
}: {
  status: ConcertStatus;
  className?: string;
}) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-md px-2 py-0.5 text-xs font-bold tracking-tight shadow-sm',
        statusClass[status],
        className,
      )}
    >
      {concertStatusLabels[status]}
    </span>
  );
}
