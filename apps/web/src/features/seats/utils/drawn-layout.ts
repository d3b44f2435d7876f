import {
  autoPlaceSections,
  layoutUnits,
  sectionFootprint,
  STANDING_ROW,
  type SeatMap,
  type SeatTag,
  type VenueLayout,
} from '@curtaincall/contracts';
import { gradeColorAt } from '@/lib/grades';
import { isMine, type SeatRecord } from './seat-records';
import {
  parseSeatInfo,
  seatPlaceName,
  seatKindOf,
  type GradeInfo,
  type RowView,
  type SectionView,
  type SeatView,
} from './seat-layout';

/** A box in layout units (docs/venue-layout.md "Drawing"): x to the right, y downwards. */
export interface LayoutBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A grade of a drawn concert with this concert's price and the colour it is painted in. */
export interface DrawnGrade {
  code: string;
  name: string;
  price: number;
  color: string;
}

interface DrawnSeat {
  grade: string;
  /** From the section's left edge, in layout units. */
  x: number;
  tags: readonly SeatTag[] | undefined;
  companions: number[] | undefined;
}

interface DrawnRow {
  row: number;
  /** Seats by number. */
  seats: Map<number, DrawnSeat>;
}

export interface DrawnSection {
  name: string;
  kind: 'SEATED' | 'STANDING';
  box: LayoutBox;
  /** The zone's grade (standing) or the grade most of its seats have (seated). */
  gradeCode: string;
  /** Every grade code of its seats, in the seller's grade order. */
  gradeCodes: string[];
  /** Entry slots of a standing zone; seats that can ever be sold (not KILLED) of a seated one. */
  places: number;
  /** Rows in document order (row i is drawn i rows below the top), none for a standing zone. */
  rows: DrawnRow[];
}

/** A drawn concert's layout, read once for drawing and for naming each seat's grade and tags. */
export interface DrawnVenue {
  grades: DrawnGrade[];
  gradeByCode: ReadonlyMap<string, DrawnGrade>;
  sections: DrawnSection[];
  sectionByName: ReadonlyMap<string, DrawnSection>;
  stage: LayoutBox | null;
  bounds: LayoutBox;
  /** Whether any seat is tagged that way (the legend explains only the marks in use). */
  hasTag: Readonly<Record<'WHEELCHAIR' | 'COMPANION' | 'RESTRICTED_VIEW', boolean>>;
}

