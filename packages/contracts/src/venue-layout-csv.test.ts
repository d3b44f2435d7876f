import { describe, expect, it } from 'vitest';
import './zod-setup';
import {
  checkVenueLayout,
  placesPerGrade,
  VENUE_LAYOUT_FORMAT,
  venueLayoutMessages,
  type LayoutSection,
  type VenueLayout,
} from './venue-layout';
import {
  csvBaseOf,
  csvToLayout,
  layoutToCsv,
  venueLayoutCsvLimits,
  venueLayoutCsvMessages,
  type VenueLayoutCsvBase,
} from './venue-layout-csv';
import { demoArenaLayout, demoHallLayout } from './venue-layout-demos';
import {
  arenaLayout,
  quickPlanLayout,
  rectangleHallLayout,
  sectionFootprint,
} from './venue-layout-templates';

const grades: VenueLayout['grades'] = [
  { code: 'VIP', name: 'VIP석', price: 165_000, color: '#C9A227' },
  { code: 'R', name: 'R석', price: 143_000 },
  { code: 'SP', name: '스탠딩 P', price: 154_000 },
];

const base: VenueLayoutCsvBase = { name: '테스트 홀', grades };

/** A small hall with every kind of line: tags, a companion, an aisle, a standing zone. */
function smallHall(): VenueLayout {
  return {
    format: VENUE_LAYOUT_FORMAT,
    version: 1,
    name: '테스트 홀',
    stage: { position: { x: -100, y: 0 }, size: { width: 200, height: 60 } },
    grades,
    sections: [
      {
        kind: 'SEATED',
        name: 'A',
        position: { x: -150, y: 100 },
        rows: [
          {
            row: 1,
            seats: [
              { number: 1, grade: 'VIP', tags: ['WHEELCHAIR'] },
              { number: 2, grade: 'VIP', tags: ['COMPANION'], companionOf: 1 },
              { number: 3, grade: 'VIP', tags: ['RESTRICTED_VIEW', 'HELD'], x: 40 },
            ],
          },
          {
            row: 2,
            seats: [
              { number: 1, grade: 'R', tags: ['KILLED'] },
              { number: 2, grade: 'R', x: 12.5 },
            ],
          },
        ],
      },
      { kind: 'STANDING', name: 'P', grade: 'SP', capacity: 300, position: { x: 50, y: 100 } },
    ],
  };
}

const HEADER = 'section,row,number,grade,tags,companionOf,x,capacity';

function problemsOf(text: string, withBase: VenueLayoutCsvBase = base): string[] {
  const result = csvToLayout(text, withBase);
  return result.ok ? [] : result.problems;
}

function imported(text: string, withBase: VenueLayoutCsvBase = base) {
  const result = csvToLayout(text, withBase);
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result;
}

/** A CSV of the header and these data lines, LF-ended. */
function csv(...lines: string[]): string {
  return [HEADER, ...lines].join('\n');
}

function withoutStandingSizes(layout: VenueLayout): VenueLayout {
  return {
    ...layout,
    sections: layout.sections.map((section): LayoutSection => {
      if (section.kind !== 'STANDING') return section;
      const { size: _size, ...rest } = section;
      return rest;
    }),
  };
}

/** The layout without positions, nor the sizes the automatic placement gives standing zones. */
function unplaced(layout: VenueLayout): VenueLayout {
  return withoutStandingSizes({
    ...layout,
    sections: layout.sections.map((section): LayoutSection => {
      const copy = { ...section };
      delete copy.position;
      return copy;
    }),
  });
}

function roundTrip(layout: VenueLayout): VenueLayout {
  return imported(layoutToCsv(layout), csvBaseOf(layout)).layout;
}

