import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { refreshSeatSummary } from '../api/get-seat-summary';
import { createThrottle } from '../utils/throttle';

/** A summary is one grouped query over the venue's seats: at most one per user every 2 s. */
export const summaryRefreshIntervalMs = 2_000;

/**
 * Keeps a big venue's section counts live: the page calls the returned function after every
 * long-poll answer, and the summary is re-fetched at most once per 2 s (calls in between fold
 * into one at the end of the interval, so the last change is never missed).
 *
 * Re-fetching rather than adjusting the counts from `seatUpdates`: an update says what a seat is
 * now, not what it was, so for a section whose seats are not loaded the page cannot tell whether
 * the free count moved (the sweeper's AVAILABLE for an expired hold the summary already counted
 * as free, or an update repeated); and
 * changes in the 300 ms between two polls are never announced at all. Counts adjusted by hand
 * would drift for the rest of the visit; the server's count cannot.
 */
export function useSeatSummaryRefresh(concertId: number): () => void {
  const queryClient = useQueryClient();
  const throttle = useMemo(
    () =>
      createThrottle(
        () => void refreshSeatSummary(queryClient, concertId),
        summaryRefreshIntervalMs,
      ),
    [queryClient, concertId],
  );
  useEffect(() => () => throttle.cancel(), [throttle]);
  return throttle.run;
}
