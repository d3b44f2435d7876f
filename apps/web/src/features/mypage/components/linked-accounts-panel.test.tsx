import { errorMessages } from '@curtaincall/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { toastStore } from '@/components/ui/toast-store';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { LinkedAccountsPanel } from './linked-accounts-panel';

function serveAccounts(hasPassword: boolean, linked: string[], disabled: string[] = []) {
  server.use(
    http.get('/api/mypage/social-accounts', () =>
      HttpResponse.json({
        success: true,
        data: {
          hasPassword,
          accounts: ['google', 'kakao', 'naver'].map((provider) => ({
            provider,
            enabled: !disabled.includes(provider),
            linked: linked.includes(provider),
            email: linked.includes(provider) ? `fan@${provider}.example` : null,
            linkedAt: linked.includes(provider) ? '2026-11-24T21:30:00' : null,
          })),
        },
      }),
    ),
  );
}

function row(name: string) {
  const item = screen.getByText(name, { selector: 'span' }).closest('li');
  if (!item) throw new Error(`no row for ${name}`);
  return within(item);
}

describe('LinkedAccountsPanel', () => {
  it('shows linked providers, link entries, and a disabled provider with its hint', async () => {
    serveAccounts(true, ['kakao'], ['naver']);
    renderWithProviders(<LinkedAccountsPanel />);
    expect(await screen.findByText('연결됨 · fan@kakao.example · 2026.11.24')).toBeInTheDocument();
    expect(row('Google').getByRole('link', { name: 'Google 계정 연결하기' })).toHaveAttribute(
      'href',
      '/oauth2/authorization/google?intent=link',
    );
    const naverLink = row('네이버').getByRole('button', { name: '연결하기' });
    expect(naverLink).toBeDisabled();
    expect(naverLink).toHaveAccessibleDescription(
      '네이버 로그인은 서버에 설정되지 않아 지금은 사용할 수 없습니다.',
    );
  });

  it('says the last provider of a password-less account cannot go, and shows the server refusal', async () => {
    serveAccounts(false, ['kakao']);
    server.use(
      http.delete('/api/mypage/social-accounts/kakao', () =>
        HttpResponse.json(
          { success: false, status: 409, code: 'A012', message: errorMessages.A012 },
          { status: 409 },
        ),
      ),
    );
    renderWithProviders(<LinkedAccountsPanel />);
    expect(
      await screen.findByText('마지막 로그인 수단이라 연결을 해제할 수 없습니다.'),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '카카오 연결 해제' }));
    await screen.findByRole('button', { name: '카카오 연결 해제' });
    await expect
      .poll(() => toastStore.getSnapshot())
      .toMatchObject([{ type: 'error', message: errorMessages.A012 }]);
  });

  it('announces the outcome the OAuth callback sent back', async () => {
    serveAccounts(true, ['google']);
    renderWithProviders(<LinkedAccountsPanel />, { route: '/mypage/profile?linked=google' });
    expect(await screen.findByRole('status')).toHaveTextContent('Google 계정이 연결되었습니다.');
  });

  it('shows a failed link with its Korean reason', async () => {
    serveAccounts(true, []);
    renderWithProviders(<LinkedAccountsPanel />, {
      route: '/mypage/profile?socialError=already_linked_elsewhere',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '이미 다른 커튼콜 계정에 연결된 소셜 계정입니다.',
    );
  });
});
