import { zodResolver } from '@hookform/resolvers/zod';
import {
  passwordResetConfirmBodySchema,
  type PasswordResetConfirmBody,
} from '@curtaincall/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-client';
import { useConfirmPasswordReset } from '../api/account-email';
import { AccountNotice } from './account-notice';
import { showFieldErrors } from './field-errors';

/** The reset page's form: the sign-up password rule, then every session of the account ends. */
export function ResetPasswordForm({ token }: { token: string }) {
  const confirmReset = useConfirmPasswordReset();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordResetConfirmBody>({
    resolver: zodResolver(passwordResetConfirmBodySchema),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });

  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <AccountNotice kind="success">{done}</AccountNotice>
        <Link to="/login" className={buttonStyles({ size: 'lg', fullWidth: true })}>
          로그인하러 가기
        </Link>
      </div>
    );
  }

  const onValid = (values: PasswordResetConfirmBody) => {
    setFailure(null);
    confirmReset.mutate(values, {
      onSuccess: (message) => setDone(message ?? '비밀번호가 변경되었습니다.'),
      onError: (error) => {
        if (!showFieldErrors(error, setError, ['newPassword', 'confirmPassword'])) {
          setFailure(getErrorMessage(error));
        }
      },
    });
  };

  // An invalid link is a page-level problem (the token field is not shown).
  const linkProblem = errors.token?.message;
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="flex flex-col gap-4">
      <TextField
        label="새 비밀번호"
        type="password"
        autoComplete="new-password"
        placeholder="8자 이상"
        hint="영문 소문자, 숫자, 특수문자(!@#$%^&*()_+=-)를 각각 1자 이상"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <TextField
        label="새 비밀번호 확인"
        type="password"
        autoComplete="new-password"
        placeholder="새 비밀번호를 한 번 더 입력"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      {(failure ?? linkProblem) && (
        <AccountNotice kind="error">
          {failure ?? linkProblem}{' '}
          <Link to="/find-password" className="font-semibold underline underline-offset-4">
            재설정 메일 다시 받기
          </Link>
        </AccountNotice>
      )}
      <Button type="submit" size="lg" fullWidth isLoading={confirmReset.isPending}>
        비밀번호 변경
      </Button>
    </form>
  );
}
