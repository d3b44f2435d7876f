import {
  bankName,
  bookingMessages,
  feeTableForWire,
  maskDigits,
  paymentMessages,
  paymentMethodMessages,
  priceBooking,
  refundReasonMessages,
  type CancelBookingBody,
  type PaymentChoice,
  type PaymentSettings,
  type VirtualAccount,
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
  type RefundReceiveAccount,
} from '../../adapters/payment-provider/payment-provider';
import type { FieldCrypto } from '../../lib/field-crypto';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import type { SaleMetrics } from '../../lib/sale-metrics';
import type { SessionUser } from '../auth/auth.policy';
import { publishSeatChange } from '../bookings/seat-events';
import {
  awaitDeposit,
  cancelConfirmedBooking,
  cancelTickets,
  confirmBooking,
  countSeatsStillHeld,
  endUnpaidBookings,
  expireDeposits,
  findBookingById,
  lockBooking,
} from '../bookings/booking-transitions';
import type { BookingNotifier } from '../notifications/notifications.service';
import { readOrderPrice } from './booking-money';
import {
  countRefundsDone,
  countRefundsDue,
  countTicketsLeft,
  findLateDepositsToRefund,
  findLatestPayment,
  findOrganizerRefundsDue,
  findPaymentMethodRow,
  findPaymentByOrderId,
  findRefund,
  findRefundContext,
  findRefundTicketIds,
  findRefundTickets,
  findRefundsToAskAgain,
  insertPayment,
  insertRefundRequest,
  markDepositDone,
  markLateDeposit,
  markPaymentDone,
  markVirtualAccountIssued,
  recordCashReceiptIssued,
  recordEasyPayDetails,
  recordPaymentNotice,
  markRefundAttempt,
  markRefundDone,
  markRefundFailed,
  recordLateRefund,
  setPaymentStatus,
  type RefundRequester,
  type RefundRow,
} from './payments.repo';
import { virtualAccountOf } from './payment-details';
import { readBookingFeePerSeat, writeBookingFeePerSeat } from './platform-settings.repo';
import {
  cutoffDaysOf,
  lastCancelDateOf,
  planBuyerRefund,
  planOrganizerRefund,
  type RefundPlan,
} from './refund-plan';

