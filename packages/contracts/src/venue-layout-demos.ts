import {
  checkVenueLayout,
  VENUE_LAYOUT_FORMAT,
  VENUE_LAYOUT_VERSION,
  type LayoutSeat,
  type LayoutSection,
  type SeatTag,
  type VenueLayout,
} from './venue-layout';
import {
  arenaGrades,
  arenaLayout,
  autoPlaceSections,
  hallGrades,
  layoutUnits,
  VenueLayoutTemplateError,
} from './venue-layout-templates';

/**
 * The demo venues (issue 25, point 7), made with the format: the demo seed creates concerts from
 * them and the tests check them. Each call builds a fresh document, so a caller may change it.
 */

type SeatedSection = Extract<LayoutSection, { kind: 'SEATED' }>;

function seatOf(layout: VenueLayout, section: string, row: number, number: number): LayoutSeat {
  const found = layout.sections.find((s): s is SeatedSection => s.name === section);
  const seat = found?.rows
    .find((r) => r.row === row)
    ?.seats.find((candidate) => candidate.number === number);
  if (!seat) throw new Error(`demo layout has no seat ${section}-${row}-${number}`);
  return seat;
}

function tag(layout: VenueLayout, section: string, row: number, numbers: number[], t: SeatTag) {
  for (const number of numbers) {
    const seat = seatOf(layout, section, row, number);
    seat.tags = [...(seat.tags ?? []), t];
  }
}

/** A wheelchair place and, next to it in the same row, the companion seat sold with it. */
function wheelchairPair(
  layout: VenueLayout,
  section: string,
  row: number,
  wheelchair: number,
  companion: number,
) {
  tag(layout, section, row, [wheelchair], 'WHEELCHAIR');
  tag(layout, section, row, [companion], 'COMPANION');
  seatOf(layout, section, row, companion).companionOf = wheelchair;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** A demo must be valid: a mistake here is the demo's, found by its test, never a seller's. */
function valid(layout: VenueLayout): VenueLayout {
  const result = checkVenueLayout(layout);
  if (!result.ok) throw new VenueLayoutTemplateError(result.problems);
  return result.layout;
}

/**
 * One seated section whose rows come from `widthOf(row)` seats and `gradeOf(row)`; with
 * `alignRight`, shorter rows start further right (the first seat's `x`), so a side section's
 * short front rows line up on the aisle by the centre.
 */
function hallSection(
  name: string,
  rowCount: number,
  widthOf: (row: number) => number,
  gradeOf: (row: number) => string,
  alignRight = false,
): SeatedSection {
  const widest = Math.max(...range(1, rowCount).map(widthOf));
  return {
    kind: 'SEATED',
    name,
    rows: range(1, rowCount).map((row) => {
      const width = widthOf(row);
      const seats: LayoutSeat[] = range(1, width).map((number) => ({
        number,
        grade: gradeOf(row),
      }));
      const first = seats[0];
      if (alignRight && first && width < widest) {
        first.x = (widest - width) * layoutUnits.seatWidth;
      }
      return { row, seats };
    }),
  };
}

/**
 * 커튼콜 아트홀: a 1,500-place concert hall of one floor, five sections A-E facing the stage.
 *
 * "1,500 seats" counts what the hall sells: every seat but the KILLED ones (promoter-held seats
 * included, as they are released later), the way `placesPerGrade` counts. So the hall has 1,506
 * seats, 6 of them KILLED for a camera platform at the back of C:
 *
 * | section | rows | seats per row | VIP석 rows | R석 rows | S석 rows |
 * |---|---|---|---|---|---|
 * | A, E (sides) | 20 | 10 in rows 1-10, 12 in 11-20 | – | 1-15 | 16-20 |
 * | B, D | 20 | 14 | 1-7 | 8-15 | 16-20 |
 * | C (centre) | 22 | 23 | 1-7 | 8-15 | 16-22 |
 *
 * VIP석 357 (10 held), R석 728, S석 415. Four wheelchair places with their companion seats (C
 * row 15 at both aisles, B and D row 20 by the outer walls), restricted view at the outer
 * edge of A and E's first three rows, 10 홀드석 in C row 5, the camera on C row 22 seats 9-14.
 */
export function demoHallLayout(): VenueLayout {
  const sideWidth = (row: number) => (row <= 10 ? 10 : 12);
  const sideGrade = (row: number) => (row <= 15 ? 'R' : 'S');
  const middleGrade = (row: number) => (row <= 7 ? 'VIP' : row <= 15 ? 'R' : 'S');
  const stageWidth = 500;
  const layout: VenueLayout = {
    format: VENUE_LAYOUT_FORMAT,
    version: VENUE_LAYOUT_VERSION,
    name: '커튼콜 아트홀',
    stage: {
      position: { x: -stageWidth / 2, y: 0 },
      size: { width: stageWidth, height: layoutUnits.stageHeight },
    },
    grades: hallGrades.map((grade) => ({ ...grade })),
    sections: [
      hallSection('A', 20, sideWidth, sideGrade, true),
      hallSection('B', 20, () => 14, middleGrade),
      hallSection('C', 22, () => 23, middleGrade),
      hallSection('D', 20, () => 14, middleGrade),
      hallSection('E', 20, sideWidth, sideGrade),
    ],
  };
  wheelchairPair(layout, 'C', 15, 1, 2);
  wheelchairPair(layout, 'C', 15, 23, 22);
  wheelchairPair(layout, 'B', 20, 1, 2);
  wheelchairPair(layout, 'D', 20, 14, 13);
  for (const row of [1, 2, 3]) {
    tag(layout, 'A', row, [1], 'RESTRICTED_VIEW');
    tag(layout, 'E', row, [10], 'RESTRICTED_VIEW');
  }
  tag(layout, 'C', 5, range(7, 16), 'HELD');
  tag(layout, 'C', 22, range(9, 14), 'KILLED');
  return valid(autoPlaceSections(layout));
}

/**
 * 커튼콜 아레나: 6,000 places. The floor is 스탠딩 P (800, nearest the stage) and 스탠딩 R (1,200);
 * two seated tiers of ten sections (101-110, 201-210) of 10 rows × 20 seats go around it, their
 * 20 rows front to back split R석 7 / S석 7 / A석 6 (R석 1,400, S석 1,400, A석 1,200). Four
 * wheelchair places with companions (back of tier 1, front of tier 2), restricted view on the
 * four seats nearest the stage in 101 and 110, 10 홀드석 in 105.
 */
export function demoArenaLayout(): VenueLayout {
  const layout = arenaLayout({
    name: '커튼콜 아레나',
    standingZones: [
      { name: 'P', grade: 'SP', capacity: 800 },
      { name: 'R', grade: 'SR', capacity: 1_200 },
    ],
    tiers: 2,
    sectionsPerTier: 10,
    rowsPerSection: 10,
    seatsPerRow: 20,
    grades: arenaGrades.map((grade) => ({ ...grade })),
  });
  wheelchairPair(layout, '105', 10, 1, 2);
  wheelchairPair(layout, '106', 10, 20, 19);
  wheelchairPair(layout, '201', 1, 1, 2);
  wheelchairPair(layout, '210', 1, 20, 19);
  tag(layout, '101', 1, range(17, 20), 'RESTRICTED_VIEW');
  tag(layout, '110', 1, range(1, 4), 'RESTRICTED_VIEW');
  tag(layout, '105', 1, range(6, 15), 'HELD');
  return valid(layout);
}
