import type { LayoutSeat, LayoutSection, SeatTag, VenueLayout } from '@curtaincall/contracts';
import { sectionShape, seatPitch, type SeatGroup, type SeatRef } from './layout-geometry';

/**
 * Every edit of the builder as a pure function: layout in, new layout out, sharing every
 * section, row and seat it did not change. An edit therefore costs what it touches (a paint of
 * 1,000 seats copies the rows of those seats, never the 50,000-seat hall), and the previous
 * layout stays intact as the undo step. An edit that changes nothing returns the same object.
 */

export type SeatedSection = Extract<LayoutSection, { kind: 'SEATED' }>;
export type StandingSection = Extract<LayoutSection, { kind: 'STANDING' }>;
export type LayoutRow = SeatedSection['rows'][number];
export type LayoutGrade = VenueLayout['grades'][number];

type SeatChange = (seat: LayoutSeat) => LayoutSeat;

/**
 * Applies a change to the seats of the groups, copying each touched section's rows array and
 * each touched row's seats array once. `repairRow` runs on every row that changed.
 */
function changeSeats(
  layout: VenueLayout,
  groups: readonly SeatGroup[],
  change: SeatChange,
  repairRow: (seats: LayoutSeat[]) => LayoutSeat[] = (seats) => seats,
): VenueLayout {
  let sections: LayoutSection[] | null = null;
  const copiedRows = new Map<number, LayoutRow[]>();
  for (const group of groups) {
    const section = (sections ?? layout.sections)[group.section];
    if (section?.kind !== 'SEATED') continue;
    const row = section.rows[group.row];
    if (!row) continue;
    let seats: LayoutSeat[] | null = null;
    for (const index of group.seats) {
      const seat = row.seats[index];
      if (!seat) continue;
      const changed = change(seat);
      if (changed === seat) continue;
      seats ??= [...row.seats];
      seats[index] = changed;
    }
    if (!seats) continue;
    sections ??= [...layout.sections];
    let rows = copiedRows.get(group.section);
    if (!rows) {
      rows = [...section.rows];
      copiedRows.set(group.section, rows);
      sections[group.section] = { ...section, rows };
    }
    rows[group.row] = { ...row, seats: repairRow(seats) };
  }
  return sections ? { ...layout, sections } : layout;
}

/** The seats of the groups painted with a grade code. */
export function paintSeats(
  layout: VenueLayout,
  groups: readonly SeatGroup[],
  gradeCode: string,
): VenueLayout {
  return changeSeats(layout, groups, (seat) =>
    seat.grade === gradeCode ? seat : { ...seat, grade: gradeCode },
  );
}

function withTags(seat: LayoutSeat, tags: SeatTag[]): LayoutSeat {
  const { tags: _old, companionOf, ...rest } = seat;
  const next: LayoutSeat = { ...rest };
  if (tags.length > 0) next.tags = tags;
  if (companionOf !== undefined && tags.includes('COMPANION')) next.companionOf = companionOf;
  return next;
}

/**
 * A companion seat whose wheelchair seat is gone (removed, or no longer WHEELCHAIR) loses its
 * pairing, so an edit never leaves the document invalid behind the seller's back.
 */
function unpairOrphans(seats: LayoutSeat[]): LayoutSeat[] {
  const wheelchairs = new Set<number>();
  for (const seat of seats) if (seat.tags?.includes('WHEELCHAIR')) wheelchairs.add(seat.number);
  let result: LayoutSeat[] | null = null;
  seats.forEach((seat, i) => {
    if (seat.companionOf === undefined || wheelchairs.has(seat.companionOf)) return;
    result ??= [...seats];
    result[i] = withTags(
      seat,
      (seat.tags ?? []).filter((tag) => tag !== 'COMPANION'),
    );
  });
  return result ?? seats;
}

/**
 * A tag put on (or taken off) the seats. HELD and KILLED exclude each other, so putting one on
 * takes the other off. COMPANION is put on only by `pairCompanion`; taking it off unpairs.
 */
