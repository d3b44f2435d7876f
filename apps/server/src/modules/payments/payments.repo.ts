import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

/*
 * Payments and refunds. A booking's state changes that follow (confirmed, cancelled, seats
 * freed) are modules/bookings' repo functions, called inside the same transactions, which lock
 * the booking row first.
 */

export interface PaymentRow {
  id: number;
  bookingId: number;
  orderId: string;
  provider: string;
  paymentKey: string | null;
  amount: number;
  status: string;
  method: string | null;
}

interface RawPayment {
  id: number;
  booking_id: number;
  order_id: string;
  provider: string;
  payment_key: string | null;
  amount: number;
  status: string;
  method: string | null;
}

const toPayment = (r: RawPayment): PaymentRow => ({
  id: Number(r.id),
  bookingId: Number(r.booking_id),
  orderId: r.order_id,
  provider: r.provider,
  paymentKey: r.payment_key,
  amount: Number(r.amount),
  status: r.status,
  method: r.method,
});

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The method as the spec's readers see it: only once the provider took the payment (approved)
 * or issued its 가상계좌 (issue 28). The buyer's choice is stored at booking, but an in-flight or
 * never-approved payment still answers `paymentMethod: null` (api-contract §9).
 */
const VISIBLE_METHOD = sql.raw(
  `case when status in ('DONE', 'PARTIAL_CANCELED', 'WAITING_FOR_DEPOSIT')
          or approved_at is not null or virtual_account_number is not null
        then method end as method`,
);

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Issue 28: what the buyer chose to pay with, stored with the PENDING payment. */
export interface PaymentChoiceColumns {
  method: string;
  cardCompany: string | null;
  installmentMonths: number | null;
  easyPayProvider: string | null;
  cashReceiptType: string | null;
  cashReceiptNumberEncrypted: string | null;
  cashReceiptNumberMasked: string | null;
}

export async function insertPayment(
  tx: DbOrTx,
  values: {
    bookingId: number;
    orderId: string;
    provider: string;
    amount: number;
    now: Date;
    choice?: PaymentChoiceColumns;
  },
): Promise<void> {
  const c = values.choice;
  await tx.execute(
    sql`insert into payments (booking_id, order_id, provider, amount, status, created_at, updated_at,
                              method, card_company, installment_months, easy_pay_provider,
                              cash_receipt_type, cash_receipt_number_encrypted,
                              cash_receipt_number_masked)
        values (${values.bookingId}, ${values.orderId}, ${values.provider}, ${values.amount},
                'PENDING', ${values.now}, ${values.now}, ${c?.method ?? null},
                ${c?.cardCompany ?? null}, ${c?.installmentMonths ?? null},
                ${c?.easyPayProvider ?? null}, ${c?.cashReceiptType ?? null},
                ${c?.cashReceiptNumberEncrypted ?? null}, ${c?.cashReceiptNumberMasked ?? null})`,
  );
}

/** Every column that says how the payment was made (issue 28): the detail, receipt, refunds. */
export interface PaymentMethodRow extends PaymentRow {
  cardCompany: string | null;
  installmentMonths: number | null;
  easyPayProvider: string | null;
  cashAmount: number | null;
  virtualAccountBank: string | null;
  virtualAccountNumber: string | null;
  virtualAccountHolder: string | null;
  virtualAccountDueAt: Date | null;
  cashReceiptType: string | null;
  cashReceiptNumberEncrypted: string | null;
  cashReceiptNumberMasked: string | null;
  cashReceiptIssueNumber: string | null;
  failureCode: string | null;
}

