import { z } from 'zod';
import './zod-setup';
import {
  accountMessages,
  emailSchema,
  passwordSchema,
  requiredMessage,
  usernameSchema,
} from './auth';
import { dateTimeSchema } from './common';

/**
 * Verified e-mail, 아이디 찾기 and 비밀번호 찾기 (issue 22). Every answer to "mail me" is the same
 * whether or not the address or username exists, so none of these texts says which.
 */
export const accountEmailMessages = {
  verificationSent: '인증 메일을 보냈습니다. 메일의 링크를 눌러 이메일 인증을 완료해주세요.',
  alreadyVerified: '이미 인증된 이메일입니다.',
  emailVerified: '이메일 인증이 완료되었습니다.',
  emailChanged: '이메일 주소가 변경되었고 인증이 완료되었습니다.',
  emailChangeSent: (email: string) =>
    `${email}(으)로 인증 메일을 보냈습니다. 메일의 링크를 누르면 이메일 주소가 변경됩니다.`,
  sameEmail: '지금 사용 중인 이메일과 같습니다.',
  findUsernameSent:
    '입력하신 이메일이 가입된 주소라면 아이디 안내 메일을 보냈습니다. 메일함을 확인해주세요.',
  passwordResetSent:
    '입력하신 정보와 일치하는 계정이 있다면 비밀번호 재설정 메일을 보냈습니다. 메일함을 확인해주세요.',
  passwordReset: '비밀번호가 변경되었습니다. 새 비밀번호로 로그인해주세요.',
  tokenRequired: '링크 정보가 없습니다. 메일의 링크를 다시 열어주세요.',
  tokenFormat: '유효하지 않은 링크입니다. 메일의 링크를 다시 열어주세요.',
  tooManyRequests: (minutes: number) =>
    `요청이 너무 많습니다. ${minutes}분 후에 다시 시도해주세요.`,
} as const;

/** The token of a mailed link: 32 random bytes, base64url (43 characters). */
export const mailTokenSchema = z
  .string({ error: accountEmailMessages.tokenRequired })
  .trim()
  .min(1, accountEmailMessages.tokenRequired)
  .regex(/^[A-Za-z0-9_-]{20,100}$/, accountEmailMessages.tokenFormat);

/** `POST /auth/email-verification/confirm`: the token of the link in the verification mail. */
export const confirmEmailBodySchema = z.object({ token: mailTokenSchema });
export type ConfirmEmailBody = z.infer<typeof confirmEmailBodySchema>;

/** What a consumed verification link did: verified the address, or changed it (my page). */
export const confirmEmailResultSchema = z.object({
  email: z.string(),
  changed: z.boolean(),
});
export type ConfirmEmailResult = z.infer<typeof confirmEmailResultSchema>;

/** `POST /mypage/email`: change the account's address; it changes once the new one is verified. */
export const changeEmailBodySchema = z.object({ email: emailSchema });
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/** `POST /auth/find-username` (아이디 찾기): the usernames of the address are mailed to it. */
export const findUsernameBodySchema = z.object({ email: emailSchema });
export type FindUsernameBody = z.infer<typeof findUsernameBodySchema>;

/** `POST /auth/password-reset` (비밀번호 찾기): a reset link goes to the account's address. */
export const passwordResetRequestBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
});
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;

/** `POST /auth/password-reset/confirm`: the new password follows the registration rule. */
export const passwordResetConfirmBodySchema = z
  .object({
    token: mailTokenSchema,
    newPassword: passwordSchema,
    confirmPassword: z
      .string({ error: requiredMessage('confirmPassword') })
      .min(1, requiredMessage('confirmPassword'))
      .max(100, requiredMessage('confirmPassword')),
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    path: ['confirmPassword'],
    message: accountMessages.passwordMismatch,
  });
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

/** `GET /mypage/email-status`: whether the account's address is verified. */
export const emailStatusSchema = z.object({
  email: z.string(),
  emailVerified: z.boolean(),
  /** When it was verified (Asia/Seoul `YYYY-MM-DDTHH:mm:ss`), or null. */
  verifiedAt: dateTimeSchema.nullable(),
});
export type EmailStatus = z.infer<typeof emailStatusSchema>;

/** `GET /admin/mail-outbox`: the embedded mailer's kept messages, newest first. */
export const mailOutboxQuerySchema = z.object({
  /** Only messages to this address (a part of it is enough). */
  to: z.string().trim().max(255, '이메일은 255자 이하여야 합니다.').optional(),
});
export type MailOutboxQuery = z.infer<typeof mailOutboxQuerySchema>;

export const outboxMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** Asia/Seoul `YYYY-MM-DDTHH:mm:ss`. */
  createdAt: dateTimeSchema,
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const mailOutboxSchema = z.object({
  /** `outbox` (kept here) or `smtp` (sent; nothing is kept, the list stays empty). */
  delivery: z.enum(['outbox', 'smtp']),
  mails: z.array(outboxMailSchema),
});
export type MailOutbox = z.infer<typeof mailOutboxSchema>;

/** At most this many messages are listed (the newest). */
export const MAIL_OUTBOX_LIST_LIMIT = 100;
