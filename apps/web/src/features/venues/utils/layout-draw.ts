import type { VenueLayout } from '@curtaincall/contracts';
import { formatNumber } from '@/lib/format';
import {
  intersects,
  seatSize,
  rowPitch,
  type LayoutGeometry,
  type PlacedSection,
  type Rect,
  type SeatRef,
} from './layout-geometry';
import type { SeatSelection } from './layout-selection';
import { gradeColor } from './layout-stats';

/** Screen pixel = (layout unit − offset) × scale. */
export interface View {
  scale: number;
  offsetX: number;
  offsetY: number;
}

/** The view that shows the whole of `bounds` in a `width` × `height` canvas, with a margin. */
export function fitView(bounds: Rect, width: number, height: number): View {
  const margin = 16;
  const scale = Math.max(
    0.05,
    Math.min(4, (width - margin * 2) / bounds.width, (height - margin * 2) / bounds.height),
  );
  return {
    scale,
    offsetX: bounds.x - (width / scale - bounds.width) / 2,
    offsetY: bounds.y - (height / scale - bounds.height) / 2,
  };
}

/** A screen point (CSS pixels in the canvas) in layout units. */
export function toLayoutPoint(view: View, x: number, y: number) {
  return { x: x / view.scale + view.offsetX, y: y / view.scale + view.offsetY };
}

/** The view zoomed by `factor` around a screen point, which stays where it is. */
export function zoomView(view: View, factor: number, x: number, y: number): View {
  const scale = Math.max(0.05, Math.min(8, view.scale * factor));
  const anchor = toLayoutPoint(view, x, y);
  return { scale, offsetX: anchor.x - x / scale, offsetY: anchor.y - y / scale };
}

/** A section being dragged: drawn at its box moved by (dx, dy). */
export interface MovingSection {
  index: number;
  dx: number;
  dy: number;
}

/** What the seats layer shows (layout-canvas.tsx keeps it in an offscreen canvas). */
export interface SeatLayerOptions {
  layout: VenueLayout;
  geometry: LayoutGeometry;
  view: View;
  /** CSS pixels. */
  width: number;
  height: number;
  selection: SeatSelection;
  activeSection: number | null;
  moving: MovingSection | null;
  /** The buyer's view: no selection, cursor or section outlines. */
  isPreview: boolean;
  /** The seller's seat management: held seats get an outline besides their faded colour. */
  outlineHeld?: boolean;
  /** Seats buyers hold or bought (seat management): a dark dot in the middle. */
  taken?: SeatSelection;
}

/** What is drawn over the seats layer on every frame: cheap, redrawn as the pointer moves. */
export interface OverlayOptions {
  geometry: LayoutGeometry;
  view: View;
  width: number;
  height: number;
  cursor: SeatRef | null;
  moving: MovingSection | null;
  marquee: Rect | null;
  isPreview: boolean;
}

export type DrawOptions = SeatLayerOptions & OverlayOptions;

/** The canvas's background, which a region redraw starts from. */
export const layerBackground = '#101016';

const colors = {
  background: layerBackground,
  stage: '#3a3a48',
  stageText: '#e4e4e7',
  sectionOutline: 'rgba(255,255,255,0.12)',
  activeOutline: '#fb7185',
  label: '#a1a1aa',
  killed: '#3f3f46',
  selection: '#ffffff',
  cursor: '#fb7185',
  wheelchair: '#38bdf8',
  restricted: '#fbbf24',
  standingText: '#f4f4f5',
  marquee: 'rgba(251,113,133,0.9)',
  heldOutline: '#c4b5fd',
  taken: '#09090b',
};

const labelFont = '12px sans-serif';
/**
 * Screen pixels a seat's drawing may reach outside its square (selection outline, wheelchair
 * mark) and a section's outside its box (outline 3 px out, 2 px wide).
 */
const seatBleedPx = 3;
const sectionBleedPx = 5;
/** The section name sits above the box: its baseline 5 px up, a 12 px font. */
const labelHeightPx = 22;

/** A section's box where it is drawn: moved by the drag of a section being moved. */
export function drawnBox(placed: PlacedSection, moving: MovingSection | null): Rect {
  return moving?.index === placed.index
    ? { ...placed.box, x: placed.box.x + moving.dx, y: placed.box.y + moving.dy }
    : placed.box;
}

/**
 * Everything one section paints on the seats layer, in screen (CSS) pixels: its box with the
 * outline, its name above, a standing section's text. `ctx` measures the text.
 */
