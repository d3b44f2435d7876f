import { z } from 'zod';
import { concertSchema, concertStatusLabels, sortDirections } from './concerts';
import { concertStatusSchema, type ConcertStatus } from './enums';
import { cancelDeadlineDaysSchema } from './payments';
import { gradePriceSchema } from './venues';

/**
 * Seller concerts (api-contract.md §11.2, §14 items 1 and 15; seller-admin-side.md §3-5): the
 * concert form's rules and messages, shared by the form and the server.
 */
export const sellerConcertMessages = {
  created: '콘서트가 생성되었습니다.',
  updated: '콘서트가 수정되었습니다.',
  cancelled: '콘서트가 취소되었습니다.',
  posterUpdated: '포스터가 변경되었습니다.',
  notOwner: '해당 콘서트를 관리할 권한이 없습니다.',
  cancelledNotEditable: '취소된 콘서트는 수정할 수 없습니다.',
  completedNotEditable: '이미 종료된 공연은 수정할 수 없습니다.',
  alreadyCancelled: '이미 취소된 콘서트입니다.',
  titleRequired: '콘서트 제목을 입력해주세요.',
  titleTooLong: '콘서트 제목은 100자 이하여야 합니다.',
  artistRequired: '아티스트명을 입력해주세요.',
  artistTooLong: '아티스트명은 50자 이하여야 합니다.',
  descriptionTooLong: '콘서트 설명은 1000자 이하여야 합니다.',
  venueNameRequired: '공연장명을 입력해주세요.',
  venueNameTooLong: '공연장명은 100자 이하여야 합니다.',
  venueAddressTooLong: '공연장 주소는 200자 이하여야 합니다.',
  concertDateRequired: '공연 날짜를 입력해주세요.',
  concertDateFormat: '공연 날짜는 YYYY-MM-DD 형식이어야 합니다.',
  concertDatePast: '공연 날짜는 오늘 이후여야 합니다.',
  startTimeRequired: '시작 시간을 입력해주세요.',
  endTimeRequired: '종료 시간을 입력해주세요.',
  timeFormat: '시간은 HH:mm 형식이어야 합니다.',
  endBeforeStart: '종료 시간은 시작 시간보다 늦어야 합니다.',
  totalSeats: '총 좌석 수는 1석 이상 100,000석 이하의 정수여야 합니다.',
  bookingStartRequired: '예매 시작일시를 입력해주세요.',
  bookingEndRequired: '예매 종료일시를 입력해주세요.',
  bookingDateFormat: '예매 일시는 YYYY-MM-DDTHH:mm 형식이어야 합니다.',
  bookingEndBeforeStart: '예매 종료일시는 예매 시작일시보다 늦어야 합니다.',
  bookingEndAfterShow: '예매 종료일시는 공연 시작 전이어야 합니다.',
  minAge: '관람 연령은 0세 이상 100세 이하여야 합니다.',
  maxTicketsPerUser: '1인당 최대 예매 수는 1매 이상 10매 이하여야 합니다.',
  posterImageUrl: '포스터 이미지 URL은 http 또는 https 주소여야 합니다.',
  createStatus: '등록할 때의 상태는 예정됨, 예매중, 매진, 취소됨 중 하나여야 합니다.',
  status: '콘서트 상태가 올바르지 않습니다.',
  sellerId: '판매자 ID가 올바르지 않습니다.',
  pageSize: '페이지 크기는 10, 20, 50, 100 중 하나여야 합니다.',
  page: '페이지 번호는 0 이상이어야 합니다.',
  sortBy: '정렬 기준이 올바르지 않습니다. (createdAt, title, concertDate, artist, status)',
  sortDir: '정렬 방향이 올바르지 않습니다. (asc, desc)',
  seatsLocked:
    '이미 선점되었거나 예매된 좌석이 있어 총 좌석 수를 변경할 수 없습니다. 좌석 배치는 예매가 없을 때만 바꿀 수 있습니다.',
  scheduleLocked:
    '이미 판매된 티켓이 있어 공연 일시와 예매 기간을 변경할 수 없습니다. 일정을 바꾸려면 콘서트를 취소하고 다시 등록해주세요.',
  completedNotCancellable: '이미 종료된 공연은 취소할 수 없습니다.',
  venueId: '공연장 ID는 1 이상의 양수여야 합니다.',
  venueAndLayout: '공연장(venueId)과 좌석 배치(seatLayout) 중 하나만 보내주세요.',
  gradePrices: '등급 가격은 20개까지 보낼 수 있습니다.',
  gradePricesWithoutLayout: '등급별 가격은 공연장이나 좌석 배치와 함께만 보낼 수 있습니다.',
  unknownGradePrice: '좌석 배치에 없는 등급 코드입니다.',
  duplicateGradePrice: '같은 등급의 가격이 두 번 있습니다.',
  layoutSeatsFixed:
    '좌석 배치로 만든 콘서트는 총 좌석 수를 바꿀 수 없습니다. 좌석은 홀드석 해제·판매 중지로 관리해주세요.',
} as const;

