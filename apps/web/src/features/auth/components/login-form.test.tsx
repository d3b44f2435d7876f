import { accountMessages } from '@curtaincall/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '@/features/auth/api/get-current-user';
import { users } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { LoginForm } from './login-form';
import { SocialLoginButtons } from './social-login-buttons';

function renderLoginForm() {
  const onSuccess = vi.fn();
  const view = renderWithProviders(<LoginForm onSuccess={onSuccess} />);
  return { ...view, onSuccess, user: userEvent.setup() };
}

describe('LoginForm', () => {
  it('labels both fields', () => {
    renderLoginForm();
    expect(screen.getByLabelText('아이디')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('비밀번호')).toHaveAttribute('type', 'password');
  });

  it('asks for both fields without calling the server', async () => {
    let called = false;
    server.use(
      http.post('/api/auth/login', () => {
        called = true;
        return new HttpResponse(null);
      }),
    );
    const { user, onSuccess } = renderLoginForm();

    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '아이디와 비밀번호를 모두 입력해주세요.',
    );

    await user.type(screen.getByLabelText('아이디'), 'buyer');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.loginRequired);
    expect(screen.getByLabelText('비밀번호')).toHaveAttribute('aria-invalid', 'true');

    expect(called).toBe(false);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('logs in with a form-encoded body, then stores the user from /auth/me', async () => {
    let form = '';
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        form = await request.text();
        return new HttpResponse(null, { status: 200 });
      }),
      http.get('/api/auth/me', () => HttpResponse.json(users.user)),
    );
    const { user, onSuccess, queryClient } = renderLoginForm();

    await user.type(screen.getByLabelText('아이디'), 'buyer');
    await user.type(screen.getByLabelText('비밀번호'), 'buyer1234!');
    await user.click(screen.getByRole('button', { name: '로그인' }));

    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(users.user));
    expect(form).toBe('username=buyer&password=buyer1234%21');
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(users.user);
  });

  it('shows the fixed failure text for wrong credentials', async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json(
          {
            success: false,
            status: 401,
            code: 'A001',
            message: '아이디 또는 비밀번호가 일치하지 않습니다.',
          },
          { status: 401 },
        ),
      ),
    );
    const { user, onSuccess } = renderLoginForm();
    await user.type(screen.getByLabelText('아이디'), 'buyer');
    await user.type(screen.getByLabelText('비밀번호'), 'wrong-pass1!');
    await user.click(screen.getByRole('button', { name: '로그인' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      '로그인 실패: 아이디 또는 비밀번호를 확인해주세요.',
    );
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('shows the server message when there were too many attempts (429)', async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json(
          {
            success: false,
            status: 429,
            code: 'A009',
            message: '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.',
          },
          { status: 429 },
        ),
      ),
    );
    const { user } = renderLoginForm();
    await user.type(screen.getByLabelText('아이디'), 'buyer');
    await user.type(screen.getByLabelText('비밀번호'), 'buyer1234!');
    await user.click(screen.getByRole('button', { name: '로그인' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.',
    );
  });
});

describe('SocialLoginButtons', () => {
  it('links each enabled provider to its OAuth entry, and disables one without credentials', async () => {
    server.use(
      http.get('/api/auth/social/providers', () =>
        HttpResponse.json({
          success: true,
          data: [
            { provider: 'google', enabled: true },
            { provider: 'kakao', enabled: true },
            { provider: 'naver', enabled: false },
          ],
        }),
      ),
    );
    renderWithProviders(<SocialLoginButtons />);
    const naver = await screen.findByRole('button', { name: '네이버로 계속하기' });
    expect(naver).toBeDisabled();
    expect(naver).toHaveAccessibleDescription(
      '네이버 로그인은 서버에 설정되지 않아 지금은 사용할 수 없습니다.',
    );
    expect(screen.getByRole('link', { name: 'Google로 계속하기' })).toHaveAttribute(
      'href',
      '/oauth2/authorization/google',
    );
    expect(screen.getByRole('link', { name: '카카오로 계속하기' })).toHaveAttribute(
      'href',
      '/oauth2/authorization/kakao',
    );
  });
});
