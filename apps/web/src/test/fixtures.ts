import type {
  AdminStatistics,
  ApplicantInfo,
  SellerDashboard,
  ApprovalHistoryEntry,
  SellerApplication,
  SellerStatus,
  Concert,
  ConcertDetail,
  Expectation,
  Review,
  SeatEntry,
  SeatMap,
} from '@curtaincall/contracts';
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

export function makeConcertDetail(overrides: Partial<ConcertDetail> = {}): ConcertDetail {
  return {
    ...makeConcert(overrides),
    seatGrades: [
      { name: '프리미엄', price: 150_000 },
      { name: 'VIP', price: 100_000 },
      { name: '일반석', price: 50_000 },
    ],
    ...overrides,
  };
}

let nextReviewId = 1;

export function makeReview(overrides: Partial<Review> = {}): Review {
  const id = overrides.id ?? nextReviewId++;
  return {
    id,
    concertId: 1,
    userId: 99,
    userNickname: `관객${id}`,
    title: `관람평 제목 ${id}`,
    description: `정말 멋진 공연이었습니다 ${id}`,
    rating: 5,
    verified: false,
    createdAt: '2025-10-05T21:00:00',
    updatedAt: '2025-10-05T21:00:00',
    ...overrides,
  };
}

let nextExpectationId = 1;

export function makeExpectation(overrides: Partial<Expectation> = {}): Expectation {
  const id = overrides.id ?? nextExpectationId++;
  return {
    id,
    concertId: 1,
    userId: 99,
    userNickname: `팬${id}`,
    comment: `정말 기대됩니다 ${id}`,
    expectationRating: 5,
    createdAt: '2025-09-10T12:00:00',
    updatedAt: '2025-09-10T12:00:00',
    ...overrides,
  };
}

/** A page object as the API sends it (api-contract.md §1.6). */
export function pageOf<T>(
  content: T[],
  { number = 0, size = 10, totalElements = content.length } = {},
) {
  const totalPages = Math.ceil(totalElements / size);
  return {
    content,
    number,
    size,
    totalElements,
    totalPages,
    first: number === 0,
    last: number >= totalPages - 1,
    numberOfElements: content.length,
    empty: content.length === 0,
  };
}

export function emptyPage(size: number) {
  return pageOf([], { size });
}

/** A free seat; `seatInfo` decides its section, row and number. */
export function makeSeat(
  seatId: number,
  seatInfo: string,
  overrides: Partial<SeatEntry> = {},
): SeatEntry {
  return {
    concertId: 1,
    seatId,
    seatInfo,
    status: 'AVAILABLE',
    isReservedByCurrentUser: false,
    reservedAt: null,
    expiresAt: null,
    remainingSeconds: null,
    ...overrides,
  };
}

/** A seat the caller holds, with `remainingSeconds` left. */
export function makeHeldSeat(
  seatId: number,
  seatInfo: string,
  remainingSeconds: number,
): SeatEntry {
  return makeSeat(seatId, seatInfo, {
    status: 'RESERVED',
    isReservedByCurrentUser: true,
    reservedAt: '2025-10-01T10:00:00',
    expiresAt: '2025-10-01T10:05:00',
    remainingSeconds,
  });
}

/**
 * A small venue: sections A (프리미엄), B (VIP), C (일반석), each `rows` rows of `perRow` seats;
 * seat ids are 100·section + 10·row + number (A-1-1 = 111).
 */
export function makeSmallVenue(concertId = 1, { rows = 2, perRow = 3 } = {}) {
  const grades = [
    { section: 'A', grade: '프리미엄', price: 150_000 },
    { section: 'B', grade: 'VIP', price: 100_000 },
    { section: 'C', grade: '일반석', price: 50_000 },
  ];
  const seatMap: SeatMap = {
    concertId,
    totalSeats: grades.length * rows * perRow,
    sections: grades.map((g) => ({ ...g, rows, seatCount: rows * perRow })),
  };
  const seats: SeatEntry[] = grades.flatMap((g, s) =>
    Array.from({ length: rows * perRow }, (_, i) => {
      const row = Math.floor(i / perRow) + 1;
      const number = (i % perRow) + 1;
      return makeSeat((s + 1) * 100 + row * 10 + number, `${g.section}-${row}-${number}`, {
        concertId,
      });
    }),
  );
  return { seatMap, seats };
}

