import { describe, expect, it } from 'vitest';
import './zod-setup';
// The server's quick plan, read here only to prove the template makes the very same seats.
import { planSeatMap, sectionName } from '../../../apps/server/src/modules/concerts/seat-map';
import { defaultSeatGrades } from './constants';
import {
  checkVenueLayout,
  placesPerGrade,
  VENUE_LAYOUT_FORMAT,
  type LayoutSection,
  type VenueLayout,
} from './venue-layout';
import {
  arenaGrades,
  arenaLayout,
  autoPlaceSections,
  hallGrades,
  layoutUnits,
  letterSectionName,
  quickPlanGrades,
  quickPlanLayout,
  rectangleHallLayout,
  sectionFootprint,
  standingZoneSize,
  VenueLayoutTemplateError,
  venueLayoutTemplateMessages,
} from './venue-layout-templates';

interface Box {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The stage and every placed section as boxes; a section without a position fails the test. */
function boxesOf(layout: VenueLayout): Box[] {
  const boxes: Box[] = [];
  if (layout.stage) boxes.push({ name: '(stage)', ...layout.stage.position, ...layout.stage.size });
  for (const section of layout.sections) {
    expect(section.position, `${section.name} has a position`).toBeDefined();
    if (section.position) {
      boxes.push({ name: section.name, ...section.position, ...sectionFootprint(section) });
    }
  }
  return boxes;
}

function overlapsOf(layout: VenueLayout): string[] {
  const boxes = boxesOf(layout);
  const overlaps: string[] = [];
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const a = boxes[i];
      const b = boxes[j];
      if (!a || !b) continue;
      if (
        a.x < b.x + b.width &&
        b.x < a.x + a.width &&
        a.y < b.y + b.height &&
        b.y < a.y + a.height
      )
        overlaps.push(`${a.name} × ${b.name}`);
    }
  }
  return overlaps;
}

function expectValid(layout: VenueLayout): void {
  const result = checkVenueLayout(layout);
  expect(result.ok ? [] : result.problems).toEqual([]);
}

function seated(section: LayoutSection | undefined) {
  if (section?.kind !== 'SEATED') throw new Error('a seated section expected');
  return section;
}

function sumOf(counts: Map<string, number>): number {
  return [...counts.values()].reduce((a, b) => a + b, 0);
}

/** Stage at the top, centred on x = 0, every section below it. */
function expectStageOnTop(layout: VenueLayout): void {
  const stage = layout.stage;
  if (!stage) throw new Error('a stage expected');
  expect(stage.position.y).toBe(0);
  expect(stage.position.x + stage.size.width / 2).toBe(0);
  for (const section of layout.sections) {
    expect(section.position?.y ?? -1).toBeGreaterThanOrEqual(stage.position.y + stage.size.height);
  }
}

