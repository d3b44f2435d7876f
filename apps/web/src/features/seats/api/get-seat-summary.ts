import { seatSummarySchema, type SeatEntry, type SeatSummary } from '@curtaincall/contracts';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, invalidResponseMessage } from '@/lib/api-client';
import { applyOwnHoldUpdates, toSeatRecord, type SeatRecord } from '../utils/seat-records';
import { seatRequest } from './seat-request';

/** The summary as the page keeps it: the caller's holds with deadlines on this browser's clock. */
export interface SeatSummaryData {
  sections: SeatSummary['sections'];
  mine: SeatRecord[];
}

/**
 * `GET /seats/concerts/{id}/summary` (key): free and total seats per section and the caller's
 * live holds. A big venue's overview uses it instead of the full status (about 8 MB for 50,000
 * seats), so each tile shows 잔여 N / M석 and the side panel shows holds in any section.
 */
export async function getSeatSummary(
  concertId: number,
  signal?: AbortSignal,
): Promise<SeatSummaryData> {
  const { data } = await seatRequest(concertId, '/summary', { signal });
  const parsed = seatSummarySchema.safeParse(data);
  if (!parsed.success) {
    console.error('[seats] summary does not match the contract', parsed.error.issues);
    throw new ApiError({ status: 200, message: invalidResponseMessage });
  }
  const receivedAt = Date.now();
  return {
    sections: parsed.data.sections,
    mine: parsed.data.mine.map((entry) => toSeatRecord(entry, receivedAt)),
  };
}

/** Apart from the status keys, so re-fetching a status never re-fetches the summary. */
export function seatSummaryQueryKey(concertId: number) {
  return ['seats', 'summary', concertId] as const;
}

export function seatSummaryQueryOptions(concertId: number) {
  return queryOptions({
    queryKey: seatSummaryQueryKey(concertId),
    queryFn: ({ signal }) => getSeatSummary(concertId, signal),
    // Live counts: refreshed after long-poll answers and whenever the overview shows again.
    staleTime: 0,
    retry: false,
  });
}

/**
 * Fetched only while `isEnabled` (the overview is on screen); turning it on again re-fetches.
 * The last answer stays meanwhile, so the side panel keeps the holds in sections not loaded.
 */
export function useSeatSummary(concertId: number, isEnabled: boolean) {
  return useQuery({ ...seatSummaryQueryOptions(concertId), enabled: isEnabled });
}

/**
 * Applies changed seats (a poll's updates, a hold or release) to the summary's own holds, so a
 * seat released from the side panel leaves it at once. Counts are left to the next summary.
 */
export function mergeSeatSummaryUpdates(
  queryClient: QueryClient,
  concertId: number,
  updates: readonly SeatEntry[],
  receivedAt: number,
): void {
  queryClient.setQueryData<SeatSummaryData>(seatSummaryQueryKey(concertId), (old) => {
    if (!old) return old;
    const mine = applyOwnHoldUpdates(old.mine, updates, receivedAt);
    return mine === old.mine ? old : { ...old, mine };
  });
}

/** Marks the summary stale; it is fetched at once only while the overview observes it. */
export function refreshSeatSummary(queryClient: QueryClient, concertId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: seatSummaryQueryKey(concertId) });
}
