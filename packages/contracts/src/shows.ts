import { z } from 'zod';
import './zod-setup';
import { dateSchema, dateTimeSchema, pageSchema, timeSchema } from './common';
import { concertStatusSchema } from './enums';
import { cancelDeadlineDaysSchema } from './payments';
import { concertGradeAvailabilitySchema, gradePriceSchema } from './venues';
import {
  concertFormFieldsSchema,
  concertTimeIssues,
  sellerConcertMessages,
  sellerConcertListQuerySchema,
  sellerConcertSchema,
} from './seller-concerts';

/**
 * 회차 (issue 26): a show (공연) groups performances, each a concert with a `concertId` of its
 * own, so every spec endpoint (queue, access keys, seats, bookings, tickets) keeps its meaning
 * per performance. The show's shared fields live on every performance and change together.
 */
export const showMessages = {
  created: '공연이 등록되었습니다.',
  updated: '공연 정보가 모든 회차에 반영되었습니다.',
  cancelled: '공연의 모든 회차가 취소되었습니다.',
  performanceAdded: '회차가 추가되었습니다.',
  notFound: '공연 정보를 찾을 수 없습니다.',
  showId: '공연 ID는 1 이상의 양수여야 합니다.',
  performancesRequired: '회차를 1개 이상 추가해주세요.',
  performancesTooMany: '회차는 한 번에 60개까지 등록할 수 있습니다.',
  performanceDuplicate: '같은 날짜와 시작 시간의 회차가 이미 있습니다.',
  bookingWindowRequired: '예매 기간을 공연 전체 또는 회차마다 입력해주세요.',
  maxTicketsPerShow: '공연 전체 1인 최대 예매 수는 1매 이상 40매 이하여야 합니다.',
  maxTicketsPerShowBelowPerUser:
    '공연 전체 1인 최대 예매 수는 회차당 1인 최대 예매 수보다 작을 수 없습니다.',
  tooManySeats: '한 번에 만들 수 있는 좌석은 모든 회차를 합쳐 1,000,000석까지입니다.',
  nothingToCancel: '취소할 수 있는 회차가 없습니다.',
  showLimit: (max: number) => `이 공연은 모든 회차를 합쳐 1인당 ${max}매까지 예매할 수 있습니다.`,
} as const;

/** Performances one create request may carry, and seats across them. */
export const showLimits = {
  performancesMax: 60,
  seatsPerRequestMax: 1_000_000,
  maxTicketsPerShowMax: 40,
} as const;

const idField = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(2_147_483_647, { error: message });

export const showIdParamsSchema = z.object({ showId: idField(showMessages.showId) });

const maxTicketsPerShowField = z
  .number({ error: showMessages.maxTicketsPerShow })
  .int({ error: showMessages.maxTicketsPerShow })
  .min(1, { error: showMessages.maxTicketsPerShow })
  .max(showLimits.maxTicketsPerShowMax, { error: showMessages.maxTicketsPerShow })
  .nullable();

/** One performance (회차) of a new show: its date and times, its own window and prices if any. */
export const performanceDraftSchema = z.object({
  concertDate: concertFormFieldsSchema.shape.concertDate,
  startTime: concertFormFieldsSchema.shape.startTime,
  endTime: concertFormFieldsSchema.shape.endTime,
  /** Absent: the show's shared booking window. */
  bookingStartDate: concertFormFieldsSchema.shape.bookingStartDate.optional(),
  bookingEndDate: concertFormFieldsSchema.shape.bookingEndDate.optional(),
  /** Absent: the show's prices. Only with a venue or a layout. */
  gradePrices: z
    .array(gradePriceSchema)
    .max(20, { error: sellerConcertMessages.gradePrices })
    .optional(),
  /** Issue 27, absent: the show's cancel cut-off; null: the spec's 3 for this one. */
  cancelDeadlineDays: cancelDeadlineDaysSchema.nullable().optional(),
});
export type PerformanceDraft = z.infer<typeof performanceDraftSchema>;

/**
 * `POST /seller/shows` (ours): a show with 1-60 performances in one request. The shared fields
 * are the concert form's; seats come from `totalSeats` (the quick plan), `venueId` or an inline
 * `seatLayout`, the same for every performance; prices for all (`gradePrices`) or per performance.
 * `today` gives the Seoul date "in the future" is measured against (the server passes its clock).
 */
