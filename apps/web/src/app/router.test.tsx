import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/features/auth/api/get-current-user';
import { FakeWebSocket } from '@/test/fake-websocket';
import { users } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

type ViewerName = 'anonymous' | 'user' | 'seller' | 'admin';

const sessions: Record<ViewerName, SessionUser | null> = {
  anonymous: null,
  user: users.user,
  seller: users.seller,
  admin: users.admin,
};

/** What each landing place looks like, so a test can tell where the guard sent the viewer. */
async function expectPlaceholder(name: string) {
  expect(await screen.findByText('준비 중인 페이지입니다')).toBeInTheDocument();
  expect(screen.getAllByText(name).length).toBeGreaterThan(0);
}

async function expectLanding(
  router: ReturnType<typeof renderApp>['router'],
  path: string,
  content: () => Promise<void>,
) {
  await content();
  expect(router.state.location.pathname).toBe(path);
}

const landings = {
  login: async () => {
    expect(await screen.findByRole('heading', { name: '로그인' })).toBeInTheDocument();
  },
  home: async () => {
    expect(await screen.findByRole('heading', { name: '지금 주목할 공연' })).toBeInTheDocument();
  },
  unauthorized: async () => {
    expect(
      await screen.findByRole('heading', { name: '접근 권한이 없습니다' }),
    ).toBeInTheDocument();
  },
};

interface GuardCase {
  path: string;
  name: string;
  allowed: ViewerName[];
  /** Where everyone else is sent. */
  redirect: keyof typeof landings;
  redirectPath: string;
  /** How the page looks once built (placeholders otherwise). */
  landing?: () => Promise<void>;
}

