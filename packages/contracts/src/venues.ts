import { z } from 'zod';
import { dateTimeSchema } from './common';
import { venueLayoutLimits } from './venue-layout';

/**
 * A seller's venues (issue 25, `/seller/venues`): a saved layout in the documented format
 * (docs/venue-layout.md) with the hall's name and address, reused by concerts. A concert keeps
 * the copy it was created with, so editing or deleting a venue never changes a sold show.
 */
export const venueMessages = {
  created: '공연장이 저장되었습니다.',
  updated: '공연장이 수정되었습니다.',
  deleted: '공연장이 삭제되었습니다.',
  notFound: '공연장을 찾을 수 없습니다.',
  notOwner: '해당 공연장을 관리할 권한이 없습니다.',
  nameRequired: '공연장 이름을 입력해주세요.',
  nameTooLong: '공연장 이름은 100자 이하여야 합니다.',
  addressTooLong: '공연장 주소는 200자 이하여야 합니다.',
  layoutRequired: '좌석 배치(layout)를 보내주세요.',
  layoutInvalid: '좌석 배치에 고칠 곳이 있습니다.',
  venueId: '공연장 ID는 1 이상의 양수여야 합니다.',
  tooMany: '공연장은 한 판매자당 200개까지 저장할 수 있습니다.',
} as const;

export const venueLimits = {
  perSeller: 200,
  nameMax: 100,
  addressMax: 200,
} as const;

const idField = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(2_147_483_647, { error: message });

export const venueIdParamsSchema = z.object({ venueId: idField(venueMessages.venueId) });

/**
 * `POST /seller/venues` and `PUT /seller/venues/{id}`. `layout` is checked by
 * `checkVenueLayout` in the service (not here) so each problem names its path in the layout's
 * own notation (`layout.sections[2].rows[0].seats[5].grade`).
 */
export const venueWriteSchema = z.object({
  name: z
    .string({ error: venueMessages.nameRequired })
    .trim()
    .min(1, { error: venueMessages.nameRequired })
    .max(venueLimits.nameMax, { error: venueMessages.nameTooLong }),
  address: z
    .string({ error: venueMessages.addressTooLong })
    .trim()
    .max(venueLimits.addressMax, { error: venueMessages.addressTooLong })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
  layout: z.unknown().refine((value) => value !== undefined && value !== null, {
    error: venueMessages.layoutRequired,
  }),
});
export type VenueWrite = z.input<typeof venueWriteSchema>;

/** Places (seats plus standing) and revenue at full sale, per grade, as the list shows them. */
export const venueGradeCountSchema = z.object({
  code: z.string(),
  name: z.string(),
  price: z.number().int(),
  color: z.string().nullable(),
  places: z.number().int(),
});

/** One venue in `GET /seller/venues` (no layout: a 100,000-seat document is megabytes). */
export const venueSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  /** The layout's own name (`layout.name`). */
  layoutName: z.string(),
  /** Places for sale at creation: seats not KILLED plus standing capacity. */
  totalPlaces: z.number().int(),
  sectionCount: z.number().int(),
  grades: z.array(venueGradeCountSchema),
  /** Concerts created from this venue (each keeps its own copy). */
  concertCount: z.number().int(),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type VenueSummary = z.infer<typeof venueSummarySchema>;

/** `GET /seller/venues/{id}`: the summary with the layout (the format, docs/venue-layout.md). */
export const venueDetailSchema = venueSummarySchema.extend({ layout: z.unknown() });
export type VenueDetail = z.infer<typeof venueDetailSchema>;

/** `GET /seller/venues/{id}/layout?format=json|csv`: the document alone, as a download. */
export const venueLayoutExportQuerySchema = z.object({
  format: z
    .enum(['json', 'csv'], { error: "format은 'json' 또는 'csv'여야 합니다." })
    .default('json'),
});

