import { zodResolver } from '@hookform/resolvers/zod';
import { findUsernameBodySchema, type FindUsernameBody } from '@curtaincall/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { getErrorMessage } from '@/lib/api-client';
import { useFindUsername } from '../api/account-email';
import { AccountNotice } from './account-notice';
import { showFieldErrors } from './field-errors';

/** 아이디 찾기: the usernames of an address are mailed to it; the page never says which exist. */
export function FindUsernameForm() {
  const findUsername = useFindUsername();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FindUsernameBody>({
    resolver: zodResolver(findUsernameBodySchema),
    defaultValues: { email: '' },
  });

  const onValid = (values: FindUsernameBody) => {
    setFailure(null);
    findUsername.mutate(values, {
      onSuccess: (message) => setSent(message ?? '메일을 보냈습니다.'),
      onError: (error) => {
        if (!showFieldErrors(error, setError, ['email'])) setFailure(getErrorMessage(error));
      },
    });
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="flex flex-col gap-4">
      {sent && <AccountNotice kind="success">{sent}</AccountNotice>}
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
      <Button type="submit" size="lg" fullWidth isLoading={findUsername.isPending}>
        아이디 찾기
      </Button>
    </form>
  );
}
