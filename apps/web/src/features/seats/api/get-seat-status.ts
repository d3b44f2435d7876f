import { seatEntrySchema } from '@curtaincall/contracts';
import type { SeatEntry } from '@curtaincall/contracts';
import {
  queryOptions,
  useQueries,
  type QueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, invalidResponseMessage } from '@/lib/api-client';
import { applySeatUpdates, toSeatRecord, type SeatRecord } from '../utils/seat-records';
import { mergeSeatSummaryUpdates } from './get-seat-summary';
import { seatRequest } from './seat-request';

const seatEntriesSchema = z.array(seatEntrySchema);

/** Which seats a status call covers: the whole venue, or one section of a big one. */
export type SeatScope = { type: 'all' } | { type: 'section'; section: string };

/**
 * `GET /seats/concerts/{id}/status[?section=]` (key): every seat of the venue or of one section,
 * with the caller's own holds marked. Holds get their deadline on this browser's clock.
 */
export async function getSeatStatus(
  concertId: number,
  scope: SeatScope,
  signal?: AbortSignal,
): Promise<SeatRecord[]> {
  const { data } = await seatRequest(concertId, '/status', {
    params: scope.type === 'section' ? { section: scope.section } : {},
    signal,
  });
  const parsed = seatEntriesSchema.safeParse(data);
  if (!parsed.success) {
    console.error('[seats] status does not match the contract', parsed.error.issues);
    throw new ApiError({ status: 200, message: invalidResponseMessage });
  }
  const receivedAt = Date.now();
  return parsed.data.map((entry) => toSeatRecord(entry, receivedAt));
}

/** Every status query of a concert, whatever its scope (merging and refreshing them all). */
export function seatStatusBaseKey(concertId: number) {
  return ['seats', 'status', concertId] as const;
}

export function isSameScope(a: SeatScope | null, b: SeatScope | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.type === 'all' || b.type === 'all') return a.type === b.type;
  return a.section === b.section;
}

/**
 * One query per scope. The page observes every scope it has loaded (their seats stay known for
 * the side panel and the overview) but enables only the one on screen, so a refresh after a
 * change re-fetches that one alone.
 */
export function seatStatusQueryOptions(concertId: number, scope: SeatScope) {
  return queryOptions({
    queryKey: [
      ...seatStatusBaseKey(concertId),
      scope.type === 'all' ? '*' : `section:${scope.section}`,
    ] as const,
    queryFn: ({ signal }) => getSeatStatus(concertId, scope, signal),
    // Live data: the polling loop refreshes it; a 403 has already sent the user away.
    staleTime: 0,
    retry: false,
  });
}

export interface SeatStatuses {
  /** Every loaded seat of every observed scope. */
  records: SeatRecord[];
  /** The query of the scope on screen (undefined when none is, e.g. a big venue's overview). */
  current: UseQueryResult<SeatRecord[]> | undefined;
}

function combineStatuses(results: UseQueryResult<SeatRecord[]>[]) {
  return { results, records: results.flatMap((result) => result.data ?? []) };
}

/** The statuses of the scopes loaded so far; only `current` is fetched and refreshed. */
export function useSeatStatuses(
  concertId: number,
  scopes: readonly SeatScope[],
  current: SeatScope | null,
): SeatStatuses {
  // A module-level `combine` keeps `records` the same array until a query result changes.
  const { results, records } = useQueries({
    queries: scopes.map((scope) => ({
      ...seatStatusQueryOptions(concertId, scope),
      enabled: isSameScope(scope, current),
    })),
    combine: combineStatuses,
  });
  const index = scopes.findIndex((scope) => isSameScope(scope, current));
  return { records, current: index < 0 ? undefined : results[index] };
}

/**
 * Merges changed seats (a poll's updates, a hold's answer) into every loaded scope at once, and
 * into the big-venue summary's own holds.
 */
export function mergeSeatUpdates(
  queryClient: QueryClient,
  concertId: number,
  updates: readonly SeatEntry[],
): void {
  const receivedAt = Date.now();
  queryClient.setQueriesData<SeatRecord[]>({ queryKey: seatStatusBaseKey(concertId) }, (old) =>
    old ? applySeatUpdates(old, updates, receivedAt) : old,
  );
  mergeSeatSummaryUpdates(queryClient, concertId, updates, receivedAt);
}

/** Re-fetches the status on screen (scopes not on screen keep their data until shown). */
export function refreshSeatStatus(queryClient: QueryClient, concertId: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: seatStatusBaseKey(concertId) });
}
