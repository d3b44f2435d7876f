import type { SellerApplication } from '@curtaincall/contracts';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal, ModalDismissButton } from '@/components/ui/modal';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast-store';
import { useRevokeSeller } from '../api/revoke-seller';
import { actionErrorMessage, adminTexts } from '../utils/admin-texts';

/**
 * Forced revoke of a seller: a reason is required ('강제 권한 해제 사유는 필수입니다.'), the
 * confirm button stays disabled while it is empty, and the warning says it cannot be undone.
 */
export function RevokeDialog({
  seller,
  onClose,
}: {
  seller: SellerApplication | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const revoke = useRevokeSeller();

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };

  const confirm = () => {
    if (!seller || !reason.trim()) return;
    setError(null);
    revoke.mutate(
      { userId: seller.userId, reason },
      {
        onSuccess: () => {
          toast.success(adminTexts.revokedToast);
          close();
        },
        onError: (failure) => setError(actionErrorMessage(failure, adminTexts.revokeFailed)),
      },
    );
  };

  return (
    <Modal
      isOpen={seller !== null}
      onClose={close}
      hasUnsavedChanges={reason.trim() !== ''}
      title="판매자 권한 강제 해제"
      description={
        seller ? `${seller.companyName} · ${seller.userNickname} (${seller.username})` : undefined
      }
      footer={
        <>
          <ModalDismissButton>취소</ModalDismissButton>
          <Button onClick={confirm} disabled={!reason.trim()} isLoading={revoke.isPending}>
            강제 해제
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="flex items-start gap-2 rounded-xl border border-amber-400/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {adminTexts.revokeWarning}
        </p>
        <TextAreaField
          label="해제 사유 (필수)"
          rows={4}
          maxLength={255}
          value={reason}
          data-autofocus
          placeholder="판매자에게 전달될 해제 사유를 입력해주세요."
          onChange={(event) => setReason(event.target.value)}
        />
        {error && (
          <p role="alert" className="text-sm text-rose-300">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
