import { checkVenueLayout, type VenueLayout } from '@curtaincall/contracts';
import { describe, expect, it } from 'vitest';
import {
  addAisleAfter,
  addRow,
  addSeatsToRows,
  closeAisles,
  makeRows,
  pairCompanion,
  paintSeats,
  removeGrade,
  removeRows,
  removeSeats,
  setSeatTag,
  updateGrade,
  type SeatedSection,
} from './layout-edit';
import { measureLayout, seatAt, seatsInRect, rowPitch, seatPitch } from './layout-geometry';
import { recordStep, redoStep, startHistory, undoStep } from './layout-history';
import {
  addGroups,
  describeSeats,
  groupsBetween,
  isSeatSelected,
  selectionSize,
  selectionToGroups,
  toggleSeat,
  emptySelection,
} from './layout-selection';
import { countLayout } from './layout-stats';

const grades = [
  { code: 'VIP', name: 'VIP석', price: 165_000 },
  { code: 'R', name: 'R석', price: 143_000 },
  { code: 'S', name: 'S석', price: 110_000 },
];

/** `sections` seated sections of rows × seats, all R, side by side under a stage. */
function hall(sections: number, rows: number, seats: number): VenueLayout {
  return {
    format: 'curtaincall.venue-layout',
    version: 1,
    name: '테스트 홀',
    stage: { position: { x: 0, y: 0 }, size: { width: 600, height: 60 } },
    grades,
    sections: Array.from({ length: sections }, (_, i) => ({
      kind: 'SEATED' as const,
      name: String.fromCharCode(65 + i),
      position: { x: i * (seats * seatPitch + 40), y: 100 },
      rows: makeRows(rows, seats, 'R'),
    })),
  };
}

function seated(layout: VenueLayout, index: number): SeatedSection {
  const section = layout.sections[index];
  if (section?.kind !== 'SEATED') throw new Error('not seated');
  return section;
}

describe('painting', () => {
  it('paints 1,000 seats of a 50,000-seat hall in under 100 ms, rect lookup included', () => {
    const layout = hall(10, 50, 100);
    expect(countLayout(layout).places).toBe(50_000);
    const geometry = measureLayout(layout);
    // Section C (index 2): rows 11-30 (20 rows), seats 31-80 (50 seats) = 1,000 seats.
    const box = geometry.sections[2]?.box;
    if (!box) throw new Error('no box');
    const rect = {
      x: box.x + 30 * seatPitch + 1,
      y: box.y + 10 * rowPitch + 1,
      width: 50 * seatPitch - 4,
      height: 20 * rowPitch - 6,
    };
    const started = performance.now();
    const groups = seatsInRect(geometry, rect);
    const painted = paintSeats(layout, groups, 'VIP');
    const elapsed = performance.now() - started;
    expect(groups.reduce((sum, group) => sum + group.seats.length, 0)).toBe(1_000);
    expect(elapsed).toBeLessThan(100);
    expect(countLayout(painted).grades.map((grade) => grade.places)).toEqual([1_000, 49_000, 0]);
    // Structural sharing: untouched sections and rows are the same objects.
    expect(painted.sections[0]).toBe(layout.sections[0]);
    expect(seated(painted, 2).rows[0]).toBe(seated(layout, 2).rows[0]);
    expect(seated(painted, 2).rows[10]).not.toBe(seated(layout, 2).rows[10]);
    expect(seated(painted, 2).rows[10]?.seats[29]).toBe(seated(layout, 2).rows[10]?.seats[29]);
    expect(seated(painted, 2).rows[10]?.seats[30]?.grade).toBe('VIP');
    expect(seated(painted, 2).rows[10]?.seats[80]?.grade).toBe('R');
    expect(checkVenueLayout(painted).ok).toBe(true);
  });

  it('re-measures only the touched sections after a paint', () => {
    const layout = hall(3, 5, 10);
    const before = measureLayout(layout);
    const painted = paintSeats(layout, [{ section: 1, row: 0, seats: [0] }], 'S');
    const after = measureLayout(painted);
    expect(after.sections[0]?.shape).toBe(before.sections[0]?.shape);
  });

  it('returns the same layout when nothing changes', () => {
    const layout = hall(1, 2, 3);
    expect(paintSeats(layout, [{ section: 0, row: 0, seats: [0, 1] }], 'R')).toBe(layout);
  });
});

