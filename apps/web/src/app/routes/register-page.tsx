import { Link, useNavigate, useSearchParams } from 'react-router';
import { RegisterForm } from '@/features/auth/components/register-form';
import { AuthCard } from './auth-card';

export function RegisterPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The OAuth callback sends unknown social accounts here to finish signing up (api-contract.md §2.6).
  const isSocialSignup = searchParams.get('error') === 'need_signup';

  return (
    <AuthCard
      title="회원가입"
      subtitle="몇 가지 정보만 입력하면 바로 예매를 시작할 수 있어요."
      wide
    >
      <RegisterForm
        key={isSocialSignup ? 'social' : 'local'}
        isSocialSignup={isSocialSignup}
        onRegistered={() => void navigate('/login')}
      />
      <p className="mt-8 text-center text-sm text-zinc-400">
        이미 계정이 있으신가요?{' '}
        <Link
          to="/login"
          className="font-semibold text-rose-300 underline-offset-4 hover:underline"
        >
          로그인
        </Link>
      </p>
    </AuthCard>
  );
}
