import { CircleAlert, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

interface CommunityDeleteDialogProps {
  isOpen: boolean;
  /** '관람평' or '기대평'. */
  noun: string;
  onClose: () => void;
  onConfirm: () => void;
  isDeleting: boolean;
  error: string | null;
}

/** Asks before a review or expectation is deleted (buyer-side.md §5 "Other"). */
export function CommunityDeleteDialog({
  isOpen,
  noun,
  onClose,
  onConfirm,
  isDeleting,
  error,
}: CommunityDeleteDialogProps) {
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      size="small"
      title={`${noun} 삭제`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={isDeleting} data-autofocus>
            취소
          </Button>
          <Button onClick={onConfirm} isLoading={isDeleting}>
            <Trash2 className="size-4" aria-hidden />
            삭제하기
          </Button>
        </>
      }
    >
      <p className="text-sm leading-relaxed text-zinc-300">
        {noun}을 삭제하시겠습니까? 삭제한 {noun}은 되돌릴 수 없습니다.
      </p>
      {error && (
        <p
          role="alert"
          className="mt-4 flex items-start gap-2 rounded-xl border border-rose-500/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {error}
        </p>
      )}
    </Modal>
  );
}
