import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '@/features/auth/api/get-current-user';
import { users } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { SiteHeader } from './site-header';

const desktopNav = () => screen.getByRole('navigation', { name: '주 메뉴' });
const linkNames = () =>
  within(desktopNav())
    .getAllByRole('link')
    .map((link) => link.textContent);

const initialWidth = window.innerWidth;
afterEach(() => {
  window.innerWidth = initialWidth;
});

describe('SiteHeader', () => {
  it('offers login and sign-up to anonymous visitors', () => {
    renderWithProviders(<SiteHeader />, { session: null });
    expect(linkNames()).toEqual(['홈', '콘서트']);
    expect(screen.getByRole('link', { name: '로그인' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: '회원가입' })).toHaveAttribute('href', '/register');
    expect(screen.queryByRole('button', { name: '로그아웃' })).not.toBeInTheDocument();
  });

  it('greets a logged-in user and links my page and the seller page', () => {
    renderWithProviders(<SiteHeader />, { session: users.user });
    expect(linkNames()).toEqual(['홈', '콘서트', '마이페이지', '판매자 페이지']);
    expect(within(desktopNav()).getByRole('link', { name: '판매자 페이지' })).toHaveAttribute(
      'href',
      '/seller',
    );
    const greeting = screen.getAllByText(
      (_, element) => element?.textContent === 'buyer님 안녕하세요',
    );
    expect(greeting.length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: '로그아웃' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '로그인' })).not.toBeInTheDocument();
  });

  it('shows admins the admin dashboard instead of the seller page', () => {
    renderWithProviders(<SiteHeader />, { session: users.admin });
    expect(linkNames()).toEqual(['홈', '콘서트', '마이페이지', '관리자 대시보드']);
    expect(within(desktopNav()).getByRole('link', { name: '관리자 대시보드' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('clears the user on logout even when the call fails', async () => {
    server.use(http.post('/api/auth/logout', () => HttpResponse.error()));
    const { queryClient } = renderWithProviders(<SiteHeader />, { session: users.seller });
    await userEvent.setup().click(screen.getByRole('button', { name: '로그아웃' }));
    await waitFor(() => expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull());
    expect(await screen.findByRole('link', { name: '로그인' })).toBeInTheDocument();
  });

  it('opens a mobile menu with the same links at 768 px and below', async () => {
    window.innerWidth = 375;
    renderWithProviders(<SiteHeader />, { session: users.user });
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: '메뉴 열기' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    const mobileNav = screen.getByRole('navigation', { name: '모바일 메뉴' });
    expect(
      within(mobileNav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['홈', '콘서트', '마이페이지', '판매자 페이지']);
    expect(screen.getByRole('button', { name: '메뉴 닫기' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: '모바일 메뉴' })).not.toBeInTheDocument();
  });
});