export function makeSellerStatus(overrides: Partial<SellerStatus> = {}): SellerStatus {
  return {
    role: 'USER',
    approvalStatus: null,
    lastReason: null,
    canReapply: true,
    canWithdraw: false,
    applicationDate: null,
    lastProcessedDate: null,
    companyName: null,
    businessNumber: null,
    representativeName: null,
    representativePhone: null,
    uploadedFileUrl: null,
    ...overrides,
  };
}

export function makeApplicantInfo(overrides: Partial<ApplicantInfo> = {}): ApplicantInfo {
  return {
    id: 10,
    username: 'buyer',
    nickname: '콘서트러버',
    email: 'fan@example.com',
    name: '김철수',
    phone: '01012345678',
    role: 'ROLE_USER',
    approvalStatus: null,
    ...overrides,
  };
}

let nextApplicationId = 1;

export function makeSellerApplication(
  overrides: Partial<SellerApplication> = {},
): SellerApplication {
  const applicationId = overrides.applicationId ?? nextApplicationId++;
  return {
    applicationId,
    userId: 40 + applicationId,
    username: `applicant${applicationId}`,
    userNickname: `신청자${applicationId}`,
    companyName: '테스트상사',
    businessNumber: '1234567890',
    representativeName: '홍길동',
    representativePhone: '01098765432',
    uploadedFileUrl: `http://localhost/api/admin/seller-requests/${applicationId}/document`,
    status: 'SUBMITTED',
    createdAt: '2025-09-01T12:00:00',
    updatedAt: '2025-09-01T12:00:00',
    reapplicant: false,
    everRevoked: false,
    ...overrides,
  };
}

let nextHistoryId = 1;

export function makeHistoryEntry(
  overrides: Partial<ApprovalHistoryEntry> = {},
): ApprovalHistoryEntry {
  const id = overrides.id ?? nextHistoryId++;
  return {
    id,
    userId: 41,
    username: 'applicant1',
    userNickname: '신청자1',
    sellerApplicationId: 1,
    type: 'REQUEST',
    reason: null,
    createdAt: '2025-09-01T12:00:00',
    adminId: null,
    adminUsername: null,
    ...overrides,
  };
}

/** Thirty days ending 2026-11-26, with sales on two of them. */
export function makeAdminStatistics(overrides: Partial<AdminStatistics> = {}): AdminStatistics {
  const daily = Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 9, 28 + index)).toISOString().slice(0, 10);
    return { date, bookings: 0, revenue: 0 };
  });
  daily[28] = { date: '2026-11-25', bookings: 2, revenue: 264_000 };
  daily[29] = { date: '2026-11-26', bookings: 1, revenue: 132_000 };
  return {
    users: { total: 42, buyers: 37, sellers: 4, admins: 1, newInPeriod: 12 },
    concertsByStatus: { SCHEDULED: 5, ON_SALE: 13, SOLD_OUT: 1, CANCELLED: 2, COMPLETED: 3 },
    period: { from: '2026-10-28', to: '2026-11-26' },
    totals: { bookings: 3, revenue: 396_000 },
    daily,
    measuredAt: '2026-11-26T18:30:00',
    ...overrides,
  };
}

export function makeSellerDashboard(overrides: Partial<SellerDashboard> = {}): SellerDashboard {
  return {
    today: { date: '2026-11-26', bookings: 3, seats: 5, revenue: 612_000 },
    onSale: [
      {
        concertId: 1,
        title: '별빛 오케스트라',
        artist: '별빛 오케스트라',
        status: 'ON_SALE',
        concertDate: '2026-12-08',
        startTime: '19:30:00',
        venueName: '예술의전당',
        bookingStartDate: '2026-11-19T10:00:00',
        totalSeats: 1200,
        soldSeats: 2,
      },
    ],
    upcoming: [],
    measuredAt: '2026-11-26T18:30:00',
    ...overrides,
  };
}
