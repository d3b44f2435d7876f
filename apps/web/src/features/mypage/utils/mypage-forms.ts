import {
  accountMessages,
  changePasswordBodySchema,
  passwordSchema,
  profileUpdateBodySchema,
} from '@curtaincall/contracts';
import { z } from 'zod';

/** The client's own texts on my page (buyer-side.md §8 "Authentication and profile"). */
export const mypageTexts = {
  passwordChanged: '비밀번호가 성공적으로 변경되었습니다.',
  passwordChangeFailed: '비밀번호 변경에 실패했습니다. 현재 비밀번호가 올바른지 확인해주세요.',
  profileUpdateFailed: '회원 정보 수정에 실패했습니다. 다시 시도해주세요.',
  profileUnchanged: '변경된 내용이 없습니다.',
  newPasswordRequired: '새 비밀번호를 입력해주세요.',
  confirmPasswordRequired: '새 비밀번호 확인을 입력해주세요.',
  profileLoadFailed: '회원 정보를 불러오지 못했습니다.',
  bookingsLoadFailed: '예매 내역을 불러오지 못했습니다.',
  bookingsEmpty: '예매 내역이 없습니다.',
} as const;

/** Profile edit: the registration rules for name, nickname, phone and address. */
export const profileFormSchema = profileUpdateBodySchema;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

function hasPasswordStrings(
  value: unknown,
): value is { newPassword: string; confirmPassword: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'newPassword' in value &&
    'confirmPassword' in value &&
    typeof value.newPassword === 'string' &&
    typeof value.confirmPassword === 'string'
  );
}

/**
 * Password change (buyer-side.md §5): all three fields filled, the new password following the
 * registration rule, and its confirmation equal to it.
 */
export const passwordFormSchema = z
  .object({
    currentPassword: changePasswordBodySchema.shape.currentPassword,
    newPassword: z.string().min(1, mypageTexts.newPasswordRequired).pipe(passwordSchema),
    confirmPassword: z.string().min(1, mypageTexts.confirmPasswordRequired),
  })
  .refine((values) => !values.confirmPassword || values.confirmPassword === values.newPassword, {
    path: ['confirmPassword'],
    message: accountMessages.passwordMismatch,
    // Also when another field is still wrong, so every problem shows at once.
    when: ({ value }) => hasPasswordStrings(value),
  });
export type PasswordFormInput = z.input<typeof passwordFormSchema>;
export type PasswordFormValues = z.output<typeof passwordFormSchema>;
