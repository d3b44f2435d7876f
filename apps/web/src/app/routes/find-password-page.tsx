import { Link } from 'react-router';
import { FindPasswordForm } from '@/features/account-email/components/find-password-form';
import { AuthCard } from './auth-card';
import { AccountLinks } from './account-links';

/** /find-password (비밀번호 찾기): a reset link goes to the account's address. */
export function FindPasswordPage() {
  return (
    <AuthCard
      title="비밀번호 찾기"
      subtitle="아이디와 가입한 이메일을 입력하면 비밀번호 재설정 링크를 보내드려요."
    >
      <FindPasswordForm />
      <AccountLinks>
        <Link to="/find-id" className="hover:text-white">
          아이디 찾기
        </Link>
      </AccountLinks>
    </AuthCard>
  );
}