/** A status change the seller may make by hand (§11.2): SCHEDULED <-> ON_SALE, any -> CANCELLED. */
export function isAllowedStatusChange(from: ConcertStatus, to: ConcertStatus): boolean {
  if (from === to) return true;
  if (to === 'CANCELLED') return true;
  return (from === 'SCHEDULED' && to === 'ON_SALE') || (from === 'ON_SALE' && to === 'SCHEDULED');
}

/** The Korean refusal of a status change, naming both statuses. */
export function statusChangeMessage(from: ConcertStatus, to: ConcertStatus): string {
  return `'${concertStatusLabels[from]}' 상태에서 '${concertStatusLabels[to]}' 상태로 변경할 수 없습니다. (예정됨과 예매중 사이의 변경과 취소만 가능합니다.)`;
}

/** Numbers or numeric strings (the edit form sends totalSeats as "8000"), as a number. */
function numericField(message: string, min: number, max: number) {
  return z.preprocess(
    (value) =>
      typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value,
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message }),
  );
}

function requiredText(required: string, tooLong: string, max: number) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong });
}

/** Optional text: an empty or blank value counts as none (null). */
function optionalText(tooLong: string, max: number) {
  return z
    .string({ error: tooLong })
    .trim()
    .max(max, { error: tooLong })
    .nullable()
    .transform((value) => (value ? value : null));
}

const datePattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
/**
 * `YYYY-MM-DDTHH:mm[:ss]` (Seoul wall clock). Also accepted: a fraction and a zone (`Z` or
 * `+09:00`), which the edit form's `toISOString()` produces (§11.2 known quirk); a value with a
 * zone names its instant exactly, so the quirk no longer shifts the booking window.
 */
const dateTimePattern =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** A real calendar date (rejects 2025-02-30). */
function isRealDate(value: string): boolean {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  return date.getUTCFullYear() === y && date.getUTCMonth() + 1 === m && date.getUTCDate() === d;
}

const concertDateField = z
  .string({ error: sellerConcertMessages.concertDateRequired })
  .min(1, { error: sellerConcertMessages.concertDateRequired })
  .regex(datePattern, { error: sellerConcertMessages.concertDateFormat })
  .refine(isRealDate, { error: sellerConcertMessages.concertDateFormat });

function timeField(required: string) {
  return z
    .string({ error: required })
    .min(1, { error: required })
    .regex(timePattern, { error: sellerConcertMessages.timeFormat });
}

function dateTimeField(required: string) {
  return z
    .string({ error: required })
    .min(1, { error: required })
    .regex(dateTimePattern, { error: sellerConcertMessages.bookingDateFormat })
    .refine(isRealDate, { error: sellerConcertMessages.bookingDateFormat });
}

const posterUrlField = z
  .string({ error: sellerConcertMessages.posterImageUrl })
  .trim()
  .max(2048, { error: sellerConcertMessages.posterImageUrl })
  .refine(
    (value) => {
      if (value === '') return true;
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: sellerConcertMessages.posterImageUrl },
  )
  .nullable()
  .transform((value) => (value ? value : null));

/** Every field of the concert form, each with its own rule; no defaults, no cross-field rules. */
export const concertFormFieldsSchema = z.object({
  title: requiredText(sellerConcertMessages.titleRequired, sellerConcertMessages.titleTooLong, 100),
  artist: requiredText(
    sellerConcertMessages.artistRequired,
    sellerConcertMessages.artistTooLong,
    50,
  ),
  description: optionalText(sellerConcertMessages.descriptionTooLong, 1000),
  venueName: requiredText(
    sellerConcertMessages.venueNameRequired,
    sellerConcertMessages.venueNameTooLong,
    100,
  ),
  venueAddress: optionalText(sellerConcertMessages.venueAddressTooLong, 200),
  concertDate: concertDateField,
  startTime: timeField(sellerConcertMessages.startTimeRequired),
  endTime: timeField(sellerConcertMessages.endTimeRequired),
  totalSeats: numericField(sellerConcertMessages.totalSeats, 1, 100_000),
  bookingStartDate: dateTimeField(sellerConcertMessages.bookingStartRequired),
  bookingEndDate: dateTimeField(sellerConcertMessages.bookingEndRequired),
  minAge: numericField(sellerConcertMessages.minAge, 0, 100),
  maxTicketsPerUser: numericField(sellerConcertMessages.maxTicketsPerUser, 1, 10),
  posterImageUrl: posterUrlField,
  status: concertStatusSchema,
});

