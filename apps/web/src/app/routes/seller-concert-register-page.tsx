import { useNavigate } from 'react-router';
import { ConsolePage } from '@/components/console/console-page';
import { useSession } from '@/features/auth/hooks/use-session';
import { ConcertForm } from '@/features/seller-concerts/components/concert-form';

/**
 * /seller/concerts/register (seller-admin-side.md §2 "Concert registration"): the inline form.
 * A save goes to /seller/concerts (the management list) after its message; cancel goes to
 * /concerts.
 */
export function SellerConcertRegisterPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  // The route guard lets only sellers in; visitors without a session see the 403 page's
  // '로그인한 판매자만' words (unauthorized-page.tsx).
  if (!user) return null;
  return (
    <ConsolePage
      title="콘서트 등록"
      description="공연 정보와 예매 기간을 입력하면 좌석 배치가 자동으로 만들어집니다."
    >
      <div className="max-w-3xl">
        <ConcertForm
          sellerId={user.userId}
          onSaved={() => void navigate('/seller/concerts')}
          onClosed={() => void navigate('/concerts')}
        />
      </div>
    </ConsolePage>
  );
}
