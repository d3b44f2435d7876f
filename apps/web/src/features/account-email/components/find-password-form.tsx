import { zodResolver } from '@hookform/resolvers/zod';
import {
  passwordResetRequestBodySchema,
  type PasswordResetRequestBody,
} from '@curtaincall/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/account-email';
import { AccountNotice } from './account-notice';
import { showFieldErrors } from './field-errors';

/** 비밀번호 찾기: a 30-minute reset link goes to the account's address when both match. */
export function FindPasswordForm() {
  const requestReset = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordResetRequestBody>({
    resolver: zodResolver(passwordResetRequestBodySchema),
    defaultValues: { username: '', email: '' },
  });

  const onValid = (values: PasswordResetRequestBody) => {
    setFailure(null);
    requestReset.mutate(values, {
      onSuccess: (message) => setSent(message ?? '메일을 보냈습니다.'),
      onError: (error) => {
        if (!showFieldErrors(error, setError, ['username', 'email'])) {
          setFailure(getErrorMessage(error));
        }
      },
    });
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="flex flex-col gap-4">
      {sent && <AccountNotice kind="success">{sent}</AccountNotice>}
      <TextField
        label="아이디"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="아이디를 입력하세요"
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="가입한 이메일"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="example@email.com"
        error={errors.email?.message}
        {...register('email')}
      />
      {failure && <AccountNotice kind="error">{failure}</AccountNotice>}
      <Button type="submit" size="lg" fullWidth isLoading={requestReset.isPending}>
        재설정 메일 받기
      </Button>
    </form>
  );
}
