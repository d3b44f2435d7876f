import { zodResolver } from '@hookform/resolvers/zod';
import {
  accountFieldLabels,
  accountMessages,
  formatPhoneNumber,
  type Profile,
} from '@curtaincall/contracts';
import { CircleAlert } from 'lucide-react';
import { useState, type ComponentType } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { applyServerFieldErrors, serverFieldErrors, useFocusFirstInvalid } from '@/lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';
import { mypageTexts, profileFormSchema, type ProfileFormValues } from '../utils/mypage-forms';

/**
 * What the page hands in to pick a new profile image: the registration page's picker, which
 * checks type and size itself and reports the chosen file or the problem.
 */
export interface ProfileImagePickerProps {
  file: File | null;
  error: string | null;
  onChange: (file: File | null, error: string | null) => void;
  currentImageUrl?: string | null;
}
export type ProfileImagePicker = ComponentType<ProfileImagePickerProps>;

type EditableField = keyof ProfileFormValues;
const editableFields: readonly EditableField[] = ['name', 'nickname', 'phone', 'address'];

interface ProfileEditFormProps {
  profile: Profile;
  imagePicker: ProfileImagePicker;
  /** After a successful save, with the profile the server answered. */
  onSaved: (profile: Profile) => void;
  onCancel: () => void;
}

/**
 * 내 정보, edit mode: name, nickname, phone and address under the registration rules, and a new
 * profile image; e-mail and username stay read-only. 저장 sends the image only when one was
 * picked; 취소 drops every change.
 */
export function ProfileEditForm({
  profile,
  imagePicker: ImagePicker,
  onSaved,
  onCancel,
}: ProfileEditFormProps) {
  const updateProfile = useUpdateProfile();
  const [imageFile, setImageFile] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const { containerRef: formRef, focusFirstInvalid } = useFocusFirstInvalid();

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      name: profile.name,
      nickname: profile.nickname,
      phone: profile.phone,
      address: profile.address,
    },
  });

  const onValid = (body: ProfileFormValues) => {
    setSubmitError(null);
    if (imageError) {
      toast.error(accountMessages.invalidForm);
      return;
    }
    if (!isDirty && !imageFile) {
      toast.info(mypageTexts.profileUnchanged);
      onCancel();
      return;
    }
    updateProfile.mutate(
      { body, profileImage: imageFile },
      {
        onSuccess: ({ profile: saved, message }) => {
          toast.success(message);
          onSaved(saved);
        },
        onError: (error) => {
          const message = getErrorMessage(error, mypageTexts.profileUpdateFailed);
          toast.error(message);
          // Field errors show under their field (a refused image under the picker), and the
          // first one takes the focus.
          const onForm = Object.keys(serverFieldErrors(error)).length;
          const rest = applyServerFieldErrors(error, setError, editableFields);
          if (rest.profileImage) setImageError(rest.profileImage);
          let shownOnField = Object.keys(rest).length < onForm || rest.profileImage !== undefined;
          // A taken nickname (409 A008) is the only duplicate a profile update can hit.
          if (error instanceof ApiError && error.code === 'A008' && !shownOnField) {
            setError('nickname', { type: 'server', message });
            shownOnField = true;
          }
          if (shownOnField) focusFirstInvalid();
          else setSubmitError(message);
        },
      },
    );
  };

  const onInvalid = () => toast.error(accountMessages.invalidForm);

  return (
    <form
      ref={formRef}
      onSubmit={handleSubmit(onValid, onInvalid)}
      noValidate
      className="flex flex-col gap-5"
    >
      <ImagePicker
        file={imageFile}
        error={imageError}
        currentImageUrl={profile.profileImage}
        onChange={(file, error) => {
          setImageFile(file);
          setImageError(error);
        }}
      />
      <div className="grid grid-cols-1 gap-5 tablet:grid-cols-2">
        <TextField
          label={accountFieldLabels.email}
          type="email"
          value={profile.email}
          readOnly
          hint="이메일은 변경할 수 없습니다."
        />
        <TextField
          label={accountFieldLabels.username}
          value={profile.username}
          readOnly
          hint="아이디는 변경할 수 없습니다."
        />
        <TextField
          label={accountFieldLabels.name}
          autoComplete="name"
          placeholder="홍길동"
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

      {submitError && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-sm text-rose-100"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0 text-rose-300" aria-hidden />
          {submitError}
        </p>
      )}

      <div className="flex flex-col-reverse gap-3 tablet:flex-row tablet:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={updateProfile.isPending}>
          취소
        </Button>
        <Button type="submit" isLoading={updateProfile.isPending} className="tablet:min-w-28">
          저장
        </Button>
      </div>
    </form>
  );
}
