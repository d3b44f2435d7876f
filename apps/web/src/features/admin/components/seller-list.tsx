import type { SellerApplication } from '@curtaincall/contracts';
import { FileText, History, UserX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatBusinessNumber, formatPhone } from '@/lib/business-format';
import { formatDateTime } from '@/lib/format';
import { ApplicantFlags } from './applicant-flags';
import { NoDocument } from './document-viewer-modal';

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
      {seller.uploadedFileUrl ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => onViewDocument(seller)}
          aria-label={`${seller.companyName} 서류 보기`}
        >
          <FileText className="size-4" aria-hidden />
          서류 보기
        </Button>
      ) : (
        <NoDocument />
      )}
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
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-surface-700 desktop:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">현재 판매자 목록</caption>
          <thead className="bg-surface-900 text-xs text-zinc-400">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                판매자
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                업체 정보
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                대표자
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                승인일
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                관리
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {sellers.map((seller) => (
              <tr key={seller.applicationId} className="align-top hover:bg-white/[0.02]">
                <td className="px-4 py-3">
                  <p className="font-semibold text-white">{seller.userNickname}</p>
                  <p className="text-xs text-zinc-400">
                    {seller.username} · ID {seller.userId}
                  </p>
                  <div className="mt-1.5">
                    <ApplicantFlags
                      reapplicant={seller.reapplicant}
                      everRevoked={seller.everRevoked}
                    />
                  </div>
                </td>
                <td className="px-4 py-3">
                  <p className="font-semibold text-zinc-100">{seller.companyName}</p>
                  <p className="text-xs text-zinc-400 tabular-nums">
                    {formatBusinessNumber(seller.businessNumber)}
                  </p>
                </td>
                <td className="px-4 py-3">
                  <p className="text-zinc-100">{seller.representativeName}</p>
                  <p className="text-xs text-zinc-400 tabular-nums">
                    {formatPhone(seller.representativePhone)}
                  </p>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-zinc-300">
                  {formatDateTime(seller.updatedAt)}
                </td>
                <td className="px-4 py-3">
                  <SellerActions seller={seller} {...actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 desktop:hidden" aria-label="현재 판매자 목록">
        {sellers.map((seller) => (
          <li
            key={seller.applicationId}
            className="flex flex-col gap-3 rounded-2xl border border-surface-700 bg-surface-900/70 p-4"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold text-white">{seller.companyName}</p>
                <p className="text-sm text-zinc-400">
                  {seller.userNickname} ({seller.username})
                </p>
              </div>
              <ApplicantFlags reapplicant={seller.reapplicant} everRevoked={seller.everRevoked} />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-zinc-400">사업자번호</dt>
              <dd className="text-zinc-100 tabular-nums">
                {formatBusinessNumber(seller.businessNumber)}
              </dd>
              <dt className="text-zinc-400">대표자</dt>
              <dd className="text-zinc-100">
                {seller.representativeName} · {formatPhone(seller.representativePhone)}
              </dd>
              <dt className="text-zinc-400">승인일</dt>
              <dd className="text-zinc-100">{formatDateTime(seller.updatedAt)}</dd>
            </dl>
            <SellerActions seller={seller} {...actions} />
          </li>
        ))}
      </ul>
    </>
  );
}
