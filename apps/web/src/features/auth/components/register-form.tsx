import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountEmailMessages,
  accountFieldLabels,
  accountMessages,
  formatPhoneNumber,
  registerBodySchema,
} from '@curtaincall/contracts';
import { Info } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import { getErrorMessage } from '@/lib/api-client';
import { applyServerFieldErrors, useFocusFirstInvalid } from '@/lib/form-errors';
import { useSocialSignupInfo } from '../api/get-social-signup-info';
import { useRegister } from '../api/register';
import { ProfileImageField } from './profile-image-field';

/** The contract's registration body plus the terms agreement, which only the form has. */
export const registerFormSchema = registerBodySchema.safeExtend({
  agreement: z.boolean().refine((agreed) => agreed, accountMessages.agreement),
});
type RegisterFormInput = z.input<typeof registerFormSchema>;
type RegisterFormValues = z.output<typeof registerFormSchema>;
type RegisterFormField = keyof RegisterFormInput;

const formFields: readonly RegisterFormField[] = [
  'email',
  'username',
  'password',
  'confirmPassword',
  'name',
  'nickname',
  'phone',
  'address',
  'isSocialUser',
  'agreement',
];

export const registerFailedMessage = '회원가입에 실패했습니다. 잠시 후 다시 시도해주세요.';
export const socialSignupNotice = '소셜 로그인 회원가입 필요';

interface RegisterFormProps {
  /** Completing a social sign-up (`/register?error=need_signup`): no password fields. */
  isSocialSignup: boolean;
  onRegistered: () => void;
}

