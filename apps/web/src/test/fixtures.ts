import type { Concert } from '@curtaincall/contracts';
import type { SessionUser } from '@/features/auth/api/get-current-user';

let nextConcertId = 1;

export function makeConcert(overrides: Partial<Concert> = {}): Concert {
  const concertId = overrides.concertId ?? nextConcertId++;
  return {
    concertId,
    title: `테스트 콘서트 ${concertId}`,
    artist: '테스트 아티스트',
    description: null,
    sellerId: 2,
    venueName: '올림픽공원 KSPO DOME',
    venueAddress: '서울특별시 송파구 올림픽로 424',
    concertDate: '2025-10-04',
    startTime: '19:00:00',
    endTime: '21:30:00',
    totalSeats: 8000,
    bookingStartDate: '2025-09-20T10:00:00',
    bookingEndDate: '2025-10-03T23:59:00',
    minAge: 0,
    maxTicketsPerUser: 4,
    status: 'ON_SALE',
    posterImageUrl: null,
    aiSummary: null,
    createdAt: '2025-09-01T12:00:00',
    updatedAt: '2025-09-02T09:30:00',
    ...overrides,
  };
}

export const users = {
  user: { userId: 10, username: 'buyer', nickname: '콘서트러버', role: 'ROLE_USER' },
  seller: { userId: 20, username: 'seller', nickname: '공연기획', role: 'ROLE_SELLER' },
  admin: { userId: 30, username: 'admin', nickname: '관리자', role: 'ROLE_ADMIN' },
} as const satisfies Record<string, SessionUser>;
