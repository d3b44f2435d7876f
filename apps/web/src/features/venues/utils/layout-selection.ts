import type { VenueLayout } from '@curtaincall/contracts';
import { formatNumber } from '@/lib/format';
import type { SeatGroup, SeatRef } from './layout-geometry';

/**
 * The seats a seller has picked, by row: `"section:row"` to the seat indexes. Adding, removing
 * and asking about one seat are O(1); a 1,000-seat rectangle is a few dozen entries.
 */
export type SeatSelection = ReadonlyMap<string, ReadonlySet<number>>;

export const emptySelection: SeatSelection = new Map();

const rowKey = (section: number, row: number) => `${section}:${row}`;

export function isSeatSelected(selection: SeatSelection, ref: SeatRef): boolean {
  return selection.get(rowKey(ref.section, ref.row))?.has(ref.seat) ?? false;
}

export function selectionSize(selection: SeatSelection): number {
  let size = 0;
  for (const seats of selection.values()) size += seats.size;
  return size;
}

/** The selection as row groups in document order (sections, then rows, seats ascending). */
export function selectionToGroups(selection: SeatSelection): SeatGroup[] {
  const groups: SeatGroup[] = [];
  for (const [key, seats] of selection) {
    if (seats.size === 0) continue;
    const [section = 0, row = 0] = key.split(':').map(Number);
    groups.push({ section, row, seats: [...seats].sort((a, b) => a - b) });
  }
  return groups.sort((a, b) => a.section - b.section || a.row - b.row);
}

/** Groups joined to a selection (`replace` starts from nothing). */
export function addGroups(
  selection: SeatSelection,
  groups: readonly SeatGroup[],
  replace = false,
): SeatSelection {
  const next = new Map<string, ReadonlySet<number>>(replace ? [] : selection);
  for (const group of groups) {
    const key = rowKey(group.section, group.row);
    const seats = new Set(next.get(key));
    for (const seat of group.seats) seats.add(seat);
    next.set(key, seats);
  }
  return next;
}

/** One seat in or out of the selection. */
export function toggleSeat(selection: SeatSelection, ref: SeatRef): SeatSelection {
  const key = rowKey(ref.section, ref.row);
  const seats = new Set(selection.get(key));
  if (seats.has(ref.seat)) seats.delete(ref.seat);
  else seats.add(ref.seat);
  const next = new Map(selection);
  if (seats.size === 0) next.delete(key);
  else next.set(key, seats);
  return next;
}

/**
 * Every seat between two seats of the same section (the rows between them, and in each row the
 * seats between their two indexes): what Shift with the arrows selects.
 */
export function groupsBetween(layout: VenueLayout, from: SeatRef, to: SeatRef): SeatGroup[] {
  const section = layout.sections[to.section];
  if (section?.kind !== 'SEATED' || from.section !== to.section) {
    return [{ section: to.section, row: to.row, seats: [to.seat] }];
  }
  const groups: SeatGroup[] = [];
  const [firstRow, lastRow] = [Math.min(from.row, to.row), Math.max(from.row, to.row)];
  const [firstSeat, lastSeat] = [Math.min(from.seat, to.seat), Math.max(from.seat, to.seat)];
  for (let row = firstRow; row <= lastRow; row += 1) {
    const count = section.rows[row]?.seats.length ?? 0;
    const seats: number[] = [];
    for (let seat = firstSeat; seat <= Math.min(lastSeat, count - 1); seat += 1) seats.push(seat);
    if (seats.length > 0) groups.push({ section: to.section, row, seats });
  }
  return groups;
}

/** 'A' -> 'A구역'; a name that already says 구역 (or 존, 석) is kept as it is. */
export function sectionLabel(name: string): string {
  return /(구역|존|석|층)$/.test(name) ? name : `${name}구역`;
}

/** Seat numbers as short ranges: [5,6,7,8,10] -> '5~8, 10'. */
export function numberRanges(numbers: readonly number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b);
  const parts: string[] = [];
  let start = sorted[0];
  let previous = start;
  for (const value of [...sorted.slice(1), undefined]) {
    if (value !== undefined && previous !== undefined && value === previous + 1) {
      previous = value;
      continue;
    }
    if (start !== undefined && previous !== undefined) {
      parts.push(start === previous ? `${start}` : `${start}~${previous}`);
    }
    start = value;
    previous = value;
  }
  return parts.join(', ');
}

/**
 * Seats in words, for announcements: 'A구역 3열 5~12번' for one row, 'A구역 3~7열 40석' for
 * one section, '3개 구역 1,200석' beyond that.
 */
export function describeSeats(layout: VenueLayout, groups: readonly SeatGroup[]): string {
  const total = groups.reduce((sum, group) => sum + group.seats.length, 0);
  const first = groups[0];
  if (!first) return '좌석 없음';
  const section = layout.sections[first.section];
  if (section?.kind !== 'SEATED') return `${formatNumber(total)}석`;
  const name = sectionLabel(section.name);
  const sections = new Set(groups.map((group) => group.section));
  if (sections.size > 1) return `${sections.size}개 구역 ${formatNumber(total)}석`;
  if (groups.length === 1) {
    const row = section.rows[first.row];
    const numbers = first.seats.map((seat) => row?.seats[seat]?.number ?? 0);
    return `${name} ${row?.row ?? first.row + 1}열 ${numberRanges(numbers)}번`;
  }
  const rowNumbers = groups.map((group) => section.rows[group.row]?.row ?? group.row + 1);
  return `${name} ${numberRanges(rowNumbers)}열 ${formatNumber(total)}석`;
}
