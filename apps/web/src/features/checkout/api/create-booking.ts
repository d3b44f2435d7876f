import {
  bookingCreatedSchema,
  type BookingCreated,
  type CreateBookingBody,
} from '@curtaincall/contracts';
import { apiFetch } from '@/lib/api-client';

/**
 * `POST /bookings` (api-contract.md §8.1): books the caller's held seats as PENDING_PAYMENT and
 * answers with the card-payment parameters and which provider takes them.
 */
export function createBooking(body: CreateBookingBody): Promise<BookingCreated> {
  return apiFetch('/bookings', bookingCreatedSchema, { method: 'POST', body });
}
