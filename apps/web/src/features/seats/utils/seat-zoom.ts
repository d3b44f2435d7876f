/**
 * The seat map's zoom (decisions.md, issue 23): a seat is a square of `seatSize` px with its
 * number drawn inside. Every step keeps a 24 px target (WCAG 2.5.8) with a number of at least
 * 11 px, so "fit to screen" fits a row only down to that size and the rest scrolls.
 */
export const seatSizeSteps = [24, 28, 32, 40, 48] as const;
export const minSeatSize = seatSizeSteps[0];
export const maxSeatSize = seatSizeSteps[seatSizeSteps.length - 1] ?? 48;
/** Where a map opens: phones 28 px (a thumb's target with room for more seats), wider 32 px. */
export function defaultSeatSize(viewportWidth: number): number {
  return viewportWidth <= 768 ? 28 : 32;
}

export function clampSeatSize(size: number): number {
  return Math.min(maxSeatSize, Math.max(minSeatSize, Math.round(size)));
}

/** The number inside a seat: 11 px at 24 px, growing with the seat, never past 16 px. */
export function seatNumberFontSize(size: number): number {
  return Math.min(16, Math.max(11, Math.round(size * 0.42)));
}

/** Space between seats: a little more once seats are big enough to read as separate. */
export function seatGap(size: number): number {
  return size >= 32 ? 6 : 4;
}

/** The sticky row label's width ('20열'), sized to its text at that zoom. */
export function rowLabelWidth(size: number): number {
  return Math.max(36, Math.round(seatNumberFontSize(size) * 3.3));
}

/** The next step up (+1) or down (-1) from a size that may lie between steps (pinch, fit). */
export function stepSeatSize(size: number, direction: 1 | -1): number {
  if (direction > 0) return seatSizeSteps.find((step) => step > size) ?? maxSeatSize;
  return [...seatSizeSteps].reverse().find((step) => step < size) ?? minSeatSize;
}

/**
 * "화면에 맞추기": the seat size at which the longest row fills the panel's width, not below
 * the minimum (the rest then scrolls) and not above the size it has now (fitting never zooms in).
 */
export function fitSeatSize(options: {
  panelWidth: number;
  longestRow: number;
  current: number;
}): number {
  const { panelWidth, longestRow, current } = options;
  if (longestRow <= 0 || panelWidth <= 0) return current;
  for (let size = Math.min(current, maxSeatSize); size > minSeatSize; size -= 1) {
    const width = rowLabelWidth(size) + longestRow * (size + seatGap(size));
    if (width <= panelWidth) return size;
  }
  return minSeatSize;
}

/** A pinch: the size grows with the distance between the two fingers, within the steps. */
export function pinchSeatSize(startSize: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return startSize;
  return clampSeatSize((startSize * distance) / startDistance);
}
