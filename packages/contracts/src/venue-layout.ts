import { z } from 'zod';
import { limits } from './constants';

/**
 * The venue layout format (issue 25, docs/venue-layout.md): one JSON document a seller builds,
 * imports or exports, and the server turns into a concert's seats. This schema is the only
 * definition; the import, the export, the builder and the server all validate with it.
 *
 * Section names have no '-' and rows and seat numbers are plain integers, so the spec's
 * `seatInfo` (`{section}-{row}-{number}`) still parses in every client.
 */
export const VENUE_LAYOUT_FORMAT = 'curtaincall.venue-layout';
export const VENUE_LAYOUT_VERSION = 1;

export const venueLayoutLimits = {
  gradesMax: 20,
  priceMax: 10_000_000,
  /** Seats plus standing places: the largest concert a seller may create. */
  placesMax: limits.totalSeatsMax,
  sectionsMax: 200,
  rowsPerSectionMax: 500,
  seatsPerRowMax: 1_000,
  numberMax: 9_999,
  nameMax: 30,
  gradeCodeMax: 10,
  gradeNameMax: 20,
} as const;

export const seatTags = ['WHEELCHAIR', 'COMPANION', 'RESTRICTED_VIEW', 'HELD', 'KILLED'] as const;
export type SeatTag = (typeof seatTags)[number];

export const venueLayoutMessages = {
  format: `format은 "${VENUE_LAYOUT_FORMAT}"이어야 합니다`,
  version: `지원하는 버전은 ${VENUE_LAYOUT_VERSION}입니다`,
  name: `이름은 1~${venueLayoutLimits.nameMax}자로 입력해 주세요`,
  sectionName: `구역 이름은 1~${venueLayoutLimits.nameMax}자이며 '-'를 쓸 수 없습니다`,
  gradeCode: `등급 코드는 영문·숫자·_ 1~${venueLayoutLimits.gradeCodeMax}자입니다`,
  gradeName: `등급 이름은 1~${venueLayoutLimits.gradeNameMax}자로 입력해 주세요`,
  price: `가격은 0~${venueLayoutLimits.priceMax.toLocaleString('ko-KR')}원 사이의 정수(원)여야 합니다`,
  color: '색은 #RRGGBB 형식이어야 합니다',
  number: `1~${venueLayoutLimits.numberMax.toLocaleString('ko-KR')} 사이의 정수여야 합니다`,
  capacity: `수용 인원은 1~${limits.totalSeatsMax.toLocaleString('ko-KR')} 사이의 정수여야 합니다`,
  grades: `등급은 1~${venueLayoutLimits.gradesMax}개여야 합니다`,
  sections: `구역은 1~${venueLayoutLimits.sectionsMax}개여야 합니다`,
  rows: `열은 1~${venueLayoutLimits.rowsPerSectionMax}개여야 합니다`,
  seats: `한 열의 좌석은 1~${venueLayoutLimits.seatsPerRowMax}개여야 합니다`,
  tag: '알 수 없는 좌석 태그입니다',
  coordinate: '좌표는 -100,000~100,000 사이의 숫자여야 합니다',
  size: '크기는 1~100,000 사이의 숫자여야 합니다',
  unknownGrade: '없는 등급 코드입니다',
  duplicateGradeCode: '등급 코드가 중복됩니다',
  duplicateGradeName: '등급 이름이 중복됩니다',
  duplicateSection: '구역 이름이 중복됩니다',
  duplicateRow: '같은 구역에 같은 열 번호가 있습니다',
  duplicateSeat: '같은 열에 같은 좌석 번호가 있습니다',
  duplicateTag: '같은 태그가 두 번 있습니다',
  heldAndKilled: 'HELD와 KILLED는 함께 쓸 수 없습니다',
  companionNeedsTag: 'companionOf가 있는 좌석에는 COMPANION 태그가 있어야 합니다',
  companionWithout: 'COMPANION 좌석에는 companionOf(같은 열의 휠체어석 번호)가 있어야 합니다',
  companionTarget: '같은 열에 WHEELCHAIR 태그가 있는 그 번호의 좌석이 없습니다',
  tooManyPlaces: `좌석과 스탠딩 인원의 합은 ${limits.totalSeatsMax.toLocaleString('ko-KR')} 이하여야 합니다`,
  nothingForSale: '판매할 수 있는 좌석이나 스탠딩 인원이 하나 이상 있어야 합니다',
} as const;

const integerIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, {
    error: message,
  });

const coordinate = z
  .number({ error: venueLayoutMessages.coordinate })
  .min(-100_000, { error: venueLayoutMessages.coordinate })
  .max(100_000, { error: venueLayoutMessages.coordinate });