const guardedRoutes: GuardCase[] = [
  {
    path: '/concerts/7/wait',
    name: '대기실',
    allowed: ['user', 'seller', 'admin'],
    redirect: 'login',
    redirectPath: '/login',
    landing: async () => {
      expect(
        await screen.findByRole('heading', { name: '예매 대기 중입니다' }),
      ).toBeInTheDocument();
    },
  },
  {
    path: '/concerts/7/reserve',
    name: '좌석 선택',
    allowed: ['user', 'seller', 'admin'],
    redirect: 'login',
    redirectPath: '/login',
    landing: async () => {
      expect(await screen.findByRole('heading', { name: '좌석 선택' })).toBeInTheDocument();
    },
  },
  {
    path: '/mypage/profile',
    name: '마이페이지',
    allowed: ['user', 'seller', 'admin'],
    redirect: 'login',
    redirectPath: '/login',
  },
  {
    path: '/bookingDetail/B20250101',
    name: '예매 상세',
    allowed: ['user', 'seller', 'admin'],
    redirect: 'login',
    redirectPath: '/login',
  },
  {
    path: '/seller',
    name: '판매자 페이지',
    allowed: ['user', 'seller'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
  },
  {
    path: '/seller/apply',
    name: '판매자 권한 신청',
    allowed: ['user', 'seller'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
  },
  {
    path: '/seller/status',
    name: '판매자 신청 현황',
    allowed: ['user', 'seller'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
  },
  {
    path: '/seller/concerts/register',
    name: '콘서트 등록',
    allowed: ['seller'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
  },
  {
    path: '/seller/concerts/manage',
    name: '콘서트 관리',
    allowed: ['seller'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
  },
  {
    path: '/admin',
    name: '관리자 대시보드',
    allowed: ['admin'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
  },
  {
    path: '/admin/seller-approvals',
    name: '판매자 신청 승인',
    allowed: ['admin'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
  },
  {
    path: '/admin/sellers',
    name: '판매자 관리',
    allowed: ['admin'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
  },
  {
    path: '/admin/history',
    name: '승인 이력',
    allowed: ['admin'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
  },
  {
    path: '/admin/settings',
    name: '관리자 설정',
    allowed: ['admin'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
  },
];

const viewers: ViewerName[] = ['anonymous', 'user', 'seller', 'admin'];
const cases = guardedRoutes.flatMap((route) => viewers.map((viewer) => ({ ...route, viewer })));

describe('route guards', () => {
  // The waiting room opens a socket; nothing may leave the test.
  beforeEach(() => vi.stubGlobal('WebSocket', FakeWebSocket));
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWebSocket.reset();
  });

  it.each(cases)(
    '$path as $viewer',
    async ({ path, name, allowed, redirect, redirectPath, landing, viewer }) => {
      const { router } = renderApp(path, { session: sessions[viewer] });
      if (allowed.includes(viewer)) {
        await expectLanding(router, path, landing ?? (() => expectPlaceholder(name)));
      } else {
        await expectLanding(router, redirectPath, landings[redirect]);
      }
    },
  );

  it.each([
    ['/login', 'anonymous', '/login', landings.login],
    ['/login', 'user', '/', landings.home],
    ['/login', 'admin', '/', landings.home],
    ['/register', 'seller', '/', landings.home],
  ] as const)('%s as %s lands on %s', async (path, viewer, expected, content) => {
    const { router } = renderApp(path, { session: sessions[viewer] });
    await expectLanding(router, expected, content);
  });

  it('lets anonymous visitors open /register', async () => {
    const { router } = renderApp('/register');
    expect(await screen.findByRole('heading', { name: '회원가입' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
  });

  it.each([
    '/',
    '/concerts',
    '/concerts/3',
    '/payment/result/success',
    '/payment/result/fail',
    '/unauthorized',
  ])('keeps %s public', async (path) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(screen.getByRole('main')).not.toBeEmptyDOMElement());
    expect(router.state.location.pathname).toBe(path);
  });

  it('shows a spinner, not a redirect, while the session is loading', async () => {
    server.use(
      http.get('/api/auth/me', async () => {
        await delay('infinite');
        return HttpResponse.json(null);
      }),
    );
    const { router } = renderApp('/mypage/profile', { session: 'fetch' });
    expect(await screen.findByText('로그인 정보를 확인하는 중입니다')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mypage/profile');
  });

  it('resolves the session from /api/auth/me, then admits a logged-in user', async () => {
    server.use(http.get('/api/auth/me', () => HttpResponse.json(users.user)));
    const { router } = renderApp('/mypage/profile', { session: 'fetch' });
    await expectLanding(router, '/mypage/profile', () => expectPlaceholder('마이페이지'));
  });

  it('treats a failing /api/auth/me as logged out', async () => {
    server.use(
      http.get('/api/auth/me', () =>
        HttpResponse.json(
          { success: false, status: 500, code: 'C003', message: '오류' },
          { status: 500 },
        ),
      ),
    );
    const { router } = renderApp('/mypage/profile', { session: 'fetch' });
    await expectLanding(router, '/login', landings.login);
  });
});

describe('other routes', () => {
  it('shows the 404 page with its three shortcuts for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: '페이지를 찾을 수 없습니다' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /홈으로/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: /콘서트 보기/ })).toHaveAttribute('href', '/concerts');
    expect(screen.getByRole('button', { name: /이전 페이지/ })).toBeInTheDocument();
  });

  it('sets the page title per section', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: '로그인' });
    await waitFor(() => expect(document.title).toBe('로그인 | 커튼콜'));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      '커튼콜 계정으로 로그인하고 콘서트를 예매하세요.',
    );
  });

  it('leaves the title alone on payment result pages', async () => {
    document.title = '이전 제목';
    renderApp('/payment/result/success');
    expect(await screen.findByText('준비 중인 페이지입니다')).toBeInTheDocument();
    expect(document.title).toBe('이전 제목');
  });

  it('redirects /seller/concerts to the management page for sellers', async () => {
    const { router } = renderApp('/seller/concerts', { session: users.seller });
    await expectLanding(router, '/seller/concerts/manage', () => expectPlaceholder('콘서트 관리'));
  });
});