function unionOf(boxes: readonly LayoutBox[]): LayoutBox {
  if (boxes.length === 0) return { x: 0, y: 0, width: 1, height: 1 };
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x: left, y: top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/**
 * Reads a concert's layout document with the seat map's grades (this concert's prices, in the
 * seller's order): every section placed (a section without `position` where the builder's
 * `autoPlaceSections` puts it), each seat's grade, tags and x, each wheelchair seat's
 * companions. One pass over the seats: about 10 ms for 50,000.
 */
export function readDrawnVenue(
  layout: VenueLayout,
  seatMapGrades: NonNullable<SeatMap['grades']>,
): DrawnVenue {
  const priced = new Map(seatMapGrades.map((grade) => [grade.code, grade]));
  const order = seatMapGrades.length > 0 ? seatMapGrades : layout.grades;
  const grades: DrawnGrade[] = order.map((grade, index) => ({
    code: grade.code,
    name: grade.name,
    price: priced.get(grade.code)?.price ?? grade.price,
    color: gradeColorAt(
      grade.color ?? layout.grades.find((g) => g.code === grade.code)?.color,
      index,
    ),
  }));
  const gradeRank = new Map(grades.map((grade, index) => [grade.code, index]));
  const hasTag = { WHEELCHAIR: false, COMPANION: false, RESTRICTED_VIEW: false };
  const placed = autoPlaceSections(layout);
  const sections: DrawnSection[] = placed.sections.map((section) => {
    const size = sectionFootprint(section);
    const box = { ...(section.position ?? { x: 0, y: 0 }), ...size };
    if (section.kind === 'STANDING') {
      return {
        name: section.name,
        kind: 'STANDING',
        box,
        gradeCode: section.grade,
        gradeCodes: [section.grade],
        places: section.capacity,
        rows: [],
      };
    }
    const counts = new Map<string, number>();
    let places = 0;
    const rows = section.rows.map((row) => {
      const seats = new Map<number, DrawnSeat>();
      let previous = -layoutUnits.seatWidth;
      for (const seat of row.seats) {
        const x = seat.x ?? previous + layoutUnits.seatWidth;
        previous = x;
        const tags = seat.tags && seat.tags.length > 0 ? seat.tags : undefined;
        seats.set(seat.number, { grade: seat.grade, x, tags, companions: undefined });
        if (tags?.includes('KILLED')) continue;
        places += 1;
        counts.set(seat.grade, (counts.get(seat.grade) ?? 0) + 1);
        for (const tag of tags ?? []) if (tag in hasTag) hasTag[tag as keyof typeof hasTag] = true;
      }
      for (const seat of row.seats) {
        if (seat.companionOf === undefined) continue;
        const wheelchair = seats.get(seat.companionOf);
        if (wheelchair) wheelchair.companions = [...(wheelchair.companions ?? []), seat.number];
      }
      return { row: row.row, seats };
    });
    const codes = [...counts.keys()].sort(
      (a, b) => (gradeRank.get(a) ?? 99) - (gradeRank.get(b) ?? 99),
    );
    const main = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? codes[0] ?? '';
    return {
      name: section.name,
      kind: 'SEATED',
      box,
      gradeCode: main,
      gradeCodes: codes,
      places,
      rows,
    };
  });
  const stage = layout.stage ? { ...layout.stage.position, ...layout.stage.size } : null;
  return {
    grades,
    gradeByCode: new Map(grades.map((grade) => [grade.code, grade])),
    sections,
    sectionByName: new Map(sections.map((section) => [section.name, section])),
    stage,
    bounds: unionOf([...(stage ? [stage] : []), ...sections.map((section) => section.box)]),
    hasTag,
  };
}

/** The grades as the seat page's legend, grid and panel take them: with their colours. */
export function drawnGradeInfos(venue: DrawnVenue): GradeInfo[] {
  return venue.grades.map(({ name, price, color }) => ({ name, price, color }));
}

/** What the page draws of a drawn venue's loaded seats. */
export interface DrawnSeatViews {
  /** Seated sections only, in the layout's order; rows in document order, seats left to right. */
  sections: SectionView[];
  /** The caller's standing entry slots, by zone, in the layout's order. */
  standingMine: SeatView[];
}

/**
 * Groups the loaded seats of a drawn venue: each seat with its own grade, price and tags, rows
 * in the layout's order, seats by their x with the aisles between them; KILLED seats are left
 * out (never sold, so nothing to show or to reach by keyboard) and leave their gap. Standing
 * entry slots are not drawn as seats: only the caller's are kept, for the side panel.
 */
export function buildDrawnSeatViews(
  records: readonly SeatRecord[],
  venue: DrawnVenue,
  onlySection?: string | null,
): DrawnSeatViews {
  const bySection = new Map<string, Map<number, { x: number; view: SeatView }[]>>();
  const standingMine: SeatView[] = [];
  for (const record of records) {
    const position = parseSeatInfo(record.seatInfo);
    if (!position) {
      console.warn('[seats] unreadable seatInfo', record.seatInfo);
      continue;
    }
    const section = venue.sectionByName.get(position.section);
    if (!section) continue;
    if (section.kind === 'STANDING' || position.row === STANDING_ROW) {
      if (!isMine(record)) continue;
      const grade = venue.gradeByCode.get(section.gradeCode);
      standingMine.push({
        record,
        position,
        kind: 'mine',
        grade: grade?.name ?? '',
        gradeCode: section.gradeCode,
        gradeLabel: grade?.name ?? '',
        price: grade?.price ?? 0,
      });
      continue;
    }
    if (onlySection && position.section !== onlySection) continue;
    const rowIndex = section.rows.findIndex((row) => row.row === position.row);
    const seat = section.rows[rowIndex]?.seats.get(position.number);
    if (!seat || seat.tags?.includes('KILLED')) continue;
    const grade = venue.gradeByCode.get(seat.grade);
    const view: SeatView = {
      record,
      position,
      kind: seatKindOf(record),
      grade: grade?.name ?? '',
      gradeCode: seat.grade,
      gradeLabel: grade?.name ?? '',
      price: grade?.price ?? 0,
      ...(seat.tags ? { tags: seat.tags } : {}),
      ...(seat.companions ? { companions: seat.companions } : {}),
    };
    const rows = bySection.get(section.name) ?? new Map<number, { x: number; view: SeatView }[]>();
    bySection.set(section.name, rows);
    const seats = rows.get(rowIndex) ?? [];
    rows.set(rowIndex, seats);
    seats.push({ x: seat.x, view });
  }

  const sections: SectionView[] = [];
  for (const section of venue.sections) {
    const rows = bySection.get(section.name);
    if (!rows) continue;
    const main = venue.gradeByCode.get(section.gradeCode);
    const rowViews: RowView[] = [...rows.entries()]
      .sort(([a], [b]) => a - b)
      .map(([rowIndex, seats]) => {
        seats.sort((a, b) => a.x - b.x);
        let previousX = -layoutUnits.seatWidth;
        const row = section.rows[rowIndex]?.row ?? 0;
        return {
          key: `${section.name}-${row}`,
          section: section.name,
          row,
          seats: seats.map(({ x, view }) => {
            const gap = Math.round((x - previousX - layoutUnits.seatWidth) / layoutUnits.seatWidth);
            previousX = x;
            return gap > 0 ? { ...view, gapBefore: gap } : view;
          }),
        };
      });
    sections.push({
      section: section.name,
      grade: main?.name ?? '',
      price: main?.price ?? 0,
      gradeSummary: section.gradeCodes
        .map((code) => venue.gradeByCode.get(code)?.name ?? code)
        .join(' · '),
      rows: rowViews,
    });
  }
  return { sections, standingMine };
}

/** Free seats (or entry slots) and the caller's holds per section, from the loaded seats. */
export function countDrawnSections(
  records: readonly SeatRecord[],
): Map<string, { available: number; mine: number }> {
  const counts = new Map<string, { available: number; mine: number }>();
  for (const record of records) {
    const dash = record.seatInfo.indexOf('-');
    const section = dash < 0 ? record.seatInfo : record.seatInfo.slice(0, dash);
    const count = counts.get(section) ?? { available: 0, mine: 0 };
    counts.set(section, count);
    if (record.status === 'AVAILABLE') count.available += 1;
    else if (isMine(record)) count.mine += 1;
  }
  return counts;
}

export const wheelchairTexts = {
  held: '휠체어석을 선택했습니다.',
  companion: (places: string) => `동반석이 필요하면 ${places}도 함께 선택해주세요.`,
} as const;

/**
 * For a held wheelchair seat whose companion seats are not held too: which to choose for a
 * companion ('동반석이 필요하면 A구역 1열 2번도 함께 선택해주세요.'); null otherwise.
 */
export function companionHint(seat: SeatView, held: readonly SeatView[]): string | null {
  if (!seat.tags?.includes('WHEELCHAIR') || !seat.companions?.length) return null;
  const { section, row } = seat.position;
  const missing = seat.companions.filter(
    (number) =>
      !held.some(
        (other) =>
          other.position.section === section &&
          other.position.row === row &&
          other.position.number === number,
      ),
  );
  if (missing.length === 0) return null;
  return wheelchairTexts.companion(
    missing.map((number) => seatPlaceName({ section, row, number })).join(', '),
  );
}
