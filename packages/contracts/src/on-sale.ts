import { z } from 'zod';
import './zod-setup';
import { dateSchema, dateTimeSchema } from './common';
import { concertStatusSchema } from './enums';

/**
 * The admin's live on-sale view (issue 18): one concert's waiting room, seats and revenue, from
 * the same numbers `/metrics` exposes. Not in api-contract.md: our own admin endpoints.
 */

/** `GET /admin/on-sale/concerts?keyword=`: concerts worth watching (on sale first). */
export const onSaleConcertsQuerySchema = z.object({
  keyword: z
    .string({ error: '검색어는 100자 이하로 입력해주세요.' })
    .trim()
    .max(100, { error: '검색어는 100자 이하로 입력해주세요.' })
    .optional(),
});
export type OnSaleConcertsQuery = z.infer<typeof onSaleConcertsQuerySchema>;

export const onSaleConcertSchema = z.object({
  concertId: z.number().int(),
  title: z.string(),
  artist: z.string(),
  status: concertStatusSchema,
  concertDate: dateSchema,
  bookingStartDate: dateTimeSchema,
});
export type OnSaleConcert = z.infer<typeof onSaleConcertSchema>;

/** `GET /admin/on-sale/concerts/{concertId}`: one snapshot, at most a couple of seconds old. */
export const onSaleSnapshotSchema = z.object({
  concertId: z.number().int(),
  title: z.string(),
  status: concertStatusSchema,
  /** Users waiting in the queue (shared state: the same on every instance). */
  queueLength: z.number().int(),
  /** Users holding a live access key, i.e. on the seat page now. */
  admitted: z.number().int(),
  /** Admissions per minute measured over the last minute; null before the first admission. */
  admissionsPerMinute: z.number().nullable(),
  totalSeats: z.number().int(),
  /** Seats in a live hold or an unpaid booking. */
  seatsHeld: z.number().int(),
  /** Seats of paid bookings. */
  seatsSold: z.number().int(),
  seatsAvailable: z.number().int(),
  /** Integer won paid for the concert, fees included, less what refunds gave back. */
  revenue: z.number().int(),
  /** Asia/Seoul time the numbers were read. */
  measuredAt: dateTimeSchema,
});
export type OnSaleSnapshot = z.infer<typeof onSaleSnapshotSchema>;

/** How often the admin page asks for a new snapshot. */
export const onSaleRefreshMs = 3_000;
