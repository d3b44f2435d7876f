import { paymentMessages, paymentMethodMessages } from '@curtaincall/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatConcertSchedule } from '@/lib/format';
import { useCancelBookingMutation } from '../api/cancel-booking';
import { useDownloadTicketsPdfMutation } from '../api/download-tickets-pdf';
import {
  bookingDetailQueryKey,
  bookingsQueryRoot,
  type BookingDetailResponse,
} from '../api/get-booking-detail';
import { refundQuotesQueryRoot } from '../api/get-refund-quote';
import type { CancelChoice } from '../components/cancel-booking-dialog';
import { bookingTexts } from '../utils/booking-texts';
import { saveBlob } from '../utils/save-file';

/** How long the copy button shows its tick (buyer-side.md §9). */
export const COPY_TICK_MS = 2_000;

/** Writes text to the clipboard; throws where the browser has no clipboard (insecure origin). */
async function writeClipboard(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

function isAbort(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}

/**
 * A 409 on cancel means the booking is cancelled already (B009), as the spec reads it; a 409
 * with another code (attended B010, not payable M003) is a different refusal with its own text.
 */
function isAlreadyCancelled(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && (error.code ?? 'B009') === 'B009';
}

/** The refund changed since the quote was shown (the day turned): 409 with its own text. */
function isQuoteChanged(error: unknown): boolean {
  return (
    isApiError(error) && error.status === 409 && error.message === paymentMessages.quoteChanged
  );
}

/**
 * A 가상계좌 payment's refund goes to the buyer's bank account, and none is registered (issue 28,
 * 409 M007): the dialog stays open and asks for it.
 */
function isRefundAccountMissing(error: unknown): boolean {
  return isApiError(error) && error.code === 'M007';
}

/** The provider did not answer the refund in time: the server retries it on its own (502). */
function isRefundPending(error: unknown): boolean {
  return (
    isApiError(error) && error.status === 502 && error.message === paymentMessages.refundPending
  );
}

/** The shared text: the concert, its date and time, and the venue. */
export function shareText(booking: BookingDetailResponse): string {
  return [
    `${booking.concertTitle} 예매 완료!`,
    formatConcertSchedule(booking.concertDate, booking.startTime),
    booking.venueName,
  ].join('\n');
}

/**
 * The booking detail's actions (buyer-side.md §2, §8): copy the number, share, download the
 * tickets, cancel (all seats or some, for the refund the dialog quoted). Every outcome is a
 * toast, but a refund that changed since it was quoted, which the dialog says itself; the view
 * changes through the query cache.
 */
export function useBookingActions(booking: BookingDetailResponse) {
  const queryClient = useQueryClient();
  const detailKey = bookingDetailQueryKey(booking.bookingNumber);
  const [isCopied, setIsCopied] = useState(false);
  const [isCancelDialogOpen, setIsCancelDialogOpen] = useState(false);
  const [cancelNotice, setCancelNotice] = useState<string | null>(null);
  const [refundAccountNotice, setRefundAccountNotice] = useState<string | null>(null);
  const copyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cancelMutation = useCancelBookingMutation();
  const downloadMutation = useDownloadTicketsPdfMutation();

  useEffect(() => () => clearTimeout(copyTimer.current), []);

  const copyBookingNumber = async () => {
    try {
      await writeClipboard(booking.bookingNumber);
    } catch {
      toast.error(bookingTexts.copyFailed);
      return;
    }
    toast.success(bookingTexts.copySuccess);
    setIsCopied(true);
    clearTimeout(copyTimer.current);
    copyTimer.current = setTimeout(() => setIsCopied(false), COPY_TICK_MS);
  };

  const share = async () => {
    if (typeof navigator.share !== 'function') {
      await copyBookingNumber();
      return;
    }
    try {
      await navigator.share({
        title: booking.concertTitle,
        text: shareText(booking),
        url: window.location.href,
      });
    } catch (error) {
      // Closing the share sheet is the user's choice, not a failure.
      if (!isAbort(error)) toast.error(bookingTexts.shareFailed);
    }
  };

  const downloadTickets = () => {
    if (booking.bookingStatus === 'CANCELED') {
      toast.error(bookingTexts.cancelledDownload);
      return;
    }
    if (downloadMutation.isPending) return;
    downloadMutation.mutate(booking.bookingNumber, {
      onSuccess: ({ blob, fileName }) => {
        saveBlob(blob, fileName);
        toast.success(bookingTexts.downloadDone);
      },
      onError: (error) => toast.error(getErrorMessage(error, bookingTexts.downloadFailed)),
    });
  };

  const markCancelled = () => {
    queryClient.setQueryData<BookingDetailResponse>(detailKey, (current) =>
      current ? { ...current, bookingStatus: 'CANCELED' } : current,
    );
  };

  const openCancelDialog = () => {
    setCancelNotice(null);
    setRefundAccountNotice(null);
    setIsCancelDialogOpen(true);
  };
  const closeCancelDialog = () => {
    if (!cancelMutation.isPending) setIsCancelDialogOpen(false);
  };

  const confirmCancel = ({ ticketIds, expectedRefund, isWhole }: CancelChoice) => {
    if (cancelMutation.isPending) return;
    if (booking.bookingStatus === 'CANCELED') {
      setIsCancelDialogOpen(false);
      toast.error(bookingTexts.alreadyCancelled);
      return;
    }
    const body = ticketIds ? { ticketIds, expectedRefund } : { expectedRefund };
    setRefundAccountNotice(null);
    cancelMutation.mutate(
      { bookingId: booking.bookingId, body },
      {
        onSuccess: () => {
          setIsCancelDialogOpen(false);
          toast.success(isWhole ? bookingTexts.cancelSuccess : paymentMessages.partiallyCancelled);
          // The detail (and any booking list) reloads with the refunded state.
          void queryClient.invalidateQueries({ queryKey: bookingsQueryRoot });
        },
        onError: (error) => {
          // The dialog stays and asks for the account; 취소하기 once it is saved.
          if (isRefundAccountMissing(error)) {
            setRefundAccountNotice(
              getErrorMessage(error, paymentMethodMessages.refundAccountRequired),
            );
            return;
          }
          // The dialog stays with the new figure to confirm again.
          if (isQuoteChanged(error)) {
            setCancelNotice(paymentMessages.quoteChanged);
            void queryClient.invalidateQueries({ queryKey: refundQuotesQueryRoot });
            return;
          }
          setIsCancelDialogOpen(false);
          if (isRefundPending(error)) {
            toast.warning(paymentMessages.refundPending);
            void queryClient.invalidateQueries({ queryKey: bookingsQueryRoot });
            return;
          }
          if (isAlreadyCancelled(error)) {
            toast.error(bookingTexts.alreadyCancelled);
            markCancelled();
            return;
          }
          toast.error(getErrorMessage(error, bookingTexts.cancelFailed));
          if (isApiError(error) && error.status === 409) {
            void queryClient.invalidateQueries({ queryKey: detailKey });
          }
        },
      },
    );
  };

  return {
    isCopied,
    copyBookingNumber,
    share,
    downloadTickets,
    isDownloading: downloadMutation.isPending,
    isCancelDialogOpen,
    cancelNotice,
    refundAccountNotice,
    openCancelDialog,
    closeCancelDialog,
    confirmCancel,
    isCancelling: cancelMutation.isPending,
  };
}
