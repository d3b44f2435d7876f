import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatConcertSchedule, formatPrice } from '@/lib/format';
import type { BookingDetailResponse } from '../api/get-booking-detail';

interface CancelBookingDialogProps {
  booking: BookingDetailResponse;
  isOpen: boolean;
  isCancelling: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** The confirmation before cancelling: 돌아가기 keeps the booking, 취소하기 cancels it. */
export function CancelBookingDialog({
  booking,
  isOpen,
  isCancelling,
  onClose,
  onConfirm,
}: CancelBookingDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      size="small"
      title="예매 취소 확인"
      description="예매를 취소하시겠습니까? 취소 후에는 복구할 수 없습니다."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isCancelling} data-autofocus>
            돌아가기
          </Button>
          <Button
            onClick={onConfirm}
            isLoading={isCancelling}
            className="bg-red-600 hover:bg-red-500 active:bg-red-700"
          >
            취소하기
          </Button>
        </>
      }
    >
      <dl className="flex flex-col gap-2 rounded-xl bg-surface-850 p-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="shrink-0 text-zinc-400">공연</dt>
          <dd className="text-right font-semibold text-zinc-100">{booking.concertTitle}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="shrink-0 text-zinc-400">일시</dt>
          <dd className="text-right text-zinc-100">
            {formatConcertSchedule(booking.concertDate, booking.startTime)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="shrink-0 text-zinc-400">좌석</dt>
          <dd className="text-right text-zinc-100">{booking.seatList.join(', ') || '-'}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-white/5 pt-2">
          <dt className="shrink-0 text-zinc-400">환불 예정 금액</dt>
          <dd className="text-right font-bold text-white">{formatPrice(booking.totalAmount)}</dd>
        </div>
      </dl>
    </Modal>
  );
}
