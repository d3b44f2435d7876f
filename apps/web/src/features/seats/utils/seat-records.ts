import type { SeatEntry } from '@curtaincall/contracts';

/**
 * A seat entry as the page keeps it: `remainingSeconds` turned into a deadline on this
 * browser's clock when the entry arrived, so a countdown stays right however old the entry is.
 */
export interface SeatRecord extends SeatEntry {
  /** Epoch ms when the hold ends (client clock), or null when the seat is not held. */
  holdDeadline: number | null;
}

export function toSeatRecord(entry: SeatEntry, receivedAt: number): SeatRecord {
  return {
    ...entry,
    holdDeadline:
      entry.status === 'RESERVED' && entry.remainingSeconds !== null
        ? receivedAt + Math.max(0, entry.remainingSeconds) * 1000
        : null,
  };
}

/**
 * Spreads changed entries over the ones already loaded, by `seatId` (api-contract.md §7.1).
 * Seats not loaded (another section of a big venue) are left out; the same array comes back
 * when nothing matched, so React sees no change.
 */
export function applySeatUpdates(
  records: readonly SeatRecord[],
  updates: readonly SeatEntry[],
  receivedAt: number,
): SeatRecord[] {
  if (updates.length === 0) return records as SeatRecord[];
  const byId = new Map(updates.map((entry) => [entry.seatId, entry]));
  let changed = false;
  const next = records.map((record) => {
    const update = byId.get(record.seatId);
    if (!update) return record;
    changed = true;
    return toSeatRecord({ ...record, ...update }, receivedAt);
  });
  return changed ? next : (records as SeatRecord[]);
}

/**
 * The caller's holds after some changes: a seat that is now theirs is added or refreshed, one
 * that no longer is (released, expired, booked) is dropped. The same array comes back when
 * nothing changed.
 */
export function applyOwnHoldUpdates(
  mine: readonly SeatRecord[],
  updates: readonly SeatEntry[],
  receivedAt: number,
): SeatRecord[] {
  const byId = new Map(mine.map((record) => [record.seatId, record]));
  let changed = false;
  for (const update of updates) {
    if (isMine(update)) {
      byId.set(update.seatId, toSeatRecord(update, receivedAt));
      changed = true;
    } else if (byId.delete(update.seatId)) {
      changed = true;
    }
  }
  return changed ? [...byId.values()] : (mine as SeatRecord[]);
}

/**
 * The loaded seats plus the caller's holds known only from the summary (sections not loaded
 * yet). A loaded entry wins: it is what the map on screen shows.
 */
export function withOwnHolds(
  records: readonly SeatRecord[],
  mine: readonly SeatRecord[],
): SeatRecord[] {
  if (mine.length === 0) return records as SeatRecord[];
  const loaded = new Set(records.map((record) => record.seatId));
  const extra = mine.filter((record) => !loaded.has(record.seatId));
  return extra.length === 0 ? (records as SeatRecord[]) : [...records, ...extra];
}

/** How a released seat looks until the next status answer confirms it. */
export function releasedEntry(record: SeatRecord): SeatEntry {
  return {
    concertId: record.concertId,
    seatId: record.seatId,
    seatInfo: record.seatInfo,
    status: 'AVAILABLE',
    isReservedByCurrentUser: false,
    reservedAt: null,
    expiresAt: null,
    remainingSeconds: null,
  };
}

/** The caller's own holds: exactly the seats the server marks as theirs (api-contract.md §7). */
export function isMine(record: SeatEntry): boolean {
  return record.status === 'RESERVED' && record.isReservedByCurrentUser;
}
