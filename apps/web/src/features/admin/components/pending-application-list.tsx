import type { SellerApplication } from '@curtaincall/contracts';
import { Check, FileText, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatBusinessNumber, formatPhone } from '@/lib/business-format';
import { formatDateTime } from '@/lib/format';
import { ApplicantFlags } from './applicant-flags';
import { NoDocument } from './document-viewer-modal';

interface PendingApplicationListProps {
  applications: SellerApplication[];
  onApprove: (application: SellerApplication) => void;
  onReject: (application: SellerApplication) => void;
  onViewDocument: (application: SellerApplication) => void;
}

function DocumentButton({
  application,
  onView,
}: {
  application: SellerApplication;
  onView: (application: SellerApplication) => void;
}) {
  if (!application.uploadedFileUrl) return <NoDocument />;
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => onView(application)}
      aria-label={`${application.companyName} 서류 보기`}
    >
      <FileText className="size-4" aria-hidden />
      서류 보기
    </Button>
  );
}

function DecisionButtons({
  application,
  onApprove,
  onReject,
}: {
  application: SellerApplication;
  onApprove: (application: SellerApplication) => void;
  onReject: (application: SellerApplication) => void;
}) {
  return (
    <div className="flex gap-2">
      <Button
        size="sm"
        onClick={() => onApprove(application)}
        aria-label={`${application.companyName} 승인`}
      >
        <Check className="size-4" aria-hidden />
        승인
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => onReject(application)}
        aria-label={`${application.companyName} 반려`}
      >
        <X className="size-4" aria-hidden />
        반려
      </Button>
    </div>
  );
}

/** The pending applications: a table on desktops, cards below (seller-admin-side.md §2). */
export function PendingApplicationList({
  applications,
  onApprove,
  onReject,
  onViewDocument,
}: PendingApplicationListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-surface-700 desktop:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">대기 중인 판매자 신청 목록</caption>
          <thead className="bg-surface-900 text-xs text-zinc-400">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                신청자
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                업체 정보
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                대표자
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                신청일
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                서류
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                처리
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/5">
            {applications.map((application) => (
              <tr key={application.applicationId} className="align-top hover:bg-white/[0.02]">
                <td className="px-4 py-3">
                  <p className="font-semibold text-white">{application.userNickname}</p>
                  <p className="text-xs text-zinc-400">
                    {application.username} · ID {application.userId}
                  </p>
                  <div className="mt-1.5">
                    <ApplicantFlags
                      reapplicant={application.reapplicant}
                      everRevoked={application.everRevoked}
                    />
                  </div>
                </td>
                <td className="px-4 py-3">
                  <p className="font-semibold text-zinc-100">{application.companyName}</p>
                  <p className="text-xs text-zinc-400 tabular-nums">
                    {formatBusinessNumber(application.businessNumber)}
                  </p>
                </td>
                <td className="px-4 py-3">
                  <p className="text-zinc-100">{application.representativeName}</p>
                  <p className="text-xs text-zinc-400 tabular-nums">
                    {formatPhone(application.representativePhone)}
                  </p>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-zinc-300">
                  {formatDateTime(application.createdAt)}
                </td>
                <td className="px-4 py-3">
                  <DocumentButton application={application} onView={onViewDocument} />
                </td>
                <td className="px-4 py-3">
                  <DecisionButtons
                    application={application}
                    onApprove={onApprove}
                    onReject={onReject}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 desktop:hidden" aria-label="대기 중인 판매자 신청 목록">
        {applications.map((application) => (
          <li
            key={application.applicationId}
            className="flex flex-col gap-3 rounded-2xl border border-surface-700 bg-surface-900/70 p-4"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold text-white">{application.companyName}</p>
                <p className="text-sm text-zinc-400">
                  {application.userNickname} ({application.username})
                </p>
              </div>
              <ApplicantFlags
                reapplicant={application.reapplicant}
                everRevoked={application.everRevoked}
              />
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-zinc-400">사업자번호</dt>
              <dd className="text-zinc-100 tabular-nums">
                {formatBusinessNumber(application.businessNumber)}
              </dd>
              <dt className="text-zinc-400">대표자</dt>
              <dd className="text-zinc-100">
                {application.representativeName} · {formatPhone(application.representativePhone)}
              </dd>
              <dt className="text-zinc-400">신청일</dt>
              <dd className="text-zinc-100">{formatDateTime(application.createdAt)}</dd>
            </dl>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <DocumentButton application={application} onView={onViewDocument} />
              <DecisionButtons
                application={application}
                onApprove={onApprove}
                onReject={onReject}
              />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
