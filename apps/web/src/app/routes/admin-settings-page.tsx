import { Settings } from 'lucide-react';
import { ConsoleCard, ConsolePage } from '@/components/console/console-page';
import { EmptyState } from '@/components/ui/state-panel';

/** /admin/settings: a placeholder page (seller-admin-side.md §2). */
export function AdminSettingsPage() {
  return (
    <ConsolePage title="관리자 설정" description="관리자 환경 설정">
      <ConsoleCard>
        <EmptyState
          icon={Settings}
          title="관리자 설정 화면은 준비 중입니다."
          description="알림, 권한, 운영 정책 설정이 이곳에 추가될 예정입니다."
        />
      </ConsoleCard>
    </ConsolePage>
  );
}
