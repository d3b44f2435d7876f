import { defaultSeatGrades, limits } from './constants';
import {
  checkVenueLayout,
  VENUE_LAYOUT_FORMAT,
  VENUE_LAYOUT_VERSION,
  venueLayoutLimits,
  venueLayoutMessages,
  type LayoutSeat,
  type LayoutSection,
  type VenueLayout,
} from './venue-layout';

/**
 * The builder's starting points (issue 25: quick plan, rectangle hall, arena) and the geometry
 * they share with the CSV import's automatic placement. Layout units (docs/venue-layout.md):
 * x grows to the right, y downwards, a `position` is the top-left corner of a section's box, one
 * seat is 10 units wide and one row 12 units tall, the stage sits at the top centred on x = 0.
 */
export const layoutUnits = {
  /** One seat's width: a seat without `x` sits this far right of the seat before it. */
  seatWidth: 10,
  /** One row's height: row i (document order) of a section is drawn i × rowHeight below its top. */
  rowHeight: 12,
  /** Between sections side by side: an aisle two seats wide. */
  sectionGap: 20,
  /** Between lines of sections: two rows. */
  lineGap: 24,
  /** Between the stage and the first line of sections (the pit and the front aisle). */
  stageGap: 40,
  stageHeight: 60,
  /**
   * Floor a standing place takes when a zone is drawn by its capacity: half a seat's cell
   * (10 × 12), as a standing fan needs about half the floor of a seat with its legroom.
   */
  standingAreaPerPlace: 60,
  /** A standing zone without `size` is drawn this big (the builder draws it the same way). */
  defaultStandingSize: { width: 200, height: 100 },
  /** `autoPlaceSections` starts a new line of sections past this width (or the stage's). */
  autoLineWidth: 2_000,
} as const;

export interface LayoutSize {
  width: number;
  height: number;
}

export interface LayoutPoint {
  x: number;
  y: number;
}

interface LayoutBox extends LayoutPoint, LayoutSize {}

type SeatedSection = Extract<LayoutSection, { kind: 'SEATED' }>;
type StandingSection = Extract<LayoutSection, { kind: 'STANDING' }>;
type LayoutGrade = VenueLayout['grades'][number];

/**
 * The width and height of a section's box in layout units: a seated section is as wide as its
 * widest row (seats without `x` follow the one before them) and one row tall per row; a
 * standing zone is its `size`, or `layoutUnits.defaultStandingSize`.
 */
export function sectionFootprint(section: LayoutSection): LayoutSize {
  if (section.kind === 'STANDING') return { ...(section.size ?? layoutUnits.defaultStandingSize) };
  let width = 0;
  for (const row of section.rows) {
    let previous = -layoutUnits.seatWidth;
    for (const seat of row.seats) {
      const x = seat.x ?? previous + layoutUnits.seatWidth;
      previous = x;
      width = Math.max(width, x + layoutUnits.seatWidth);
    }
  }
  return { width, height: section.rows.length * layoutUnits.rowHeight };
}

/** A standing zone's size for its capacity: twice as wide as deep, on the 10-unit grid. */
export function standingZoneSize(capacity: number): LayoutSize {
  const area = Math.max(1, capacity) * layoutUnits.standingAreaPerPlace;
  const width = Math.max(60, roundUpTo(Math.sqrt(area * 2), 10));
  const height = Math.max(30, roundUpTo(area / width, 10));
  return { width, height };
}

function roundUpTo(value: number, step: number): number {
  return Math.ceil(value / step) * step;
}

/**
 * Top-left corners for boxes laid out left to right in lines centred on `centreX`, starting at
 * `top`; a line ends before it would grow wider than `maxLineWidth` (a box wider than that gets
 * a line of its own). Whole units, so documents stay readable.
 */