/** The instant a booking date-time names: Seoul wall clock unless it carries its own zone. */
export function bookingInstant(value: string): Date {
  if (/(Z|[+-]\d{2}:\d{2})$/.test(value)) return new Date(value);
  const [datePart = '', timePart = '00:00'] = value.split('T');
  return new Date(`${datePart}T${timePart.slice(0, 8).padEnd(8, ':00')}+09:00`);
}

/** `HH:mm[:ss]` -> seconds since midnight. */
function secondsOf(time: string): number {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

/** The instant the show starts (Seoul wall clock). */
export function showStartInstant(concertDate: string, startTime: string): Date {
  const time = startTime.length === 5 ? `${startTime}:00` : startTime.slice(0, 8);
  return new Date(`${concertDate}T${time}+09:00`);
}

export interface ConcertTimes {
  concertDate: string;
  startTime: string;
  endTime: string;
  bookingStartDate: string;
  bookingEndDate: string;
}

/**
 * The rules between fields (§5): the show after today (Seoul), end after start, the booking
 * window ending after it starts and before the show. `today` is `YYYY-MM-DD` in Seoul; the
 * server passes its own clock's date. Returns field issues (none when valid).
 */
export function concertTimeIssues(
  times: ConcertTimes,
  today: string | null,
): Array<{ field: keyof ConcertTimes; message: string }> {
  const issues: Array<{ field: keyof ConcertTimes; message: string }> = [];
  if (today !== null && times.concertDate <= today) {
    issues.push({ field: 'concertDate', message: sellerConcertMessages.concertDatePast });
  }
  if (secondsOf(times.endTime) <= secondsOf(times.startTime)) {
    issues.push({ field: 'endTime', message: sellerConcertMessages.endBeforeStart });
  }
  const bookingStart = bookingInstant(times.bookingStartDate).getTime();
  const bookingEnd = bookingInstant(times.bookingEndDate).getTime();
  if (bookingEnd <= bookingStart) {
    issues.push({ field: 'bookingEndDate', message: sellerConcertMessages.bookingEndBeforeStart });
  } else if (bookingEnd > showStartInstant(times.concertDate, times.startTime).getTime()) {
    issues.push({ field: 'bookingEndDate', message: sellerConcertMessages.bookingEndAfterShow });
  }
  return issues;
}

/** The statuses a new concert may have (§11.2). */
export const concertCreateStatuses = ['SCHEDULED', 'ON_SALE', 'SOLD_OUT', 'CANCELLED'] as const;

/** Today in Seoul, `YYYY-MM-DD`, from the device's clock (the form's default). */
function seoulToday(): string {
  return new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * ConcertCreate (`POST /seller/concerts`): every field and cross-field rule of §5. `today`
 * gives the Seoul date "in the future" is measured against (the server passes its clock).
 */
export function createConcertCreateSchema(today: () => string = seoulToday) {
  return concertFormFieldsSchema
    .extend({
      description: concertFormFieldsSchema.shape.description.optional().default(null),
      venueAddress: concertFormFieldsSchema.shape.venueAddress.optional().default(null),
      minAge: concertFormFieldsSchema.shape.minAge.optional().default(0),
      maxTicketsPerUser: concertFormFieldsSchema.shape.maxTicketsPerUser.optional().default(4),
      posterImageUrl: concertFormFieldsSchema.shape.posterImageUrl.optional().default(null),
      status: z
        .enum(concertCreateStatuses, { error: sellerConcertMessages.createStatus })
        .optional()
        .default('SCHEDULED'),
      // Issue 25: a saved venue or an inline layout in place of `totalSeats` (the quick plan).
      totalSeats: concertFormFieldsSchema.shape.totalSeats.optional(),
      venueId: z
        .number({ error: sellerConcertMessages.venueId })
        .int({ error: sellerConcertMessages.venueId })
        .min(1, { error: sellerConcertMessages.venueId })
        .max(2_147_483_647, { error: sellerConcertMessages.venueId })
        .optional(),
      /** Checked by `checkVenueLayout` in the service, so problems name their layout path. */
      seatLayout: z.unknown().optional(),
      /** This concert's prices where they differ from the layout's. */
      gradePrices: z
        .array(gradePriceSchema)
        .max(20, { error: sellerConcertMessages.gradePrices })
        .optional(),
      /** Issue 27 (the spec's client sends none): the buyers' cancel cut-off; null or absent, 3. */
      cancelDeadlineDays: cancelDeadlineDaysSchema.nullable().optional(),
    })
    .superRefine((value, ctx) => {
      for (const issue of concertTimeIssues(value, today())) {
        ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
      }
      const hasLayout = value.seatLayout !== undefined && value.seatLayout !== null;
      if (value.venueId !== undefined && hasLayout) {
        ctx.addIssue({
          code: 'custom',
          path: ['seatLayout'],
          message: sellerConcertMessages.venueAndLayout,
        });
      } else if (value.venueId === undefined && !hasLayout && value.totalSeats === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['totalSeats'],
          message: sellerConcertMessages.totalSeats,
        });
      }
      if (value.gradePrices && value.venueId === undefined && !hasLayout) {
        ctx.addIssue({
          code: 'custom',
          path: ['gradePrices'],
          message: sellerConcertMessages.gradePricesWithoutLayout,
        });
      }
    });
}
export const concertCreateSchema = createConcertCreateSchema();
export type ConcertCreate = z.infer<typeof concertCreateSchema>;

