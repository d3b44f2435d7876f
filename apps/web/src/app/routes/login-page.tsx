import { Link, useLocation, useNavigate } from 'react-router';
import { LoginForm } from '@/features/auth/components/login-form';
import { SocialErrorNotice } from '@/features/auth/components/social-error-notice';
import { SocialLoginButtons } from '@/features/auth/components/social-login-buttons';
import { getReturnPath } from '@/features/auth/utils/access';
import { AuthCard } from './auth-card';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <AuthCard title="로그인" subtitle="커튼콜 계정으로 로그인하고 공연을 예매하세요.">
      <SocialErrorNotice />
      <LoginForm
        onSuccess={() => void navigate(getReturnPath(location.state), { replace: true })}
      />
      <nav
        aria-label="계정 찾기"
        className="mt-4 flex items-center justify-center gap-4 text-sm text-zinc-400"
      >
        <Link to="/find-id" className="hover:text-white">
          아이디 찾기
        </Link>
        <span aria-hidden className="h-3 w-px bg-surface-600" />
        <Link to="/find-password" className="hover:text-white">
          비밀번호 찾기
        </Link>
      </nav>
      <div className="my-6 flex items-center gap-3 text-xs text-zinc-400">
        <span className="h-px flex-1 bg-surface-700" />
        또는
        <span className="h-px flex-1 bg-surface-700" />
      </div>
      <SocialLoginButtons />
      <p className="mt-8 text-center text-sm text-zinc-400">
        아직 회원이 아니신가요?{' '}
        <Link
          to="/register"
          className="font-semibold text-rose-300 underline-offset-4 hover:underline"
        >
          회원가입
        </Link>
      </p>
    </AuthCard>
  );
}
