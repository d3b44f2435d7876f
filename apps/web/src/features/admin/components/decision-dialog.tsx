import { sellerMessages, type SellerApplication } from '@curtaincall/contracts';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal, ModalDismissButton } from '@/components/ui/modal';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast-store';
import { useDecideApplication } from '../api/decide-application';
import { actionErrorMessage, adminTexts } from '../utils/admin-texts';

export type DecisionMode = 'approve' | 'reject';

interface DecisionDialogProps {
  application: SellerApplication | null;
  mode: DecisionMode;
  onClose: () => void;
}

/**
 * Confirms an approval, or asks for the rejection's reason (required, trimmed:
 * '반려 시 사유는 필수입니다.'), then decides (seller-admin-side.md §2, §5).
 */
export function DecisionDialog({ application, mode, onClose }: DecisionDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideApplication();
  const isReject = mode === 'reject';

  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };

  const confirm = () => {
    if (!application) return;
    if (isReject && !reason.trim()) {
      setError(sellerMessages.rejectReasonRequired);
      return;
    }
    setError(null);
    decide.mutate(
      isReject
        ? { userId: application.userId, approve: false, reason }
        : { userId: application.userId, approve: true },
      {
        onSuccess: () => {
          toast.success(isReject ? adminTexts.rejectedToast : adminTexts.approvedToast);
          close();
        },
        onError: (failure) => setError(actionErrorMessage(failure, adminTexts.decisionFailed)),
      },
    );
  };

  const who = application ? `${application.userNickname} (${application.username})` : '';
  return (
    <Modal
      isOpen={application !== null}
      onClose={close}
      hasUnsavedChanges={reason.trim() !== ''}
      size="small"
      title={isReject ? '판매자 신청 반려' : '판매자 신청 승인'}
      description={application ? `${application.companyName} · ${who}` : undefined}
      footer={
        <>
          <ModalDismissButton>취소</ModalDismissButton>
          <Button onClick={confirm} isLoading={decide.isPending}>
            {isReject ? '반려' : '승인'}
          </Button>
        </>
      }
    >
      {isReject ? (
        <TextAreaField
          label="반려 사유"
          rows={4}
          maxLength={255}
          value={reason}
          data-autofocus
          placeholder="신청자에게 전달될 반려 사유를 입력해주세요."
          onChange={(event) => {
            setReason(event.target.value);
            if (error) setError(null);
          }}
          error={error ?? undefined}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-zinc-200">
            이 신청을 승인하면 <strong className="text-white">{who}</strong>님이 즉시 판매자 권한을
            갖게 됩니다. 승인하시겠습니까?
          </p>
          {error && (
            <p role="alert" className="text-sm text-rose-300">
              {error}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}
