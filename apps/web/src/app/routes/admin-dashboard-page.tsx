import type { SellerApplication } from '@curtaincall/contracts';
import {
  BarChart3,
  ClipboardCheck,
  History,
  ListTodo,
  Search,
  UserCheck,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConsoleCard, ConsolePage } from '@/components/console/console-page';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { useSession } from '@/features/auth/hooks/use-session';
import { useApprovalHistory } from '@/features/admin/api/get-approval-history';
import { usePendingApplications } from '@/features/admin/api/get-pending-applications';
import { useSellers } from '@/features/admin/api/get-sellers';
import { DocumentViewerModal } from '@/features/admin/components/document-viewer-modal';
import { HistoryEntryList } from '@/features/admin/components/history-entry-list';
import { NextPendingModal } from '@/features/admin/components/next-pending-modal';
import { SellerSearchModal } from '@/features/admin/components/seller-search-modal';
import { adminTexts } from '@/features/admin/utils/admin-texts';
import { formatNumber } from '@/lib/format';

/** The dashboard's recent activity: the last 5 entries (seller-admin-side.md §9). */
const recentActivitySize = 5;

function CountCard({
  label,
  value,
  unit,
  icon: Icon,
  to,
}: {
  label: string;
  value: number | undefined;
  unit: string;
  icon: LucideIcon;
  to: string;
}) {
  return (
    <Link
      to={to}
      className="group flex items-center gap-4 rounded-2xl border border-surface-700 bg-surface-900/80 p-5 transition-colors hover:border-rose-400/50"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-rose-500/15 text-rose-300">
        <Icon className="size-6" aria-hidden />
      </span>
      <span className="flex flex-col">
        <span className="text-sm text-zinc-400">{label}</span>
        {value === undefined ? (
          <Skeleton className="mt-1 h-8 w-16" />
        ) : (
          <span className="text-3xl font-bold text-white tabular-nums">
            {formatNumber(value)}
            <span className="ml-1 text-base font-semibold text-zinc-400">{unit}</span>
          </span>
        )}
      </span>
    </Link>
  );
}

interface QuickCard {
  title: string;
  description: string;
  icon: LucideIcon;
  to: string;
}

const quickCards: QuickCard[] = [
  {
    title: '판매자 신청 승인',
    description: '대기 중인 신청을 검토합니다',
    icon: ClipboardCheck,
    to: '/admin/seller-approvals',
  },
  {
    title: '판매자 관리',
    description: '현재 판매자와 권한을 관리합니다',
    icon: Users,
    to: '/admin/sellers',
  },
  {
    title: '승인 이력',
    description: '모든 신청과 처리 기록을 봅니다',
    icon: History,
    to: '/admin/history',
  },
  {
    title: '통계 리포트',
    description: '회원, 공연, 일별 예매와 매출을 봅니다',
    icon: BarChart3,
    to: '/admin/statistics',
  },
];

function QuickActionCards() {
  return (
    <ul className="grid grid-cols-2 gap-3 desktop:grid-cols-4">
      {quickCards.map((card) => {
        const body = (
          <>
            <card.icon className="size-5 text-rose-300" aria-hidden />
            <span className="font-semibold text-zinc-50">{card.title}</span>
            <span className="text-sm text-zinc-400">{card.description}</span>
          </>
        );
        return (
          <li key={card.title}>
            <Link
              to={card.to}
              className="flex h-full flex-col gap-1.5 rounded-2xl border border-surface-700 bg-surface-900/80 p-4 transition-colors hover:border-rose-400/50 hover:bg-surface-850"
            >
              {body}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function RecentActivity() {
  const recent = useApprovalHistory({ page: 0, size: recentActivitySize });
  return (
    <ConsoleCard
      title="최근 활동"
      actions={
        <Link to="/admin/history" className="text-sm font-semibold text-rose-200 hover:underline">
          전체 이력 보기
        </Link>
      }
    >
      {recent.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="최근 활동을 불러오는 중입니다" />
        </div>
      ) : recent.isError ? (
        <ErrorState
          compact
          title={adminTexts.dashboardLoadFailed}
          description={recent.error.message}
          onRetry={() => void recent.refetch()}
          isRetrying={recent.isFetching}
        />
      ) : recent.data.content.length === 0 ? (
        <EmptyState compact icon={History} title={adminTexts.noRecentActivity} />
      ) : (
        <HistoryEntryList entries={recent.data.content} caption="최근 활동 내역" linkUsers />
      )}
    </ConsoleCard>
  );
}

/** /admin (seller-admin-side.md §2 "Admin dashboard"). */
export function AdminDashboardPage() {
  const { user } = useSession();
  const pending = usePendingApplications();
  const sellers = useSellers();
  const [isNextOpen, setNextOpen] = useState(false);
  const [isSearchOpen, setSearchOpen] = useState(false);
  const [viewing, setViewing] = useState<SellerApplication | null>(null);
  const [isReturningFromDocument, setReturningFromDocument] = useState(false);
  const failed = pending.isError || sellers.isError;
  const pendingCount = pending.data?.length;

  return (
    <ConsolePage
      title="관리자 대시보드"
      description={user ? `${user.nickname}님, 환영합니다. 오늘의 판매자 현황입니다.` : undefined}
      actions={
        <>
          <Button
            onClick={() => {
              setReturningFromDocument(false);
              setNextOpen(true);
            }}
            disabled={!pendingCount}
            aria-describedby="next-pending-count"
          >
            <ListTodo className="size-4" aria-hidden />
            다음 대기 신청 처리
          </Button>
          <Button variant="outline" onClick={() => setSearchOpen(true)}>
            <Search className="size-4" aria-hidden />
            판매자 빠른 검색
          </Button>
        </>
      }
    >
      {failed ? (
        <ErrorState
          title={adminTexts.dashboardLoadFailed}
          description={(pending.error ?? sellers.error)?.message}
          onRetry={() => {
            void pending.refetch();
            void sellers.refetch();
          }}
          isRetrying={pending.isFetching || sellers.isFetching}
        />
      ) : (
        <div className="grid gap-3 tablet:grid-cols-2">
          <CountCard
            label="대기 중인 판매자 신청"
            value={pendingCount}
            unit="건"
            icon={UserCheck}
            to="/admin/seller-approvals"
          />
          <CountCard
            label="활동 중인 판매자"
            value={sellers.data?.length}
            unit="명"
            icon={Users}
            to="/admin/sellers"
          />
        </div>
      )}
      <p id="next-pending-count" className="sr-only">
        {pendingCount ? `대기 중인 신청 ${pendingCount}건` : adminTexts.noPending}
      </p>
      <QuickActionCards />
      <RecentActivity />
      <NextPendingModal
        isOpen={isNextOpen}
        onClose={() => setNextOpen(false)}
        isReturningFromDocument={isReturningFromDocument}
        onViewDocument={(application) => {
          // One dialog at a time: the viewer takes the place of this modal and gives it back.
          setNextOpen(false);
          setViewing(application);
        }}
      />
      <SellerSearchModal isOpen={isSearchOpen} onClose={() => setSearchOpen(false)} />
      <DocumentViewerModal
        url={viewing?.uploadedFileUrl ?? null}
        subject={viewing ? `${viewing.companyName} · ${viewing.userNickname}` : ''}
        onClose={() => {
          setViewing(null);
          setReturningFromDocument(true);
          setNextOpen(true);
        }}
      />
    </ConsolePage>
  );
}
