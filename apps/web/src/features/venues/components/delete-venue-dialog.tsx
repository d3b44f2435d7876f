import type { VenueSummary } from '@curtaincall/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage } from '@/lib/api-client';
import { deleteVenue, invalidateVenues } from '../api/venues-api';

/** Deleting a venue, confirmed: concerts made from it keep their own copy of the layout. */
export function DeleteVenueDialog({
  venue,
  onClose,
}: {
  venue: VenueSummary | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (venueId: number) => deleteVenue(venueId),
    onSuccess: async (message) => {
      toast.success(message);
      onClose();
      await invalidateVenues(queryClient);
    },
  });
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  return (
    <Modal
      isOpen={venue !== null}
      onClose={close}
      title="공연장 삭제"
      size="small"
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={remove.isPending}>
            돌아가기
          </Button>
          <Button onClick={() => venue && remove.mutate(venue.id)} isLoading={remove.isPending}>
            삭제
          </Button>
        </>
      }
    >
      {venue && (
        <div className="flex flex-col gap-3 text-sm text-zinc-300">
          <p>
            <strong className="text-white">{venue.name}</strong>을(를) 삭제할까요?
          </p>
          {venue.concertCount > 0 && (
            <p>
              이 공연장으로 만든 콘서트 {venue.concertCount}개는 만들 때의 좌석 배치를 그대로
              유지합니다.
            </p>
          )}
          {remove.isError && (
            <p
              role="alert"
              className="rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-rose-200"
            >
              {getErrorMessage(remove.error, '공연장을 삭제하지 못했습니다.')}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
