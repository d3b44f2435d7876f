import { z } from 'zod';
import './zod-setup';
import { roleSchema } from './enums';
import { withTopicParticle } from './korean';

/** Korean labels of the account fields, used in messages and form labels. */
export const accountFieldLabels = {
  email: '이메일',
  username: '아이디',
  password: '비밀번호',
  confirmPassword: '비밀번호 확인',
  name: '이름',
  nickname: '닉네임',
  phone: '전화번호',
  address: '주소',
} as const;
type AccountField = keyof typeof accountFieldLabels;

/** '{field} is required' of buyer-side.md §5, in Korean: '이메일은 필수입니다.' */
export function requiredMessage(field: AccountField): string {
  return `${withTopicParticle(accountFieldLabels[field])} 필수입니다.`;
}

export const accountMessages = {
  emailFormat: '올바른 이메일 형식이 아닙니다.',
  emailTooLong: '이메일은 255자 이하여야 합니다.',
  username: '아이디는 4~20자의 영문 소문자와 숫자만 사용할 수 있습니다.',
  password:
    '비밀번호는 8자 이상이며 영문 소문자, 숫자, 특수문자(!@#$%^&*()_+=-)를 각각 하나 이상 포함해야 합니다.',
  passwordTooLong: '비밀번호는 100자 이하여야 합니다.',
  passwordMismatch: '비밀번호가 일치하지 않습니다.',
  nameTooLong: '이름은 100자 이하여야 합니다.',
  nickname: '닉네임은 20자 이하의 한글, 영문, 숫자만 사용할 수 있습니다.',
  phone: '전화번호 형식이 올바르지 않습니다. (예: 010-1234-5678)',
  addressTooLong: '주소는 255자 이하여야 합니다.',
  agreement: '이용약관과 개인정보처리방침에 동의해주세요.',
  invalidForm: '입력 정보를 다시 확인해주세요.',
  loginRequired: '아이디와 비밀번호를 모두 입력해주세요.',
  imageTooLarge: '파일 크기는 10MB를 초과할 수 없습니다.',
  imageType: '지원하지 않는 파일 형식입니다. JPEG, PNG, WEBP 이미지만 업로드할 수 있습니다.',
  duplicateUsername: '이미 사용 중인 아이디입니다.',
  duplicateEmail: '이미 사용 중인 이메일입니다.',
  duplicateNickname: '이미 사용 중인 닉네임입니다.',
  registered: '회원가입이 완료되었습니다.',
  socialExpired: '소셜 로그인 정보가 만료되었습니다. 다시 시도해주세요.',
  loginFailed: '로그인 실패: 아이디 또는 비밀번호를 확인해주세요.',
} as const;

