import { formatSeatLabel, type BookingMoney } from '@curtaincall/contracts';

export type MoneyTicket = BookingMoney['tickets'][number];

const seatInfoPattern = /^[^-\s]+-\d+-\d+$/;

/** 'A-1-5' reads 'A구역 1열 5번'; a label already written out stays as it is. */
export function seatLabelOf(seatInfo: string): string {
  return seatInfoPattern.test(seatInfo) ? formatSeatLabel(seatInfo) : seatInfo;
}

/** The tickets a buyer may still cancel (a per-seat cancel leaves the others ACTIVE). */
export function activeTickets(money: BookingMoney): MoneyTicket[] {
  return money.tickets.filter((ticket) => ticket.status === 'ACTIVE');
}

/**
 * The companions a selection takes along: an active ticket whose holder is selected goes with
 * it (product rule: the companion's discount stands only beside its holder).
 */
export function companionsTakenAlong(
  selected: ReadonlySet<number>,
  tickets: readonly MoneyTicket[],
): Set<number> {
  return new Set(
    tickets
      .filter(
        (ticket) =>
          ticket.status === 'ACTIVE' &&
          ticket.companionOfTicketId !== null &&
          selected.has(ticket.companionOfTicketId),
      )
      .map((ticket) => ticket.ticketId),
  );
}
