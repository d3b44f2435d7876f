import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSellerStatus, pageOf, users } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { getSidebarGroups } from './console-layout';

const initialWidth = window.innerWidth;

function setWidth(width: number) {
  window.innerWidth = width;
}

beforeEach(() => {
  server.use(
    http.get('/api/admin/seller-requests', () => HttpResponse.json({ success: true, data: [] })),
    http.get('/api/admin/sellers', () => HttpResponse.json({ success: true, data: [] })),
    http.get('/api/admin/approvals/history', () =>
      HttpResponse.json({ success: true, data: pageOf([], { size: 5 }) }),
    ),
    http.get('/api/users/me/seller-status', () =>
      HttpResponse.json({ success: true, data: makeSellerStatus() }),
    ),
  );
});

afterEach(() => {
  vi.useRealTimers();
  setWidth(initialWidth);
});

const labels = (viewer: Parameters<typeof getSidebarGroups>[0]) =>
  getSidebarGroups(viewer).flatMap((group) => group.items.map((item) => item.label));

describe('getSidebarGroups', () => {
  it('shows concert tools only to sellers and the admin group only to admins', () => {
    expect(labels('anonymous')).toEqual([]);
    expect(labels('user')).toEqual(['판매자 홈', '신청 현황', '판매자 권한 신청']);
    expect(labels('seller')).toEqual([
      '판매자 홈',
      '신청 현황',
      '콘서트 등록',
      '콘서트 관리',
      '공연장 관리',
    ]);
    expect(labels('admin')).toEqual([
      '대시보드',
      '실시간 판매 현황',
      '판매자 신청 승인',
      '판매자 관리',
      '승인 이력',
      '메일 발신함',
      // Issue 23: the placeholder '설정' is gone; the statistics took its place.
      '통계 리포트',
      // Issue 27: the platform's booking fee.
      '플랫폼 설정',
    ]);
  });
});

describe('ConsoleLayout', () => {
  it('shows the sidebar beside the page on wide screens and hides it on request', async () => {
    setWidth(1280);
    renderApp('/admin', { session: users.admin });
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: '관리자 메뉴' });
    expect(within(nav).getByRole('link', { name: '대시보드' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const toggle = screen.getByRole('button', { name: '관리자 메뉴 닫기' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(screen.queryByRole('navigation', { name: '관리자 메뉴' })).toBeNull();
    expect(screen.getByRole('button', { name: '관리자 메뉴 열기' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('opens the menu as a drawer on phones, closed by Escape or by following a link', async () => {
    setWidth(375);
    const { router } = renderApp('/seller', { session: users.user });
    const user = userEvent.setup();
    expect(
      await screen.findByRole('heading', { level: 1, name: '판매자 페이지' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '판매자 메뉴' })).toBeNull();

    const open = screen.getByRole('button', { name: '판매자 메뉴 열기' });
    await user.click(open);
    const drawer = screen.getByRole('dialog', { name: '판매자 메뉴' });
    expect(within(drawer).getByRole('link', { name: '판매자 홈' })).toHaveFocus();
    // Modal: Tab and Shift+Tab never leave the drawer (the skip link and the page stay behind).
    const stops = within(drawer).getAllByRole('link').length + 1;
    for (let i = 0; i < stops + 2; i += 1) {
      await user.tab();
      expect(drawer).toContainElement(document.activeElement as HTMLElement);
    }
    for (let i = 0; i < stops + 2; i += 1) {
      await user.tab({ shift: true });
      expect(drawer).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: '판매자 메뉴' })).toBeNull();
    expect(open).toHaveFocus();

    await user.click(open);
    await user.click(
      within(screen.getByRole('dialog', { name: '판매자 메뉴' })).getByRole('link', {
        name: '신청 현황',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/seller/status'));
    // The router renders the new location in a transition, a moment after its state changed.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '판매자 메뉴' })).toBeNull());
  });

  it('switches to the phone layout 100 ms after resizing stops', async () => {
    setWidth(1280);
    renderApp('/admin', { session: users.admin });
    await screen.findByRole('navigation', { name: '관리자 메뉴' });
    // The layout listens for resizes from a passive effect, which React may still have pending
    // when the menu is already on screen (it happened on a loaded CI machine): flush it first.
    await act(async () => {});

    vi.useFakeTimers();
    act(() => {
      setWidth(375);
      window.dispatchEvent(new Event('resize'));
    });
    act(() => vi.advanceTimersByTime(60));
    // A second resize event restarts the wait.
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    act(() => vi.advanceTimersByTime(99));
    expect(screen.getByRole('navigation', { name: '관리자 메뉴' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('navigation', { name: '관리자 메뉴' })).toBeNull();
    expect(screen.getByRole('button', { name: '관리자 메뉴 열기' })).toBeInTheDocument();
  });
});
