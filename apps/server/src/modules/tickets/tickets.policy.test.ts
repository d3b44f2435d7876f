import { describe, expect, it } from 'vitest';
import {
  canVerifyTicketOf,
  canVerifyTickets,
  ticketAccessOf,
  ticketStandingOf,
} from './tickets.policy';

const admin = { id: 1, role: 'ROLE_ADMIN' as const };
const seller = { id: 2, role: 'ROLE_SELLER' as const };
const buyer = { id: 3, role: 'ROLE_USER' as const };

describe('tickets policy', () => {
  it('opens tickets of paid bookings only, naming the refusal', () => {
    expect(ticketAccessOf('CONFIRMED')).toBe('OPEN');
    expect(ticketAccessOf('COMPLETED')).toBe('OPEN');
    expect(ticketAccessOf('CANCELED')).toBe('CANCELLED');
    expect(ticketAccessOf('PENDING_PAYMENT')).toBe('NOT_PAID');
    expect(ticketAccessOf('SOMETHING_NEW')).toBe('NOT_PAID');
  });

  it('lets admins and sellers verify, never buyers', () => {
    expect(canVerifyTickets(admin)).toBe(true);
    expect(canVerifyTickets(seller)).toBe(true);
    expect(canVerifyTickets(buyer)).toBe(false);
  });

  it("lets a seller verify only their own concert's tickets; an admin any", () => {
    expect(canVerifyTicketOf(seller, { sellerId: 2 })).toBe(true);
    expect(canVerifyTicketOf(seller, { sellerId: 9 })).toBe(false);
    expect(canVerifyTicketOf(admin, { sellerId: 9 })).toBe(true);
    // A buyer's id matching a concert's seller id (impossible in practice) grants nothing.
    expect(canVerifyTicketOf(buyer, { sellerId: 3 })).toBe(false);
  });

  it('a ticket is VALID while paid and seated, VOID otherwise', () => {
    expect(ticketStandingOf({ bookingStatus: 'CONFIRMED', isSeatStillBooked: true })).toBe('VALID');
    expect(ticketStandingOf({ bookingStatus: 'COMPLETED', isSeatStillBooked: true })).toBe('VALID');
    expect(ticketStandingOf({ bookingStatus: 'CANCELED', isSeatStillBooked: false })).toBe('VOID');
    expect(ticketStandingOf({ bookingStatus: 'CANCELED', isSeatStillBooked: true })).toBe('VOID');
    expect(ticketStandingOf({ bookingStatus: 'CONFIRMED', isSeatStillBooked: false })).toBe('VOID');
    expect(ticketStandingOf({ bookingStatus: 'PENDING_PAYMENT', isSeatStillBooked: true })).toBe(
      'VOID',
    );
  });
});
