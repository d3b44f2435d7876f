import { accountMessages } from '@curtaincall/contracts';
import { describe, expect, it } from 'vitest';
import { passwordFormSchema, profileFormSchema } from './mypage-forms';

function problems(schema: typeof passwordFormSchema | typeof profileFormSchema, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('passwordFormSchema', () => {
  it('needs all three fields', () => {
    expect(
      problems(passwordFormSchema, { currentPassword: '', newPassword: '', confirmPassword: '' }),
    ).toEqual({
      currentPassword: '현재 비밀번호를 입력해주세요.',
      newPassword: '새 비밀번호를 입력해주세요.',
      confirmPassword: '새 비밀번호 확인을 입력해주세요.',
    });
  });

  it('applies the registration rule and reports a mismatch at the same time', () => {
    expect(
      problems(passwordFormSchema, {
        currentPassword: 'old',
        newPassword: 'short',
        confirmPassword: 'other',
      }),
    ).toEqual({
      newPassword: accountMessages.password,
      confirmPassword: accountMessages.passwordMismatch,
    });
  });

  it('accepts a valid change', () => {
    expect(
      passwordFormSchema.safeParse({
        currentPassword: 'old',
        newPassword: 'concert12!',
        confirmPassword: 'concert12!',
      }).success,
    ).toBe(true);
  });
});

describe('profileFormSchema', () => {
  it('uses the registration rules and messages', () => {
    expect(
      problems(profileFormSchema, {
        name: ' ',
        nickname: '닉 네임',
        phone: '0201234',
        address: '',
      }),
    ).toEqual({
      name: '이름은 필수입니다.',
      nickname: accountMessages.nickname,
      phone: accountMessages.phone,
      address: '주소는 필수입니다.',
    });
  });
});
