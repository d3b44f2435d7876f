import { STANDING_ROW, type GradePrice, type VenueLayout } from '@curtaincall/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { seatGrades } from '../../db/schema/index';

/**
 * A layout's seats as the database keeps them (issue 25): one `concert_seats` row per seat and
 * per standing entry slot, created set-based. Seat ids follow document order (the seat page
 * lists seats by id), so a section's seats stay together.
 */

/**
 * At most this many seats per INSERT, as the quick plan's own insert (concerts.repo): every
 * statement after start-up is cancelled at 1 s on PostgreSQL, and 10,000 rows with their
 * indexes take well under 100 ms, so a 100,000-seat hall is ten short statements.
 */
const SEATS_PER_INSERT = 10_000;

/** One bit per layout tag, so a seat's tags travel as one integer array to the database. */
const TAG_BITS = {
  HELD: 1,
  KILLED: 2,
  WHEELCHAIR: 4,
  COMPANION: 8,
  RESTRICTED_VIEW: 16,
} as const;

function tagBits(tags: readonly string[] | undefined): number {
  let bits = 0;
  for (const tag of tags ?? []) bits |= TAG_BITS[tag as keyof typeof TAG_BITS] ?? 0;
  return bits;
}

/** Places a concert sells from this layout: every seat not KILLED plus standing capacity. */
export function layoutPlaces(layout: VenueLayout): number {
  let places = 0;
  for (const section of layout.sections) {
    if (section.kind === 'STANDING') {
      places += section.capacity;
      continue;
    }
    for (const row of section.rows) {
      for (const seat of row.seats) if (!seat.tags?.includes('KILLED')) places += 1;
    }
  }
  return places;
}

/**
 * The layout with this concert's prices in place of the venue's (`gradePrices`), or the
 * problems with them as field errors (a code the layout lacks, a code twice).
 */
export function withConcertPrices(
  layout: VenueLayout,
  prices: readonly GradePrice[] | undefined,
):
  | { ok: true; layout: VenueLayout }
  | { ok: false; problems: Array<{ index: number; message: string }> } {
  if (!prices || prices.length === 0) return { ok: true, layout };
  const codes = new Set(layout.grades.map((grade) => grade.code));
  const seen = new Set<string>();
  const problems: Array<{ index: number; message: string }> = [];
  prices.forEach((price, index) => {
    if (!codes.has(price.code)) problems.push({ index, message: 'unknown' });
    else if (seen.has(price.code)) problems.push({ index, message: 'duplicate' });
    seen.add(price.code);
  });
  if (problems.length > 0) return { ok: false, problems };
  const priceOf = new Map(prices.map((price) => [price.code, price.price]));
  return {
    ok: true,
    layout: {
      ...layout,
      grades: layout.grades.map((grade) => ({
        ...grade,
        price: priceOf.get(grade.code) ?? grade.price,
      })),
    },
  };
}

/** Seated seats gathered for one INSERT: parallel arrays, one entry per seat. */
interface SeatBatch {
  sectionIndex: number[];
  row: number[];
  number: number[];
  gradeId: number[];
  bits: number[];
}

const emptyBatch = (): SeatBatch => ({
  sectionIndex: [],
  row: [],
  number: [],
  gradeId: [],
  bits: [],
});

/** An integer array as PostgreSQL's text form, one parameter however long. */
const intArray = (values: readonly number[]) => `{${values.join(',')}}`;

/**
 * Creates the grades (with code and colour) and every seat and standing slot of `layout` for
 * the concert, inside the caller's transaction, at most SEATS_PER_INSERT rows per statement
 * (the 1 s statement limit). HELD and KILLED seats are UNAVAILABLE with their reason in `block`;
 * a companion seat points at its wheelchair seat.
 */
