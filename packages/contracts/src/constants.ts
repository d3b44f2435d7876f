/** Business constants and limits (buyer-side.md §9, seller-admin-side.md §9, product-rules.md). */
export const limits = {
  homeFeaturedConcerts: 4,
  concertPageSizeDefault: 20,
  pageSizeMax: 100,
  reviewPageSize: 10,
  expectationPageSize: 10,
  maxHeldSeats: 2,
  bookingFeeWon: 2_000,
  maxTicketsPerUserDefault: 4,
  holdSeconds: 300,
  uploadMaxBytes: 10 * 1024 * 1024,
  /** Width and height of an uploaded image (profile picture, poster): an A3 poster at 300 dpi fits. */
  imageMaxSidePixels: 6_000,
  totalSeatsMax: 100_000,
  cancelDaysBeforeConcert: 3,
} as const;

/** Default seat grades and prices in won (product-rules.md §2). Front sections are premium. */
export const defaultSeatGrades = [
  { name: '프리미엄', price: 150_000 },
  { name: 'VIP', price: 100_000 },
  { name: '일반석', price: 50_000 },
] as const;

/** Screen-size classes (buyer-side.md §2 shared shell). */
export const breakpoints = {
  mobileMax: 768,
  tabletMax: 1024,
  defaultWidth: 1200,
} as const;

/** Toast timing (buyer-side.md §2). */
export const toastTiming = {
  durationMs: 3_000,
  fadeMs: 300,
} as const;

export const profileImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The exact sentence the client treats as "no AI summary yet" (api-contract.md §3). */
export const AI_SUMMARY_EMPTY = 'AI 요약 정보가 아직 생성되지 않았습니다.';
