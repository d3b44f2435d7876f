/**
 * Every path the router (router.tsx) answers, as full patterns. The E2E accessibility check
 * (e2e/a11y.spec.ts) must visit each one, and route-paths.test.ts fails when the router gains a
 * path that is missing here, so a page added later cannot escape the check.
 */
export const routePaths = [
  '/',
  '/concerts',
  '/concerts/:concertId',
  '/login',
  '/register',
  '/find-id',
  '/find-password',
  '/verify-email',
  '/reset-password',
  '/concerts/:concertId/wait',
  '/concerts/:concertId/reserve',
  '/mypage',
  '/mypage/profile',
  '/bookingDetail/:bookingNumber',
  '/bookingDetail/:bookingNumber/tickets',
  '/seller',
  '/seller/apply',
  '/seller/status',
  '/seller/concerts',
  '/seller/concerts/register',
  '/seller/concerts/manage',
  '/seller/concerts/:concertId/seats',
  '/seller/concerts/:concertId/pricing',
  '/seller/venues',
  '/seller/venues/new',
  '/seller/venues/:venueId',
  '/admin',
  '/admin/seller-approvals',
  '/admin/sellers',
  '/admin/history',
  '/admin/statistics',
  '/admin/on-sale',
  '/admin/mail-outbox',
  '/admin/settings',
  '/unauthorized',
  '*',
  '/payment/result/success',
  '/payment/result/fail',
  '/payment/result/deposit',
] as const;

export type RoutePath = (typeof routePaths)[number];
