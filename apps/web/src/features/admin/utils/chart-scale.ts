/**
 * The arithmetic of the statistics charts (issue 23), apart from drawing so it can be tested:
 * a round top for the value axis and which days get a label under the bars.
 */

/** The smallest 1, 2, 2.5 or 5 times a power of ten at or above `value` (at least 1). */
export function niceCeiling(value: number): number {
  if (!Number.isFinite(value) || value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

/** Ticks of the value axis: 0, half and the top, each a whole number unless the top is 1. */
export function valueTicks(max: number): number[] {
  const top = niceCeiling(max);
  return top === 1 ? [0, 1] : [0, top / 2, top];
}

/**
 * Indexes of the days labelled under a chart `width` px wide: about one label per 56 px, always
 * the last day (today), counted back from it so today's label never collides with another.
 */
export function labelledDays(count: number, width: number): number[] {
  if (count <= 0) return [];
  const fit = Math.max(2, Math.floor(width / 56));
  const every = Math.max(1, Math.ceil(count / fit));
  const days: number[] = [];
  for (let index = count - 1; index >= 0; index -= every) days.unshift(index);
  return days;
}

/** '2026-11-26' -> '11.26'. */
export function shortDay(date: string): string {
  return `${date.slice(5, 7)}.${date.slice(8, 10)}`;
}

/** 1,234,000 won -> '123만', 25,000 -> '2.5만', 900 -> '900': axis labels that fit. */
export function compactWon(value: number): string {
  if (value >= 100_000_000) return `${trim(value / 100_000_000)}억`;
  if (value >= 10_000) return `${trim(value / 10_000)}만`;
  return String(value);
}

function trim(value: number): string {
  return value >= 100 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
}
