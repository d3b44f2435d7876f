import type { SellerApplication } from '@curtaincall/contracts';
import { FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { formatBusinessNumber, formatPhone } from '@/lib/business-format';
import { formatDateTime } from '@/lib/format';
import { ApplicantFlags } from './applicant-flags';
import { NoDocument } from './document-viewer-modal';

interface ApplicationTableProps {
  applications: SellerApplication[];
  /** The list's name for screen readers (the table's caption, the card list's label). */
  label: string;
  /** The first column's heading: who applied (신청자) or who sells (판매자). */
  personHeading: string;
  /** The date column: its heading and which date of the application it shows. */
  date: { heading: string; of: (application: SellerApplication) => string };
  /** The columns after the date on desktops, each with its heading. */
  actionColumns: { heading: string; cell: (application: SellerApplication) => ReactNode }[];
  /** What a card ends with on phones. */
  cardActions: (application: SellerApplication) => ReactNode;
}

/** The licence document button of an application, or the note that there is none. */
export function DocumentButton({
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

/**
 * Seller applications as a table on desktops and cards below (seller-admin-side.md §2): the
 * approvals page and the sellers page show the same facts of an application and differ only in
 * the date they show and the actions they offer.
 */
export function ApplicationTable({
  applications,
  label,
  personHeading,
  date,
  actionColumns,
  cardActions,
}: ApplicationTableProps) {
  const headings = [personHeading, '업체 정보', '대표자', date.heading];
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-surface-700 desktop:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="bg-surface-900 text-xs text-zinc-400">
            <tr>
              {[...headings, ...actionColumns.map((column) => column.heading)].map((heading) => (
                <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                  {heading}
                </th>
              ))}
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
                  {formatDateTime(date.of(application))}
                </td>
                {actionColumns.map((column) => (
                  <td key={column.heading} className="px-4 py-3">
                    {column.cell(application)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="flex flex-col gap-3 desktop:hidden" aria-label={label}>
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
              <dt className="text-zinc-400">{date.heading}</dt>
              <dd className="text-zinc-100">{formatDateTime(date.of(application))}</dd>
            </dl>
            {cardActions(application)}
          </li>
        ))}
      </ul>
    </>
  );
}