describe('layoutToCsv', () => {
  it('writes a BOM, CRLF lines, the header, one line per seat and per standing zone', () => {
    expect(layoutToCsv(smallHall())).toBe(
      '\uFEFF' +
        [
          HEADER,
          'A,1,1,VIP,WHEELCHAIR,,,',
          'A,1,2,VIP,COMPANION,1,,',
          'A,1,3,VIP,RESTRICTED_VIEW|HELD,,40,',
          'A,2,1,R,KILLED,,,',
          'A,2,2,R,,,12.5,',
          'P,,,SP,STANDING,,,300',
        ].join('\r\n') +
        '\r\n',
    );
  });

  it('quotes a field with a comma or a quote (RFC 4180)', () => {
    const layout = smallHall();
    const [a, p] = layout.sections;
    if (!a || !p) throw new Error('sections expected');
    a.name = '1층 "가",나';
    p.name = 'P,\n2';
    const text = layoutToCsv(layout);
    expect(text).toContain('\r\n"1층 ""가"",나",1,1,VIP,WHEELCHAIR,,,\r\n');
    expect(text).toContain('\r\n"P,\n2",,,SP,STANDING,,,300\r\n');
    expect(roundTrip(layout)).toEqual(layout);
  });

  it('keeps spreadsheets from reading a section name as a formula, and reads it back', () => {
    const layout = smallHall();
    const [a, p] = layout.sections;
    if (!a || !p) throw new Error('sections expected');
    a.name = '=HYPERLINK("x")';
    p.name = "'@P";
    const text = layoutToCsv(layout);
    expect(text).toContain('\r\n"\'=HYPERLINK(""x"")",1,1,');
    expect(text).toContain("\r\n''@P,,,SP,STANDING");
    expect(roundTrip(layout)).toEqual(layout);
    // A plain apostrophe in a name is not touched.
    a.name = "O'Neil";
    expect(layoutToCsv(layout)).toContain("\r\nO'Neil,1,1,");
    expect(roundTrip(layout)).toEqual(layout);
  });
});

describe('csvToLayout round trip', () => {
  it.each<[string, () => VenueLayout]>([
    ['a small hall with every tag', smallHall],
    ['the demo hall', demoHallLayout],
    ['the demo arena (standing sizes left out)', () => withoutStandingSizes(demoArenaLayout())],
    ['a quick plan of 1,500 seats', () => quickPlanLayout(1_500)],
    [
      'a rectangle hall',
      () => rectangleHallLayout({ sections: 3, rowsPerSection: 7, seatsPerRow: 9 }),
    ],
    [
      'an arena template (standing sizes left out)',
      () =>
        withoutStandingSizes(
          arenaLayout({
            standingZones: [{ name: 'F', grade: 'SR', capacity: 99 }],
            tiers: 2,
            sectionsPerTier: 4,
            rowsPerSection: 3,
            seatsPerRow: 5,
          }),
        ),
    ],
    [
      'a layout without a stage, with an unused grade',
      () => {
        const layout = smallHall();
        delete layout.stage;
        layout.grades = [...grades, { code: 'NONE', name: '안 쓰는 등급', price: 1 }];
        return layout;
      },
    ],
  ])('gives back %s', (_name, make) => {
    const layout = make();
    expect(checkVenueLayout(layout).ok).toBe(true);
    const result = imported(layoutToCsv(layout), csvBaseOf(layout));
    expect(result.layout).toEqual(layout);
    expect(result.warnings).toEqual([]);
  });

  it('handles 100,000 seats', () => {
    const layout = quickPlanLayout(100_000);
    const text = layoutToCsv(layout);
    expect(text.split('\r\n')).toHaveLength(100_000 + 2);
    const back = imported(text, csvBaseOf(layout)).layout;
    expect(back).toEqual(layout);
  });

  it('gives back the seats of a layout without positions, placing the sections', () => {
    const layout = smallHall();
    for (const section of layout.sections) delete section.position;
    const back = imported(layoutToCsv(layout), { name: layout.name, grades, stage: layout.stage });
    expect(back.layout.sections.every((section) => section.position)).toBe(true);
    expect(unplaced(back.layout)).toEqual(layout);
  });
});

