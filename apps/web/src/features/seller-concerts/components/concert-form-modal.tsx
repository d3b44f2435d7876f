import { formatPerformanceLabel, type SellerConcert } from '@curtaincall/contracts';
import { useRef } from 'react';
import { Modal } from '@/components/ui/modal';
import type { SavedConcert } from '../api/seller-concerts-api';
import { ConcertForm, type ConcertFormHandle } from './concert-form';

interface ConcertFormModalProps {
  isOpen: boolean;
  sellerId: number;
  /** Edit mode when given, create mode otherwise. */
  concert: SellerConcert | null;
  /** Issue 26: the concert is one performance of a show of several (its own fields only). */
  isPerformanceOfShow?: boolean;
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
  isPerformanceOfShow = false,
  onClose,
  onSaved,
}: ConcertFormModalProps) {
  const formRef = useRef<ConcertFormHandle>(null);
  return (
    <Modal
      isOpen={isOpen}
      onClose={() => formRef.current?.requestClose()}
      title={concert ? (isPerformanceOfShow ? '회차 수정' : '콘서트 수정') : '콘서트 등록'}
      description={
        concert
          ? isPerformanceOfShow
            ? `${concert.title} · ${formatPerformanceLabel(concert.concertDate, concert.startTime)} · 제목, 설명, 포스터 등 공연 정보는 '공연 정보 수정'에서 모든 회차를 함께 바꿉니다.`
            : concert.title
          : '새 콘서트의 정보를 입력해주세요.'
      }
      size="large"
    >
      <ConcertForm
        // A new concert (or another one) starts from a fresh form.
        key={concert?.concertId ?? 'new'}
        ref={formRef}
        sellerId={sellerId}
        concert={concert ?? undefined}
        isPerformanceOfShow={isPerformanceOfShow}
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
