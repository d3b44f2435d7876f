import { useSearchParams } from 'react-router';
import { AccountNotice } from '@/features/account-email/components/account-notice';
import { ResetPasswordForm } from '@/features/account-email/components/reset-password-form';
import { AuthCard } from './auth-card';
import { AccountLinks } from './account-links';

/** /reset-password?token= (the link of the reset mail): a new password, once, within 30 min. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <AuthCard
      title="비밀번호 재설정"
      subtitle="새 비밀번호를 정하면 다른 모든 기기에서 로그아웃됩니다."
    >
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <AccountNotice kind="error">
          링크 정보가 없습니다. 메일의 링크를 다시 열거나 비밀번호 찾기를 다시 해주세요.
        </AccountNotice>
      )}
      <AccountLinks />
    </AuthCard>
  );
}