export function setSeatTag(
  layout: VenueLayout,
  groups: readonly SeatGroup[],
  tag: SeatTag,
  isOn: boolean,
): VenueLayout {
  if (isOn && tag === 'COMPANION') return layout;
  const excluded: SeatTag | null = tag === 'HELD' ? 'KILLED' : tag === 'KILLED' ? 'HELD' : null;
  return changeSeats(
    layout,
    groups,
    (seat) => {
      const tags = seat.tags ?? [];
      if (isOn === tags.includes(tag) && !(isOn && excluded && tags.includes(excluded))) {
        return seat;
      }
      const kept = tags.filter((t) => t !== tag && t !== excluded);
      return withTags(seat, isOn ? [...kept, tag] : kept);
    },
    unpairOrphans,
  );
}

export type EditResult = { ok: true; layout: VenueLayout } | { ok: false; message: string };

/**
 * A wheelchair seat and its companion seat, sold together (same section and row, as the format
 * requires). The first seat gets WHEELCHAIR, the second COMPANION with `companionOf`.
 */
export function pairCompanion(
  layout: VenueLayout,
  wheelchair: SeatRef,
  companion: SeatRef,
): EditResult {
  if (wheelchair.section !== companion.section || wheelchair.row !== companion.row) {
    return { ok: false, message: '휠체어석과 동반석은 같은 구역, 같은 열에 있어야 합니다' };
  }
  if (wheelchair.seat === companion.seat) {
    return { ok: false, message: '서로 다른 두 좌석을 골라 주세요' };
  }
  const section = layout.sections[wheelchair.section];
  const row = section?.kind === 'SEATED' ? section.rows[wheelchair.row] : undefined;
  const target = row?.seats[wheelchair.seat];
  if (!row || !target || !row.seats[companion.seat]) {
    return { ok: false, message: '좌석을 찾을 수 없습니다' };
  }
  const withWheelchair = setSeatTag(
    layout,
    [{ section: wheelchair.section, row: wheelchair.row, seats: [wheelchair.seat] }],
    'WHEELCHAIR',
    true,
  );
  const paired = changeSeats(
    withWheelchair,
    [{ section: companion.section, row: companion.row, seats: [companion.seat] }],
    (seat) => {
      const tags = (seat.tags ?? []).filter((tag) => tag !== 'COMPANION' && tag !== 'WHEELCHAIR');
      return { ...withTags(seat, [...tags, 'COMPANION']), companionOf: target.number };
    },
    unpairOrphans,
  );
  return { ok: true, layout: paired };
}

/**
 * The seats removed, leaving their space empty (an aisle): each seat after a removed one gets
 * its old `x`, so nothing to its right moves. A row left empty goes, and a section left
 * without rows goes too. Seat indexes change: the caller drops its selection.
 */
export function removeSeats(layout: VenueLayout, groups: readonly SeatGroup[]): VenueLayout {
  const bySection = new Map<number, Map<number, Set<number>>>();
  for (const group of groups) {
    const rows = bySection.get(group.section) ?? new Map<number, Set<number>>();
    const seats = rows.get(group.row) ?? new Set<number>();
    for (const seat of group.seats) seats.add(seat);
    rows.set(group.row, seats);
    bySection.set(group.section, rows);
  }
  if (bySection.size === 0) return layout;
  const sections: Array<LayoutSection | null> = [...layout.sections];
  for (const [sectionIndex, removedRows] of bySection) {
    const section = layout.sections[sectionIndex];
    if (section?.kind !== 'SEATED') continue;
    const shape = sectionShape(section);
    const rows: LayoutRow[] = [];
    section.rows.forEach((row, rowIndex) => {
      const removed = removedRows.get(rowIndex);
      if (!removed) {
        rows.push(row);
        return;
      }
      const xs = shape.kind === 'SEATED' ? shape.rowXs[rowIndex] : undefined;
      const seats: LayoutSeat[] = [];
      let afterGap = false;
      row.seats.forEach((seat, i) => {
        if (removed.has(i)) {
          afterGap = true;
          return;
        }
        seats.push(afterGap && seat.x === undefined ? { ...seat, x: xs?.[i] ?? 0 } : seat);
        afterGap = false;
      });
      if (seats.length > 0) rows.push({ ...row, seats: unpairOrphans(seats) });
    });
    sections[sectionIndex] = rows.length > 0 ? { ...section, rows } : null;
  }
  const kept = sections.filter((section): section is LayoutSection => section !== null);
  return { ...layout, sections: kept.length > 0 ? kept : layout.sections };
}

