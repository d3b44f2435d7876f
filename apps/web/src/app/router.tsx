import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { RouteGuard } from '@/features/auth/components/route-guard';
import { PaymentResultLayout, RootLayout } from './layouts/site-shell';
import type { RouteMetaHandle } from './layouts/route-meta';
import { RouteErrorScreen } from './routes/error-screen';

/** A code-split page: its module loads when the route is first visited. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** The seller or admin layout (sidebar), loaded with the first page that needs it. */
function consoleLayout(area: 'seller' | 'admin') {
  return async () => {
    const { ConsoleLayout } = await import('./layouts/console-layout');
    return { element: <ConsoleLayout area={area} /> };
  };
}

function meta(title: string, description?: string): RouteMetaHandle {
  return description ? { title, description } : { title };
}

/** Every route of buyer-side.md §2 and seller-admin-side.md §2, with their guards. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        // Errors inside a page keep the header and footer around the error screen.
        errorElement: <RouteErrorScreen />,
        children: [
          {
            index: true,
            lazy: page(
              () => import('./routes/home-page'),
              (m) => m.HomePage,
            ),
          },
          {
            path: 'concerts',
            handle: meta(
              '모든 콘서트',
              '커튼콜의 모든 콘서트: 공연명, 아티스트, 공연장으로 검색하고 기간별로 찾아보세요.',
            ),
            lazy: page(
              () => import('./routes/concerts-page'),
              (m) => m.ConcertsPage,
            ),
          },
          {
            path: 'concerts/:concertId',
            handle: meta(
              '콘서트 상세',
              '공연 일정과 장소, 좌석 등급별 가격, AI 관람평 요약과 관객들의 관람평을 확인하세요.',
            ),
            lazy: page(
              () => import('./routes/concert-detail-page'),
              (m) => m.ConcertDetailPage,
            ),
          },
          {
            element: <RouteGuard rule="anonymous-only" />,
            children: [
              {
                path: 'login',
                handle: meta('로그인', '커튼콜 계정으로 로그인하고 콘서트를 예매하세요.'),
                lazy: page(
                  () => import('./routes/login-page'),
                  (m) => m.LoginPage,
                ),
              },
              {
                path: 'register',
                handle: meta(
                  '회원가입',
                  '커튼콜 회원가입: 몇 가지 정보만 입력하면 바로 예매를 시작할 수 있어요.',
                ),
                lazy: page(
                  () => import('./routes/register-page'),
                  (m) => m.RegisterPage,
                ),
              },
              {
                path: 'find-id',
                handle: meta('아이디 찾기', '가입한 이메일로 커튼콜 아이디를 안내받으세요.'),
                lazy: page(
                  () => import('./routes/find-id-page'),
                  (m) => m.FindIdPage,
                ),
              },
              {
                path: 'find-password',
                handle: meta(
                  '비밀번호 찾기',
                  '아이디와 가입한 이메일로 비밀번호 재설정 링크를 받으세요.',
                ),
                lazy: page(
                  () => import('./routes/find-password-page'),
                  (m) => m.FindPasswordPage,
                ),
              },
            ],
          },
          // Mailed links: opened logged in or not (an e-mail change is confirmed while logged in).
          {
            path: 'verify-email',
            handle: meta('이메일 인증'),
            lazy: page(
              () => import('./routes/verify-email-page'),
              (m) => m.VerifyEmailPage,
            ),
          },
          {
            path: 'reset-password',
            handle: meta('비밀번호 재설정'),
            lazy: page(
              () => import('./routes/reset-password-page'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            element: <RouteGuard rule="signed-in" />,
            children: [
              {
                path: 'concerts/:concertId/wait',
                handle: meta('대기실', '공정한 대기열에서 순서를 기다리는 중입니다.'),
                lazy: page(
                  () => import('./routes/wait-page'),
                  (m) => m.WaitPage,
                ),
              },
              {
                path: 'concerts/:concertId/reserve',
                handle: meta(
                  '좌석 선택',
                  '원하는 좌석을 골라 5분 동안 선점하고 결제를 진행하세요.',
                ),
                lazy: page(
                  () => import('./routes/reserve-page'),
                  (m) => m.ReservePage,
                ),
              },
              { path: 'mypage', element: <Navigate to="/mypage/profile" replace /> },
              {
                path: 'mypage/profile',
                handle: meta('마이페이지', '내 정보와 비밀번호를 관리하고 예매 내역을 확인하세요.'),
                lazy: page(
                  () => import('./routes/mypage-page'),
                  (m) => m.MypagePage,
                ),
              },
              {
                path: 'bookingDetail/:bookingNumber',
                handle: meta('예매 상세', '예매 번호, 좌석, 결제 정보를 확인하고 티켓을 받으세요.'),
                lazy: page(
                  () => import('./routes/booking-detail-page'),
                  (m) => m.BookingDetailPage,
                ),
              },
              {
                path: 'bookingDetail/:bookingNumber/tickets',
                handle: meta('모바일 티켓', '입장할 때 QR 코드를 보여주세요.'),
                lazy: page(
                  () => import('./routes/tickets-page'),
                  (m) => m.TicketsPage,
                ),
              },
            ],
          },
          {
            element: <RouteGuard rule="seller-area" />,
            children: [
              {
                lazy: consoleLayout('seller'),
                children: [
                  {
                    path: 'seller',
                    handle: meta(
                      '판매자 페이지',
                      '커튼콜 판매자 센터: 오늘 판매 현황, 판매 중인 공연과 판매 예정 공연.',
                    ),
                    lazy: page(
                      () => import('./routes/seller-home-page'),
                      (m) => m.SellerHomePage,
                    ),
                  },
                  {
                    path: 'seller/apply',
                    handle: meta('판매자 권한 신청'),
                    lazy: page(
                      () => import('./routes/seller-apply-page'),
                      (m) => m.SellerApplyPage,
                    ),
                  },
                  {
                    path: 'seller/status',
                    handle: meta('판매자 신청 현황'),
                    lazy: page(
                      () => import('./routes/seller-status-page'),
                      (m) => m.SellerStatusPage,
                    ),
                  },
                ],
              },
            ],
          },
          {
            element: <RouteGuard rule="seller" />,
            children: [
              // Where the seller flow lands after registering a concert (seller-admin-side.md §2).
              {
                path: 'seller/concerts',
                element: <Navigate to="/seller/concerts/manage" replace />,
              },
              {
                lazy: consoleLayout('seller'),
                children: [
                  {
                    path: 'seller/concerts/register',
                    handle: meta(
                      '콘서트 등록',
                      '새 콘서트를 등록하면 좌석 배치가 자동으로 만들어집니다.',
                    ),
                    lazy: page(
                      () => import('./routes/seller-concert-register-page'),
                      (m) => m.SellerConcertRegisterPage,
                    ),
                  },
                  {
                    path: 'seller/venues',
                    handle: meta(
                      '공연장 관리',
                      '공연장의 좌석 배치와 등급별 가격을 저장해 두고 콘서트 등록에 다시 쓰세요.',
                    ),
                    lazy: page(
                      () => import('@/features/venues/components/venue-list-page'),
                      (m) => m.VenueListPage,
                    ),
                  },
                  {
                    path: 'seller/venues/new',
                    handle: meta(
                      '새 공연장',
                      '좌석 배치를 만들거나 가져와서 공연장으로 저장하세요.',
                    ),
                    lazy: page(
                      () => import('@/features/venues/components/venue-editor-page'),
                      (m) => m.VenueEditorPage,
                    ),
                  },
                  {
                    path: 'seller/venues/:venueId',
                    handle: meta('공연장 편집', '공연장의 좌석 배치, 등급과 가격을 고치세요.'),
                    lazy: page(
                      () => import('@/features/venues/components/venue-editor-page'),
                      (m) => m.VenueEditorPage,
                    ),
                  },
                  {
                    path: 'seller/concerts/:concertId/seats',
                    handle: meta(
                      '좌석 관리',
                      '홀드석을 판매로 전환하고, 좌석 판매를 중지하고, 등급 가격을 바꾸세요.',
                    ),
                    lazy: page(
                      () => import('@/features/venues/components/concert-seats-page'),
                      (m) => m.ConcertSeatsPage,
                    ),
                  },
                  {
                    path: 'seller/concerts/:concertId/pricing',
                    handle: meta(
                      '권종·할인',
                      '할인 권종과 할인 코드를 만들고 구매자가 결제할 금액을 미리 확인하세요.',
                    ),
                    lazy: page(
                      () => import('./routes/seller-concert-pricing-page'),
                      (m) => m.SellerConcertPricingPage,
                    ),
                  },
                  {
                    path: 'seller/concerts/manage',
                    handle: meta(
                      '콘서트 관리',
                      '등록한 콘서트의 수정, 취소와 AI 요약 재생성을 한곳에서 관리하세요.',
                    ),
                    lazy: page(
                      () => import('./routes/seller-concert-manage-page'),
                      (m) => m.SellerConcertManagePage,
                    ),
                  },
                ],
              },
            ],
          },
          {
            element: <RouteGuard rule="admin" />,
            children: [
              {
                lazy: consoleLayout('admin'),
                children: [
                  {
                    path: 'admin',
                    handle: meta('관리자 대시보드'),
                    lazy: page(
                      () => import('./routes/admin-dashboard-page'),
                      (m) => m.AdminDashboardPage,
                    ),
                  },
                  {
                    path: 'admin/on-sale',
                    handle: meta('실시간 판매 현황'),
                    lazy: page(
                      () => import('./routes/admin-on-sale-page'),
                      (m) => m.AdminOnSalePage,
                    ),
                  },
                  {
                    path: 'admin/seller-approvals',
                    handle: meta('판매자 신청 승인'),
                    lazy: page(
                      () => import('./routes/admin-approvals-page'),
                      (m) => m.AdminApprovalsPage,
                    ),
                  },
                  {
                    path: 'admin/sellers',
                    handle: meta('판매자 관리'),
                    lazy: page(
                      () => import('./routes/admin-sellers-page'),
                      (m) => m.AdminSellersPage,
                    ),
                  },
                  {
                    path: 'admin/history',
                    handle: meta('승인 이력'),
                    lazy: page(
                      () => import('./routes/admin-history-page'),
                      (m) => m.AdminHistoryPage,
                    ),
                  },
                  {
                    path: 'admin/mail-outbox',
                    handle: meta('메일 발신함'),
                    lazy: page(
                      () => import('./routes/admin-mail-outbox-page'),
                      (m) => m.AdminMailOutboxPage,
                    ),
                  },
                  {
                    path: 'admin/settings',
                    handle: meta('플랫폼 설정'),
                    lazy: page(
                      () => import('./routes/admin-settings-page'),
                      (m) => m.AdminSettingsPage,
                    ),
                  },
                  {
                    // Its chart and table live in this route's chunk only (issue 23).
                    path: 'admin/statistics',
                    handle: meta('통계 리포트'),
                    lazy: page(
                      () => import('./routes/admin-statistics-page'),
                      (m) => m.AdminStatisticsPage,
                    ),
                  },
                ],
              },
            ],
          },
          {
            path: 'unauthorized',
            handle: meta('접근 권한 없음'),
            lazy: page(
              () => import('./routes/unauthorized-page'),
              (m) => m.UnauthorizedPage,
            ),
          },
          {
            path: '*',
            handle: meta('페이지를 찾을 수 없음'),
            lazy: page(
              () => import('./routes/not-found-page'),
              (m) => m.NotFoundPage,
            ),
          },
        ],
      },
    ],
  },
  {
    // No title changes and no scroll handling here (buyer-side.md §2).
    path: '/payment/result',
    element: <PaymentResultLayout />,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        path: 'success',
        lazy: page(
          () => import('./routes/payment-success-page'),
          (m) => m.PaymentSuccessPage,
        ),
      },
      {
        path: 'fail',
        lazy: page(
          () => import('./routes/payment-fail-page'),
          (m) => m.PaymentFailPage,
        ),
      },
      {
        // Issue 28: a 가상계좌 booking opens no window; its account is shown here.
        path: 'deposit',
        lazy: page(
          () => import('./routes/payment-deposit-page'),
          (m) => m.PaymentDepositPage,
        ),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