export function RegisterForm({ isSocialSignup, onRegistered }: RegisterFormProps) {
  const agreementErrorId = useId();
  const registerAccount = useRegister();
  const socialInfo = useSocialSignupInfo({ enabled: isSocialSignup });
  const [profileImage, setProfileImage] = useState<File | null>(null);
  const [profileImageError, setProfileImageError] = useState<string | null>(null);
  const { containerRef: formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<RegisterFormInput, unknown, RegisterFormValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      email: '',
      username: '',
      password: '',
      confirmPassword: '',
      name: '',
      nickname: '',
      phone: '',
      address: '',
      isSocialUser: isSocialSignup ? 'true' : 'false',
      agreement: false,
    },
  });

  const prefill = socialInfo.data;
  useEffect(() => {
    if (!prefill) return;
    setValue('email', prefill.email, { shouldValidate: true });
    setValue('name', prefill.name, { shouldValidate: true });
  }, [prefill, setValue]);

  // Toast each failed lookup once (the ref survives StrictMode's effect replay).
  const toastedError = useRef<unknown>(null);
  useEffect(() => {
    if (!socialInfo.error || toastedError.current === socialInfo.error) return;
    toastedError.current = socialInfo.error;
    toast.error(getErrorMessage(socialInfo.error, '소셜 로그인 정보를 불러오지 못했습니다.'));
  }, [socialInfo.error]);

  const onValid = (values: RegisterFormValues) => {
    if (profileImageError) {
      toast.error(accountMessages.invalidForm);
      return;
    }
    // Drops the agreement, which is not part of the request.
    const body = registerBodySchema.parse(values);
    registerAccount.mutate(
      { body, profileImage },
      {
        onSuccess: (message) => {
          toast.success(message);
          // A social sign-up's address is the provider's verified one: no mail goes out.
          if (!isSocialSignup) toast.info(accountEmailMessages.verificationSent);
          onRegistered();
        },
        onError: (error) => {
          toast.error(getErrorMessage(error, registerFailedMessage));
          // A taken 아이디/이메일 or a refused image shows under its field, which takes the focus.
          const rest = applyServerFieldErrors(error, setError, formFields);
          if (rest.profileImage) setProfileImageError(rest.profileImage);
          focusFirstInvalid();
        },
      },
    );
  };

  const onInvalid = () => toast.error(accountMessages.invalidForm);
  const isPrefilled = isSocialSignup && prefill !== undefined;

  return (
    <form
      ref={formRef}
      onSubmit={handleSubmit(onValid, onInvalid)}
      noValidate
      className="flex flex-col gap-5"
    >
      {isSocialSignup && (
        <div
          role="status"
          className="flex items-start gap-3 rounded-xl border border-sky-400/40 bg-sky-500/10 px-4 py-3 text-sm text-sky-100"
        >
          <Info className="mt-0.5 size-5 shrink-0 text-sky-300" aria-hidden />
          <div>
            <p className="font-semibold">{socialSignupNotice}</p>
            <p className="mt-0.5 text-sky-100/80">
              소셜 계정으로 처음 오셨네요. 나머지 정보를 입력하면 가입이 완료됩니다.
            </p>
          </div>
        </div>
      )}

      <fieldset className="flex flex-col gap-5">
        <legend className="mb-4 text-sm font-semibold tracking-wide text-rose-300">
          계정 정보
        </legend>
        <TextField
          label={accountFieldLabels.email}
          type="email"
          autoComplete="email"
          placeholder="example@curtaincall.kr"
          readOnly={isPrefilled}
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={accountFieldLabels.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="영문 소문자와 숫자 4~20자"
          error={errors.username?.message}
          {...register('username')}
        />
        {!isSocialSignup && (
          <div className="grid grid-cols-1 gap-5 tablet:grid-cols-2">
            <TextField
              label={accountFieldLabels.password}
              type="password"
              autoComplete="new-password"
              placeholder="8자 이상"
              hint="영문 소문자, 숫자, 특수문자를 각각 1자 이상"
              error={errors.password?.message}
              {...register('password')}
            />
            <TextField
              label={accountFieldLabels.confirmPassword}
              type="password"
              autoComplete="new-password"
              placeholder="비밀번호를 한 번 더 입력"
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
          </div>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-5">
        <legend className="mb-4 text-sm font-semibold tracking-wide text-rose-300">
          회원 정보
        </legend>
        <div className="grid grid-cols-1 gap-5 tablet:grid-cols-2">
          <TextField
            label={accountFieldLabels.name}
            autoComplete="name"
            placeholder="홍길동"
            readOnly={isPrefilled}
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label={accountFieldLabels.nickname}
            autoComplete="nickname"
            placeholder="한글, 영문, 숫자 20자 이하"
            error={errors.nickname?.message}
            {...register('nickname')}
          />
        </div>
        <Controller
          control={control}
          name="phone"
          render={({ field }) => (
            <TextField
              label={accountFieldLabels.phone}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder="010-1234-5678"
              error={errors.phone?.message}
              ref={field.ref}
              name={field.name}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(formatPhoneNumber(event.target.value))}
            />
          )}
        />
        <TextField
          label={accountFieldLabels.address}
          autoComplete="street-address"
          placeholder="서울특별시 강남구 테헤란로 123"
          error={errors.address?.message}
          {...register('address')}
        />
        <ProfileImageField
          file={profileImage}
          error={profileImageError}
          onChange={(file, error) => {
            setProfileImage(file);
            setProfileImageError(error);
          }}
        />
      </fieldset>

      <div className="flex flex-col gap-1.5 rounded-xl border border-surface-700 bg-surface-900/60 p-4">
        <label className="flex cursor-pointer items-start gap-3 text-sm text-zinc-200">
          <input
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-rose-500"
            aria-invalid={errors.agreement ? true : undefined}
            aria-describedby={errors.agreement ? agreementErrorId : undefined}
            {...register('agreement')}
          />
          <span>
            이용약관과 개인정보처리방침에 동의합니다 <span className="text-rose-300">(필수)</span>
          </span>
        </label>
        {errors.agreement?.message && (
          <p id={agreementErrorId} className="pl-8 text-sm text-rose-300">
            {errors.agreement.message}
          </p>
        )}
      </div>

      <Button type="submit" size="lg" fullWidth isLoading={registerAccount.isPending}>
        {isSocialSignup ? '가입 완료하기' : '회원가입'}
      </Button>
    </form>
  );
}
