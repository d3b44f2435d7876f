import { sql } from 'drizzle-orm';
import {
  checkVenueLayout,
  rectangleHallLayout,
  type LayoutSeat,
  type LayoutSection,
  type SeatTag,
  type VenueLayout,
} from '@curtaincall/contracts';
import { queryRows, type DatabaseHandle } from '../../apps/server/src/db/client';

/**
 * The benchmark's hall (bench/venue-create), as a seller would build it: the builder's
 * rectangle hall template, then edits. Every rule is a plain function of (section, row, seat)
 * so the baseline can write the same rows with one INSERT ... SELECT over generate_series.
 *
 * - Standing zone `FLOOR` first (in front of the stage), grade SP (스탠딩 P), `standing` places.
 * - `sections` sections A, B, ... of `rowsPerSection` rows of `seatsPerRow` seats. Rows split
 *   front to back over VIP석, R석, S석 (the template), then, behind the VIP rows, the outer
 *   `EDGE_SEATS` seats on each side of a row become A석: grades change within sections and
 *   within rows.
 * - 홀드석: row `HELD_ROW`, seats `HELD_SEATS` of every section (HELD).
 * - Camera platform: the last three rows, seats `KILLED_SEATS`, of the middle section (KILLED).
 * - Wheelchair places: in every section's last row seats 1 and `seatsPerRow - 1` are WHEELCHAIR,
 *   each with its companion seat right after it (COMPANION, companionOf the wheelchair seat).
 *
 * Places = standing + sections × rows × seats (killed seats are rows too).
 */
export interface HallShape {
  sections: number;
  rowsPerSection: number;
  seatsPerRow: number;
  standing: number;
}

/** The standing zone's name (the seated sections take A, B, ..., T). */
export const STANDING_NAME = 'FLOOR';
export const EDGE_SEATS = 10;
export const HELD_ROW = 5;
export const HELD_SEATS = [51, 70] as const;
export const KILLED_SEATS = [41, 80] as const;

/** 100,000 places: 20 × 40 × 120 = 96,000 seats and 4,000 standing. */
export const HALL_100K: HallShape = {
  sections: 20,
  rowsPerSection: 40,
  seatsPerRow: 120,
  standing: 4_000,
};
/** 10,000 places, the same rules: 2 × 40 × 120 = 9,600 seats and 400 standing. */
export const HALL_10K: HallShape = {
  sections: 2,
  rowsPerSection: 40,
  seatsPerRow: 120,
  standing: 400,
};
/** The untimed concert each side writes first: 1 × 8 × 120 = 960 seats and 40 standing. */
export const HALL_1K: HallShape = {
  sections: 1,
  rowsPerSection: 8,
  seatsPerRow: 120,
  standing: 40,
};

export const placesOf = (shape: HallShape) =>
  shape.standing + shape.sections * shape.rowsPerSection * shape.seatsPerRow;

/** The middle section holds the camera platform. */
export const killedSectionOf = (shape: HallShape) => Math.floor(shape.sections / 2);

export const hallGrades = [
  { code: 'VIP', name: 'VIP석', price: 165_000, color: '#C9A227' },
  { code: 'R', name: 'R석', price: 143_000, color: '#D9534F' },
  { code: 'S', name: 'S석', price: 110_000, color: '#3A7BD5' },
  { code: 'A', name: 'A석', price: 88_000, color: '#27AE60' },
  { code: 'SP', name: '스탠딩 P', price: 154_000, color: '#8E44AD' },
] as const;

export interface BuiltHall {
  layout: VenueLayout;
  /** Rows (from the front) of VIP석 and then of R석 the template gave; S석 behind them. */
  vipRows: number;
  rRows: number;
  /** Section names in document order (seated only). */
  sectionNames: string[];
}

const between = (value: number, [from, to]: readonly [number, number]) =>
  value >= from && value <= to;

