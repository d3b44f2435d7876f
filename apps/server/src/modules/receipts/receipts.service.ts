import {
  PROOF_AT_ENTRY,
  bookingMessages,
  breakdownTotals,
  cancelFeeTable,
  formatSeatLabel,
  limits,
  receiptMessages,
  type PaymentDetails,
} from '@curtaincall/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { toSeoulDateTime } from '../../lib/seoul-time';
import type { SessionUser } from '../auth/auth.policy';
import { describePayment } from '../payments/payment-details';
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
  payment: {
    /**
     * The method and its particulars: '신용·체크카드 (신한카드 3개월 할부)', '간편결제 (카카오페이)',
     * '가상계좌(무통장입금) (우리은행 가상계좌)'.
     */
    methodLabel: string;
    approvedAt: string;
    amount: number;
    /** Issue 28: '소득공제 *******5678 · 52,000원 · 승인번호 …', or null when none was asked for. */
    cashReceipt: string | null;
  };
  /** Issue 28: the seller marked the performance 문화비 소득공제 대상. */
  cultureExpense: boolean;
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

/** The method and its particulars, as one line ('간편결제 (카카오페이)'). */
function methodLine(details: PaymentDetails): string {
  const label = details.methodLabel || '결제';
  return details.detail ? `${label} (${details.detail})` : label;
}

/**
 * The 현금영수증 line: type, masked number, amount and 승인번호. A deposit's receipt is issued
 * with the deposit; a 간편결제's after the approval (best effort), so it may still be pending.
 */
function cashReceiptLine(details: PaymentDetails): string | null {
  const receipt = details.cashReceipt;
  if (!receipt) return null;
  const head = `${receipt.typeLabel} ${receipt.maskedNumber}`;
  if (receipt.amount <= 0) return `${head} · 현금 결제분이 없어 발급 대상이 아닙니다`;
  const state = receipt.issueNumber
    ? `승인번호 ${receipt.issueNumber}`
    : details.method === 'VIRTUAL_ACCOUNT'
      ? '입금 후 발급'
      : '발급 처리 중';
  return `${head} · ${won(receipt.amount)} · ${state}`;
}

const won = (amount: number) => `${amount.toLocaleString('ko-KR')}원`;
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
    // A paid booking has no account left to deposit into, so no test bank address is needed.
    const details = describePayment(payment, {
      cultureExpense: booking.cultureExpense,
      publicBaseUrl: '',
    });
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
        methodLabel: methodLine(details),
        approvedAt: toMinute(payment.approvedAt),
        amount: payment.amount,
        cashReceipt: cashReceiptLine(details),
      },
      cultureExpense: booking.cultureExpense,
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