describe('csvToLayout reading', () => {
  it('reads without a BOM, with LF, the header in any case and order, only required columns', () => {
    const { layout, warnings } = imported(
      ['TAGS,Grade,Number,ROW,Section', ',VIP,2,1,A', 'wheelchair,VIP,1,1,A', ',R,1,2,B'].join(
        '\n',
      ),
    );
    expect(warnings).toEqual([]);
    expect(layout.sections).toEqual([
      {
        kind: 'SEATED',
        name: 'A',
        position: expect.any(Object),
        rows: [
          {
            row: 1,
            seats: [
              { number: 1, grade: 'VIP', tags: ['WHEELCHAIR'] },
              { number: 2, grade: 'VIP' },
            ],
          },
        ],
      },
      {
        kind: 'SEATED',
        name: 'B',
        position: expect.any(Object),
        rows: [{ row: 2, seats: [{ number: 1, grade: 'R' }] }],
      },
    ]);
    expect(layout.name).toBe('테스트 홀');
    expect(layout.grades).toEqual(grades);
    expect(layout.stage).toBeUndefined();
  });

  it('reads CRLF, a lone CR, a BOM, quoted fields with line breaks and surrounding spaces', () => {
    const text =
      '\uFEFF' +
      HEADER +
      '\r\n' +
      ' A , 1 , 1 , VIP , HELD | restricted_view ,,,\r' +
      '"B ""2""",1,1,R,,,,\n';
    const { layout } = imported(text);
    expect(layout.sections.map((s) => s.name)).toEqual(['A', 'B "2"']);
    const a = layout.sections[0];
    expect(a?.kind === 'SEATED' && a.rows[0]?.seats[0]).toEqual({
      number: 1,
      grade: 'VIP',
      tags: ['HELD', 'RESTRICTED_VIEW'],
    });
  });

  it('orders sections by first appearance, rows by row number and seats by number', () => {
    const { layout } = imported(
      csv(
        'B,2,3,R',
        'A,1,1,R',
        'B,1,2,R',
        'B,2,1,R',
        'B,1,1,R',
        'P,,,SP,STANDING,,,10',
        'A,1,0003,R',
      ),
    );
    expect(
      layout.sections.map((section) =>
        section.kind === 'STANDING'
          ? `${section.name}:${section.capacity}`
          : `${section.name}:${section.rows.map((row) => `${row.row}[${row.seats.map((s) => s.number).join(',')}]`).join(' ')}`,
      ),
    ).toEqual(['B:1[1,2] 2[1,3]', 'A:1[1,3]', 'P:10']);
  });

  it('finds a companion seat whose wheelchair seat comes on a later line', () => {
    const { layout } = imported(csv('A,1,2,VIP,COMPANION,1', 'A,1,1,VIP,WHEELCHAIR'));
    const a = layout.sections[0];
    expect(a?.kind === 'SEATED' && a.rows[0]?.seats).toEqual([
      { number: 1, grade: 'VIP', tags: ['WHEELCHAIR'] },
      { number: 2, grade: 'VIP', tags: ['COMPANION'], companionOf: 1 },
    ]);
  });

  it('skips blank lines but counts them in line numbers', () => {
    expect(problemsOf(csv('', 'A,1,1,VIP', ',,,,,,,', 'A,x,1,VIP'))).toEqual([
      `5행 row: ${venueLayoutMessages.number}`,
    ]);
  });

  it('counts a quoted line break as part of its line, as a spreadsheet does', () => {
    expect(problemsOf(csv('"A\nB",1,1,VIP', 'A,1,1,BAD-CODE'))).toEqual([
      `3행 grade: ${venueLayoutMessages.gradeCode}`,
    ]);
  });

  it('adds grades the base lacks at 0원, with a warning, under a free name', () => {
    const result = imported(csv('A,1,1,VIP', 'A,1,2,GOLD', 'A,1,3,GOLD', 'A,1,4,VIPs'), {
      name: '홀',
      grades: [{ code: 'V', name: 'VIPs', price: 1 }, ...grades],
    });
    expect(result.layout.grades.slice(-2)).toEqual([
      { code: 'GOLD', name: 'GOLD', price: 0 },
      { code: 'VIPs', name: 'VIPs 2', price: 0 },
    ]);
    expect(result.warnings).toEqual([
      venueLayoutCsvMessages.newGrade('GOLD', 'GOLD', 3),
      venueLayoutCsvMessages.newGrade('VIPs', 'VIPs 2', 5),
    ]);
    expect(result.warnings[0]).toBe(
      '3행: 등급 GOLD은(는) 등급 목록에 없어 이름 "GOLD", 가격 0원으로 추가했습니다. 이름과 가격을 정해 주세요',
    );
    expect(Object.fromEntries(placesPerGrade(result.layout))).toMatchObject({ GOLD: 2, VIPs: 1 });
  });

  it('warns about and ignores columns it does not know', () => {
    const result = imported('section,row,number,grade,tags,메모\nA,1,1,VIP,,앞자리');
    expect(result.warnings).toEqual([`1행: ${venueLayoutCsvMessages.unknownColumn('메모')}`]);
  });

  it('places sections without a position in lines under the stage, keeping given positions', () => {
    const stage = { position: { x: -100, y: 0 }, size: { width: 200, height: 60 } };
    const { layout } = imported(
      csv('A,1,1,VIP', 'B,1,1,VIP', 'P,,,SP,STANDING,,,500', 'C,1,1,VIP'),
      {
        ...base,
        stage,
        positions: { B: { x: 500, y: 500 }, ZZ: { x: 1, y: 1 } },
      },
    );
    const [a, b, p, c] = layout.sections;
    expect(b?.position).toEqual({ x: 500, y: 500 });
    // Below B (the lowest placed section), one line, centred under the stage.
    const top = 500 + 12 + 24;
    expect([a, p, c].map((s) => s?.position?.y)).toEqual([top, top, top]);
    const boxes = [a, p, c].map((s) => (s ? { ...s.position, ...sectionFootprint(s) } : null));
    const left = boxes[0]?.x ?? 0;
    const last = boxes[2];
    expect(left + (last?.x ?? 0) + (last?.width ?? 0)).toBe(0);
    expect(p?.kind === 'STANDING' && p.size).toBeTruthy();
  });
});

