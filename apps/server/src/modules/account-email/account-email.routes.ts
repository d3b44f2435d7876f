import {
  accountEmailMessages,
  changeEmailBodySchema,
  confirmEmailBodySchema,
  confirmEmailResultSchema,
  emailStatusSchema,
  envelopeSchema,
  findUsernameBodySchema,
  mailOutboxQuerySchema,
  mailOutboxSchema,
  messageEnvelopeSchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
} from '@curtaincall/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guard, requireUser } from '../../http/guards';
import type { AccountEmailService } from './account-email.service';

/**
 * E-mail verification, e-mail change, 아이디 찾기, 비밀번호 찾기 and the admin's mail outbox
 * (issue 22). The "mail me" calls answer the same whatever the address or username is.
 */
export const accountEmailRoutes: FastifyPluginAsyncZod<{
  accountEmail: AccountEmailService;
}> = async (app, { accountEmail }) => {
  app.post(
    '/auth/email-verification/resend',
    {
      preHandler: guard.user,
      schema: {
        tags: ['auth'],
        summary: '인증 메일 다시 보내기 (로그인한 계정의 주소로; 10분에 3번)',
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const outcome = await accountEmail.resendVerification({ userId: user.id, ip: request.ip });
      return {
        success: true as const,
        message:
          outcome === 'already'
            ? accountEmailMessages.alreadyVerified
            : accountEmailMessages.verificationSent,
      };
    },
  );

  app.post(
    '/auth/email-verification/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: '이메일 인증 링크 확인 (한 번만, 24시간 안에; 이메일 변경이면 주소를 바꿈)',
        description:
          'body: {"token": "메일 링크의 token"}. 400 E002 모르는 링크, 410 E003 만료, 409 E004 이미 사용됨.',
        body: confirmEmailBodySchema,
        response: { 200: envelopeSchema(confirmEmailResultSchema) },
      },
    },
    async (request) => {
      const result = await accountEmail.confirmEmail(request.body.token);
      return {
        success: true as const,
        message: result.changed
          ? accountEmailMessages.emailChanged
          : accountEmailMessages.emailVerified,
        data: result,
      };
    },
  );

  app.get(
    '/mypage/email-status',
    {
      preHandler: guard.user,
      schema: {
        tags: ['mypage'],
        summary: '내 이메일과 인증 여부',
        response: { 200: envelopeSchema(emailStatusSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { success: true as const, data: await accountEmail.emailStatus(user.id) };
    },
  );

  app.post(
    '/mypage/email',
    {
      preHandler: guard.user,
      schema: {
        tags: ['mypage'],
        summary: '이메일 변경 요청 (새 주소로 인증 메일; 인증하면 바뀜)',
        description: 'body: {"email": "new@example.com"}',
        body: changeEmailBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await accountEmail.requestEmailChange({
        userId: user.id,
        email: request.body.email,
        ip: request.ip,
      });
      return {
        success: true as const,
        message: accountEmailMessages.emailChangeSent(request.body.email.trim().toLowerCase()),
      };
    },
  );

  app.post(
    '/auth/find-username',
    {
      schema: {
        tags: ['auth'],
        summary: '아이디 찾기 (가입된 주소면 아이디를 메일로; 답은 언제나 같음)',
        description: 'body: {"email": "fan@example.com"}',
        body: findUsernameBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      await accountEmail.findUsername({ email: request.body.email, ip: request.ip });
      return { success: true as const, message: accountEmailMessages.findUsernameSent };
    },
  );

  app.post(
    '/auth/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: '비밀번호 찾기 (아이디와 이메일이 맞으면 30분짜리 재설정 링크; 답은 언제나 같음)',
        description: 'body: {"username": "fan01", "email": "fan@example.com"}',
        body: passwordResetRequestBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      await accountEmail.requestPasswordReset({ body: request.body, ip: request.ip });
      return { success: true as const, message: accountEmailMessages.passwordResetSent };
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: '비밀번호 재설정 (링크 한 번만; 계정의 모든 세션 종료)',
        description:
          'body: {"token": "...", "newPassword": "newsecret12!", "confirmPassword": "newsecret12!"}',
        body: passwordResetConfirmBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
    },
    async (request) => {
      await accountEmail.confirmPasswordReset({
        token: request.body.token,
        newPassword: request.body.newPassword,
      });
      return { success: true as const, message: accountEmailMessages.passwordReset };
    },
  );

  app.get(
    '/admin/mail-outbox',
    {
      preHandler: guard.admin,
      schema: {
        tags: ['admin'],
        summary: '메일 발신함 (SMTP 없이 보관된 메일, 최신순 100통)',
        querystring: mailOutboxQuerySchema,
        response: { 200: envelopeSchema(mailOutboxSchema) },
      },
    },
    async (request, reply) => {
      // Live links to accounts: never from a cache.
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await accountEmail.outbox(request.query.to) };
    },
  );
};
