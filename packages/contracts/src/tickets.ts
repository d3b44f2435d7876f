import { z } from 'zod';
import './zod-setup';
import { dateSchema } from './common';
import { bookingStatusSchema } from './enums';
import { errorMessages } from './errors';

/**
 * Tickets (product-rules.md §8): a mobile ticket and a PDF per paid booking, one QR code per seat
 * carrying a signed token, and the check that a scanner asks about a token.
 */
export const ticketMessages = {
  /** Error T001's text; the booking detail page also shows it for a cancelled booking. */
  cancelled: errorMessages.T001,
  notPaid: errorMessages.T002,
  token: '티켓 토큰이 올바르지 않습니다.',
  verifyForbidden: '판매자 또는 관리자만 티켓을 확인할 수 있습니다.',
} as const;

/** Tokens are about 90 characters; the bound only keeps junk out of the verifier. */
export const TICKET_TOKEN_MAX_LENGTH = 512;

/** `HH:mm`, Asia/Seoul wall-clock time (tickets show minutes, never seconds). */
export const hourMinuteSchema = z.string().regex(/^\d{2}:\d{2}$/);

/** One seat's ticket. `seatLabel` reads `A구역 1열 5번`, like the my-page seat list. */
export const ticketSchema = z.object({
  ticketId: z.number().int(),
  seatLabel: z.string(),
  gradeName: z.string(),
  /** Issue 27: the 권종 it was sold as ('일반', a type's name, or '<type> 동반자'). */
  ticketTypeName: z.string(),
  /** The type needs proof at entry: the ticket prints `PROOF_AT_ENTRY`. */
  proofRequired: z.boolean(),
  /** Signed ticket token: what the QR code holds and what `GET /tickets/verify` checks. */
  token: z.string(),
  /** The QR code of `token` as an SVG document (drawn by the server, no user text inside). */
  qrSvg: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** `GET /bookings/{bookingNumber}/tickets` (owner; CONFIRMED or COMPLETED): tickets by seat. */
export const bookingTicketsSchema = z.object({
  bookingNumber: z.string(),
  concertTitle: z.string(),
  artist: z.string(),
  concertDate: dateSchema,
  startTime: hourMinuteSchema,
  endTime: hourMinuteSchema,
  venueName: z.string(),
  venueAddress: z.string(),
  /** Always CONFIRMED or COMPLETED; other bookings are answered with T001 / T002. */
  bookingStatus: bookingStatusSchema,
  tickets: z.array(ticketSchema),
});
export type BookingTickets = z.infer<typeof bookingTicketsSchema>;

/** `GET /tickets/verify?token=` (admin, or the seller of the ticket's concert). */
export const ticketVerifyQuerySchema = z.object({
  token: z
    .string({ error: ticketMessages.token })
    .trim()
    .min(1, { error: ticketMessages.token })
    .max(TICKET_TOKEN_MAX_LENGTH, { error: ticketMessages.token }),
});
export type TicketVerifyQuery = z.infer<typeof ticketVerifyQuerySchema>;

/**
 * VALID: signed by us, and the booking is paid (CONFIRMED or COMPLETED) with the seat still its
 * own. VOID: signed by us, but the booking was cancelled or the ticket detached from its seat.
 * UNKNOWN: malformed, altered or forged, or naming no ticket.
 */
export const ticketVerifyResultSchema = z.enum(['VALID', 'VOID', 'UNKNOWN']);
export type TicketVerifyResult = z.infer<typeof ticketVerifyResultSchema>;

export const ticketVerificationSchema = z.object({
  result: ticketVerifyResultSchema,
  /** The ticket the token names; null when UNKNOWN. */
  ticket: z
    .object({
      ticketId: z.number().int(),
      bookingNumber: z.string(),
      concertTitle: z.string(),
      concertDate: dateSchema,
      /**
       * Issue 26: the performance's start time when its show has more than one performance, so
       * the door tells a matinee ticket from the evening's; absent for a plain concert.
       */
      startTime: hourMinuteSchema.optional(),
      seatLabel: z.string(),
    })
    .nullable(),
});
export type TicketVerification = z.infer<typeof ticketVerificationSchema>;
