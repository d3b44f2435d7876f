import { AI_SUMMARY_EMPTY } from '@curtaincall/contracts';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { emptyPage, makeConcertDetail } from './fixtures';

/** Answers every test gets unless it overrides them with `server.use(...)`. */
export const defaultHandlers = [
  http.get('/api/auth/me', () => HttpResponse.json(null)),
  http.get('/api/auth/social/providers', () =>
    HttpResponse.json({
      success: true,
      data: ['google', 'kakao', 'naver'].map((provider) => ({ provider, enabled: true })),
    }),
  ),
  http.get('/api/mypage/social-accounts', () =>
    HttpResponse.json({
      success: true,
      data: {
        hasPassword: true,
        accounts: ['google', 'kakao', 'naver'].map((provider) => ({
          provider,
          enabled: true,
          linked: false,
          email: null,
          linkedAt: null,
        })),
      },
    }),
  ),
  http.get('/api/mypage/email-status', () =>
    HttpResponse.json({
      success: true,
      data: { email: 'fan@example.com', emailVerified: true, verifiedAt: '2026-01-01T10:00:00' },
    }),
  ),
  http.get('/api/concerts', () => HttpResponse.json({ success: true, data: emptyPage(4) })),
  http.get('/api/concerts/search', () => HttpResponse.json({ success: true, data: [] })),
  http.get('/api/concerts/filter', () => HttpResponse.json({ success: true, data: [] })),
  http.get('/api/concerts/reviews/:concertId', () =>
    HttpResponse.json({ success: true, data: emptyPage(10) }),
  ),
  http.get('/api/concerts/:concertId/expectations', () =>
    HttpResponse.json({ success: true, data: emptyPage(10) }),
  ),
  http.get('/api/concerts/:concertId/ai-summary', () =>
    HttpResponse.json({ success: true, data: AI_SUMMARY_EMPTY }),
  ),
  // A concert's places per grade (detail page) and its drawn layout: none unless a test says so.
  http.get('/api/concerts/:concertId/grades', () => HttpResponse.json({ success: true, data: [] })),
  http.get('/api/concerts/:concertId/layout', () =>
    HttpResponse.json({ success: true, data: null }),
  ),
  // 권종 (issue 27): none beyond 일반, and the platform's 2,000원 booking fee per seat.
  http.get('/api/concerts/:concertId/ticket-types', () =>
    HttpResponse.json({ success: true, data: { bookingFeePerSeat: 2_000, ticketTypes: [] } }),
  ),
  // The waiting room and the seat page: an empty venue, a quiet queue, a poll that never answers.
  http.get('/api/concerts/:concertId/seat-map', ({ params }) =>
    HttpResponse.json({
      success: true,
      data: { concertId: Number(params.concertId), totalSeats: 0, sections: [] },
    }),
  ),
  http.get('/api/seats/concerts/:concertId/status', () =>
    HttpResponse.json({ success: true, data: [] }),
  ),
  http.get('/api/seats/concerts/:concertId/polling', async () => {
    await delay('infinite');
    return HttpResponse.json({});
  }),
  http.get('/api/queue/status', () =>
    HttpResponse.json({ success: true, data: { status: 'WAITING', rank: 1 } }),
  ),
  http.patch('/api/access-keys/extend', () =>
    HttpResponse.json({ success: true, data: { newTtlSeconds: 120 } }),
  ),
  http.delete('/api/access-keys', () =>
    HttpResponse.json({ success: true, message: '좌석 선택 권한이 반납되었습니다.' }),
  ),
  // Issue 28: no 환불 계좌 registered; a performance's 결제 설정 at their defaults.
  http.get('/api/users/me/refund-account', () => HttpResponse.json({ success: true, data: null })),
  http.get('/api/seller/concerts/:concertId/payment-settings', () =>
    HttpResponse.json({
      success: true,
      data: { virtualAccountEnabled: true, depositDueDays: 1, cultureExpense: false },
    }),
  ),
  // Push and the bell: nothing subscribed, nothing unread, no alert asked.
  http.get('/api/notifications/status', () =>
    HttpResponse.json({ success: true, data: { subscribed: false } }),
  ),
  http.get('/api/notifications/inbox/unread-count', () =>
    HttpResponse.json({ success: true, data: { unreadCount: 0 } }),
  ),
  http.get('/api/notifications/inbox', () =>
    HttpResponse.json({ success: true, data: { items: [], unreadCount: 0 } }),
  ),
  http.get('/api/notifications/concert-alerts/:concertId', () =>
    HttpResponse.json({ success: true, data: { bookingOpen: false, seatsReleased: false } }),
  ),
  http.get('/api/concerts/:concertId', ({ params }) =>
    HttpResponse.json({
      success: true,
      data: makeConcertDetail({ concertId: Number(params.concertId) }),
    }),
  ),
];

export const server = setupServer(...defaultHandlers);