/** An aisle one seat wide after the last selected seat of each row (the seats after it move right). */
export function addAisleAfter(layout: VenueLayout, groups: readonly SeatGroup[]): VenueLayout {
  let result = layout;
  for (const group of groups) {
    const section = layout.sections[group.section];
    if (section?.kind !== 'SEATED' || group.seats.length === 0) continue;
    const next = Math.max(...group.seats) + 1;
    const shape = sectionShape(section);
    const x = shape.kind === 'SEATED' ? shape.rowXs[group.row]?.[next] : undefined;
    if (x === undefined) continue;
    const target = { section: group.section, row: group.row, seats: [next] };
    result = changeSeats(result, [target], (seat) => ({ ...seat, x: x + seatPitch }));
  }
  return result;
}

/** The seats back on the even spacing (their `x` dropped): closes the aisle before each of them. */
export function closeAisles(layout: VenueLayout, groups: readonly SeatGroup[]): VenueLayout {
  return changeSeats(layout, groups, (seat) => {
    if (seat.x === undefined) return seat;
    const { x: _x, ...rest } = seat;
    return rest;
  });
}

function replaceSection(layout: VenueLayout, index: number, section: LayoutSection): VenueLayout {
  const sections = [...layout.sections];
  sections[index] = section;
  return { ...layout, sections };
}

function seatedAt(layout: VenueLayout, index: number): SeatedSection | null {
  const section = layout.sections[index];
  return section?.kind === 'SEATED' ? section : null;
}

/** A new last row, a copy of the current last row's seats (grades and aisles, no tags). */
export function addRow(layout: VenueLayout, sectionIndex: number): VenueLayout {
  const section = seatedAt(layout, sectionIndex);
  const last = section?.rows.at(-1);
  if (!section || !last) return layout;
  const number = Math.max(...section.rows.map((row) => row.row)) + 1;
  const seats = last.seats.map(({ number: seatNumber, grade, x }) =>
    x === undefined ? { number: seatNumber, grade } : { number: seatNumber, grade, x },
  );
  return replaceSection(layout, sectionIndex, {
    ...section,
    rows: [...section.rows, { row: number, seats }],
  });
}

/** Rows removed by index; a section keeps at least one row. */
export function removeRows(
  layout: VenueLayout,
  sectionIndex: number,
  rowIndexes: readonly number[],
): VenueLayout {
  const section = seatedAt(layout, sectionIndex);
  if (!section) return layout;
  const removed = new Set(rowIndexes);
  const rows = section.rows.filter((_, i) => !removed.has(i));
  if (rows.length === 0 || rows.length === section.rows.length) return layout;
  return replaceSection(layout, sectionIndex, { ...section, rows });
}

/** `count` seats added at the end of each row, numbered on from the row's highest number. */
export function addSeatsToRows(
  layout: VenueLayout,
  sectionIndex: number,
  rowIndexes: readonly number[],
  count: number,
): VenueLayout {
  const section = seatedAt(layout, sectionIndex);
  if (!section || count < 1) return layout;
  const wanted = new Set(rowIndexes);
  const rows = section.rows.map((row, i) => {
    if (!wanted.has(i)) return row;
    const grade = row.seats.at(-1)?.grade ?? layout.grades[0]?.code ?? '';
    let number = Math.max(0, ...row.seats.map((seat) => seat.number));
    const added = Array.from({ length: count }, () => ({ number: (number += 1), grade }));
    return { ...row, seats: [...row.seats, ...added] };
  });
  return replaceSection(layout, sectionIndex, { ...section, rows });
}

/** `rows` rows of `seatsPerRow` seats numbered from 1, all of one grade. */
export function makeRows(rows: number, seatsPerRow: number, grade: string): LayoutRow[] {
  return Array.from({ length: rows }, (_, r) => ({
    row: r + 1,
    seats: Array.from({ length: seatsPerRow }, (_, s) => ({ number: s + 1, grade })),
  }));
}

