import type { ApprovalHistoryEntry } from '@curtaincall/contracts';
import { InfoRow } from '@/components/console/console-page';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { formatBusinessNumber, formatPhone } from '@/lib/business-format';
import { formatDateTime } from '@/lib/format';
import { useApplication } from '../api/get-application';
import { adminTexts } from '../utils/admin-texts';
import { deciderText, HistoryTypeBadge } from './history-entry-list';

function ApplicationDetail({ applicationId }: { applicationId: number }) {
  const application = useApplication(applicationId);
  if (application.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="신청서를 불러오는 중입니다" />
      </div>
    );
  }
  if (application.isError) {
    return (
      <ErrorState
        compact
        title={adminTexts.applicationLoadFailed}
        description={application.error.message}
        onRetry={() => void application.refetch()}
        isRetrying={application.isFetching}
      />
    );
  }
  const data = application.data;
  return (
    <dl>
      <InfoRow label="신청서 번호">{data.applicationId}</InfoRow>
      <InfoRow label="업체명">{data.companyName}</InfoRow>
      <InfoRow label="사업자등록번호">{formatBusinessNumber(data.businessNumber)}</InfoRow>
      <InfoRow label="대표자">
        {data.representativeName} · {formatPhone(data.representativePhone)}
      </InfoRow>
      <InfoRow label="신청일">{formatDateTime(data.createdAt)}</InfoRow>
    </dl>
  );
}

/** One history entry in full, with the application it belongs to. */
export function HistoryDetailModal({
  entry,
  onClose,
}: {
  entry: ApprovalHistoryEntry | null;
  onClose: () => void;
}) {
  return (
    <Modal isOpen={entry !== null} onClose={onClose} title="이력 상세">
      {entry && (
        <div className="flex flex-col gap-5">
          <dl>
            <InfoRow label="유형">
              <HistoryTypeBadge type={entry.type} />
            </InfoRow>
            <InfoRow label="일시">{formatDateTime(entry.createdAt)}</InfoRow>
            <InfoRow label="사용자">
              {entry.userNickname} ({entry.username}) · ID {entry.userId}
            </InfoRow>
            <InfoRow label="사유">{entry.reason ?? '-'}</InfoRow>
            <InfoRow label="처리자">{deciderText(entry)}</InfoRow>
          </dl>
          {entry.sellerApplicationId !== null && (
            <section>
              <h3 className="mb-1 text-sm font-bold text-white">신청서 정보</h3>
              <ApplicationDetail applicationId={entry.sellerApplicationId} />
            </section>
          )}
        </div>
      )}
    </Modal>
  );
}
