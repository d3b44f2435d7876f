import { bookingTicketsSchema, ticketSchema } from '@curtaincall/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';
import { bookingsQueryRoot } from './get-booking-detail';

/**
 * A ticket as the wallet reads it: the contract's, plus what issue 27 prints on it when the
 * server sends it (the contract's ticket has no such fields yet): the 권종, whether it needs
 * proof at entry, and whether its seat was cancelled on its own.
 */
export const walletTicketSchema = ticketSchema.extend({
  ticketTypeName: z.string().optional(),
  proofRequired: z.boolean().optional(),
  status: z.enum(['ACTIVE', 'CANCELED']).optional(),
});
export type WalletTicket = z.infer<typeof walletTicketSchema>;

export const walletTicketsSchema = bookingTicketsSchema.extend({
  tickets: z.array(walletTicketSchema),
});
export type WalletTickets = z.infer<typeof walletTicketsSchema>;

export function bookingTicketsQueryKey(bookingNumber: string) {
  return [...bookingsQueryRoot, 'tickets', bookingNumber] as const;
}

/**
 * `GET /bookings/{bookingNumber}/tickets` (owner; CONFIRMED or COMPLETED), product-rules.md §8:
 * one QR code per seat. A cancelled booking is 409 T001, an unpaid one 409 T002.
 */
export function getBookingTickets(bookingNumber: string, signal?: AbortSignal) {
  return apiFetch(`/bookings/${encodeURIComponent(bookingNumber)}/tickets`, walletTicketsSchema, {
    signal,
  });
}

export function bookingTicketsQueryOptions(bookingNumber: string) {
  return queryOptions({
    queryKey: bookingTicketsQueryKey(bookingNumber),
    queryFn: ({ signal }) => getBookingTickets(bookingNumber, signal),
    // Tickets turn void when the booking is cancelled: never show a cached QR code as valid.
    staleTime: 0,
  });
}

export function useBookingTickets(bookingNumber: string) {
  return useQuery(bookingTicketsQueryOptions(bookingNumber));
}