const extent = z
  .number({ error: venueLayoutMessages.size })
  .min(1, { error: venueLayoutMessages.size })
  .max(100_000, { error: venueLayoutMessages.size });

/** Where a section or the stage is drawn (layout units; the builder's grid). */
export const layoutPositionSchema = z.strictObject({ x: coordinate, y: coordinate });
export const layoutSizeSchema = z.strictObject({ width: extent, height: extent });

const plainName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(venueLayoutLimits.nameMax, { error: message });

export const layoutGradeSchema = z.strictObject({
  code: z
    .string({ error: venueLayoutMessages.gradeCode })
    .regex(new RegExp(`^[A-Za-z0-9_]{1,${venueLayoutLimits.gradeCodeMax}}$`), {
      error: venueLayoutMessages.gradeCode,
    }),
  name: z
    .string({ error: venueLayoutMessages.gradeName })
    .trim()
    .min(1, { error: venueLayoutMessages.gradeName })
    .max(venueLayoutLimits.gradeNameMax, { error: venueLayoutMessages.gradeName }),
  price: integerIn(0, venueLayoutLimits.priceMax, venueLayoutMessages.price),
  color: z
    .string({ error: venueLayoutMessages.color })
    .regex(/^#[0-9A-Fa-f]{6}$/, { error: venueLayoutMessages.color })
    .optional(),
});

const seatNumber = integerIn(1, venueLayoutLimits.numberMax, venueLayoutMessages.number);

export const layoutSeatSchema = z.strictObject({
  number: seatNumber,
  grade: z.string({ error: venueLayoutMessages.unknownGrade }),
  /** Horizontal place in the row (layout units), when the seat is not simply the next one. */
  x: coordinate.optional(),
  tags: z.array(z.enum(seatTags, { error: venueLayoutMessages.tag })).optional(),
  /** The wheelchair seat (its number, same row) this companion seat goes with. */
  companionOf: seatNumber.optional(),
});

export const layoutRowSchema = z.strictObject({
  row: seatNumber,
  seats: z
    .array(layoutSeatSchema)
    .min(1, { error: venueLayoutMessages.seats })
    .max(venueLayoutLimits.seatsPerRowMax, { error: venueLayoutMessages.seats }),
});

const sectionName = plainName(venueLayoutMessages.sectionName).refine(
  (name) => !name.includes('-'),
  { error: venueLayoutMessages.sectionName },
);

export const seatedSectionSchema = z.strictObject({
  kind: z.literal('SEATED'),
  name: sectionName,
  position: layoutPositionSchema.optional(),
  rows: z
    .array(layoutRowSchema)
    .min(1, { error: venueLayoutMessages.rows })
    .max(venueLayoutLimits.rowsPerSectionMax, { error: venueLayoutMessages.rows }),
});

/** Floor standing: sold as numbered entry slots (입장번호) 1..capacity, row 1 in `seatInfo`. */
export const standingSectionSchema = z.strictObject({
  kind: z.literal('STANDING'),
  name: sectionName,
  grade: z.string({ error: venueLayoutMessages.unknownGrade }),
  capacity: integerIn(1, limits.totalSeatsMax, venueLayoutMessages.capacity),
  position: layoutPositionSchema.optional(),
  size: layoutSizeSchema.optional(),
});

export const layoutSectionSchema = z.discriminatedUnion('kind', [
  seatedSectionSchema,
  standingSectionSchema,
]);

export const venueLayoutSchema = z
  .strictObject({
    format: z.literal(VENUE_LAYOUT_FORMAT, { error: venueLayoutMessages.format }),
    version: z.literal(VENUE_LAYOUT_VERSION, { error: venueLayoutMessages.version }),
    name: plainName(venueLayoutMessages.name),
    stage: z.strictObject({ position: layoutPositionSchema, size: layoutSizeSchema }).optional(),
    grades: z
      .array(layoutGradeSchema)
      .min(1, { error: venueLayoutMessages.grades })
      .max(venueLayoutLimits.gradesMax, { error: venueLayoutMessages.grades }),
    sections: z
      .array(layoutSectionSchema)
      .min(1, { error: venueLayoutMessages.sections })
      .max(venueLayoutLimits.sectionsMax, { error: venueLayoutMessages.sections }),
  })
  .superRefine((layout, ctx) => {
    // The rules between fields, each reported at the path of the value to change.
    const problem = (path: Array<string | number>, message: string) =>
      ctx.addIssue({ code: 'custom', path, message });
    const codes = new Set<string>();
    // Names too: a buyer tells grades apart by name (tickets and bookings print it).
    const gradeNames = new Set<string>();
    layout.grades.forEach((grade, i) => {
      if (codes.has(grade.code)) {
        problem(['grades', i, 'code'], venueLayoutMessages.duplicateGradeCode);
      }
      codes.add(grade.code);
      if (gradeNames.has(grade.name)) {
        problem(['grades', i, 'name'], venueLayoutMessages.duplicateGradeName);
      }
      gradeNames.add(grade.name);
    });
    const sectionNames = new Set<string>();
    let places = 0;
    let forSale = 0;
    layout.sections.forEach((section, s) => {
      if (sectionNames.has(section.name)) {
        problem(['sections', s, 'name'], venueLayoutMessages.duplicateSection);
      }
      sectionNames.add(section.name);
      if (section.kind === 'STANDING') {
        if (!codes.has(section.grade)) {
          problem(['sections', s, 'grade'], venueLayoutMessages.unknownGrade);
        }
        places += section.capacity;
        forSale += section.capacity;
        return;
      }
      const rowNumbers = new Set<number>();
      section.rows.forEach((row, r) => {
        if (rowNumbers.has(row.row)) {
          problem(['sections', s, 'rows', r, 'row'], venueLayoutMessages.duplicateRow);
        }
        rowNumbers.add(row.row);
        const wheelchairs = new Set(
          row.seats.filter((seat) => seat.tags?.includes('WHEELCHAIR')).map((seat) => seat.number),
        );
        const numbers = new Set<number>();
        row.seats.forEach((seat, n) => {
          const at = (...rest: Array<string | number>) => [
            'sections',
            s,
            'rows',
            r,
            'seats',
            n,
            ...rest,
          ];
          places += 1;
          if (!seat.tags?.includes('KILLED') && !seat.tags?.includes('HELD')) forSale += 1;
          if (numbers.has(seat.number)) {
            problem(at('number'), venueLayoutMessages.duplicateSeat);
          }
          numbers.add(seat.number);
          if (!codes.has(seat.grade)) {
            problem(at('grade'), venueLayoutMessages.unknownGrade);
          }
          const tags = seat.tags ?? [];
          if (new Set(tags).size !== tags.length) {
            problem(at('tags'), venueLayoutMessages.duplicateTag);
          }
          if (tags.includes('HELD') && tags.includes('KILLED')) {
            problem(at('tags'), venueLayoutMessages.heldAndKilled);
          }
          if (seat.companionOf !== undefined) {
            if (!tags.includes('COMPANION')) {
              problem(at('companionOf'), venueLayoutMessages.companionNeedsTag);
            } else if (!wheelchairs.has(seat.companionOf)) {
              problem(at('companionOf'), venueLayoutMessages.companionTarget);
            }
          } else if (tags.includes('COMPANION')) {
            problem(at('companionOf'), venueLayoutMessages.companionWithout);
          }
        });
      });
    });
    if (places > venueLayoutLimits.placesMax) {
      problem(['sections'], venueLayoutMessages.tooManyPlaces);
    } else if (forSale === 0) {
      problem(['sections'], venueLayoutMessages.nothingForSale);
    }
  });

export type VenueLayout = z.infer<typeof venueLayoutSchema>;
export type LayoutSection = z.infer<typeof layoutSectionSchema>;
export type LayoutSeat = z.infer<typeof layoutSeatSchema>;

/** A zod issue path as the layout's own notation: `sections[2].rows[0].seats[5].grade`. */
export function layoutPath(path: ReadonlyArray<PropertyKey>): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text ? `.${String(part)}` : String(part);
  }
  return text || '(문서)';
}

/**
 * The layout checked, or its problems as lines naming the path to change
 * ('sections[2].rows[0].seats[5].grade: 없는 등급 코드입니다'), in document order.
 */
export function checkVenueLayout(
  input: unknown,
): { ok: true; layout: VenueLayout } | { ok: false; problems: string[] } {
  const result = venueLayoutSchema.safeParse(input);
  if (result.success) return { ok: true, layout: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => `${layoutPath(issue.path)}: ${issue.message}`),
  };
}

/** Seats and standing places of a valid layout, per grade code (counts for the builder and server). */
export function placesPerGrade(layout: VenueLayout): Map<string, number> {
  const counts = new Map<string, number>(layout.grades.map((grade) => [grade.code, 0]));
  for (const section of layout.sections) {
    if (section.kind === 'STANDING') {
      counts.set(section.grade, (counts.get(section.grade) ?? 0) + section.capacity);
      continue;
    }
    for (const row of section.rows) {
      for (const seat of row.seats) {
        if (seat.tags?.includes('KILLED')) continue;
        counts.set(seat.grade, (counts.get(seat.grade) ?? 0) + 1);
      }
    }
  }
  return counts;
}