describe('quickPlanLayout', () => {
  it.each([1, 2, 3, 100, 1_500, 8_000, 50_000])(
    'makes the seats of the server quick plan for %i seats',
    (totalSeats) => {
      const layout = quickPlanLayout(totalSeats);
      expectValid(layout);
      const planned = planSeatMap(totalSeats);
      const codes = ['PREMIUM', 'VIP', 'GENERAL'];
      expect(layout.sections.map((s) => s.name)).toEqual(planned.map((s) => s.name));
      // Only the grades some section uses, in the server's order, with its names and prices.
      const used = [...new Set(planned.map((s) => s.gradeIndex))].sort();
      expect(layout.grades.map(({ code, name, price }) => ({ code, name, price }))).toEqual(
        used.map((index) => ({ code: codes[index], ...defaultSeatGrades[index] })),
      );
      planned.forEach((plan, i) => {
        const section = seated(layout.sections[i]);
        // insertSeats: seat g of the section is row g / perRow + 1, number g % perRow + 1.
        const expected = Array.from({ length: plan.seatCount }, (_, g) => ({
          row: Math.floor(g / plan.seatsPerRow) + 1,
          number: (g % plan.seatsPerRow) + 1,
          grade: codes[plan.gradeIndex],
        }));
        const actual = section.rows.flatMap((row) =>
          row.seats.map((seat) => ({ row: row.row, number: seat.number, grade: seat.grade })),
        );
        expect(actual).toEqual(expected);
        expect(section.rows.every((row) => row.seats.every((seat) => !seat.tags))).toBe(true);
      });
      expect(sumOf(placesPerGrade(layout))).toBe(totalSeats);
      expectStageOnTop(layout);
      expect(overlapsOf(layout)).toEqual([]);
    },
  );

  it('has a short last row and the front sections premium (1,500 seats)', () => {
    const layout = quickPlanLayout(1_500, '시민회관');
    expect(layout.name).toBe('시민회관');
    const first = seated(layout.sections[0]);
    // Eight sections of 188 or 187 seats in rows of 20: nine full rows and one of 8 (or 7).
    expect(first.rows.map((row) => row.seats.length)).toEqual([...Array<number>(9).fill(20), 8]);
    expect(seated(layout.sections[7]).rows.at(-1)?.seats.length).toBe(7);
    expect(Object.fromEntries(placesPerGrade(layout))).toEqual({
      PREMIUM: 376,
      VIP: 376,
      GENERAL: 748,
    });
  });

  it('is all general below three seats, like the server', () => {
    expect(quickPlanLayout(2).grades.map((g) => g.code)).toEqual(['GENERAL']);
  });

  it('handles the largest concert', () => {
    const layout = quickPlanLayout(100_000);
    expect(sumOf(placesPerGrade(layout))).toBe(100_000);
    expect(overlapsOf(layout)).toEqual([]);
  });

  it.each([0, -1, 1.5, 100_001, Number.NaN])('refuses %s seats', (totalSeats) => {
    expect(() => quickPlanLayout(totalSeats)).toThrow(VenueLayoutTemplateError);
    expect(() => quickPlanLayout(totalSeats)).toThrow(venueLayoutTemplateMessages.totalSeats);
  });

  it('names sections like the server', () => {
    for (const index of [0, 1, 25, 26, 27, 51, 52, 99, 701, 702]) {
      expect(letterSectionName(index)).toBe(sectionName(index));
    }
  });

  it('uses the spec grades with codes', () => {
    expect(quickPlanGrades.map((g) => [g.code, g.name, g.price])).toEqual([
      ['PREMIUM', '프리미엄', 150_000],
      ['VIP', 'VIP', 100_000],
      ['GENERAL', '일반석', 50_000],
    ]);
  });
});

