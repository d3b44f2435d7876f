import { randomUUID } from 'node:crypto';
import {
  PricingProblem,
  bookingMessages,
  promoMessages,
  showMessages,
  ticketTypeMessages,
  type BookingCreated,
  type BookingOutline,
  type CreateBookingBody,
  type PriceBreakdown,
  type PromoTerms,
  type SeatToPrice,
} from '@curtaincall/contracts';
import type { EventBusPort } from '../../adapters/event-bus/event-bus';
import type { PaymentProviderPort } from '../../adapters/payment-provider/payment-provider';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import type { SaleMetrics } from '../../lib/sale-metrics';
import { toSeoulDateTime } from '../../lib/seoul-time';
import type { AuthUser, SessionUser } from '../auth/auth.policy';
import type { ConcertsService } from '../concerts/concerts.service';
import type { BookingNotifier } from '../notifications/notifications.service';
import type { PaymentsService } from '../payments/payments.service';
import { lockUserHolds } from '../seats/seats.service';
import { generateBookingNumber } from './booking-number';
import {
  attachSeats,
  countConfirmedSeats,
  countShowSeats,
  findBookingByNumber,
  findBookingOutline,
  findBookingOwner,
  findCancelledConcertsWithLeftovers,
  findConcertForBooking,
  insertBooking,
  insertTickets,
  lockBooking,
  lockOverdueBookings,
  lockPendingBookingsOf,
  lockSeatsForBooking,
  lockUserShowBookings,
  type SeatForBooking,
} from './bookings.repo';
import { publishSeatChange } from './seat-events';
import { endUnpaidBookings } from './booking-transitions';

/** Minutes a buyer has to pay once the booking is made (product-rules.md §6). */
export const PAYMENT_WINDOW_MINUTES = 10;
const OVERDUE_BATCH = 500;

/**
 * The seam of 권종 and promo codes (issue 27): the one place each seat's ticket type and
 * companion, and the booking's promo code, are decided, inside the booking transaction. Every
 * seat is 일반 and no code applies until the ticket-type and promo-code modules resolve them here
 * (with their quota, dates and grades re-checked in this transaction); until then a type or a
 * code in the body cannot be priced and is refused rather than charged as 일반. A companion names
 * its holder's seat and `priceBooking` checks it against the holder's type.
 */
function chooseSeatTerms(
  body: CreateBookingBody,
  seats: readonly SeatForBooking[],
): { seats: SeatToPrice[]; promo: PromoTerms | null } {
  const choices = body.seatTypes ?? [];
  choices.forEach((choice, index) => {
    if (!seats.some((seat) => seat.id === choice.concertSeatId)) {
      throw new AppError('C001', bookingMessages.seatsNotFound, [
        { field: `seatTypes[${index}].concertSeatId`, message: bookingMessages.seatsNotFound },
      ]);
    }
    if (choice.ticketTypeId !== null) {
      throw new AppError('C001', ticketTypeMessages.unknownType, [
        { field: `seatTypes[${index}].ticketTypeId`, message: ticketTypeMessages.unknownType },
      ]);
    }
  });
  if (body.promoCode !== undefined) {
    throw new AppError('C001', promoMessages.invalid, [
      { field: 'promoCode', message: promoMessages.invalid },
    ]);
  }
  return {
    seats: seats.map((seat) => ({
      concertSeatId: seat.id,
      seatInfo: `${seat.section}-${seat.rowNumber}-${seat.seatNumber}`,
      // A layout grade is known by its code; a quick-plan grade's name is its code.
      gradeKey: seat.gradeCode ?? seat.gradeName,
      gradeName: seat.gradeName,
      gradePrice: seat.price,
      ticketType: null,
      companionOfSeatId:
        choices.find((choice) => choice.concertSeatId === seat.id)?.companionOfSeatId ?? null,
    })),
    promo: null,
  };
}

/**
 * Booking (api-contract.md §8, product-rules.md §6): a booking of held seats, priced and its
 * payment opened by modules/payments in the same transaction; unpaid bookings that expire,
 * give way to a newer one or belong to a cancelled concert. Money after that (the provider's
 * callbacks, cancels, refunds) is modules/payments'.
 */