export async function findPaymentMethodRow(
  db: DbOrTx,
  by: { orderId: string } | { paymentId: number },
): Promise<PaymentMethodRow | undefined> {
  const where = 'orderId' in by ? sql`order_id = ${by.orderId}` : sql`id = ${by.paymentId}`;
  const [r] = await queryRows<
    RawPayment & {
      card_company: string | null;
      installment_months: number | null;
      easy_pay_provider: string | null;
      cash_amount: number | null;
      virtual_account_bank: string | null;
      virtual_account_number: string | null;
      virtual_account_holder: string | null;
      virtual_account_due_at: Date | string | null;
      cash_receipt_type: string | null;
      cash_receipt_number_encrypted: string | null;
      cash_receipt_number_masked: string | null;
      cash_receipt_issue_number: string | null;
      failure_code: string | null;
    }
  >(
    db,
    sql`select id, booking_id, order_id, provider, payment_key, amount, status, method,
               card_company, installment_months, easy_pay_provider, cash_amount,
               virtual_account_bank, virtual_account_number, virtual_account_holder,
               virtual_account_due_at, cash_receipt_type, cash_receipt_number_encrypted,
               cash_receipt_number_masked, cash_receipt_issue_number, failure_code
          from payments where ${where}`,
  );
  if (!r) return undefined;
  return {
    ...toPayment(r),
    cardCompany: r.card_company,
    installmentMonths: r.installment_months === null ? null : Number(r.installment_months),
    easyPayProvider: r.easy_pay_provider,
    cashAmount: r.cash_amount === null ? null : Number(r.cash_amount),
    virtualAccountBank: r.virtual_account_bank,
    virtualAccountNumber: r.virtual_account_number,
    virtualAccountHolder: r.virtual_account_holder,
    virtualAccountDueAt:
      r.virtual_account_due_at === null ? null : asDate(r.virtual_account_due_at),
    cashReceiptType: r.cash_receipt_type,
    cashReceiptNumberEncrypted: r.cash_receipt_number_encrypted,
    cashReceiptNumberMasked: r.cash_receipt_number_masked,
    cashReceiptIssueNumber: r.cash_receipt_issue_number,
    failureCode: r.failure_code,
  };
}

/** Issue 28: the provider issued the 가상계좌: WAITING_FOR_DEPOSIT with the account. */
export async function markVirtualAccountIssued(
  tx: DbOrTx,
  payment: {
    id: number;
    paymentKey: string;
    bank: string;
    accountNumber: string;
    holder: string;
    dueAt: Date;
  },
  now: Date,
): Promise<void> {
  await tx.execute(
    sql`update payments set status = 'WAITING_FOR_DEPOSIT', payment_key = ${payment.paymentKey},
          method = 'VIRTUAL_ACCOUNT', virtual_account_bank = ${payment.bank},
          virtual_account_number = ${payment.accountNumber},
          virtual_account_holder = ${payment.holder},
          virtual_account_due_at = ${payment.dueAt}, updated_at = ${now}
        where id = ${payment.id}`,
  );
}

/** Issue 28: the deposit arrived (the provider says DONE): all of it paid in cash. */
export async function markDepositDone(
  tx: DbOrTx,
  payment: { id: number; approvedAt: Date },
  now: Date,
): Promise<void> {
  await tx.execute(
    sql`update payments set status = 'DONE', approved_at = ${payment.approvedAt},
          cash_amount = amount, updated_at = ${now}
        where id = ${payment.id}`,
  );
}

/** Issue 28: what the provider said about a 간편결제 (provider, cash portion). */
export async function recordEasyPayDetails(
  tx: DbOrTx,
  payment: { id: number; easyPayProvider: string | null; cashAmount: number },
): Promise<void> {
  await tx.execute(
    sql`update payments set easy_pay_provider = coalesce(${payment.easyPayProvider}, easy_pay_provider),
          cash_amount = ${payment.cashAmount}
        where id = ${payment.id}`,
  );
}

export async function recordCashReceiptIssued(
  db: DbOrTx,
  paymentId: number,
  issueNumber: string,
): Promise<void> {
  await db.execute(
    sql`update payments set cash_receipt_issue_number = ${issueNumber} where id = ${paymentId}`,
  );
}

/** Issue 28: a deposit that came after its deadline; given back once a refund account exists. */
export async function markLateDeposit(db: DbOrTx, paymentId: number, now: Date): Promise<void> {
  await db.execute(
    sql`update payments set failure_code = 'LATE_DEPOSIT', updated_at = ${now}
         where id = ${paymentId} and status = 'EXPIRED'`,
  );
}

/** Late deposits still to give back whose buyer has a refund account now. */
export async function findLateDepositsToRefund(
  db: DbOrTx,
  limit: number,
): Promise<Array<{ orderId: string; userId: number }>> {
  const rows = await queryRows<{ order_id: string; user_id: number }>(
    db,
    sql`select p.order_id, b.user_id from payments p join bookings b on b.id = p.booking_id
         where p.status = 'EXPIRED' and p.failure_code = 'LATE_DEPOSIT'
           and exists (select 1 from refund_accounts r where r.user_id = b.user_id)
         order by p.id limit ${limit}`,
  );
  return rows.map((r) => ({ orderId: r.order_id, userId: Number(r.user_id) }));
}

