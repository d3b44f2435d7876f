import { STANDING_ROW, type SeatMap, type SeatTag } from '@curtaincall/contracts';
import type { CSSProperties } from 'react';
import { formatPrice } from '@/lib/format';
import { inkOn } from '@/lib/grades';
import { isMine, type SeatRecord } from './seat-records';

export type SeatMapSection = SeatMap['sections'][number];

/** `A-3-12` -> section A, row 3, number 12; null for anything else (never crash the map). */
export interface SeatPosition {
  section: string;
  row: number;
  number: number;
}

export function parseSeatInfo(seatInfo: string): SeatPosition | null {
  const parts = seatInfo.split('-');
  if (parts.length !== 3) return null;
  const [section = '', rowText = '', numberText = ''] = parts;
  const row = Number(rowText);
  const number = Number(numberText);
  if (section === '' || !Number.isInteger(row) || !Number.isInteger(number)) return null;
  return { section, row, number };
}

/** What a seat looks like to the buyer; each kind has its own colour and its own mark. */
export type SeatKind = 'available' | 'mine' | 'held' | 'booked' | 'unavailable';

export const seatKindLabels: Record<SeatKind, string> = {
  available: '선택 가능',
  mine: '선택됨',
  held: '다른 사용자가 선점 중',
  booked: '예매 완료',
  unavailable: '선택 불가',
};

export function seatKindOf(record: SeatRecord): SeatKind {
  if (isMine(record)) return 'mine';
  switch (record.status) {
    case 'AVAILABLE':
      return 'available';
    case 'RESERVED':
      return 'held';
    case 'BOOKED':
      return 'booked';
    default:
      return 'unavailable';
  }
}

export interface SeatView {
  record: SeatRecord;
  position: SeatPosition;
  kind: SeatKind;
  /**
   * The seat's grade name: its section's on a quick-plan venue ('' when the layout does not
   * know the section), the seat's own on a drawn one (a drawn section may mix grades).
   */
  grade: string;
  /**
   * A drawn venue's grade code, the key its 권종 and promo codes name (a quick-plan grade is
   * named by `grade` itself, see seatGradeKey).
   */
  gradeCode?: string;
  price: number;
  /** A drawn venue's grade names are shown as the seller wrote them ('스탠딩 P', 'R석'). */
  gradeLabel?: string;
  /** The layout's tags (drawn venues): 휠체어석, 동반석, 시야 제한 are told to the buyer. */
  tags?: readonly SeatTag[];
  /** A wheelchair seat's companion seat numbers (same row), so the buyer can be told of them. */
  companions?: readonly number[];
  /** Empty seat widths before this seat in its row: an aisle of a drawn section. */
  gapBefore?: number;
}

export interface RowView {
  key: string;
  section: string;
  row: number;
  seats: SeatView[];
}

export interface SectionView {
  section: string;
  grade: string;
  price: number;
  rows: RowView[];
  /** A drawn section's grades as its header shows them ('VIP석 · R석'), instead of grade · price. */
  gradeSummary?: string;
}

/** '프리미엄' -> '프리미엄석', 'VIP' -> 'VIP석', '일반석' stays. */
export function gradeSeatName(grade: string): string {
  if (grade === '') return '';
  return grade.endsWith('석') ? grade : `${grade}석`;
}

/** The tags a buyer is told about, in the words of the seat panel's badges. */
export const seatTagLabels: Partial<Record<SeatTag, string>> = {
  WHEELCHAIR: '휠체어석',
  COMPANION: '동반석',
  RESTRICTED_VIEW: '시야 제한',
};

export function seatTagNames(seat: Pick<SeatView, 'tags'>): string[] {
  return (seat.tags ?? []).flatMap((tag) => {
    const name = seatTagLabels[tag];
    return name ? [name] : [];
  });
}

/**
 * The key 권종 and promo codes name a seat's grade by (pricing.ts `gradeKeys`): a drawn
 * layout's grade code, the quick plan's grade name.
 */