function placeInLines(
  sizes: readonly LayoutSize[],
  top: number,
  centreX: number,
  maxLineWidth: number,
): { corners: LayoutPoint[]; firstLineWidth: number } {
  const corners: LayoutPoint[] = [];
  let firstLineWidth = 0;
  let lineStart = 0;
  let y = top;
  while (lineStart < sizes.length) {
    let lineEnd = lineStart;
    let lineWidth = 0;
    let lineHeight = 0;
    while (lineEnd < sizes.length) {
      const size = sizes[lineEnd] ?? { width: 0, height: 0 };
      const widened = lineWidth + (lineEnd > lineStart ? layoutUnits.sectionGap : 0) + size.width;
      if (lineEnd > lineStart && widened > maxLineWidth) break;
      lineWidth = widened;
      lineHeight = Math.max(lineHeight, size.height);
      lineEnd += 1;
    }
    if (lineStart === 0) firstLineWidth = lineWidth;
    let x = Math.round(centreX - lineWidth / 2);
    for (let i = lineStart; i < lineEnd; i += 1) {
      const size = sizes[i] ?? { width: 0, height: 0 };
      corners.push({ x, y });
      x += size.width + layoutUnits.sectionGap;
    }
    y += lineHeight + layoutUnits.lineGap;
    lineStart = lineEnd;
  }
  return { corners, firstLineWidth };
}

function boxOf(section: LayoutSection): LayoutBox | null {
  if (!section.position) return null;
  return { ...section.position, ...sectionFootprint(section) };
}

/**
 * The layout with every section that has no `position` placed: left to right in lines in front
 * of (below) the stage and below every section already placed, each line centred under the
 * stage, in document order, so the first sections are nearest the stage. A standing zone placed
 * here without a `size` gets one for its capacity, so it is drawn in proportion to the seats.
 * Deterministic; the input is not changed, and sections that have a position keep it.
 */
export function autoPlaceSections(layout: VenueLayout): VenueLayout {
  const unplaced = layout.sections.filter((section) => !section.position);
  if (unplaced.length === 0) return layout;
  const stage = layout.stage ? { ...layout.stage.position, ...layout.stage.size } : null;
  let top = stage ? stage.y + stage.height + layoutUnits.stageGap : 0;
  for (const section of layout.sections) {
    const box = boxOf(section);
    if (box) top = Math.max(top, box.y + box.height + layoutUnits.lineGap);
  }
  const centreX = stage ? stage.x + stage.width / 2 : 0;
  const maxLineWidth = Math.max(layoutUnits.autoLineWidth, stage?.width ?? 0);
  const sized = unplaced.map((section) =>
    section.kind === 'STANDING' && !section.size
      ? { ...section, size: standingZoneSize(section.capacity) }
      : section,
  );
  const { corners } = placeInLines(sized.map(sectionFootprint), top, centreX, maxLineWidth);
  let next = 0;
  return {
    ...layout,
    sections: layout.sections.map((section) => {
      if (section.position) return section;
      const placed = sized[next];
      const corner = corners[next];
      next += 1;
      return placed && corner ? { ...placed, position: corner } : section;
    }),
  };
}

/** A template asked for something no valid layout has; `problems` are Korean lines to show. */
export class VenueLayoutTemplateError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.name = 'VenueLayoutTemplateError';
    this.problems = problems;
  }
}

export const venueLayoutTemplateMessages = {
  totalSeats: `좌석 수는 1~${limits.totalSeatsMax.toLocaleString('ko-KR')} 사이의 정수여야 합니다`,
  sections: `구역 수는 1~${venueLayoutLimits.sectionsMax} 사이의 정수여야 합니다`,
  tierSections: `층별 구역 수는 1~${venueLayoutLimits.sectionsMax} 사이의 정수여야 합니다`,
  tiers: '층 수는 0 이상의 정수여야 합니다',
  rowsPerSection: `구역당 열 수는 1~${venueLayoutLimits.rowsPerSectionMax} 사이의 정수여야 합니다`,
  seatsPerRow: `열당 좌석 수는 1~${venueLayoutLimits.seatsPerRowMax} 사이의 정수여야 합니다`,
  tooManyPlaces: venueLayoutMessages.tooManyPlaces,
  noSeatedGrade:
    '좌석 구역에 쓸 등급이 없습니다 (스탠딩 구역이 쓰지 않는 등급이 하나 이상 필요합니다)',
} as const;

/** Without grades every seat would be reported on its own: one line says it instead. */
function requireGrades(grades: readonly TemplateGradeOption[]): void {
  if (grades.length < 1 || grades.length > venueLayoutLimits.gradesMax) {
    throw new VenueLayoutTemplateError([`grades: ${venueLayoutMessages.grades}`]);
  }
}