/** The hall of `shape`, checked with the product's own schema. */
export function buildHall(shape: HallShape, name: string): BuiltHall {
  const template = rectangleHallLayout({
    name,
    sections: shape.sections,
    rowsPerSection: shape.rowsPerSection,
    seatsPerRow: shape.seatsPerRow,
    grades: hallGrades.slice(0, 3).map((grade) => ({ ...grade })),
  });
  const first = template.sections[0];
  if (first?.kind !== 'SEATED') throw new Error('template without a seated section');
  const vipRows = first.rows.filter((row) => row.seats[0]?.grade === 'VIP').length;
  const rRows = first.rows.filter((row) => row.seats[0]?.grade === 'R').length;
  const lastRow = shape.rowsPerSection;
  const n = shape.seatsPerRow;
  const killedSection = killedSectionOf(shape);
  const seated = template.sections.map((section, s): LayoutSection => {
    if (section.kind !== 'SEATED') return section;
    return {
      ...section,
      rows: section.rows.map((row) => ({
        ...row,
        seats: row.seats.map((seat): LayoutSeat => {
          const edge = seat.number <= EDGE_SEATS || seat.number > n - EDGE_SEATS;
          const grade = row.row > vipRows && edge ? 'A' : seat.grade;
          const tags: SeatTag[] = [];
          let companionOf: number | undefined;
          if (row.row === HELD_ROW && between(seat.number, HELD_SEATS)) tags.push('HELD');
          if (s === killedSection && row.row > lastRow - 3 && between(seat.number, KILLED_SEATS)) {
            tags.push('KILLED');
          }
          if (row.row === lastRow && (seat.number === 1 || seat.number === n - 1)) {
            tags.push('WHEELCHAIR');
          }
          if (row.row === lastRow && (seat.number === 2 || seat.number === n)) {
            tags.push('COMPANION');
            companionOf = seat.number - 1;
          }
          return {
            number: seat.number,
            grade,
            ...(tags.length > 0 ? { tags } : {}),
            ...(companionOf === undefined ? {} : { companionOf }),
          };
        }),
      })),
    };
  });
  const layout: VenueLayout = {
    ...template,
    grades: hallGrades.map((grade) => ({ ...grade })),
    sections: [
      { kind: 'STANDING', name: STANDING_NAME, grade: 'SP', capacity: shape.standing },
      ...seated,
    ],
  };
  const checked = checkVenueLayout(layout);
  if (!checked.ok) throw new Error(`bench hall invalid: ${checked.problems.join('; ')}`);
  return {
    layout,
    vipRows,
    rRows,
    sectionNames: seated.map((section) => section.name),
  };
}

export interface Hall extends BuiltHall {
  shape: HallShape;
  /** What the seats must add up to (counted from the layout itself). */
  expected: Fingerprint;
}

export interface Fingerprint {
  seats: number;
  held: number;
  killed: number;
  companions: number;
  standing: number;
}

function fingerprintOfLayout(built: BuiltHall): Fingerprint {
  const counted: Fingerprint = { seats: 0, held: 0, killed: 0, companions: 0, standing: 0 };
  for (const section of built.layout.sections) {
    if (section.kind === 'STANDING') {
      counted.seats += section.capacity;
      counted.standing += section.capacity;
      continue;
    }
    for (const row of section.rows) {
      for (const seat of row.seats) {
        counted.seats += 1;
        if (seat.tags?.includes('HELD')) counted.held += 1;
        if (seat.tags?.includes('KILLED')) counted.killed += 1;
        if (seat.companionOf !== undefined) counted.companions += 1;
      }
    }
  }
  return counted;
}

const halls = new Map<HallShape, Hall>();
export function hallOf(shape: HallShape): Hall {
  let hall = halls.get(shape);
  if (!hall) {
    const built = buildHall(shape, `벤치마크 홀 ${placesOf(shape)}`);
    hall = { ...built, shape, expected: fingerprintOfLayout(built) };
    if (hall.expected.seats !== placesOf(shape)) throw new Error('hall places do not add up');
    halls.set(shape, hall);
  }
  return hall;
}

/**
 * The baseline: a concert row and its grades (untimed), then every seat and standing slot of
 * the hall in ONE INSERT ... SELECT over generate_series (timed, with the id reservation).
 *
 * Every column follows from (section, row, seat) by the rules above, except one: a companion
 * seat's `companion_of_seat_id` is its wheelchair seat's id, and ids come from the identity
 * sequence as rows are written, which a SELECT cannot see. Rather than a second statement (an
 * UPDATE joining the table to itself, as the server does), the baseline reserves its block of
 * ids with one `setval` and writes them itself (`overriding system value`), in the server's
 * order (document order: the standing zone, then section by section, row by row), so the
 * wheelchair seat's id is the companion's id minus one. One statement, rows identical to the
 * server's (run.ts checks it row by row); the reservation is inside the timing.
 */
