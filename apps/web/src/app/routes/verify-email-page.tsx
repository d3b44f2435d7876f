import { useSearchParams } from 'react-router';
import { EmailVerificationResult } from '@/features/account-email/components/email-verification-result';
import { AuthCard } from './auth-card';

/** /verify-email?token= (the link of a verification or e-mail change mail). */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  return (
    <AuthCard title="이메일 인증" subtitle="메일로 받은 링크를 확인합니다.">
      <EmailVerificationResult token={searchParams.get('token')} />
    </AuthCard>
  );
}
