import { Link } from 'react-router';
import { FindUsernameForm } from '@/features/account-email/components/find-username-form';
import { AuthCard } from './auth-card';
import { AccountLinks } from './account-links';

/** /find-id (아이디 찾기): the usernames of an address are mailed to that address. */
export function FindIdPage() {
  return (
    <AuthCard title="아이디 찾기" subtitle="가입한 이메일을 입력하면 아이디를 메일로 알려드려요.">
      <FindUsernameForm />
      <AccountLinks>
        <Link to="/find-password" className="hover:text-white">
          비밀번호 찾기
        </Link>
      </AccountLinks>
    </AuthCard>
  );
}
