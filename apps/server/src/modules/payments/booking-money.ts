import {
  breakdownTotals,
  formatSeatLabel,
  limits,
  type BookingMoney,
} from '@curtaincall/contracts';
import type { DbOrTx } from '../../db/client';
import { toSeoulDateTime } from '../../lib/seoul-time';
import { findOrderBooking, findRefundMoney, findTicketMoney } from './payments.repo';

/**
 * A booking's money as the booking detail shows it (issue 27): each ticket as charged, the
 * code used, every refund that gave money back or still may, and the concert's cut-off.
 */
export async function readBookingMoney(
  db: DbOrTx,
  booking: {
    bookingId: number;
    bookingNumber: string;
    promoCode: string | null;
    /** The concert's cut-off; null: the spec's default. */
    cancelDeadlineDays: number | null;
  },
): Promise<BookingMoney> {
  const [tickets, refunds] = await Promise.all([
    findTicketMoney(db, booking.bookingId),
    findRefundMoney(db, booking.bookingId),
  ]);
  const seatInfosOf = (refundId: number) => {
    const linked = tickets.filter((ticket) => ticket.refundId === refundId);
    // A refund that names no ticket gave back the whole payment: a payment that arrived too
    // late for its booking, or one refunded before refunds named their tickets.
    return (linked.length > 0 ? linked : tickets).map((ticket) => ticket.seatInfo);
  };
  return {
    tickets: tickets.map((ticket) => ({
      ticketId: ticket.ticketId,
      seatInfo: ticket.seatInfo,
      gradeName: ticket.gradeName,
      gradePrice: ticket.gradePrice,
      ticketTypeName: ticket.ticketTypeName,
      typeDiscount: ticket.typeDiscount,
      codeDiscount: ticket.codeDiscount,
      ticketPrice: ticket.price,
      bookingFee: ticket.fee,
      status: ticket.status,
      proofRequired: ticket.proofRequired,
      companionOfTicketId: ticket.companionOfTicketId,
    })),
    promoCode: booking.promoCode,
    refunds: refunds.map((refund) => ({
      amount: refund.amount,
      cancellationFee: refund.cancellationFee,
      bookingFeeKept: refund.bookingFeeKept,
      status: refund.status,
      reason: refund.reason,
      at: toSeoulDateTime(refund.at),
      seatInfos: seatInfosOf(refund.id),
    })),
    refundedTotal: refunds
      .filter((refund) => refund.status === 'DONE')
      .reduce((sum, refund) => sum + refund.amount, 0),
    cancelDeadlineDays: booking.cancelDeadlineDays ?? limits.cancelDaysBeforeConcert,
    receiptUrl: `/api/bookings/${encodeURIComponent(booking.bookingNumber)}/receipt.pdf`,
  };
}

/** One seat of an order as it was priced and stored on its ticket, integer won. */
export interface OrderPriceLine {
  seatLabel: string;
  gradeName: string;
  ticketTypeName: string;
  gradePrice: number;
  typeDiscount: number;
  codeDiscount: number;
  bookingFee: number;
  /** What the seat costs: its price after discounts plus its booking fee. */
  amount: number;
  proofRequired: boolean;
}

export interface OrderPrice {
  lines: OrderPriceLine[];
  /** The code whose discount `codeDiscount` is, null without one. */
  promoCode: string | null;
  /** The lines' total (`breakdownTotals`): what the order charges. */
  total: number;
}

/**
 * An order's price lines as its booking stored them (issue 27), for the sandbox card window;
 * undefined for an order we do not know.
 */
export async function readOrderPrice(db: DbOrTx, orderId: string): Promise<OrderPrice | undefined> {
  const order = await findOrderBooking(db, orderId);
  if (!order) return undefined;
  const lines = (await findTicketMoney(db, order.bookingId)).map((ticket) => ({
    seatLabel: formatSeatLabel(ticket.seatInfo),
    gradeName: ticket.gradeName,
    ticketTypeName: ticket.ticketTypeName,
    gradePrice: ticket.gradePrice,
    typeDiscount: ticket.typeDiscount,
    codeDiscount: ticket.codeDiscount,
    bookingFee: ticket.fee,
    amount: ticket.price + ticket.fee,
    proofRequired: ticket.proofRequired,
  }));
  return { lines, promoCode: order.promoCode, total: breakdownTotals(lines).total };
}