export function createShowCreateSchema(today: () => string) {
  const f = concertFormFieldsSchema.shape;
  return z
    .object({
      title: f.title,
      artist: f.artist,
      description: f.description.optional().default(null),
      venueName: f.venueName,
      venueAddress: f.venueAddress.optional().default(null),
      minAge: f.minAge.optional().default(0),
      maxTicketsPerUser: f.maxTicketsPerUser.optional().default(4),
      maxTicketsPerShow: maxTicketsPerShowField.optional().default(null),
      posterImageUrl: f.posterImageUrl.optional().default(null),
      status: z
        .enum(['SCHEDULED', 'ON_SALE'], { error: sellerConcertMessages.createStatus })
        .optional()
        .default('SCHEDULED'),
      totalSeats: f.totalSeats.optional(),
      venueId: z
        .number({ error: sellerConcertMessages.venueId })
        .int({ error: sellerConcertMessages.venueId })
        .min(1, { error: sellerConcertMessages.venueId })
        .max(2_147_483_647, { error: sellerConcertMessages.venueId })
        .optional(),
      /** Checked by `checkVenueLayout` in the service, so problems name their layout path. */
      seatLayout: z.unknown().optional(),
      gradePrices: z
        .array(gradePriceSchema)
        .max(20, { error: sellerConcertMessages.gradePrices })
        .optional(),
      /** The shared booking window (each performance may have its own instead). */
      bookingStartDate: f.bookingStartDate.optional(),
      bookingEndDate: f.bookingEndDate.optional(),
      /** Issue 27: every performance's cancel cut-off unless it has its own; absent or null, 3. */
      cancelDeadlineDays: cancelDeadlineDaysSchema.nullable().optional(),
      performances: z
        .array(performanceDraftSchema, { error: showMessages.performancesRequired })
        .min(1, { error: showMessages.performancesRequired })
        .max(showLimits.performancesMax, { error: showMessages.performancesTooMany }),
    })
    .superRefine((value, ctx) => {
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
      const withoutLayout = value.venueId === undefined && !hasLayout;
      if (value.gradePrices && withoutLayout) {
        ctx.addIssue({
          code: 'custom',
          path: ['gradePrices'],
          message: sellerConcertMessages.gradePricesWithoutLayout,
        });
      }
      if (value.maxTicketsPerShow !== null && value.maxTicketsPerShow < value.maxTicketsPerUser) {
        ctx.addIssue({
          code: 'custom',
          path: ['maxTicketsPerShow'],
          message: showMessages.maxTicketsPerShowBelowPerUser,
        });
      }
      const seen = new Set<string>();
      value.performances.forEach((performance, index) => {
        const bookingStartDate = performance.bookingStartDate ?? value.bookingStartDate;
        const bookingEndDate = performance.bookingEndDate ?? value.bookingEndDate;
        if (!bookingStartDate || !bookingEndDate) {
          ctx.addIssue({
            code: 'custom',
            path: ['performances', index, bookingStartDate ? 'bookingEndDate' : 'bookingStartDate'],
            message: showMessages.bookingWindowRequired,
          });
        } else {
          const times = { ...performance, bookingStartDate, bookingEndDate };
          for (const issue of concertTimeIssues(times, today())) {
            ctx.addIssue({
              code: 'custom',
              path: ['performances', index, issue.field],
              message: issue.message,
            });
          }
        }
        const key = `${performance.concertDate} ${performance.startTime.slice(0, 5)}`;
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['performances', index, 'startTime'],
            message: showMessages.performanceDuplicate,
          });
        }
        seen.add(key);
        if (performance.gradePrices && withoutLayout) {
          ctx.addIssue({
            code: 'custom',
            path: ['performances', index, 'gradePrices'],
            message: sellerConcertMessages.gradePricesWithoutLayout,
          });
        }
      });
    });
}
export type ShowCreate = z.infer<ReturnType<typeof createShowCreateSchema>>;

/**
 * `POST /seller/shows/{showId}/performances` (ours): one more performance. Its seats copy the
 * show's latest performance (layout or quick plan) and its prices unless `gradePrices` says
 * otherwise.
 */
export function createPerformanceAddSchema(today: () => string) {
  const f = concertFormFieldsSchema.shape;
  return z
    .object({
      concertDate: f.concertDate,
      startTime: f.startTime,
      endTime: f.endTime,
      bookingStartDate: f.bookingStartDate,
      bookingEndDate: f.bookingEndDate,
      gradePrices: z
        .array(gradePriceSchema)
        .max(20, { error: sellerConcertMessages.gradePrices })
        .optional(),
      status: z
        .enum(['SCHEDULED', 'ON_SALE'], { error: sellerConcertMessages.createStatus })
        .optional()
        .default('SCHEDULED'),
      /** Issue 27, absent: the cut-off of the performance the others are copied from. */
      cancelDeadlineDays: cancelDeadlineDaysSchema.nullable().optional(),
    })
    .superRefine((value, ctx) => {
      for (const issue of concertTimeIssues(value, today())) {
        ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
      }
    });
}
export type PerformanceAdd = z.infer<ReturnType<typeof createPerformanceAddSchema>>;

