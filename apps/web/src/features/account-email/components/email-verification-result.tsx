import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { useConfirmEmail } from '../api/account-email';
import { AccountNotice } from './account-notice';

/**
 * Opens the verification link: the token is spent once, as the page loads (a second render or
 * React's development double effect must not spend it again and show "already used").
 */
export function EmailVerificationResult({ token }: { token: string | null }) {
  const confirm = useConfirmEmail();
  const started = useRef(false);
  const { mutate } = confirm;

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  if (!token) {
    return (
      <AccountNotice kind="error">
        링크 정보가 없습니다. 메일의 링크를 다시 열어주세요.
      </AccountNotice>
    );
  }
  if (confirm.isError) {
    return (
      <div className="flex flex-col gap-4">
        <AccountNotice kind="error">{getErrorMessage(confirm.error)}</AccountNotice>
        <p className="text-sm text-zinc-400">
          로그인한 뒤 마이페이지의 내 정보에서 인증 메일을 다시 받을 수 있습니다.
        </p>
        <Link
          to="/mypage/profile"
          className={buttonStyles({ variant: 'secondary', fullWidth: true })}
        >
          마이페이지로 가기
        </Link>
      </div>
    );
  }
  if (confirm.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <AccountNotice kind="success">
          {confirm.data.message ?? '이메일 인증이 완료되었습니다.'}
        </AccountNotice>
        <p className="text-sm break-all text-zinc-300">
          인증된 이메일: <strong className="text-white">{confirm.data.result.email}</strong>
        </p>
        <Link to="/" className={buttonStyles({ size: 'lg', fullWidth: true })}>
          홈으로 가기
        </Link>
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-zinc-300">
      <LoaderCircle className="size-5 animate-spin" aria-hidden />
      이메일 인증을 확인하는 중입니다…
    </p>
  );
}
