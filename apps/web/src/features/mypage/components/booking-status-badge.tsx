import type { BookingStatus } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import {
  bookingStatusToneLabels,
  getBookingStatusTone,
  type BookingStatusTone,
} from '../utils/booking-status';

const toneClass: Record<BookingStatusTone, string> = {
  confirmed: 'bg-emerald-500/15 text-emerald-200 ring-1 ring-emerald-400/40',
  completed: 'bg-zinc-800 text-zinc-300 ring-1 ring-zinc-600/60',
  canceled: 'bg-red-950 text-red-200 ring-1 ring-red-500/50',
  awaitingDeposit: 'bg-sky-500/15 text-sky-200 ring-1 ring-sky-400/40',
  pending: 'bg-amber-500/15 text-amber-200 ring-1 ring-amber-400/40',
};

export function BookingStatusBadge({
  status,
  className,
}: {
  status: BookingStatus | string;
  className?: string;
}) {
  const tone = getBookingStatusTone(status);
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-md px-2 py-0.5 text-xs font-bold tracking-tight',
        toneClass[tone],
        className,
      )}
    >
      {bookingStatusToneLabels[tone]}
    </span>
  );
}
