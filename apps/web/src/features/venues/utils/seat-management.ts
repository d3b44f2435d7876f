import type {
  ConcertGradeAvailability,
  FieldError,
  GradePrice,
  SellerSeat,
  VenueLayout,
} from '@curtaincall/contracts';
import { formatNumber } from '@/lib/format';
import { seatTagLabels } from './layout-cursor';
import type { SeatGroup, SeatRef } from './layout-geometry';
import { sectionLabel, type SeatSelection } from './layout-selection';

/**
 * The seller's seat management (issue 25, point 6) as plain functions: the layout's seats
 * matched to the server's seat ids, what a selection holds, the counts per grade and the price
 * editor's drafts.
 */

/** The spec's `seatInfo` of a seated seat, `{section}-{row}-{number}` (docs/venue-layout.md). */
export function seatInfoOf(layout: VenueLayout, ref: SeatRef): string | null {
  const section = layout.sections[ref.section];
  if (section?.kind !== 'SEATED') return null;
  const row = section.rows[ref.row];
  const seat = row?.seats[ref.seat];
  return row && seat ? `${section.name}-${row.row}-${seat.number}` : null;
}

/** The server's seats by `seatInfo`. */
export function indexSellerSeats(seats: readonly SellerSeat[]): ReadonlyMap<string, SellerSeat> {
  return new Map(seats.map((seat) => [seat.seatInfo, seat]));
}

/** A buyer holds it, is paying for it, or bought it: neither released nor stopped. */
export function isTakenByBuyer(seat: SellerSeat): boolean {
  return seat.block === null && (seat.status === 'RESERVED' || seat.status === 'BOOKED');
}

/** One seat's state in words, for announcements. */
export function seatStateLabel(seat: SellerSeat | undefined): string {
  if (!seat) return '좌석 정보 없음';
  if (seat.block === 'HELD') return '홀드석';
  if (seat.block === 'KILLED') return '판매 중지';
  switch (seat.status) {
    case 'AVAILABLE':
      return '판매 중';
    case 'RESERVED':
      return '구매자 선점·결제 중';
    case 'BOOKED':
      return '예매됨';
    case 'UNAVAILABLE':
      return '판매 안 함';
  }
}

/** What a selection holds, as the actions need it. */
export interface SelectionSummary {
  /** Selected seats found among the server's seats. */
  total: number;
  /** Ids of the selected held seats (what 선택한 홀드석 판매 전환 sends). */
  heldIds: number[];
  /** Ids of the selected seats not stopped yet (what 선택한 좌석 판매 중지 sends). */
  stoppableIds: number[];
  /** Of those, seats a buyer holds or bought: the server refuses the whole request for them. */
  takenCount: number;
  /** Selected seats already stopped (left out of any request). */
  killedCount: number;
  /** Selected seats the server did not list (an older drawing): left out, counted. */
  unknownCount: number;
}

export function summarizeSelection(
  layout: VenueLayout,
  groups: readonly SeatGroup[],
  seats: ReadonlyMap<string, SellerSeat>,
): SelectionSummary {
  const summary: SelectionSummary = {
    total: 0,
    heldIds: [],
    stoppableIds: [],
    takenCount: 0,
    killedCount: 0,
    unknownCount: 0,
  };
  for (const group of groups) {
    for (const index of group.seats) {
      const info = seatInfoOf(layout, { section: group.section, row: group.row, seat: index });
      const seat = info === null ? undefined : seats.get(info);
      if (!seat) {
        summary.unknownCount += 1;
        continue;
      }
      summary.total += 1;
      if (seat.block === 'KILLED') {
        summary.killedCount += 1;
        continue;
      }
      summary.stoppableIds.push(seat.seatId);
      if (seat.block === 'HELD') summary.heldIds.push(seat.seatId);
      if (isTakenByBuyer(seat)) summary.takenCount += 1;
    }
  }
  return summary;
}

/**
 * The seats buyers hold or bought, as a selection of the drawing (marked on the canvas). One
 * pass over the seats: about 5 ms for 50,000.
 */
export function takenSeatsOf(
  layout: VenueLayout,
  seats: ReadonlyMap<string, SellerSeat>,
): SeatSelection {
  const taken = new Map<string, Set<number>>();
  layout.sections.forEach((section, s) => {
    if (section.kind !== 'SEATED') return;
    section.rows.forEach((row, r) => {
      row.seats.forEach((seat, i) => {
        const found = seats.get(`${section.name}-${row.row}-${seat.number}`);
        if (!found || !isTakenByBuyer(found)) return;
        const key = `${s}:${r}`;
        let set = taken.get(key);
        if (!set) {
          set = new Set();
          taken.set(key, set);
        }
        set.add(i);
      });
    });
  });
  return taken;
}

