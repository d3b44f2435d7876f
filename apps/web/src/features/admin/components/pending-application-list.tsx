import type { SellerApplication } from '@curtaincall/contracts';
import { Check, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ApplicationTable, DocumentButton } from './application-table';

interface PendingApplicationListProps {
  applications: SellerApplication[];
  onApprove: (application: SellerApplication) => void;
  onReject: (application: SellerApplication) => void;
  onViewDocument: (application: SellerApplication) => void;
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
  const documentButton = (application: SellerApplication) => (
    <DocumentButton application={application} onView={onViewDocument} />
  );
  const decisionButtons = (application: SellerApplication) => (
    <DecisionButtons application={application} onApprove={onApprove} onReject={onReject} />
  );
  return (
    <ApplicationTable
      applications={applications}
      label="대기 중인 판매자 신청 목록"
      personHeading="신청자"
      date={{ heading: '신청일', of: (application) => application.createdAt }}
      actionColumns={[
        { heading: '서류', cell: documentButton },
        { heading: '처리', cell: decisionButtons },
      ]}
      cardActions={(application) => (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {documentButton(application)}
          {decisionButtons(application)}
        </div>
      )}
    />
  );
}
