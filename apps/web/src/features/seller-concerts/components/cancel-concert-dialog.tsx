import { formatPerformanceLabel, type SellerConcert } from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatConcertSchedule } from '@/lib/format';
import { cancelConcert, invalidateConcertViews } from '../api/seller-concerts-api';
import { sellerConcertTexts } from '../utils/seller-concert-texts';

interface CancelConcertDialogProps {
  sellerId: number;
  concert: SellerConcert | null;
  /**
   * Issue 26: the concert is one performance of a show of several, and only it is cancelled:
   * the dialog says '이 회차 취소' and that only its buyers are refunded.
   */
  isPerformance?: boolean;
  onClose: () => void;
}

/**
 * The message a cancel gives: it answers before any refund is made, so it says how many paid
 * bookings will be refunded and where to watch them (the list's 환불 진행 badge).
 */
export function cancelledMessage(message: string, refundsPending: number): string {
  return refundsPending > 0
    ? `${message} 결제된 예매 ${refundsPending}건의 환불을 차례로 진행합니다. 진행 상황은 목록에서 확인할 수 있습니다.`
    : message;
}

/**
 * Cancelling a concert (`DELETE /seller/concerts/{id}`): a confirmation that says what happens
 * to the buyers (every paid booking refunded, holds and the queue ended). 409
 * '이미 취소된 콘서트입니다.' and the other refusals are shown in the dialog. For one performance of
 * a show, the same call cancels that performance alone.
 */
export function CancelConcertDialog({
  sellerId,
  concert,
  isPerformance = false,
  onClose,
}: CancelConcertDialogProps) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (concertId: number) => cancelConcert(sellerId, concertId),
    onSuccess: async ({ concert: cancelled, message }) => {
      toast.success(cancelledMessage(message, cancelled.refundsPending));
      onClose();
      await invalidateConcertViews(queryClient);
    },
    onError: async (error) => {
      // Someone else (another tab) may have cancelled it: the list shows the truth again.
      if (isApiError(error) && error.status === 409) await invalidateConcertViews(queryClient);
    },
  });

  const close = () => {
    if (cancel.isPending) return;
    cancel.reset();
    onClose();
  };

  return (
    <Modal
      isOpen={concert !== null}
      onClose={close}
      title={isPerformance ? '이 회차 취소' : '콘서트 취소'}
      size="medium"
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={cancel.isPending}>
            돌아가기
          </Button>
          <Button
            onClick={() => concert && cancel.mutate(concert.concertId)}
            isLoading={cancel.isPending}
          >
            {isPerformance ? '이 회차 취소' : '콘서트 취소'}
          </Button>
        </>
      }
    >
      {concert && (
        <div className="flex flex-col gap-4 text-sm text-zinc-300">
          <div>
            <p className="text-base font-bold text-white">{concert.title}</p>
            <p className="text-zinc-400">
              {concert.artist} · {formatConcertSchedule(concert.concertDate, concert.startTime)}
            </p>
          </div>
          <p className="flex items-start gap-2 rounded-xl border border-amber-400/30 bg-amber-500/10 px-4 py-3 text-amber-100">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {isPerformance ? (
              <span>
                {formatPerformanceLabel(concert.concertDate, concert.startTime)} 회차만 취소합니다.
                취소하면 되돌릴 수 없습니다. 이 회차의 결제된 예매만 전액 환불되고, 이 회차의 좌석
                선점과 대기열이 종료됩니다. 다른 회차의 예매와 판매는 그대로입니다.
              </span>
            ) : (
              <span>
                취소하면 되돌릴 수 없습니다. 결제된 모든 예매가 전액 환불되고, 좌석 선점과 대기열이
                종료됩니다.
              </span>
            )}
          </p>
          {cancel.isError && (
            <p
              role="alert"
              className="rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-rose-200"
            >
              {getErrorMessage(cancel.error, sellerConcertTexts.submitFailed)}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
