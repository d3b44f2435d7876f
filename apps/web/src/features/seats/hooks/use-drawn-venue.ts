import type { ConcertGradeAvailability, SeatMap } from '@curtaincall/contracts';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useConcertLayout } from '../api/get-concert-layout';
import { refreshGradeAvailability, useGradeAvailability } from '../api/get-grade-availability';
import { readDrawnVenue, type DrawnVenue } from '../utils/drawn-layout';
import { createThrottle } from '../utils/throttle';

/** The server caches `/grades` for 2 s: asking more often would only get the same answer. */
export const gradesRefreshIntervalMs = 2_000;

export interface DrawnVenueState {
  /** The seat map says the concert was made from a layout (`hasLayout`). */
  isDrawn: boolean;
  /** The layout read for drawing, once both the seat map and `/layout` are in. */
  venue: DrawnVenue | null;
  layout: UseQueryResult<unknown>;
  /** Places left per grade for the legend (undefined until the first answer). */
  availability: ConcertGradeAvailability[] | undefined;
  /** Re-fetches the places left, at most once per 2 s (after long-poll answers). */
  refreshAvailability: () => void;
}

/**
 * What a drawn concert's seat page needs besides the quick plan's: its layout document (for
 * section places, each seat's own grade and tags) and its grades' places left. Nothing is
 * asked for a quick-plan concert, whose page stays as it was.
 */
export function useDrawnVenue(concertId: number, seatMap: SeatMap | undefined): DrawnVenueState {
  const isDrawn = seatMap?.hasLayout === true;
  const layout = useConcertLayout(concertId, isDrawn);
  const availability = useGradeAvailability(concertId, isDrawn);
  const queryClient = useQueryClient();
  const throttle = useMemo(
    () =>
      createThrottle(
        () => void refreshGradeAvailability(queryClient, concertId),
        gradesRefreshIntervalMs,
      ),
    [queryClient, concertId],
  );
  useEffect(() => () => throttle.cancel(), [throttle]);

  const grades = seatMap?.grades;
  const document = layout.data;
  const venue = useMemo(
    () => (isDrawn && document ? readDrawnVenue(document, grades ?? []) : null),
    [isDrawn, document, grades],
  );
  return {
    isDrawn,
    venue,
    layout,
    availability: availability.data,
    refreshAvailability: throttle.run,
  };
}
