import type { BookingDetail, BookingOutline, BookingTickets } from '@curtaincall/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/features/auth/api/get-current-user';
import { makeProfile } from '@/features/mypage/test/mypage-fixtures';
import { FakeWebSocket } from '@/test/fake-websocket';
import {
  emptyPage,
  makeApplicantInfo,
  makeAdminStatistics,
  makeSellerApplication,
  makeSellerDashboard,
  makeSellerStatus,
  users,
} from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

type ViewerName = 'anonymous' | 'user' | 'seller' | 'admin';

const sessions: Record<ViewerName, SessionUser | null> = {
  anonymous: null,
  user: users.user,
  seller: users.seller,
  admin: users.admin,
};

const BOOKING_NUMBER = 'B20250101';
const CONCERT_TITLE = '노을 밴드 전국투어';

const bookingDetail: BookingDetail = {
  bookingId: 31,
  bookingNumber: BOOKING_NUMBER,
  bookingStatus: 'CONFIRMED',
  paymentStatus: 'DONE',
  paymentMethod: 'CARD',
  totalAmount: 102_000,
  bookedAt: '2030-09-20T10:03:12',
  concertTitle: CONCERT_TITLE,
  artistName: '노을 밴드',
  concertDate: '2030-10-04',
  startTime: '19:00:00',
  endTime: '21:30:00',
  posterImageUrl: null,
  venueName: '올림픽공원 KSPO DOME',
  venueAddress: '서울특별시 송파구 올림픽로 424',
  seatList: ['A구역 1열 5번'],
};

const bookingTickets: BookingTickets = {
  bookingNumber: BOOKING_NUMBER,
  concertTitle: CONCERT_TITLE,
  artist: '노을 밴드',
  concertDate: '2030-10-04',
  startTime: '19:00',
  endTime: '21:30',
  venueName: '올림픽공원 KSPO DOME',
  venueAddress: '서울특별시 송파구 올림픽로 424',
  bookingStatus: 'CONFIRMED',
  tickets: [
    {
      ticketId: 501,
      seatLabel: 'A구역 1열 5번',
      gradeName: '프리미엄',
      ticketTypeName: '일반',
      proofRequired: false,
      token: 'tok-1',
      qrSvg:
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h1v1H0z"/></svg>',
    },
  ],
};

const bookingOutline: BookingOutline = {
  bookingNumber: BOOKING_NUMBER,
  concertTitle: CONCERT_TITLE,
  totalAmount: 102_000,
  concertDateTime: '2030-10-04 19:00',
  seatLabels: ['A-1-5'],
  paymentStatus: 'FAILED',
  paymentMethod: null,
  concertId: 7,
  holdUntil: null,
};

/**
 * Answers the API calls of the pages behind the guards and the payment result pages (the same
 * endpoints their own page tests fake), recording each path so a test can tell which went out.
 */
function servePages(): string[] {
  const requested: string[] = [];
  const record = (request: Request) => requested.push(new URL(request.url).pathname);
  server.use(
    http.get('/api/mypage/profile', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, data: makeProfile() });
    }),
    http.get('/api/mypage/bookingDetail/:bookingNumber', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, data: bookingDetail });
    }),
    http.get('/api/bookings/:bookingNumber/tickets', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, data: bookingTickets });
    }),
    http.get('/api/bookings/:bookingNumber', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, data: bookingOutline });
    }),
    // The seller pages: the status answers with the role of the session the test renders.
    http.get('/api/users/me/seller-status', ({ request }) => {
      record(request);
      return HttpResponse.json({
        success: true,
        data: makeSellerStatus(
          statusViewer === 'seller'
            ? { role: 'SELLER', approvalStatus: 'APPROVED', canWithdraw: true }
            : {},
        ),
      });
    }),
    http.get('/api/users/me/applicant-info', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, data: makeApplicantInfo() });
    }),
    http.get('/api/seller/concerts', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, data: emptyPage(10) });
    }),
    // Issue 26: the manage page lists the seller's shows.
    http.get('/api/seller/shows', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, data: emptyPage(10) });
    }),
    http.get('/api/admin/seller-requests', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, data: [makeSellerApplication()] });
    }),
    http.get('/api/admin/sellers', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, data: [] });
    }),
    http.get('/api/admin/approvals/history', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, data: emptyPage(10) });
    }),
    http.get('/api/admin/statistics', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, data: makeAdminStatistics() });
    }),
    http.get('/api/seller/dashboard', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, data: makeSellerDashboard() });
    }),
    http.get('/api/seller/venues', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, data: [] });
    }),
    // Issue 27: 권종·할인 of a concert without types or codes, and the platform's fee.
    http.get('/api/seller/concerts/:concertId/ticket-types', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, data: [] });
    }),
    http.get('/api/seller/concerts/:concertId/promo-codes', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, data: [] });
    }),
    http.get('/api/concerts/:concertId/ticket-types', ({ request }) => {
      record(request);
      return HttpResponse.json({
        success: true,
        data: { bookingFeePerSeat: 2_000, ticketTypes: [] },
      });
    }),
    http.get('/api/admin/settings/payments', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, data: { bookingFeePerSeat: 2_000 } });
    }),
    // 좌석 관리 of a quick-plan concert: no drawing, so no seat list is asked for.
    http.get('/api/concerts/:concertId/layout', ({ request }) => {
      record(request);
      return HttpResponse.json({ success: true, data: null });
    }),
  );
  return requested;
}

