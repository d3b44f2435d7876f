import type { ApprovalHistoryEntry } from '@curtaincall/contracts';
import { History } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { useUserApprovalHistory } from '../api/get-approval-history';
import { adminTexts } from '../utils/admin-texts';
import { historySearchPath } from '../utils/history-params';
import { HistoryEntryList } from './history-entry-list';

/** The first 5 entries of the summary (seller-admin-side.md §9 "history summary"). */
const summaryLength = 5;

/** One seller's approval history, newest first, with a link to the full history page. */
export function UserHistoryModal({
  user,
  onClose,
}: {
  user: { userId: number; userNickname: string; username: string } | null;
  onClose: () => void;
}) {
  const history = useUserApprovalHistory(user?.userId ?? null);
  const entries: ApprovalHistoryEntry[] = history.data ?? [];
  return (
    <Modal
      isOpen={user !== null}
      onClose={onClose}
      size="large"
      title="판매자 이력"
      description={user ? `${user.userNickname} (${user.username}) · ID ${user.userId}` : undefined}
      footer={
        user && (
          <Link
            to={historySearchPath({ userId: user.userId, userNickname: user.userNickname })}
            className={buttonStyles({ variant: 'outline', size: 'sm' })}
          >
            전체 이력 보기
          </Link>
        )
      }
    >
      {history.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="이력을 불러오는 중입니다" />
        </div>
      ) : history.isError ? (
        <ErrorState
          compact
          title={adminTexts.historyLoadFailed}
          description={history.error.message}
          onRetry={() => void history.refetch()}
          isRetrying={history.isFetching}
        />
      ) : entries.length === 0 ? (
        <EmptyState compact icon={History} title={adminTexts.noHistory} />
      ) : (
        <HistoryEntryList entries={entries.slice(0, summaryLength)} caption="판매자 이력 요약" />
      )}
    </Modal>
  );
}
