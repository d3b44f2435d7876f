import { paymentMessages, paymentMethodRules } from '@curtaincall/contracts';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatConcertSchedule } from '@/lib/format';
import type { BookingDetailResponse } from '../api/get-booking-detail';
import { useRefundQuote } from '../api/get-refund-quote';
import { activeTickets, companionsTakenAlong } from '../utils/booking-money';
import { CancelSeatPicker } from './cancel-seat-picker';
import { RefundQuoteView } from './refund-quote-view';

export const cancelDialogTexts = {
  title: '예매 취소 확인',
  description: '예매를 취소하시겠습니까? 취소 후에는 복구할 수 없습니다.',
  back: '돌아가기',
  confirm: '취소하기',
} as const;

/** What the buyer confirmed: the seats (null: all of them) and the refund the quote showed. */
export interface CancelChoice {
  ticketIds: number[] | null;
  expectedRefund: number;
  /** Every seat still booked goes: the spec's whole cancel. */
  isWhole: boolean;
}

/**
 * The 환불 계좌 step a 가상계좌 booking needs before its cancel (issue 28). The form belongs to
 * another feature, so the app layer hands it in; this feature only asks it whether an account
 * stands and tells it the server's reason when the cancel was refused for want of one.
 */
export interface RefundAccountStepProps {
  /** The server's refusal (409 M007), or null. */
  notice: string | null;
  /** Whether a registered account stands; the cancel is offered only then. */
  onReadyChange: (ready: boolean) => void;
}
export type RefundAccountStepComponent = ComponentType<RefundAccountStepProps>;

interface CancelBookingDialogProps {
  booking: BookingDetailResponse;
  isOpen: boolean;
  isCancelling: boolean;
  /** Said above the quote, e.g. that the refund changed since it was shown (409). */
  notice: string | null;
  /** The server refused the cancel for want of a refund account (409 M007): its message. */
  refundAccountNotice?: string | null;
  /**
   * Asks a 가상계좌 buyer for the refund account (the app layer's composition). Without it the
   * cancel goes as a card's, and the server's 409 M007 is said as the notice.
   */
  RefundAccountStep?: RefundAccountStepComponent | undefined;
  onClose: () => void;
  onConfirm: (choice: CancelChoice) => void;
}

/** A deposit came by bank transfer, so its refund needs the buyer's account (the rules table). */
export function needsRefundAccount(booking: BookingDetailResponse): boolean {
  const method = booking.payment?.method ?? booking.paymentMethod;
  return method !== null && paymentMethodRules[method].needsRefundAccount;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="shrink-0 text-zinc-400">{term}</dt>
      <dd className="text-right text-zinc-100">{children}</dd>
    </div>
  );
}

/** The dialog while open: its selection starts afresh (every seat) on each opening. */
function OpenCancelDialog({
  booking,
  isCancelling,
  notice,
  refundAccountNotice = null,
  RefundAccountStep,
  onClose,
  onConfirm,
}: Omit<CancelBookingDialogProps, 'isOpen'>) {
  const asksForAccount = RefundAccountStep !== undefined && needsRefundAccount(booking);
  const [isAccountReady, setIsAccountReady] = useState(false);
  const money = booking.money;
  const tickets = money ? activeTickets(money) : [];
  const [unchecked, setUnchecked] = useState<ReadonlySet<number>>(new Set());
  const chosen = new Set(tickets.filter((t) => !unchecked.has(t.ticketId)).map((t) => t.ticketId));
  const takenAlong = money ? companionsTakenAlong(chosen, money.tickets) : new Set<number>();
  const selected = tickets
    .map((ticket) => ticket.ticketId)
    .filter((id) => chosen.has(id) || takenAlong.has(id));
  const isWhole = !money || selected.length === tickets.length;
  const hasSelection = !money || selected.length > 0;
  const quote = useRefundQuote(booking.bookingNumber, money ? selected : null, hasSelection);
  const current = hasSelection && !quote.isPlaceholderData ? quote.data : undefined;
  const canConfirm =
    current !== undefined &&
    current.cancellable &&
    !quote.isFetching &&
    !isCancelling &&
    (!asksForAccount || isAccountReady);

  const toggle = (ticketId: number) =>
    setUnchecked((previous) => {
      const next = new Set(previous);
      if (next.has(ticketId)) next.delete(ticketId);
      else next.add(ticketId);
      return next;
    });

  const confirm = () => {
    if (!canConfirm) return;
    onConfirm({
      ticketIds: isWhole ? null : selected,
      expectedRefund: current.refundTotal,
      isWhole,
    });
  };

  return (
    <Modal
      isOpen
      onClose={onClose}
      size="medium"
      title={cancelDialogTexts.title}
      description={cancelDialogTexts.description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isCancelling} data-autofocus>
            {cancelDialogTexts.back}
          </Button>
          <Button
            onClick={confirm}
            isLoading={isCancelling}
            disabled={!canConfirm}
            className="bg-red-600 hover:bg-red-500 active:bg-red-700"
          >
            {cancelDialogTexts.confirm}
          </Button>
        </>
      }
    >
      <dl className="flex flex-col gap-2 rounded-xl bg-surface-850 p-4 text-sm">
        <Row term="공연">
          <span className="font-semibold">{booking.concertTitle}</span>
        </Row>
        <Row term="일시">{formatConcertSchedule(booking.concertDate, booking.startTime)}</Row>
        {tickets.length <= 1 && <Row term="좌석">{booking.seatList.join(', ') || '-'}</Row>}
      </dl>
      {money && tickets.length > 1 && (
        <CancelSeatPicker
          tickets={tickets}
          selected={selected}
          takenAlong={takenAlong}
          onToggle={toggle}
          disabled={isCancelling}
        />
      )}
      {asksForAccount && (
        <RefundAccountStep notice={refundAccountNotice} onReadyChange={setIsAccountReady} />
      )}
      {!asksForAccount && refundAccountNotice && (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-amber-500/10 px-3 py-2 text-sm text-amber-200"
        >
          {refundAccountNotice}
        </p>
      )}
      {notice && (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-amber-500/10 px-3 py-2 text-sm text-amber-200"
        >
          {notice}
        </p>
      )}
      {hasSelection ? (
        <RefundQuoteView
          quote={quote.data}
          isStale={quote.isPlaceholderData || quote.isFetching}
          error={quote.isError ? quote.error : null}
          onRetry={() => void quote.refetch()}
        />
      ) : (
        <p role="alert" className="mt-4 text-sm text-rose-300">
          {paymentMessages.ticketIds}
        </p>
      )}
    </Modal>
  );
}

/**
 * The confirmation before cancelling (buyer-side.md §2: 돌아가기 / 취소하기), with the refund the
 * server quotes for it (issue 27): with several seats a checkbox each (all checked; a holder's
 * companion goes along), per seat the fee and the refund, and the total; fetched again on every
 * change. A booking past its cut-off shows why and cannot be confirmed. A 가상계좌 booking
 * (issue 28) first needs the buyer's refund account: 취소하기 waits for the step to have one.
 */
export function CancelBookingDialog({ isOpen, ...props }: CancelBookingDialogProps) {
  return isOpen ? <OpenCancelDialog {...props} /> : null;
}
