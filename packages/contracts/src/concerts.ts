import { z } from 'zod';
import './zod-setup';
import { dateSchema, dateTimeSchema, timeSchema } from './common';
import { concertStatusSchema } from './enums';

/**
 * Issue 26: the show a concert is one performance (회차) of, present only when the show has more
 * than one, so a plain concert's answers stay exactly the spec's. Catalogue entries stand for
 * the whole show (its next performance on sale, else its first); the detail names the show.
 */
export const showSummarySchema = z.object({
  showId: z.number().int(),
  /** Performances buyers can see (every status but CANCELLED). */
  performanceCount: z.number().int(),
  firstDate: dateSchema,
  lastDate: dateSchema,
});
export type ShowSummary = z.infer<typeof showSummarySchema>;

/** The concert object, the same shape everywhere (api-contract.md §3). */
export const concertSchema = z.object({
  concertId: z.number().int(),
  title: z.string(),
  artist: z.string(),
  description: z.string().nullable(),
  sellerId: z.number().int(),
  venueName: z.string(),
  venueAddress: z.string().nullable(),
  concertDate: dateSchema,
  startTime: timeSchema,
  endTime: timeSchema,
  totalSeats: z.number().int(),
  bookingStartDate: dateTimeSchema,
  bookingEndDate: dateTimeSchema,
  minAge: z.number().int(),
  maxTicketsPerUser: z.number().int(),
  status: concertStatusSchema,
  posterImageUrl: z.string().nullable(),
  aiSummary: z.string().nullable(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
  show: showSummarySchema.optional(),
});
export type Concert = z.infer<typeof concertSchema>;

/** Korean labels of concert statuses (buyer-side.md §4). */
export const concertStatusLabels = {
  SCHEDULED: '예정됨',
  ON_SALE: '예매중',
  SOLD_OUT: '매진',
  CANCELLED: '취소됨',
  COMPLETED: '공연 완료',
} as const;

export const concertSortKeys = ['concertDate', 'title', 'artist', 'createdAt'] as const;
export const sortDirections = ['asc', 'desc'] as const;

export const concertMessages = {
  concertId: '콘서트 ID는 1 이상의 양수여야 합니다.',
  page: '페이지 번호는 0 이상이어야 합니다.',
  size: '페이지 크기는 1 이상 100 이하여야 합니다.',
  sortBy: '정렬 기준이 올바르지 않습니다. (concertDate, title, artist, createdAt)',
  sortDir: '정렬 방향이 올바르지 않습니다. (asc, desc)',
  notFound: '콘서트 정보를 찾을 수 없습니다.',
  searchQuery: '검색어는 1자 이상 100자 이하로 입력해주세요.',
  filterRange: '시작일과 종료일을 다시 확인해주세요. 종료일이 시작일보다 앞설 수 없습니다.',
  filterTooLong: '검색 기간은 최대 1년까지 설정할 수 있습니다.',
  filterDate: '날짜는 YYYY-MM-DD 형식이어야 합니다.',
  price: '가격은 0 이상의 정수여야 합니다.',
} as const;

/** Whole numbers from a query string or path ("12"), with the given message for anything else. */
function wholeNumber(message: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

/** `GET /concerts` (api-contract.md §3). */
export const concertListQuerySchema = z.object({
  page: wholeNumber(concertMessages.page, 0, 1_000_000).default(0),
  size: wholeNumber(concertMessages.size, 1, 100).default(20),
  sortBy: z.enum(concertSortKeys, { error: concertMessages.sortBy }).default('concertDate'),
  sortDir: z.enum(sortDirections, { error: concertMessages.sortDir }).default('asc'),
});
export type ConcertListQuery = z.infer<typeof concertListQuerySchema>;

export const concertIdParamsSchema = z.object({
  concertId: wholeNumber(concertMessages.concertId, 1, 2_147_483_647),
});

/** Statuses the public lists, search and filter show. */
export const publicConcertStatuses = ['SCHEDULED', 'ON_SALE', 'SOLD_OUT'] as const;

/** `GET /concerts/search`: 1-100 characters after trimming (T004 otherwise). */
export const concertSearchQuerySchema = z.object({
  query: z
    .string({ error: concertMessages.searchQuery })
    .trim()
    .min(1, { error: concertMessages.searchQuery })
    .max(100, { error: concertMessages.searchQuery }),
});

const filterDateSchema = z
  .string({ error: concertMessages.filterDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: concertMessages.filterDate })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
    error: concertMessages.filterDate,
  });

/**
 * `GET /concerts/filter`: an inclusive range on concertDate, either end optional, at most one
 * year (start after end -> T005). priceMin/priceMax keep concerts with a grade in that range.
 */
export const concertFilterQuerySchema = z
  .object({
    startDate: filterDateSchema.optional(),
    endDate: filterDateSchema.optional(),
    priceMin: wholeNumber(concertMessages.price, 0, 100_000_000).optional(),
    priceMax: wholeNumber(concertMessages.price, 0, 100_000_000).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.startDate && q.endDate) {
      if (q.startDate > q.endDate) {
        ctx.addIssue({ code: 'custom', path: ['dateRange'], message: concertMessages.filterRange });
      } else if (Date.parse(q.endDate) - Date.parse(q.startDate) > 366 * 86_400_000) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: concertMessages.filterTooLong });
      }
    }
  });
export type ConcertFilterQuery = z.infer<typeof concertFilterQuerySchema>;

/** A seat grade as the detail page lists it. */
export const seatGradeSchema = z.object({ name: z.string(), price: z.number().int() });
export type SeatGrade = z.infer<typeof seatGradeSchema>;

/** `GET /concerts/{id}`: the concert object plus its real grades and prices, dearest first. */
export const concertDetailSchema = concertSchema.extend({ seatGrades: z.array(seatGradeSchema) });
export type ConcertDetail = z.infer<typeof concertDetailSchema>;

/** Korean labels of the list sorts (buyer-side.md §2). */
export const concertSortLabels = {
  concertDate: '공연일순',
  title: '제목순',
  artist: '아티스트순',
} as const;
