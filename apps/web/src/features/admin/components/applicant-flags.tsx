import { TriangleAlert } from 'lucide-react';
import { Badge } from '@/components/console/console-page';

/**
 * 재신청 유저 / 신규 유저, and a warning when the user was ever force-revoked
 * (seller-admin-side.md §4).
 */
export function ApplicantFlags({
  reapplicant,
  everRevoked,
}: {
  reapplicant: boolean;
  everRevoked: boolean;
}) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={reapplicant ? 'info' : 'neutral'}>
        {reapplicant ? '재신청 유저' : '신규 유저'}
      </Badge>
      {everRevoked && (
        <Badge tone="danger" title="이 사용자는 판매자 권한이 강제 해제된 적이 있습니다.">
          <TriangleAlert className="size-3" aria-hidden />
          강제 해제 이력
        </Badge>
      )}
    </span>
  );
}