describe('csvToLayout problems', () => {
  it.each<[string, string[], string]>([
    ['a row that is not a number', ['A,x,1,VIP'], `2행 row: ${venueLayoutMessages.number}`],
    ['a number out of range', ['A,1,10000,VIP'], `2행 number: ${venueLayoutMessages.number}`],
    ['a number 0', ['A,1,0,VIP'], `2행 number: ${venueLayoutMessages.number}`],
    ['a decimal number', ['A,1,1.5,VIP'], `2행 number: ${venueLayoutMessages.number}`],
    ['an empty section', [',1,1,VIP'], `2행 section: ${venueLayoutMessages.sectionName}`],
    ['a section with -', ['A-1,1,1,VIP'], `2행 section: ${venueLayoutMessages.sectionName}`],
    [
      'a section name too long',
      [`${'가'.repeat(31)},1,1,VIP`],
      `2행 section: ${venueLayoutMessages.sectionName}`,
    ],
    ['a bad grade code', ['A,1,1,V I P'], `2행 grade: ${venueLayoutMessages.gradeCode}`],
    ['an empty grade', ['A,1,1,'], `2행 grade: ${venueLayoutMessages.gradeCode}`],
    [
      'an unknown tag',
      ['A,1,1,VIP,VIEW'],
      `2행 tags: ${venueLayoutCsvMessages.unknownTag('VIEW')}`,
    ],
    ['a tag twice', ['A,1,1,VIP,HELD|held'], `2행 tags: ${venueLayoutMessages.duplicateTag}`],
    [
      'HELD with KILLED',
      ['A,1,1,VIP,HELD|KILLED'],
      `2행 tags: ${venueLayoutMessages.heldAndKilled}`,
    ],
    [
      'companionOf without COMPANION',
      ['A,1,1,VIP,WHEELCHAIR', 'A,1,2,VIP,,1'],
      `3행 companionOf: ${venueLayoutMessages.companionNeedsTag}`,
    ],
    [
      'COMPANION without companionOf',
      ['A,1,2,VIP,COMPANION'],
      `2행 companionOf: ${venueLayoutMessages.companionWithout}`,
    ],
    [
      'a companion of a seat that is no wheelchair seat',
      ['A,1,1,VIP', 'A,1,2,VIP,COMPANION,1'],
      `3행 companionOf: ${venueLayoutMessages.companionTarget}`,
    ],
    [
      'a companion of a wheelchair seat in another row',
      ['A,1,1,VIP,WHEELCHAIR', 'A,2,2,VIP,COMPANION,1'],
      `3행 companionOf: ${venueLayoutMessages.companionTarget}`,
    ],
    ['x not a number', ['A,1,1,VIP,,,left'], `2행 x: ${venueLayoutMessages.coordinate}`],
    ['x out of range', ['A,1,1,VIP,,,100001'], `2행 x: ${venueLayoutMessages.coordinate}`],
    [
      'capacity on a seat',
      ['A,1,1,VIP,,,,5'],
      `2행 capacity: ${venueLayoutCsvMessages.capacityOnSeat}`,
    ],
    [
      'a standing zone without STANDING',
      ['P,,,SP,,,,5'],
      `2행 tags: ${venueLayoutCsvMessages.standingHint}`,
    ],
    [
      'a standing zone with a row',
      ['P,1,,SP,STANDING,,,5'],
      `2행 row: ${venueLayoutCsvMessages.standingPlace}`,
    ],
    [
      'a standing zone with another tag',
      ['P,,,SP,STANDING|HELD,,,5'],
      `2행 tags: ${venueLayoutCsvMessages.standingWithTags}`,
    ],
    [
      'a standing zone with x',
      ['P,,,SP,STANDING,,3,5'],
      `2행 x: ${venueLayoutCsvMessages.standingSeatFields}`,
    ],
    [
      'a standing zone without capacity',
      ['P,,,SP,STANDING'],
      `2행 capacity: ${venueLayoutMessages.capacity}`,
    ],
    [
      'a standing zone too big',
      ['P,,,SP,STANDING,,,100001'],
      `2행 capacity: ${venueLayoutMessages.capacity}`,
    ],
    [
      'a seat twice',
      ['A,1,1,VIP', 'A,1,2,VIP', 'A,1,1,R'],
      `4행: ${venueLayoutCsvMessages.duplicateSeat(2, 'A', 1, 1)}`,
    ],
    [
      'a standing zone twice',
      ['P,,,SP,STANDING,,,5', 'P,,,SP,STANDING,,,6'],
      `3행: ${venueLayoutCsvMessages.duplicateStanding(2, 'P')}`,
    ],
    [
      'a seat in a standing zone',
      ['P,,,SP,STANDING,,,5', 'P,1,1,SP'],
      `3행: ${venueLayoutCsvMessages.seatInStanding(2, 'P')}`,
    ],
    [
      'a standing line for a seated section',
      ['A,1,1,VIP', 'A,,,SP,STANDING,,,5'],
      `3행: ${venueLayoutCsvMessages.standingInSeated(2, 'A')}`,
    ],
    [
      'more cells than the header',
      ['A,1,1,VIP,,,,,oops'],
      `2행: ${venueLayoutCsvMessages.extraFields}`,
    ],
  ])('names the line of %s', (_name, lines, expected) => {
    expect(problemsOf(csv(...lines))).toEqual([expected]);
  });

  it('says what is wrong in Korean, after the line number', () => {
    expect(problemsOf(csv('A,1,1,VIP', 'A,1,,VIP'))).toEqual([
      '3행 number: 1~9,999 사이의 정수여야 합니다',
    ]);
  });

  it('lists every problem of a line and of every line, in line order', () => {
    expect(problemsOf(csv('A,1,1,VIP,WHEELCHAIR', 'B-2,0,1,??', 'A,1,2,VIP,COMPANION,7'))).toEqual([
      `3행 section: ${venueLayoutMessages.sectionName}`,
      `3행 grade: ${venueLayoutMessages.gradeCode}`,
      `3행 row: ${venueLayoutMessages.number}`,
      `4행 companionOf: ${venueLayoutMessages.companionTarget}`,
    ]);
  });

  it('lists at most 100 problems and says how many more there are', () => {
    const lines = Array.from({ length: 250 }, (_, i) => `A,${i + 1},x,VIP`);
    const problems = problemsOf(csv(...lines));
    expect(problems).toHaveLength(venueLayoutCsvLimits.problemsMax + 1);
    expect(problems[0]).toBe(`2행 number: ${venueLayoutMessages.number}`);
    expect(problems.at(-1)).toBe(venueLayoutCsvMessages.moreProblems(150));
    expect(problems.at(-1)).toBe('… 외 150개 문제가 더 있습니다');
  });

  it('refuses a header without the required columns, or with one twice', () => {
    expect(problemsOf('section,row,number\nA,1,1')).toEqual([
      `1행: ${venueLayoutCsvMessages.missingColumns(['grade', 'tags'])}`,
    ]);
    expect(problemsOf('section,row,number,grade,tags,Row\nA,1,1,VIP,,1')).toEqual([
      `1행: ${venueLayoutCsvMessages.duplicateColumn('row')}`,
    ]);
  });

  it('refuses a semicolon-separated file, saying why', () => {
    expect(problemsOf('section;row;number;grade;tags\nA;1;1;VIP;')).toEqual([
      `1행: ${venueLayoutCsvMessages.semicolon}`,
    ]);
  });

  it('refuses an empty file, a header alone and an unclosed quote', () => {
    expect(problemsOf('')).toEqual([venueLayoutCsvMessages.empty]);
    expect(problemsOf('\uFEFF\r\n\r\n')).toEqual([venueLayoutCsvMessages.empty]);
    expect(problemsOf(`${HEADER}\r\n`)).toEqual([venueLayoutCsvMessages.noData]);
    expect(problemsOf(csv('A,1,1,VIP', '"A,1,2,VIP', 'A,1,3,VIP'))).toEqual([
      `3행: ${venueLayoutCsvMessages.unclosedQuote}`,
    ]);
  });

  it('refuses more than 100,000 data lines and more than 10 MB', () => {
    const line = 'A,1,1,VIP\n';
    const tooMany = HEADER + '\n' + line.repeat(venueLayoutCsvLimits.dataLinesMax + 1);
    expect(problemsOf(tooMany)).toEqual([venueLayoutCsvMessages.tooManyLines]);
    expect(venueLayoutCsvMessages.tooManyLines).toBe(
      'CSV는 머리글 한 줄과 데이터 100,000줄까지 가져올 수 있습니다',
    );
    // Korean text: 3 bytes a character in UTF-8, so 4 million characters are 12 MB.
    const tooBig = csv(`${'가'.repeat(4_000_000)},1,1,VIP`);
    expect(problemsOf(tooBig)).toEqual([venueLayoutCsvMessages.tooLarge]);
    expect(problemsOf(' '.repeat(venueLayoutCsvLimits.bytesMax + 1))).toEqual([
      venueLayoutCsvMessages.tooLarge,
    ]);
  });

  it('passes on what the layout check finds once every line is right', () => {
    // 100,000 standing places plus one seat: each line is fine, the layout is too big.
    expect(problemsOf(csv('P,,,SP,STANDING,,,100000', 'A,1,1,VIP'))).toEqual([
      `sections: ${venueLayoutMessages.tooManyPlaces}`,
    ]);
    expect(problemsOf(csv('A,1,1,VIP,KILLED'))).toEqual([
      `sections: ${venueLayoutMessages.nothingForSale}`,
    ]);
    expect(problemsOf(csv('A,1,1,VIP'), { ...base, name: '' })).toEqual([
      `name: ${venueLayoutMessages.name}`,
    ]);
    const rowTooLong = Array.from({ length: 1_001 }, (_, i) => `A,1,${i + 1},VIP`);
    expect(problemsOf(csv(...rowTooLong))).toEqual([
      `sections[0].rows[0].seats: ${venueLayoutMessages.seats}`,
    ]);
  });
});
