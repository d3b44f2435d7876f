import {
  LATEST_CANCEL_DAYS_BEFORE,
  bookingMessages,
  limits,
  paymentMessages,
  priceRefund,
  refundMessages,
  type ErrorCode,
  type FieldError,
  type RefundQuote,
} from '@curtaincall/contracts';
import { addDays, toSeoulDate } from '../../lib/seoul-time';
import type { RefundContext, RefundTicket } from './payments.repo';

/** Why tickets cannot be cancelled now, as the cancel answers it. */
export interface CancelRefusal {
  code: ErrorCode;
  message: string;
  errors?: FieldError[];
}

/** What a cancel now would give back, or why there is none. */
export type RefundPlan =
  | { ok: false; refusal: CancelRefusal }
  | {
      ok: true;
      tickets: RefundTicket[];
      /** Companions the companion rule added to the tickets asked for. */
      addedCompanionTicketIds: number[];
      quote: RefundQuote;
      /** Nothing of the payment stays refundable after this refund. */
      closing: boolean;
    };

/** The seller's cut-off for cancels (days before the show), the spec's 3 unless set. */
export function cutoffDaysOf(context: Pick<RefundContext, 'cancelDeadlineDays'>): number {
  return context.cancelDeadlineDays ?? limits.cancelDaysBeforeConcert;
}

/** The last day (Asia/Seoul) a buyer may cancel. */
export function lastCancelDateOf(context: RefundContext): string {
  return addDays(context.concertDate, -Math.max(LATEST_CANCEL_DAYS_BEFORE, cutoffDaysOf(context)));
}

const refused = (code: ErrorCode, message: string, errors?: FieldError[]): RefundPlan => ({
  ok: false,
  refusal: { code, message, ...(errors ? { errors } : {}) },
});

const isGivenBack = (ticket: RefundTicket) =>
  ticket.status === 'CANCELED' || ticket.refundStatus === 'DONE';
const isClaimed = (ticket: RefundTicket) => ticket.refundStatus === 'REQUESTED';
const isRefundable = (ticket: RefundTicket) => !isGivenBack(ticket) && !isClaimed(ticket);

/**
 * A buyer's cancel of `ticketIds` (none: every ticket still refundable) on the day of `now`,
 * priced by the fee table (`priceRefund`). The companion rule: a holder's ticket takes its
 * companions' still refundable tickets along (a companion's discount holds only with its
 * holder). The refund quote and the cancel itself both come from here, so the cancel gives
 * back exactly what the quote said on the same day.
 */
export function planBuyerRefund(input: {
  context: RefundContext;
  tickets: readonly RefundTicket[];
  ticketIds: readonly number[] | undefined;
  now: Date;
}): RefundPlan {
  const { context, tickets, ticketIds } = input;
  if (context.status === 'CANCELED') return refused('B009', bookingMessages.alreadyCancelled);
  if (context.status === 'COMPLETED') return refused('B010', bookingMessages.attended);
  const payment = context.payment;
  if (
    context.status !== 'CONFIRMED' ||
    !payment?.paymentKey ||
    (payment.status !== 'DONE' && payment.status !== 'PARTIAL_CANCELED')
  ) {
    return refused('M003', bookingMessages.notCancellable);
  }

  let chosen: RefundTicket[];
  let added: number[] = [];
  if (ticketIds === undefined) {
    chosen = tickets.filter(isRefundable);
    if (chosen.length === 0) {
      return tickets.some(isClaimed)
        ? refused('B009', paymentMessages.refundPending)
        : refused('B009', bookingMessages.alreadyCancelled);
    }
  } else {
    const byId = new Map(tickets.map((ticket) => [ticket.ticketId, ticket]));
    const foreign = ticketIds.flatMap((id, index) =>
      byId.has(id)
        ? []
        : [{ field: `ticketIds[${index}]`, message: paymentMessages.notYourTicket }],
    );
    if (foreign.length > 0) return refused('C001', paymentMessages.notYourTicket, foreign);
    const asked = ticketIds.map((id) => byId.get(id)).filter((t) => t !== undefined);
    if (asked.some(isGivenBack)) return refused('B009', paymentMessages.ticketAlreadyCancelled);
    if (asked.some(isClaimed)) return refused('B009', paymentMessages.refundPending);
    const askedIds = new Set(ticketIds);
    const companions = tickets.filter(
      (ticket) =>
        ticket.companionOfTicketId !== null &&
        askedIds.has(ticket.companionOfTicketId) &&
        !askedIds.has(ticket.ticketId) &&
        isRefundable(ticket),
    );
    added = companions.map((ticket) => ticket.ticketId);
    const chosenIds = new Set([...askedIds, ...added]);
    chosen = tickets.filter((ticket) => chosenIds.has(ticket.ticketId));
  }

  const quote = priceRefund({
    tickets: chosen.map(toRefund),
    bookedDate: toSeoulDate(context.bookedAt),
    cancelDate: toSeoulDate(input.now),
    concertDate: context.concertDate,
    cutoffDaysBefore: cutoffDaysOf(context),
    byOrganizer: false,
  });
  if (!quote) {
    const days = Math.max(LATEST_CANCEL_DAYS_BEFORE, cutoffDaysOf(context));
    return refused('B011', refundMessages.pastCutoff(days));
  }
  return {
    ok: true,
    tickets: chosen,
    addedCompanionTicketIds: added,
    quote,
    closing: closes(tickets, chosen),
  };
}

/**
 * The organiser's refund (the concert was cancelled): every ticket still refundable, in full,
 * booking fees included. Null when nothing is left to give back.
 */
export function planOrganizerRefund(input: {
  context: RefundContext;
  tickets: readonly RefundTicket[];
  now: Date;
}): Extract<RefundPlan, { ok: true }> | null {
  const chosen = input.tickets.filter(isRefundable);
  if (input.context.status !== 'CONFIRMED' || chosen.length === 0) return null;
  const quote = priceRefund({
    tickets: chosen.map(toRefund),
    bookedDate: toSeoulDate(input.context.bookedAt),
    cancelDate: toSeoulDate(input.now),
    concertDate: input.context.concertDate,
    cutoffDaysBefore: null,
    byOrganizer: true,
  });
  if (!quote) return null;
  return {
    ok: true,
    tickets: chosen,
    addedCompanionTicketIds: [],
    quote,
    closing: closes(input.tickets, chosen),
  };
}

/** After giving back `chosen`, nothing of the booking is left to give back (or being given). */
function closes(all: readonly RefundTicket[], chosen: readonly RefundTicket[]): boolean {
  const chosenIds = new Set(chosen.map((ticket) => ticket.ticketId));
  return all.every((ticket) => chosenIds.has(ticket.ticketId) || isGivenBack(ticket));
}

const toRefund = (ticket: RefundTicket) => ({
  ticketId: ticket.ticketId,
  seatInfo: ticket.seatInfo,
  ticketPrice: ticket.price,
  bookingFee: ticket.fee,
});
