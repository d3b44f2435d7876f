import { z } from 'zod';
import './zod-setup';
import { passwordSchema, profileFieldsSchema } from './auth';
import { dateSchema, dateTimeSchema, timeSchema } from './common';
import { bookingStatusSchema, paymentMethodSchema, paymentStatusSchema } from './enums';
import { paymentDetailsSchema, virtualAccountSchema } from './payment-methods';
import { bookingMoneySchema } from './payments';

/** My page (api-contract.md §9): texts the server answers with. */
export const mypageMessages = {
  profileUpdated: '회원 정보가 수정되었습니다.',
  passwordChanged: '비밀번호가 변경되었습니다.',
  wrongCurrentPassword: '현재 비밀번호가 일치하지 않습니다.',
  currentPasswordRequired: '현재 비밀번호를 입력해주세요.',
  currentPasswordTooLong: '현재 비밀번호는 200자 이하여야 합니다.',
  socialAccountPassword: '소셜 로그인 계정은 비밀번호를 변경할 수 없습니다.',
  userId: '사용자 ID는 1 이상의 양수여야 합니다.',
  bookingNumber: '예매 번호가 올바르지 않습니다.',
  loggedOutEverywhere: '모든 기기에서 로그아웃되었습니다. 다시 로그인해주세요.',
} as const;

/**
 * The optional `userId` the client sends along (query or form field). It never names whom the
 * call is about: the server compares it with the session user (403 A003 on a mismatch).
 * An empty value counts as absent.
 */
export const optionalUserIdSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce
    .number({ error: mypageMessages.userId })
    .int({ error: mypageMessages.userId })
    .min(1, { error: mypageMessages.userId })
    .max(2_147_483_647, { error: mypageMessages.userId })
    .optional(),
);

/**
 * `GET /mypage/profile`. `id` is ours (the client passes it back as `userId`); every string is
 * non-null (`""` when unknown) because the client calls `.trim()` on each.
 */
export const profileSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  nickname: z.string(),
  phone: z.string(),
  address: z.string(),
  /** Absolute URL of the re-encoded image, or null. */
  profileImage: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * `POST /mypage/profile` text fields (multipart, plus an optional `profileImage` file): the
 * registration rules. Email and username are read-only; extra fields are dropped.
 */
export const profileUpdateBodySchema = profileFieldsSchema;
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

/** `POST /mypage/changePwd`, form-encoded; the new password follows the registration rule. */
export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: mypageMessages.currentPasswordRequired })
    .min(1, { error: mypageMessages.currentPasswordRequired })
    .max(200, { error: mypageMessages.currentPasswordTooLong }),
  newPassword: passwordSchema,
  userId: optionalUserIdSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** `GET /mypage/booking?userId=`. */
export const bookingListQuerySchema = z.object({ userId: optionalUserIdSchema });
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;

/** `GET /mypage/bookingDetail/{bookingNumber}`: every routable value is accepted; unknown ones are 404 B008. */
export const bookingDetailParamsSchema = z.object({
  bookingNumber: z
    .string({ error: mypageMessages.bookingNumber })
    .trim()
    .min(1, { error: mypageMessages.bookingNumber })
    .max(100, { error: mypageMessages.bookingNumber }),
});

/** One booking in the my-page list. Seats read `A구역 1열 5번`. */
export const bookingSummarySchema = z.object({
  bookingId: z.number().int(),
  bookingNumber: z.string(),
  concertTitle: z.string(),
  /** Asia/Seoul calendar date of the show. */
  concertDate: dateSchema,
  /**
   * Issue 26: the performance's start time when its show has more than one performance, so the
   * list names the 회차 (formatPerformanceLabel); absent for a plain concert (the spec's shape).
   */
  startTime: timeSchema.optional(),
  venueName: z.string(),
  venueAddress: z.string(),
  bookingStatus: bookingStatusSchema,
  totalAmount: z.number().int(),
  posterImageUrl: z.string().nullable(),
  seatList: z.array(z.string()),
  /** Issue 28 (additive): where to pay while AWAITING_DEPOSIT, so the list offers 복사. */
  virtualAccount: virtualAccountSchema.optional(),
});
export type BookingSummary = z.infer<typeof bookingSummarySchema>;

/**
 * `GET /mypage/bookingDetail/{bookingNumber}` (owner). Payment fields come from the booking's
 * latest payment: an unpaid booking has `paymentStatus: "PENDING"` and `paymentMethod: null`.
 * Times are never null (the client splits them on ':').
 */
export const bookingDetailSchema = z.object({
  bookingId: z.number().int(),
  bookingNumber: z.string(),
  bookingStatus: bookingStatusSchema,
  paymentStatus: paymentStatusSchema,
  paymentMethod: paymentMethodSchema.nullable(),
  totalAmount: z.number().int(),
  /** `YYYY-MM-DDTHH:mm:ss`, Asia/Seoul wall-clock time. */
  bookedAt: dateTimeSchema,
  concertTitle: z.string(),
  artistName: z.string(),
  concertDate: dateSchema,
  startTime: timeSchema,
  endTime: timeSchema,
  posterImageUrl: z.string().nullable(),
  venueName: z.string(),
  venueAddress: z.string(),
  /** The seats still booked (a per-seat cancel removes one; a whole cancel keeps them all). */
  seatList: z.array(z.string()),
  /** Issue 27: tickets as charged, refunds, the cut-off and the receipt (additive). */
  money: bookingMoneySchema.optional(),
  /** Issue 28: the method in words, the 가상계좌 to pay into, the 현금영수증 (additive). */
  payment: paymentDetailsSchema.optional(),
});
export type BookingDetail = z.infer<typeof bookingDetailSchema>;
