import { z } from 'zod';
import './zod-setup';
import { dateSchema, dateTimeSchema, timeSchema } from './common';
import { formatPerformanceLabel } from './shows';

/**
 * Reviews (관람평) and expectations (기대평): api-contract.md §4-5, buyer-side.md §5.
 * The server takes the author from the session; a body userId that differs gives 403 A003.
 */
export const reviewMessages = {
  titleRequired: '리뷰 제목은 필수입니다.',
  titleTooLong: '리뷰 제목은 100자 이하여야 합니다.',
  descriptionRequired: '리뷰 내용은 필수입니다.',
  descriptionTooLong: '리뷰 내용은 1000자 이하여야 합니다.',
  ratingRange: '평점은 1 이상 5 이하여야 합니다.',
  ratingInteger: '평점은 정수여야 합니다.',
  nicknameRequired: '작성자 닉네임은 필수입니다.',
  nicknameTooLong: '작성자 닉네임은 50자 이하여야 합니다.',
  userId: '작성자 ID는 1 이상이어야 합니다.',
  reviewId: '리뷰 ID는 1 이상의 양수여야 합니다.',
  sortBy: '정렬 기준이 올바르지 않습니다. (createdAt, rating, title)',
  verifiedOnly: '예매자 관람평 필터는 true 또는 false여야 합니다.',
  notOwner: '본인이 작성한 후기만 수정/삭제할 수 있습니다.',
  notFound: '후기를 찾을 수 없습니다.',
  created: '후기가 작성되었습니다.',
  updated: '후기가 수정되었습니다.',
  deleted: '후기가 삭제되었습니다.',
} as const;

export const expectationMessages = {
  commentRequired: '기대평 내용은 필수입니다.',
  commentTooLong: '기대평 내용은 500자 이하여야 합니다.',
  ratingRange: '기대 점수는 1 이상 5 이하여야 합니다.',
  ratingInteger: '기대 점수는 정수여야 합니다.',
  expectationId: '기대평 ID는 1 이상의 양수여야 합니다.',
  notOwner: '본인이 작성한 기대평만 수정/삭제할 수 있습니다.',
  notFound: '기대평을 찾을 수 없습니다.',
  created: '기대평이 작성되었습니다.',
  updated: '기대평이 수정되었습니다.',
  deleted: '기대평이 삭제되었습니다.',
} as const;

/** Form-level messages of buyer-side.md §5, with the spec's literal 은(는). */
export const communityFormMessages = {
  required: (field: string) => `${field}은(는) 필수입니다.`,
  tooLong: (field: string, max: number) => `${field}은(는) ${max}자 이하여야 합니다.`,
  expectationMin: '기대점수는 1점 이상이어야 합니다.',
  expectationMax: '기대점수는 5점 이하여야 합니다.',
} as const;

export const reviewRatingLabels = [
  '별로예요',
  '그저그래요',
  '보통이에요',
  '좋아요',
  '최고예요',
] as const;
export const expectationRatingLabels = [
  '별로 기대안됨',
  '조금 기대됨',
  '보통',
  '많이 기대됨',
  '정말 기대됨',
] as const;

export const reviewSortKeys = ['createdAt', 'rating', 'title'] as const;
export const reviewSortLabels = { createdAt: '최신순', rating: '평점순', title: '제목순' } as const;
/** The badge and the filter chip of verified reviews (issue 23). */
export const verifiedReviewLabel = '예매자 관람평';

function positiveId(message: string) {
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(2_147_483_647, { error: message });
}

const authorFields = {
  userNickname: z
    .string({ error: reviewMessages.nicknameRequired })
    .trim()
    .min(1, { error: reviewMessages.nicknameRequired })
    .max(50, { error: reviewMessages.nicknameTooLong }),
  userId: z.coerce
    .number({ error: reviewMessages.userId })
    .int({ error: reviewMessages.userId })
    .min(1, { error: reviewMessages.userId })
    .max(2_147_483_647, { error: reviewMessages.userId }),
};

const ratingSchema = (range: string, integer: string) =>
  z.coerce
    .number({ error: range })
    .int({ error: integer })
    .min(1, { error: range })
    .max(5, { error: range });

