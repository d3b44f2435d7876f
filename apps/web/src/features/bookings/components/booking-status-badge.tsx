import type { BookingStatus } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { CircleCheck, CircleX, Clock3, Landmark, TicketCheck } from 'lucide-react';
import type { ComponentType } from 'react';
import {
  bookingStatusTone,
  bookingStatusToneLabels,
  type BookingStatusTone,
} from '../utils/booking-status';

const toneStyle: Record<
  BookingStatusTone,
  { icon: ComponentType<{ className?: string }>; className: string }
> = {
  confirmed: {
    icon: CircleCheck,
    className: 'bg-emerald-500/15 text-emerald-300 ring-emerald-400/40',
  },
  completed: { icon: TicketCheck, className: 'bg-zinc-500/15 text-zinc-300 ring-zinc-400/30' },
  canceled: { icon: CircleX, className: 'bg-red-500/15 text-red-300 ring-red-400/40' },
  awaitingDeposit: {
    icon: Landmark,
    className: 'bg-sky-500/15 text-sky-200 ring-sky-400/40',
  },
  pending: { icon: Clock3, className: 'bg-amber-500/15 text-amber-300 ring-amber-400/40' },
};

/** The booking status label of buyer-side.md §4 with its colour. */
export function BookingStatusBadge({
  status,
  className,
}: {
  status: BookingStatus;
  className?: string;
}) {
  const tone = bookingStatusTone(status);
  const { icon: Icon, className: toneClass } = toneStyle[tone];
  return (
    <span
      data-testid="booking-status"
      data-tone={tone}
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-bold ring-1',
        toneClass,
        className,
      )}
    >
      <Icon className="size-4" aria-hidden />
      {bookingStatusToneLabels[tone]}
    </span>
  );
}