export async function bareInsert(
  handle: DatabaseHandle,
  sellerId: number,
  hall: Hall,
): Promise<{ ms: number; concertId: number }> {
  const { shape } = hall;
  const [concert] = await queryRows<{ id: number }>(
    handle.db,
    sql`with show as (insert into shows (seller_id) values (${sellerId}) returning id)
        insert into concerts (seller_id, show_id, title, artist, venue_name, concert_date, start_time,
                              end_time, total_seats, booking_start_at, booking_end_at)
        select ${sellerId}, show.id, '기준 측정', '기준', '기준홀', current_date + 30, '19:00', '21:00',
                ${hall.expected.seats - hall.expected.killed}, now(), now() + interval '20 days'
        from show
        returning id`,
  );
  const concertId = Number(concert?.id);
  const gradeRows = await queryRows<{ id: number; code: string }>(
    handle.db,
    sql`insert into seat_grades (concert_id, name, price, sort_order, code, color)
        values ${sql.join(
          hall.layout.grades.map(
            (g, i) =>
              sql`(${concertId}, ${g.name}, ${g.price}, ${i}, ${g.code}, ${g.color ?? null})`,
          ),
          sql`, `,
        )}
        returning id, code`,
  );
  const grade = (code: string) => {
    const id = gradeRows.find((row) => row.code === code)?.id;
    if (id === undefined) throw new Error(`no grade ${code}`);
    return Number(id);
  };
  const S = shape.sections;
  const R = shape.rowsPerSection;
  const N = shape.seatsPerRow;
  const C = shape.standing;
  const perSection = R * N;
  const names = `{${hall.sectionNames.join(',')}}`;
  const killed = killedSectionOf(shape);
  const started = performance.now();
  // The ids the seats get, reserved from the identity sequence in one call.
  const [reserved] = await queryRows<{ first: number }>(
    handle.db,
    sql`select setval(pg_get_serial_sequence('concert_seats', 'id'),
                      nextval(pg_get_serial_sequence('concert_seats', 'id')) + ${C + S * perSection - 1}::int)
               - ${C + S * perSection - 1}::int as first`,
  );
  const base = Number(reserved?.first) - 1;
  await handle.db.execute(sql`
    insert into concert_seats (id, concert_id, grade_id, section, row_number, seat_number, status,
                               block, tags, companion_of_seat_id, standing)
    overriding system value
    select ${base}::int + g, ${concertId}::int, ${grade('SP')}::int, ${STANDING_NAME}::text, 0, g,
           'AVAILABLE',
           null, null, null, true
    from generate_series(1, ${C}::int) as g
    union all
    select o.id, ${concertId}::int,
           case when r <= ${hall.vipRows}::int then ${grade('VIP')}::int
                when n <= ${EDGE_SEATS}::int or n > ${N - EDGE_SEATS}::int then ${grade('A')}::int
                when r <= ${hall.vipRows + hall.rRows}::int then ${grade('R')}::int
                else ${grade('S')}::int end,
           (${names}::text[])[s + 1], r, n,
           case when o.killed or o.held then 'UNAVAILABLE' else 'AVAILABLE' end,
           case when o.killed then 'KILLED' when o.held then 'HELD' end,
           case when r = ${R}::int and n in (1, ${N - 1}::int) then 'WHEELCHAIR'
                when r = ${R}::int and n in (2, ${N}::int) then 'COMPANION' end,
           case when r = ${R}::int and n in (2, ${N}::int) then o.id - 1 end,
           false
    from generate_series(0, ${S - 1}::int) as s
    cross join generate_series(1, ${R}::int) as r
    cross join generate_series(1, ${N}::int) as n
    cross join lateral (
      select ${base + C}::int + s * ${perSection}::int + (r - 1) * ${N}::int + n as id,
             r = ${HELD_ROW}::int and n between ${HELD_SEATS[0]}::int and ${HELD_SEATS[1]}::int
               as held,
             s = ${killed}::int and r > ${R - 3}::int
               and n between ${KILLED_SEATS[0]}::int and ${KILLED_SEATS[1]}::int as killed
    ) as o`);
  return { ms: performance.now() - started, concertId };
}