function requireInteger(value: number, min: number, max: number, message: string): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new VenueLayoutTemplateError([message]);
  }
}

/** The built layout, checked: a template never hands out a document the server would refuse. */
function checked(layout: VenueLayout): VenueLayout {
  const result = checkVenueLayout(layout);
  if (!result.ok) throw new VenueLayoutTemplateError(result.problems);
  return result.layout;
}

/** A, B, ..., Z, AA, AB, ...: the quick plan's section names (the server's `sectionName`). */
export function letterSectionName(index: number): string {
  let n = index;
  let name = '';
  do {
    name = String.fromCharCode(65 + (n % 26)) + name;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return name;
}

/**
 * `seatCount` seats in rows numbered from 1 of `seatsPerRow` seats each (numbered from 1), the
 * last row shorter if need be: the server's `insertSeats` (row g / perRow + 1, seat g % perRow + 1).
 */
function rowsOfSeats(
  seatCount: number,
  seatsPerRow: number,
  gradeOfRow: (rowIndex: number) => string,
): SeatedSection['rows'] {
  const rows: SeatedSection['rows'] = [];
  for (let start = 0, r = 0; start < seatCount; start += seatsPerRow, r += 1) {
    const length = Math.min(seatsPerRow, seatCount - start);
    const grade = gradeOfRow(r);
    const seats: LayoutSeat[] = new Array<LayoutSeat>(length);
    for (let n = 0; n < length; n += 1) seats[n] = { number: n + 1, grade };
    rows.push({ row: r + 1, seats });
  }
  return rows;
}

/**
 * How many of `total` things each of `parts` groups gets, as evenly as possible, the first
 * groups one more when it does not divide (front rows are the dearer ones).
 */
function splitEvenly(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  const remainder = total % parts;
  return Array.from({ length: parts }, (_, i) => base + (i < remainder ? 1 : 0));
}

/** Grade code per depth (0 = nearest the stage) of `depth` rows split evenly over `codes`. */
function gradesByDepth(depth: number, codes: readonly string[]): string[] {
  const byDepth: string[] = [];
  splitEvenly(depth, codes.length).forEach((count, g) => {
    for (let i = 0; i < count; i += 1) byDepth.push(codes[g] ?? '');
  });
  return byDepth;
}

function stageFor(width: number): NonNullable<VenueLayout['stage']> {
  const stageWidth = Math.min(Math.max(roundUpTo(width, 10), 100), 5_000);
  return {
    position: { x: -stageWidth / 2, y: 0 },
    size: { width: stageWidth, height: layoutUnits.stageHeight },
  };
}

function newLayout(
  name: string,
  grades: readonly LayoutGrade[],
  sections: LayoutSection[],
): VenueLayout {
  return {
    format: VENUE_LAYOUT_FORMAT,
    version: VENUE_LAYOUT_VERSION,
    name,
    grades: grades.map((grade) => ({ ...grade })),
    sections,
  };
}

/** The quick plan's grades as layout grades, codes for the spec's three fixed grades. */
export const quickPlanGrades: readonly LayoutGrade[] = [
  { code: 'PREMIUM', ...defaultSeatGrades[0], color: '#C9A227' },
  { code: 'VIP', ...defaultSeatGrades[1], color: '#D9534F' },
  { code: 'GENERAL', ...defaultSeatGrades[2], color: '#3A7BD5' },
];

/** VIP석, R석, S석: a Korean concert hall's usual grades (the rectangle hall's default). */
export const hallGrades: readonly LayoutGrade[] = [
  { code: 'VIP', name: 'VIP석', price: 165_000, color: '#C9A227' },
  { code: 'R', name: 'R석', price: 143_000, color: '#D9534F' },
  { code: 'S', name: 'S석', price: 110_000, color: '#3A7BD5' },
];

/** 스탠딩 P/R for the floor and R석, S석, A석 for the tiers (the arena's default). */
export const arenaGrades: readonly LayoutGrade[] = [
  { code: 'SP', name: '스탠딩 P', price: 154_000, color: '#8E44AD' },
  { code: 'SR', name: '스탠딩 R', price: 132_000, color: '#E67E22' },
  { code: 'R', name: 'R석', price: 132_000, color: '#D9534F' },
  { code: 'S', name: 'S석', price: 110_000, color: '#3A7BD5' },
  { code: 'A', name: 'A석', price: 88_000, color: '#27AE60' },
];

/**
 * The sections of the server's quick plan (`planSeatMap`, product-rules.md §2), the same rule
 * repeated here so the builder can start from it without the server: about 20% of the sections
 * premium at the front, 30% VIP, the rest general; all general below three seats.
 */
function quickPlanSections(totalSeats: number) {
  const seatsPerRow =
    totalSeats <= 300 ? 10 : totalSeats <= 3_000 ? 20 : totalSeats <= 20_000 ? 30 : 50;
  const targetSectionSize =
    totalSeats <= 300 ? Math.ceil(totalSeats / 3) : totalSeats <= 3_000 ? 200 : 1_000;
  const sectionCount = Math.max(Math.min(3, totalSeats), Math.ceil(totalSeats / targetSectionSize));
  const base = Math.floor(totalSeats / sectionCount);
  const remainder = totalSeats % sectionCount;
  const premium = Math.max(1, Math.round(sectionCount * 0.2));
  const vip = Math.max(1, Math.round(sectionCount * 0.3));
  return Array.from({ length: sectionCount }, (_, i) => ({
    name: letterSectionName(i),
    gradeIndex: sectionCount < 3 ? 2 : i < premium ? 0 : i < premium + vip ? 1 : 2,
    seatCount: base + (i < remainder ? 1 : 0),
    seatsPerRow,
  }));
}

/**
 * The layout the server makes from `totalSeats` alone (the spec's form): the same sections,
 * grades and seats, row r holding seats r×perRow+1.. of the section (`insertSeats`), so the
 * last row is the shorter one. Only the grades some section uses are listed, as the server
 * creates only those. Sections are placed in lines under the stage, front sections first.
 */
export function quickPlanLayout(totalSeats: number, name = '기본 좌석 배치'): VenueLayout {
  requireInteger(totalSeats, 1, limits.totalSeatsMax, venueLayoutTemplateMessages.totalSeats);
  const planned = quickPlanSections(totalSeats);
  const usedGrades = [...new Set(planned.map((section) => section.gradeIndex))].sort();
  const codeOf = (gradeIndex: number) => quickPlanGrades[gradeIndex]?.code ?? 'GENERAL';
  const sections: LayoutSection[] = planned.map((section) => ({
    kind: 'SEATED',
    name: section.name,
    rows: rowsOfSeats(section.seatCount, section.seatsPerRow, () => codeOf(section.gradeIndex)),
  }));
  const grades = usedGrades.flatMap((index) => quickPlanGrades[index] ?? []);
  return checked(placeUnderStage(newLayout(name, grades, sections), layoutUnits.autoLineWidth));
}

/**
 * A stage over the first line of sections (60% of its width) and every section placed in
 * lines under it: the templates' common drawing.
 */
function placeUnderStage(layout: VenueLayout, maxLineWidth: number): VenueLayout {
  const { corners, firstLineWidth } = placeInLines(
    layout.sections.map(sectionFootprint),
    layoutUnits.stageHeight + layoutUnits.stageGap,
    0,
    maxLineWidth,
  );
  return {
    ...layout,
    stage: stageFor(firstLineWidth * 0.6),
    sections: layout.sections.map((section, i) => ({
      ...section,
      position: corners[i] ?? { x: 0, y: 0 },
    })),
  };
}

export interface TemplateGradeOption {
  code: string;
  name: string;
  price: number;
  color?: string;
}

export interface RectangleHallOptions {
  name?: string;
  sections: number;
  rowsPerSection: number;
  seatsPerRow: number;
  /** Front to back; default `hallGrades` (VIP석, R석, S석). */
  grades?: TemplateGradeOption[];
}

/**
 * A shoebox hall: `sections` sections (A, B, C, ...) side by side facing a stage, each of
 * `rowsPerSection` rows of `seatsPerRow` seats. The rows are split evenly over the grades front
 * to back (the first grade nearest the stage; with fewer rows than grades the last grades go
 * unused).
 */
export function rectangleHallLayout(options: RectangleHallOptions): VenueLayout {
  const { sections, rowsPerSection, seatsPerRow } = options;
  requireInteger(sections, 1, venueLayoutLimits.sectionsMax, venueLayoutTemplateMessages.sections);
  requireInteger(
    rowsPerSection,
    1,
    venueLayoutLimits.rowsPerSectionMax,
    venueLayoutTemplateMessages.rowsPerSection,
  );
  requireInteger(
    seatsPerRow,
    1,
    venueLayoutLimits.seatsPerRowMax,
    venueLayoutTemplateMessages.seatsPerRow,
  );
  if (sections * rowsPerSection * seatsPerRow > venueLayoutLimits.placesMax) {
    throw new VenueLayoutTemplateError([venueLayoutTemplateMessages.tooManyPlaces]);
  }
  const grades = options.grades ?? hallGrades;
  requireGrades(grades);
  const byDepth = gradesByDepth(
    rowsPerSection,
    grades.map((grade) => grade.code),
  );
  const built: LayoutSection[] = Array.from({ length: sections }, (_, i) => ({
    kind: 'SEATED',
    name: letterSectionName(i),
    rows: rowsOfSeats(rowsPerSection * seatsPerRow, seatsPerRow, (r) => byDepth[r] ?? ''),
  }));
  // Side by side on one line unless that would leave the coordinate range.
  const layout = newLayout(options.name ?? '사각형 공연장', grades, built);
  return checked(placeUnderStage(layout, 50_000));
}

export interface ArenaStandingZoneOption {
  name: string;
  grade: string;
  capacity: number;
}

export interface ArenaOptions {
  name?: string;
  /** Floor zones, nearest the stage first (스탠딩 P before R). */
  standingZones: ArenaStandingZoneOption[];
  /** Seated tiers around the floor (0 for a floor-only show). */
  tiers: number;
  sectionsPerTier: number;
  rowsPerSection: number;
  seatsPerRow: number;
  /**
   * Every grade of the arena; the ones no standing zone uses go to the tiers, front to back.
   * Default `arenaGrades`: 스탠딩 P (SP) and 스탠딩 R (SR) where a zone uses them, and R석, S석,
   * A석 for the tiers.
   */
  grades?: TemplateGradeOption[];
}

/**
 * An arena: the stage at the top, the floor's standing zones under it one behind the other
 * (each as wide as the floor, as deep as its capacity needs), and the seated tiers around the
 * floor in a U: tier t's sections run down the left side, along the back and up the right side
 * (named t01, t02, ... in that order, like arena blocks 101, 102, ...), each tier outside the
 * one before. Seated rows are split evenly over the seated grades front to back across the
 * tiers, so with three tiers and three grades each tier is one grade.
 */
export function arenaLayout(options: ArenaOptions): VenueLayout {
  const { standingZones, tiers, sectionsPerTier, rowsPerSection, seatsPerRow } = options;
  requireInteger(tiers, 0, venueLayoutLimits.sectionsMax, venueLayoutTemplateMessages.tiers);
  if (tiers > 0) {
    requireInteger(
      sectionsPerTier,
      1,
      venueLayoutLimits.sectionsMax,
      venueLayoutTemplateMessages.tierSections,
    );
    requireInteger(
      rowsPerSection,
      1,
      venueLayoutLimits.rowsPerSectionMax,
      venueLayoutTemplateMessages.rowsPerSection,
    );
    requireInteger(
      seatsPerRow,
      1,
      venueLayoutLimits.seatsPerRowMax,
      venueLayoutTemplateMessages.seatsPerRow,
    );
  }
  const seatedPlaces = tiers > 0 ? tiers * sectionsPerTier * rowsPerSection * seatsPerRow : 0;
  const standingPlaces = standingZones.reduce((sum, zone) => sum + zone.capacity, 0);
  if (seatedPlaces + standingPlaces > venueLayoutLimits.placesMax) {
    throw new VenueLayoutTemplateError([venueLayoutTemplateMessages.tooManyPlaces]);
  }
  const standingCodes = new Set(standingZones.map((zone) => zone.grade));
  const grades =
    options.grades ??
    arenaGrades.filter(
      (grade) => standingCodes.has(grade.code) || !['SP', 'SR'].includes(grade.code),
    );
  requireGrades(grades);
  const seatedCodes = grades.map((grade) => grade.code).filter((code) => !standingCodes.has(code));
  if (tiers > 0 && seatedCodes.length === 0) {
    throw new VenueLayoutTemplateError([venueLayoutTemplateMessages.noSeatedGrade]);
  }

  // The floor: as wide as a 2:1 rectangle of all its places, at least the stage's width.
  const floorArea = Math.max(1, standingPlaces) * layoutUnits.standingAreaPerPlace;
  const floorWidth = Math.max(300, roundUpTo(Math.sqrt(floorArea * 2), 10));
  const stage = stageFor(floorWidth * 0.6);
  const floorTop = layoutUnits.stageHeight + layoutUnits.stageGap;
  const floorLeft = -floorWidth / 2;
  const sections: LayoutSection[] = [];
  let floorBottom = floorTop;
  for (const zone of standingZones) {
    const height = Math.max(
      30,
      roundUpTo((zone.capacity * layoutUnits.standingAreaPerPlace) / floorWidth, 10),
    );
    const standing: StandingSection = {
      kind: 'STANDING',
      name: zone.name,
      grade: zone.grade,
      capacity: zone.capacity,
      position: { x: floorLeft, y: floorBottom },
      size: { width: floorWidth, height },
    };
    sections.push(standing);
    floorBottom += height + layoutUnits.lineGap;
  }
  // The box the next tier goes around: the stage and the floor, then each tier in turn.
  let inner: { left: number; right: number; bottom: number } = {
    left: Math.min(floorLeft, stage.position.x),
    right: Math.max(floorLeft + floorWidth, stage.position.x + stage.size.width),
    bottom: Math.max(floorBottom - layoutUnits.lineGap, floorTop),
  };

  const byDepth = gradesByDepth(tiers * rowsPerSection, seatedCodes);
  const width = seatsPerRow * layoutUnits.seatWidth;
  const height = rowsPerSection * layoutUnits.rowHeight;
  const gap = layoutUnits.sectionGap;
  const side = sectionsPerTier < 2 ? 0 : Math.max(1, Math.floor(sectionsPerTier / 3));
  const back = sectionsPerTier - 2 * side;
  const digits = Math.max(2, String(sectionsPerTier).length);
  for (let tier = 0; tier < tiers; tier += 1) {
    const corners: LayoutPoint[] = [];
    const leftX = inner.left - gap - width;
    const rightX = inner.right + gap;
    // Down the left side from the stage, along the back left to right, up the right side.
    for (let i = 0; i < side; i += 1) corners.push({ x: leftX, y: floorTop + i * (height + gap) });
    const sidesBottom = side > 0 ? floorTop + side * (height + gap) - gap : inner.bottom;
    const backY = Math.max(inner.bottom, sidesBottom) + layoutUnits.lineGap;
    const backWidth = back * width + Math.max(0, back - 1) * gap;
    for (let i = 0; i < back; i += 1) {
      corners.push({ x: Math.round(-backWidth / 2) + i * (width + gap), y: backY });
    }
    for (let i = side - 1; i >= 0; i -= 1) {
      corners.push({ x: rightX, y: floorTop + i * (height + gap) });
    }
    corners.forEach((corner, i) => {
      sections.push({
        kind: 'SEATED',
        name: `${tier + 1}${String(i + 1).padStart(digits, '0')}`,
        position: corner,
        rows: rowsOfSeats(
          rowsPerSection * seatsPerRow,
          seatsPerRow,
          (r) => byDepth[tier * rowsPerSection + r] ?? '',
        ),
      });
    });
    inner = {
      left: Math.min(inner.left, side > 0 ? leftX : -backWidth / 2),
      right: Math.max(inner.right, side > 0 ? rightX + width : backWidth / 2),
      bottom: back > 0 ? backY + height : Math.max(inner.bottom, sidesBottom),
    };
  }
  return checked({ ...newLayout(options.name ?? '아레나', grades, sections), stage });
}
