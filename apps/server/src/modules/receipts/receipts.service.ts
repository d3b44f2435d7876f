import {
  PROOF_AT_ENTRY,
  bookingMessages,
  breakdownTotals,
  cancelFeeTable,
  formatSeatLabel,
  limits,
  receiptMessages,
} from '@curtaincall/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { toSeoulDateTime } from '../../lib/seoul-time';
import type { SessionUser } from '../auth/auth.policy';
import {
  findReceiptBooking,
  findReceiptPayment,
  findReceiptRefunds,
  findReceiptTickets,
} from './receipts.repo';

/** Everything the 예매확인서 prints, already worded; the PDF only lays it out. */
export interface ReceiptDocument {
  bookingNumber: string;
  buyerName: string;
  bookedAt: string;
  statusLabel: string;
  concertTitle: string;
  artist: string;
  /** `2026년 12월 20일 (일)` and `18:00`. */
  concertDate: string;
  startTime: string;
  venue: string;
  payment: { methodLabel: string; approvedAt: string; amount: number };
  tickets: Array<{
    seatLabel: string;
    gradeName: string;
    ticketTypeName: string;
    gradePrice: number;
    discount: number;
    bookingFee: number;
    amount: number;
    cancelled: boolean;
    note: string | null;
  }>;
  promoCode: string | null;
  totals: ReturnType<typeof breakdownTotals>;
  refunds: Array<{
    at: string;
    seats: string;
    cancellationFee: number;
    bookingFeeKept: number;
    amount: number;
    statusLabel: string;
  }>;
  refundedTotal: number;
  /** What the buyer paid and did not get back. */
  netPaid: number;
  cancelDeadlineDays: number;
  feeTable: ReadonlyArray<{ when: string; fee: string }>;
  issuedAt: string;
}

const METHOD_LABELS: Record<string, string> = { CARD: '신용·체크카드', EASY_PAY: '간편결제' };
const REFUND_STATUS_LABELS: Record<string, string> = {
  DONE: '환불 완료',
  REQUESTED: '환불 처리 중',
};
const toMinute = (instant: Date) => toSeoulDateTime(instant).slice(0, 16).replace('T', ' ');

/** The 예매확인서 of a paid booking (issue 27, point 7): the breakdown, refunds and fees. */
export function createReceiptsService(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;

  async function buildReceipt(user: SessionUser, bookingNumber: string): Promise<ReceiptDocument> {
    const booking = await findReceiptBooking(db, bookingNumber);
    // Someone else's booking is "not found", as for tickets: numbers cannot be probed.
    if (!booking || booking.userId !== user.id) {
      throw new AppError('B008', bookingMessages.notFound);
    }
    const payment = await findReceiptPayment(db, booking.bookingId);
    const paid =
      payment &&
      payment.approvedAt !== null &&
      ['DONE', 'PARTIAL_CANCELED', 'CANCELED'].includes(payment.status);
    if (!payment || !paid || payment.approvedAt === null) {
      throw new AppError('M003', receiptMessages.notPaid);
    }
    const [ticketRows, refundRows] = await Promise.all([
      findReceiptTickets(db, booking.bookingId),
      findReceiptRefunds(db, [payment.paymentId]),
    ]);
    const cancelledSome = ticketRows.some((t) => t.status === 'CANCELED');
    const statusLabel =
      booking.status === 'CANCELED'
        ? '취소'
        : booking.status === 'COMPLETED'
          ? '관람 완료'
          : cancelledSome
            ? '부분 취소'
            : '예매 완료';
    const refunds = refundRows.filter((r) => r.status !== 'FAILED');
    const refundedTotal = refunds
      .filter((r) => r.status === 'DONE')
      .reduce((sum, r) => sum + r.amount, 0);
    return {
      bookingNumber: booking.bookingNumber,
      buyerName: booking.buyerName,
      bookedAt: toMinute(booking.bookedAt),
      statusLabel,
      concertTitle: booking.concertTitle,
      artist: booking.artist,
      concertDate: booking.concertDate,
      startTime: booking.startTime.slice(0, 5),
      venue: [booking.venueName, booking.venueAddress].filter(Boolean).join(', '),
      payment: {
        methodLabel: METHOD_LABELS[payment.method ?? ''] ?? '결제',
        approvedAt: toMinute(payment.approvedAt),
        amount: payment.amount,
      },
      tickets: ticketRows.map((t) => ({
        seatLabel: formatSeatLabel(t.seatInfo),
        gradeName: t.gradeName,
        ticketTypeName: t.ticketTypeName,
        gradePrice: t.gradePrice,
        discount: t.typeDiscount + t.codeDiscount,
        bookingFee: t.fee,
        amount: t.price + t.fee,
        cancelled: t.status === 'CANCELED',
        note: t.proofRequired ? PROOF_AT_ENTRY : null,
      })),
      promoCode: booking.promoCode,
      totals: breakdownTotals(
        ticketRows.map((t) => ({
          gradePrice: t.gradePrice,
          typeDiscount: t.typeDiscount,
          codeDiscount: t.codeDiscount,
          bookingFee: t.fee,
        })),
      ),
      refunds: refunds.map((r) => {
        const seats = ticketRows.filter((t) => t.refundId === r.refundId);
        return {
          at: toMinute(r.at),
          // A refund of the whole booking made before per-seat refunds named no ticket.
          seats:
            seats.length > 0
              ? seats.map((t) => formatSeatLabel(t.seatInfo)).join(', ')
              : '전체 좌석',
          cancellationFee: r.cancellationFee,
          bookingFeeKept: r.bookingFeeKept,
          amount: r.amount,
          statusLabel: REFUND_STATUS_LABELS[r.status] ?? r.status,
        };
      }),
      refundedTotal,
      netPaid: payment.amount - refundedTotal,
      cancelDeadlineDays: booking.cancelDeadlineDays ?? limits.cancelDaysBeforeConcert,
      feeTable: cancelFeeTable,
      issuedAt: toMinute(clock.now()),
    };
  }

  /** `GET /bookings/{bookingNumber}/receipt.pdf` (owner). */
  async function getReceiptPdf(options: {
    user: SessionUser;
    bookingNumber: string;
  }): Promise<{ filename: string; pdf: Buffer }> {
    const receipt = await buildReceipt(options.user, options.bookingNumber);
    // pdfkit loads on the first receipt, not at every start (as the tickets PDF does).
    const { renderReceiptPdf } = await import('./receipts.pdf');
    return {
      filename: `curtaincall-receipt-${receipt.bookingNumber}.pdf`,
      pdf: await renderReceiptPdf(receipt),
    };
  }

  return { buildReceipt, getReceiptPdf };
}

export type ReceiptsService = ReturnType<typeof createReceiptsService>;
