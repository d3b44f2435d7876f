import { z } from 'zod';
import { dateSchema, dateTimeSchema, timeSchema } from './common';
import { concertStatusSchema } from './enums';

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
