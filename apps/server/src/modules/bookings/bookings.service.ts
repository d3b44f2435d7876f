import { randomUUID } from 'node:crypto';
import {
  bookingMessages,
  limits,
  showMessages,
  type BookingCreated,
  type BookingOutline,
  type CreateBookingBody,
} from '@curtaincall/contracts';
import type { EventBusPort } from '../../adapters/event-bus/event-bus';
import {
  PaymentProviderError,
  type ConfirmResult,
  type PaymentProviderPort,
} from '../../adapters/payment-provider/payment-provider';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import type { SaleMetrics } from '../../lib/sale-metrics';
import { addDays, toSeoulDate, toSeoulDateTime } from '../../lib/seoul-time';
import type { AuthUser, SessionUser } from '../auth/auth.policy';
import type { ConcertsService } from '../concerts/concerts.service';
import type { BookingNotifier } from '../notifications/notifications.service';
import { lockUserHolds, seatChannel, type SeatChange } from '../seats/seats.service';
import { generateBookingNumber } from './booking-number';
import {
  attachSeats,
  cancelConfirmedBooking,
  closeUnpaidBooking,
  closeUnpaidOfCancelledConcert,
  countRefundsDone,
  countRefundsDue,
  findCancelledConcertsWithLeftovers,
  findRefundsDue,
  markRefundAttempt,
  confirmBooking,
  countConfirmedSeats,
  countSeatsStillHeld,
  countShowSeats,
  findBookingById,
  findBookingByNumber,
  findBookingOutline,
  findBookingOwner,
  findConcertForBooking,
  findLatestPayment,
  findPaymentByOrderId,
  freeBookingSeats,
  insertBooking,
  insertPayment,
  insertTickets,
  lockBooking,
  lockOverdueBookings,
  lockPendingBookingsOf,
  lockSeatsForBooking,
  lockUserShowBookings,
  recordRefund,
  supersedeBooking,
} from './bookings.repo';

/** Minutes a buyer has to pay once the booking is made (product-rules.md §6). */
export const PAYMENT_WINDOW_MINUTES = 10;
/** Cancellation is allowed until this many days before the concert date, Asia/Seoul (§7). */
const CANCEL_DAYS_BEFORE = limits.cancelDaysBeforeConcert;
const OVERDUE_BATCH = 500;
/** Refunds of cancelled concerts tried per job run (the rest wait for the next run). */
const REFUND_BATCH = 200;
const CONCERT_CANCELLED_REASON = '공연 취소에 따른 전액 환불';

/** Where a payment callback sends the browser. */
export type PaymentRedirect =
  | { kind: 'success'; orderId: string; bookingNumber: string }
  | { kind: 'fail'; orderId: string; bookingNumber?: string; code: string; message: string };

/**
 * Booking and payment (api-contract.md §8, product-rules.md §6-7). The provider is called
 * outside every transaction; each state change after it is one transaction that locks the
 * booking row first, so callbacks, retries, expiry and cancels never interleave on a booking.
 */