/**
 * ConcertUpdate (`PUT /seller/concerts/{id}`): any subset of the form; `null` clears
 * description, venueAddress and posterImageUrl. Cross-field rules run on the server against the
 * merged concert, since a partial body cannot be judged alone.
 */
export const concertUpdateSchema = concertFormFieldsSchema.partial().extend({
  status: z.enum(concertStatusSchema.options, { error: sellerConcertMessages.status }).optional(),
  /** Issue 27: absent leaves the cut-off as it is; null sets it back to the spec's 3. */
  cancelDeadlineDays: cancelDeadlineDaysSchema.nullable().optional(),
});
export type ConcertUpdate = z.infer<typeof concertUpdateSchema>;

/** `sellerId` query of every seller call: compared with the session, never trusted (§14.1). */
export const sellerIdQuerySchema = z.object({
  sellerId: z.coerce
    .number({ error: sellerConcertMessages.sellerId })
    .int({ error: sellerConcertMessages.sellerId })
    .min(1, { error: sellerConcertMessages.sellerId })
    .max(2_147_483_647, { error: sellerConcertMessages.sellerId })
    .optional(),
});

export const sellerConcertSortKeys = [
  'createdAt',
  'title',
  'concertDate',
  'artist',
  'status',
] as const;
export const sellerConcertPageSizes = [10, 20, 50, 100] as const;

/** `GET /seller/concerts`. */
export const sellerConcertListQuerySchema = sellerIdQuerySchema.extend({
  page: z.coerce
    .number({ error: sellerConcertMessages.page })
    .int({ error: sellerConcertMessages.page })
    .min(0, { error: sellerConcertMessages.page })
    .max(1_000_000, { error: sellerConcertMessages.page })
    .default(0),
  size: z.coerce
    .number({ error: sellerConcertMessages.pageSize })
    .refine((n) => (sellerConcertPageSizes as readonly number[]).includes(n), {
      error: sellerConcertMessages.pageSize,
    })
    .default(10),
  sortBy: z
    .enum(sellerConcertSortKeys, { error: sellerConcertMessages.sortBy })
    .default('createdAt'),
  sortDir: z.enum(sortDirections, { error: sellerConcertMessages.sortDir }).default('desc'),
});
export type SellerConcertListQuery = z.infer<typeof sellerConcertListQuerySchema>;

/** `GET /seller/concerts/status`. */
export const sellerConcertStatusQuerySchema = sellerIdQuerySchema.extend({
  status: z.enum(concertStatusSchema.options, { error: sellerConcertMessages.status }),
});

/** `PATCH /seller/concerts/{id}/poster`. */
export const concertPosterBodySchema = z.object({
  posterImageUrl: posterUrlField,
});

/**
 * A concert as the seller's screens get it: the public shape (§3) plus the progress of a
 * cancelled concert's refunds, which a job makes after the cancel has answered: `refundsPending`,
 * paid bookings whose refund the provider has not taken yet (tried until it succeeds), and
 * `refundsDone`, those refunded because of the cancel (both 0 for a concert not cancelled), and `soldSeats`.
 */
export const sellerConcertSchema = concertSchema.extend({
  /** Issue 26: the show this performance belongs to (its own show for a plain concert). */
  showId: z.number().int(),
  refundsPending: z.number().int(),
  refundsDone: z.number().int(),
  /** Seats of paid bookings (the manage page's sold/total). */
  soldSeats: z.number().int(),
  /**
   * Issue 27: buyers may cancel until this many days before the show (the seller's cut-off, the
   * spec's 3 unless set). The seller's alone: the public concert object never carries it.
   */
  cancelDeadlineDays: z.number().int(),
});
export type SellerConcert = z.infer<typeof sellerConcertSchema>;