/** Whose session the seller-status answer matches (set by each guard case). */
let statusViewer: ViewerName = 'user';

let pageRequests: string[] = [];
beforeEach(() => {
  pageRequests = servePages();
});

/** How the real pages look once their data has loaded. */
const pages = {
  mypage: async () => {
    expect(
      await screen.findByRole('heading', { level: 1, name: '마이페이지' }),
    ).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: '내 정보' });
    expect(await within(panel).findByText('fan@example.com')).toBeInTheDocument();
  },
  bookingDetail: async () => {
    expect(
      await screen.findByRole('heading', { level: 1, name: CONCERT_TITLE }),
    ).toBeInTheDocument();
    expect(screen.getByText(BOOKING_NUMBER)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '결제 정보' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '모바일 티켓' })).toHaveAttribute(
      'href',
      `/bookingDetail/${BOOKING_NUMBER}/tickets`,
    );
  },
  tickets: async () => {
    expect(
      await screen.findByRole('heading', { level: 1, name: CONCERT_TITLE }),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: '모바일 티켓 1매' });
    expect(
      within(list).getByRole('img', { name: 'A구역 1열 5번 입장 QR 코드' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '예매 상세로' })).toHaveAttribute(
      'href',
      `/bookingDetail/${BOOKING_NUMBER}`,
    );
  },
  paymentSuccess: async () => {
    expect(
      await screen.findByRole('heading', { level: 1, name: '결제가 완료되었습니다' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(CONCERT_TITLE)).toBeInTheDocument();
    expect(screen.getByText('102,000원')).toBeInTheDocument();
  },
  paymentFail: async () => {
    expect(
      await screen.findByRole('heading', { level: 1, name: '결제에 실패했습니다' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(CONCERT_TITLE)).toBeInTheDocument();
    expect(screen.getByText('결제가 취소되었습니다.')).toBeInTheDocument();
    expect(screen.getByText('PAY_PROCESS_CANCELED')).toBeInTheDocument();
  },
};

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
  /** How the page looks once built (every page is: no placeholder is left, issue 23). */
  landing: () => Promise<void>;
}

/** A built page: its level-1 heading, once its data has loaded. */
function builtPage(heading: string, content: string | RegExp) {
  return async () => {
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect((await screen.findAllByText(content)).length).toBeGreaterThan(0);
  };
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
    landing: pages.mypage,
  },
  {
    path: `/bookingDetail/${BOOKING_NUMBER}`,
    name: '예매 상세',
    allowed: ['user', 'seller', 'admin'],
    redirect: 'login',
    redirectPath: '/login',
    landing: pages.bookingDetail,
  },
  {
    path: `/bookingDetail/${BOOKING_NUMBER}/tickets`,
    name: '모바일 티켓',
    allowed: ['user', 'seller', 'admin'],
    redirect: 'login',
    redirectPath: '/login',
    landing: pages.tickets,
  },
  {
    path: '/seller',
    name: '판매자 페이지',
    allowed: ['user', 'seller'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
    landing: builtPage('판매자 페이지', '판매자 신청 현황'),
  },
  {
    path: '/seller/apply',
    name: '판매자 권한 신청',
    allowed: ['user', 'seller'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
    landing: builtPage('판매자 권한 신청', /평균 1~3일/),
  },
  {
    path: '/seller/status',
    name: '판매자 신청 현황',
    allowed: ['user', 'seller'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
    landing: builtPage('판매자 신청 현황', '계정 정보'),
  },
  {
    path: '/seller/concerts/register',
    name: '콘서트 등록',
    allowed: ['seller'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
    landing: builtPage('콘서트 등록', '기본 정보'),
  },
  {
    path: '/seller/concerts/manage',
    name: '콘서트 관리',
    allowed: ['seller'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
    landing: builtPage('콘서트 관리', '등록된 콘서트가 없습니다.'),
  },
  {
    path: '/seller/venues',
    name: '공연장 관리',
    allowed: ['seller'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
    landing: builtPage('공연장 관리', '저장한 공연장이 없습니다.'),
  },
  {
    path: '/seller/venues/new',
    name: '새 공연장',
    allowed: ['seller'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
    landing: builtPage('새 공연장', '좌석 집계'),
  },
  {
    path: '/seller/concerts/7/seats',
    name: '좌석 관리',
    allowed: ['seller'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
    landing: builtPage('좌석 관리', /총 좌석 수로 만든 기본 배치입니다/),
  },
  {
    path: '/seller/concerts/7/pricing',
    name: '권종·할인',
    allowed: ['seller'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
    landing: builtPage('권종·할인', '일반 외에 등록한 권종이 없습니다.'),
  },
  {
    path: '/admin',
    name: '관리자 대시보드',
    allowed: ['admin'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
    landing: builtPage('관리자 대시보드', '대기 중인 판매자 신청'),
  },
  {
    path: '/admin/seller-approvals',
    name: '판매자 신청 승인',
    allowed: ['admin'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
    landing: builtPage('판매자 신청 승인', '테스트상사'),
  },
  {
    path: '/admin/sellers',
    name: '판매자 관리',
    allowed: ['admin'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
    landing: builtPage('판매자 관리', '현재 활동 중인 판매자가 없습니다.'),
  },
  {
    path: '/admin/history',
    name: '승인 이력',
    allowed: ['admin'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
    landing: builtPage('승인 이력', '표시할 이력이 없습니다.'),
  },
  {
    path: '/admin/statistics',
    name: '통계 리포트',
    allowed: ['admin'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
    landing: builtPage('통계 리포트', '상태별 공연'),
  },
  {
    path: '/admin/settings',
    name: '플랫폼 설정',
    allowed: ['admin'],
    redirect: 'unauthorized',
    redirectPath: '/unauthorized',
    landing: builtPage('플랫폼 설정', /새 예매부터 적용됩니다/),
  },
];

const viewers: ViewerName[] = ['anonymous', 'user', 'seller', 'admin'];
const cases = guardedRoutes
  .flatMap((route) => viewers.map((viewer) => ({ ...route, viewer })))
  // A seller may pass the guard of /seller/apply, but the page sends them on (tested below).
  .filter((c) => !(c.path === '/seller/apply' && c.viewer === 'seller'));

describe('route guards', () => {
  // The waiting room opens a socket; nothing may leave the test.
  beforeEach(() => vi.stubGlobal('WebSocket', FakeWebSocket));
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWebSocket.reset();
  });

  it.each(cases)(
    '$path as $viewer',
    async ({ path, allowed, redirect, redirectPath, landing, viewer }) => {
      statusViewer = viewer;
      const { router } = renderApp(path, { session: sessions[viewer] });
      if (allowed.includes(viewer)) {
        await expectLanding(router, path, landing);
      } else {
        await expectLanding(router, redirectPath, landings[redirect]);
        // The guarded page never rendered, so none of its data was asked for.
        expect(pageRequests).toEqual([]);
      }
    },
  );

  it('sends a seller who opens /seller/apply to /seller/status with the notice', async () => {
    statusViewer = 'seller';
    const { router } = renderApp('/seller/apply', { session: sessions.seller });
    await expectLanding(router, '/seller/status', builtPage('판매자 신청 현황', '계정 정보'));
    expect(screen.getByText('이미 판매자 권한이 있습니다.')).toBeInTheDocument();
  });

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
    await expectLanding(router, '/mypage/profile', pages.mypage);
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

  it.each([
    {
      page: 'success',
      path: `/payment/result/success?orderId=order-0001&bookingNumber=${BOOKING_NUMBER}`,
      content: pages.paymentSuccess,
      request: `/api/mypage/bookingDetail/${BOOKING_NUMBER}`,
    },
    {
      page: 'fail',
      path: `/payment/result/fail?${new URLSearchParams({
        orderId: 'order-0001',
        bookingNumber: BOOKING_NUMBER,
        code: 'PAY_PROCESS_CANCELED',
        message: '결제가 취소되었습니다.',
      }).toString()}`,
      content: pages.paymentFail,
      request: `/api/bookings/${BOOKING_NUMBER}`,
    },
  ])(
    'shows the real /payment/result/$page page and leaves the title alone',
    async ({ page, path, content, request }) => {
      document.title = '이전 제목';
      const { router } = renderApp(path);
      await content();
      expect(router.state.location.pathname).toBe(`/payment/result/${page}`);
      expect(pageRequests).toEqual([request]);
      expect(document.title).toBe('이전 제목');
    },
  );

  it('redirects /seller/concerts to the management page for sellers', async () => {
    const { router } = renderApp('/seller/concerts', { session: users.seller });
    await expectLanding(
      router,
      '/seller/concerts/manage',
      builtPage('콘서트 관리', '등록된 콘서트가 없습니다.'),
    );
  });
});

describe('a role changed on the server', () => {
  it('lets a user approved meanwhile open the seller tools without reloading', async () => {
    // The page was loaded as a plain user; an admin has since approved the application.
    server.use(http.get('/api/auth/me', () => HttpResponse.json(users.seller)));
    const { router } = renderApp('/seller/concerts/manage', { session: sessions.user });
    await expectLanding(
      router,
      '/seller/concerts/manage',
      builtPage('콘서트 관리', '등록된 콘서트가 없습니다.'),
    );
  });

  it('still sends a user whose role did not change to /unauthorized', async () => {
    server.use(http.get('/api/auth/me', () => HttpResponse.json(users.user)));
    const { router } = renderApp('/seller/concerts/manage', { session: sessions.user });
    await expectLanding(router, '/unauthorized', landings.unauthorized);
  });
});
