import { accountEmailMessages, accountMessages } from '@curtaincall/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { users } from '@/test/fixtures';
import { renderApp, renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { EmailPanel } from './email-panel';
import { FindPasswordForm } from './find-password-form';
import { ResetPasswordForm } from './reset-password-form';

const TOKEN = 'abcDEF123_-abcDEF123_-abcDEF123_-abcDEF123_-';

/** The error text tied to a field (aria-describedby), as a screen reader would read it. */
function fieldError(label: string): string {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('login page', () => {
  it('links 아이디 찾기 and 비밀번호 찾기', async () => {
    renderApp('/login');
    expect(await screen.findByRole('link', { name: '아이디 찾기' })).toHaveAttribute(
      'href',
      '/find-id',
    );
    expect(screen.getByRole('link', { name: '비밀번호 찾기' })).toHaveAttribute(
      'href',
      '/find-password',
    );
  });
});

describe('비밀번호 찾기', () => {
  it('shows each rule next to its field in Korean, then the server`s one answer', async () => {
    let sent: unknown = null;
    server.use(
      http.post('/api/auth/password-reset', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          success: true,
          message: accountEmailMessages.passwordResetSent,
        });
      }),
    );
    renderWithProviders(<FindPasswordForm />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '재설정 메일 받기' }));
    expect(fieldError('아이디')).toContain('아이디는 필수입니다.');
    expect(fieldError('가입한 이메일')).toContain('이메일은 필수입니다.');
    expect(sent).toBeNull();

    await user.type(screen.getByLabelText('아이디'), 'fan01');
    await user.type(screen.getByLabelText('가입한 이메일'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: '재설정 메일 받기' }));
    expect(fieldError('가입한 이메일')).toContain(accountMessages.emailFormat);

    await user.clear(screen.getByLabelText('가입한 이메일'));
    await user.type(screen.getByLabelText('가입한 이메일'), 'fan@example.com');
    await user.click(screen.getByRole('button', { name: '재설정 메일 받기' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      accountEmailMessages.passwordResetSent,
    );
    expect(sent).toEqual({ username: 'fan01', email: 'fan@example.com' });
  });

  it('shows a rate limit as a message the user can act on', async () => {
    server.use(
      http.post('/api/auth/password-reset', () =>
        HttpResponse.json(
          {
            success: false,
            status: 429,
            code: 'E001',
            message: '요청이 너무 많습니다. 7분 후에 다시 시도해주세요.',
          },
          { status: 429 },
        ),
      ),
    );
    renderWithProviders(<FindPasswordForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('아이디'), 'fan01');
    await user.type(screen.getByLabelText('가입한 이메일'), 'fan@example.com');
    await user.click(screen.getByRole('button', { name: '재설정 메일 받기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '요청이 너무 많습니다. 7분 후에 다시 시도해주세요.',
    );
  });
});

describe('비밀번호 재설정', () => {
  it('checks the sign-up password rule and the confirmation before sending', async () => {
    let sent: unknown = null;
    server.use(
      http.post('/api/auth/password-reset/confirm', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true, message: accountEmailMessages.passwordReset });
      }),
    );
    renderWithProviders(<ResetPasswordForm token={TOKEN} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('새 비밀번호'), 'short');
    await user.type(screen.getByLabelText('새 비밀번호 확인'), 'other');
    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(fieldError('새 비밀번호')).toContain(accountMessages.password);
    expect(sent).toBeNull();

    await user.clear(screen.getByLabelText('새 비밀번호'));
    await user.type(screen.getByLabelText('새 비밀번호'), 'brandnew12!');
    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(fieldError('새 비밀번호 확인')).toContain(accountMessages.passwordMismatch);

    await user.clear(screen.getByLabelText('새 비밀번호 확인'));
    await user.type(screen.getByLabelText('새 비밀번호 확인'), 'brandnew12!');
    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(await screen.findByRole('status')).toHaveTextContent(accountEmailMessages.passwordReset);
    expect(screen.getByRole('link', { name: '로그인하러 가기' })).toHaveAttribute('href', '/login');
    expect(sent).toEqual({
      token: TOKEN,
      newPassword: 'brandnew12!',
      confirmPassword: 'brandnew12!',
    });
  });

  it('says when the link expired and offers a new one', async () => {
    server.use(
      http.post('/api/auth/password-reset/confirm', () =>
        HttpResponse.json(
          {
            success: false,
            status: 410,
            code: 'E003',
            message: '링크의 유효 시간이 지났습니다. 메일을 다시 요청해주세요.',
          },
          { status: 410 },
        ),
      ),
    );
    renderWithProviders(<ResetPasswordForm token={TOKEN} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('새 비밀번호'), 'brandnew12!');
    await user.type(screen.getByLabelText('새 비밀번호 확인'), 'brandnew12!');
    await user.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('링크의 유효 시간이 지났습니다.');
    expect(within(alert).getByRole('link', { name: '재설정 메일 다시 받기' })).toHaveAttribute(
      'href',
      '/find-password',
    );
  });
});

describe('/verify-email', () => {
  it('spends the link once and says the address is verified', async () => {
    let calls = 0;
    server.use(
      http.post('/api/auth/email-verification/confirm', () => {
        calls += 1;
        return HttpResponse.json({
          success: true,
          message: accountEmailMessages.emailVerified,
          data: { email: 'fan@example.com', changed: false },
        });
      }),
    );
    renderApp(`/verify-email?token=${TOKEN}`);
    // First "checking", then the answer, in the same live region role.
    expect(await screen.findByText(accountEmailMessages.emailVerified)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(accountEmailMessages.emailVerified);
    expect(screen.getByText('fan@example.com')).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('says a used link is used', async () => {
    server.use(
      http.post('/api/auth/email-verification/confirm', () =>
        HttpResponse.json(
          { success: false, status: 409, code: 'E004', message: '이미 사용된 링크입니다.' },
          { status: 409 },
        ),
      ),
    );
    renderApp(`/verify-email?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('이미 사용된 링크입니다.');
  });
});

describe('my page e-mail panel', () => {
  it('shows an unverified address, resends the mail, and asks for a new address', async () => {
    let resent = 0;
    let changedTo: unknown = null;
    server.use(
      http.get('/api/mypage/email-status', () =>
        HttpResponse.json({
          success: true,
          data: { email: 'fan@example.com', emailVerified: false, verifiedAt: null },
        }),
      ),
      http.post('/api/auth/email-verification/resend', () => {
        resent += 1;
        return HttpResponse.json({
          success: true,
          message: accountEmailMessages.verificationSent,
        });
      }),
      http.post('/api/mypage/email', async ({ request }) => {
        changedTo = await request.json();
        return HttpResponse.json(
          {
            success: false,
            status: 409,
            code: 'A008',
            message: '이미 사용 중인 이메일입니다.',
            errors: [{ field: 'email', message: '이미 사용 중인 이메일입니다.' }],
          },
          { status: 409 },
        );
      }),
    );
    renderWithProviders(<EmailPanel />, { session: users.user });
    const user = userEvent.setup();
    expect(await screen.findByText('미인증')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '인증 메일 다시 보내기' }));
    await waitFor(() => expect(resent).toBe(1));

    await user.click(screen.getByRole('button', { name: '이메일 변경' }));
    await user.type(screen.getByLabelText('새 이메일'), 'taken@example.com');
    await user.click(screen.getByRole('button', { name: '인증 메일 보내기' }));
    await waitFor(() => expect(fieldError('새 이메일')).toContain('이미 사용 중인 이메일입니다.'));
    expect(changedTo).toEqual({ email: 'taken@example.com' });
  });
});