export function sectionExtent(
  ctx: CanvasRenderingContext2D,
  layout: VenueLayout,
  placed: PlacedSection,
  view: View,
  moving: MovingSection | null,
): Rect {
  const box = drawnBox(placed, moving);
  const left = (box.x - view.offsetX) * view.scale;
  const top = (box.y - view.offsetY) * view.scale;
  const width = box.width * view.scale;
  const height = box.height * view.scale;
  const section = layout.sections[placed.index];
  ctx.font = labelFont;
  let right = left + width + sectionBleedPx;
  let textLeft = left - sectionBleedPx;
  let textTop = top - sectionBleedPx;
  if (section?.kind === 'STANDING') {
    const text = ctx.measureText(standingText(section.name, section.capacity)).width;
    textLeft = Math.min(textLeft, left + width / 2 - text / 2 - sectionBleedPx);
    right = Math.max(right, left + width / 2 + text / 2 + sectionBleedPx);
    textTop = Math.min(textTop, top + height / 2 - labelHeightPx / 2);
  } else if (section) {
    right = Math.max(right, left + ctx.measureText(section.name).width + sectionBleedPx);
    textTop = top - labelHeightPx;
  }
  const bottom = Math.max(top + height + sectionBleedPx, textTop + labelHeightPx);
  return { x: textLeft, y: textTop, width: right - textLeft, height: bottom - textTop };
}

function standingText(name: string, capacity: number) {
  return `${name} 스탠딩 ${formatNumber(capacity)}명`;
}

/** Seat coordinates (screen x, y pairs) or runs (x, y, width triples) of one fill. */
type Coords = number[];

/**
 * Draws the seats layer on a 2D canvas: background, stage, sections with their outlines and
 * names, seats batched by fill (one fillStyle per grade), then the marks on top: KILLED seats
 * grey, HELD seats faded (and outlined for seat management), wheelchair and restricted-view
 * seats marked, companions dotted, seats buyers have (seat management) with a dark centre,
 * selected seats outlined. Zoomed out until neighbouring squares touch or overlap, a row's run
 * of seats of one fill is one rectangle (the same shape, a fraction of the calls).
 *
 * `region` (screen pixels, whole device pixels once scaled) redraws only that part: the caller
 * clips to it, and only what paints inside it is drawn, in the order a full draw draws it, so
 * the pixels are the full draw's.
 */
