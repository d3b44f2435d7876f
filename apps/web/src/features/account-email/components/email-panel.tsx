import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailBodySchema, type ChangeEmailBody } from '@curtaincall/contracts';
import { MailCheck, MailWarning } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage } from '@/lib/api-client';
import { useChangeEmail, useEmailStatus, useResendVerification } from '../api/account-email';
import { AccountNotice } from './account-notice';
import { showFieldErrors } from './field-errors';

/**
 * 이메일 인증 on my page: whether the address is verified, 인증 메일 다시 보내기, and 이메일 변경
 * (the new address replaces the old one once the link sent to it is opened).
 */
export function EmailPanel() {
  const titleId = useId();
  const status = useEmailStatus();
  const resend = useResendVerification();
  const changeEmail = useChangeEmail();
  const [changing, setChanging] = useState(false);
  const [changeSent, setChangeSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangeEmailBody>({
    resolver: zodResolver(changeEmailBodySchema),
    defaultValues: { email: '' },
  });

  const onValid = ({ email }: ChangeEmailBody) => {
    changeEmail.mutate(email, {
      onSuccess: (message) => {
        setChangeSent(message ?? '인증 메일을 보냈습니다.');
        setChanging(false);
        reset({ email: '' });
      },
      onError: (error) => {
        if (!showFieldErrors(error, setError, ['email'])) {
          setError('email', { type: 'server', message: getErrorMessage(error) });
        }
      },
    });
  };

  const data = status.data;
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-surface-700/70 bg-surface-900 p-5 tablet:p-6"
    >
      <h2 id={titleId} className="mb-3 flex items-center gap-2 font-semibold text-zinc-100">
        {data?.emailVerified ? (
          <MailCheck className="size-5 text-emerald-300" aria-hidden />
        ) : (
          <MailWarning className="size-5 text-amber-300" aria-hidden />
        )}
        이메일 인증
      </h2>
      {status.isPending && <p className="text-sm text-zinc-400">불러오는 중…</p>}
      {status.isError && (
        <p role="alert" className="text-sm text-rose-200">
          {getErrorMessage(status.error, '이메일 정보를 불러오지 못했습니다.')}
        </p>
      )}
      {data && (
        <div className="flex flex-col gap-3">
          {/* The address itself is in 내 정보 just above; here only whether it is proven. */}
          <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-200">
            <span>내 이메일</span>
            {data.emailVerified ? (
              <span className="rounded-full bg-emerald-500/15 px-2.5 py-0.5 text-xs font-semibold text-emerald-200 ring-1 ring-emerald-400/30">
                인증 완료
              </span>
            ) : (
              <span className="rounded-full bg-amber-500/15 px-2.5 py-0.5 text-xs font-semibold text-amber-200 ring-1 ring-amber-400/30">
                미인증
              </span>
            )}
          </p>
          {!data.emailVerified && (
            <div className="flex flex-col gap-2 tablet:flex-row tablet:items-center tablet:justify-between">
              <p className="text-sm text-zinc-400">
                메일의 링크를 눌러 인증하면 같은 이메일의 소셜 계정으로도 로그인할 수 있습니다.
              </p>
              <Button
                variant="secondary"
                size="sm"
                isLoading={resend.isPending}
                onClick={() =>
                  resend.mutate(undefined, {
                    onSuccess: (message) => toast.success(message ?? '인증 메일을 보냈습니다.'),
                    onError: (error) => toast.error(getErrorMessage(error)),
                  })
                }
              >
                인증 메일 다시 보내기
              </Button>
            </div>
          )}
          {changeSent && <AccountNotice kind="success">{changeSent}</AccountNotice>}
          {changing ? (
            <form
              onSubmit={handleSubmit(onValid)}
              noValidate
              className="flex flex-col gap-3 border-t border-surface-700/60 pt-3"
            >
              <TextField
                label="새 이메일"
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder="example@email.com"
                hint="새 이메일로 보낸 링크를 누르면 주소가 바뀝니다."
                error={errors.email?.message}
                {...register('email')}
              />
              <div className="flex justify-end gap-2">
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setChanging(false);
                    reset({ email: '' });
                  }}
                >
                  취소
                </Button>
                <Button type="submit" size="sm" isLoading={changeEmail.isPending}>
                  인증 메일 보내기
                </Button>
              </div>
            </form>
          ) : (
            <div>
              <Button variant="outline" size="sm" onClick={() => setChanging(true)}>
                이메일 변경
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
