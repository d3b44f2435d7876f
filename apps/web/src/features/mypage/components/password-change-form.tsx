import { zodResolver } from '@hookform/resolvers/zod';
import { Info } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';
import {
  mypageTexts,
  passwordFormSchema,
  type PasswordFormInput,
  type PasswordFormValues,
} from '../utils/mypage-forms';

const emptyForm: PasswordFormInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * 비밀번호 변경. The server ends the account's other sessions and renews this one, so the user
 * stays logged in here and only the form is cleared.
 */
export function PasswordChangeForm({ userId }: { userId: number }) {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PasswordFormInput, unknown, PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: emptyForm,
  });

  const onValid = ({ currentPassword, newPassword }: PasswordFormValues) => {
    changePassword.mutate(
      { currentPassword, newPassword, userId },
      {
        onSuccess: () => {
          toast.success(mypageTexts.passwordChanged);
          reset(emptyForm);
        },
        onError: (error) => {
          const message = getErrorMessage(error, mypageTexts.passwordChangeFailed);
          toast.error(message);
          if (!(error instanceof ApiError)) return;
          for (const fieldError of error.fieldErrors) {
            if (fieldError.field === 'currentPassword' || fieldError.field === 'newPassword') {
              setError(fieldError.field, { type: 'server', message: fieldError.message });
            }
          }
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="flex flex-col gap-5">
      <p className="flex items-start gap-2 rounded-xl border border-sky-400/30 bg-sky-500/10 px-4 py-3 text-sm text-sky-100">
        <Info className="mt-0.5 size-4 shrink-0 text-sky-300" aria-hidden />
        비밀번호를 바꾸면 다른 기기와 브라우저에서는 모두 로그아웃됩니다.
      </p>
      <TextField
        label="현재 비밀번호"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
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
      <div className="flex justify-end">
        <Button
          type="submit"
          isLoading={changePassword.isPending}
          className="w-full tablet:w-auto tablet:min-w-36"
        >
          비밀번호 변경
        </Button>
      </div>
    </form>
  );
}
