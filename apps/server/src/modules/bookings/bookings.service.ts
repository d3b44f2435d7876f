import { randomUUID } from 'node:crypto';
import {
  INSTALLMENT_MIN_AMOUNT,
  PricingProblem,
  bookingMessages,
  paymentMethodMessages,
  paymentMethodRules,
  showMessages,
  type BookingCreated,
  type BookingOutline,
  type CreateBookingBody,
  type PaymentChoice,
  type PriceBreakdown,
  type PromoTerms,
  type SeatToPrice,
  type TicketTypeTerms,
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
  type ConcertForBooking,
  type SeatForBooking,
} from './bookings.repo';
import { claimPromoCode, recordRedemption } from '../promo-codes/promo-codes.pricing';
import type { PromoTryLimiter } from '../promo-codes/promo-tries';
import { claimTicketTypes } from '../ticket-types/ticket-types.pricing';
import { publishSeatChange } from './seat-events';
import { endUnpaidBookings } from './booking-transitions';
import { depositDueAt } from '../payments/deposit-deadline';

/**
 * Issue 28: the method's own rules against the server's amount (a free booking goes through
 * as before, whatever the method): its minimum, 할부 only from 50,000원, a 현금영수증 only
 * where cash is paid. 400 C001 naming the `payment` field.
 */
function checkMethodFits(choice: PaymentChoice, total: number): void {
  const rule = paymentMethodRules[choice.method];
  const refuse = (field: string, message: string): never => {
    throw new AppError('C001', message, [{ field, message }]);
  };
  if (total > 0 && total < rule.minAmount) {
    refuse(
      'payment.method',
      paymentMethodMessages.belowMinimum(rule.label, `${rule.minAmount.toLocaleString('ko-KR')}원`),
    );
  }
  if (choice.method === 'CARD' && choice.installmentMonths > 0 && total < INSTALLMENT_MIN_AMOUNT) {
    refuse('payment.installmentMonths', paymentMethodMessages.installmentBelowMinimum);
  }
}

/** Minutes a buyer has to pay once the booking is made (product-rules.md §6). */
export const PAYMENT_WINDOW_MINUTES = 10;
const OVERDUE_BATCH = 500;

/**
 * Each seat's ticket type and companion, and the booking's promo code (issue 27), decided inside
 * the booking transaction after the seats are locked: the types' quota and the code's use are
 * taken here (released by every way the booking ends, booking-transitions.ts), their dates,
 * grades and the buyer's right to them re-checked by their modules. A companion takes its
 * holder's type, and `priceBooking` checks the pair against that type's rules.
 */