export const USERNAME_PATTERN = /^[a-z0-9]{4,20}$/;
/** 8+ chars of lowercase letters, digits and !@#$%^&*()_+=- only, with one of each class. */
export const PASSWORD_PATTERN =
  /^(?=.*[a-z])(?=.*\d)(?=.*[!@#$%^&*()_+=-])[a-z\d!@#$%^&*()_+=-]{8,}$/;
export const NICKNAME_PATTERN = /^[가-힣a-zA-Z0-9]{1,20}$/;
/** 01X-XXX(X)-XXXX with X (the second digit after 01) in 0,1,6,7,8,9. */
export const PHONE_PATTERN = /^01[016789]-\d{3,4}-\d{4}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z
  .string({ error: requiredMessage('email') })
  .trim()
  .min(1, requiredMessage('email'))
  .max(255, accountMessages.emailTooLong)
  .regex(EMAIL_PATTERN, accountMessages.emailFormat);

export const usernameSchema = z
  .string({ error: requiredMessage('username') })
  .trim()
  .min(1, requiredMessage('username'))
  .regex(USERNAME_PATTERN, accountMessages.username);

export const passwordSchema = z
  .string({ error: requiredMessage('password') })
  .min(1, requiredMessage('password'))
  .max(100, accountMessages.passwordTooLong)
  .regex(PASSWORD_PATTERN, accountMessages.password);

export const nameSchema = z
  .string({ error: requiredMessage('name') })
  .trim()
  .min(1, requiredMessage('name'))
  .max(100, accountMessages.nameTooLong);

export const nicknameSchema = z
  .string({ error: requiredMessage('nickname') })
  .trim()
  .min(1, requiredMessage('nickname'))
  .regex(NICKNAME_PATTERN, accountMessages.nickname);

export const phoneSchema = z
  .string({ error: requiredMessage('phone') })
  .trim()
  .min(1, requiredMessage('phone'))
  .regex(PHONE_PATTERN, accountMessages.phone);

export const addressSchema = z
  .string({ error: requiredMessage('address') })
  .trim()
  .min(1, requiredMessage('address'))
  .max(255, accountMessages.addressTooLong);

/** The profile fields shared by registration and the my-page profile edit. */
export const profileFieldsSchema = z.object({
  name: nameSchema,
  nickname: nicknameSchema,
  phone: phoneSchema,
  address: addressSchema,
});

/**
 * Registration text fields (api-contract.md §2.4), as multipart strings.
 * Social sign-up completion (`isSocialUser: 'true'`) skips the password fields; its e-mail and
 * name come from the pending social sign-up on the server.
 */
export const registerBodySchema = profileFieldsSchema
  .extend({
    email: emailSchema,
    username: usernameSchema,
    password: z.string().optional(),
    confirmPassword: z.string().optional(),
    isSocialUser: z.enum(['true', 'false']).default('false'),
  })
  .superRefine((body, ctx) => {
    if (body.isSocialUser === 'true') return;
    const password = passwordSchema.safeParse(body.password ?? '');
    if (!password.success) {
      for (const issue of password.error.issues) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: issue.message });
      }
    }
    if (!body.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: requiredMessage('confirmPassword'),
      });
    } else if (body.confirmPassword !== body.password) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: accountMessages.passwordMismatch,
      });
    }
  });
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** `POST /auth/login`, form-encoded. */
export const loginBodySchema = z.object({
  username: z
    .string({ error: accountMessages.loginRequired })
    .trim()
    .min(1, accountMessages.loginRequired)
    .max(100, accountMessages.loginRequired),
  password: z
    .string({ error: accountMessages.loginRequired })
    .min(1, accountMessages.loginRequired)
    .max(200, accountMessages.loginRequired),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** The logged-in user as `GET /auth/me` answers it (bare, or the literal null). */
export const currentUserSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  role: roleSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const meResponseSchema = currentUserSchema.nullable();

/** `GET /auth/register/social`: what the pending social sign-up pre-fills. */
export const socialSignupInfoSchema = z.object({ email: z.string(), name: z.string() });
export type SocialSignupInfo = z.infer<typeof socialSignupInfoSchema>;

/**
 * How a Korean number's digits group, by its prefix: Seoul's area code 02 has 2 digits; the
 * national business numbers 15xx/16xx/18xx have no area code (4-4, '1588-1234'); 0502-0508
 * (050 personal numbers, e.g. '0505-123-4567') take a 4-digit prefix; every other area, mobile,
 * 070 and 080 prefix has 3. The subscriber part is 3 or 4 digits then the final 4.
 */
function phoneShape(digits: string): { prefix: number; max: number } {
  if (/^1[568]/.test(digits)) return { prefix: 4, max: 8 };
  if (digits.startsWith('02')) return { prefix: 2, max: 10 };
  if (/^050[2-8]/.test(digits)) return { prefix: 4, max: 12 };
  return { prefix: 3, max: 11 };
}

/**
 * Formats a Korean phone number as it is typed or pasted: '02-123-4567', '02-1234-5678',
 * '031-123-4567', '010-1234-5678', '070-1234-5678', '0505-123-4567', '1588-1234'. A partial
 * number is grouped as far as it goes; digits past the pattern's length are dropped.
 */
export function formatPhoneNumber(input: string): string {
  const all = input.replace(/\D/g, '');
  const { prefix, max } = phoneShape(all);
  const digits = all.slice(0, max);
  if (digits.length <= prefix) return digits;
  const head = digits.slice(0, prefix);
  const rest = digits.slice(prefix);
  if (rest.length <= 4) return `${head}-${rest}`;
  // The last 4 digits form the final group; the middle takes what is left (3 or 4).
  const middleLength = Math.min(4, Math.max(3, rest.length - 4));
  return [head, rest.slice(0, middleLength), rest.slice(middleLength)].join('-');
}