/** Per-concert prices that differ from the layout's (`POST /seller/concerts`). */
export const gradePriceSchema = z.object({
  code: z.string({ error: '등급 코드를 입력해주세요.' }).min(1).max(venueLayoutLimits.gradeCodeMax),
  price: z
    .number({ error: '가격은 0~10,000,000원 사이의 정수(원)여야 합니다.' })
    .int({ error: '가격은 0~10,000,000원 사이의 정수(원)여야 합니다.' })
    .min(0, { error: '가격은 0~10,000,000원 사이의 정수(원)여야 합니다.' })
    .max(venueLayoutLimits.priceMax, {
      error: '가격은 0~10,000,000원 사이의 정수(원)여야 합니다.',
    }),
});
export type GradePrice = z.infer<typeof gradePriceSchema>;

/**
 * `GET /concerts/{id}/grades` (ours, public, cached briefly): each grade of a concert with its
 * price and places, remaining now, in the seller's order. A concert from the quick plan
 * (`totalSeats` alone) answers its three default grades with `code` equal to the name.
 */
export const concertGradeAvailabilitySchema = z.object({
  code: z.string(),
  name: z.string(),
  price: z.number().int(),
  color: z.string().nullable(),
  /** Places on sale or sold (KILLED never counts; HELD counts once released). */
  totalPlaces: z.number().int(),
  /** Places a hold could take now. */
  available: z.number().int(),
  /** Promoter-held (홀드석) places of this grade, not for sale until released. */
  held: z.number().int(),
  /** True when every place of the grade is in standing zones. */
  standing: z.boolean(),
});
export type ConcertGradeAvailability = z.infer<typeof concertGradeAvailabilitySchema>;

/**
 * `POST /seats/concerts/{concertId}/standing/{section}/reserve` (ours, X-Access-Key): holds the
 * lowest free entry number (입장번호) of a standing zone, under the same hold rules as a seat
 * (5 minutes, at most 2 per fan). The answer is the seat entry of the slot taken.
 */
export const standingParamsSchema = z.object({
  concertId: idField('콘서트 ID는 1 이상의 양수여야 합니다.'),
  section: z
    .string({ error: '구역 이름이 올바르지 않습니다.' })
    .min(1, { error: '구역 이름이 올바르지 않습니다.' })
    .max(venueLayoutLimits.nameMax, { error: '구역 이름이 올바르지 않습니다.' }),
});

/**
 * `POST /seller/concerts/{id}/seats/release` and `.../seats/kill` (ours): the promoter's held
 * seats (홀드석) put on sale, or unsold seats never to be sold. `seatIds` empty with `all: true`
 * means every held seat (release only).
 */
export const promoterSeatsBodySchema = z
  .object({
    seatIds: z
      .array(idField('좌석 ID는 1 이상의 양수여야 합니다.'))
      .max(100_000, { error: '한 번에 100,000석까지 바꿀 수 있습니다.' })
      .default([]),
    all: z.boolean().default(false),
  })
  .refine((body) => body.all || body.seatIds.length > 0, {
    error: '바꿀 좌석을 고르거나 all: true를 보내주세요.',
    path: ['seatIds'],
  });

/** `PUT /seller/concerts/{id}/grades` (ours): new prices, allowed only for unsold grades' places. */
export const gradePricesBodySchema = z.object({
  prices: z.array(gradePriceSchema).min(1, { error: '바꿀 가격을 1개 이상 보내주세요.' }).max(20),
});

/**
 * `GET /seller/concerts/{id}/seats` (ours, the concert's seller): every seat and entry slot with
 * its id, for the seller's seat management (release, kill). `block` says why an UNAVAILABLE
 * seat is not for sale; buyers' identities never appear.
 */
export const sellerSeatSchema = z.object({
  seatId: z.number().int(),
  seatInfo: z.string(),
  status: z.enum(['AVAILABLE', 'RESERVED', 'BOOKED', 'UNAVAILABLE']),
  block: z.enum(['HELD', 'KILLED']).nullable(),
});
export type SellerSeat = z.infer<typeof sellerSeatSchema>;