/** Issue 28: every payment notice, with what was made of it (audit only). */
export async function recordPaymentNotice(
  db: DbOrTx,
  notice: {
    provider: string;
    eventType: string;
    orderId: string | null;
    outcome: string;
    now: Date;
  },
): Promise<void> {
  await db.execute(
    sql`insert into payment_notices (provider, event_type, order_id, outcome, received_at)
        values (${notice.provider}, ${notice.eventType.slice(0, 64)}, ${notice.orderId},
                ${notice.outcome}, ${notice.now})`,
  );
}

export async function findPaymentByOrderId(
  db: DbOrTx,
  orderId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await queryRows<RawPayment>(
    db,
    sql`select id, booking_id, order_id, provider, payment_key, amount, status, ${VISIBLE_METHOD}
          from payments where order_id = ${orderId}`,
  );
  return row ? toPayment(row) : undefined;
}

/** An order's booking with the code it used: what the sandbox window's price table reads. */
export async function findOrderBooking(
  db: DbOrTx,
  orderId: string,
): Promise<{ bookingId: number; promoCode: string | null } | undefined> {
  const [row] = await queryRows<{ booking_id: number; promo_code: string | null }>(
    db,
    sql`select b.id as booking_id, b.promo_code
          from payments p join bookings b on b.id = p.booking_id
         where p.order_id = ${orderId}`,
  );
  return row ? { bookingId: Number(row.booking_id), promoCode: row.promo_code } : undefined;
}

/** The booking's newest payment (a booking has one; a retry makes a new booking). */
export async function findLatestPayment(
  db: DbOrTx,
  bookingId: number,
): Promise<PaymentRow | undefined> {
  const [row] = await queryRows<RawPayment>(
    db,
    sql`select id, booking_id, order_id, provider, payment_key, amount, status, ${VISIBLE_METHOD}
          from payments where booking_id = ${bookingId} order by id desc limit 1`,
  );
  return row ? toPayment(row) : undefined;
}

/** The provider confirmed the payment: DONE with its key, method and approval time. */
export async function markPaymentDone(
  tx: DbOrTx,
  payment: { id: number; paymentKey: string; method: string; approvedAt: Date },
  now: Date,
): Promise<void> {
  await tx.execute(
    sql`update payments set status = 'DONE', payment_key = ${payment.paymentKey},
          method = ${payment.method}, approved_at = ${payment.approvedAt}, updated_at = ${now}
        where id = ${payment.id}`,
  );
}

export async function setPaymentStatus(
  tx: DbOrTx,
  paymentId: number,
  status: 'PARTIAL_CANCELED' | 'CANCELED',
  now: Date,
): Promise<void> {
  await tx.execute(
    sql`update payments set status = ${status}, updated_at = ${now} where id = ${paymentId}`,
  );
}

/**
 * A payment that arrived for a booking it can no longer buy, given back in full: CANCELED with
 * its refund row. Recorded after the provider's refund; a second record of the same refund (two
 * callbacks of one order at once) adds nothing, by its key.
 */
export async function recordLateRefund(
  tx: DbOrTx,
  payment: { id: number; amount: number },
  refund: { reason: string; idempotencyKey: string; transactionKey: string | null; now: Date },
): Promise<void> {
  await tx.execute(
    sql`update payments set status = 'CANCELED', updated_at = ${refund.now}
          where id = ${payment.id}`,
  );
  await tx.execute(
    sql`insert into payment_cancellations (payment_id, amount, reason, provider_transaction_key,
                                           canceled_at, status, idempotency_key, requested_by,
                                           attempts, last_attempt_at)
        values (${payment.id}, ${payment.amount}, ${refund.reason}, ${refund.transactionKey},
                ${refund.now}, 'DONE', ${refund.idempotencyKey}, 'SYSTEM', 1, ${refund.now})
        on conflict (idempotency_key) do nothing`,
  );
}

// ---------------------------------------------------------------------------------- refunds

