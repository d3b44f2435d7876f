import { describe, expect, it } from 'vitest';
import './zod-setup';
import { checkVenueLayout, placesPerGrade, type SeatTag, type VenueLayout } from './venue-layout';
import { demoArenaLayout, demoHallLayout } from './venue-layout-demos';
import { sectionFootprint } from './venue-layout-templates';

interface SeatAt {
  section: string;
  row: number;
  number: number;
  grade: string;
  tags: readonly SeatTag[];
  companionOf?: number;
}

function seatsOf(layout: VenueLayout): SeatAt[] {
  return layout.sections.flatMap((section) =>
    section.kind === 'STANDING'
      ? []
      : section.rows.flatMap((row) =>
          row.seats.map((seat) => ({
            section: section.name,
            row: row.row,
            number: seat.number,
            grade: seat.grade,
            tags: seat.tags ?? [],
            ...(seat.companionOf === undefined ? {} : { companionOf: seat.companionOf }),
          })),
        ),
  );
}

function tagged(layout: VenueLayout, tag: SeatTag): SeatAt[] {
  return seatsOf(layout).filter((seat) => seat.tags.includes(tag));
}

/** Every companion seat sits next to its wheelchair seat, one companion per wheelchair seat. */
function expectWheelchairPairs(layout: VenueLayout, pairs: number): void {
  const wheelchairs = tagged(layout, 'WHEELCHAIR');
  const companions = tagged(layout, 'COMPANION');
  expect(wheelchairs).toHaveLength(pairs);
  expect(companions).toHaveLength(pairs);
  for (const wheelchair of wheelchairs) {
    const mine = companions.filter(
      (c) =>
        c.section === wheelchair.section &&
        c.row === wheelchair.row &&
        c.companionOf === wheelchair.number,
    );
    expect(mine, `${wheelchair.section}-${wheelchair.row}-${wheelchair.number}`).toHaveLength(1);
    const [companion] = mine;
    expect(Math.abs((companion?.number ?? 0) - wheelchair.number)).toBe(1);
    // Sold together, so the same grade and nothing keeping either off sale.
    expect(companion?.grade).toBe(wheelchair.grade);
    for (const seat of [wheelchair, companion]) {
      expect(seat?.tags.some((t) => t === 'HELD' || t === 'KILLED')).toBe(false);
    }
  }
}

function expectNoOverlap(layout: VenueLayout): void {
  const boxes = [
    ...(layout.stage ? [{ ...layout.stage.position, ...layout.stage.size }] : []),
    ...layout.sections.map((section) => ({
      ...(section.position ?? { x: Number.NaN, y: Number.NaN }),
      ...sectionFootprint(section),
    })),
  ];
  for (const box of boxes) expect(Number.isFinite(box.x)).toBe(true);
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i];
      const b = boxes[j];
      if (!a || !b) continue;
      const overlap =
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlap, `boxes ${i} and ${j}`).toBe(false);
    }
  }
}

