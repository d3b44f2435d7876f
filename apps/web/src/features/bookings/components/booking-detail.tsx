import { ArrowLeft, Check, Copy, Home, ListOrdered, TicketX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { VirtualAccountCard } from '@/components/payment/virtual-account-card';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/state-panel';
import { ShortcutCard, ShortcutGrid, StatusScreen } from '@/components/ui/status-screen';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { useBookingDetail, type BookingDetailResponse } from '../api/get-booking-detail';
import { useBookingActions } from '../hooks/use-booking-actions';
import { fromBookingDetailState, myBookingsPath } from '../utils/booking-links';
import { hasReceipt, isAwaitingDeposit } from '../utils/booking-status';
import { bookingTexts } from '../utils/booking-texts';
import { BookingActionBar } from './booking-action-bar';
import { BookingMoneyCard } from './booking-money-card';
import { BookingNotices } from './booking-notices';
import { BookingPaymentCard } from './booking-payment-card';
import { BookingSeatsCard } from './booking-seats-card';
import { BookingSummaryCard, type PosterComponent } from './booking-summary-card';
import { BookingVenueCard } from './booking-venue-card';
import { CancelBookingDialog, type RefundAccountStepComponent } from './cancel-booking-dialog';

const pageClass = 'mx-auto w-full max-w-6xl px-4 py-6 tablet:px-6 tablet:py-8 desktop:px-8';

function BackToBookings() {
  return (
    <Link
      to={myBookingsPath}
      state={fromBookingDetailState}
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-zinc-300 hover:text-white"
    >
      <ArrowLeft className="size-4" aria-hidden />
      예매 내역으로
    </Link>
  );
}

/** No such booking for this user (404): what to do next. */
export function BookingNotFound() {
  return (
    <StatusScreen
      code="404"
      icon={TicketX}
      title={bookingTexts.notFound}
      description="예매번호를 다시 확인하시거나 마이페이지의 예매 내역에서 선택해주세요."
    >
      <ShortcutGrid>
        <ShortcutCard
          to={myBookingsPath}
          icon={ListOrdered}
          title="예매 내역"
          description="마이페이지에서 예매 내역을 확인합니다"
        />
        <ShortcutCard to="/" icon={Home} title="홈으로" description="커튼콜 메인으로 이동합니다" />
      </ShortcutGrid>
    </StatusScreen>
  );
}

function BookingDetailSkeleton() {
  return (
    <div className={pageClass} aria-busy="true">
      <span className="sr-only" role="status">
        예매 정보를 불러오는 중입니다
      </span>
      <Skeleton className="h-5 w-28" />
      <div className="mt-6 grid gap-6 desktop:grid-cols-[300px_1fr]">
        <Skeleton className="h-56 w-full rounded-2xl desktop:h-[560px]" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-32 w-full rounded-2xl" />
          <Skeleton className="h-40 w-full rounded-2xl" />
          <Skeleton className="h-40 w-full rounded-2xl" />
          <Skeleton className="h-20 w-full rounded-2xl" />
        </div>
      </div>
    </div>
  );
}

function BookingNumberCopy({
  bookingNumber,
  isCopied,
  onCopy,
}: {
  bookingNumber: string;
  isCopied: boolean;
  onCopy: () => void;
}) {
  return (
    <div className="flex items-center gap-2 rounded-xl bg-surface-900/80 px-3 py-2 ring-1 ring-surface-700/70">
      <span className="text-xs text-zinc-400">예매번호</span>
      <span className="font-mono text-sm font-bold tracking-wide text-white tablet:text-base">
        {bookingNumber}
      </span>
      <button
        type="button"
        onClick={onCopy}
        aria-label="예매번호 복사"
        className="flex size-8 items-center justify-center rounded-lg text-zinc-300 hover:bg-white/5 hover:text-white"
      >
        {isCopied ? (
          <Check className="size-4 text-emerald-300" aria-hidden />
        ) : (
          <Copy className="size-4" aria-hidden />
        )}
      </button>
    </div>
  );
}

function BookingDetailContent({
  booking,
  Poster,
  RefundAccountStep,
}: {
  booking: BookingDetailResponse;
  Poster: PosterComponent;
  RefundAccountStep?: RefundAccountStepComponent | undefined;
}) {
  const actions = useBookingActions(booking);
  // Issue 28: while a 가상계좌 waits for its money, the account is the booking's next step.
  const depositAccount = isAwaitingDeposit(booking.bookingStatus)
    ? (booking.payment?.virtualAccount ?? null)
    : null;
  return (
    <div className={pageClass}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackToBookings />
        <BookingNumberCopy
          bookingNumber={booking.bookingNumber}
          isCopied={actions.isCopied}
          onCopy={() => void actions.copyBookingNumber()}
        />
      </div>
      <div className="mt-6 grid items-start gap-5 desktop:grid-cols-[300px_1fr] desktop:gap-6">
        <BookingSummaryCard booking={booking} Poster={Poster} />
        <div className="flex min-w-0 flex-col gap-5">
          {depositAccount && <VirtualAccountCard account={depositAccount} />}
          <BookingVenueCard
            venueName={booking.venueName}
            venueAddress={booking.venueAddress}
            venuePhone={booking.venuePhone}
          />
          <BookingSeatsCard seats={booking.seatList} />
          <BookingPaymentCard booking={booking} />
          {booking.money && (
            <BookingMoneyCard
              money={booking.money}
              hasReceipt={hasReceipt(booking.paymentStatus)}
            />
          )}
          <BookingActionBar
            booking={booking}
            onDownload={actions.downloadTickets}
            isDownloading={actions.isDownloading}
            onShare={() => void actions.share()}
            onCancel={actions.openCancelDialog}
          />
          <BookingNotices cancelDeadlineDays={booking.money?.cancelDeadlineDays} />
        </div>
      </div>
      <CancelBookingDialog
        booking={booking}
        isOpen={actions.isCancelDialogOpen}
        isCancelling={actions.isCancelling}
        notice={actions.cancelNotice}
        refundAccountNotice={actions.refundAccountNotice}
        RefundAccountStep={RefundAccountStep}
        onClose={actions.closeCancelDialog}
        onConfirm={actions.confirmCancel}
      />
    </div>
  );
}

interface BookingDetailProps {
  bookingNumber: string;
  Poster: PosterComponent;
  /** The 환불 계좌 step a 가상계좌 booking's cancel asks first (issue 28; the app layer's). */
  RefundAccountStep?: RefundAccountStepComponent;
}

/**
 * /bookingDetail/{bookingNumber} (buyer-side.md §2): the booking with its concert, venue,
 * seats and payment, and the actions on it. 404 is its own screen; other failures toast.
 */
export function BookingDetail({ bookingNumber, Poster, RefundAccountStep }: BookingDetailProps) {
  const query = useBookingDetail(bookingNumber);
  const isNotFound = isApiError(query.error) && query.error.status === 404;
  const failedAt = query.isError && !isNotFound ? query.errorUpdatedAt : 0;
  const toastedAt = useRef(0);

  useEffect(() => {
    // One toast per failed load, even when an effect runs twice (StrictMode).
    if (!failedAt || toastedAt.current === failedAt) return;
    toastedAt.current = failedAt;
    toast.error(bookingTexts.loadFailed);
  }, [failedAt]);

  if (query.data) {
    return (
      <BookingDetailContent
        booking={query.data}
        Poster={Poster}
        RefundAccountStep={RefundAccountStep}
      />
    );
  }
  if (isNotFound) return <BookingNotFound />;
  if (query.isError) {
    return (
      <div className={pageClass}>
        <BackToBookings />
        <ErrorState
          className="mt-6"
          title={bookingTexts.loadFailed}
          description={getErrorMessage(query.error)}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      </div>
    );
  }
  return <BookingDetailSkeleton />;
}