describe('rectangleHallLayout', () => {
  it('puts sections side by side under the stage, front rows the first grade', () => {
    const layout = rectangleHallLayout({ sections: 4, rowsPerSection: 10, seatsPerRow: 20 });
    expectValid(layout);
    expect(layout.format).toBe(VENUE_LAYOUT_FORMAT);
    expect(layout.name).toBe('사각형 공연장');
    expect(layout.grades).toEqual(hallGrades);
    expect(layout.sections.map((s) => s.name)).toEqual(['A', 'B', 'C', 'D']);
    // 10 rows over three grades: 4 VIP, 3 R, 3 S.
    const rowGrades = seated(layout.sections[0]).rows.map((row) => row.seats[0]?.grade);
    expect(rowGrades).toEqual(['VIP', 'VIP', 'VIP', 'VIP', 'R', 'R', 'R', 'S', 'S', 'S']);
    expect(Object.fromEntries(placesPerGrade(layout))).toEqual({ VIP: 320, R: 240, S: 240 });
    for (const section of layout.sections) {
      const s = seated(section);
      expect(s.rows.map((row) => row.row)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      for (const row of s.rows) {
        expect(row.seats.map((seat) => seat.number)).toEqual(
          Array.from({ length: 20 }, (_, i) => i + 1),
        );
        // The grade is the same across a row.
        expect(new Set(row.seats.map((seat) => seat.grade)).size).toBe(1);
      }
    }
    // One line, left to right, the same top, an aisle between sections.
    const positions = layout.sections.map((s) => s.position);
    expect(new Set(positions.map((p) => p?.y)).size).toBe(1);
    const xs = positions.map((p) => p?.x ?? 0);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    expect((xs[1] ?? 0) - (xs[0] ?? 0)).toBe(20 * layoutUnits.seatWidth + layoutUnits.sectionGap);
    // Centred: the first section's left edge mirrors the last one's right edge.
    expect((xs[0] ?? 0) + (xs[3] ?? 0) + 200).toBe(0);
    expectStageOnTop(layout);
    expect(overlapsOf(layout)).toEqual([]);
  });

  it('takes its own grades and name, leaving grades without rows unused', () => {
    const grades = [
      { code: 'G1', name: '1등석', price: 99_000, color: '#112233' },
      { code: 'G2', name: '2등석', price: 77_000 },
      { code: 'G3', name: '3등석', price: 55_000 },
    ];
    const layout = rectangleHallLayout({
      name: '작은 극장',
      sections: 1,
      rowsPerSection: 2,
      seatsPerRow: 5,
      grades,
    });
    expect(layout.name).toBe('작은 극장');
    expect(layout.grades).toEqual(grades);
    expect(Object.fromEntries(placesPerGrade(layout))).toEqual({ G1: 5, G2: 5, G3: 0 });
    expectStageOnTop(layout);
  });

  it('splits rows evenly, the front grades getting the extra rows', () => {
    const layout = rectangleHallLayout({
      sections: 2,
      rowsPerSection: 11,
      seatsPerRow: 3,
      grades: hallGrades.slice(0, 2),
    });
    expect(seated(layout.sections[1]).rows.map((row) => row.seats[0]?.grade)).toEqual([
      ...Array<string>(6).fill('VIP'),
      ...Array<string>(5).fill('R'),
    ]);
  });

  it('wraps sections into lines when one line would leave the coordinate range', () => {
    const layout = rectangleHallLayout({ sections: 100, rowsPerSection: 1, seatsPerRow: 1_000 });
    expectValid(layout);
    expect(sumOf(placesPerGrade(layout))).toBe(100_000);
    expect(overlapsOf(layout)).toEqual([]);
  });

  it.each([
    [{ sections: 0, rowsPerSection: 1, seatsPerRow: 1 }, venueLayoutTemplateMessages.sections],
    [{ sections: 201, rowsPerSection: 1, seatsPerRow: 1 }, venueLayoutTemplateMessages.sections],
    [
      { sections: 1, rowsPerSection: 501, seatsPerRow: 1 },
      venueLayoutTemplateMessages.rowsPerSection,
    ],
    [{ sections: 1, rowsPerSection: 1, seatsPerRow: 1.5 }, venueLayoutTemplateMessages.seatsPerRow],
    [
      { sections: 200, rowsPerSection: 500, seatsPerRow: 1_000 },
      venueLayoutTemplateMessages.tooManyPlaces,
    ],
  ])('refuses %o', (options, message) => {
    expect(() => rectangleHallLayout(options)).toThrow(message);
  });

  it('refuses an empty grade list in one line', () => {
    expect(() =>
      rectangleHallLayout({ sections: 1, rowsPerSection: 1, seatsPerRow: 1, grades: [] }),
    ).toThrow(/^grades: 등급은 1~20개여야 합니다$/);
  });

  it('refuses grades the format does not allow, with the layout problems', () => {
    try {
      rectangleHallLayout({
        sections: 1,
        rowsPerSection: 1,
        seatsPerRow: 1,
        grades: [{ code: 'X-1', name: '엑스', price: 1 }],
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(VenueLayoutTemplateError);
      expect((error as VenueLayoutTemplateError).problems).toContain(
        'grades[0].code: 등급 코드는 영문·숫자·_ 1~10자입니다',
      );
    }
  });
});

describe('arenaLayout', () => {
  const zones = [
    { name: 'P', grade: 'SP', capacity: 800 },
    { name: 'R', grade: 'SR', capacity: 1_200 },
  ];

  it('puts the floor in front of the stage and the tiers around it', () => {
    const layout = arenaLayout({
      standingZones: zones,
      tiers: 2,
      sectionsPerTier: 7,
      rowsPerSection: 6,
      seatsPerRow: 12,
    });
    expectValid(layout);
    expect(layout.name).toBe('아레나');
    expect(layout.grades).toEqual(arenaGrades);
    expect(layout.sections.map((s) => s.name)).toEqual([
      'P',
      'R',
      ...['101', '102', '103', '104', '105', '106', '107'],
      ...['201', '202', '203', '204', '205', '206', '207'],
    ]);
    // 12 rows front to back over R, S, A: 4 each, so tier 1 is R and S, tier 2 S and A.
    expect(Object.fromEntries(placesPerGrade(layout))).toEqual({
      SP: 800,
      SR: 1_200,
      R: 4 * 12 * 7,
      S: 4 * 12 * 7,
      A: 4 * 12 * 7,
    });
    expectStageOnTop(layout);
    expect(overlapsOf(layout)).toEqual([]);

    const [p, r] = layout.sections;
    if (p?.kind !== 'STANDING' || r?.kind !== 'STANDING') throw new Error('floor expected');
    // The floor: P right under the stage, R behind it, both as wide and centred.
    const stage = layout.stage;
    expect(p.position?.y).toBe((stage?.size.height ?? 0) + layoutUnits.stageGap);
    expect(r.position?.y ?? 0).toBeGreaterThan(p.position?.y ?? 0);
    expect(p.size?.width).toBe(r.size?.width);
    expect((p.position?.x ?? 0) * 2 + (p.size?.width ?? 0)).toBe(0);
    // Floor depth follows capacity.
    expect((r.size?.height ?? 0) / (p.size?.height ?? 1)).toBeCloseTo(1.5, 1);

    // Tier 1: two down the left of the floor, three along the back, two up the right.
    const box = (name: string) => {
      const section = layout.sections.find((s) => s.name === name);
      return { ...section?.position, ...sectionFootprint(section ?? p) } as Box;
    };
    const floorLeft = p.position?.x ?? 0;
    const floorRight = floorLeft + (p.size?.width ?? 0);
    const floorBottom = (r.position?.y ?? 0) + (r.size?.height ?? 0);
    for (const name of ['101', '102'])
      expect(box(name).x + box(name).width).toBeLessThan(floorLeft);
    for (const name of ['106', '107']) expect(box(name).x).toBeGreaterThan(floorRight);
    for (const name of ['103', '104', '105']) expect(box(name).y).toBeGreaterThan(floorBottom);
    expect(box('101').y).toBeLessThan(box('102').y);
    expect(box('107').y).toBeLessThan(box('106').y);
    // Tier 2 outside tier 1.
    expect(box('201').x + box('201').width).toBeLessThan(box('101').x);
    expect(box('207').x).toBeGreaterThan(box('107').x + box('107').width);
    expect(box('204').y).toBeGreaterThan(box('104').y + box('104').height);
  });

  it('lists only the standing grades its zones use when grades are not given', () => {
    const layout = arenaLayout({
      standingZones: [{ name: 'F', grade: 'SR', capacity: 500 }],
      tiers: 3,
      sectionsPerTier: 1,
      rowsPerSection: 2,
      seatsPerRow: 10,
    });
    expect(layout.grades.map((g) => g.code)).toEqual(['SR', 'R', 'S', 'A']);
    // One section per tier, all behind the floor; one tier per seated grade.
    expect(Object.fromEntries(placesPerGrade(layout))).toEqual({ SR: 500, R: 20, S: 20, A: 20 });
    expect(overlapsOf(layout)).toEqual([]);
  });

  it('takes tiers of two sections (one each side) and a floor-only show', () => {
    const sides = arenaLayout({
      standingZones: zones,
      tiers: 1,
      sectionsPerTier: 2,
      rowsPerSection: 3,
      seatsPerRow: 4,
    });
    expectValid(sides);
    expect(overlapsOf(sides)).toEqual([]);
    const floorOnly = arenaLayout({
      name: '스탠딩 공연',
      standingZones: zones,
      tiers: 0,
      sectionsPerTier: 0,
      rowsPerSection: 0,
      seatsPerRow: 0,
    });
    expect(floorOnly.sections.map((s) => s.kind)).toEqual(['STANDING', 'STANDING']);
    expect(sumOf(placesPerGrade(floorOnly))).toBe(2_000);
  });

  it('makes an arena of seats only', () => {
    const layout = arenaLayout({
      standingZones: [],
      tiers: 1,
      sectionsPerTier: 5,
      rowsPerSection: 3,
      seatsPerRow: 10,
    });
    expect(layout.grades.map((g) => g.code)).toEqual(['R', 'S', 'A']);
    expect(sumOf(placesPerGrade(layout))).toBe(150);
    expect(overlapsOf(layout)).toEqual([]);
  });

  it('refuses tiers without a seated grade, unknown codes and too many places', () => {
    expect(() =>
      arenaLayout({
        standingZones: [{ name: 'P', grade: 'SP', capacity: 10 }],
        tiers: 1,
        sectionsPerTier: 1,
        rowsPerSection: 1,
        seatsPerRow: 1,
        grades: [{ code: 'SP', name: '스탠딩', price: 1 }],
      }),
    ).toThrow(venueLayoutTemplateMessages.noSeatedGrade);
    expect(() =>
      arenaLayout({
        standingZones: [{ name: 'P', grade: 'NOPE', capacity: 10 }],
        tiers: 0,
        sectionsPerTier: 0,
        rowsPerSection: 0,
        seatsPerRow: 0,
      }),
    ).toThrow('sections[0].grade: 없는 등급 코드입니다');
    expect(() =>
      arenaLayout({
        standingZones: [{ name: 'P', grade: 'SP', capacity: 90_000 }],
        tiers: 1,
        sectionsPerTier: 10,
        rowsPerSection: 10,
        seatsPerRow: 101,
      }),
    ).toThrow(venueLayoutTemplateMessages.tooManyPlaces);
    expect(() =>
      arenaLayout({
        standingZones: [],
        tiers: -1,
        sectionsPerTier: 1,
        rowsPerSection: 1,
        seatsPerRow: 1,
      }),
    ).toThrow(venueLayoutTemplateMessages.tiers);
  });
});

describe('geometry', () => {
  const grades = [{ code: 'G', name: '일반', price: 1_000 }];

  it('measures a section by its widest row, aisles included', () => {
    const section: LayoutSection = {
      kind: 'SEATED',
      name: 'A',
      rows: [
        { row: 1, seats: [{ number: 1, grade: 'G' }] },
        {
          row: 2,
          seats: [
            { number: 1, grade: 'G' },
            { number: 2, grade: 'G', x: 40 },
            { number: 3, grade: 'G' },
          ],
        },
      ],
    };
    // Seat 3 follows the aisle seat at 40: it sits at 50, so the row ends at 60.
    expect(sectionFootprint(section)).toEqual({ width: 60, height: 24 });
    expect(sectionFootprint({ kind: 'STANDING', name: 'P', grade: 'G', capacity: 10 })).toEqual(
      layoutUnits.defaultStandingSize,
    );
    expect(
      sectionFootprint({
        kind: 'STANDING',
        name: 'P',
        grade: 'G',
        capacity: 10,
        size: { width: 33, height: 44 },
      }),
    ).toEqual({ width: 33, height: 44 });
  });

  it('sizes standing zones by capacity, twice as wide as deep', () => {
    const size = standingZoneSize(2_000);
    expect(size.width % 10).toBe(0);
    expect(size.width * size.height).toBeGreaterThanOrEqual(2_000 * 60);
    expect(size.width / size.height).toBeCloseTo(2, 0);
    expect(standingZoneSize(1)).toEqual({ width: 60, height: 30 });
  });

  it('places unplaced sections under the stage and the placed ones, in lines, deterministically', () => {
    const rows = (seats: number) => [
      { row: 1, seats: Array.from({ length: seats }, (_, i) => ({ number: i + 1, grade: 'G' })) },
    ];
    const layout: VenueLayout = {
      format: VENUE_LAYOUT_FORMAT,
      version: 1,
      name: '배치',
      stage: { position: { x: 100, y: 0 }, size: { width: 400, height: 50 } },
      grades,
      sections: [
        { kind: 'SEATED', name: 'A', rows: rows(150) },
        { kind: 'SEATED', name: 'FIX', position: { x: 0, y: 100 }, rows: rows(10) },
        { kind: 'SEATED', name: 'B', rows: rows(150) },
        { kind: 'STANDING', name: 'P', grade: 'G', capacity: 1_000 },
        { kind: 'SEATED', name: 'C', rows: rows(10) },
      ],
    };
    const before = structuredClone(layout);
    const placed = autoPlaceSections(layout);
    expect(layout).toEqual(before);
    expect(autoPlaceSections(layout)).toEqual(placed);
    expectValid(placed);
    expect(overlapsOf(placed)).toEqual([]);
    expect(placed.sections[1]?.position).toEqual({ x: 0, y: 100 });
    // Below the fixed section (top 100, one row), lines centred under the stage (centre 300).
    const top = 100 + layoutUnits.rowHeight + layoutUnits.lineGap;
    const [a, , b, p, c] = placed.sections;
    expect(a?.position?.y).toBe(top);
    // A and B (1,500 each) fill a line of 2,000 units at most, so B starts a second line.
    expect(b?.position?.y).toBe(top + layoutUnits.rowHeight + layoutUnits.lineGap);
    expect(a?.position?.x).toBe(300 - 750);
    expect(p?.kind === 'STANDING' && p.size).toEqual(standingZoneSize(1_000));
    expect(c?.position?.y).toBe(p?.position?.y);
    // Nothing to place: the same document back.
    expect(autoPlaceSections(placed)).toBe(placed);
  });

  it('places from the top left corner when there is no stage', () => {
    const layout = autoPlaceSections({
      format: VENUE_LAYOUT_FORMAT,
      version: 1,
      name: '무대 없음',
      grades,
      sections: [
        { kind: 'SEATED', name: 'A', rows: [{ row: 1, seats: [{ number: 1, grade: 'G' }] }] },
      ],
    });
    expect(layout.sections[0]?.position).toEqual({ x: -5, y: 0 });
  });
});
