import { useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/features/auth/api/get-current-user';
import { EmailPanel } from '@/features/account-email/components/email-panel';
import { ProfileImageField } from '@/features/auth/components/profile-image-field';
import { Mypage } from '@/features/mypage/components/mypage';
import { PushConsentToggle } from '@/features/notifications/components/push-consent-toggle';
import { RefundAccountCard } from '@/features/refund-account/components/refund-account-card';

/**
 * /mypage/profile, 마이페이지 (buyer-side.md §2). The profile image picker is the registration
 * page's (same type and 10 MB checks); a saved profile refreshes the session, whose nickname
 * signs reviews and expectations. 모든 기기에서 로그아웃 ends this browser's session too, so the
 * session user is cleared at once. The 환불 계좌 card (issue 28) sits under the push consent.
 */
export function MypagePage() {
  const queryClient = useQueryClient();
  return (
    <Mypage
      imagePicker={ProfileImageField}
      emailPanel={<EmailPanel />}
      pushConsent={<PushConsentToggle />}
      refundAccount={<RefundAccountCard />}
      onProfileSaved={() => void queryClient.invalidateQueries({ queryKey: currentUserQueryKey })}
      onLoggedOutEverywhere={() => queryClient.setQueryData(currentUserQueryKey, null)}
    />
  );
}
