import { clsx } from 'clsx';
import { Download, Share2, Smartphone, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import type { BookingDetailResponse } from '../api/get-booking-detail';
import { ticketsPath } from '../utils/booking-links';
import {
  canCancelBooking,
  formatCancelDeadline,
  hasUsableTickets,
  isAwaitingDeposit,
} from '../utils/booking-status';
import { bookingTexts } from '../utils/booking-texts';

export const actionBarTexts = {
  awaitingDeposit: '입금이 확인되면 예매가 확정되고 티켓이 발급됩니다.',
} as const;

/** Medium on phones (two buttons a row, labels whole), large from tablet width. */
const responsiveSize = 'tablet:h-12 tablet:px-6 tablet:text-base';

interface BookingActionBarProps {
  booking: BookingDetailResponse;
  onDownload: () => void;
  isDownloading: boolean;
  onShare: () => void;
  onCancel: () => void;
}

/**
 * 티켓 다운로드, 모바일 티켓, 공유하기 and, for a confirmed paid booking, 예매 취소.
 * A cancelled booking's download stays pressable (aria-disabled) so it can say why it fails.
 */
export function BookingActionBar({
  booking,
  onDownload,
  isDownloading,
  onShare,
  onCancel,
}: BookingActionBarProps) {
  const isCancelled = booking.bookingStatus === 'CANCELED';
  // Issue 28: no ticket exists before the deposit, so none is offered, not even disabled.
  const awaitsDeposit = isAwaitingDeposit(booking.bookingStatus);
  const hasTickets = hasUsableTickets(booking.bookingStatus);
  const isCancellable = canCancelBooking(booking);
  const deadline = isCancellable
    ? formatCancelDeadline(booking.concertDate, booking.money?.cancelDeadlineDays)
    : null;

  let hint: string | null = null;
  if (isCancelled) hint = bookingTexts.cancelledDownload;
  else if (awaitsDeposit) hint = actionBarTexts.awaitingDeposit;
  else if (!hasTickets) hint = bookingTexts.unpaidTickets;
  else if (deadline) hint = `${deadline} 23:59까지 취소할 수 있습니다.`;

  return (
    <section
      aria-label="예매 관리"
      className="rounded-2xl border border-surface-700/70 bg-surface-900/70 p-4 tablet:p-5"
    >
      <div
        className={clsx(
          'grid gap-2 tablet:gap-3',
          awaitsDeposit
            ? 'grid-cols-1'
            : isCancellable
              ? 'grid-cols-2 desktop:grid-cols-4'
              : 'grid-cols-2 desktop:grid-cols-3',
        )}
      >
        {!awaitsDeposit && (
          <Button
            size="md"
            onClick={onDownload}
            isLoading={isDownloading}
            disabled={!hasTickets && !isCancelled}
            aria-disabled={isCancelled || undefined}
            className={clsx(responsiveSize, isCancelled && 'opacity-50')}
          >
            {!isDownloading && <Download className="size-5 shrink-0" aria-hidden />}
            티켓 다운로드
          </Button>
        )}
        {awaitsDeposit ? null : hasTickets ? (
          <Link
            to={ticketsPath(booking.bookingNumber)}
            className={clsx(buttonStyles({ variant: 'secondary', size: 'md' }), responsiveSize)}
          >
            <Smartphone className="size-5 shrink-0" aria-hidden />
            모바일 티켓
          </Link>
        ) : (
          <Button variant="secondary" size="md" disabled className={responsiveSize}>
            <Smartphone className="size-5 shrink-0" aria-hidden />
            모바일 티켓
          </Button>
        )}
        <Button variant="outline" size="md" onClick={onShare} className={responsiveSize}>
          <Share2 className="size-5 shrink-0" aria-hidden />
          공유하기
        </Button>
        {isCancellable && (
          <Button
            variant="outline"
            size="md"
            onClick={onCancel}
            className={clsx(
              responsiveSize,
              'border-red-500/50 text-red-300 hover:border-red-400 hover:bg-red-500/10',
            )}
          >
            <XCircle className="size-5 shrink-0" aria-hidden />
            예매 취소
          </Button>
        )}
      </div>
      {hint && <p className="mt-3 text-center text-xs text-zinc-400 tablet:text-sm">{hint}</p>}
    </section>
  );
}
