import { formatNumber } from './format';

/**
 * Colours of a drawn concert's grades (issue 25): the seller's `color`, else the builder's
 * palette by the grade's place in the seller's order, so buyers see the colours the seller saw
 * in the builder's preview (features/venues keeps the same list for the canvas).
 */
export const gradePalette = [
  '#C9A227',
  '#E11D48',
  '#3B82F6',
  '#10B981',
  '#A855F7',
  '#F97316',
  '#06B6D4',
  '#EC4899',
  '#84CC16',
  '#6366F1',
] as const;

export function gradeColorAt(color: string | null | undefined, index: number): string {
  return color ?? gradePalette[index % gradePalette.length] ?? gradePalette[0];
}

/** Relative luminance of `#RRGGBB` (WCAG 2.1). */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) return 0.5;
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * The text colour on a seat of that colour: near-black or white, whichever contrasts more, so a
 * seat number stays readable on any colour a seller picks.
 */
export function inkOn(hex: string): string {
  const background = luminance(hex);
  const dark = 0.0175; // #18181B (zinc-900)
  const onDark = (background + 0.05) / (dark + 0.05);
  const onWhite = 1.05 / (background + 0.05);
  return onDark >= onWhite ? '#18181B' : '#FFFFFF';
}

/** What the legend and the detail page say of a grade's places left. */
export interface GradePlacesLeft {
  available: number;
  standing: boolean;
}

/** '잔여 212석', for a standing grade '스탠딩 잔여 800명', and '매진' when none is left. */
export function formatPlacesLeft({ available, standing }: GradePlacesLeft): string {
  if (available <= 0) return '매진';
  const count = formatNumber(available);
  return standing ? `스탠딩 잔여 ${count}명` : `잔여 ${count}석`;
}
