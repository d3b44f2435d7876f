import type { VenueLayout } from '@curtaincall/contracts';
import { formatNumber } from '@/lib/format';
import {
  intersects,
  seatSize,
  rowPitch,
  type LayoutGeometry,
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

export interface DrawOptions {
  layout: VenueLayout;
  geometry: LayoutGeometry;
  view: View;
  /** CSS pixels. */
  width: number;
  height: number;
  selection: SeatSelection;
  cursor: SeatRef | null;
  activeSection: number | null;
  /** A section being dragged: drawn at its box moved by (dx, dy). */
  moving: { index: number; dx: number; dy: number } | null;
  marquee: Rect | null;
  /** The buyer's view: no selection, cursor or section outlines. */
  isPreview: boolean;
  /** The seller's seat management: held seats get an outline besides their faded colour. */
  outlineHeld?: boolean;
  /** Seats buyers hold or bought (seat management): a dark dot in the middle. */
  taken?: SeatSelection;
}

const colors = {
  background: '#101016',
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

/**
 * Draws the layout on a 2D canvas: seats batched by fill colour (one fillStyle per grade, one
 * fillRect per seat), sections outside the view skipped. Tags are marks on top: KILLED seats
 * grey, HELD seats faded (and outlined for seat management), wheelchair and restricted-view
 * seats marked, companions dotted, seats buyers have (seat management) with a dark centre.
 */
export function drawLayout(ctx: CanvasRenderingContext2D, options: DrawOptions): void {
  const { layout, geometry, view, width, height, isPreview } = options;
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, width, height);
  const visible: Rect = {
    x: view.offsetX,
    y: view.offsetY,
    width: width / view.scale,
    height: height / view.scale,
  };
  const sx = (x: number) => (x - view.offsetX) * view.scale;
  const sy = (y: number) => (y - view.offsetY) * view.scale;
  const size = Math.max(1, seatSize * view.scale);

  if (geometry.stage) {
    const stage = geometry.stage;
    ctx.fillStyle = colors.stage;
    ctx.fillRect(sx(stage.x), sy(stage.y), stage.width * view.scale, stage.height * view.scale);
    ctx.fillStyle = colors.stageText;
    ctx.font = `${Math.max(10, Math.min(24, stage.height * view.scale * 0.4))}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('무대', sx(stage.x + stage.width / 2), sy(stage.y + stage.height / 2));
  }

  const colorByCode = new Map(layout.grades.map((grade, i) => [grade.code, gradeColor(layout, i)]));
  const byColor = new Map<string, number[]>();
  const faded = new Map<string, number[]>();
  const killed: number[] = [];
  const wheelchairs: number[] = [];
  const restricted: number[] = [];
  const companions: number[] = [];
  const selected: number[] = [];
  const heldSeats: number[] = [];
  const takenSeats: number[] = [];
  let cursorAt: [number, number] | null = null;

  for (const placed of geometry.sections) {
    const section = layout.sections[placed.index];
    if (!section) continue;
    const isMoving = options.moving?.index === placed.index;
    const box = isMoving
      ? {
          ...placed.box,
          x: placed.box.x + (options.moving?.dx ?? 0),
          y: placed.box.y + (options.moving?.dy ?? 0),
        }
      : placed.box;
    if (!intersects(box, visible)) continue;
    const isActive = !isPreview && options.activeSection === placed.index;
    if (section.kind === 'STANDING') {
      const color = colorByCode.get(section.grade) ?? colors.killed;
      ctx.globalAlpha = 0.35;
      ctx.fillStyle = color;
      ctx.fillRect(sx(box.x), sy(box.y), box.width * view.scale, box.height * view.scale);
      ctx.globalAlpha = 1;
      ctx.strokeStyle = isActive ? colors.activeOutline : color;
      ctx.lineWidth = isActive ? 2 : 1;
      ctx.strokeRect(sx(box.x), sy(box.y), box.width * view.scale, box.height * view.scale);
      ctx.fillStyle = colors.standingText;
      ctx.font = '12px sans-serif';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(
        `${section.name} 스탠딩 ${formatNumber(section.capacity)}명`,
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
    ctx.font = '12px sans-serif';
    ctx.textAlign = 'left';
    ctx.textBaseline = 'bottom';
    ctx.fillText(section.name, sx(box.x), sy(box.y) - 5);
    const firstRow = Math.max(0, Math.floor((visible.y - box.y) / rowPitch));
    const lastRow = Math.min(
      section.rows.length - 1,
      Math.ceil((visible.y + visible.height - box.y) / rowPitch),
    );
    for (let r = firstRow; r <= lastRow; r += 1) {
      const row = section.rows[r];
      const xs = placed.shape.rowXs[r];
      if (!row || !xs) continue;
      const y = sy(box.y + r * rowPitch);
      const selectedRow = isPreview ? undefined : options.selection.get(`${placed.index}:${r}`);
      const takenRow = options.taken?.get(`${placed.index}:${r}`);
      for (let i = 0; i < row.seats.length; i += 1) {
        const seat = row.seats[i];
        if (!seat) continue;
        const x = sx(box.x + (xs[i] ?? 0));
        if (x + size < 0 || x > width) continue;
        const tags = seat.tags;
        if (tags?.includes('KILLED')) {
          killed.push(x, y);
        } else {
          const color = colorByCode.get(seat.grade) ?? colors.killed;
          const isHeld = tags?.includes('HELD') ?? false;
          const target = isHeld ? faded : byColor;
          if (isHeld && options.outlineHeld) heldSeats.push(x, y);
          let list = target.get(color);
          if (!list) {
            list = [];
            target.set(color, list);
          }
          list.push(x, y);
          if (tags?.includes('WHEELCHAIR')) wheelchairs.push(x, y);
          if (tags?.includes('RESTRICTED_VIEW')) restricted.push(x, y);
          if (tags?.includes('COMPANION')) companions.push(x, y);
        }
        if (selectedRow?.has(i)) selected.push(x, y);
        if (takenRow?.has(i)) takenSeats.push(x, y);
        const cursor = options.cursor;
        if (
          !isPreview &&
          cursor &&
          cursor.section === placed.index &&
          cursor.row === r &&
          cursor.seat === i
        ) {
          cursorAt = [x, y];
        }
      }
    }
  }

  const fill = (coords: number[], s: number, dx = 0, dy = 0) => {
    for (let i = 0; i < coords.length; i += 2)
      ctx.fillRect((coords[i] ?? 0) + dx, (coords[i + 1] ?? 0) + dy, s, s);
  };
  for (const [color, coords] of byColor) {
    ctx.fillStyle = color;
    fill(coords, size);
  }
  ctx.globalAlpha = 0.35;
  for (const [color, coords] of faded) {
    ctx.fillStyle = color;
    fill(coords, size);
  }
  ctx.globalAlpha = 1;
  ctx.fillStyle = colors.killed;
  fill(killed, size);
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
  if (cursorAt) {
    ctx.strokeStyle = colors.cursor;
    ctx.lineWidth = 2;
    const pad = Math.max(2, size / 3);
    ctx.strokeRect(cursorAt[0] - pad, cursorAt[1] - pad, size + pad * 2, size + pad * 2);
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
