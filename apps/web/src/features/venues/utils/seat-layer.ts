import type { Rect } from './layout-geometry';
import type { SeatSelection } from './layout-selection';
import {
  drawSeatLayer,
  layerBackground,
  sectionExtent,
  type SeatLayerOptions,
} from './layout-draw';

/** Above this many changed sections one full redraw is simpler than many small ones. */
const maxRegions = 12;

/**
 * What of the seats layer must be drawn again to show `next` where it showed `previous`:
 * 'all', or the screen rectangles (CSS pixels) of the sections that changed (an edit replaces
 * only the section objects it touches; a selection only the rows it touches), each covering
 * what that section painted before and paints now. Empty: the layer is current.
 */
export function staleRegions(
  ctx: CanvasRenderingContext2D,
  previous: SeatLayerOptions | null,
  next: SeatLayerOptions,
): 'all' | Rect[] {
  if (
    !previous ||
    previous.view !== next.view ||
    previous.width !== next.width ||
    previous.height !== next.height ||
    previous.isPreview !== next.isPreview ||
    previous.outlineHeld !== next.outlineHeld ||
    previous.layout.grades !== next.layout.grades ||
    previous.geometry.stage?.x !== next.geometry.stage?.x ||
    previous.geometry.stage?.y !== next.geometry.stage?.y ||
    previous.geometry.stage?.width !== next.geometry.stage?.width ||
    previous.geometry.stage?.height !== next.geometry.stage?.height ||
    previous.geometry.sections.length !== next.geometry.sections.length
  ) {
    return 'all';
  }
  const stale = new Set<number>();
  if (previous.layout !== next.layout || previous.geometry !== next.geometry) {
    next.geometry.sections.forEach((placed, i) => {
      const before = previous.geometry.sections[i];
      if (
        previous.layout.sections[i] !== next.layout.sections[i] ||
        !before ||
        before.shape !== placed.shape ||
        before.box.x !== placed.box.x ||
        before.box.y !== placed.box.y
      ) {
        stale.add(i);
      }
    });
  }
  if (previous.activeSection !== next.activeSection) {
    if (previous.activeSection !== null) stale.add(previous.activeSection);
    if (next.activeSection !== null) stale.add(next.activeSection);
  }
  const movedBefore = previous.moving;
  const movedNow = next.moving;
  if (
    movedBefore?.index !== movedNow?.index ||
    movedBefore?.dx !== movedNow?.dx ||
    movedBefore?.dy !== movedNow?.dy
  ) {
    if (movedBefore) stale.add(movedBefore.index);
    if (movedNow) stale.add(movedNow.index);
  }
  if (!next.isPreview) addChangedRows(stale, previous.selection, next.selection);
  addChangedRows(stale, previous.taken, next.taken);
  if (stale.size > maxRegions) return 'all';
  const regions: Rect[] = [];
  for (const index of stale) {
    const before = previous.geometry.sections[index];
    const now = next.geometry.sections[index];
    if (!before || !now) return 'all';
    const a = sectionExtent(ctx, previous.layout, before, previous.view, previous.moving);
    const b = sectionExtent(ctx, next.layout, now, next.view, next.moving);
    const left = Math.min(a.x, b.x);
    const top = Math.min(a.y, b.y);
    const right = Math.max(a.x + a.width, b.x + b.width);
    const bottom = Math.max(a.y + a.height, b.y + b.height);
    // Only what is on the canvas.
    const x = Math.max(0, left);
    const y = Math.max(0, top);
    const width = Math.min(next.width, right) - x;
    const height = Math.min(next.height, bottom) - y;
    if (width > 0 && height > 0) regions.push({ x, y, width, height });
  }
  return regions;
}

/** Sections with a row whose marks differ (rows unchanged keep their Set: see addGroups). */
function addChangedRows(
  stale: Set<number>,
  before: SeatSelection | undefined,
  now: SeatSelection | undefined,
) {
  if (before === now) return;
  const mark = (key: string) => stale.add(Number(key.slice(0, key.indexOf(':'))));
  for (const [key, seats] of before ?? []) if (now?.get(key) !== seats) mark(key);
  for (const [key, seats] of now ?? []) if (before?.get(key) !== seats) mark(key);
}

/** The seats layer: an offscreen canvas of device pixels and what it shows. */
export interface SeatLayer {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
  ratio: number;
  drawn: SeatLayerOptions | null;
}

export function createSeatLayer(): SeatLayer | null {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  return ctx ? { canvas, ctx, ratio: 0, drawn: null } : null;
}

/**
 * Brings the layer up to `options` at `ratio` device pixels per CSS pixel: the stale regions
 * only, each cleared and clipped on whole device pixels (so what is drawn there is what a full
 * redraw draws), or everything after a resize or a new view.
 */
export function updateSeatLayer(layer: SeatLayer, ratio: number, options: SeatLayerOptions) {
  const pixelWidth = Math.round(options.width * ratio);
  const pixelHeight = Math.round(options.height * ratio);
  const { canvas, ctx } = layer;
  if (canvas.width !== pixelWidth || canvas.height !== pixelHeight || layer.ratio !== ratio) {
    canvas.width = pixelWidth;
    canvas.height = pixelHeight;
    layer.ratio = ratio;
    layer.drawn = null;
  }
  const stale = staleRegions(ctx, layer.drawn, options);
  if (stale === 'all') {
    // On whole device pixels first: at a fractional ratio the CSS-pixel fill leaves the last
    // column half covered, over the old picture.
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = layerBackground;
    ctx.fillRect(0, 0, pixelWidth, pixelHeight);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawSeatLayer(ctx, options);
  } else {
    for (const region of stale) {
      const left = Math.floor(region.x * ratio);
      const top = Math.floor(region.y * ratio);
      const right = Math.ceil((region.x + region.width) * ratio);
      const bottom = Math.ceil((region.y + region.height) * ratio);
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.beginPath();
      ctx.rect(left, top, right - left, bottom - top);
      ctx.clip();
      ctx.fillStyle = layerBackground;
      ctx.fillRect(left, top, right - left, bottom - top);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      drawSeatLayer(ctx, options, {
        x: left / ratio,
        y: top / ratio,
        width: (right - left) / ratio,
        height: (bottom - top) / ratio,
      });
      ctx.restore();
    }
  }
  layer.drawn = options;
}