export function seatGradeKey(seat: Pick<SeatView, 'grade' | 'gradeCode'>): string {
  return seat.gradeCode ?? seat.grade;
}

/** The grade as the buyer reads it: 'VIP석', or a drawn venue's own name. */
export function seatGradeName(seat: Pick<SeatView, 'grade' | 'gradeLabel'>): string {
  return seat.gradeLabel ?? gradeSeatName(seat.grade);
}

/** 'A구역 3열 12번', or for a standing entry slot 'P구역 입장번호 37번'. */
export function seatPlaceName({ section, row, number }: SeatPosition): string {
  return row === STANDING_ROW
    ? `${section}구역 입장번호 ${number}번`
    : `${section}구역 ${row}열 ${number}번`;
}

/**
 * The screen-reader name of a seat: 'VIP석 A구역 3열 12번, 선택 가능, 100,000원'; a drawn seat's
 * tags come after its place ('R석 A구역 1열 1번, 휠체어석, 선택 가능, 143,000원').
 */
export function seatAccessibleLabel(seat: SeatView): string {
  const place = seatPlaceName(seat.position);
  const grade = seatGradeName(seat);
  const name = grade ? `${grade} ${place}` : place;
  const tags = seatTagNames(seat)
    .map((tag) => `, ${tag}`)
    .join('');
  const price = seat.price > 0 ? `, ${formatPrice(seat.price)}` : '';
  return `${name}${tags}, ${seatKindLabels[seat.kind]}${price}`;
}

/**
 * Groups the loaded seats by section (in the layout's order: the stage end first), then row,
 * then number, with each section's grade and price. Entries whose `seatInfo` cannot be read
 * are left out with a warning. `onlySection` keeps one section (big venues).
 */
export function buildSectionViews(
  records: readonly SeatRecord[],
  layout: readonly SeatMapSection[],
  onlySection?: string | null,
): SectionView[] {
  const sections = new Map<string, Map<number, SeatView[]>>();
  const layoutBySection = new Map(layout.map((section) => [section.section, section]));
  for (const record of records) {
    const position = parseSeatInfo(record.seatInfo);
    if (!position) {
      console.warn('[seats] unreadable seatInfo', record.seatInfo);
      continue;
    }
    if (onlySection && position.section !== onlySection) continue;
    const info = layoutBySection.get(position.section);
    const rows = sections.get(position.section) ?? new Map<number, SeatView[]>();
    sections.set(position.section, rows);
    const seats = rows.get(position.row) ?? [];
    rows.set(position.row, seats);
    seats.push({
      record,
      position,
      kind: seatKindOf(record),
      grade: info?.grade ?? '',
      price: info?.price ?? 0,
    });
  }
  const order = new Map(layout.map((section, index) => [section.section, index]));
  const names = [...sections.keys()].sort(
    (a, b) =>
      (order.get(a) ?? Number.MAX_SAFE_INTEGER) - (order.get(b) ?? Number.MAX_SAFE_INTEGER) ||
      a.localeCompare(b),
  );
  return names.map((name) => {
    const rows = sections.get(name) ?? new Map<number, SeatView[]>();
    const info = layoutBySection.get(name);
    return {
      section: name,
      grade: info?.grade ?? '',
      price: info?.price ?? 0,
      rows: [...rows.entries()]
        .sort(([a], [b]) => a - b)
        .map(([row, seats]) => ({
          key: `${name}-${row}`,
          section: name,
          row,
          seats: seats.sort((a, b) => a.position.number - b.position.number),
        })),
    };
  });
}

/** The caller's held seats, in map order. */
export function selectedSeats(sections: readonly SectionView[]): SeatView[] {
  return sections.flatMap((section) =>
    section.rows.flatMap((row) => row.seats.filter((seat) => seat.kind === 'mine')),
  );
}

export interface GradeInfo {
  name: string;
  price: number;
  /** A drawn concert's grade colour (`#RRGGBB`, the seller's or the builder's palette's). */
  color?: string;
}