/** The first of 'A', 'B', … 'Z', 'A1', … not used by a section yet. */
export function nextSectionName(layout: VenueLayout): string {
  const used = new Set(layout.sections.map((section) => section.name));
  for (let round = 0; ; round += 1) {
    for (let letter = 0; letter < 26; letter += 1) {
      const name = `${String.fromCharCode(65 + letter)}${round === 0 ? '' : round}`;
      if (!used.has(name)) return name;
    }
  }
}

export function addSection(layout: VenueLayout, section: LayoutSection): VenueLayout {
  return { ...layout, sections: [...layout.sections, section] };
}

export type SectionPatch = Partial<{
  name: string;
  position: { x: number; y: number };
  grade: string;
  capacity: number;
  size: { width: number; height: number };
}>;

/** Name and position of any section; grade, capacity and size of a standing zone. */
export function updateSection(
  layout: VenueLayout,
  index: number,
  patch: SectionPatch,
): VenueLayout {
  const section = layout.sections[index];
  if (!section) return layout;
  const { grade, capacity, size, ...common } = patch;
  if (section.kind === 'SEATED') return replaceSection(layout, index, { ...section, ...common });
  return replaceSection(layout, index, {
    ...section,
    ...common,
    ...(grade === undefined ? {} : { grade }),
    ...(capacity === undefined ? {} : { capacity }),
    ...(size === undefined ? {} : { size }),
  });
}

export function removeSection(layout: VenueLayout, index: number): VenueLayout {
  if (layout.sections.length <= 1 || !layout.sections[index]) return layout;
  return { ...layout, sections: layout.sections.filter((_, i) => i !== index) };
}

/** A grade code's every use renamed (seats and standing zones): O(seats), done once per rename. */
function renameGradeCode(layout: VenueLayout, from: string, to: string): VenueLayout['sections'] {
  return layout.sections.map((section) => {
    if (section.kind === 'STANDING')
      return section.grade === from ? { ...section, grade: to } : section;
    let changed = false;
    const rows = section.rows.map((row) => {
      if (!row.seats.some((seat) => seat.grade === from)) return row;
      changed = true;
      return {
        ...row,
        seats: row.seats.map((seat) => (seat.grade === from ? { ...seat, grade: to } : seat)),
      };
    });
    return changed ? { ...section, rows } : section;
  });
}

export function addGrade(layout: VenueLayout, grade: LayoutGrade): VenueLayout {
  return { ...layout, grades: [...layout.grades, grade] };
}

/**
 * A grade's fields changed. A new code is carried to every seat and zone of the old one, unless
 * another grade already has it (then only the grade changes and the checker names the clash).
 */
export function updateGrade(
  layout: VenueLayout,
  index: number,
  patch: Partial<LayoutGrade>,
): VenueLayout {
  const grade = layout.grades[index];
  if (!grade) return layout;
  const next = { ...grade, ...patch };
  if (patch.color === undefined && 'color' in patch) delete next.color;
  const grades = [...layout.grades];
  grades[index] = next;
  const isFreeCode = !layout.grades.some((other, i) => i !== index && other.code === next.code);
  const sections =
    next.code !== grade.code && isFreeCode
      ? renameGradeCode(layout, grade.code, next.code)
      : layout.sections;
  return { ...layout, grades, sections };
}

/** A grade removed; its seats and zones take the replacement grade. */
export function removeGrade(
  layout: VenueLayout,
  index: number,
  replacementCode: string,
): VenueLayout {
  const grade = layout.grades[index];
  if (!grade || layout.grades.length <= 1 || grade.code === replacementCode) return layout;
  return {
    ...layout,
    grades: layout.grades.filter((_, i) => i !== index),
    sections: renameGradeCode(layout, grade.code, replacementCode),
  };
}

/** The first unused code among 'G1', 'G2', …. */
export function nextGradeCode(layout: VenueLayout): string {
  const used = new Set(layout.grades.map((grade) => grade.code));
  let n = layout.grades.length + 1;
  while (used.has(`G${n}`)) n += 1;
  return `G${n}`;
}
