import { describe, expect, it } from 'vitest';
import './zod-setup';
import {
  checkVenueLayout,
  layoutPath,
  placesPerGrade,
  VENUE_LAYOUT_FORMAT,
  venueLayoutMessages,
  type VenueLayout,
} from './venue-layout';

/** A hall of 1,500 seats: VIP, R and S, two wheelchair places with their companion seats. */
function hall(): VenueLayout {
  const rows = (from: number, count: number, grade: string) =>
    Array.from({ length: count }, (_, r) => ({
      row: from + r,
      seats: Array.from({ length: 25 }, (_, n) => ({ number: n + 1, grade })),
    }));
  const layout: VenueLayout = {
    format: VENUE_LAYOUT_FORMAT,
    version: 1,
    name: '커튼콜 아트홀',
    stage: { position: { x: 0, y: 0 }, size: { width: 600, height: 80 } },
    grades: [
      { code: 'VIP', name: 'VIP석', price: 165_000, color: '#C9A227' },
      { code: 'R', name: 'R석', price: 143_000 },
      { code: 'S', name: 'S석', price: 121_000 },
    ],
    sections: [
      { kind: 'SEATED', name: 'A', position: { x: -300, y: 120 }, rows: rows(1, 20, 'VIP') },
      { kind: 'SEATED', name: 'B', position: { x: 0, y: 120 }, rows: rows(1, 20, 'R') },
      { kind: 'SEATED', name: 'C', position: { x: 300, y: 120 }, rows: rows(1, 20, 'S') },
    ],
  };
  const back = layout.sections[1];
  if (back?.kind === 'SEATED' && back.rows[19]) {
    back.rows[19].seats[0] = { number: 1, grade: 'R', tags: ['WHEELCHAIR'] };
    back.rows[19].seats[1] = { number: 2, grade: 'R', tags: ['COMPANION'], companionOf: 1 };
  }
  return layout;
}

/** An arena: floor standing P and R, and a seated tier with held and killed seats. */
function arena(): VenueLayout {
  return {
    format: VENUE_LAYOUT_FORMAT,
    version: 1,
    name: '올림픽 아레나',
    grades: [
      { code: 'SP', name: '스탠딩 P', price: 154_000 },
      { code: 'SR', name: '스탠딩 R', price: 132_000 },
      { code: 'S', name: 'S석', price: 110_000 },
    ],
    sections: [
      { kind: 'STANDING', name: 'P', grade: 'SP', capacity: 1_200 },
      { kind: 'STANDING', name: 'FR', grade: 'SR', capacity: 2_000 },
      {
        kind: 'SEATED',
        name: 'T1',
        rows: [
          {
            row: 1,
            seats: [
              { number: 1, grade: 'S', tags: ['KILLED'] },
              { number: 2, grade: 'S', tags: ['HELD'] },
              { number: 3, grade: 'S', tags: ['RESTRICTED_VIEW'], x: 40 },
            ],
          },
        ],
      },
    ],
  };
}

function problemsOf(input: unknown): string[] {
  const result = checkVenueLayout(input);
  return result.ok ? [] : result.problems;
}

