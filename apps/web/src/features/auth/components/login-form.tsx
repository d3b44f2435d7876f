import { zodResolver } from '@hookform/resolvers/zod';
import { accountMessages, loginBodySchema, type LoginBody } from '@curtaincall/contracts';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useLogin } from '../api/login';
import type { SessionUser } from '../api/get-current-user';

/** What the user is told when a login attempt fails. */
function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // Too many attempts, a network failure or a server fault is not a wrong password.
    if (error.status === 429 || error.status === 0 || error.status >= 500) return error.message;
  }
  return accountMessages.loginFailed;
}

export function LoginForm({ onSuccess }: { onSuccess: (user: SessionUser) => void }) {
  const login = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    login.mutate(values, {
      onSuccess: (user) => onSuccess(user),
      onError: (error) => setServerError(loginErrorMessage(error)),
    });
  });

  // Both fields share one message ('아이디와 비밀번호를 모두 입력해주세요.'), so it is shown once.
  const message = serverError ?? errors.username?.message ?? errors.password?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <TextField
        label="아이디"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="아이디를 입력하세요"
        aria-invalid={errors.username ? true : undefined}
        {...register('username')}
      />
      <TextField
        label="비밀번호"
        type="password"
        autoComplete="current-password"
        placeholder="비밀번호를 입력하세요"
        aria-invalid={errors.password ? true : undefined}
        {...register('password')}
      />
      {message && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-200"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {message}
        </p>
      )}
      <Button type="submit" size="lg" fullWidth isLoading={login.isPending} className="mt-2">
        로그인
      </Button>
    </form>
  );
}
