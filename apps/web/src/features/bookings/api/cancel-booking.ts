import { bookingMessages, type CancelBookingBody } from '@curtaincall/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface CancelBookingRequest {
  bookingId: number;
  /**
   * Issue 27: the tickets to cancel (absent: every seat) and the quote's refund the buyer saw;
   * the spec's client sends no body.
   */
  body?: CancelBookingBody;
}

/**
 * `POST /bookings/{bookingId}/cancel` (owner): the numeric bookingId of the detail, not the
 * booking number (api-contract.md §8.4). Refunds what the quote said; the seats go back on sale.
 */
export async function cancelBooking({ bookingId, body }: CancelBookingRequest): Promise<string> {
  const { message } = await apiRequest(`/bookings/${bookingId}/cancel`, {
    method: 'POST',
    ...(body ? { body } : {}),
  });
  return message ?? bookingMessages.cancelled;
}

export function useCancelBookingMutation() {
  return useMutation({ mutationFn: cancelBooking });
}