async function chooseSeatTerms(
  tx: DbOrTx,
  input: {
    body: CreateBookingBody;
    seats: readonly SeatForBooking[];
    concert: ConcertForBooking;
    userId: number;
    now: Date;
  },
): Promise<{ seats: SeatToPrice[]; promo: PromoTerms | null; promoCodeId: number | null }> {
  const { body, seats, concert, now } = input;
  const choices = body.seatTypes ?? [];
  choices.forEach((choice, index) => {
    if (!seats.some((seat) => seat.id === choice.concertSeatId)) {
      throw new AppError('C001', bookingMessages.seatsNotFound, [
        { field: `seatTypes[${index}].concertSeatId`, message: bookingMessages.seatsNotFound },
      ]);
    }
  });
  const choiceOf = (seatId: number) => choices.find((c) => c.concertSeatId === seatId);
  const typeIdOf = (seatId: number): number | null => {
    const choice = choiceOf(seatId);
    if (!choice) return null;
    if (choice.companionOfSeatId === null) return choice.ticketTypeId;
    // A companion counts against its holder's type (its quota and its rules).
    return choiceOf(choice.companionOfSeatId)?.ticketTypeId ?? null;
  };
  const picks = seats.flatMap((seat) => {
    const ticketTypeId = typeIdOf(seat.id);
    const seatIndex = choices.findIndex((c) => c.concertSeatId === seat.id);
    return ticketTypeId === null ? [] : [{ seatIndex, ticketTypeId }];
  });
  const terms =
    picks.length === 0
      ? new Map<number, TicketTypeTerms>()
      : await claimTicketTypes(tx, {
          concertId: concert.id,
          showId: concert.showId,
          concertDate: concert.concertDate,
          startTime: concert.startTime,
          userId: input.userId,
          now,
          picks,
        });
  const priced: SeatToPrice[] = seats.map((seat) => {
    const choice = choiceOf(seat.id);
    const companionOfSeatId = choice?.companionOfSeatId ?? null;
    const ticketTypeId = companionOfSeatId === null ? (choice?.ticketTypeId ?? null) : null;
    return {
      concertSeatId: seat.id,
      seatInfo: `${seat.section}-${seat.rowNumber}-${seat.seatNumber}`,
      // A layout grade is known by its code; a quick-plan grade's name is its code.
      gradeKey: seat.gradeCode ?? seat.gradeName,
      gradeName: seat.gradeName,
      gradePrice: seat.price,
      ticketType: ticketTypeId === null ? null : (terms.get(ticketTypeId) ?? null),
      companionOfSeatId,
    };
  });
  if (body.promoCode === undefined) return { seats: priced, promo: null, promoCodeId: null };
  // Last: the code's row stays locked until this transaction ends, so it is held the shortest.
  const claimed = await claimPromoCode(tx, {
    concertId: concert.id,
    userId: input.userId,
    code: body.promoCode,
    now,
    seatGradeKeys: priced.map((seat) => seat.gradeKey),
  });
  return { seats: priced, promo: claimed.terms, promoCodeId: claimed.promoCodeId };
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
    | 'priceNewBooking'
    | 'openPayment'
    | 'latestPayment'
    | 'runRefunds'
    | 'refundProgress'
    | 'issueVirtualAccount'
  >;
  provider: Pick<PaymentProviderPort, 'name' | 'clientKey'>;
  clock: Clock;
  publicBaseUrl: string;
  /** The sandbox's checkout page (absolute URL), when the sandbox is the provider. */
  sandboxCheckoutUrl?: string;
  metrics?: SaleMetrics;
  /** Stores the buyer's notifications after each commit (it never throws). */
  notifier?: BookingNotifier;
  /** The wrong-promo-code limit shared with the code check route (issue 27). */
  promoTries?: PromoTryLimiter;
  /** Issue 28: VIRTUAL_ACCOUNT_DUE_MINUTES (tests only). */
  depositTestMinutes?: number | undefined;
}) {
  const { db, bus, concerts, payments, provider, clock, notifier } = deps;

  function publishSeats(concertId: number, seatIds: number[]): Promise<void> {
    return publishSeatChange(bus, concertId, seatIds);
  }

  /**
   * Prices the seats with their chosen terms; a choice the rules refuse is 400 C001 naming the
   * seat's entry in `seatTypes` (or in `concertSeatIds` when it has none).
   */
  async function price(
    tx: DbOrTx,
    body: CreateBookingBody,
    seats: readonly SeatForBooking[],
    order: { seats: SeatToPrice[]; promo: PromoTerms | null },
  ): Promise<PriceBreakdown> {
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

  async function createBooking(
    user: AuthUser,
    body: CreateBookingBody,
    client: { ip: string },
  ): Promise<BookingCreated> {
    const now = clock.now();
    const { concertId, concertSeatIds } = body;
    await concerts.assertOnSale(concertId, now);
    const concert = await findConcertForBooking(db, concertId);
    if (!concert) throw new AppError('T003');
    const alreadyBooked = await countConfirmedSeats(db, user.id, concertId);
    if (alreadyBooked + concertSeatIds.length > concert.maxTicketsPerUser) {
      throw new AppError('C001', bookingMessages.overTicketLimit(concert.maxTicketsPerUser));
    }
    // Issue 28: the method (a card when the spec's client names none) and, for a 가상계좌, its
    // deposit deadline, checked before anything is held for it.
    const choice: PaymentChoice = body.payment ?? { method: 'CARD', installmentMonths: 0 };
    let dueAt: Date | null = null;
    if (choice.method === 'VIRTUAL_ACCOUNT') {
      if (!concert.virtualAccountEnabled) {
        throw new AppError('C001', paymentMethodMessages.virtualAccountDisabled, [
          { field: 'payment.method', message: paymentMethodMessages.virtualAccountDisabled },
        ]);
      }
      dueAt = depositDueAt({
        now,
        depositDueDays: concert.depositDueDays,
        bookingEndAt: concert.bookingEndAt,
        concertDate: concert.concertDate,
        startTime: concert.startTime,
        testMinutes: deps.depositTestMinutes,
      });
      if (!dueAt) {
        throw new AppError('C001', paymentMethodMessages.virtualAccountUnavailable, [
          { field: 'payment.method', message: paymentMethodMessages.virtualAccountUnavailable },
        ]);
      }
    }
    // The method's own window (the rules table); a 가상계좌's booking gets the default one until
    // its account is issued, then waits until the deposit's due time.
    const windowMinutes = paymentMethodRules[choice.method].windowMinutes ?? PAYMENT_WINDOW_MINUTES;
    const deadline = new Date(now.getTime() + windowMinutes * 60_000);
    const orderId = randomUUID();
    const bookingNumber = generateBookingNumber();

    const book = () =>
      db.transaction(async (tx) => {
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
        const order = await chooseSeatTerms(tx, { body, seats, concert, userId: user.id, now });
        const breakdown = await price(tx, body, seats, order);
        checkMethodFits(choice, breakdown.total);
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
        if (order.promoCodeId !== null) {
          await recordRedemption(tx, {
            promoCodeId: order.promoCodeId,
            bookingId,
            userId: user.id,
            discount: breakdown.codeDiscountTotal,
            now,
          });
        }
        await payments.openPayment(
          tx,
          { bookingId, orderId, amount: breakdown.total, now },
          choice,
        );
        await attachSeats(
          tx,
          bookingId,
          seats.map((seat) => seat.id),
          deadline,
          now,
        );
        return { ...breakdown, bookingId };
      });
    // A promo code is a guess until it proves right: the booking counts as one try of the
    // enumeration limit (the check route's), counted around the transaction, never inside it.
    const { bookingId, ...created } =
      body.promoCode !== undefined && deps.promoTries
        ? await deps.promoTries.attempt({ userId: user.id, clientIp: client.ip }, book)
        : await book();
    deps.metrics?.booking('created');
    // The holds' expiry changed: the buyer's other tabs see the new remainingSeconds.
    await publishSeats(concertId, concertSeatIds);
    // Issue 28: a 가상계좌 is issued by the server at once; the seats wait for the deposit.
    const virtualAccount =
      choice.method === 'VIRTUAL_ACCOUNT' && dueAt
        ? await payments.issueVirtualAccount({
            bookingId,
            orderId,
            orderName: concert.title,
            customerName: user.nickname,
            bank: choice.bank,
            dueAt,
            cultureExpense: concert.cultureExpense,
          })
        : undefined;

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
      paymentDeadlineSeconds:
        virtualAccount && dueAt
          ? Math.max(0, Math.floor((dueAt.getTime() - now.getTime()) / 1000))
          : windowMinutes * 60,
      breakdown: created,
      method: choice.method,
    };
    if (virtualAccount) {
      answer.virtualAccount = virtualAccount;
      return answer;
    }
    answer.windowOptions =
      choice.method === 'EASY_PAY'
        ? { flowMode: 'DIRECT', easyPay: choice.easyPayProvider }
        : choice.method === 'CARD' && choice.cardCompany
          ? {
              flowMode: 'DIRECT',
              cardCompany: choice.cardCompany,
              cardInstallmentPlan: choice.installmentMonths,
            }
          : { flowMode: 'DEFAULT' };
    if (provider.name === 'sandbox' && deps.sandboxCheckoutUrl) {
      const query = new URLSearchParams({
        orderId,
        orderName: concert.title,
        amount: String(created.total),
        customerName: user.nickname,
      });
      if (choice.method === 'EASY_PAY') {
        query.set('method', 'EASY_PAY');
        query.set('easyPay', choice.easyPayProvider);
      } else if (choice.method === 'CARD') {
        if (choice.cardCompany) query.set('cardCompany', choice.cardCompany);
        if (choice.installmentMonths > 0)
          query.set('installment', String(choice.installmentMonths));
      }
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
