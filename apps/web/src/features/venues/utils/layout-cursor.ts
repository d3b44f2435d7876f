import type { SeatTag, VenueLayout } from '@curtaincall/contracts';
import { sectionShape, type SeatRef } from './layout-geometry';
import { sectionLabel } from './layout-selection';

/** The first seat of the first seated section at or after `from` (wrapping), or null. */
export function firstSeatFrom(layout: VenueLayout, from = 0, step: 1 | -1 = 1): SeatRef | null {
  const count = layout.sections.length;
  for (let n = 0; n < count; n += 1) {
    const index = (((from + n * step) % count) + count) % count;
    const section = layout.sections[index];
    if (section?.kind === 'SEATED' && section.rows[0]?.seats.length) {
      return { section: index, row: 0, seat: 0 };
    }
  }
  return null;
}

/** A cursor that still points at a seat after an edit, or the nearest one that does. */
export function clampCursor(layout: VenueLayout, cursor: SeatRef | null): SeatRef | null {
  if (!cursor) return firstSeatFrom(layout);
  const section = layout.sections[cursor.section];
  if (section?.kind !== 'SEATED') return firstSeatFrom(layout, cursor.section);
  const row = Math.min(cursor.row, section.rows.length - 1);
  const seats = section.rows[row]?.seats.length ?? 1;
  return { section: cursor.section, row, seat: Math.min(cursor.seat, seats - 1) };
}

/** The index of the seat in a row nearest to a horizontal place (for up and down). */
function nearestSeat(xs: Float64Array | undefined, x: number): number {
  if (!xs || xs.length === 0) return 0;
  let best = 0;
  for (let i = 1; i < xs.length; i += 1) {
    if (Math.abs((xs[i] ?? 0) - x) < Math.abs((xs[best] ?? 0) - x)) best = i;
  }
  return best;
}

/**
 * Where a key moves the cursor: arrows to the next seat or row (up and down keep the place in
 * the row, across aisles), Home/End to the row's ends, PageUp/PageDown to the previous or next
 * section. Null when the key is not a move.
 */
export function moveCursor(layout: VenueLayout, cursor: SeatRef, key: string): SeatRef | null {
  const section = layout.sections[cursor.section];
  if (key === 'PageDown') return firstSeatFrom(layout, cursor.section + 1, 1);
  if (key === 'PageUp') return firstSeatFrom(layout, cursor.section - 1, -1);
  if (section?.kind !== 'SEATED') return null;
  const row = section.rows[cursor.row];
  const last = (row?.seats.length ?? 1) - 1;
  switch (key) {
    case 'ArrowLeft':
      return { ...cursor, seat: Math.max(0, cursor.seat - 1) };
    case 'ArrowRight':
      return { ...cursor, seat: Math.min(last, cursor.seat + 1) };
    case 'Home':
      return { ...cursor, seat: 0 };
    case 'End':
      return { ...cursor, seat: last };
    case 'ArrowUp':
    case 'ArrowDown': {
      const target = cursor.row + (key === 'ArrowUp' ? -1 : 1);
      if (target < 0 || target >= section.rows.length) return cursor;
      const shape = sectionShape(section);
      if (shape.kind !== 'SEATED') return cursor;
      const x = shape.rowXs[cursor.row]?.[cursor.seat] ?? 0;
      return { ...cursor, row: target, seat: nearestSeat(shape.rowXs[target], x) };
    }
    default:
      return null;
  }
}

export const seatTagLabels: Record<SeatTag, string> = {
  WHEELCHAIR: '휠체어석',
  COMPANION: '동반석',
  RESTRICTED_VIEW: '시야제한석',
  HELD: '홀드석',
  KILLED: '판매 안 함',
};

/** One seat read out: 'A구역 3열 5번, VIP석, 휠체어석'. */
export function describeSeat(layout: VenueLayout, ref: SeatRef): string {
  const section = layout.sections[ref.section];
  if (section?.kind !== 'SEATED') return '';
  const row = section.rows[ref.row];
  const seat = row?.seats[ref.seat];
  if (!row || !seat) return '';
  const grade =
    layout.grades.find((g) => g.code === seat.grade)?.name ?? `등급 없음(${seat.grade})`;
  const tags = (seat.tags ?? []).map((tag) =>
    tag === 'COMPANION' && seat.companionOf !== undefined
      ? `${seat.companionOf}번 휠체어석의 동반석`
      : seatTagLabels[tag],
  );
  return [`${sectionLabel(section.name)} ${row.row}열 ${seat.number}번`, grade, ...tags].join(', ');
}