describe('geometry', () => {
  it('finds the seat under a point and keeps aisles empty', () => {
    const layout = addAisleAfter(hall(1, 2, 6), [{ section: 0, row: 0, seats: [2] }]);
    const geometry = measureLayout(layout);
    const box = geometry.sections[0]?.box ?? { x: 0, y: 0 };
    expect(seatAt(geometry, { x: box.x + 25, y: box.y + 3 })).toEqual({
      section: 0,
      row: 0,
      seat: 2,
    });
    // The aisle after seat 3: 30-40 is empty, seat 4 now at 40.
    expect(seatAt(geometry, { x: box.x + 35, y: box.y + 3 })).toBeNull();
    expect(seatAt(geometry, { x: box.x + 45, y: box.y + 3 })).toEqual({
      section: 0,
      row: 0,
      seat: 3,
    });
    expect(seated(layout, 0).rows[0]?.seats[3]?.x).toBe(40);
    // The row below is unchanged.
    expect(seatAt(geometry, { x: box.x + 35, y: box.y + 15 })).toEqual({
      section: 0,
      row: 1,
      seat: 3,
    });
    const closed = closeAisles(layout, [{ section: 0, row: 0, seats: [3] }]);
    expect(seated(closed, 0).rows[0]?.seats[3]?.x).toBeUndefined();
  });

  it('places sections without a position in a line under the stage', () => {
    const layout = hall(2, 1, 2);
    const unplaced = {
      ...layout,
      sections: layout.sections.map(({ position: _p, ...rest }) => rest),
    };
    const geometry = measureLayout(unplaced);
    expect(geometry.sections.map((s) => [s.box.x, s.box.y])).toEqual([
      [0, 100],
      [60, 100],
    ]);
  });
});

describe('seats and rows', () => {
  it('removes seats as an aisle: the seats to the right stay where they were', () => {
    const layout = hall(1, 1, 6);
    const removed = removeSeats(layout, [{ section: 0, row: 0, seats: [2, 3] }]);
    const seats = seated(removed, 0).rows[0]?.seats ?? [];
    expect(seats.map((seat) => seat.number)).toEqual([1, 2, 5, 6]);
    expect(seats[2]?.x).toBe(40);
    expect(seats[3]?.x).toBeUndefined();
    expect(checkVenueLayout(removed).ok).toBe(true);
  });

  it('drops rows left empty and never the last section', () => {
    const layout = hall(2, 2, 2);
    const oneRow = removeSeats(layout, [{ section: 0, row: 0, seats: [0, 1] }]);
    expect(seated(oneRow, 0).rows.map((row) => row.row)).toEqual([2]);
    const oneSection = removeSeats(layout, [
      { section: 0, row: 0, seats: [0, 1] },
      { section: 0, row: 1, seats: [0, 1] },
    ]);
    expect(oneSection.sections.map((section) => section.name)).toEqual(['B']);
  });

  it('adds and removes rows and seats', () => {
    const layout = addRow(hall(1, 2, 3), 0);
    expect(seated(layout, 0).rows.map((row) => row.row)).toEqual([1, 2, 3]);
    const wider = addSeatsToRows(layout, 0, [2], 2);
    expect(seated(wider, 0).rows[2]?.seats.map((seat) => seat.number)).toEqual([1, 2, 3, 4, 5]);
    expect(seated(removeRows(wider, 0, [0]), 0).rows.map((row) => row.row)).toEqual([2, 3]);
    expect(removeRows(hall(1, 1, 1), 0, [0]).sections[0]).toBeDefined();
  });
});

describe('tags and companions', () => {
  it('puts tags on and off; HELD and KILLED exclude each other', () => {
    const group = [{ section: 0, row: 0, seats: [0, 1] }];
    const held = setSeatTag(hall(1, 1, 3), group, 'HELD', true);
    expect(seated(held, 0).rows[0]?.seats[0]?.tags).toEqual(['HELD']);
    const killed = setSeatTag(held, group, 'KILLED', true);
    expect(seated(killed, 0).rows[0]?.seats[1]?.tags).toEqual(['KILLED']);
    const counts = countLayout(killed);
    expect([counts.places, counts.killed]).toEqual([1, 2]);
    const clear = setSeatTag(killed, group, 'KILLED', false);
    expect(seated(clear, 0).rows[0]?.seats[0]?.tags).toBeUndefined();
    expect(checkVenueLayout(clear).ok).toBe(true);
  });

  it('pairs a wheelchair seat with its companion and unpairs when the wheelchair goes', () => {
    const layout = hall(1, 2, 4);
    const paired = pairCompanion(
      layout,
      { section: 0, row: 0, seat: 0 },
      { section: 0, row: 0, seat: 1 },
    );
    if (!paired.ok) throw new Error(paired.message);
    const seats = seated(paired.layout, 0).rows[0]?.seats ?? [];
    expect(seats[0]?.tags).toEqual(['WHEELCHAIR']);
    expect(seats[1]).toMatchObject({ tags: ['COMPANION'], companionOf: 1 });
    expect(checkVenueLayout(paired.layout).ok).toBe(true);
    expect(countLayout(paired.layout).wheelchair).toBe(1);

    const unpaired = setSeatTag(
      paired.layout,
      [{ section: 0, row: 0, seats: [0] }],
      'WHEELCHAIR',
      false,
    );
    expect(seated(unpaired, 0).rows[0]?.seats[1]).toEqual({ number: 2, grade: 'R' });
    const removed = removeSeats(paired.layout, [{ section: 0, row: 0, seats: [0] }]);
    expect(seated(removed, 0).rows[0]?.seats[0]?.companionOf).toBeUndefined();
    expect(checkVenueLayout(removed).ok).toBe(true);

    const otherRow = pairCompanion(
      layout,
      { section: 0, row: 0, seat: 0 },
      { section: 0, row: 1, seat: 1 },
    );
    expect(otherRow).toEqual({
      ok: false,
      message: '휠체어석과 동반석은 같은 구역, 같은 열에 있어야 합니다',
    });
  });
});