/** One grade's line of the counts table. */
export interface GradeCountRow {
  code: string;
  name: string;
  price: number;
  color: string | null;
  standing: boolean;
  /** Places ever for sale (stopped seats never count; held ones do). */
  total: number;
  /** Places a buyer could take now. */
  available: number;
  /** The promoter's held places, not on sale until released. */
  held: number;
  /** Sold, or held by a buyer or being paid: what is neither available nor the promoter's. */
  taken: number;
}

export interface GradeCounts {
  rows: GradeCountRow[];
  total: number;
  available: number;
  held: number;
  taken: number;
}

/**
 * `/grades` in the seller's terms. Its `totalPlaces` counts held places too, so what buyers
 * have is the rest: total − available − held (never below 0, the counts being read at once).
 */
export function gradeCountsOf(grades: readonly ConcertGradeAvailability[]): GradeCounts {
  const rows = grades.map((grade) => ({
    code: grade.code,
    name: grade.name,
    price: grade.price,
    color: grade.color,
    standing: grade.standing,
    total: grade.totalPlaces,
    available: grade.available,
    held: grade.held,
    taken: Math.max(0, grade.totalPlaces - grade.available - grade.held),
  }));
  const sum = (pick: (row: GradeCountRow) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  return {
    rows,
    total: sum((row) => row.total),
    available: sum((row) => row.available),
    held: sum((row) => row.held),
    taken: sum((row) => row.taken),
  };
}

export const priceRangeMessage = '가격은 0~10,000,000원 사이의 정수(원)여야 합니다.';
const priceMax = 10_000_000;

/** A typed price ('165000', '165,000', '165,000원'): whole won, or the message to show. */
export function parsePrice(text: string): { price: number } | { error: string } {
  const cleaned = text.replace(/[\s,]/g, '').replace(/원$/, '');
  if (!/^\d+$/.test(cleaned)) {
    return { error: cleaned === '' ? '가격을 입력해주세요.' : priceRangeMessage };
  }
  const price = Number(cleaned);
  return price <= priceMax ? { price } : { error: priceRangeMessage };
}

/** The editor's drafts checked: the prices that changed, and a message per grade code. */
export function checkPriceDrafts(
  grades: readonly { code: string; price: number }[],
  drafts: Readonly<Record<string, string>>,
): { changed: GradePrice[]; errors: Record<string, string> } {
  const changed: GradePrice[] = [];
  const errors: Record<string, string> = {};
  for (const grade of grades) {
    const draft = drafts[grade.code];
    if (draft === undefined) continue;
    const parsed = parsePrice(draft);
    if ('error' in parsed) errors[grade.code] = parsed.error;
    else if (parsed.price !== grade.price) changed.push({ code: grade.code, price: parsed.price });
  }
  return { changed, errors };
}

/**
 * The server's `prices[i].code` / `prices[i].price` errors put back on the grade they name
 * (the i-th price sent); anything else is a message for the whole editor.
 */
export function priceErrorsOf(
  fieldErrors: readonly FieldError[],
  sent: readonly GradePrice[],
): { byCode: Record<string, string>; other: string[] } {
  const byCode: Record<string, string> = {};
  const other: string[] = [];
  for (const { field, message } of fieldErrors) {
    const match = /^prices\[(\d+)\]/.exec(field);
    const code = match ? sent[Number(match[1])]?.code : undefined;
    if (code !== undefined) byCode[code] ??= message;
    else other.push(message);
  }
  return { byCode, other };
}

/** '홀드석 12석' style counts for sentences. */
export const seatCount = (count: number) => `${formatNumber(count)}석`;

/** One seat read out for the seller: 'C구역 5열 7번, R석, 홀드석' (its state from the server). */
export function describeManagedSeat(
  layout: VenueLayout,
  ref: SeatRef,
  seats: ReadonlyMap<string, SellerSeat>,
): string {
  const section = layout.sections[ref.section];
  if (section?.kind !== 'SEATED') return '';
  const row = section.rows[ref.row];
  const seat = row?.seats[ref.seat];
  if (!row || !seat) return '';
  const grade = layout.grades.find((g) => g.code === seat.grade)?.name ?? seat.grade;
  const marks = (seat.tags ?? [])
    .filter((tag) => tag === 'WHEELCHAIR' || tag === 'COMPANION' || tag === 'RESTRICTED_VIEW')
    .map((tag) => seatTagLabels[tag]);
  const state = seatStateLabel(seats.get(`${section.name}-${row.row}-${seat.number}`));
  return [
    `${sectionLabel(section.name)} ${row.row}열 ${seat.number}번`,
    grade,
    state,
    ...marks,
  ].join(', ');
}