export function createBookingsService(deps: {
  db: Database;
  bus: EventBusPort;
  concerts: ConcertsService;
  payments: Pick<
    PaymentsService,
    'priceNewBooking' | 'openPayment' | 'latestPayment' | 'runRefunds' | 'refundProgress'
  >;
  provider: Pick<PaymentProviderPort, 'name' | 'clientKey'>;
  clock: Clock;
  publicBaseUrl: string;
  /** The sandbox's checkout page (absolute URL), when the sandbox is the provider. */
  sandboxCheckoutUrl?: string;
  metrics?: SaleMetrics;
  /** Stores the buyer's notifications after each commit (it never throws). */
  notifier?: BookingNotifier;
}) {
  const { db, bus, concerts, payments, provider, clock, notifier } = deps;

  function publishSeats(concertId: number, seatIds: number[]): Promise<void> {
    return publishSeatChange(bus, concertId, seatIds);
  }

  /**
   * Prices the seats as the seam chose them; a choice the rules refuse is 400 C001 naming the
   * seat's entry in `seatTypes` (or in `concertSeatIds` when it has none).
   */
  async function price(
    tx: DbOrTx,
    body: CreateBookingBody,
    seats: readonly SeatForBooking[],
  ): Promise<PriceBreakdown> {
    const order = chooseSeatTerms(body, seats);
    try {
      return await payments.priceNewBooking(tx, order);
    } catch (error) {
      if (!(error instanceof PricingProblem)) throw error;
      const seatId = error.seatIndex === null ? undefined : seats[error.seatIndex]?.id;
      const typeIndex = (body.seatTypes ?? []).findIndex((c) => c.concertSeatId === seatId);
      const field =
        typeIndex >= 0
          ? `seatTypes[${typeIndex}]`
          : `concertSeatIds[${Math.max(0, body.concertSeatIds.indexOf(seatId ?? 0))}]`;
      throw new AppError('C001', error.message, [{ field, message: error.message }]);
    }
  }

  async function createBooking(user: AuthUser, body: CreateBookingBody): Promise<BookingCreated> {
    const now = clock.now();
    const { concertId, concertSeatIds } = body;
    await concerts.assertOnSale(concertId, now);
    const concert = await findConcertForBooking(db, concertId);
    if (!concert) throw new AppError('T003');
    const alreadyBooked = await countConfirmedSeats(db, user.id, concertId);
    if (alreadyBooked + concertSeatIds.length > concert.maxTicketsPerUser) {
      throw new AppError('C001', bookingMessages.overTicketLimit(concert.maxTicketsPerUser));
    }
    const deadline = new Date(now.getTime() + PAYMENT_WINDOW_MINUTES * 60_000);
    const orderId = randomUUID();
    const bookingNumber = generateBookingNumber();

    const created = await db.transaction(async (tx) => {
      // The same per-user lock as a hold: no hold or booking of this user runs alongside.
      await lockUserHolds(tx, concertId, user.id);
      const showLimit = concert.maxTicketsPerShow;
      if (showLimit !== null) await lockUserShowBookings(tx, concert.showId, user.id);
      for (const pendingId of await lockPendingBookingsOf(tx, user.id, concertId)) {
        await endUnpaidBookings(tx, { kind: 'superseded', bookingId: pendingId }, now);
      }
      // Issue 26: counted after the supersede (this performance's unpaid booking gives way to
      // this one) and under the show lock, so bookings of two performances at once cannot both
      // pass; the unpaid ones of other performances count, since they may still be paid.
      if (
        showLimit !== null &&
        (await countShowSeats(tx, user.id, concert.showId)) + concertSeatIds.length > showLimit
      ) {
        throw new AppError('C001', showMessages.showLimit(showLimit));
      }
      const seats = await lockSeatsForBooking(tx, concertId, concertSeatIds);
      if (seats.length !== concertSeatIds.length) {
        throw new AppError('B007', bookingMessages.seatsNotFound);
      }
      for (const seat of seats) {
        const mine = seat.status === 'RESERVED' && seat.heldByUserId === user.id;
        if (mine && seat.holdExpiresAt !== null && seat.holdExpiresAt > now) continue;
        if (mine) throw new AppError('B005', bookingMessages.holdExpired);
        // A free seat no longer tells whether its hold was released or expired and swept.
        if (seat.status === 'AVAILABLE' && seat.heldByUserId === null) {
          throw new AppError('B015', bookingMessages.holdReleased);
        }
        if (
          seat.status === 'BOOKED' &&
          seat.bookingId !== null &&
          (await findBookingOwner(tx, seat.bookingId)) === user.id
        ) {
          throw new AppError('B014', bookingMessages.alreadyBookedByYou);
        }
        throw new AppError('B003', bookingMessages.notYourHold);
      }
      const breakdown = await price(tx, body, seats);
      const bookingId = await insertBooking(tx, {
        bookingNumber,
        userId: user.id,
        concertId,
        totalAmount: breakdown.total,
        promoCode: breakdown.promoCode,
        paymentDeadline: deadline,
        now,
      });
      await insertTickets(tx, bookingId, breakdown.lines);
      await payments.openPayment(tx, { bookingId, orderId, amount: breakdown.total, now });
      await attachSeats(
        tx,
        bookingId,
        seats.map((seat) => seat.id),
        deadline,
        now,
      );
      return breakdown;
    });
    deps.metrics?.booking('created');
    // The holds' expiry changed: the buyer's other tabs see the new remainingSeconds.
    await publishSeats(concertId, concertSeatIds);

    const base = deps.publicBaseUrl.replace(/\/$/, '');
    const answer: BookingCreated = {
      orderId,
      bookingNumber,
      orderName: concert.title,
      amount: created.total,
      customerName: user.nickname,
      clientKey: provider.clientKey,
      successUrl: `${base}/api/v1/payments/success`,
      failUrl: `${base}/api/v1/payments/fail`,
      provider: provider.name,
      paymentDeadlineSeconds: PAYMENT_WINDOW_MINUTES * 60,
      breakdown: created,
    };
    if (provider.name === 'sandbox' && deps.sandboxCheckoutUrl) {
      const query = new URLSearchParams({
        orderId,
        orderName: concert.title,
        amount: String(created.total),
        customerName: user.nickname,
      });
      answer.checkoutUrl = `${deps.sandboxCheckoutUrl}?${query.toString()}`;
    }
    return answer;
  }

  /** Unpaid bookings past their deadline: payment EXPIRED, booking CANCELED, seats freed. */
  async function expireUnpaidBookings(): Promise<number> {
    const now = clock.now();
    const expired = await db.transaction(async (tx) => {
      const ids = await lockOverdueBookings(tx, now, OVERDUE_BATCH);
      const freed: Array<{ concertId: number; seatIds: number[] }> = [];
      for (const id of ids) {
        const booking = await lockBooking(tx, id);
        if (!booking) continue;
        const ended = await endUnpaidBookings(
          tx,
          { kind: 'closed', bookingId: id, paymentStatus: 'EXPIRED' },
          now,
        );
        freed.push({ concertId: booking.concertId, seatIds: ended.freedSeatIds });
      }
      return freed;
    });
    if (expired.length > 0) deps.metrics?.booking('expired', expired.length);
    for (const { concertId, seatIds } of expired) await publishSeats(concertId, seatIds);
    // One 취소표 check per concert, however many of its bookings expired in this run.
    const concertsWithFreedSeats = new Set(
      expired.filter((e) => e.seatIds.length > 0).map((e) => e.concertId),
    );
    for (const concertId of concertsWithFreedSeats) await notifier?.seatsReleased(concertId);
    return expired.length;
  }

  /** `GET /bookings/{bookingNumber}`: the owner's outline, for the failure page. */
  async function getOutline(user: SessionUser, bookingNumber: string): Promise<BookingOutline> {
    const outline = await findBookingOutline(db, bookingNumber);
    if (!outline || outline.userId !== user.id) {
      throw new AppError('B008', bookingMessages.notFound);
    }
    const booking = await findBookingByNumber(db, bookingNumber);
    const payment = booking ? await payments.latestPayment(booking.id) : undefined;
    return {
      bookingNumber: outline.bookingNumber,
      concertTitle: outline.concertTitle,
      totalAmount: outline.totalAmount,
      concertDateTime: `${outline.concertDate} ${outline.startTime}`,
      seatLabels: outline.seatInfos,
      paymentStatus: (payment?.status ?? null) as BookingOutline['paymentStatus'],
      paymentMethod: (payment?.method ?? null) as BookingOutline['paymentMethod'],
      concertId: outline.concertId,
      holdUntil: outline.paymentDeadline ? toSeoulDateTime(outline.paymentDeadline) : null,
    };
  }

  /**
   * Inside the transaction that cancels a concert: its unpaid bookings and holds end at once
   * (paid ones wait for their refunds). Returns the freed seats, to announce after the commit.
   */
  async function closeUnpaidOfCancelled(
    tx: DbOrTx,
    concertId: number,
    now: Date,
  ): Promise<number[]> {
    return (await endUnpaidBookings(tx, { kind: 'concertCancelled', concertId }, now)).freedSeatIds;
  }

  /**
   * The refund job: ends what arrived at cancelled concerts after they were cancelled (a booking
   * made or a seat held against a stale on-sale check), then the money (modules/payments): lost
   * refund answers asked again, every paid booking of a cancelled concert refunded.
   */
  async function settleCancelledConcerts(
    options: { signal?: AbortSignal } = {},
  ): Promise<{ refunded: number; failed: number }> {
    for (const concertId of await findCancelledConcertsWithLeftovers(db)) {
      if (options.signal?.aborted) return { refunded: 0, failed: 0 };
      const freed = await db.transaction((tx) =>
        closeUnpaidOfCancelled(tx, concertId, clock.now()),
      );
      await publishSeats(concertId, freed);
    }
    return payments.runRefunds(options);
  }

  return {
    closeUnpaidOfCancelled,
    settleCancelledConcerts,
    /** A cancelled concert's refunds: still due, and made because of the cancel. */
    refundProgress: payments.refundProgress,
    /** Tells open seat pages (polls and sockets, every instance) that these seats changed. */
    publishSeats,
    /**
     * Seats that went back on sale outside a booking (a promoter's release, issue 25): open seat
     * pages wake and the 취소표 alert goes to the people waiting for the concert.
     */
    announceFreedSeats: async (concertId: number, seatIds: number[]): Promise<void> => {
      await publishSeats(concertId, seatIds);
      if (seatIds.length > 0) await notifier?.seatsReleased(concertId);
    },
    createBooking,
    expireUnpaidBookings,
    getOutline,
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