/** Deposits ended per statement batch of the deposit-expiry job (issue 28). */
const DEPOSIT_EXPIRY_BATCH = 2_000;
/** Batches one run may take before giving the tick back (the next run goes on). */
const DEPOSIT_EXPIRY_ROUNDS = 50;

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
  /** Issue 28: seals the cash-receipt number at rest. */
  fieldCrypto: FieldCrypto;
  /** Issue 28: the buyer's refund account, decrypted, for giving back a deposit. */
  refundAccounts?: {
    readRefundReceiveAccount(userId: number): Promise<RefundReceiveAccount | null>;
  };
  /** Issue 28: our public origin (the webhook address, the sandbox bank page). */
  publicBaseUrl: string;
}) {
  const { db, bus, provider, clock, notifier, fieldCrypto } = deps;

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

  /**
   * The booking's payment, PENDING until the provider's callback (or, 가상계좌, until the
   * account is issued), with what the buyer chose (issue 28): the 현금영수증 number sealed.
   */
  function openPayment(
    tx: DbOrTx,
    payment: { bookingId: number; orderId: string; amount: number; now: Date },
    choice: PaymentChoice = { method: 'CARD', installmentMonths: 0 },
  ): Promise<void> {
    const receipt = 'cashReceipt' in choice ? choice.cashReceipt : undefined;
    return insertPayment(tx, {
      ...payment,
      provider: provider.name,
      choice: {
        method: choice.method,
        cardCompany: choice.method === 'CARD' ? (choice.cardCompany ?? null) : null,
        installmentMonths: choice.method === 'CARD' ? choice.installmentMonths : null,
        easyPayProvider: choice.method === 'EASY_PAY' ? choice.easyPayProvider : null,
        cashReceiptType: receipt?.type ?? null,
        cashReceiptNumberEncrypted: receipt ? fieldCrypto.encrypt(receipt.number) : null,
        cashReceiptNumberMasked: receipt ? maskDigits(receipt.number) : null,
      },
    });
  }

  /** The 현금영수증 the buyer asked for, as the provider takes it; null when none was. */
  function cashReceiptInstruction(row: {
    cashReceiptType: string | null;
    cashReceiptNumberEncrypted: string | null;
  }) {
    if (!row.cashReceiptType || !row.cashReceiptNumberEncrypted) return null;
    return {
      type: row.cashReceiptType === 'EXPENSE_PROOF' ? ('지출증빙' as const) : ('소득공제' as const),
      registrationNumber: fieldCrypto.decrypt(row.cashReceiptNumberEncrypted),
    };
  }

  /**
   * Issue 28: issues the 가상계좌 of a booking made for one (outside any transaction: the
   * provider is called in between), then in one transaction the payment WAITING_FOR_DEPOSIT,
   * the booking AWAITING_DEPOSIT until `dueAt`, its seats taken. A refusal ends the booking
   * (seats freed) and answers 502 M005; an unknown outcome leaves it PENDING (it expires with
   * the payment window; nobody was shown an account to pay into).
   */
  async function issueVirtualAccount(order: {
    bookingId: number;
    orderId: string;
    orderName: string;
    customerName: string;
    bank: string;
    dueAt: Date;
    cultureExpense: boolean;
  }): Promise<VirtualAccount> {
    const payment = await findPaymentMethodRow(db, { orderId: order.orderId });
    if (!payment) throw new Error('payment row missing right after the booking');
    let issued;
    try {
      issued = await provider.issueVirtualAccount({
        orderId: order.orderId,
        orderName: order.orderName,
        amount: payment.amount,
        customerName: order.customerName,
        bank: order.bank,
        dueAt: order.dueAt,
        cashReceipt: cashReceiptInstruction(payment),
        cultureExpense: order.cultureExpense,
        callbackUrl: `${deps.publicBaseUrl.replace(/\/$/, '')}/api/v1/webhooks/toss/payment-updates`,
      });
    } catch {
      throw new AppError('M005', paymentMethodMessages.issueUnknown);
    }
    if (!issued.ok) {
      await failPending(order.bookingId, {
        code: issued.code,
        message: issued.message,
        status: 'FAILED',
      });
      throw new AppError('M005', `${paymentMethodMessages.issueFailed} (${issued.message})`);
    }
    const now = clock.now();
    const account = issued;
    const seatChange = await db.transaction(async (tx) => {
      const booking = await lockBooking(tx, order.bookingId);
      if (!booking || booking.status !== 'PENDING_PAYMENT') return null;
      await markVirtualAccountIssued(
        tx,
        {
          id: payment.id,
          paymentKey: account.paymentKey,
          bank: account.bank,
          accountNumber: account.accountNumber,
          holder: account.holder,
          dueAt: account.dueAt,
        },
        now,
      );
      return {
        concertId: booking.concertId,
        seatIds: await awaitDeposit(tx, booking, account.dueAt, now),
      };
    });
    // Superseded in between (a second tab's booking): the account was never shown; its
    // deadline passes unpaid at the provider.
    if (!seatChange) throw new AppError('M004', bookingMessages.alreadyProcessed);
    await publishSeatChange(bus, seatChange.concertId, seatChange.seatIds);
    const stored = await findPaymentMethodRow(db, { paymentId: payment.id });
    const wire = stored ? virtualAccountOf(stored, deps.publicBaseUrl) : null;
    if (!wire) throw new Error('virtual account not stored');
    await notifier?.depositRequested(order.bookingId, wire);
    return wire;
  }

  /**
   * Issue 28: a provider's payment notice (Toss's webhook, the sandbox bank's deposit). Nothing
   * in the notice is trusted but the order it names: the provider is asked for that payment by
   * our own paymentKey, and only its answer (DONE, this order, our amount) confirms the
   * booking. A replay or an out-of-order notice finds the state settled and changes nothing; a
   * forged one fails the provider's check (400 M008). A deposit after our deadline is given
   * back to the buyer's refund account (or waits for one).
   */
  async function handleProviderNotice(notice: {
    provider: string;
    eventType: string;
    orderId: string | null;
  }): Promise<{ outcome: string; bookingNumber: string | null }> {
    const outcome = await settleNotice(notice);
    await recordPaymentNotice(db, { ...notice, outcome: outcome.outcome, now: clock.now() });
    if (outcome.outcome === 'unverified') throw new AppError('M008');
    return outcome;
  }

  async function settleNotice(notice: {
    provider: string;
    orderId: string | null;
  }): Promise<{ outcome: string; bookingNumber: string | null }> {
    const ignored = (why: string, bookingNumber: string | null = null) => ({
      outcome: `ignored:${why}`,
      bookingNumber,
    });
    if (!notice.orderId) return ignored('no-order');
    const payment = await findPaymentMethodRow(db, { orderId: notice.orderId });
    if (!payment || payment.provider !== provider.name || notice.provider !== provider.name) {
      return ignored('unknown-order');
    }
    const booking = await findBookingById(db, payment.bookingId);
    const bookingNumber = booking?.bookingNumber ?? null;
    if (payment.method !== 'VIRTUAL_ACCOUNT' || !payment.paymentKey) {
      return ignored('not-a-deposit', bookingNumber);
    }
    if (payment.status !== 'WAITING_FOR_DEPOSIT' && payment.status !== 'EXPIRED') {
      return ignored(`settled:${payment.status}`, bookingNumber);
    }
    let remote;
    try {
      remote = await provider.getPayment(payment.paymentKey);
    } catch {
      // Unknown for now: the provider will send it again (Toss retries for days).
      throw new AppError('M005');
    }
    if (!remote || remote.orderId !== payment.orderId || remote.totalAmount !== payment.amount) {
      return { outcome: 'unverified', bookingNumber };
    }
    if (remote.status !== 'DONE') return ignored(`provider:${remote.status}`, bookingNumber);
    const now = clock.now();
    const approvedAt = remote.approvedAt ?? now;
    const result = await db.transaction(async (tx) => {
      const locked = await lockBooking(tx, payment.bookingId);
      const current = await findPaymentMethodRow(tx, { paymentId: payment.id });
      if (!locked || !current) return { kind: 'gone' as const };
      if (current.status === 'WAITING_FOR_DEPOSIT' && locked.status === 'AWAITING_DEPOSIT') {
        await markDepositDone(tx, { id: payment.id, approvedAt }, now);
        return {
          kind: 'confirmed' as const,
          concertId: locked.concertId,
          seatIds: await confirmBooking(tx, locked, now),
        };
      }
      if (current.status === 'EXPIRED' && current.failureCode !== 'LATE_DEPOSIT') {
        await markLateDeposit(tx, payment.id, now);
        return { kind: 'late' as const, userId: locked.userId };
      }
      return { kind: 'settled' as const };
    });
    if (result.kind === 'confirmed') {
      deps.metrics?.payment('approved');
      deps.metrics?.booking('confirmed');
      await publishSeatChange(bus, result.concertId, result.seatIds);
      await notifier?.bookingConfirmed(payment.bookingId);
      return { outcome: 'confirmed', bookingNumber };
    }
    if (result.kind === 'late') {
      const refunded = await refundLateDeposit(payment.orderId, result.userId);
      return { outcome: refunded ? 'late-refunded' : 'late-awaiting-account', bookingNumber };
    }
    return ignored('settled', bookingNumber);
  }

  /**
   * A deposit that arrived after its deadline (its seats may be someone else's): given back in
   * full to the buyer's refund account. Without one it waits (the refund job looks again); the
   * buyer is told to register one. Returns whether it was given back now.
   */
  async function refundLateDeposit(orderId: string, userId: number): Promise<boolean> {
    const payment = await findPaymentMethodRow(db, { orderId });
    if (!payment?.paymentKey || payment.status !== 'EXPIRED') return false;
    const account = (await deps.refundAccounts?.readRefundReceiveAccount(userId)) ?? null;
    if (!account) {
      await notifier?.refundAccountNeeded(payment.bookingId);
      return false;
    }
    const idempotencyKey = `late-${orderId}`;
    try {
      const refund = await provider.cancel({
        paymentKey: payment.paymentKey,
        amount: payment.amount,
        reason: refundReasonMessages.expiredToProvider,
        idempotencyKey,
        refundReceiveAccount: account,
      });
      await db.transaction(async (tx) => {
        await lockBooking(tx, payment.bookingId);
        await recordLateRefund(
          tx,
          { id: payment.id, amount: payment.amount },
          {
            reason: refundReasonMessages.expired,
            idempotencyKey,
            transactionKey: refund.transactionKey,
            now: clock.now(),
          },
        );
      });
      deps.metrics?.payment('refunded');
      return true;
    } catch {
      deps.metrics?.payment('refund_failed');
      return false;
    }
  }

  /**
   * Issue 28, the `deposit-expiry` job (every 250 ms): deposits past their deadline, batch
   * after batch while batches are full, each batch one transaction of set-based statements;
   * then the seat changes and one 취소표 alert per concert (the waiting list in order).
   */
  async function expireUnpaidDeposits(
    options: {
      signal?: AbortSignal;
      batch?: number;
      /** E2E only (test-hooks): the job run as if the clock read this. */
      now?: Date;
    } = {},
  ): Promise<number> {
    const batch = options.batch ?? DEPOSIT_EXPIRY_BATCH;
    let total = 0;
    const concertsFreed = new Set<number>();
    for (let round = 0; round < DEPOSIT_EXPIRY_ROUNDS; round += 1) {
      if (options.signal?.aborted) break;
      const now = options.now ?? clock.now();
      const expired = await db.transaction((tx) => expireDeposits(tx, now, batch));
      const byConcert = new Map<number, number[]>();
      for (const seat of expired.freedSeats) {
        const ids = byConcert.get(seat.concertId);
        if (ids) ids.push(seat.id);
        else byConcert.set(seat.concertId, [seat.id]);
      }
      await Promise.all(
        [...byConcert].map(([concertId, seatIds]) => publishSeatChange(bus, concertId, seatIds)),
      );
      for (const concertId of byConcert.keys()) concertsFreed.add(concertId);
      total += expired.bookingIds.length;
      if (expired.bookingIds.length > 0)
        deps.metrics?.booking('expired', expired.bookingIds.length);
      if (expired.bookingIds.length < batch) break;
    }
    for (const concertId of concertsFreed) await notifier?.seatsReleased(concertId);
    return total;
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
   * Issue 28: a 간편결제's cash portion (paid from a balance or an account) gets the 현금영수증
   * the buyer asked for. Best effort after the booking is confirmed: a refusal leaves the
   * receipt without its 승인번호 (shown as not issued) and never touches the booking.
   */
  async function issueCashPortionReceipt(paymentId: number): Promise<void> {
    const row = await findPaymentMethodRow(db, { paymentId });
    const receipt = row ? cashReceiptInstruction(row) : null;
    if (!row || !receipt || (row.cashAmount ?? 0) <= 0 || row.cashReceiptIssueNumber) return;
    const booking = await findBookingById(db, row.bookingId);
    try {
      const issued = await provider.issueCashReceipt({
        orderId: row.orderId,
        orderName: booking?.bookingNumber ?? row.orderId,
        amount: row.cashAmount ?? 0,
        receipt,
      });
      await recordCashReceiptIssued(db, paymentId, issued.issueNumber);
    } catch {
      // Not issued: the booking detail shows the request without a 승인번호.
    }
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
      if (approved.method === 'EASY_PAY') {
        await recordEasyPayDetails(tx, {
          id: payment.id,
          easyPayProvider: approved.easyPayProvider ?? null,
          cashAmount: approved.cashAmount ?? 0,
        });
      }
      return { kind: 'confirmed' as const, seatIds: await confirmBooking(tx, locked, now) };
    });
    if (outcome.kind === 'confirmed') {
      deps.metrics?.booking('confirmed');
      await publishSeatChange(bus, booking.concertId, outcome.seatIds);
      await notifier?.bookingConfirmed(booking.id);
      if (approved.method === 'EASY_PAY') await issueCashPortionReceipt(payment.id);
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
    refundAccountMasked: string | null = null,
  ): Promise<SettledRefund | null> {
    const booking = await lockBooking(tx, refund.bookingId);
    const current = await findRefund(tx, refund.id);
    if (!booking || current?.status !== 'REQUESTED') return null;
    await markRefundDone(tx, refund.id, transactionKey, now, refundAccountMasked);
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
    let refundAccountMasked: string | null = null;
    if (refund.amount > 0) {
      // Issue 28: a deposit goes back to the buyer's bank account; without one the refund
      // stays REQUESTED (asked again by the job once the buyer registers an account).
      let refundReceiveAccount: RefundReceiveAccount | undefined;
      if (refund.method === 'VIRTUAL_ACCOUNT') {
        const account = await deps.refundAccounts?.readRefundReceiveAccount(refund.userId);
        if (!account) return { outcome: 'unknown', closed: false };
        refundReceiveAccount = account;
        refundAccountMasked = `${bankName(account.bank)} ${maskDigits(account.accountNumber)}`;
      }
      try {
        ({ transactionKey } = await provider.cancel({
          paymentKey: refund.paymentKey,
          amount: refund.amount,
          reason: refund.reason,
          idempotencyKey: refund.idempotencyKey,
          ...(refundReceiveAccount ? { refundReceiveAccount } : {}),
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
      settleRefund(tx, refund, transactionKey, clock.now(), refundAccountMasked),
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
    // Issue 28: a deposit can only go back to an account the buyer gave us (checked before
    // anything is written, so nothing changes without one).
    const paid = await findLatestPayment(db, bookingId);
    if (
      paid?.method === 'VIRTUAL_ACCOUNT' &&
      !(await deps.refundAccounts?.readRefundReceiveAccount(user.id))
    ) {
      throw new AppError('M007', paymentMethodMessages.refundAccountRequired, [
        { field: 'refundAccount', message: paymentMethodMessages.refundAccountRequired },
      ]);
    }
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
    // Issue 28: deposits that came after their deadline, once their buyer gave an account.
    for (const late of await findLateDepositsToRefund(db, REFUND_BATCH)) {
      if (options.signal?.aborted) return total;
      if (await refundLateDeposit(late.orderId, late.userId)) total.refunded += 1;
      else total.failed += 1;
    }
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
    issueVirtualAccount,
    handleProviderNotice,
    expireUnpaidDeposits,
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