export function drawSeatLayer(
  ctx: CanvasRenderingContext2D,
  options: SeatLayerOptions,
  region?: Rect,
): void {
  const { layout, geometry, view, width, height, isPreview } = options;
  const area = region ?? { x: 0, y: 0, width, height };
  ctx.fillStyle = colors.background;
  ctx.fillRect(area.x, area.y, area.width, area.height);
  const visible: Rect = {
    x: view.offsetX,
    y: view.offsetY,
    width: width / view.scale,
    height: height / view.scale,
  };
  // The region in layout units, grown by what a seat paints outside its square.
  const bleed = seatBleedPx / view.scale;
  const cull: Rect = {
    x: area.x / view.scale + view.offsetX - bleed,
    y: area.y / view.scale + view.offsetY - bleed,
    width: area.width / view.scale + bleed * 2,
    height: area.height / view.scale + bleed * 2,
  };
  const sx = (x: number) => (x - view.offsetX) * view.scale;
  const sy = (y: number) => (y - view.offsetY) * view.scale;
  const size = Math.max(1, seatSize * view.scale);
  const areaLeft = area.x - seatBleedPx;
  const areaRight = area.x + area.width + seatBleedPx;

  if (geometry.stage && intersects(geometry.stage, cull)) {
    const stage = geometry.stage;
    ctx.fillStyle = colors.stage;
    ctx.fillRect(sx(stage.x), sy(stage.y), stage.width * view.scale, stage.height * view.scale);
    ctx.fillStyle = colors.stageText;
    ctx.font = `${Math.max(10, Math.min(24, stage.height * view.scale * 0.4))}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('무대', sx(stage.x + stage.width / 2), sy(stage.y + stage.height / 2));
  }

  // Fills per grade (by index; the last one for an unknown grade), in grade order, so a region
  // redraw fills in the same order as the full draw.
  const fillColors = [...layout.grades.map((_, i) => gradeColor(layout, i)), colors.killed];
  const unknownGrade = layout.grades.length;
  const gradeIndex = new Map(layout.grades.map((grade, i) => [grade.code, i]));
  const solid: Coords[] = fillColors.map(() => []);
  const faded: Coords[] = fillColors.map(() => []);
  const killed: Coords = [];
  const wheelchairs: Coords = [];
  const restricted: Coords = [];
  const companions: Coords = [];
  const selected: Coords = [];
  const heldSeats: Coords = [];
  const takenSeats: Coords = [];

  for (const placed of geometry.sections) {
    const section = layout.sections[placed.index];
    if (!section) continue;
    const box = drawnBox(placed, options.moving);
    if (!intersects(box, visible)) continue;
    if (region && !intersects(sectionExtent(ctx, layout, placed, view, options.moving), area)) {
      continue;
    }
    const isActive = !isPreview && options.activeSection === placed.index;
    if (section.kind === 'STANDING') {
      const color = fillColors[gradeIndex.get(section.grade) ?? unknownGrade] ?? colors.killed;
      ctx.globalAlpha = 0.35;
      ctx.fillStyle = color;
      ctx.fillRect(sx(box.x), sy(box.y), box.width * view.scale, box.height * view.scale);
      ctx.globalAlpha = 1;
      ctx.strokeStyle = isActive ? colors.activeOutline : color;
      ctx.lineWidth = isActive ? 2 : 1;
      ctx.strokeRect(sx(box.x), sy(box.y), box.width * view.scale, box.height * view.scale);
      ctx.fillStyle = colors.standingText;
      ctx.font = labelFont;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(
        standingText(section.name, section.capacity),
        sx(box.x + box.width / 2),
        sy(box.y + box.height / 2),
      );
      continue;
    }
    if (placed.shape.kind !== 'SEATED') continue;
    if (!isPreview) {
      ctx.strokeStyle = isActive ? colors.activeOutline : colors.sectionOutline;
      ctx.lineWidth = isActive ? 2 : 1;
      ctx.strokeRect(
        sx(box.x) - 3,
        sy(box.y) - 3,
        box.width * view.scale + 6,
        box.height * view.scale + 6,
      );
    }
    ctx.fillStyle = colors.label;
    ctx.font = labelFont;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'bottom';
    ctx.fillText(section.name, sx(box.x), sy(box.y) - 5);
    const firstRow = Math.max(
      0,
      Math.floor((visible.y - box.y) / rowPitch),
      Math.floor((cull.y - box.y) / rowPitch),
    );
    const lastRow = Math.min(
      section.rows.length - 1,
      Math.ceil((visible.y + visible.height - box.y) / rowPitch),
      Math.ceil((cull.y + cull.height - box.y) / rowPitch),
    );
    for (let r = firstRow; r <= lastRow; r += 1) {
      const row = section.rows[r];
      const xs = placed.shape.rowXs[r];
      if (!row || !xs) continue;
      const y = sy(box.y + r * rowPitch);
      const selectedRow = isPreview ? undefined : options.selection.get(`${placed.index}:${r}`);
      const takenRow = options.taken?.get(`${placed.index}:${r}`);
      // The open run of one fill: its list, where it starts and where its last square starts.
      let runList: Coords | null = null;
      let runStart = 0;
      let runLast = 0;
      const closeRun = () => {
        if (runList) runList.push(runStart, y, runLast - runStart + size);
        runList = null;
      };
      for (let i = 0; i < row.seats.length; i += 1) {
        const seat = row.seats[i];
        if (!seat) continue;
        const x = sx(box.x + (xs[i] ?? 0));
        if (x + size < 0 || x > width || x + size < areaLeft || x > areaRight) continue;
        const tags = seat.tags;
        let list: Coords;
        if (tags?.includes('KILLED')) {
          list = killed;
        } else {
          const grade = gradeIndex.get(seat.grade) ?? unknownGrade;
          const isHeld = tags?.includes('HELD') ?? false;
          list = (isHeld ? faded : solid)[grade] ?? killed;
          if (isHeld && options.outlineHeld) heldSeats.push(x, y);
          if (tags?.includes('WHEELCHAIR')) wheelchairs.push(x, y);
          if (tags?.includes('RESTRICTED_VIEW')) restricted.push(x, y);
          if (tags?.includes('COMPANION')) companions.push(x, y);
        }
        // Squares that touch or overlap their neighbour (zoomed far out) join its run.
        if (list === runList && x >= runLast && x - runLast <= size) {
          runLast = x;
        } else {
          closeRun();
          runList = list;
          runStart = x;
          runLast = x;
        }
        if (selectedRow?.has(i)) selected.push(x, y);
        if (takenRow?.has(i)) takenSeats.push(x, y);
      }
      closeRun();
    }
  }

  const fillRuns = (runs: Coords) => {
    for (let i = 0; i < runs.length; i += 3)
      ctx.fillRect(runs[i] ?? 0, runs[i + 1] ?? 0, runs[i + 2] ?? 0, size);
  };
  const fill = (coords: Coords, s: number, dx = 0, dy = 0) => {
    for (let i = 0; i < coords.length; i += 2)
      ctx.fillRect((coords[i] ?? 0) + dx, (coords[i + 1] ?? 0) + dy, s, s);
  };
  solid.forEach((runs, i) => {
    if (runs.length === 0) return;
    ctx.fillStyle = fillColors[i] ?? colors.killed;
    fillRuns(runs);
  });
  ctx.globalAlpha = 0.35;
  faded.forEach((runs, i) => {
    if (runs.length === 0) return;
    ctx.fillStyle = fillColors[i] ?? colors.killed;
    fillRuns(runs);
  });
  ctx.globalAlpha = 1;
  ctx.fillStyle = colors.killed;
  fillRuns(killed);
  // Marks sit in the seat's corners, a third of its size (still visible when zoomed out).
  const mark = Math.max(1, size / 3);
  ctx.fillStyle = colors.wheelchair;
  fill(wheelchairs, mark * 2, 0, 0);
  ctx.fillStyle = colors.restricted;
  fill(restricted, mark, size - mark, 0);
  ctx.fillStyle = colors.selection;
  fill(companions, mark, 0, size - mark);

  if (takenSeats.length > 0) {
    ctx.fillStyle = colors.taken;
    fill(takenSeats, mark, (size - mark) / 2, (size - mark) / 2);
  }
  if (heldSeats.length > 0) {
    ctx.strokeStyle = colors.heldOutline;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let i = 0; i < heldSeats.length; i += 2)
      ctx.rect((heldSeats[i] ?? 0) + 0.5, (heldSeats[i + 1] ?? 0) + 0.5, size - 1, size - 1);
    ctx.stroke();
  }
  if (selected.length > 0) {
    ctx.strokeStyle = colors.selection;
    ctx.lineWidth = Math.max(1, Math.min(2, size / 4));
    ctx.beginPath();
    for (let i = 0; i < selected.length; i += 2)
      ctx.rect((selected[i] ?? 0) - 1, (selected[i + 1] ?? 0) - 1, size + 2, size + 2);
    ctx.stroke();
  }
}

/** The keyboard cursor and the drag rectangle, over the seats layer. */
export function drawOverlay(ctx: CanvasRenderingContext2D, options: OverlayOptions): void {
  const { geometry, view, cursor } = options;
  const sx = (x: number) => (x - view.offsetX) * view.scale;
  const sy = (y: number) => (y - view.offsetY) * view.scale;
  const size = Math.max(1, seatSize * view.scale);
  const placed = cursor ? geometry.sections[cursor.section] : undefined;
  if (!options.isPreview && cursor && placed?.shape.kind === 'SEATED') {
    const seatX = placed.shape.rowXs[cursor.row]?.[cursor.seat];
    if (seatX !== undefined) {
      const box = drawnBox(placed, options.moving);
      const x = sx(box.x + seatX);
      const y = sy(box.y + cursor.row * rowPitch);
      ctx.strokeStyle = colors.cursor;
      ctx.lineWidth = 2;
      const pad = Math.max(2, size / 3);
      ctx.strokeRect(x - pad, y - pad, size + pad * 2, size + pad * 2);
    }
  }
  if (options.marquee) {
    const m = options.marquee;
    ctx.strokeStyle = colors.marquee;
    ctx.lineWidth = 1;
    ctx.setLineDash([4, 3]);
    ctx.strokeRect(sx(m.x), sy(m.y), m.width * view.scale, m.height * view.scale);
    ctx.setLineDash([]);
  }
}

/** The seats layer and the overlay in one pass (what a screen shows). */
export function drawLayout(ctx: CanvasRenderingContext2D, options: DrawOptions): void {
  drawSeatLayer(ctx, options);
  drawOverlay(ctx, options);
}