describe('demoHallLayout', () => {
  const hall = demoHallLayout();

  it('is a valid layout named 커튼콜 아트홀 with VIP석, R석 and S석', () => {
    const result = checkVenueLayout(hall);
    expect(result.ok ? [] : result.problems).toEqual([]);
    expect(hall.name).toBe('커튼콜 아트홀');
    expect(hall.grades).toEqual([
      { code: 'VIP', name: 'VIP석', price: 165_000, color: expect.stringMatching(/^#/) },
      { code: 'R', name: 'R석', price: 143_000, color: expect.stringMatching(/^#/) },
      { code: 'S', name: 'S석', price: 110_000, color: expect.stringMatching(/^#/) },
    ]);
    expect(hall.sections.map((s) => s.name)).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('sells exactly 1,500 places: 1,506 seats less 6 killed', () => {
    expect(Object.fromEntries(placesPerGrade(hall))).toEqual({ VIP: 357, R: 728, S: 415 });
    expect(seatsOf(hall)).toHaveLength(1_506);
    expect(tagged(hall, 'KILLED')).toHaveLength(6);
  });

  it('puts VIP at the front, R in the middle and S at the back', () => {
    const lastRowOf = (grade: string) =>
      Math.max(
        ...seatsOf(hall)
          .filter((s) => s.grade === grade)
          .map((s) => s.row),
      );
    const firstRowOf = (grade: string) =>
      Math.min(
        ...seatsOf(hall)
          .filter((s) => s.grade === grade)
          .map((s) => s.row),
      );
    expect(lastRowOf('VIP')).toBeLessThan(firstRowOf('S'));
    expect(firstRowOf('VIP')).toBe(1);
    expect(lastRowOf('S')).toBe(22);
  });

  it('has four wheelchair places with companions, side seats with restricted view, holds and a camera', () => {
    expectWheelchairPairs(hall, 4);
    const restricted = tagged(hall, 'RESTRICTED_VIEW');
    expect(restricted.map((s) => `${s.section}-${s.row}-${s.number}`)).toEqual([
      'A-1-1',
      'A-2-1',
      'A-3-1',
      'E-1-10',
      'E-2-10',
      'E-3-10',
    ]);
    const held = tagged(hall, 'HELD');
    expect(held).toHaveLength(10);
    expect(new Set(held.map((s) => `${s.section}-${s.row}`))).toEqual(new Set(['C-5']));
    expect(tagged(hall, 'KILLED').map((s) => `${s.section}-${s.row}-${s.number}`)).toEqual([
      'C-22-9',
      'C-22-10',
      'C-22-11',
      'C-22-12',
      'C-22-13',
      'C-22-14',
    ]);
  });

  it('is drawn with the stage on top and no section over another', () => {
    expect(hall.stage?.position.y).toBe(0);
    expectNoOverlap(hall);
  });

  it('is a fresh document on every call', () => {
    const first = demoHallLayout();
    first.name = '바뀐 이름';
    expect(demoHallLayout()).toEqual(hall);
  });
});

describe('demoArenaLayout', () => {
  const arena = demoArenaLayout();

  it('is a valid layout named 커튼콜 아레나 with standing P/R and seated R/S/A', () => {
    const result = checkVenueLayout(arena);
    expect(result.ok ? [] : result.problems).toEqual([]);
    expect(arena.name).toBe('커튼콜 아레나');
    expect(arena.grades.map(({ code, name, price }) => [code, name, price])).toEqual([
      ['SP', '스탠딩 P', 154_000],
      ['SR', '스탠딩 R', 132_000],
      ['R', 'R석', 132_000],
      ['S', 'S석', 110_000],
      ['A', 'A석', 88_000],
    ]);
    const floor = arena.sections.filter((s) => s.kind === 'STANDING');
    expect(floor.map((s) => [s.name, s.grade, s.capacity])).toEqual([
      ['P', 'SP', 800],
      ['R', 'SR', 1_200],
    ]);
  });

  it('sells 6,000 places', () => {
    expect(Object.fromEntries(placesPerGrade(arena))).toEqual({
      SP: 800,
      SR: 1_200,
      R: 1_400,
      S: 1_400,
      A: 1_200,
    });
    expect(seatsOf(arena)).toHaveLength(4_000);
    expect(tagged(arena, 'KILLED')).toEqual([]);
  });

  it('has wheelchair places with companions, holds and restricted view', () => {
    expectWheelchairPairs(arena, 4);
    expect(tagged(arena, 'HELD')).toHaveLength(10);
    expect(tagged(arena, 'RESTRICTED_VIEW')).toHaveLength(8);
  });

  it('has section names that keep seatInfo parsable', () => {
    for (const section of arena.sections) expect(section.name).toMatch(/^[^-]+$/);
    expect(arena.sections.map((s) => s.name).slice(2, 5)).toEqual(['101', '102', '103']);
  });

  it('is drawn with the floor under the stage and no section over another', () => {
    expectNoOverlap(arena);
    const p = arena.sections[0];
    expect(p?.position?.y).toBeGreaterThan(
      (arena.stage?.position.y ?? 0) + (arena.stage?.size.height ?? 0),
    );
  });
});
