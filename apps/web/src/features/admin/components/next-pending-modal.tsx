import { sellerMessages, type SellerApplication } from '@curtaincall/contracts';
import { Check, FileText, X } from 'lucide-react';
import { useId, useState } from 'react';
import { InfoRow } from '@/components/console/console-page';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast-store';
import { formatBusinessNumber, formatPhone } from '@/lib/business-format';
import { formatDateTime } from '@/lib/format';
import { useDecideApplication } from '../api/decide-application';
import { usePendingApplications } from '../api/get-pending-applications';
import { actionErrorMessage, adminTexts } from '../utils/admin-texts';
import { ApplicantFlags } from './applicant-flags';

interface NextPendingModalProps {
  isOpen: boolean;
  onClose: () => void;
  onViewDocument: (application: SellerApplication) => void;
}

function NextPendingForm({
  application,
  onDone,
  onViewDocument,
}: {
  application: SellerApplication;
  onDone: () => void;
  onViewDocument: (application: SellerApplication) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideApplication();
  const errorId = useId();

  const submit = (approve: boolean) => {
    if (!approve && !reason.trim()) {
      setError(sellerMessages.rejectReasonRequired);
      return;
    }
    setError(null);
    decide.mutate(
      approve
        ? { userId: application.userId, approve: true }
        : { userId: application.userId, approve: false, reason },
      {
        onSuccess: () => {
          toast.success(approve ? adminTexts.approvedToast : adminTexts.rejectedToast);
          onDone();
        },
        // Failures stay inside the modal, under the form (seller-admin-side.md §8).
        onError: (failure) => setError(actionErrorMessage(failure, adminTexts.processFailed)),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-white">
          {application.userNickname}{' '}
          <span className="text-sm font-normal text-zinc-400">({application.username})</span>
        </p>
        <ApplicantFlags
          reapplicant={application.reapplicant}
          everRevoked={application.everRevoked}
        />
      </div>
      <dl>
        <InfoRow label="업체명">{application.companyName}</InfoRow>
        <InfoRow label="사업자등록번호">{formatBusinessNumber(application.businessNumber)}</InfoRow>
        <InfoRow label="대표자">
          {application.representativeName} · {formatPhone(application.representativePhone)}
        </InfoRow>
        <InfoRow label="신청일">{formatDateTime(application.createdAt)}</InfoRow>
      </dl>
      {application.uploadedFileUrl && (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => onViewDocument(application)}
        >
          <FileText className="size-4" aria-hidden />
          사업자등록증 보기
        </Button>
      )}
      <TextAreaField
        label="반려 사유 (반려 시 필수)"
        rows={3}
        maxLength={255}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="flex justify-end gap-2">
        <Button
          variant="secondary"
          onClick={() => submit(false)}
          disabled={decide.isPending}
          aria-describedby={error ? errorId : undefined}
        >
          <X className="size-4" aria-hidden />
          반려
        </Button>
        <Button
          onClick={() => submit(true)}
          isLoading={decide.isPending}
          aria-describedby={error ? errorId : undefined}
        >
          <Check className="size-4" aria-hidden />
          승인
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** 'Process the next pending application': the oldest SUBMITTED one, decided in place. */
export function NextPendingModal({ isOpen, onClose, onViewDocument }: NextPendingModalProps) {
  const pending = usePendingApplications();
  const next = pending.data?.[0];
  return (
    <Modal isOpen={isOpen} onClose={onClose} title="다음 대기 신청 처리">
      {pending.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="대기 신청을 불러오는 중입니다" />
        </div>
      ) : pending.isError ? (
        <ErrorState
          compact
          title={adminTexts.nextPendingLoadFailed}
          description={pending.error.message}
          onRetry={() => void pending.refetch()}
          isRetrying={pending.isFetching}
        />
      ) : next ? (
        <NextPendingForm
          key={next.applicationId}
          application={next}
          onDone={onClose}
          onViewDocument={onViewDocument}
        />
      ) : (
        <p className="py-6 text-center text-zinc-300">{adminTexts.noPending}</p>
      )}
    </Modal>
  );
}
