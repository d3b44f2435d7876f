import { RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ConsolePage } from '@/components/console/console-page';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { ErrorState } from '@/components/ui/state-panel';
import { currentUserQueryKey } from '@/features/auth/api/get-current-user';
import { useSession } from '@/features/auth/hooks/use-session';
import { useSellerStatus } from '@/features/seller/api/get-seller-status';
import { SellerStatusPanel } from '@/features/seller/components/seller-status-panel';
import { sellerTexts } from '@/features/seller/utils/seller-status-texts';

/** /seller/status (seller-admin-side.md §2 "Seller status"). */
export function SellerStatusPage() {
  const { user, viewer } = useSession();
  const status = useSellerStatus();
  const queryClient = useQueryClient();
  const serverRole = status.data?.role;

  // An admin's decision changes the role at once (api-contract.md §14.12): when the status
  // shows another role than the session, the session is read again so the header follows.
  useEffect(() => {
    if (!serverRole) return;
    const sessionRole = viewer === 'seller' ? 'SELLER' : viewer === 'admin' ? 'ADMIN' : 'USER';
    if (serverRole !== sessionRole) {
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    }
  }, [serverRole, viewer, queryClient]);

  return (
    <ConsolePage
      title="판매자 신청 현황"
      description="판매자 권한 신청 상태와 처리 결과를 확인합니다."
      actions={
        status.isSuccess && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => void status.refetch()}
            isLoading={status.isFetching}
          >
            {!status.isFetching && <RotateCw className="size-4" aria-hidden />}
            새로고침
          </Button>
        )
      }
    >
      {status.isPending || !user ? (
        <PageSpinner label="판매자 상태를 불러오는 중입니다" />
      ) : status.isError ? (
        <ErrorState
          title={sellerTexts.statusLoadFailed}
          description={status.error.message}
          onRetry={() => void status.refetch()}
          isRetrying={status.isFetching}
        />
      ) : (
        <SellerStatusPanel
          status={status.data}
          user={user}
          onWithdrawn={() => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey })}
        />
      )}
    </ConsolePage>
  );
}
