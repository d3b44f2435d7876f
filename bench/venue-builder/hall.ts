import {
  checkVenueLayout,
  letterSectionName,
  type LayoutSection,
  type VenueLayout,
} from '@curtaincall/contracts';

/**
 * The 50,000-seat hall bench/venue-builder paints (issue 25, point 4: "a 50,000-seat layout
 * stays responsive: painting a 1,000-seat section takes under 100 ms"): 50 sections of 25 rows
 * × 40 seats (1,000 seats each) in a grid of 5 per line under the stage, so the hall fills a
 * phone's canvas and one drag rectangle can take exactly one section. Seats are R석 in the
 * front half of each section and S석 behind, with a wheelchair pair and two 홀드석 per section;
 * the brush paints VIP석 (the first grade, the builder's default brush) or S석, so every paint
 * changes all 1,000 seats.
 */
export const SECTIONS = 50;
export const ROWS = 25;
export const SEATS_PER_ROW = 40;
export const PER_LINE = 5;
/** Between sections, in layout units (one seat is 10 wide, one row 12 tall). */
export const GAP = 100;
export const SEAT_PITCH = 10;
export const ROW_PITCH = 12;
export const SECTION_WIDTH = SEATS_PER_ROW * SEAT_PITCH;
export const SECTION_HEIGHT = ROWS * ROW_PITCH;
const STAGE = { x: -300, y: 0, width: 600, height: 60 };
const TOP = STAGE.height + 40;

export function builderHall(): VenueLayout {
  const lineWidth = PER_LINE * SECTION_WIDTH + (PER_LINE - 1) * GAP;
  const sections: LayoutSection[] = Array.from({ length: SECTIONS }, (_, i) => ({
    kind: 'SEATED',
    name: letterSectionName(i),
    position: {
      x: -lineWidth / 2 + (i % PER_LINE) * (SECTION_WIDTH + GAP),
      y: TOP + Math.floor(i / PER_LINE) * (SECTION_HEIGHT + GAP),
    },
    rows: Array.from({ length: ROWS }, (_, r) => ({
      row: r + 1,
      seats: Array.from({ length: SEATS_PER_ROW }, (_, s) => {
        const number = s + 1;
        const grade = r < ROWS / 2 ? 'R' : 'S';
        if (r === ROWS - 1 && number === 1) return { number, grade, tags: ['WHEELCHAIR' as const] };
        if (r === ROWS - 1 && number === 2) {
          return { number, grade, tags: ['COMPANION' as const], companionOf: 1 };
        }
        if (r === 0 && (number === 20 || number === 21)) {
          return { number, grade, tags: ['HELD' as const] };
        }
        return { number, grade };
      }),
    })),
  }));
  const layout: VenueLayout = {
    format: 'curtaincall.venue-layout',
    version: 1,
    name: '벤치마크 5만석 홀',
    stage: {
      position: { x: STAGE.x, y: STAGE.y },
      size: { width: STAGE.width, height: STAGE.height },
    },
    grades: [
      { code: 'VIP', name: 'VIP석', price: 165_000, color: '#C9A227' },
      { code: 'R', name: 'R석', price: 143_000, color: '#D9534F' },
      { code: 'S', name: 'S석', price: 110_000, color: '#3A7BD5' },
    ],
    sections,
  };
  const checked = checkVenueLayout(layout);
  if (!checked.ok) throw new Error(`builder hall invalid: ${checked.problems.join('; ')}`);
  return layout;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Section i's box in layout units. */
export function sectionBox(layout: VenueLayout, index: number): Box {
  const section = layout.sections[index];
  if (!section?.position) throw new Error(`section ${index} has no position`);
  return { ...section.position, width: SECTION_WIDTH, height: SECTION_HEIGHT };
}

/** The drag rectangle around one section: `margin` units outside it on every side. */
export function dragAround(box: Box, margin: number): Box {
  return {
    x: box.x - margin,
    y: box.y - margin,
    width: box.width + margin * 2,
    height: box.height + margin * 2,
  };
}
