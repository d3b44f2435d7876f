import {
  bookingMessages,
  bookingStatusSchema,
  formatSeatLabel,
  ticketMessages,
  type BookingTickets,
  type TicketVerification,
} from '@curtaincall/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { AuthUser, SessionUser } from '../auth/auth.policy';
import { createTicketTokenSigner } from './ticket-token';
import {
  canVerifyTicketOf,
  canVerifyTickets,
  ticketAccessOf,
  ticketStandingOf,
} from './tickets.policy';
import {
  findBookingTickets,
  findTicketBooking,
  findTicketForCheck,
  type TicketRow,
} from './tickets.repo';

/**
 * QR and PDF libraries load on the first ticket request, not at start: pdfkit and qrcode take
 * ~0.4 s to import, which every server start (and every test file's app) would otherwise pay.
 */
async function loadQrCode() {
  return (await import('qrcode')).default;
}

/** `HH:mm[:ss]` -> `HH:mm`: tickets print the minute the show starts, not the second. */
const toHourMinute = (time: string) => time.slice(0, 5);

/**
 * Orders `section-row-number` seat infos as a venue does: by section, then row and seat as
 * numbers (row 2 before row 10, section A2 before A10).
 */
export function compareSeatInfo(a: string, b: string): number {
  const [sectionA = '', rowA = '0', seatA = '0'] = a.split('-');
  const [sectionB = '', rowB = '0', seatB = '0'] = b.split('-');
  return (
    sectionA.localeCompare(sectionB, 'ko', { numeric: true }) ||
    Number(rowA) - Number(rowB) ||
    Number(seatA) - Number(seatB)
  );
}

const bySeat = (a: TicketRow, b: TicketRow) =>
  compareSeatInfo(a.seatInfo, b.seatInfo) || a.ticketId - b.ticketId;

/**
 * Tickets (product-rules.md §8): the owner's mobile tickets and PDF of a paid booking, each
 * seat with a QR code of a signed token, and the token check for admins and the concert's seller.
 */
export function createTicketsService(deps: {
  db: Database;
  /** The app's session secret; the token key is derived from it, never the secret itself. */
  secret: string;
}) {
  const { db } = deps;
  const tokens = createTicketTokenSigner(deps.secret);

  /** The caller's paid booking and its tickets by seat, each with its token; else the error. */
  async function loadOwnTickets(user: SessionUser, bookingNumber: string) {
    const booking = await findTicketBooking(db, bookingNumber);
    // Someone else's booking is "not found", so booking numbers cannot be probed.
    if (!booking || booking.userId !== user.id) {
      throw new AppError('B008', bookingMessages.notFound);
    }
    const access = ticketAccessOf(booking.status);
    if (access === 'CANCELLED') throw new AppError('T001', ticketMessages.cancelled);
    if (access === 'NOT_PAID') throw new AppError('T002', ticketMessages.notPaid);
    const rows = (await findBookingTickets(db, booking.bookingId)).sort(bySeat);
    return {
      booking,
      tickets: rows.map((row) => ({
        ticketId: row.ticketId,
        seatLabel: formatSeatLabel(row.seatInfo),
        gradeName: row.gradeName,
        ticketTypeName: row.ticketTypeName,
        proofRequired: row.proofRequired,
        token: tokens.sign({
          ticketId: row.ticketId,
          bookingNumber: booking.bookingNumber,
          concertId: booking.concertId,
        }),
      })),
    };
  }

  /** `GET /bookings/{bookingNumber}/tickets`: the mobile tickets, one QR code (SVG) per seat. */
  async function getTickets(options: {
    user: SessionUser;
    bookingNumber: string;
  }): Promise<BookingTickets> {
    const { booking, tickets } = await loadOwnTickets(options.user, options.bookingNumber);
    return {
      bookingNumber: booking.bookingNumber,
      concertTitle: booking.concertTitle,
      artist: booking.artist,
      concertDate: booking.concertDate,
      startTime: toHourMinute(booking.startTime),
      endTime: toHourMinute(booking.endTime),
      venueName: booking.venueName,
      venueAddress: booking.venueAddress ?? '',
      bookingStatus: bookingStatusSchema.parse(booking.status),
      tickets: await Promise.all(
        tickets.map(async (ticket) => ({
          ...ticket,
          qrSvg: await (
            await loadQrCode()
          ).toString(ticket.token, {
            type: 'svg',
            errorCorrectionLevel: 'M',
            margin: 4,
          }),
        })),
      ),
    };
  }

  /** `GET /bookings/{bookingNumber}/tickets.pdf`: the same tickets as a PDF, a page each. */
  async function getTicketsPdf(options: {
    user: SessionUser;
    bookingNumber: string;
  }): Promise<{ filename: string; pdf: Buffer }> {
    const { booking, tickets } = await loadOwnTickets(options.user, options.bookingNumber);
    const { renderTicketsPdf } = await import('./tickets.pdf');
    const pdf = await renderTicketsPdf({
      bookingNumber: booking.bookingNumber,
      concertTitle: booking.concertTitle,
      artist: booking.artist,
      concertDate: booking.concertDate,
      startTime: toHourMinute(booking.startTime),
      endTime: toHourMinute(booking.endTime),
      venueName: booking.venueName,
      venueAddress: booking.venueAddress ?? '',
      tickets,
    });
    // Booking numbers are `CC-XXXXX-XXXXX`: safe inside a quoted header parameter as they are.
    return { filename: `curtaincall-${booking.bookingNumber}.pdf`, pdf };
  }

  /**
   * `GET /tickets/verify`: what a scanned token is worth. Buyers may not ask (403 S002), so the
   * endpoint is no oracle for them; a seller may ask only about their own concerts' tickets.
   */
  async function verifyTicket(options: {
    user: AuthUser;
    token: string;
  }): Promise<TicketVerification> {
    const { user } = options;
    if (!canVerifyTickets(user)) throw new AppError('S002', ticketMessages.verifyForbidden);
    const unknown: TicketVerification = { result: 'UNKNOWN', ticket: null };
    const claims = tokens.verify(options.token);
    if (!claims) return unknown;
    const ticket = await findTicketForCheck(db, claims.ticketId);
    // Only a key holder could sign a mismatch; it names no ticket of ours either way.
    if (
      !ticket ||
      ticket.bookingNumber !== claims.bookingNumber ||
      ticket.concertId !== claims.concertId
    ) {
      return unknown;
    }
    if (!canVerifyTicketOf(user, { sellerId: ticket.sellerId })) throw new AppError('S002');
    return {
      // A seat cancelled on its own voids its ticket while the booking goes on.
      result:
        ticket.status === 'CANCELED'
          ? 'VOID'
          : ticketStandingOf({
              bookingStatus: ticket.bookingStatus,
              isSeatStillBooked: ticket.seatBookingId === ticket.bookingId,
            }),
      ticket: {
        ticketId: ticket.ticketId,
        bookingNumber: ticket.bookingNumber,
        concertTitle: ticket.concertTitle,
        concertDate: ticket.concertDate,
        ...(ticket.showPerformances > 1 && { startTime: toHourMinute(ticket.startTime) }),
        seatLabel: formatSeatLabel(ticket.seatInfo),
      },
    };
  }

  return { getTickets, getTicketsPdf, verifyTicket };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
