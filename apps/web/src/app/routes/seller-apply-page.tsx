import { sellerMessages, type SellerStatus } from '@curtaincall/contracts';
import { CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ConsoleCard, ConsolePage } from '@/components/console/console-page';
import { PageSpinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { toast } from '@/components/ui/toast-store';
import { useSellerStatus } from '@/features/seller/api/get-seller-status';
import { SellerApplicationForm } from '@/features/seller/components/seller-application-form';
import { sellerTexts } from '@/features/seller/utils/seller-status-texts';

/** How long the success message stays before the status page opens (seller-admin-side.md §9). */
export const applySuccessRedirectMs = 2000;

/** PENDING and APPROVED users cannot apply: they are told why and sent to their status. */
function alreadyAppliedMessage(status: SellerStatus): string | null {
  if (status.approvalStatus === 'PENDING') return sellerMessages.alreadyPending;
  if (status.approvalStatus === 'APPROVED' || status.role === 'SELLER') {
    return sellerMessages.alreadyApproved;
  }
  return null;
}

function RedirectToStatus({ message }: { message: string }) {
  useEffect(() => {
    toast.warning(message);
  }, [message]);
  return <Navigate to="/seller/status" replace />;
}

function ApplySuccess({ message }: { message: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(
      () => void navigate('/seller/status', { replace: true }),
      applySuccessRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-10 text-center">
      <CircleCheck className="size-12 text-emerald-300" aria-hidden />
      <p className="text-lg font-bold text-white">{message}</p>
      <p className="text-sm text-zinc-300">{sellerTexts.reviewGuidance}</p>
      <p className="text-sm text-zinc-400">{sellerTexts.redirectNotice}</p>
    </div>
  );
}

/** /seller/apply (seller-admin-side.md §2 "Seller application"). */
export function SellerApplyPage() {
  const status = useSellerStatus();
  const [submittedMessage, setSubmittedMessage] = useState<string | null>(null);

  let content;
  if (submittedMessage) {
    content = <ApplySuccess message={submittedMessage} />;
  } else if (status.isPending) {
    content = <PageSpinner label="신청 정보를 불러오는 중입니다" />;
  } else if (status.isError) {
    content = (
      <ErrorState
        title={sellerTexts.statusLoadFailed}
        description={status.error.message}
        onRetry={() => void status.refetch()}
        isRetrying={status.isFetching}
      />
    );
  } else {
    const blocked = alreadyAppliedMessage(status.data);
    if (blocked) return <RedirectToStatus message={blocked} />;
    content = <SellerApplicationForm status={status.data} onSubmitted={setSubmittedMessage} />;
  }

  return (
    <ConsolePage
      title="판매자 권한 신청"
      description="사업자 정보와 사업자등록증을 제출하면 관리자 검토 후 판매자 권한이 부여됩니다."
    >
      <ConsoleCard className="max-w-3xl">{content}</ConsoleCard>
    </ConsolePage>
  );
}
