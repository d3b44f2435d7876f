import { clsx } from 'clsx';
import { Ban, Ticket } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { getBookingAction, getClosedBookingNotice } from '../utils/booking-action';

interface ConcertBookingButtonProps {
  status: string;
  onBook: () => void;
  /** Shows a spinner on the button while the booking call is on its way. */
  isBooking?: boolean;
  /** A line beside the button on the fixed mobile bar, e.g. the price range. */
  caption?: string;
}

/**
 * The booking button of buyer-side.md §4, inline from tablet up and fixed to the bottom of the
 * screen on mobile. Cancelled and completed concerts get a notice instead of a button.
 */
export function ConcertBookingButton({
  status,
  onBook,
  isBooking = false,
  caption,
}: ConcertBookingButtonProps) {
  const action = getBookingAction(status);
  if (!action) {
    const notice = getClosedBookingNotice(status);
    return notice ? (
      <p className="flex items-start gap-2 rounded-xl border border-surface-700 bg-surface-900 px-4 py-3 text-sm text-zinc-300">
        <Ban className="mt-0.5 size-4 shrink-0 text-zinc-400" aria-hidden />
        {notice}
      </p>
    ) : null;
  }
  return (
    <div
      data-mobile-cta
      className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t border-white/10 bg-surface-950/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur-xl tablet:static tablet:z-auto tablet:border-0 tablet:bg-transparent tablet:p-0 tablet:backdrop-blur-none"
    >
      {caption && (
        <p className="min-w-0 flex-1 truncate text-sm font-semibold text-zinc-100 tablet:hidden">
          {caption}
        </p>
      )}
      <Button
        size="lg"
        onClick={onBook}
        disabled={!action.isEnabled}
        isLoading={isBooking}
        className={clsx(
          'tablet:w-full tablet:max-w-xs',
          caption ? 'min-w-36' : 'w-full',
          !action.isEnabled &&
            'disabled:bg-surface-700 disabled:text-zinc-400 disabled:shadow-none',
        )}
      >
        {action.isEnabled && !isBooking && <Ticket className="size-5" aria-hidden />}
        {action.label}
      </Button>
    </div>
  );
}
