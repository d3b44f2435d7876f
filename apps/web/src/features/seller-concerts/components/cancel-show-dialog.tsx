import { formatPerformanceLabel } from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage, isApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { invalidateConcertViews } from '../api/seller-concerts-api';
import { cancelShow } from '../api/seller-shows-api';
import { sellerConcertTexts } from '../utils/seller-concert-texts';
import { openPerformances, type ShowGroup } from '../utils/show-groups';
import { cancelledMessage } from './cancel-concert-dialog';

interface CancelShowDialogProps {
  sellerId: number;
  show: ShowGroup | null;
  onClose: () => void;
}

/**
 * 공연 전체 취소 (`POST /seller/shows/{showId}/cancel`, issue 26): a confirmation naming every
 * performance it cancels and saying that all their buyers are refunded. Refusals show in the
 * dialog; the toast says how many refunds the job will make.
 */
export function CancelShowDialog({ sellerId, show, onClose }: CancelShowDialogProps) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: (showId: number) => cancelShow(sellerId, showId),
    onSuccess: async ({ show: cancelled, message }) => {
      const pending = cancelled.performances.reduce((sum, p) => sum + p.refundsPending, 0);
      toast.success(cancelledMessage(message, pending));
      onClose();
      await invalidateConcertViews(queryClient);
    },
    onError: async (error) => {
      if (isApiError(error) && error.status === 409) await invalidateConcertViews(queryClient);
    },
  });

  const close = () => {
    if (cancel.isPending) return;
    cancel.reset();
    onClose();
  };

  const open = show ? openPerformances(show) : [];

  return (
    <Modal
      isOpen={show !== null}
      onClose={close}
      title="공연 전체 취소"
      size="medium"
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={cancel.isPending}>
            돌아가기
          </Button>
          <Button onClick={() => show && cancel.mutate(show.showId)} isLoading={cancel.isPending}>
            공연 전체 취소
          </Button>
        </>
      }
    >
      {show && (
        <div className="flex flex-col gap-4 text-sm text-zinc-300">
          <div>
            <p className="text-base font-bold text-white">{show.title}</p>
            <p className="text-zinc-400">{show.artist}</p>
          </div>
          <p className="flex items-start gap-2 rounded-xl border border-amber-400/30 bg-amber-500/10 px-4 py-3 text-amber-100">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              이 공연의 모든 회차({formatNumber(open.length)}개)가 취소됩니다. 취소하면 되돌릴 수
              없습니다. 모든 회차의 결제된 예매가 전액 환불되고, 좌석 선점과 대기열이 종료됩니다.
            </span>
          </p>
          {open.length > 0 && (
            <div>
              <p className="mb-1 text-xs font-semibold text-zinc-400">취소되는 회차</p>
              <ul className="flex flex-col gap-0.5 text-zinc-200">
                {open.map((concert) => (
                  <li key={concert.concertId}>
                    {formatPerformanceLabel(concert.concertDate, concert.startTime)}
                  </li>
                ))}
              </ul>
            </div>
          )}
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