/** What a cancel needs to know about a booking: its concert's dates and its latest payment. */
export interface RefundContext {
  bookingId: number;
  bookingNumber: string;
  userId: number;
  concertId: number;
  status: string;
  bookedAt: Date;
  /** `YYYY-MM-DD`, Asia/Seoul. */
  concertDate: string;
  /** The seller's cut-off (days before the show); null: the spec's default. */
  cancelDeadlineDays: number | null;
  payment: PaymentRow | null;
}

export async function findRefundContext(
  db: DbOrTx,
  booking: { id: number } | { number: string },
): Promise<RefundContext | undefined> {
  const where =
    'id' in booking ? sql`b.id = ${booking.id}` : sql`b.booking_number = ${booking.number}`;
  const [row] = await queryRows<{
    id: number;
    booking_number: string;
    user_id: number;
    concert_id: number;
    status: string;
    booked_at: Date | string;
    concert_date: string;
    cancel_deadline_days: number | null;
  }>(
    db,
    sql`select b.id, b.booking_number, b.user_id, b.concert_id, b.status, b.booked_at,
               to_char(c.concert_date, 'YYYY-MM-DD') as concert_date, c.cancel_deadline_days
          from bookings b join concerts c on c.id = b.concert_id
         where ${where}`,
  );
  if (!row) return undefined;
  const payment = await findLatestPayment(db, Number(row.id));
  return {
    bookingId: Number(row.id),
    bookingNumber: row.booking_number,
    userId: Number(row.user_id),
    concertId: Number(row.concert_id),
    status: row.status,
    bookedAt: asDate(row.booked_at),
    concertDate: row.concert_date,
    cancelDeadlineDays: row.cancel_deadline_days === null ? null : Number(row.cancel_deadline_days),
    payment: payment ?? null,
  };
}

/** A ticket as a cancel sees it: what was paid, and whether a refund has it already. */
export interface RefundTicket {
  ticketId: number;
  seatInfo: string;
  /** Paid for the seat after discounts, without the booking fee. */
  price: number;
  fee: number;
  status: 'ACTIVE' | 'CANCELED';
  /** The status of the refund that has it (REQUESTED or DONE), null when none does. */
  refundStatus: 'REQUESTED' | 'DONE' | null;
  companionOfTicketId: number | null;
}

/** A booking's tickets in issue order, each with the refund that has it, if any. */
export async function findRefundTickets(db: DbOrTx, bookingId: number): Promise<RefundTicket[]> {
  const rows = await queryRows<{
    id: number;
    seat_info: string;
    price: number;
    fee: number;
    status: string;
    refund_status: string | null;
    companion_of_ticket_id: number | null;
  }>(
    db,
    sql`select t.id, t.seat_info, t.price, t.fee, t.status, pc.status as refund_status,
               t.companion_of_ticket_id
          from tickets t left join payment_cancellations pc on pc.id = t.refund_id
         where t.booking_id = ${bookingId}
         order by t.id`,
  );
  return rows.map((r) => ({
    ticketId: Number(r.id),
    seatInfo: r.seat_info,
    price: Number(r.price),
    fee: Number(r.fee),
    status: r.status === 'CANCELED' ? 'CANCELED' : 'ACTIVE',
    refundStatus:
      r.refund_status === 'REQUESTED' || r.refund_status === 'DONE' ? r.refund_status : null,
    companionOfTicketId:
      r.companion_of_ticket_id === null ? null : Number(r.companion_of_ticket_id),
  }));
}

export type RefundRequester = 'BUYER' | 'ORGANIZER';

/**
 * A refund about to be asked of the provider (the first ask counted), written before it is
 * asked (REQUESTED), with the tickets it gives back claimed, so a lost answer is asked again
 * under the same key and no seat is ever in two refunds.
 *
 * Keys. The refund that gives back everything a payment still has refundable goes under the
 * spec's key `cancel-<orderId>`, whoever asks: the buyer's whole cancel, the last seat of a
 * per-seat cancel, the refund job after the concert was cancelled. Every request takes the
 * booking's lock and claims its tickets before asking, so a buyer's cancel and the job's refund
 * racing on one booking take disjoint tickets: the second finds the first's tickets claimed and
 * gives back only the rest (under a key of its own, since the first's refund is still
 * outstanding), or nothing. The unique index on idempotency_key allows one `cancel-<orderId>`
 * row per payment, and the provider, which keeps keys, pays it once however often it is asked
 * again (a lost answer, an instance killed mid-refund). A refund of part of what remains goes
 * under `refund-<row id>`, unique by construction; so does a closing refund whose
 * `cancel-<orderId>` was refused before (the provider would replay that refusal).
 */
