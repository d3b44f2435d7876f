import type { LayoutSection, VenueLayout } from '@curtaincall/contracts';

/**
 * Where everything of a layout is drawn, in layout units (docs/venue-layout.md): one seat is
 * `seatPitch` wide, one row `rowPitch` tall, the stage at the top. A seat without `x` sits one
 * pitch right of the seat before it, so a seat with a larger `x` opens an aisle and every seat
 * after it keeps the gap.
 */
export const seatPitch = 10;
export const rowPitch = 12;
/** The drawn square of a seat: smaller than the pitch so neighbours stay apart. */
export const seatSize = 8;
/** Gap between sections placed automatically (no `position` in the document). */
const autoGap = 40;
const defaultStandingSize = { width: 200, height: 100 };

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

type SeatedSection = Extract<LayoutSection, { kind: 'SEATED' }>;

/** A seated section's seats relative to its own corner: x per seat, per row (row i at i × rowPitch). */
export interface SeatedShape {
  kind: 'SEATED';
  rowXs: Float64Array[];
  width: number;
  height: number;
}

export interface StandingShape {
  kind: 'STANDING';
  width: number;
  height: number;
}

export type SectionShape = SeatedShape | StandingShape;

export interface PlacedSection {
  index: number;
  shape: SectionShape;
  /** The section's corner and size in the hall. */
  box: Rect;
}

export interface LayoutGeometry {
  sections: PlacedSection[];
  stage: Rect | null;
  /** Everything drawn, for fitting the view. */
  bounds: Rect;
}

/**
 * Shapes are cached per section object: an edit replaces only the sections it touches (the
 * layout is updated with structural sharing), so a paint re-measures nothing at all and a row
 * edit re-measures one section, not 50,000 seats.
 */
const shapeCache = new WeakMap<LayoutSection, SectionShape>();

function measureSeated(section: SeatedSection): SeatedShape {
  let width = 0;
  const rowXs = section.rows.map((row) => {
    const xs = new Float64Array(row.seats.length);
    let previous = -seatPitch;
    row.seats.forEach((seat, i) => {
      const x = seat.x ?? previous + seatPitch;
      xs[i] = x;
      previous = x;
      width = Math.max(width, x + seatPitch);
    });
    return xs;
  });
  return { kind: 'SEATED', rowXs, width, height: section.rows.length * rowPitch };
}

export function sectionShape(section: LayoutSection): SectionShape {
  const cached = shapeCache.get(section);
  if (cached) return cached;
  const shape: SectionShape =
    section.kind === 'SEATED'
      ? measureSeated(section)
      : { kind: 'STANDING', ...(section.size ?? defaultStandingSize) };
  shapeCache.set(section, shape);
  return shape;
}

/**
 * Every section's box: its `position`, or for a section without one the next place in a line
 * under the stage, left to right (the order of the document), so any valid document draws.
 */
export function measureLayout(layout: VenueLayout): LayoutGeometry {
  const stage = layout.stage ? { ...layout.stage.position, ...layout.stage.size } : null;
  const autoTop = stage ? stage.y + stage.height + autoGap : 0;
  let autoLeft = stage ? stage.x : 0;
  const sections = layout.sections.map((section, index) => {
    const shape = sectionShape(section);
    let corner = section.position;
    if (!corner) {
      corner = { x: autoLeft, y: autoTop };
      autoLeft += shape.width + autoGap;
    }
    return { index, shape, box: { ...corner, width: shape.width, height: shape.height } };
  });
  return {
    sections,
    stage,
    bounds: unionOf([...(stage ? [stage] : []), ...sections.map((s) => s.box)]),
  };
}

function unionOf(rects: Rect[]): Rect {
  if (rects.length === 0) return { x: 0, y: 0, width: 1, height: 1 };
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const rect of rects) {
    left = Math.min(left, rect.x);
    top = Math.min(top, rect.y);
    right = Math.max(right, rect.x + rect.width);
    bottom = Math.max(bottom, rect.y + rect.height);
  }
  return { x: left, y: top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The rectangle between two points, whichever way the drag went. */
export function rectBetween(a: { x: number; y: number }, b: { x: number; y: number }): Rect {
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
  };
}

/** One seat by its indexes in the document (section, row, seat), not by its printed numbers. */
export interface SeatRef {
  section: number;
  row: number;
  seat: number;
}

/** Seats of one row by index, ascending: the unit every edit works in. */
export interface SeatGroup {
  section: number;
  row: number;
  seats: number[];
}

/** The seat under a point, or null (aisles and the space between seats are not seats). */
export function seatAt(geometry: LayoutGeometry, point: { x: number; y: number }): SeatRef | null {
  for (const placed of geometry.sections) {
    if (placed.shape.kind !== 'SEATED') continue;
    const { box } = placed;
    if (point.x < box.x || point.y < box.y || point.x >= box.x + box.width) continue;
    const row = Math.floor((point.y - box.y) / rowPitch);
    const xs = placed.shape.rowXs[row];
    if (!xs) continue;
    const localX = point.x - box.x;
    for (let i = 0; i < xs.length; i += 1) {
      const x = xs[i] ?? 0;
      if (localX >= x && localX < x + seatPitch) return { section: placed.index, row, seat: i };
    }
  }
  return null;
}

/** The section whose box holds a point (the topmost one, drawn last), or null. */
export function sectionAt(
  geometry: LayoutGeometry,
  point: { x: number; y: number },
): number | null {
  for (let i = geometry.sections.length - 1; i >= 0; i -= 1) {
    const placed = geometry.sections[i];
    if (placed && intersects(placed.box, { ...point, width: 0.001, height: 0.001 })) {
      return placed.index;
    }
  }
  return null;
}

/**
 * The seats whose square meets a rectangle, as row groups. Only the rows the rectangle crosses
 * are read, so the cost follows the seats under it, not the size of the hall.
 */
export function seatsInRect(geometry: LayoutGeometry, rect: Rect): SeatGroup[] {
  const groups: SeatGroup[] = [];
  for (const placed of geometry.sections) {
    if (placed.shape.kind !== 'SEATED' || !intersects(placed.box, rect)) continue;
    const { box, shape } = placed;
    const firstRow = Math.max(0, Math.floor((rect.y - box.y - seatSize) / rowPitch) + 1);
    const lastRow = Math.min(
      shape.rowXs.length - 1,
      Math.floor((rect.y + rect.height - box.y) / rowPitch),
    );
    const left = rect.x - box.x;
    const right = left + rect.width;
    for (let row = firstRow; row <= lastRow; row += 1) {
      const top = row * rowPitch;
      if (top >= rect.y + rect.height - box.y || top + seatSize <= rect.y - box.y) continue;
      const xs = shape.rowXs[row];
      if (!xs) continue;
      const seats: number[] = [];
      for (let i = 0; i < xs.length; i += 1) {
        const x = xs[i] ?? 0;
        if (x < right && x + seatSize > left) seats.push(i);
      }
      if (seats.length > 0) groups.push({ section: placed.index, row, seats });
    }
  }
  return groups;
}

/** The drawn square of one seat in the hall. */
export function seatRect(geometry: LayoutGeometry, ref: SeatRef): Rect | null {
  const placed = geometry.sections[ref.section];
  if (!placed || placed.shape.kind !== 'SEATED') return null;
  const x = placed.shape.rowXs[ref.row]?.[ref.seat];
  if (x === undefined) return null;
  return {
    x: placed.box.x + x,
    y: placed.box.y + ref.row * rowPitch,
    width: seatSize,
    height: seatSize,
  };
}