export function createBookingsService(deps: {
  db: Database;
  bus: EventBusPort;
  concerts: ConcertsService;
  provider: PaymentProviderPort;
  clock: Clock;
  publicBaseUrl: string;
  /** The sandbox's checkout page (absolute URL), when the sandbox is the provider. */
  sandboxCheckoutUrl?: string;
  metrics?: SaleMetrics;
  /** Stores the buyer's notifications after each commit (it never throws). */
  notifier?: BookingNotifier;
}) {
  const { db, bus, concerts, provider, clock, notifier } = deps;

  async function publishSeats(concertId: number, seatIds: number[]): Promise<void> {
    if (seatIds.length === 0) return;
    const change: SeatChange = { concertId, seatIds };
    await bus.publish(seatChannel(concertId), change).catch(() => undefined);
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
        await supersedeBooking(tx, pendingId, now);
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
      const fee = limits.bookingFeeWon;
      const totalAmount = seats.reduce((sum, seat) => sum + seat.price + fee, 0);
      const bookingId = await insertBooking(tx, {
        bookingNumber,
        userId: user.id,
        concertId,
        totalAmount,
        paymentDeadline: deadline,
        now,
      });
      await insertTickets(
        tx,
        bookingId,
        seats.map((seat) => ({
          seatId: seat.id,
          seatInfo: `${seat.section}-${seat.rowNumber}-${seat.seatNumber}`,
          gradeName: seat.gradeName,
          price: seat.price,
          fee,
        })),
      );
      await insertPayment(tx, {
        bookingId,
        orderId,
        provider: provider.name,
        amount: totalAmount,
        now,
      });
      await attachSeats(
        tx,
        bookingId,
        seats.map((seat) => seat.id),
        deadline,
        now,
      );
      return { totalAmount };
    });
    deps.metrics?.booking('created');
    // The holds' expiry changed: the buyer's other tabs see the new remainingSeconds.
    await publishSeats(concertId, concertSeatIds);

    const base = deps.publicBaseUrl.replace(/\/$/, '');
    const answer: BookingCreated = {
      orderId,
      bookingNumber,
      orderName: concert.title,
      amount: created.totalAmount,
      customerName: user.nickname,
      clientKey: provider.clientKey,
      successUrl: `${base}/api/v1/payments/success`,
      failUrl: `${base}/api/v1/payments/fail`,
      provider: provider.name,
      paymentDeadlineSeconds: PAYMENT_WINDOW_MINUTES * 60,
    };
    if (provider.name === 'sandbox' && deps.sandboxCheckoutUrl) {
      const query = new URLSearchParams({
        orderId,
        orderName: concert.title,
        amount: String(created.totalAmount),
        customerName: user.nickname,
      });
      answer.checkoutUrl = `${deps.sandboxCheckoutUrl}?${query.toString()}`;
    }
    return answer;
  }

  /** Payment FAILED, booking CANCELED, seats freed: if the payment is still PENDING. */
  async function failPending(
    bookingId: number,
    outcome: { code: string; message: string; status: 'FAILED' | 'EXPIRED' },
  ): Promise<void> {
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      const booking = await lockBooking(tx, bookingId);
      if (!booking || booking.status !== 'PENDING_PAYMENT') return null;
      await closeUnpaidBooking(tx, booking.id, {
        paymentStatus: outcome.status,
        code: outcome.code,
        message: outcome.message,
        now,
      });
      return { concertId: booking.concertId, freed: await freeBookingSeats(tx, booking.id, now) };
    });
    if (!result) return;
    deps.metrics?.booking(outcome.status === 'EXPIRED' ? 'expired' : 'payment_failed');
    await publishSeats(result.concertId, result.freed);
    if (result.freed.length > 0) await notifier?.seatsReleased(result.concertId);
  }

  /**
   * Toss's success redirect (api-contract §8.2 step 4). Never throws: it always redirects. A
   * refused confirm cancels the order only when the provider says this payment failed or the
   * callback comes with the owner's session (the provider redirects the owner's own browser):
   * anyone else holding the orderId could send it with a made-up paymentKey.
   */
  async function handlePaymentSuccess(
    query: { paymentKey?: string; orderId?: string; amount?: string },
    callerUserId: number | undefined,
  ): Promise<PaymentRedirect> {
    const payment = query.orderId ? await findPaymentByOrderId(db, query.orderId) : undefined;
    if (!payment) {
      return {
        kind: 'fail',
        orderId: query.orderId ?? '',
        code: 'M004',
        message: bookingMessages.paymentNotFound,
      };
    }
    const orderId = payment.orderId;
    const booking = await findBookingById(db, payment.bookingId);
    const bookingNumber = booking?.bookingNumber ?? '';
    const fail = (code: string, message: string): PaymentRedirect => ({
      kind: 'fail',
      orderId,
      bookingNumber,
      code,
      message,
    });
    // A repeated callback of a paid order changes nothing and lands on the same page.
    if (payment.status === 'DONE') {
      return { kind: 'success', orderId, bookingNumber };
    }
    if (payment.status !== 'PENDING' || !booking) {
      return fail(
        'M004',
        payment.status === 'EXPIRED'
          ? '결제 시간이 초과되어 예매가 취소되었습니다. 다시 예매해주세요.'
          : bookingMessages.alreadyProcessed,
      );
    }
    const amount = Number(query.amount ?? '');
    if (!query.amount || !Number.isSafeInteger(amount) || amount !== payment.amount) {
      // Nothing is confirmed: the provider never charges an order that is not confirmed.
      return fail('M001', bookingMessages.amountMismatch);
    }

    if (!query.paymentKey) return fail('C001', bookingMessages.confirmFailed);
    let confirmed: ConfirmResult;
    try {
      confirmed = await provider.confirm({
        paymentKey: query.paymentKey,
        orderId: payment.orderId,
        amount: payment.amount,
      });
    } catch (error) {
      confirmed = {
        ok: false,
        code: error instanceof PaymentProviderError ? error.code : 'PROVIDER_ERROR',
        message: bookingMessages.confirmFailed,
        paymentFailed: false,
      };
    }
    deps.metrics?.payment(confirmed.ok ? 'approved' : 'declined');
    if (!confirmed.ok) {
      if (confirmed.paymentFailed || callerUserId === booking.userId) {
        await failPending(booking.id, {
          code: confirmed.code,
          message: confirmed.message,
          status: 'FAILED',
        });
      }
      return fail(confirmed.code, confirmed.message);
    }

    const now = clock.now();
    const approved = confirmed;
    const outcome = await db.transaction(async (tx) => {
      const locked = await lockBooking(tx, booking.id);
      const current = await findLatestPayment(tx, booking.id);
      if (current?.status === 'DONE') return { kind: 'already' as const };
      if (!locked || locked.status !== 'PENDING_PAYMENT' || current?.id !== payment.id) {
        return { kind: 'lost' as const };
      }
      const { held, tickets } = await countSeatsStillHeld(tx, locked);
      // Still this booking's turn, but the buyer removed a seat from it after the window closed.
      if (held !== tickets || tickets === 0) return { kind: 'released' as const };
      const seatIds = await confirmBooking(
        tx,
        locked,
        {
          id: payment.id,
          paymentKey: approved.paymentKey,
          method: approved.method,
          approvedAt: approved.approvedAt,
        },
        now,
      );
      return { kind: 'confirmed' as const, seatIds };
    });
    if (outcome.kind === 'confirmed') {
      deps.metrics?.booking('confirmed');
      await publishSeats(booking.concertId, outcome.seatIds);
      await notifier?.bookingConfirmed(booking.id);
      return { kind: 'success', orderId, bookingNumber };
    }
    if (outcome.kind === 'already') {
      return { kind: 'success', orderId, bookingNumber };
    }
    // Paid, but the booking expired (or was replaced), or lost a seat the buyer released, and
    // its seats may be someone else's by now: give the money back at once, then close what is
    // still open, telling the buyer which of the two happened.
    const released = outcome.kind === 'released';
    const reason = released ? '좌석 선점 해제' : '결제 시간 초과';
    try {
      const refund = await provider.cancel({
        paymentKey: approved.paymentKey,
        amount: payment.amount,
        reason: `${reason}로 예매 불가: 자동 환불`,
        idempotencyKey: `late-${payment.orderId}`,
      });
      await db.transaction(async (tx) => {
        await lockBooking(tx, booking.id);
        await recordRefund(
          tx,
          { id: payment.id, amount: payment.amount },
          { reason: `${reason} 자동 환불`, transactionKey: refund.transactionKey, now },
        );
      });
      deps.metrics?.payment('refunded');
      const closed = released
        ? {
            code: 'B015',
            message: bookingMessages.releasedBeforePayment,
            status: 'FAILED' as const,
          }
        : {
            code: 'M003',
            message: bookingMessages.expiredBeforePayment,
            status: 'EXPIRED' as const,
          };
      await failPending(booking.id, closed);
      return fail(closed.code, closed.message);
    } catch {
      deps.metrics?.payment('refund_failed');
      return released
        ? fail('M005', bookingMessages.releasedRefundFailed)
        : fail('M005', bookingMessages.expiredRefundFailed);
    }
  }

  /**
   * Toss's failure redirect (step 5). It carries nothing the provider signed, so a PENDING
   * payment fails and its seats are freed only when the owner's own browser brings it (their
   * session); anyone else's copy just shows the failure page, and an order nobody pays expires.
   */
  async function handlePaymentFail(
    query: { code?: string; message?: string; orderId?: string },
    callerUserId: number | undefined,
  ): Promise<PaymentRedirect> {
    const code = query.code || 'PAY_PROCESS_ABORTED';
    const message = query.message || '결제에 실패했습니다.';
    const payment = query.orderId ? await findPaymentByOrderId(db, query.orderId) : undefined;
    if (!payment) return { kind: 'fail', orderId: query.orderId ?? '', code, message };
    const booking = await findBookingById(db, payment.bookingId);
    if (payment.status === 'PENDING' && booking && booking.userId === callerUserId) {
      await failPending(booking.id, { code, message, status: 'FAILED' });
    }
    return {
      kind: 'fail',
      orderId: payment.orderId,
      bookingNumber: booking?.bookingNumber ?? '',
      code,
      message,
    };
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
        await closeUnpaidBooking(tx, id, { paymentStatus: 'EXPIRED', now });
        freed.push({ concertId: booking.concertId, seatIds: await freeBookingSeats(tx, id, now) });
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
    const payment = booking ? await findLatestPayment(db, booking.id) : undefined;
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

  /** `POST /bookings/{id}/cancel` (product-rules §7): refund first, then one transaction. */
  async function cancelBooking(user: SessionUser, bookingId: number): Promise<void> {
    const booking = await findBookingById(db, bookingId);
    if (!booking) throw new AppError('B008', bookingMessages.notFound);
    if (booking.userId !== user.id) throw new AppError('A003', bookingMessages.notOwner);
    if (booking.status === 'CANCELED') throw new AppError('B009', bookingMessages.alreadyCancelled);
    if (booking.status === 'COMPLETED') throw new AppError('B010', bookingMessages.attended);
    const payment = await findLatestPayment(db, booking.id);
    if (booking.status !== 'CONFIRMED' || payment?.status !== 'DONE' || !payment.paymentKey) {
      throw new AppError('M003', bookingMessages.notCancellable);
    }
    const concert = await findConcertForBooking(db, booking.concertId);
    const now = clock.now();
    const today = toSeoulDate(now);
    if (!concert || today > addDays(concert.concertDate, -CANCEL_DAYS_BEFORE)) {
      throw new AppError('B011', bookingMessages.cancelDeadline);
    }
    let refund;
    try {
      refund = await provider.cancel({
        paymentKey: payment.paymentKey,
        amount: payment.amount,
        reason: '사용자 예매 취소',
        // The same key for every attempt of this payment: a retried cancel refunds once.
        idempotencyKey: `cancel-${payment.orderId}`,
      });
    } catch {
      deps.metrics?.payment('refund_failed');
      throw new AppError('M005', bookingMessages.refundFailed);
    }
    const freed = await db.transaction(async (tx) => {
      const locked = await lockBooking(tx, booking.id);
      if (!locked || locked.status === 'CANCELED') {
        throw new AppError('B009', bookingMessages.alreadyCancelled);
      }
      await recordRefund(
        tx,
        { id: payment.id, amount: payment.amount },
        { reason: '사용자 예매 취소', transactionKey: refund.transactionKey, now },
      );
      return cancelConfirmedBooking(tx, locked, now);
    });
    deps.metrics?.payment('refunded');
    deps.metrics?.booking('cancelled_by_buyer');
    concerts.invalidateCatalog();
    await publishSeats(booking.concertId, freed);
    await notifier?.bookingCancelled(booking.id);
    if (freed.length > 0) await notifier?.seatsReleased(booking.concertId);
  }

  /**
   * Inside the transaction that cancels a concert: its unpaid bookings and holds end at once
   * (paid ones wait for their refunds). Returns the freed seats, to announce after the commit.
   */
  function closeUnpaidOfCancelled(tx: DbOrTx, concertId: number, now: Date): Promise<number[]> {
    return closeUnpaidOfCancelledConcert(tx, concertId, now);
  }

  /**
   * Refunds paid bookings of cancelled concerts through the provider, in full, each with the
   * same idempotency key as a buyer's own cancel (`cancel-<orderId>`), so a refund raced by the
   * buyer, or retried after a lost answer, pays back once. A refund the provider refuses or
   * cannot take now stays due: the booking stays CONFIRMED and the refund job tries again.
   * `signal` (the job's lock) stops the run between two refunds once another instance may have
   * taken the job over; the refund in flight finishes, and its key makes a repeat pay back once.
   */
  async function refundCancelledConcerts(
    options: { concertId?: number; limit?: number; signal?: AbortSignal } = {},
  ): Promise<{ refunded: number; failed: number }> {
    const due = await findRefundsDue(db, {
      ...(options.concertId === undefined ? {} : { concertId: options.concertId }),
      limit: options.limit ?? REFUND_BATCH,
    });
    let refunded = 0;
    let failed = 0;
    for (const item of due) {
      if (options.signal?.aborted) break;
      let refund;
      try {
        refund = await provider.cancel({
          paymentKey: item.paymentKey,
          amount: item.amount,
          reason: CONCERT_CANCELLED_REASON,
          idempotencyKey: `cancel-${item.orderId}`,
        });
      } catch {
        failed += 1;
        deps.metrics?.payment('refund_failed');
        await markRefundAttempt(db, item.bookingId, clock.now());
        continue;
      }
      const now = clock.now();
      const freed = await db.transaction(async (tx) => {
        const locked = await lockBooking(tx, item.bookingId);
        // The buyer's own cancel got there first: that refund is the same one (same key).
        if (!locked || locked.status !== 'CONFIRMED') return null;
        await recordRefund(
          tx,
          { id: item.paymentId, amount: item.amount },
          { reason: CONCERT_CANCELLED_REASON, transactionKey: refund.transactionKey, now },
        );
        return cancelConfirmedBooking(tx, locked, now);
      });
      refunded += 1;
      if (freed) {
        deps.metrics?.booking('refunded_concert_cancelled');
        deps.metrics?.payment('refunded');
        await publishSeats(item.concertId, freed);
        await notifier?.concertCancelledRefund(item.bookingId);
      }
    }
    return { refunded, failed };
  }

  /**
   * The refund job: ends what arrived at cancelled concerts after they were cancelled (a booking
   * made or a seat held against a stale on-sale check), then refunds every paid booking still
   * due, batch after batch while whole batches succeed (a cancel answers before any refund, so a
   * big concert's refunds are all this job's work); a refused refund waits for the next run.
   */
  async function settleCancelledConcerts(
    options: { signal?: AbortSignal } = {},
  ): Promise<{ refunded: number; failed: number }> {
    for (const concertId of await findCancelledConcertsWithLeftovers(db)) {
      if (options.signal?.aborted) return { refunded: 0, failed: 0 };
      const freed = await db.transaction((tx) =>
        closeUnpaidOfCancelledConcert(tx, concertId, clock.now()),
      );
      await publishSeats(concertId, freed);
    }
    const total = { refunded: 0, failed: 0 };
    for (;;) {
      const batch = await refundCancelledConcerts({
        limit: REFUND_BATCH,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      total.refunded += batch.refunded;
      total.failed += batch.failed;
      // A lost job lock stops the run between batches too: the new holder takes over.
      if (options.signal?.aborted) return total;
      if (batch.failed > 0 || batch.refunded < REFUND_BATCH) return total;
    }
  }

  /** A cancelled concert's refunds: still due, and made because of the cancel. */
  async function refundProgress(
    concertIds: number[],
  ): Promise<Map<number, { pending: number; done: number }>> {
    const [due, done] = await Promise.all([
      countRefundsDue(db, concertIds),
      countRefundsDone(db, concertIds, CONCERT_CANCELLED_REASON),
    ]);
    return new Map(
      concertIds.map((id) => [id, { pending: due.get(id) ?? 0, done: done.get(id) ?? 0 }]),
    );
  }

  return {
    closeUnpaidOfCancelled,
    refundCancelledConcerts,
    settleCancelledConcerts,
    refundProgress,
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
    handlePaymentSuccess,
    handlePaymentFail,
    expireUnpaidBookings,
    getOutline,
    cancelBooking,
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
