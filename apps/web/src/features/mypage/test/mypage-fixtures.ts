import type { BookingSummary, Profile } from '@curtaincall/contracts';
import { http, HttpResponse } from 'msw';
import { server } from '@/test/server';

/** Test data and a fake of the my-page endpoints (tests only). */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 7,
    email: 'fan@example.com',
    username: 'fan01',
    name: '홍길동',
    nickname: '콘서트러버',
    phone: '010-1234-5678',
    address: '서울특별시 송파구 올림픽로 424',
    profileImage: null,
    ...overrides,
  };
}

let nextBooking = 1;

export function makeBookingSummary(overrides: Partial<BookingSummary> = {}): BookingSummary {
  const n = nextBooking++;
  return {
    bookingId: n,
    bookingNumber: `BK${String(n).padStart(6, '0')}`,
    concertTitle: `테스트 콘서트 ${n}`,
    concertDate: '2025-10-04',
    venueName: '올림픽공원 KSPO DOME',
    venueAddress: '서울특별시 송파구 올림픽로 424',
    bookingStatus: 'CONFIRMED',
    totalAmount: 102_000,
    posterImageUrl: null,
    seatList: ['A구역 1열 5번', 'A구역 1열 6번'],
    ...overrides,
  };
}

interface ServeOptions {
  profile?: Profile;
  bookings?: BookingSummary[] | (() => Response);
}

/**
 * Answers `/api/mypage/*` from memory and records what arrived: the booking list's `userId`
 * per request, the multipart profile updates and the form-encoded password changes.
 */
export function serveMypage({ profile = makeProfile(), bookings = [] }: ServeOptions = {}) {
  const store = {
    profile,
    profileRequests: 0,
    bookingRequests: [] as (string | null)[],
    profileUpdates: [] as FormData[],
    passwordChanges: [] as URLSearchParams[],
  };
  server.use(
    http.get('/api/mypage/profile', () => {
      store.profileRequests += 1;
      return HttpResponse.json({ success: true, data: store.profile });
    }),
    http.post('/api/mypage/profile', async ({ request }) => {
      const form = await request.formData();
      store.profileUpdates.push(form);
      const text = (key: string) => {
        const value = form.get(key);
        return typeof value === 'string' ? value : '';
      };
      store.profile = {
        ...store.profile,
        name: text('name'),
        nickname: text('nickname'),
        phone: text('phone'),
        address: text('address'),
        ...(form.has('profileImage') ? { profileImage: 'http://localhost/uploads/me.webp' } : {}),
      };
      return HttpResponse.json({
        success: true,
        message: '회원 정보가 수정되었습니다.',
        data: store.profile,
      });
    }),
    http.post('/api/mypage/changePwd', async ({ request }) => {
      store.passwordChanges.push(new URLSearchParams(await request.text()));
      return HttpResponse.json({ success: true, message: '비밀번호가 변경되었습니다.' });
    }),
    http.get('/api/mypage/booking', ({ request }) => {
      store.bookingRequests.push(new URL(request.url).searchParams.get('userId'));
      if (typeof bookings === 'function') return bookings();
      return HttpResponse.json({ success: true, data: bookings });
    }),
  );
  return store;
}