export async function insertRefundRequest(
  tx: DbOrTx,
  request: {
    paymentId: number;
    orderId: string;
    amount: number;
    reason: string;
    cancellationFee: number;
    bookingFeeKept: number;
    tier: string;
    requestedBy: RefundRequester;
    /** Gives back all the payment still has refundable. */
    closing: boolean;
    ticketIds: readonly number[];
    now: Date;
  },
): Promise<{ id: number; idempotencyKey: string }> {
  const [inserted] = await queryRows<{ id: number }>(
    tx,
    sql`insert into payment_cancellations (payment_id, amount, reason, canceled_at, status,
                                           cancellation_fee, booking_fee_kept, tier,
                                           requested_by, attempts, last_attempt_at)
        values (${request.paymentId}, ${request.amount}, ${request.reason}, ${request.now},
                'REQUESTED', ${request.cancellationFee}, ${request.bookingFeeKept},
                ${request.tier}, ${request.requestedBy}, 1, ${request.now})
        returning id`,
  );
  if (!inserted) throw new Error('refund insert returned nothing');
  const id = Number(inserted.id);
  const closingKey = `cancel-${request.orderId}`;
  const [keyed] = await queryRows<{ idempotency_key: string }>(
    tx,
    sql`update payment_cancellations
           set idempotency_key =
             case when ${request.closing}
                   and not exists (select 1 from payment_cancellations
                                    where idempotency_key = ${closingKey})
                  then ${closingKey} else 'refund-' || id::text end
         where id = ${id}
        returning idempotency_key`,
  );
  await tx.execute(
    sql`update tickets set refund_id = ${id} where id in (${idList(request.ticketIds)})`,
  );
  return { id, idempotencyKey: keyed?.idempotency_key ?? `refund-${id}` };
}

export interface RefundRow {
  id: number;
  paymentId: number;
  bookingId: number;
  concertId: number;
  paymentKey: string;
  amount: number;
  reason: string;
  status: string;
  idempotencyKey: string;
  requestedBy: RefundRequester;
  /** Issue 28: a VIRTUAL_ACCOUNT payment is given back to the buyer's refund account. */
  method: string | null;
  userId: number;
}

/** A REQUESTED or settled refund with what asking the provider again needs. */
export async function findRefund(db: DbOrTx, refundId: number): Promise<RefundRow | undefined> {
  const [row] = await queryRows<{
    id: number;
    payment_id: number;
    booking_id: number;
    concert_id: number;
    payment_key: string;
    amount: number;
    reason: string;
    status: string;
    idempotency_key: string;
    requested_by: string;
    method: string | null;
    user_id: number;
  }>(
    db,
    sql`select pc.id, pc.payment_id, p.booking_id, b.concert_id, p.payment_key, pc.amount,
               pc.reason, pc.status, pc.idempotency_key, pc.requested_by, p.method, b.user_id
          from payment_cancellations pc
          join payments p on p.id = pc.payment_id
          join bookings b on b.id = p.booking_id
         where pc.id = ${refundId} and pc.idempotency_key is not null
           and p.payment_key is not null`,
  );
  return row
    ? {
        id: Number(row.id),
        paymentId: Number(row.payment_id),
        bookingId: Number(row.booking_id),
        concertId: Number(row.concert_id),
        paymentKey: row.payment_key,
        amount: Number(row.amount),
        reason: row.reason,
        status: row.status,
        idempotencyKey: row.idempotency_key,
        requestedBy: row.requested_by === 'ORGANIZER' ? 'ORGANIZER' : 'BUYER',
        method: row.method,
        userId: Number(row.user_id),
      }
    : undefined;
}

/** One more ask of the provider: counted, and the time kept (the job waits after a buyer's). */
export async function markRefundAttempt(db: DbOrTx, refundId: number, now: Date): Promise<void> {
  await db.execute(
    sql`update payment_cancellations set attempts = attempts + 1, last_attempt_at = ${now}
         where id = ${refundId}`,
  );
}