export const reviewBodySchema = z.object({
  title: z
    .string({ error: reviewMessages.titleRequired })
    .trim()
    .min(1, { error: reviewMessages.titleRequired })
    .max(100, { error: reviewMessages.titleTooLong }),
  description: z
    .string({ error: reviewMessages.descriptionRequired })
    .trim()
    .min(1, { error: reviewMessages.descriptionRequired })
    .max(1000, { error: reviewMessages.descriptionTooLong }),
  rating: ratingSchema(reviewMessages.ratingRange, reviewMessages.ratingInteger),
  ...authorFields,
  concertId: z.coerce.number().int().min(1).optional(),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const expectationBodySchema = z.object({
  comment: z
    .string({ error: expectationMessages.commentRequired })
    .trim()
    .min(1, { error: expectationMessages.commentRequired })
    .max(500, { error: expectationMessages.commentTooLong }),
  expectationRating: ratingSchema(
    expectationMessages.ratingRange,
    expectationMessages.ratingInteger,
  ),
  ...authorFields,
  concertId: z.coerce.number().int().min(1).optional(),
});
export type ExpectationBody = z.infer<typeof expectationBodySchema>;

/** The performance a verified review's author attended (issue 26). */
export const reviewPerformanceSchema = z.object({
  concertId: z.number().int(),
  concertDate: dateSchema,
  startTime: timeSchema,
});
export type ReviewPerformance = z.infer<typeof reviewPerformanceSchema>;

/** '2026.12.20(일) 18:00 관람': the line under a verified review of a show of several performances. */
export function formatAttendedPerformance(performance: ReviewPerformance): string {
  return `${formatPerformanceLabel(performance.concertDate, performance.startTime)} 관람`;
}

export const reviewSchema = z.object({
  id: z.number().int(),
  concertId: z.number().int(),
  userId: z.number().int(),
  userNickname: z.string(),
  title: z.string(),
  description: z.string(),
  rating: z.number().int(),
  /**
   * 예매자 관람평 (issue 23): the author has a paid, not cancelled booking of this concert and
   * the show has started. Anyone logged in may still write (buyer-side.md §5); this only marks.
   */
  verified: z.boolean(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
  /**
   * Issue 26: the performance (회차) the author attended, on a verified review of a show with more
   * than one performance (the list holds every performance's reviews); absent otherwise, so a
   * plain concert's reviews stay exactly the spec's. Shown as '2026.12.20(일) 18:00 관람'.
   */
  performance: reviewPerformanceSchema.optional(),
});
export type Review = z.infer<typeof reviewSchema>;

export const expectationSchema = z.object({
  id: z.number().int(),
  concertId: z.number().int(),
  userId: z.number().int(),
  userNickname: z.string(),
  comment: z.string(),
  expectationRating: z.number().int(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type Expectation = z.infer<typeof expectationSchema>;

const pageField = z.coerce
  .number({ error: '페이지 번호는 0 이상이어야 합니다.' })
  .int({ error: '페이지 번호는 0 이상이어야 합니다.' })
  .min(0, { error: '페이지 번호는 0 이상이어야 합니다.' })
  .max(1_000_000, { error: '페이지 번호는 0 이상이어야 합니다.' });
const sizeField = z.coerce
  .number({ error: '페이지 크기는 1 이상 100 이하여야 합니다.' })
  .int({ error: '페이지 크기는 1 이상 100 이하여야 합니다.' })
  .min(1, { error: '페이지 크기는 1 이상 100 이하여야 합니다.' })
  .max(100, { error: '페이지 크기는 1 이상 100 이하여야 합니다.' });

export const reviewListQuerySchema = z.object({
  page: pageField.default(0),
  size: sizeField.default(10),
  sortBy: z.enum(reviewSortKeys, { error: reviewMessages.sortBy }).default('createdAt'),
  sortDir: z
    .enum(['asc', 'desc'], { error: '정렬 방향이 올바르지 않습니다. (asc, desc)' })
    .default('desc'),
  /** `true`: only 예매자 관람평 (issue 23). Absent or `false`: every review, as before. */
  verifiedOnly: z
    .enum(['true', 'false'], { error: reviewMessages.verifiedOnly })
    .default('false')
    .transform((value) => value === 'true')
    .meta({ examples: ['true'] }),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

export const expectationListQuerySchema = z.object({
  page: pageField.default(0),
  size: sizeField.default(10),
});
export type ExpectationListQuery = z.infer<typeof expectationListQuerySchema>;

export const reviewParamsSchema = z.object({
  concertId: positiveId('콘서트 ID는 1 이상의 양수여야 합니다.'),
  reviewId: positiveId(reviewMessages.reviewId),
});
export const expectationParamsSchema = z.object({
  concertId: positiveId('콘서트 ID는 1 이상의 양수여야 합니다.'),
  expectationId: positiveId(expectationMessages.expectationId),
});
