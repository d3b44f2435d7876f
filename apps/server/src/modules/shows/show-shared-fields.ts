import type { DbOrTx } from '../../db/client';
import type { ConcertRow } from '../concerts/concerts.service';
import { lockShowOfConcert, updateOpenPerformances, type SharedConcertChanges } from './shows.repo';

/**
 * The fields buyers see as the show's (issue 26): copied on every performance and edited
 * together. Schedule, seats, status and the per-performance limit stay each performance's own.
 */
export const sharedConcertFields = [
  'title',
  'artist',
  'description',
  'venueName',
  'venueAddress',
  'minAge',
  'posterImageUrl',
] as const;
type SharedField = (typeof sharedConcertFields)[number];

type SharedFieldValues = { [K in SharedField]?: ConcertRow[K] | undefined };

/** The shared fields present in an edit (a key left out changes nothing). */
export function sharedFieldsOf(next: SharedFieldValues): SharedConcertChanges {
  const fields: Record<string, unknown> = {};
  for (const field of sharedConcertFields) {
    if (next[field] !== undefined) fields[field] = next[field];
  }
  return fields as SharedConcertChanges;
}

/** The shared fields `next` really changes on `current` (the edit form resends every key). */
export function sharedChangesOf(
  current: Pick<ConcertRow, SharedField>,
  next: SharedFieldValues,
): SharedConcertChanges {
  const present: Record<string, unknown> = sharedFieldsOf(next);
  for (const field of sharedConcertFields) {
    if (field in present && present[field] === current[field]) delete present[field];
  }
  return present as SharedConcertChanges;
}

/**
 * Locks the show of a concert, inside the caller's transaction, before the concert itself: an
 * edit that may write the concert's siblings takes the locks in the order the show's own changes
 * do (show, then performances), so the two never deadlock.
 */
export function lockShowBeforeConcert(tx: DbOrTx, concertId: number): Promise<void> {
  return lockShowOfConcert(tx, concertId);
}

/**
 * Writes shared-field changes made on one performance to the other open performances of its
 * show (a show of one has none). Returns the siblings written.
 */
export async function writeToOpenSiblings(
  tx: DbOrTx,
  performance: Pick<ConcertRow, 'id' | 'showId'>,
  changes: SharedConcertChanges,
  now: Date,
): Promise<number[]> {
  if (Object.keys(changes).length === 0) return [];
  return updateOpenPerformances(tx, {
    showId: performance.showId,
    changes,
    updatedAt: now,
    exceptConcertId: performance.id,
  });
}
