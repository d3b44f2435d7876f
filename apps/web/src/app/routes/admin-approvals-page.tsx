import type { SellerApplication } from '@curtaincall/contracts';
import { Inbox, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { ConsolePage } from '@/components/console/console-page';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { usePendingApplications } from '@/features/admin/api/get-pending-applications';
import { DecisionDialog, type DecisionMode } from '@/features/admin/components/decision-dialog';
import { DocumentViewerModal } from '@/features/admin/components/document-viewer-modal';
import { PendingApplicationList } from '@/features/admin/components/pending-application-list';
import { adminTexts } from '@/features/admin/utils/admin-texts';

/** /admin/seller-approvals (seller-admin-side.md §2 "Seller approvals"). */
export function AdminApprovalsPage() {
  const pending = usePendingApplications();
  const [decision, setDecision] = useState<{
    application: SellerApplication;
    mode: DecisionMode;
  } | null>(null);
  const [viewing, setViewing] = useState<SellerApplication | null>(null);

  return (
    <ConsolePage
      title="판매자 신청 승인"
      description={
        pending.data
          ? `대기 중인 신청 ${pending.data.length}건 · 오래된 신청부터 표시합니다.`
          : '대기 중인 판매자 신청을 검토하고 승인하거나 반려합니다.'
      }
      actions={
        <Button
          variant="outline"
          size="sm"
          onClick={() => void pending.refetch()}
          isLoading={pending.isFetching}
        >
          {!pending.isFetching && <RotateCw className="size-4" aria-hidden />}
          새로고침
        </Button>
      }
    >
      {pending.isPending ? (
        <PageSpinner label="대기 중인 신청을 불러오는 중입니다" />
      ) : pending.isError ? (
        <ErrorState
          title={adminTexts.pendingLoadFailed}
          description={pending.error.message}
          onRetry={() => void pending.refetch()}
          isRetrying={pending.isFetching}
        />
      ) : pending.data.length === 0 ? (
        <EmptyState icon={Inbox} title={adminTexts.noPending} />
      ) : (
        <PendingApplicationList
          applications={pending.data}
          onApprove={(application) => setDecision({ application, mode: 'approve' })}
          onReject={(application) => setDecision({ application, mode: 'reject' })}
          onViewDocument={setViewing}
        />
      )}
      <DecisionDialog
        key={decision ? `${decision.application.applicationId}-${decision.mode}` : 'none'}
        application={decision?.application ?? null}
        mode={decision?.mode ?? 'approve'}
        onClose={() => setDecision(null)}
      />
      <DocumentViewerModal
        url={viewing?.uploadedFileUrl ?? null}
        subject={viewing ? `${viewing.companyName} · ${viewing.userNickname}` : ''}
        onClose={() => setViewing(null)}
      />
    </ConsolePage>
  );
}
