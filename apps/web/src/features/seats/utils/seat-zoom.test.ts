import { describe, expect, it } from 'vitest';
import {
  fitSeatSize,
  minSeatSize,
  pinchSeatSize,
  rowLabelWidth,
  seatGap,
  seatNumberFontSize,
  seatSizeSteps,
  stepSeatSize,
} from './seat-zoom';

const rowWidth = (size: number, seats: number) =>
  rowLabelWidth(size) + seats * (size + seatGap(size));

describe('seat map zoom', () => {
  it('keeps a 24 px seat with an 11 px number or bigger at every step', () => {
    for (const size of seatSizeSteps) {
      expect(size).toBeGreaterThanOrEqual(24);
      expect(seatNumberFontSize(size)).toBeGreaterThanOrEqual(11);
    }
  });

  it('steps up and down through the sizes, from sizes between steps too, within the ends', () => {
    expect(stepSeatSize(28, 1)).toBe(32);
    expect(stepSeatSize(28, -1)).toBe(24);
    expect(stepSeatSize(30, 1)).toBe(32);
    expect(stepSeatSize(30, -1)).toBe(28);
    expect(stepSeatSize(24, -1)).toBe(24);
    expect(stepSeatSize(48, 1)).toBe(48);
  });

  it('fits a row to the panel, never below the legible minimum and never bigger than before', () => {
    // 10 seats fit a phone's panel at a size above the minimum.
    const tenSeats = fitSeatSize({ panelWidth: 327, longestRow: 10, current: 32 });
    expect(tenSeats).toBeGreaterThan(minSeatSize);
    expect(rowWidth(tenSeats, 10)).toBeLessThanOrEqual(327);
    expect(rowWidth(tenSeats + 1, 10)).toBeGreaterThan(327);
    // 50 seats do not: the minimum, and the rest scrolls (not 13 px seats).
    expect(fitSeatSize({ panelWidth: 327, longestRow: 50, current: 28 })).toBe(24);
    expect(fitSeatSize({ panelWidth: 780, longestRow: 50, current: 32 })).toBe(24);
    // A row that fits already is not zoomed in.
    expect(fitSeatSize({ panelWidth: 2000, longestRow: 10, current: 28 })).toBe(28);
  });

  it('grows and shrinks with a pinch, within the ends', () => {
    expect(pinchSeatSize(28, 100, 150)).toBe(42);
    expect(pinchSeatSize(28, 100, 50)).toBe(24);
    expect(pinchSeatSize(28, 100, 400)).toBe(48);
    expect(pinchSeatSize(28, 0, 100)).toBe(28);
  });
});
