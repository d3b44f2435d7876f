import { ArrowLeft, Compass, Home, Music } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { ShortcutCard, ShortcutGrid, StatusScreen } from '@/components/ui/status-screen';

/** Unknown paths: cards to home, concerts and back (buyer-side.md §2). */
export function NotFoundPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // 'default' is the key of the first entry of this app's history: nothing to go back to.
  const goBack = () => void (location.key === 'default' ? navigate('/') : navigate(-1));

  return (
    <StatusScreen
      code="404"
      icon={Compass}
      title="페이지를 찾을 수 없습니다"
      description="요청하신 페이지가 존재하지 않거나 주소가 변경되었습니다. 입력하신 주소를 다시 확인해주세요."
    >
      <ShortcutGrid>
        <ShortcutCard to="/" icon={Home} title="홈으로" description="커튼콜 메인으로 이동합니다" />
        <ShortcutCard
          to="/concerts"
          icon={Music}
          title="콘서트 보기"
          description="예매 가능한 공연을 둘러보세요"
        />
        <ShortcutCard
          onClick={goBack}
          icon={ArrowLeft}
          title="이전 페이지"
          description="직전에 보던 화면으로 돌아갑니다"
        />
      </ShortcutGrid>
    </StatusScreen>
  );
}
