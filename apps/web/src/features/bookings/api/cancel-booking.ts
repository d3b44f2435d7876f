import { bookingMessages } from '@curtaincall/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /bookings/{bookingId}/cancel` (owner): the numeric bookingId of the detail, not the
 * booking number (api-contract.md §8.4). Full refund; the seats become available again.
 */
export async function cancelBooking(bookingId: number): Promise<string> {
  const { message } = await apiRequest(`/bookings/${bookingId}/cancel`, { method: 'POST' });
  return message ?? bookingMessages.cancelled;
}

export function useCancelBookingMutation() {
  return useMutation({ mutationFn: cancelBooking });
}
