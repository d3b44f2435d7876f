import { sellerMessages, type SellerStatus } from '@curtaincall/contracts';
import { FileText, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, ConsoleCard, InfoRow } from '@/components/console/console-page';
import { Button, buttonStyles } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { formatBusinessNumber, formatPhone } from '@/lib/business-format';
import { approvalStatusLabel, approvalStatusTone } from '../utils/seller-status-texts';
import { WithdrawDialog } from './withdraw-dialog';

const roleLabels: Record<SellerStatus['role'], string> = {
  USER: '일반 회원',
  SELLER: '판매자',
  ADMIN: '관리자',
};

/** Which action the status offers (seller-admin-side.md §2 "Button rules"). */
export type StatusAction = 'apply' | 'reapply' | 'pending' | 'withdraw' | 'none';

export function getStatusAction(status: SellerStatus): StatusAction {
  const { approvalStatus, canReapply } = status;
  if (approvalStatus === 'PENDING') return 'pending';
  if (approvalStatus === 'APPROVED') return 'withdraw';
  if (!canReapply) return 'none';
  return approvalStatus === null ? 'apply' : 'reapply';
}

/** The signed-in account the status belongs to. */
export interface StatusAccount {
  username: string;
  nickname: string;
}

function StatusActions({
  status,
  username,
  onWithdrawn,
}: {
  status: SellerStatus;
  username: string;
  onWithdrawn: () => void;
}) {
  const [isWithdrawOpen, setWithdrawOpen] = useState(false);
  const action = getStatusAction(status);
  switch (action) {
    case 'apply':
    case 'reapply':
      return (
        <Link to="/seller/apply" className={buttonStyles({ size: 'lg' })}>
          {action === 'apply' ? '판매자 권한 신청하기' : '판매자 권한 재신청하기'}
        </Link>
      );
    case 'pending':
      return (
        <div className="flex flex-col gap-2">
          <Button size="lg" disabled>
            심사 대기 중
          </Button>
          <p className="text-sm text-zinc-400">
            관리자가 신청서를 검토하고 있습니다. 평균 1~3일이 소요됩니다.
          </p>
        </div>
      );
    case 'withdraw':
      return (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            <Link to="/seller/concerts/manage" className={buttonStyles({ size: 'lg' })}>
              콘서트 관리
            </Link>
            <Button
              size="lg"
              variant="outline"
              disabled={!status.canWithdraw}
              onClick={() => setWithdrawOpen(true)}
            >
              판매자 권한 철회
            </Button>
          </div>
          {!status.canWithdraw && (
            <p className="flex items-start gap-2 text-sm text-amber-200">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              {sellerMessages.activeConcerts}
            </p>
          )}
          <WithdrawDialog
            isOpen={isWithdrawOpen}
            onClose={() => setWithdrawOpen(false)}
            username={username}
            onWithdrawn={onWithdrawn}
          />
        </div>
      );
    case 'none':
      return null;
  }
}

/** /seller/status content: account, application state, dates, last reason and the actions. */
export function SellerStatusPanel({
  status,
  user,
  onWithdrawn,
}: {
  status: SellerStatus;
  user: StatusAccount;
  onWithdrawn: () => void;
}) {
  const hasApplication = status.companyName !== null;
  return (
    <div className="grid gap-6 desktop:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <ConsoleCard title="계정 정보">
        <dl>
          <InfoRow label="아이디">{user.username}</InfoRow>
          <InfoRow label="닉네임">{user.nickname}</InfoRow>
          <InfoRow label="회원 등급">{roleLabels[status.role]}</InfoRow>
        </dl>
      </ConsoleCard>

      <ConsoleCard title="신청 상태">
        <dl>
          <InfoRow label="상태">
            <Badge tone={approvalStatusTone(status.approvalStatus)}>
              {approvalStatusLabel(status.approvalStatus)}
            </Badge>
          </InfoRow>
          <InfoRow label="신청일">
            {status.applicationDate ? formatDateTime(status.applicationDate) : '-'}
          </InfoRow>
          <InfoRow label="최근 처리일">
            {status.lastProcessedDate ? formatDateTime(status.lastProcessedDate) : '-'}
          </InfoRow>
          {status.lastReason && (
            <InfoRow label="사유">
              <span className="text-rose-200">{status.lastReason}</span>
            </InfoRow>
          )}
        </dl>
        <div className="mt-5">
          <StatusActions status={status} username={user.username} onWithdrawn={onWithdrawn} />
        </div>
      </ConsoleCard>

      {hasApplication && (
        <ConsoleCard title="최근 신청 정보" className="desktop:col-span-2">
          <dl className="grid tablet:grid-cols-2 tablet:gap-x-8">
            <InfoRow label="업체명">{status.companyName}</InfoRow>
            <InfoRow label="사업자등록번호">{formatBusinessNumber(status.businessNumber)}</InfoRow>
            <InfoRow label="대표자명">{status.representativeName}</InfoRow>
            <InfoRow label="대표자 연락처">{formatPhone(status.representativePhone)}</InfoRow>
            {status.uploadedFileUrl && (
              <InfoRow label="사업자등록증">
                <a
                  href={status.uploadedFileUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1.5 font-semibold text-rose-200 underline underline-offset-4"
                >
                  <FileText className="size-4" aria-hidden />
                  제출한 서류 보기
                </a>
              </InfoRow>
            )}
          </dl>
        </ConsoleCard>
      )}
    </div>
  );
}