export async function insertLayoutSeatMap(
  tx: DbOrTx,
  concertId: number,
  layout: VenueLayout,
): Promise<void> {
  const gradeRows = await tx
    .insert(seatGrades)
    .values(
      layout.grades.map((grade, i) => ({
        concertId,
        name: grade.name,
        price: grade.price,
        sortOrder: i,
        code: grade.code,
        color: grade.color ?? null,
      })),
    )
    .returning({ id: seatGrades.id, code: seatGrades.code });
  const gradeIdOf = new Map(gradeRows.map((row) => [row.code ?? '', row.id]));
  const gradeId = (code: string) => {
    const id = gradeIdOf.get(code);
    if (id === undefined) throw new Error(`layout grade ${code} has no grade row`);
    return id;
  };
  const sectionNames = JSON.stringify(layout.sections.map((section) => section.name));

  let batch = emptyBatch();
  const flushSeats = async () => {
    if (batch.sectionIndex.length === 0) return;
    const b = batch;
    batch = emptyBatch();
    await tx.execute(sql`
      insert into concert_seats (concert_id, grade_id, section, row_number, seat_number, status,
                                 block, tags)
      select ${concertId}::int, s.grade_id, ${sectionNames}::jsonb ->> s.section_index,
             s.row_number, s.seat_number,
             case when s.bits & 3 <> 0 then 'UNAVAILABLE' else 'AVAILABLE' end,
             case when s.bits & 2 <> 0 then 'KILLED' when s.bits & 1 <> 0 then 'HELD' end,
             nullif(concat_ws(',',
               case when s.bits & 4 <> 0 then 'WHEELCHAIR' end,
               case when s.bits & 8 <> 0 then 'COMPANION' end,
               case when s.bits & 16 <> 0 then 'RESTRICTED_VIEW' end), '')
      from unnest(${intArray(b.sectionIndex)}::int[], ${intArray(b.row)}::int[],
                  ${intArray(b.number)}::int[], ${intArray(b.gradeId)}::int[],
                  ${intArray(b.bits)}::int[])
           with ordinality as s(section_index, row_number, seat_number, grade_id, bits, ord)
      order by s.ord`);
  };

  const companions: Array<{ section: string; row: number; number: number; of: number }> = [];
  for (const [sectionIndex, section] of layout.sections.entries()) {
    if (section.kind === 'STANDING') {
      await flushSeats();
      // Entry numbers 1..capacity, as generate_series chunks under the per-statement cap.
      for (let from = 1; from <= section.capacity; from += SEATS_PER_INSERT) {
        const to = Math.min(section.capacity, from + SEATS_PER_INSERT - 1);
        await tx.execute(sql`
          insert into concert_seats (concert_id, grade_id, section, row_number, seat_number,
                                     status, standing)
          select ${concertId}::int, ${gradeId(section.grade)}::int, ${section.name}::text,
                 ${STANDING_ROW}::int, g,
                 'AVAILABLE', true
          from generate_series(${from}::int, ${to}::int) as g
          order by g`);
      }
      continue;
    }
    for (const row of section.rows) {
      for (const seat of row.seats) {
        batch.sectionIndex.push(sectionIndex);
        batch.row.push(row.row);
        batch.number.push(seat.number);
        batch.gradeId.push(gradeId(seat.grade));
        batch.bits.push(tagBits(seat.tags));
        if (seat.companionOf !== undefined) {
          companions.push({
            section: section.name,
            row: row.row,
            number: seat.number,
            of: seat.companionOf,
          });
        }
        if (batch.sectionIndex.length >= SEATS_PER_INSERT) await flushSeats();
      }
    }
  }
  await flushSeats();

  if (companions.length > 0) {
    await tx.execute(sql`
      update concert_seats c set companion_of_seat_id = w.id
      from jsonb_to_recordset(${JSON.stringify(companions)}::jsonb)
             as p(section text, "row" int, "number" int, "of" int)
      join concert_seats w on w.concert_id = ${concertId}::int and w.section = p.section
                          and w.row_number = p."row" and w.seat_number = p."of"
      where c.concert_id = ${concertId}::int and c.section = p.section
        and c.row_number = p."row" and c.seat_number = p."number"`);
  }
}