/** The provider gave the money back: DONE, with its transaction key and the moment. */
export async function markRefundDone(
  tx: DbOrTx,
  refundId: number,
  transactionKey: string | null,
  now: Date,
  refundAccountMasked: string | null = null,
): Promise<void> {
  await tx.execute(
    sql`update payment_cancellations
           set status = 'DONE', provider_transaction_key = ${transactionKey}, canceled_at = ${now},
               refund_account_masked = ${refundAccountMasked}
         where id = ${refundId}`,
  );
}

/** The provider refused: FAILED, nothing given back, the tickets the buyer's again. */
export async function markRefundFailed(
  tx: DbOrTx,
  refundId: number,
  failureCode: string,
): Promise<void> {
  await tx.execute(
    sql`update payment_cancellations set status = 'FAILED', failure_code = ${failureCode}
         where id = ${refundId}`,
  );
  await tx.execute(sql`update tickets set refund_id = null where refund_id = ${refundId}`);
}

/** The tickets a refund gives back. */
export async function findRefundTicketIds(tx: DbOrTx, refundId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from tickets where refund_id = ${refundId} order by id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Tickets of the booking not given back yet: ACTIVE and without a DONE refund (a ticket whose
 * refund is still REQUESTED is still the buyer's).
 */
export async function countTicketsLeft(tx: DbOrTx, bookingId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from tickets t
          left join payment_cancellations pc on pc.id = t.refund_id
         where t.booking_id = ${bookingId} and t.status = 'ACTIVE'
           and (pc.id is null or pc.status <> 'DONE')`,
  );
  return Number(row?.n ?? 0);
}

/**
 * REQUESTED refunds to ask the provider again, least recently asked first: the refund job's
 * own (nothing else is asking them while it holds its lock) and the buyers' last asked before
 * `askedBefore` (a buyer's request may still be waiting for the provider's answer).
 */
export async function findRefundsToAskAgain(
  db: DbOrTx,
  options: { askedBefore: Date; limit: number },
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from payment_cancellations
         where status = 'REQUESTED'
           and (requested_by = 'ORGANIZER' or last_attempt_at < ${options.askedBefore})
         order by last_attempt_at nulls first, id
         limit ${options.limit}`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Paid bookings of cancelled concerts with tickets no refund has claimed yet (the refund job's
 * work list): CONFIRMED, their payment DONE or PARTIAL_CANCELED. A payment whose refund the
 * provider refused after `refusedBefore` waits, so a refusal is not asked again every run.
 */
export async function findOrganizerRefundsDue(
  db: DbOrTx,
  options: { concertId?: number; limit: number; refusedBefore: Date },
): Promise<Array<{ bookingId: number; concertId: number }>> {
  const rows = await queryRows<{ booking_id: number; concert_id: number }>(
    db,
    sql`select b.id as booking_id, b.concert_id
        from bookings b
        join concerts c on c.id = b.concert_id
        join payments p on p.booking_id = b.id and p.status in ('DONE', 'PARTIAL_CANCELED')
                       and p.payment_key is not null
        where c.status = 'CANCELLED' and b.status = 'CONFIRMED'
          ${options.concertId === undefined ? sql`` : sql`and b.concert_id = ${options.concertId}`}
          and exists (select 1 from tickets t
                       where t.booking_id = b.id and t.status = 'ACTIVE' and t.refund_id is null)
          and not exists (select 1 from payment_cancellations pc
                           where pc.payment_id = p.id and pc.status = 'FAILED'
                             and pc.requested_by = 'ORGANIZER'
                             and pc.last_attempt_at >= ${options.refusedBefore})
        order by b.updated_at, b.id
        limit ${options.limit}`,
  );
  return rows.map((r) => ({ bookingId: Number(r.booking_id), concertId: Number(r.concert_id) }));
}

/** How many paid bookings of each given concert still await their refund. */
export async function countRefundsDue(
  db: DbOrTx,
  concertIds: number[],
): Promise<Map<number, number>> {
  if (concertIds.length === 0) return new Map();
  const rows = await queryRows<{ concert_id: number; due: number }>(
    db,
    sql`select b.concert_id, count(*)::int as due
        from bookings b
        join concerts c on c.id = b.concert_id
        join payments p on p.booking_id = b.id and p.status in ('DONE', 'PARTIAL_CANCELED')
                       and p.payment_key is not null
        where c.status = 'CANCELLED' and b.status = 'CONFIRMED'
          and b.concert_id in (${idList(concertIds)})
        group by b.concert_id`,
  );
  return new Map(rows.map((r) => [Number(r.concert_id), Number(r.due)]));
}

/**
 * How many bookings of each given concert got money back with `reason` (the concert's cancel):
 * the done side of the seller's refund progress.
 */
export async function countRefundsDone(
  db: DbOrTx,
  concertIds: number[],
  reason: string,
): Promise<Map<number, number>> {
  if (concertIds.length === 0) return new Map();
  const rows = await queryRows<{ concert_id: number; done: number }>(
    db,
    sql`select b.concert_id, count(distinct b.id)::int as done
        from bookings b
        join payments p on p.booking_id = b.id
        join payment_cancellations pc on pc.payment_id = p.id and pc.reason = ${reason}
                                      and pc.status = 'DONE'
        where b.concert_id in (${idList(concertIds)})
        group by b.concert_id`,
  );
  return new Map(rows.map((r) => [Number(r.concert_id), Number(r.done)]));
}

// ------------------------------------------------------------------------ booking money

export interface TicketMoneyRow {
  ticketId: number;
  seatInfo: string;
  gradeName: string;
  gradePrice: number;
  ticketTypeName: string;
  typeDiscount: number;
  codeDiscount: number;
  price: number;
  fee: number;
  status: 'ACTIVE' | 'CANCELED';
  proofRequired: boolean;
  companionOfTicketId: number | null;
  refundId: number | null;
}

/** Each ticket of a booking as charged, in issue order. */
export async function findTicketMoney(db: DbOrTx, bookingId: number): Promise<TicketMoneyRow[]> {
  const rows = await queryRows<{
    id: number;
    seat_info: string;
    grade_name: string;
    grade_price: number;
    ticket_type_name: string;
    type_discount: number;
    code_discount: number;
    price: number;
    fee: number;
    status: string;
    proof_required: boolean;
    companion_of_ticket_id: number | null;
    refund_id: number | null;
  }>(
    db,
    sql`select id, seat_info, grade_name, grade_price, ticket_type_name, type_discount,
               code_discount, price, fee, status, proof_required, companion_of_ticket_id,
               refund_id
          from tickets where booking_id = ${bookingId} order by id`,
  );
  return rows.map((r) => ({
    ticketId: Number(r.id),
    seatInfo: r.seat_info,
    gradeName: r.grade_name,
    gradePrice: Number(r.grade_price),
    ticketTypeName: r.ticket_type_name,
    typeDiscount: Number(r.type_discount),
    codeDiscount: Number(r.code_discount),
    price: Number(r.price),
    fee: Number(r.fee),
    status: r.status === 'CANCELED' ? 'CANCELED' : 'ACTIVE',
    proofRequired: Boolean(r.proof_required),
    companionOfTicketId:
      r.companion_of_ticket_id === null ? null : Number(r.companion_of_ticket_id),
    refundId: r.refund_id === null ? null : Number(r.refund_id),
  }));
}

export interface RefundMoneyRow {
  id: number;
  amount: number;
  cancellationFee: number;
  bookingFeeKept: number;
  status: 'REQUESTED' | 'DONE';
  reason: string;
  at: Date;
}

/**
 * The refunds of a booking's payments that gave money back or may still (DONE, REQUESTED), in
 * order; a refused one gave nothing back and its seats are the buyer's again.
 */
export async function findRefundMoney(db: DbOrTx, bookingId: number): Promise<RefundMoneyRow[]> {
  const rows = await queryRows<{
    id: number;
    amount: number;
    cancellation_fee: number;
    booking_fee_kept: number;
    status: string;
    reason: string;
    canceled_at: Date | string;
  }>(
    db,
    sql`select pc.id, pc.amount, pc.cancellation_fee, pc.booking_fee_kept, pc.status, pc.reason,
               pc.canceled_at
          from payment_cancellations pc join payments p on p.id = pc.payment_id
         where p.booking_id = ${bookingId} and pc.status in ('REQUESTED', 'DONE')
         order by pc.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    amount: Number(r.amount),
    cancellationFee: Number(r.cancellation_fee),
    bookingFeeKept: Number(r.booking_fee_kept),
    status: r.status === 'REQUESTED' ? 'REQUESTED' : 'DONE',
    reason: r.reason,
    at: asDate(r.canceled_at),
  }));
}