describe('grades', () => {
  it('renames a code everywhere it is used, and moves a removed grade to its replacement', () => {
    const layout = paintSeats(hall(1, 1, 2), [{ section: 0, row: 0, seats: [0] }], 'VIP');
    const renamed = updateGrade(layout, 0, { code: 'P' });
    expect(seated(renamed, 0).rows[0]?.seats[0]?.grade).toBe('P');
    expect(checkVenueLayout(renamed).ok).toBe(true);
    const removed = removeGrade(renamed, 0, 'S');
    expect(removed.grades.map((grade) => grade.code)).toEqual(['R', 'S']);
    expect(seated(removed, 0).rows[0]?.seats[0]?.grade).toBe('S');
  });

  it('counts places, held seats and revenue at full sale per grade, standing included', () => {
    const layout = hall(1, 1, 4);
    const withStanding: VenueLayout = {
      ...layout,
      sections: [...layout.sections, { kind: 'STANDING', name: 'P', grade: 'VIP', capacity: 100 }],
    };
    const counts = countLayout(
      setSeatTag(withStanding, [{ section: 0, row: 0, seats: [3] }], 'HELD', true),
    );
    expect(counts.grades.map((g) => [g.code, g.places, g.held, g.revenue])).toEqual([
      ['VIP', 100, 0, 16_500_000],
      ['R', 4, 1, 572_000],
      ['S', 0, 0, 0],
    ]);
    expect(counts.revenue).toBe(17_072_000);
  });
});

describe('history', () => {
  it('undoes and redoes steps, and a new step clears the redo list', () => {
    const first = hall(1, 1, 2);
    const second = paintSeats(first, [{ section: 0, row: 0, seats: [0] }], 'VIP');
    const third = paintSeats(second, [{ section: 0, row: 0, seats: [1] }], 'S');
    let history = recordStep(recordStep(startHistory(first), second), third);
    history = undoStep(undoStep(history));
    expect(history.present).toBe(first);
    expect(undoStep(history)).toBe(history);
    history = redoStep(history);
    expect(history.present).toBe(second);
    history = recordStep(history, paintSeats(second, [{ section: 0, row: 0, seats: [1] }], 'VIP'));
    expect(history.future).toEqual([]);
    expect(recordStep(history, history.present)).toBe(history);
  });
});

describe('selection', () => {
  it('toggles seats, selects a range and describes it in Korean', () => {
    const layout = hall(1, 5, 20);
    let selection = toggleSeat(emptySelection, { section: 0, row: 2, seat: 4 });
    expect(isSeatSelected(selection, { section: 0, row: 2, seat: 4 })).toBe(true);
    selection = toggleSeat(selection, { section: 0, row: 2, seat: 4 });
    expect(selectionSize(selection)).toBe(0);
    const row = groupsBetween(
      layout,
      { section: 0, row: 2, seat: 4 },
      { section: 0, row: 2, seat: 11 },
    );
    expect(describeSeats(layout, row)).toBe('A구역 3열 5~12번');
    const block = groupsBetween(
      layout,
      { section: 0, row: 0, seat: 0 },
      { section: 0, row: 3, seat: 9 },
    );
    expect(describeSeats(layout, block)).toBe('A구역 1~4열 40석');
    selection = addGroups(emptySelection, block);
    expect(selectionToGroups(selection)).toEqual(block);
  });
});
