import type { SellerConcert } from '@curtaincall/contracts';
import { useRef } from 'react';
import { Modal } from '@/components/ui/modal';
import type { SavedConcert } from '../api/seller-concerts-api';
import { ConcertForm, type ConcertFormHandle } from './concert-form';

interface ConcertFormModalProps {
  isOpen: boolean;
  sellerId: number;
  /** Edit mode when given, create mode otherwise. */
  concert: SellerConcert | null;
  onClose: () => void;
  onSaved?: (saved: SavedConcert) => void;
}

/**
 * The concert form in a dialog (the manage page's create and edit): Escape, the backdrop and
 * the close button all go through the form, which asks before dropping unsaved work.
 */
export function ConcertFormModal({
  isOpen,
  sellerId,
  concert,
  onClose,
  onSaved,
}: ConcertFormModalProps) {
  const formRef = useRef<ConcertFormHandle>(null);
  return (
    <Modal
      isOpen={isOpen}
      onClose={() => formRef.current?.requestClose()}
      title={concert ? '콘서트 수정' : '콘서트 등록'}
      description={concert ? concert.title : '새 콘서트의 정보를 입력해주세요.'}
      size="large"
    >
      <ConcertForm
        // A new concert (or another one) starts from a fresh form.
        key={concert?.concertId ?? 'new'}
        ref={formRef}
        sellerId={sellerId}
        concert={concert ?? undefined}
        closeLabel="닫기"
        onClosed={onClose}
        onSaved={(saved) => {
          onSaved?.(saved);
          onClose();
        }}
      />
    </Modal>
  );
}