/**
 * The grades of the concert, dearest first: the detail's list when it has one, otherwise the
 * grades the layout mentions. Their order fixes each grade's colour.
 */
export function orderGrades(
  concertGrades: readonly GradeInfo[] | undefined,
  layout: readonly SeatMapSection[],
): GradeInfo[] {
  const grades = new Map<string, number>();
  for (const grade of concertGrades ?? []) grades.set(grade.name, grade.price);
  for (const section of layout) {
    if (!grades.has(section.grade)) grades.set(section.grade, section.price);
  }
  return [...grades.entries()]
    .map(([name, price]) => ({ name, price }))
    .sort((a, b) => b.price - a.price);
}

/**
 * How a grade is painted: Tailwind classes for the quick plan's grades; a drawn concert's
 * grades carry their own `color` (and the `ink` readable on it), applied as inline styles.
 */
export interface GradeTone {
  swatch: string;
  seat: string;
  text: string;
  color?: string;
  ink?: string;
}

/** One colour per grade (dearest first), the same order the detail page uses. */
export const gradeTones: readonly GradeTone[] = [
  {
    swatch: 'bg-amber-400',
    seat: 'bg-amber-400 text-amber-950 hover:bg-amber-300',
    text: 'text-amber-300',
  },
  {
    swatch: 'bg-rose-400',
    seat: 'bg-rose-400 text-rose-950 hover:bg-rose-300',
    text: 'text-rose-300',
  },
  { swatch: 'bg-sky-400', seat: 'bg-sky-400 text-sky-950 hover:bg-sky-300', text: 'text-sky-300' },
  {
    swatch: 'bg-emerald-400',
    seat: 'bg-emerald-400 text-emerald-950 hover:bg-emerald-300',
    text: 'text-emerald-300',
  },
  {
    swatch: 'bg-violet-400',
    seat: 'bg-violet-400 text-violet-950 hover:bg-violet-300',
    text: 'text-violet-300',
  },
  {
    swatch: 'bg-orange-400',
    seat: 'bg-orange-400 text-orange-950 hover:bg-orange-300',
    text: 'text-orange-300',
  },
];

/** The first tone, typed as always there (the legend's samples use it). */
export const firstGradeTone: GradeTone = {
  swatch: 'bg-amber-400',
  seat: 'bg-amber-400 text-amber-950 hover:bg-amber-300',
  text: 'text-amber-300',
};

/** Drawn tones are made once per colour, so memoised seats get the same object back. */
const colorTones = new Map<string, GradeTone>();

function toneOfColor(color: string): GradeTone {
  let tone = colorTones.get(color);
  if (!tone) {
    tone = {
      swatch: '',
      seat: 'hover:brightness-110',
      text: 'text-zinc-100',
      color,
      ink: inkOn(color),
    };
    colorTones.set(color, tone);
  }
  return tone;
}

export function toneForGrade(grades: readonly GradeInfo[], grade: string): GradeTone {
  const index = grades.findIndex((g) => g.name === grade);
  const color = grades[index]?.color;
  if (color) return toneOfColor(color);
  return gradeTones[(index < 0 ? grades.length : index) % gradeTones.length] ?? firstGradeTone;
}

/** The inline colour of a swatch or dot painted in a drawn grade's colour (none otherwise). */
export function swatchStyle(tone: GradeTone): CSSProperties | undefined {
  return tone.color ? { backgroundColor: tone.color } : undefined;
}

/** Venues this big open on a section overview, then one section at a time. */
export const bigVenue = { minSeats: 2_001, minSections: 9 } as const;

export function isBigVenue(layout: Pick<SeatMap, 'totalSeats' | 'sections'>): boolean {
  return layout.totalSeats >= bigVenue.minSeats || layout.sections.length >= bigVenue.minSections;
}

/**
 * Up to this many seats the page loads the whole status in one call (about 160 bytes a seat,
 * so under 1 MB), which also gives the overview its free-seat counts. Bigger venues load one
 * section at a time (`status?section=`), as product-rules.md §2 asks.
 */
export const wholeStatusMaxSeats = 5_000;