describe('venue layout format', () => {
  it('accepts the demo hall and arena, and counts places per grade', () => {
    const checked = checkVenueLayout(hall());
    expect(checked.ok).toBe(true);
    expect(Object.fromEntries(placesPerGrade(hall()))).toEqual({ VIP: 500, R: 500, S: 500 });
    expect(checkVenueLayout(arena()).ok).toBe(true);
    // A killed seat is never for sale; a held one counts (it is released later).
    expect(Object.fromEntries(placesPerGrade(arena()))).toEqual({ SP: 1_200, SR: 2_000, S: 2 });
  });

  it('names the path of a seat with an unknown grade', () => {
    const layout = hall();
    const section = layout.sections[2];
    if (section?.kind === 'SEATED' && section.rows[0]?.seats[5])
      section.rows[0].seats[5].grade = 'X';
    expect(problemsOf(layout)).toEqual([
      `sections[2].rows[0].seats[5].grade: ${venueLayoutMessages.unknownGrade}`,
    ]);
  });

  it.each([
    [
      'format',
      (l: VenueLayout) => ({ ...l, format: 'other' }),
      `format: ${venueLayoutMessages.format}`,
    ],
    [
      'version',
      (l: VenueLayout) => ({ ...l, version: 2 }),
      `version: ${venueLayoutMessages.version}`,
    ],
    [
      'a section name with -',
      (l: VenueLayout) => ({
        ...l,
        sections: [{ ...l.sections[0], name: 'A-1' }, ...l.sections.slice(1)],
      }),
      `sections[0].name: ${venueLayoutMessages.sectionName}`,
    ],
    [
      'a duplicate section name',
      (l: VenueLayout) => ({ ...l, sections: [...l.sections, { ...l.sections[0] }] }),
      `sections[3].name: ${venueLayoutMessages.duplicateSection}`,
    ],
    [
      'a price over the maximum',
      (l: VenueLayout) => ({
        ...l,
        grades: [{ code: 'VIP', name: 'VIP석', price: 10_000_001 }, ...l.grades.slice(1)],
      }),
      `grades[0].price: ${venueLayoutMessages.price}`,
    ],
    [
      'a price with won fractions',
      (l: VenueLayout) => ({
        ...l,
        grades: [{ code: 'VIP', name: 'VIP석', price: 1000.5 }, ...l.grades.slice(1)],
      }),
      `grades[0].price: ${venueLayoutMessages.price}`,
    ],
    [
      'a duplicate grade code',
      (l: VenueLayout) => ({
        ...l,
        grades: [...l.grades, { code: 'R', name: '또 R석', price: 1 }],
      }),
      `grades[3].code: ${venueLayoutMessages.duplicateGradeCode}`,
    ],
    [
      'a duplicate grade name',
      (l: VenueLayout) => ({
        ...l,
        grades: [...l.grades, { code: 'R2', name: 'R석', price: 1 }],
      }),
      `grades[3].name: ${venueLayoutMessages.duplicateGradeName}`,
    ],
    [
      'no grades',
      (l: VenueLayout) => ({ ...l, grades: [] }),
      `grades: ${venueLayoutMessages.grades}`,
    ],
    ['an unknown field', (l: VenueLayout) => ({ ...l, seats: 3 }), null],
  ])('refuses %s, naming its path', (_name, change, expected) => {
    const problems = problemsOf(change(hall()));
    expect(problems.length).toBeGreaterThan(0);
    if (expected) expect(problems).toContain(expected);
  });

  it('checks rows, seats, tags and wheelchair companions', () => {
    const layout = arena();
    const tier = layout.sections[2];
    if (tier?.kind !== 'SEATED') throw new Error('tier expected');
    tier.rows.push({ row: 1, seats: [{ number: 1, grade: 'S' }] });
    tier.rows.push({
      row: 2,
      seats: [
        { number: 1, grade: 'S', tags: ['WHEELCHAIR'] },
        { number: 1, grade: 'S', tags: ['COMPANION'], companionOf: 1 },
        { number: 3, grade: 'S', tags: ['COMPANION'] },
        { number: 4, grade: 'S', companionOf: 1 },
        { number: 5, grade: 'S', tags: ['COMPANION'], companionOf: 9 },
        { number: 6, grade: 'S', tags: ['HELD', 'KILLED'] },
        { number: 7, grade: 'S', tags: ['HELD', 'HELD'] },
      ],
    });
    const at = (seat: number, field: string) => `sections[2].rows[2].seats[${seat}].${field}`;
    expect(problemsOf(layout)).toEqual([
      `sections[2].rows[1].row: ${venueLayoutMessages.duplicateRow}`,
      `${at(1, 'number')}: ${venueLayoutMessages.duplicateSeat}`,
      `${at(2, 'companionOf')}: ${venueLayoutMessages.companionWithout}`,
      `${at(3, 'companionOf')}: ${venueLayoutMessages.companionNeedsTag}`,
      `${at(4, 'companionOf')}: ${venueLayoutMessages.companionTarget}`,
      `${at(5, 'tags')}: ${venueLayoutMessages.heldAndKilled}`,
      `${at(6, 'tags')}: ${venueLayoutMessages.duplicateTag}`,
    ]);
  });

  it('refuses a standing zone of an unknown grade, too many places, or nothing for sale', () => {
    const unknown = arena();
    unknown.sections[0] = { kind: 'STANDING', name: 'P', grade: 'NOPE', capacity: 10 };
    expect(problemsOf(unknown)).toEqual([`sections[0].grade: ${venueLayoutMessages.unknownGrade}`]);

    const huge = arena();
    huge.sections[1] = { kind: 'STANDING', name: 'FR', grade: 'SR', capacity: 99_999 };
    expect(problemsOf(huge)).toEqual([`sections: ${venueLayoutMessages.tooManyPlaces}`]);

    const closed: VenueLayout = {
      ...arena(),
      sections: [
        {
          kind: 'SEATED',
          name: 'T1',
          rows: [{ row: 1, seats: [{ number: 1, grade: 'S', tags: ['KILLED'] }] }],
        },
      ],
    };
    expect(problemsOf(closed)).toEqual([`sections: ${venueLayoutMessages.nothingForSale}`]);
  });

  it('writes paths in the layout notation', () => {
    expect(layoutPath(['sections', 2, 'rows', 0, 'seats', 5, 'grade'])).toBe(
      'sections[2].rows[0].seats[5].grade',
    );
    expect(layoutPath([])).toBe('(문서)');
  });
});
