import type { SellerApplication } from '@curtaincall/contracts';
import { History, UserX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ApplicationTable, DocumentButton } from './application-table';

interface SellerListProps {
  sellers: SellerApplication[];
  onRevoke: (seller: SellerApplication) => void;
  onHistory: (seller: SellerApplication) => void;
  onViewDocument: (seller: SellerApplication) => void;
}

function SellerActions({
  seller,
  onRevoke,
  onHistory,
  onViewDocument,
}: { seller: SellerApplication } & Omit<SellerListProps, 'sellers'>) {
  return (
    <div className="flex flex-wrap gap-2">
      <DocumentButton application={seller} onView={onViewDocument} />
      <Button
        variant="outline"
        size="sm"
        onClick={() => onHistory(seller)}
        aria-label={`${seller.userNickname} 이력 보기`}
      >
        <History className="size-4" aria-hidden />
        이력
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onRevoke(seller)}
        aria-label={`${seller.userNickname} 판매자 권한 강제 해제`}
      >
        <UserX className="size-4" aria-hidden />
        강제 해제
      </Button>
    </div>
  );
}

/** The current sellers: a table on desktops, cards below (seller-admin-side.md §2 "Sellers"). */
export function SellerList({ sellers, ...actions }: SellerListProps) {
  const sellerActions = (seller: SellerApplication) => (
    <SellerActions seller={seller} {...actions} />
  );
  return (
    <ApplicationTable
      applications={sellers}
      label="현재 판매자 목록"
      personHeading="판매자"
      date={{ heading: '승인일', of: (seller) => seller.updatedAt }}
      actionColumns={[{ heading: '관리', cell: sellerActions }]}
      cardActions={sellerActions}
    />
  );
}