/**
 * `PUT /seller/shows/{showId}` (ours): the shared fields, written to every performance at once
 * (cancelled and completed ones keep theirs). `null` clears description, venueAddress,
 * posterImageUrl and maxTicketsPerShow.
 */
export const showUpdateSchema = z
  .object({
    title: concertFormFieldsSchema.shape.title,
    artist: concertFormFieldsSchema.shape.artist,
    description: concertFormFieldsSchema.shape.description,
    venueName: concertFormFieldsSchema.shape.venueName,
    venueAddress: concertFormFieldsSchema.shape.venueAddress,
    minAge: concertFormFieldsSchema.shape.minAge,
    posterImageUrl: concertFormFieldsSchema.shape.posterImageUrl,
    maxTicketsPerShow: maxTicketsPerShowField,
    /** Issue 27: written to every open performance; null sets them back to the spec's 3. */
    cancelDeadlineDays: cancelDeadlineDaysSchema.nullable(),
  })
  .partial();
export type ShowUpdate = z.infer<typeof showUpdateSchema>;

/** A seller's show with every performance, sold/total each (the manage page's group). */
export const sellerShowSchema = z.object({
  showId: z.number().int(),
  title: z.string(),
  artist: z.string(),
  venueName: z.string(),
  posterImageUrl: z.string().nullable(),
  maxTicketsPerShow: z.number().int().nullable(),
  /** First and last performance dates (every status). */
  firstDate: dateSchema,
  lastDate: dateSchema,
  /** By date and start time. */
  performances: z.array(sellerConcertSchema),
});
export type SellerShow = z.infer<typeof sellerShowSchema>;

/** `GET /seller/shows` (ours): the seller's shows, newest first, paged by show. */
export const sellerShowListQuerySchema = sellerConcertListQuerySchema.pick({
  sellerId: true,
  page: true,
  size: true,
});
export type SellerShowListQuery = z.infer<typeof sellerShowListQuerySchema>;
export const sellerShowPageSchema = pageSchema(sellerShowSchema);

/** One performance with what is left per grade (the detail page's 회차 choice). */
export const performanceAvailabilitySchema = z.object({
  concertId: z.number().int(),
  concertDate: dateSchema,
  startTime: timeSchema,
  endTime: timeSchema,
  status: concertStatusSchema,
  bookingStartDate: dateTimeSchema,
  bookingEndDate: dateTimeSchema,
  totalSeats: z.number().int(),
  /** Places a hold could take now, every grade together. */
  remainingSeats: z.number().int(),
  grades: z.array(concertGradeAvailabilitySchema),
});
export type PerformanceAvailability = z.infer<typeof performanceAvailabilitySchema>;

/**
 * `GET /concerts/{concertId}/performances` (ours, public): every performance of the concert's
 * show (cancelled and completed ones too, marked by status), by date and time, each with its
 * remaining places per grade. A plain concert answers with itself alone.
 */
export const showPerformancesSchema = z.object({
  showId: z.number().int(),
  maxTicketsPerShow: z.number().int().nullable(),
  performances: z.array(performanceAvailabilitySchema),
});
export type ShowPerformances = z.infer<typeof showPerformancesSchema>;

/** '2026.12.20 ~ 12.22 · 3회' (the catalogue card's line for a show of several performances). */
export function formatShowDateRange(show: {
  firstDate: string;
  lastDate: string;
  performanceCount: number;
}): string {
  const first = show.firstDate.replace(/-/g, '.');
  let last = show.lastDate.replace(/-/g, '.');
  if (show.lastDate.slice(0, 4) === show.firstDate.slice(0, 4)) last = last.slice(5);
  const range = show.firstDate === show.lastDate ? first : `${first} ~ ${last}`;
  return `${range} · ${show.performanceCount}회`;
}

const weekdayNames = ['일', '월', '화', '수', '목', '금', '토'];

/**
 * A performance named for messages, bookings and tickets: '2026.12.20(일) 18:00'. Dates and times
 * are Seoul wall clock as stored, never converted.
 */
export function formatPerformanceLabel(concertDate: string, startTime: string): string {
  const [year, month, day] = concertDate.split('-').map(Number);
  const weekday =
    weekdayNames[new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1)).getUTCDay()];
  return `${concertDate.replace(/-/g, '.')}(${weekday}) ${startTime.slice(0, 5)}`;
}
