import {
  bookingMessages,
  feeTableForWire,
  paymentMessages,
  priceBooking,
  refundReasonMessages,
  type CancelBookingBody,
  type PaymentSettings,
  type PriceBreakdown,
  type PromoTerms,
  type RefundQuoteWire,
  type SeatToPrice,
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
import type { SessionUser } from '../auth/auth.policy';
import { publishSeatChange } from '../bookings/seat-events';
import {
  cancelConfirmedBooking,
  cancelTickets,
  confirmBooking,
  countSeatsStillHeld,
  endUnpaidBookings,
  findBookingById,
  lockBooking,
} from '../bookings/booking-transitions';
import type { BookingNotifier } from '../notifications/notifications.service';
import { readOrderPrice } from './booking-money';
import {
  countRefundsDone,
  countRefundsDue,
  countTicketsLeft,
  findLatestPayment,
  findOrganizerRefundsDue,
  findPaymentByOrderId,
  findRefund,
  findRefundContext,
  findRefundTicketIds,
  findRefundTickets,
  findRefundsToAskAgain,
  insertPayment,
  insertRefundRequest,
  markPaymentDone,
  markRefundAttempt,
  markRefundDone,
  markRefundFailed,
  recordLateRefund,
  setPaymentStatus,
  type RefundRequester,
  type RefundRow,
} from './payments.repo';
import { readBookingFeePerSeat, writeBookingFeePerSeat } from './platform-settings.repo';
import {
  cutoffDaysOf,
  lastCancelDateOf,
  planBuyerRefund,
  planOrganizerRefund,
  type RefundPlan,
} from './refund-plan';

/** Refunds tried per batch of the refund job (the rest wait for the next batch or run). */
const REFUND_BATCH = 200;
/**
 * A buyer's refund whose answer is still unknown this long after it was last asked is the
 * refund job's to ask again: the buyer's own request (bounded by the provider's 10 s timeout)
 * is over by then, so the two never ask at once.
 */
export const BUYER_REFUND_GRACE_MS = 60_000;
/** A concert-cancel refund the provider refused is asked again (under a new key) this late. */
export const REFUSED_REFUND_RETRY_MS = 10 * 60_000;

/** Where a payment callback sends the browser. */
export type PaymentRedirect =
  | { kind: 'success'; orderId: string; bookingNumber: string }
  | { kind: 'fail'; orderId: string; bookingNumber?: string; code: string; message: string };

/** A refund the provider gave back, settled in our books: what to announce after the commit. */
interface SettledRefund {
  bookingId: number;
  concertId: number;
  requestedBy: RefundRequester;
  freedSeatIds: number[];
  /** The booking ended with it (nothing left to give back). */
  closed: boolean;
}

type AskOutcome = 'done' | 'unknown' | 'refused';

/** A payment the provider took and that still pays for seats: whole, or cut by a per-seat cancel. */
const isPaidAndStanding = (status: string) => status === 'DONE' || status === 'PARTIAL_CANCELED';

/**
 * Money (issue 27): a booking's price and its payment row, the provider's callbacks (confirm,
 * failure, a late payment given back), refunds (a buyer's whole or per-seat cancel by the fee
 * table, a cancelled concert's in full, the refund job asking again until the provider answers)
 * and the platform's booking fee. The provider is called outside every transaction; each state
 * change around it is one transaction that locks the booking row first, so callbacks, retries,
 * expiry and cancels never interleave on a booking.
 */
export function createPaymentsService(deps: {
  db: Database;
  bus: EventBusPort;
  concerts: { invalidateCatalog(): void };
  provider: PaymentProviderPort;
  clock: Clock;
  metrics?: SaleMetrics;
  /** Stores the buyer's notifications after each commit (it never throws). */
  notifier?: BookingNotifier;
}) {
  const { db, bus, provider, clock, notifier } = deps;

  /**
   * Prices a booking inside its transaction with the platform's booking fee as it is now. Throws
   * `PricingProblem` for a choice the rules refuse (the caller names the seat).
   */
  async function priceNewBooking(
    tx: DbOrTx,
    order: { seats: readonly SeatToPrice[]; promo: PromoTerms | null },
  ): Promise<PriceBreakdown> {
    const bookingFeePerSeat = await readBookingFeePerSeat(tx);
    return priceBooking({ seats: order.seats, promo: order.promo, bookingFeePerSeat });
  }

  /** The booking's payment, PENDING until the provider's callback. */
  function openPayment(
    tx: DbOrTx,
    payment: { bookingId: number; orderId: string; amount: number; now: Date },
  ): Promise<void> {
    return insertPayment(tx, { ...payment, provider: provider.name });
  }

  /** Payment FAILED or EXPIRED, booking CANCELED, seats freed: if it is still unpaid. */
  async function failPending(
    bookingId: number,
    outcome: { code: string; message: string; status: 'FAILED' | 'EXPIRED' },
  ): Promise<void> {
    const now = clock.now();
    const result = await db.transaction(async (tx) => {
      const booking = await lockBooking(tx, bookingId);
      if (!booking || booking.status !== 'PENDING_PAYMENT') return null;
      const ended = await endUnpaidBookings(
        tx,
        {
          kind: 'closed',
          bookingId: booking.id,
          paymentStatus: outcome.status,
          code: outcome.code,
          message: outcome.message,
        },
        now,
      );
      return { concertId: booking.concertId, freed: ended.freedSeatIds };
    });
    if (!result) return;
    deps.metrics?.booking(outcome.status === 'EXPIRED' ? 'expired' : 'payment_failed');
    await publishSeatChange(bus, result.concertId, result.freed);
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
    // A repeated callback of a paid order changes nothing and lands on the same page, also
    // once a seat of it was cancelled on its own (the booking goes on).
    if (isPaidAndStanding(payment.status)) {
      return { kind: 'success', orderId, bookingNumber };
    }
    if (payment.status !== 'PENDING' || !booking) {
      return fail(
        'M004',
        payment.status === 'EXPIRED'
          ? bookingMessages.expiredUnpaid
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
      if (current && isPaidAndStanding(current.status)) return { kind: 'already' as const };
      if (!locked || locked.status !== 'PENDING_PAYMENT' || current?.id !== payment.id) {
        return { kind: 'lost' as const };
      }
      const { held, tickets } = await countSeatsStillHeld(tx, locked);
      // Still this booking's turn, but the buyer removed a seat from it after the window closed.
      if (held !== tickets || tickets === 0) return { kind: 'released' as const };
      await markPaymentDone(
        tx,
        {
          id: payment.id,
          paymentKey: approved.paymentKey,
          method: approved.method,
          approvedAt: approved.approvedAt,
        },
        now,
      );
      return { kind: 'confirmed' as const, seatIds: await confirmBooking(tx, locked, now) };
    });
    if (outcome.kind === 'confirmed') {
      deps.metrics?.booking('confirmed');
      await publishSeatChange(bus, booking.concertId, outcome.seatIds);
      await notifier?.bookingConfirmed(booking.id);
      return { kind: 'success', orderId, bookingNumber };
    }
    if (outcome.kind === 'already') {
      return { kind: 'success', orderId, bookingNumber };
    }
    // Paid, but the booking expired (or was replaced), or lost a seat the buyer released, and
    // its seats may be someone else's by now: give the money back at once, in full, then close
    // what is still open, telling the buyer which of the two happened.
    const released = outcome.kind === 'released';
    try {
      const refund = await provider.cancel({
        paymentKey: approved.paymentKey,
        amount: payment.amount,
        reason: released
          ? refundReasonMessages.releasedToProvider
          : refundReasonMessages.expiredToProvider,
        idempotencyKey: `late-${payment.orderId}`,
      });
      await db.transaction(async (tx) => {
        await lockBooking(tx, booking.id);
        await recordLateRefund(
          tx,
          { id: payment.id, amount: payment.amount },
          {
            reason: released ? refundReasonMessages.released : refundReasonMessages.expired,
            idempotencyKey: `late-${payment.orderId}`,
            transactionKey: refund.transactionKey,
            now,
          },
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
    const message = query.message || bookingMessages.failedPayment;
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

  // ------------------------------------------------------------------------------ refunds

  /**
   * The one place a paid booking is cancelled, wholly or in part, once the provider gave the
   * money back: the refund DONE; its tickets cancelled (CANCELED, seats back on sale) while the
   * booking goes on with others (payment PARTIAL_CANCELED), or the booking CANCELED with every
   * seat freed when nothing is left (payment CANCELED). Whatever else the cancelled tickets took
   * (issue 27: a ticket type's quota, a promo code's use) is given back here, from `ticketIds`.
   * Null when another transaction settled this refund first (a job's repeat of a buyer's ask).
   */
  async function settleRefund(
    tx: DbOrTx,
    refund: RefundRow,
    transactionKey: string | null,
    now: Date,
  ): Promise<SettledRefund | null> {
    const booking = await lockBooking(tx, refund.bookingId);
    const current = await findRefund(tx, refund.id);
    if (!booking || current?.status !== 'REQUESTED') return null;
    await markRefundDone(tx, refund.id, transactionKey, now);
    const ticketIds = await findRefundTicketIds(tx, refund.id);
    const closed = (await countTicketsLeft(tx, booking.id)) === 0;
    const freedSeatIds = closed
      ? await cancelConfirmedBooking(tx, booking, now)
      : await cancelTickets(tx, booking, ticketIds, now);
    await setPaymentStatus(tx, refund.paymentId, closed ? 'CANCELED' : 'PARTIAL_CANCELED', now);
    return {
      bookingId: booking.id,
      concertId: booking.concertId,
      requestedBy: refund.requestedBy,
      freedSeatIds,
      closed,
    };
  }

  /** What the buyer, open seat pages and the metrics hear of a settled refund. */
  async function announceSettled(settled: SettledRefund | null): Promise<void> {
    if (!settled) return;
    deps.metrics?.payment('refunded');
    await publishSeatChange(bus, settled.concertId, settled.freedSeatIds);
    if (settled.requestedBy === 'BUYER') {
      if (settled.closed) deps.metrics?.booking('cancelled_by_buyer');
      deps.concerts.invalidateCatalog();
      await notifier?.bookingCancelled(settled.bookingId);
      if (settled.freedSeatIds.length > 0) await notifier?.seatsReleased(settled.concertId);
    } else if (settled.closed) {
      deps.metrics?.booking('refunded_concert_cancelled');
      await notifier?.concertCancelledRefund(settled.bookingId);
    }
  }

  /**
   * Asks the provider for a REQUESTED refund (nothing to ask when it gives back 0원: a free
   * ticket whose booking fee is kept) and settles what it answers: DONE; refused (FAILED, the
   * tickets free again); or unknown (still REQUESTED, the tickets still claimed, asked again by
   * the refund job under the same key).
   */
  async function ask(refund: RefundRow): Promise<{ outcome: AskOutcome; closed: boolean }> {
    let transactionKey: string | null = null;
    if (refund.amount > 0) {
      try {
        ({ transactionKey } = await provider.cancel({
          paymentKey: refund.paymentKey,
          amount: refund.amount,
          reason: refund.reason,
          idempotencyKey: refund.idempotencyKey,
        }));
      } catch (error) {
        deps.metrics?.payment('refund_failed');
        if (!(error instanceof PaymentProviderError && error.refused)) {
          return { outcome: 'unknown', closed: false };
        }
        await db.transaction(async (tx) => {
          await lockBooking(tx, refund.bookingId);
          const current = await findRefund(tx, refund.id);
          if (current?.status === 'REQUESTED') await markRefundFailed(tx, refund.id, error.code);
        });
        return { outcome: 'refused', closed: false };
      }
    }
    const settled = await db.transaction((tx) =>
      settleRefund(tx, refund, transactionKey, clock.now()),
    );
    await announceSettled(settled);
    return { outcome: 'done', closed: settled?.closed ?? false };
  }

  /** Writes a planned refund as REQUESTED (tickets claimed); returns it as the provider needs. */
  async function requestRefund(
    tx: DbOrTx,
    plan: Extract<RefundPlan, { ok: true }>,
    payment: { id: number; orderId: string },
    request: { requestedBy: RefundRequester; reason: string; now: Date },
  ): Promise<RefundRow> {
    const inserted = await insertRefundRequest(tx, {
      paymentId: payment.id,
      orderId: payment.orderId,
      amount: plan.quote.refundTotal,
      reason: request.reason,
      cancellationFee: plan.quote.cancellationFeeTotal,
      bookingFeeKept: plan.quote.bookingFeeKept,
      tier: plan.quote.tier,
      requestedBy: request.requestedBy,
      closing: plan.closing,
      ticketIds: plan.tickets.map((ticket) => ticket.ticketId),
      now: request.now,
    });
    const refund = await findRefund(tx, inserted.id);
    if (!refund) throw new Error('refund row not found after insert');
    return refund;
  }

  /**
   * `GET /bookings/{bookingNumber}/refund-quote` (owner): what cancelling these tickets (none:
   * all still refundable) would give back today by the server's clock, seat by seat; the cancel
   * that follows on the same day gives back exactly this.
   */
  async function quoteRefund(
    user: SessionUser,
    bookingNumber: string,
    ticketIds: number[] | undefined,
  ): Promise<RefundQuoteWire> {
    const context = await findRefundContext(db, { number: bookingNumber });
    // Someone else's booking is "not found", so booking numbers cannot be probed.
    if (!context || context.userId !== user.id) {
      throw new AppError('B008', bookingMessages.notFound);
    }
    const tickets = await findRefundTickets(db, context.bookingId);
    const plan = planBuyerRefund({ context, tickets, ticketIds, now: clock.now() });
    const frame = {
      bookingNumber: context.bookingNumber,
      cutoffDaysBefore: cutoffDaysOf(context),
      lastCancelDate: lastCancelDateOf(context),
      feeTable: feeTableForWire.map((row) => ({ ...row })),
    };
    if (!plan.ok) {
      const { refusal } = plan;
      if (refusal.code === 'C001') throw new AppError('C001', refusal.message, refusal.errors);
      return {
        ...frame,
        cancellable: false,
        reason: refusal.message,
        tier: null,
        tierLabel: null,
        sameDay: false,
        lines: [],
        addedCompanionTicketIds: [],
        paidTotal: 0,
        cancellationFeeTotal: 0,
        bookingFeeKept: 0,
        refundTotal: 0,
      };
    }
    const { quote } = plan;
    return {
      ...frame,
      cancellable: true,
      reason: null,
      tier: quote.tier,
      tierLabel: quote.tierLabel,
      sameDay: quote.sameDay,
      lines: quote.lines,
      addedCompanionTicketIds: plan.addedCompanionTicketIds,
      paidTotal: quote.paidTotal,
      cancellationFeeTotal: quote.cancellationFeeTotal,
      bookingFeeKept: quote.bookingFeeKept,
      refundTotal: quote.refundTotal,
    };
  }

  /**
   * `POST /bookings/{id}/cancel` (product-rules §7, issue 27): without a body every ticket still
   * refundable, with `ticketIds` those (and their companions), at the fee table's refund. The
   * refund is written REQUESTED and its tickets claimed in one transaction, the provider asked
   * outside it, the answer settled in another. Returns whether the booking ended.
   */
  async function cancelBooking(
    user: SessionUser,
    bookingId: number,
    body: CancelBookingBody,
  ): Promise<{ closed: boolean }> {
    const booking = await findBookingById(db, bookingId);
    if (!booking) throw new AppError('B008', bookingMessages.notFound);
    if (booking.userId !== user.id) throw new AppError('A003', bookingMessages.notOwner);
    const refund = await db.transaction(async (tx) => {
      const now = clock.now();
      await lockBooking(tx, bookingId);
      const context = await findRefundContext(tx, { id: bookingId });
      if (!context) throw new AppError('B008', bookingMessages.notFound);
      const plan = planBuyerRefund({
        context,
        tickets: await findRefundTickets(tx, bookingId),
        ticketIds: body?.ticketIds,
        now,
      });
      if (!plan.ok) {
        throw new AppError(plan.refusal.code, plan.refusal.message, plan.refusal.errors);
      }
      if (body?.expectedRefund !== undefined && body.expectedRefund !== plan.quote.refundTotal) {
        throw new AppError('S006', paymentMessages.quoteChanged);
      }
      const payment = context.payment;
      if (!payment) throw new AppError('M003', bookingMessages.notCancellable);
      return requestRefund(tx, plan, payment, {
        requestedBy: 'BUYER',
        reason: refundReasonMessages.buyer,
        now,
      });
    });
    const { outcome, closed } = await ask(refund);
    if (outcome === 'refused') throw new AppError('M005', bookingMessages.refundFailed);
    if (outcome === 'unknown') throw new AppError('M005', paymentMessages.refundPending);
    return { closed };
  }

  /** Refunds of cancelled concerts still due, each in full (fees included), one by one. */
  async function refundCancelledConcerts(options: {
    limit: number;
    signal?: AbortSignal;
  }): Promise<{ refunded: number; failed: number; tried: number }> {
    const started = clock.now();
    const due = await findOrganizerRefundsDue(db, {
      limit: options.limit,
      refusedBefore: new Date(started.getTime() - REFUSED_REFUND_RETRY_MS),
    });
    const tally = { refunded: 0, failed: 0, tried: due.length };
    for (const item of due) {
      if (options.signal?.aborted) break;
      const refund = await db.transaction(async (tx) => {
        const now = clock.now();
        if (!(await lockBooking(tx, item.bookingId))) return null;
        const context = await findRefundContext(tx, { id: item.bookingId });
        const payment = context?.payment;
        if (!context || !payment?.paymentKey) return null;
        const plan = planOrganizerRefund({
          context,
          tickets: await findRefundTickets(tx, item.bookingId),
          now,
        });
        return plan
          ? requestRefund(tx, plan, payment, {
              requestedBy: 'ORGANIZER',
              reason: refundReasonMessages.concertCancelled,
              now,
            })
          : null;
      });
      if (!refund) continue;
      const { outcome } = await ask(refund);
      if (outcome === 'done') tally.refunded += 1;
      else tally.failed += 1;
    }
    return tally;
  }

  /** REQUESTED refunds whose answer was lost, asked again under their own keys. */
  async function askAgain(options: {
    limit: number;
    signal?: AbortSignal;
  }): Promise<{ refunded: number; failed: number; tried: number }> {
    const ids = await findRefundsToAskAgain(db, {
      askedBefore: new Date(clock.now().getTime() - BUYER_REFUND_GRACE_MS),
      limit: options.limit,
    });
    const tally = { refunded: 0, failed: 0, tried: ids.length };
    for (const id of ids) {
      if (options.signal?.aborted) break;
      const refund = await findRefund(db, id);
      if (refund?.status !== 'REQUESTED') continue;
      await markRefundAttempt(db, id, clock.now());
      const { outcome } = await ask(refund);
      if (outcome === 'done') tally.refunded += 1;
      else tally.failed += 1;
    }
    return tally;
  }

  /**
   * The refund job's money part: refunds whose answer was lost are asked again first (same
   * key: the provider answers what it did), then the paid bookings of cancelled concerts are
   * refunded, batch after batch while whole batches succeed (a cancel answers before any
   * refund, so a big concert's refunds are all this job's work); whatever failed waits for the
   * next run. `signal` (the job's lock) stops the run between two refunds once another
   * instance may have taken the job over; the refund in flight finishes, and its key makes a
   * repeat pay back once.
   */
  async function runRefunds(
    options: { signal?: AbortSignal } = {},
  ): Promise<{ refunded: number; failed: number }> {
    const signal = options.signal ? { signal: options.signal } : {};
    const total = { refunded: 0, failed: 0 };
    for (const step of [askAgain, refundCancelledConcerts]) {
      for (;;) {
        if (options.signal?.aborted) return total;
        const batch = await step({ limit: REFUND_BATCH, ...signal });
        total.refunded += batch.refunded;
        total.failed += batch.failed;
        if (batch.failed > 0 || batch.tried < REFUND_BATCH) break;
      }
    }
    return total;
  }

  /** A cancelled concert's refunds: still due, and made because of the cancel. */
  async function refundProgress(
    concertIds: number[],
  ): Promise<Map<number, { pending: number; done: number }>> {
    const [due, done] = await Promise.all([
      countRefundsDue(db, concertIds),
      countRefundsDone(db, concertIds, refundReasonMessages.concertCancelled),
    ]);
    return new Map(
      concertIds.map((id) => [id, { pending: due.get(id) ?? 0, done: done.get(id) ?? 0 }]),
    );
  }

  /** `GET /admin/settings/payments`. */
  async function getSettings(): Promise<PaymentSettings> {
    return { bookingFeePerSeat: await readBookingFeePerSeat(db) };
  }

  /** `PUT /admin/settings/payments`: bookings made from now on pay the new fee. */
  async function updateSettings(settings: PaymentSettings): Promise<PaymentSettings> {
    await writeBookingFeePerSeat(db, settings.bookingFeePerSeat, clock.now());
    return getSettings();
  }

  return {
    priceNewBooking,
    openPayment,
    /** The booking's newest payment (the failure page shows its status and method). */
    latestPayment: (bookingId: number) => findLatestPayment(db, bookingId),
    /** An order's stored price lines, for the sandbox card window's table. */
    orderPrice: (orderId: string) => readOrderPrice(db, orderId),
    handlePaymentSuccess,
    handlePaymentFail,
    quoteRefund,
    cancelBooking,
    runRefunds,
    refundProgress,
    getSettings,
    updateSettings,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
