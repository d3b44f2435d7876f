import { z } from 'zod';
import './zod-setup';
import { dateSchema, dateTimeSchema, timeSchema } from './common';
import { concertStatusSchema } from './enums';

/**
 * The seller home and the admin statistics (issue 23, point 6): our own endpoints, not in
 * api-contract.md. A booking counts on the Seoul day it was paid. `bookings` and `seats` are
 * those that still stand (CONFIRMED or COMPLETED; a seat cancelled on its own is no longer
 * sold). `revenue` is integer won paid, fees included, less what refunds gave back (issue 27):
 * what a cancel kept (its fee, a booking fee not refunded) stays revenue of the day it was paid.
 */

/** One of the seller's concerts on the seller home, with how far its sale has come. */
export const sellerDashboardConcertSchema = z.object({
  concertId: z.number().int(),
  title: z.string(),
  artist: z.string(),
  status: concertStatusSchema,
  concertDate: dateSchema,
  startTime: timeSchema,
  venueName: z.string(),
  /** Seoul wall clock, `YYYY-MM-DDTHH:mm:ss`. */
  bookingStartDate: dateTimeSchema,
  totalSeats: z.number().int(),
  /** Seats of paid bookings. */
  soldSeats: z.number().int(),
});
export type SellerDashboardConcert = z.infer<typeof sellerDashboardConcertSchema>;

/** Paid bookings of one Seoul day. */
export const salesFiguresSchema = z.object({
  bookings: z.number().int(),
  seats: z.number().int(),
  revenue: z.number().int(),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

const sellerDashboardExample = {
  today: { date: '2026-11-26', bookings: 3, seats: 5, revenue: 612_000 },
  onSale: [
    {
      concertId: 1,
      title: '별빛 오케스트라: 겨울 밤의 세레나데',
      artist: '별빛 오케스트라',
      status: 'ON_SALE',
      concertDate: '2026-12-08',
      startTime: '19:30:00',
      venueName: '예술의전당 콘서트홀',
      bookingStartDate: '2026-11-19T10:00:00',
      totalSeats: 1200,
      soldSeats: 2,
    },
  ],
  upcoming: [
    {
      concertId: 14,
      title: '클래식 갈라 콘서트 〈신년의 울림〉',
      artist: '서울 필하모닉',
      status: 'SCHEDULED',
      concertDate: '2027-01-10',
      startTime: '17:00:00',
      venueName: '롯데콘서트홀',
      bookingStartDate: '2026-11-29T20:00:00',
      totalSeats: 2200,
      soldSeats: 0,
    },
  ],
  measuredAt: '2026-11-26T18:30:00',
} as const;

/** `GET /seller/dashboard`: the seller home's figures, for the session's seller only. */
export const sellerDashboardSchema = z
  .object({
    /** Today (Seoul) so far: paid bookings, their seats and revenue, over all own concerts. */
    today: salesFiguresSchema.extend({ date: dateSchema }),
    /** On sale now (ON_SALE and SOLD_OUT), the soonest show first. */
    onSale: z.array(sellerDashboardConcertSchema),
    /** Registered, booking not open yet (SCHEDULED), the soonest opening first. */
    upcoming: z.array(sellerDashboardConcertSchema),
    /** Seoul time the numbers were read. */
    measuredAt: dateTimeSchema,
  })
  .meta({ examples: [sellerDashboardExample] });
export type SellerDashboard = z.infer<typeof sellerDashboardSchema>;

/** Days in the admin statistics' series (today and the 29 before it). */
export const statisticsDays = 30;

export const dailySalesSchema = z.object({
  date: dateSchema,
  bookings: z.number().int(),
  revenue: z.number().int(),
});
export type DailySales = z.infer<typeof dailySalesSchema>;

const adminStatisticsExample = {
  users: { total: 42, buyers: 37, sellers: 4, admins: 1, newInPeriod: 12 },
  concertsByStatus: { SCHEDULED: 5, ON_SALE: 13, SOLD_OUT: 1, CANCELLED: 2, COMPLETED: 3 },
  period: { from: '2026-10-28', to: '2026-11-26' },
  totals: { bookings: 33, revenue: 4_128_000 },
  daily: [
    { date: '2026-11-25', bookings: 2, revenue: 264_000 },
    { date: '2026-11-26', bookings: 1, revenue: 132_000 },
  ],
  measuredAt: '2026-11-26T18:30:00',
} as const;

/** `GET /admin/statistics`: platform figures for the admin's statistics page. */
export const adminStatisticsSchema = z
  .object({
    users: z.object({
      /** Every account. */
      total: z.number().int(),
      buyers: z.number().int(),
      sellers: z.number().int(),
      admins: z.number().int(),
      /** Accounts created within `period`. */
      newInPeriod: z.number().int(),
    }),
    /** Concerts per status; every status is present (0 when none). */
    concertsByStatus: z.record(concertStatusSchema, z.number().int()),
    /** The Seoul days of `daily`, both included. */
    period: z.object({ from: dateSchema, to: dateSchema }),
    totals: z.object({ bookings: z.number().int(), revenue: z.number().int() }),
    /** One entry per day of `period`, oldest first, days without sales as 0. */
    daily: z.array(dailySalesSchema),
    measuredAt: dateTimeSchema,
  })
  .meta({ examples: [adminStatisticsExample] });
export type AdminStatistics = z.infer<typeof adminStatisticsSchema>;
