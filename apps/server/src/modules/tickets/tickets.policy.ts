import type { TicketVerifyResult } from '@curtaincall/contracts';
import type { AuthUser } from '../auth/auth.policy';

/**
 * Whether a booking's tickets may be shown or downloaded (product-rules.md §8): only a paid
 * booking's (CONFIRMED, or COMPLETED after the show). The answer names the refusal.
 */
export function ticketAccessOf(bookingStatus: string): 'OPEN' | 'CANCELLED' | 'NOT_PAID' {
  if (bookingStatus === 'CONFIRMED' || bookingStatus === 'COMPLETED') return 'OPEN';
  if (bookingStatus === 'CANCELED') return 'CANCELLED';
  return 'NOT_PAID';
}

/** Only admins and sellers check tickets; a buyer may not probe tokens at all. */
export function canVerifyTickets(user: Pick<AuthUser, 'role'>): boolean {
  return user.role === 'ROLE_ADMIN' || user.role === 'ROLE_SELLER';
}

/** An admin checks any ticket; a seller only those of their own concerts. */
export function canVerifyTicketOf(
  user: Pick<AuthUser, 'id' | 'role'>,
  concert: { sellerId: number },
): boolean {
  if (user.role === 'ROLE_ADMIN') return true;
  return user.role === 'ROLE_SELLER' && concert.sellerId === user.id;
}

/**
 * A genuine token's ticket: VALID while its booking is paid and its seat is still the booking's;
 * VOID once the booking is cancelled or the ticket detached from the seat.
 */
export function ticketStandingOf(ticket: {
  bookingStatus: string;
  isSeatStillBooked: boolean;
}): Exclude<TicketVerifyResult, 'UNKNOWN'> {
  return ticketAccessOf(ticket.bookingStatus) === 'OPEN' && ticket.isSeatStillBooked
    ? 'VALID'
    : 'VOID';
}
