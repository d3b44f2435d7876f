import type { SellerApplication } from '@curtaincall/contracts';
import { RotateCw, Users } from 'lucide-react';
import { useState } from 'react';
import { ConsolePage } from '@/components/console/console-page';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { useSellers } from '@/features/admin/api/get-sellers';
import { DocumentViewerModal } from '@/features/admin/components/document-viewer-modal';
import { RevokeDialog } from '@/features/admin/components/revoke-dialog';
import { SellerList } from '@/features/admin/components/seller-list';
import { UserHistoryModal } from '@/features/admin/components/user-history-modal';
import { adminTexts } from '@/features/admin/utils/admin-texts';

/** /admin/sellers (seller-admin-side.md §2 "Sellers"). */
export function AdminSellersPage() {
  const sellers = useSellers();
  const [revoking, setRevoking] = useState<SellerApplication | null>(null);
  const [historyOf, setHistoryOf] = useState<SellerApplication | null>(null);
  const [viewing, setViewing] = useState<SellerApplication | null>(null);

  return (
    <ConsolePage
      title="판매자 관리"
      description={
        sellers.data
          ? `현재 활동 중인 판매자 ${sellers.data.length}명`
          : '현재 판매자의 권한과 이력을 관리합니다.'
      }
      actions={
        <Button
          variant="outline"
          size="sm"
          onClick={() => void sellers.refetch()}
          isLoading={sellers.isFetching}
        >
          {!sellers.isFetching && <RotateCw className="size-4" aria-hidden />}
          새로고침
        </Button>
      }
    >
      {sellers.isPending ? (
        <PageSpinner label="판매자 목록을 불러오는 중입니다" />
      ) : sellers.isError ? (
        <ErrorState
          title={adminTexts.sellersLoadFailed}
          description={sellers.error.message}
          onRetry={() => void sellers.refetch()}
          isRetrying={sellers.isFetching}
        />
      ) : sellers.data.length === 0 ? (
        <EmptyState icon={Users} title={adminTexts.noSellers} />
      ) : (
        <SellerList
          sellers={sellers.data}
          onRevoke={setRevoking}
          onHistory={setHistoryOf}
          onViewDocument={setViewing}
        />
      )}
      <RevokeDialog
        key={revoking?.userId ?? 'none'}
        seller={revoking}
        onClose={() => setRevoking(null)}
      />
      <UserHistoryModal user={historyOf} onClose={() => setHistoryOf(null)} />
      <DocumentViewerModal
        url={viewing?.uploadedFileUrl ?? null}
        subject={viewing ? `${viewing.companyName} · ${viewing.userNickname}` : ''}
        onClose={() => setViewing(null)}
      />
    </ConsolePage>
  );
}
