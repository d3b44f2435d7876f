import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  bookings,
  concerts,
  paymentCancellations,
  payments,
  tickets,
  users,
} from '../../db/schema/index';
import type { PaymentMethodColumns } from '../payments/payment-details';

/*
 * The receipt reads what the booking and payments modules wrote and never writes: every figure
 * on it is a stored price line or a stored refund, so it can only say what was charged.
 */

export interface ReceiptBookingRow {
  bookingId: number;
  bookingNumber: string;
  userId: number;
  buyerName: string;
  status: string;
  bookedAt: Date;
  promoCode: string | null;
  concertTitle: string;
  artist: string;
  concertDate: string;
  startTime: string;
  venueName: string;
  venueAddress: string | null;
  cancelDeadlineDays: number | null;
  /** Issue 28: the seller marked the performance 문화비 소득공제 대상. */
  cultureExpense: boolean;
}

export async function findReceiptBooking(
  db: DbOrTx,
  bookingNumber: string,
): Promise<ReceiptBookingRow | undefined> {
  const [row] = await db
    .select({
      bookingId: bookings.id,
      bookingNumber: bookings.bookingNumber,
      userId: bookings.userId,
      buyerName: users.nickname,
      status: bookings.status,
      bookedAt: bookings.bookedAt,
      promoCode: bookings.promoCode,
      concertTitle: concerts.title,
      artist: concerts.artist,
      concertDate: concerts.concertDate,
      startTime: concerts.startTime,
      venueName: concerts.venueName,
      venueAddress: concerts.venueAddress,
      cancelDeadlineDays: concerts.cancelDeadlineDays,
      cultureExpense: concerts.cultureExpense,
    })
    .from(bookings)
    .innerJoin(concerts, eq(concerts.id, bookings.concertId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.bookingNumber, bookingNumber))
    .limit(1);
  return row;
}

/** The paid payment with the columns that say how (issue 28: 카드사, 간편결제, 가상계좌, 현금영수증). */
export interface ReceiptPaymentRow extends PaymentMethodColumns {
  paymentId: number;
  approvedAt: Date | null;
}

/** The booking's paid payment (a booking has at most one that reached DONE). */
export async function findReceiptPayment(
  db: DbOrTx,
  bookingId: number,
): Promise<ReceiptPaymentRow | undefined> {
  const [row] = await db
    .select({
      paymentId: payments.id,
      provider: payments.provider,
      amount: payments.amount,
      status: payments.status,
      method: payments.method,
      cardCompany: payments.cardCompany,
      installmentMonths: payments.installmentMonths,
      easyPayProvider: payments.easyPayProvider,
      cashAmount: payments.cashAmount,
      virtualAccountBank: payments.virtualAccountBank,
      virtualAccountNumber: payments.virtualAccountNumber,
      virtualAccountHolder: payments.virtualAccountHolder,
      virtualAccountDueAt: payments.virtualAccountDueAt,
      cashReceiptType: payments.cashReceiptType,
      cashReceiptNumberMasked: payments.cashReceiptNumberMasked,
      cashReceiptIssueNumber: payments.cashReceiptIssueNumber,
      approvedAt: payments.approvedAt,
    })
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .orderBy(desc(payments.approvedAt), desc(payments.id))
    .limit(1);
  return row;
}

export interface ReceiptTicketRow {
  ticketId: number;
  seatInfo: string;
  gradeName: string;
  gradePrice: number;
  ticketTypeName: string;
  typeDiscount: number;
  codeDiscount: number;
  price: number;
  fee: number;
  status: string;
  proofRequired: boolean;
  refundId: number | null;
}

export async function findReceiptTickets(
  db: DbOrTx,
  bookingId: number,
): Promise<ReceiptTicketRow[]> {
  return db
    .select({
      ticketId: tickets.id,
      seatInfo: tickets.seatInfo,
      gradeName: tickets.gradeName,
      gradePrice: tickets.gradePrice,
      ticketTypeName: tickets.ticketTypeName,
      typeDiscount: tickets.typeDiscount,
      codeDiscount: tickets.codeDiscount,
      price: tickets.price,
      fee: tickets.fee,
      status: tickets.status,
      proofRequired: tickets.proofRequired,
      refundId: tickets.refundId,
    })
    .from(tickets)
    .where(eq(tickets.bookingId, bookingId))
    .orderBy(asc(tickets.id));
}

export interface ReceiptRefundRow {
  refundId: number;
  amount: number;
  cancellationFee: number;
  bookingFeeKept: number;
  status: string;
  reason: string;
  at: Date;
}

export async function findReceiptRefunds(
  db: DbOrTx,
  paymentIds: number[],
): Promise<ReceiptRefundRow[]> {
  if (paymentIds.length === 0) return [];
  return db
    .select({
      refundId: paymentCancellations.id,
      amount: paymentCancellations.amount,
      cancellationFee: paymentCancellations.cancellationFee,
      bookingFeeKept: paymentCancellations.bookingFeeKept,
      status: paymentCancellations.status,
      reason: paymentCancellations.reason,
      at: paymentCancellations.canceledAt,
    })
    .from(paymentCancellations)
    .where(inArray(paymentCancellations.paymentId, paymentIds))
    .orderBy(asc(paymentCancellations.canceledAt), asc(paymentCancellations.id));
}
