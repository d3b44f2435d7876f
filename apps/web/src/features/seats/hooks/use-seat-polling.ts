import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from '@/components/ui/toast-store';
import { expireAccessKey } from '@/lib/access-key';
import { mergeSeatUpdates, refreshSeatStatus } from '../api/get-seat-status';
import { pollSeats } from '../api/poll-seats';
import { startSeatPollLoop } from '../utils/seat-poll-loop';

/**
 * Keeps the seat statuses live while the page is open (buyer-side.md §4 "Seat page"): changed
 * seats are merged at once, the status on screen is re-fetched after every answer, and the
 * next poll goes out 300 ms later (35 s after an error, with a toast). `onAnswer` also runs
 * after every answer (a big venue refreshes its summary there).
 */
export function useSeatPolling(concertId: number, isEnabled: boolean, onAnswer?: () => void): void {
  const queryClient = useQueryClient();
  // Read at answer time, so a new callback does not restart the loop (and its waiting poll).
  const onAnswerRef = useRef(onAnswer);
  useEffect(() => {
    onAnswerRef.current = onAnswer;
  }, [onAnswer]);

  useEffect(() => {
    if (!isEnabled) return;
    return startSeatPollLoop({
      poll: (signal) => pollSeats(concertId, signal),
      onUpdates: (updates) => mergeSeatUpdates(queryClient, concertId, updates),
      onAnswer: () => {
        void refreshSeatStatus(queryClient, concertId);
        onAnswerRef.current?.();
      },
      onError: (message) => toast.error(message),
      onKeyExpired: () => expireAccessKey(concertId),
    });
  }, [concertId, isEnabled, queryClient]);
}
