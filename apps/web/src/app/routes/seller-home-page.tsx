import { sellerMessages } from '@curtaincall/contracts';
import { ClipboardList, ListChecks, PlusCircle, ShieldAlert, type LucideIcon } from 'lucide-react';
import { clsx } from 'clsx';
import { Link, useNavigate } from 'react-router';
import { ConsoleCard, ConsolePage } from '@/components/console/console-page';
import { buttonStyles } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/features/auth/hooks/use-session';
import { SellerDashboardPanel } from '@/features/seller-concerts/components/seller-dashboard';
import { sellerTexts } from '@/features/seller/utils/seller-status-texts';

interface QuickAction {
  to: string;
  title: string;
  description: string;
  icon: LucideIcon;
  /** Needs the seller role; others are told so and sent to the application. */
  sellerOnly: boolean;
}

const quickActions: QuickAction[] = [
  {
    to: '/seller/concerts/register',
    title: '콘서트 등록',
    description: '새 공연을 등록하고 예매를 열어보세요',
    icon: PlusCircle,
    sellerOnly: true,
  },
  {
    to: '/seller/concerts/manage',
    title: '콘서트 관리',
    description: '등록한 공연을 수정하고 상태를 확인합니다',
    icon: ListChecks,
    sellerOnly: true,
  },
  {
    to: '/seller/status',
    title: '판매자 신청 현황',
    description: '신청 상태와 처리 결과를 확인합니다',
    icon: ClipboardList,
    sellerOnly: false,
  },
];

/**
 * /seller (seller-admin-side.md §2 "Seller home"): for sellers, today's sales and their concerts
 * on sale and upcoming (issue 23), then the quick actions every visitor of the area gets.
 */
export function SellerHomePage() {
  const { user, viewer } = useSession();
  const navigate = useNavigate();
  const isAdmin = viewer === 'admin';

  const open = (action: QuickAction) => {
    if (isAdmin) {
      toast.warning(sellerMessages.adminCannotApply);
      return;
    }
    if (action.sellerOnly && viewer !== 'seller') {
      toast.warning(sellerTexts.sellerRightsNeeded);
      void navigate('/seller/apply');
      return;
    }
    void navigate(action.to);
  };

  return (
    <ConsolePage
      title="판매자 페이지"
      description={
        user ? `${user.nickname}님, 커튼콜 판매자 센터에 오신 것을 환영합니다.` : undefined
      }
    >
      {isAdmin && (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl border border-amber-400/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-100"
        >
          <ShieldAlert className="size-4 shrink-0" aria-hidden />
          {sellerMessages.adminCannotApply}
        </p>
      )}
      {viewer === 'user' && (
        <ConsoleCard>
          <p className="text-zinc-200">
            아직 판매자 권한이 없습니다. 판매자 권한을 신청하면 관리자 검토 후 콘서트를 등록할 수
            있습니다.
          </p>
          <p className="mt-1 text-sm text-zinc-400">{sellerTexts.reviewGuidance}</p>
          <Link to="/seller/apply" className={clsx(buttonStyles(), 'mt-4')}>
            판매자 권한 신청하기
          </Link>
        </ConsoleCard>
      )}
      {viewer === 'seller' && <SellerDashboardPanel />}
      <h2 className="sr-only">바로가기</h2>
      <ul className="grid gap-3 tablet:grid-cols-2 desktop:grid-cols-3">
        {quickActions.map((action) => (
          <li key={action.to}>
            <button
              type="button"
              onClick={() => open(action)}
              disabled={isAdmin}
              className="group flex h-full w-full items-start gap-4 rounded-2xl border border-surface-700 bg-surface-900/80 p-5 text-left transition-colors hover:border-rose-400/50 hover:bg-surface-850 disabled:cursor-not-allowed disabled:opacity-60"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-surface-800 text-rose-300 group-hover:bg-rose-500/15">
                <action.icon className="size-5" aria-hidden />
              </span>
              <span className="flex min-w-0 flex-col gap-1">
                <span className="font-semibold text-zinc-50">{action.title}</span>
                <span className="text-sm text-zinc-400">{action.description}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </ConsolePage>
  );
}
