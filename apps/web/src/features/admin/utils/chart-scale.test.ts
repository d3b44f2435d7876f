import { describe, expect, it } from 'vitest';
import { compactWon, labelledDays, niceCeiling, shortDay, valueTicks } from './chart-scale';

describe('statistics chart scale', () => {
  it('rounds the axis top up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 11, 24, 26, 480, 612_000, 5_000_001].map(niceCeiling)).toEqual([
      1, 1, 5, 10, 20, 25, 50, 500, 1_000_000, 10_000_000,
    ]);
  });

  it('ticks at 0, half and the top; an empty series still has an axis', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
    expect(valueTicks(7)).toEqual([0, 5, 10]);
    expect(valueTicks(355_000)).toEqual([0, 250_000, 500_000]);
  });

  it('labels today and every n-th day back from it, as many as the width holds', () => {
    expect(labelledDays(30, 1200)).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29]);
    expect(labelledDays(30, 320)).toEqual([5, 11, 17, 23, 29]);
    expect(labelledDays(30, 40)).toEqual([14, 29]);
    expect(labelledDays(0, 500)).toEqual([]);
  });

  it('writes days and won briefly for the axes', () => {
    expect(shortDay('2026-11-06')).toBe('11.06');
    expect([0, 900, 25_000, 1_234_000, 250_000_000].map(compactWon)).toEqual([
      '0',
      '900',
      '2.5만',
      '123만',
      '2.5억',
    ]);
  });
});
