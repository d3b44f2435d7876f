import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

export const restrictedViewTexts = {
  title: '시야 제한석',
  message: '시야 제한석입니다. 무대 일부가 보이지 않을 수 있습니다. 선택하시겠습니까?',
  confirm: '선택',
  cancel: '취소',
} as const;

interface RestrictedViewDialogProps {
  /** The seat asked about ('R석 A구역 1열 3번'), or null when the dialog is closed. */
  seatName: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The question before a restricted-view seat is held (issue 25, point 5): 선택 holds it, 취소
 * (or Escape, or the backdrop) leaves it free. Focus starts on 취소, so a stray Enter holds
 * nothing, and goes back to the seat on close.
 */
export function RestrictedViewDialog({ seatName, onConfirm, onCancel }: RestrictedViewDialogProps) {
  return (
    <Modal
      isOpen={seatName !== null}
      onClose={onCancel}
      size="small"
      title={restrictedViewTexts.title}
      description={restrictedViewTexts.message}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} data-autofocus>
            {restrictedViewTexts.cancel}
          </Button>
          <Button onClick={onConfirm}>{restrictedViewTexts.confirm}</Button>
        </>
      }
    >
      <p className="rounded-xl bg-surface-850 px-4 py-3 text-sm font-semibold text-zinc-100">
        {seatName}
      </p>
    </Modal>
  );
}
