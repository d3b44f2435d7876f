import {
  checkVenueLayout,
  seatTags,
  VENUE_LAYOUT_FORMAT,
  VENUE_LAYOUT_VERSION,
  venueLayoutLimits,
  venueLayoutMessages,
  type LayoutSeat,
  type LayoutSection,
  type SeatTag,
  type VenueLayout,
} from './venue-layout';
import { autoPlaceSections } from './venue-layout-templates';
import { limits } from './constants';

/**
 * CSV import and export of venue layouts (issue 25, docs/venue-layout.md "CSV"), for promoters
 * who keep their seat lists in Excel: one line per seat, one line per standing zone. The CSV
 * carries the seats only; the name, grades' names and prices, the stage and the drawing come from
 * the `base` the caller passes (the builder's current layout, or a venue's).
 */
export const venueLayoutCsvColumns = [
  'section',
  'row',
  'number',
  'grade',
  'tags',
  'companionOf',
  'x',
  'capacity',
] as const;
export type VenueLayoutCsvColumn = (typeof venueLayoutCsvColumns)[number];

/** The columns an import cannot do without; the others may be left out. */
export const venueLayoutCsvRequiredColumns = ['section', 'row', 'number', 'grade', 'tags'] as const;

/** The `tags` value of a standing zone's line (not a seat tag: it marks the line's kind). */
export const STANDING_CSV_TAG = 'STANDING';

export const venueLayoutCsvLimits = {
  /** Data lines (the header not counted): one per seat, so the largest concert fits. */
  dataLinesMax: limits.totalSeatsMax,
  bytesMax: 10 * 1024 * 1024,
  /** Problem lines listed at most; past this one line says how many more there are. */
  problemsMax: 100,
} as const;

const UTF8_BOM = '\uFEFF';

export const venueLayoutCsvMessages = {
  tooLarge: 'CSV 파일은 10MB 이하여야 합니다',
  tooManyLines: `CSV는 머리글 한 줄과 데이터 ${venueLayoutCsvLimits.dataLinesMax.toLocaleString('ko-KR')}줄까지 가져올 수 있습니다`,
  empty: '빈 파일입니다. 첫 줄에 머리글(section,row,number,grade,tags)을 적어 주세요',
  noData: '좌석 줄이 없습니다. 머리글 아래에 좌석을 한 줄에 하나씩 적어 주세요',
  semicolon:
    '구분자는 쉼표(,)여야 합니다. 세미콜론(;)으로 나뉜 파일은 쉼표로 구분해 다시 저장해 주세요',
  missingColumns: (columns: readonly string[]) => `필수 열이 없습니다: ${columns.join(', ')}`,
  duplicateColumn: (column: string) => `${column} 열이 두 번 있습니다`,
  unknownColumn: (column: string) => `알 수 없는 열 "${column}"은(는) 무시했습니다`,
  unclosedQuote: '따옴표(")가 닫히지 않았습니다',
  extraFields: '머리글보다 칸이 많습니다',
  unknownTag: (tag: string) => `알 수 없는 좌석 태그입니다: ${tag}`,
  standingPlace: 'STANDING 줄은 row와 number를 비워 둡니다',
  standingWithTags: 'STANDING 줄에는 다른 태그를 함께 쓸 수 없습니다',
  standingSeatFields: 'STANDING 줄에는 companionOf와 x를 쓰지 않습니다',
  capacityOnSeat: 'capacity는 STANDING 줄에만 씁니다',
  standingHint: '스탠딩 구역이면 tags에 STANDING을 적어 주세요',
  duplicateSeat: (firstLine: number, section: string, row: number, number: number) =>
    `${firstLine}행과 같은 좌석입니다 (${section}구역 ${row}열 ${number}번)`,
  duplicateStanding: (firstLine: number, section: string) =>
    `스탠딩 구역 ${section}은(는) ${firstLine}행에 이미 있습니다`,
  seatInStanding: (firstLine: number, section: string) =>
    `${section}구역은 ${firstLine}행에서 스탠딩 구역으로 정해졌습니다`,
  standingInSeated: (firstLine: number, section: string) =>
    `${section}구역은 ${firstLine}행부터 좌석 구역입니다`,
  moreProblems: (count: number) => `… 외 ${count.toLocaleString('ko-KR')}개 문제가 더 있습니다`,
  newGrade: (code: string, name: string, line: number) =>
    `${line}행: 등급 ${code}은(는) 등급 목록에 없어 이름 "${name}", 가격 0원으로 추가했습니다. 이름과 가격을 정해 주세요`,
} as const;

/** The problems of one line: `3행 number: 1~9,999 사이의 정수여야 합니다`. */
function lineProblem(line: number, column: string | null, message: string): string {
  return column ? `${line}행 ${column}: ${message}` : `${line}행: ${message}`;
}

// ---------------------------------------------------------------------------------------------
// Export

/**
 * A spreadsheet opens a cell starting with = + - @ (or a tab or CR) as a formula: a section name
 * from someone else's file must never run as one (CSV injection). Such a name, and one already
 * starting with the apostrophe, gets a leading apostrophe, which the import takes off again.
 */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r', "'"]);

function escapeFormula(text: string): string {
  return text.length > 0 && FORMULA_STARTS.has(text[0] ?? '') ? `'${text}` : text;
}

function unescapeFormula(text: string): string {
  return text.length > 1 && text[0] === "'" && FORMULA_STARTS.has(text[1] ?? '')
    ? text.slice(1)
    : text;
}

const NEEDS_QUOTES = /[",\r\n]/;

/** RFC 4180: quoted only when the field holds a comma, a quote or a line break. */
function csvField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The layout's seats as CSV for Excel: a UTF-8 BOM (so Excel reads Korean names right), CRLF,
 * the header `section,row,number,grade,tags,companionOf,x,capacity`, then one line per seat in
 * document order (`tags` joined with `|`) and one per standing zone (`section,,,grade,STANDING,,,
 * capacity`). Names, prices, the stage and positions are not in it: they are the import's `base`.
 */
export function layoutToCsv(layout: VenueLayout): string {
  const lines: string[] = [venueLayoutCsvColumns.join(',')];
  for (const section of layout.sections) {
    const name = csvField(escapeFormula(section.name));
    if (section.kind === 'STANDING') {
      lines.push(`${name},,,${csvField(section.grade)},${STANDING_CSV_TAG},,,${section.capacity}`);
      continue;
    }
    for (const row of section.rows) {
      const prefix = `${name},${row.row},`;
      for (const seat of row.seats) {
        const tags = seat.tags && seat.tags.length > 0 ? seat.tags.join('|') : '';
        const companionOf = seat.companionOf === undefined ? '' : String(seat.companionOf);
        const x = seat.x === undefined ? '' : String(seat.x);
        lines.push(`${prefix}${seat.number},${csvField(seat.grade)},${tags},${companionOf},${x},`);
      }
    }
  }
  return `${UTF8_BOM}${lines.join('\r\n')}\r\n`;
}

// ---------------------------------------------------------------------------------------------
// Import: the parser

/** UTF-8 bytes of a text, counted only as far as needed to compare with `max`. */
function exceedsUtf8Bytes(text: string, max: number): boolean {
  if (text.length > max) return true;
  if (text.length * 3 <= max) return false;
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
    if (bytes > max) return true;
  }
  return false;
}

const COMMA = 44;
const QUOTE = 34;
const CR = 13;
const LF = 10;

/**
 * RFC 4180 records read one at a time (so a 100,000-line file is never held twice): comma
 * separated, CRLF, LF or a lone CR ending a record, quoted fields with "" for a quote and line
 * breaks kept. Lenient where Excel and hand edits are: text after a closing quote is kept as
 * typed. Blank records (every field empty) are skipped but counted, so `line` is the
 * spreadsheet's row number of the record returned (the header's is 1).
 */
class CsvRecordReader {
  private readonly text: string;
  private offset: number;
  private nextLine = 1;
  /** The spreadsheet row of the record `next()` returned last. */
  line = 0;
  /** Set when `next()` returned null because of a problem rather than the end of the text. */
  problem: string | null = null;

  constructor(text: string) {
    this.text = text;
    this.offset = text.startsWith(UTF8_BOM) ? 1 : 0;
  }

  next(): string[] | null {
    const { text } = this;
    const length = text.length;
    while (this.offset < length) {
      this.line = this.nextLine;
      const fields: string[] = [];
      let filled = false;
      let i = this.offset;
      for (;;) {
        let value: string;
        if (text.charCodeAt(i) === QUOTE) {
          value = '';
          let start = i + 1;
          for (;;) {
            const close = text.indexOf('"', start);
            if (close < 0) {
              this.problem = lineProblem(this.line, null, venueLayoutCsvMessages.unclosedQuote);
              this.offset = length;
              return null;
            }
            if (text.charCodeAt(close + 1) === QUOTE) {
              value += text.slice(start, close + 1);
              start = close + 2;
              continue;
            }
            value += text.slice(start, close);
            i = close + 1;
            break;
          }
          const rest = i;
          i = this.fieldEnd(i);
          if (i > rest) value += text.slice(rest, i);
        } else {
          const start = i;
          i = this.fieldEnd(i);
          value = text.slice(start, i);
        }
        fields.push(value);
        if (!filled && value.trim() !== '') filled = true;
        if (i < length && text.charCodeAt(i) === COMMA) {
          i += 1;
          continue;
        }
        break;
      }
      // The record ends at a line break (CRLF counts once) or at the end of the text.
      if (i < length && text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF) i += 1;
      this.offset = i + 1;
      this.nextLine += 1;
      if (filled) return fields;
    }
    return null;
  }

  /** Where the unquoted part of a field starting at `from` ends: a comma, a line break or the end. */
  private fieldEnd(from: number): number {
    const { text } = this;
    let i = from;
    while (i < text.length) {
      const code = text.charCodeAt(i);
      if (code === COMMA || code === CR || code === LF) break;
      i += 1;
    }
    return i;
  }
}

// ---------------------------------------------------------------------------------------------
// Import: lines to a layout

export interface VenueLayoutCsvBase {
  name: string;
  grades: VenueLayout['grades'];
  stage?: VenueLayout['stage'];
  /** Where each section is drawn, by section name; the others are placed automatically. */
  positions?: Record<string, { x: number; y: number }>;
}

export type VenueLayoutCsvResult =
  { ok: true; layout: VenueLayout; warnings: string[] } | { ok: false; problems: string[] };

/** What a re-import needs of a layout to give it back unchanged: its name, grades, stage, drawing. */
export function csvBaseOf(layout: VenueLayout): VenueLayoutCsvBase {
  const positions: Record<string, { x: number; y: number }> = {};
  for (const section of layout.sections) {
    if (section.position) positions[section.name] = { ...section.position };
  }
  return {
    name: layout.name,
    grades: layout.grades.map((grade) => ({ ...grade })),
    ...(layout.stage ? { stage: layout.stage } : {}),
    positions,
  };
}

interface SeatedDraft {
  kind: 'SEATED';
  name: string;
  line: number;
  /** Per row number, its seats as read and the line of each. */
  rows: Map<number, { seats: LayoutSeat[]; lines: number[] }>;
}

interface StandingDraft {
  kind: 'STANDING';
  name: string;
  line: number;
  grade: string;
  capacity: number;
}

/** A problem with the line it is on, so problems can be listed in line order. */
interface LineProblem {
  line: number;
  text: string;
}

type ColumnIndexes = Record<VenueLayoutCsvColumn, number>;

type ReadLine =
  | { kind: 'SEAT'; section: string; row: number; grade: string; seat: LayoutSeat }
  | { kind: 'STANDING'; section: string; grade: string; capacity: number };

const seatTagSet: ReadonlySet<string> = new Set(seatTags);
const gradeCodePattern = new RegExp(`^[A-Za-z0-9_]{1,${venueLayoutLimits.gradeCodeMax}}$`);
const digitsPattern = /^[0-9]+$/;

function lineProblemAt(line: number, column: string | null, message: string): LineProblem {
  return { line, text: lineProblem(line, column, message) };
}

function hasTextFrom(fields: readonly string[], from: number): boolean {
  for (let i = from; i < fields.length; i += 1) if ((fields[i] ?? '').trim() !== '') return true;
  return false;
}

/** A cell's text without surrounding spaces ('' for a column the file does not have). */
function cellOf(fields: readonly string[], index: number): string {
  return index < 0 ? '' : (fields[index] ?? '').trim();
}

/** A whole number in range from a cell, or undefined (the caller reports the problem). */
function integerCell(text: string, min: number, max: number): number | undefined {
  if (!digitsPattern.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

/**
 * One data line read on its own (everything but what needs other lines: duplicates, the
 * companion's wheelchair seat, a section's kind), or null with its problems added.
 */
function readLine(
  fields: readonly string[],
  columns: ColumnIndexes,
  line: number,
  problems: LineProblem[],
): ReadLine | null {
  const before = problems.length;
  const fail = (column: VenueLayoutCsvColumn | null, message: string) => {
    problems.push(lineProblemAt(line, column, message));
  };

  const section = unescapeFormula(cellOf(fields, columns.section)).trim();
  if (section === '' || section.length > venueLayoutLimits.nameMax || section.includes('-')) {
    fail('section', venueLayoutMessages.sectionName);
  }
  const grade = cellOf(fields, columns.grade);
  if (!gradeCodePattern.test(grade)) fail('grade', venueLayoutMessages.gradeCode);
  const tagsText = cellOf(fields, columns.tags);
  const tags: string[] = [];
  if (tagsText !== '') {
    for (const part of tagsText.split('|')) {
      const tag = part.trim().toUpperCase();
      if (tag !== '') tags.push(tag);
    }
  }
  const rowText = cellOf(fields, columns.row);
  const numberText = cellOf(fields, columns.number);
  const capacityText = cellOf(fields, columns.capacity);
  const companionText = cellOf(fields, columns.companionOf);
  const xText = cellOf(fields, columns.x);

  if (tags.includes(STANDING_CSV_TAG)) {
    if (tags.length > 1) fail('tags', venueLayoutCsvMessages.standingWithTags);
    if (rowText !== '' || numberText !== '') fail('row', venueLayoutCsvMessages.standingPlace);
    if (companionText !== '' || xText !== '') {
      fail(companionText !== '' ? 'companionOf' : 'x', venueLayoutCsvMessages.standingSeatFields);
    }
    const capacity = integerCell(capacityText, 1, limits.totalSeatsMax);
    if (capacity === undefined) fail('capacity', venueLayoutMessages.capacity);
    if (problems.length > before || capacity === undefined) return null;
    return { kind: 'STANDING', section, grade, capacity };
  }

  const row = integerCell(rowText, 1, venueLayoutLimits.numberMax);
  const number = integerCell(numberText, 1, venueLayoutLimits.numberMax);
  if (rowText === '' && numberText === '' && capacityText !== '') {
    fail('tags', venueLayoutCsvMessages.standingHint);
  } else {
    if (row === undefined) fail('row', venueLayoutMessages.number);
    if (number === undefined) fail('number', venueLayoutMessages.number);
    if (capacityText !== '') fail('capacity', venueLayoutCsvMessages.capacityOnSeat);
  }
  for (let i = 0; i < tags.length; i += 1) {
    const tag = tags[i] ?? '';
    if (!seatTagSet.has(tag)) fail('tags', venueLayoutCsvMessages.unknownTag(tag));
    else if (tags.indexOf(tag) < i) fail('tags', venueLayoutMessages.duplicateTag);
  }
  if (tags.includes('HELD') && tags.includes('KILLED')) {
    fail('tags', venueLayoutMessages.heldAndKilled);
  }
  let companionOf: number | undefined;
  if (companionText !== '') {
    companionOf = integerCell(companionText, 1, venueLayoutLimits.numberMax);
    if (companionOf === undefined) fail('companionOf', venueLayoutMessages.number);
    else if (!tags.includes('COMPANION')) {
      fail('companionOf', venueLayoutMessages.companionNeedsTag);
    }
  } else if (tags.includes('COMPANION')) {
    fail('companionOf', venueLayoutMessages.companionWithout);
  }
  let x: number | undefined;
  if (xText !== '') {
    x = Number(xText);
    if (!Number.isFinite(x) || x < -100_000 || x > 100_000) {
      fail('x', venueLayoutMessages.coordinate);
    }
  }
  if (problems.length > before || row === undefined || number === undefined) return null;

  const seat: LayoutSeat = { number, grade };
  if (x !== undefined) seat.x = x;
  // Every tag was checked against `seatTags` above.
  if (tags.length > 0) seat.tags = tags as SeatTag[];
  if (companionOf !== undefined) seat.companionOf = companionOf;
  return { kind: 'SEAT', section, row, grade, seat };
}

/**
 * A row's seats sorted by number (already sorted, as exported files are, costs one pass), with
 * the problems only the whole row shows: a seat number twice, a companion seat without its
 * wheelchair seat.
 */
function sortRow(
  section: string,
  row: number,
  drafted: { seats: LayoutSeat[]; lines: number[] },
  problems: LineProblem[],
): LayoutSeat[] {
  const { seats, lines } = drafted;
  let order: number[] | null = null;
  for (let i = 1; i < seats.length; i += 1) {
    if ((seats[i]?.number ?? 0) <= (seats[i - 1]?.number ?? 0)) {
      order = seats.map((_, index) => index);
      // Stable: of two seats with one number, the earlier line comes first.
      order.sort((a, b) => (seats[a]?.number ?? 0) - (seats[b]?.number ?? 0));
      break;
    }
  }
  const sorted = order ? order.map((index) => seats[index] as LayoutSeat) : seats;
  const lineOf = (i: number) => lines[order ? (order[i] ?? 0) : i] ?? 0;
  let wheelchairs: Set<number> | null = null;
  for (let i = 0; i < sorted.length; i += 1) {
    const seat = sorted[i] as LayoutSeat;
    if (i > 0 && sorted[i - 1]?.number === seat.number) {
      let first = i - 1;
      while (first > 0 && sorted[first - 1]?.number === seat.number) first -= 1;
      problems.push(
        lineProblemAt(
          lineOf(i),
          null,
          venueLayoutCsvMessages.duplicateSeat(lineOf(first), section, row, seat.number),
        ),
      );
    }
    if (seat.companionOf === undefined) continue;
    wheelchairs ??= new Set(
      sorted.filter((s) => s.tags?.includes('WHEELCHAIR')).map((s) => s.number),
    );
    if (!wheelchairs.has(seat.companionOf)) {
      problems.push(lineProblemAt(lineOf(i), 'companionOf', venueLayoutMessages.companionTarget));
    }
  }
  return sorted;
}

/**
 * A layout from CSV text (the format of `layoutToCsv`; docs/venue-layout.md "CSV"), with the
 * name, grades, stage and positions of `base`. With or without the BOM, CRLF or LF, header names
 * in any case and order; `section,row,number,grade,tags` required, `companionOf,x,capacity`
 * optional. Sections come in the order they first appear, rows sorted by row number and seats
 * by number. A grade code the base lacks becomes a grade of that name at 0원, with a warning.
 * Problems name the spreadsheet row (`3행 number: ...`); when the lines are right, whatever
 * `checkVenueLayout` still finds (too many places, too many sections, ...) is returned with its
 * layout path.
 */
export function csvToLayout(text: string, base: VenueLayoutCsvBase): VenueLayoutCsvResult {
  if (exceedsUtf8Bytes(text, venueLayoutCsvLimits.bytesMax)) {
    return { ok: false, problems: [venueLayoutCsvMessages.tooLarge] };
  }
  const reader = new CsvRecordReader(text);
  const headerFields = reader.next();
  if (!headerFields) {
    return { ok: false, problems: [reader.problem ?? venueLayoutCsvMessages.empty] };
  }
  const header = { line: reader.line, fields: headerFields };

  // The header: which field holds which column.
  const warnings: string[] = [];
  const columnIndex = new Map<VenueLayoutCsvColumn, number>();
  const byLowerName = new Map<string, VenueLayoutCsvColumn>(
    venueLayoutCsvColumns.map((column) => [column.toLowerCase(), column]),
  );
  const headerProblems: string[] = [];
  if (header.fields.length === 1 && (header.fields[0] ?? '').includes(';')) {
    return {
      ok: false,
      problems: [lineProblem(header.line, null, venueLayoutCsvMessages.semicolon)],
    };
  }
  header.fields.forEach((field, index) => {
    const name = field.trim();
    const column = byLowerName.get(name.toLowerCase());
    if (!column) {
      if (name !== '') {
        warnings.push(lineProblem(header.line, null, venueLayoutCsvMessages.unknownColumn(name)));
      }
    } else if (columnIndex.has(column)) {
      headerProblems.push(
        lineProblem(header.line, null, venueLayoutCsvMessages.duplicateColumn(column)),
      );
    } else columnIndex.set(column, index);
  });
  const missing = venueLayoutCsvRequiredColumns.filter((column) => !columnIndex.has(column));
  if (missing.length > 0) {
    headerProblems.push(
      lineProblem(header.line, null, venueLayoutCsvMessages.missingColumns(missing)),
    );
  }
  if (headerProblems.length > 0) return { ok: false, problems: headerProblems };

  const columns: ColumnIndexes = {
    section: columnIndex.get('section') ?? -1,
    row: columnIndex.get('row') ?? -1,
    number: columnIndex.get('number') ?? -1,
    grade: columnIndex.get('grade') ?? -1,
    tags: columnIndex.get('tags') ?? -1,
    companionOf: columnIndex.get('companionOf') ?? -1,
    x: columnIndex.get('x') ?? -1,
    capacity: columnIndex.get('capacity') ?? -1,
  };
  const problems: LineProblem[] = [];
  const gradeCodes = new Set(base.grades.map((grade) => grade.code));
  const newGrades: Array<{ code: string; line: number }> = [];
  const drafts = new Map<string, SeatedDraft | StandingDraft>();

  let dataLines = 0;
  for (let fields = reader.next(); fields; fields = reader.next()) {
    const line = reader.line;
    dataLines += 1;
    if (dataLines > venueLayoutCsvLimits.dataLinesMax) {
      return { ok: false, problems: [venueLayoutCsvMessages.tooManyLines] };
    }
    // Cells past the header's columns mean a shifted line, unless they are all empty.
    if (fields.length > header.fields.length && hasTextFrom(fields, header.fields.length)) {
      problems.push(lineProblemAt(line, null, venueLayoutCsvMessages.extraFields));
      continue;
    }
    const read = readLine(fields, columns, line, problems);
    if (!read) continue;
    const existing = drafts.get(read.section);
    if (read.kind === 'STANDING') {
      if (existing) {
        problems.push(
          lineProblemAt(
            line,
            null,
            existing.kind === 'STANDING'
              ? venueLayoutCsvMessages.duplicateStanding(existing.line, read.section)
              : venueLayoutCsvMessages.standingInSeated(existing.line, read.section),
          ),
        );
        continue;
      }
      drafts.set(read.section, {
        kind: 'STANDING',
        name: read.section,
        line,
        grade: read.grade,
        capacity: read.capacity,
      });
    } else {
      if (existing?.kind === 'STANDING') {
        problems.push(
          lineProblemAt(
            line,
            null,
            venueLayoutCsvMessages.seatInStanding(existing.line, read.section),
          ),
        );
        continue;
      }
      let draft = existing;
      if (!draft) {
        draft = { kind: 'SEATED', name: read.section, line, rows: new Map() };
        drafts.set(read.section, draft);
      }
      let row = draft.rows.get(read.row);
      if (!row) {
        row = { seats: [], lines: [] };
        draft.rows.set(read.row, row);
      }
      row.seats.push(read.seat);
      row.lines.push(line);
    }
    if (!gradeCodes.has(read.grade)) {
      gradeCodes.add(read.grade);
      newGrades.push({ code: read.grade, line });
    }
  }

  if (reader.problem) return { ok: false, problems: [reader.problem] };
  if (dataLines === 0) return { ok: false, problems: [venueLayoutCsvMessages.noData] };

  // Rows in order of their numbers, seats of their numbers; then what needs a whole row.
  const sortedRows = new Map<SeatedDraft, Array<{ row: number; seats: LayoutSeat[] }>>();
  for (const draft of drafts.values()) {
    if (draft.kind !== 'SEATED') continue;
    const rows = [...draft.rows.entries()].sort(([a], [b]) => a - b);
    sortedRows.set(
      draft,
      rows.map(([row, drafted]) => ({ row, seats: sortRow(draft.name, row, drafted, problems) })),
    );
  }

  if (problems.length > 0) {
    problems.sort((a, b) => a.line - b.line);
    const shown = problems.slice(0, venueLayoutCsvLimits.problemsMax).map((p) => p.text);
    if (problems.length > shown.length) {
      shown.push(venueLayoutCsvMessages.moreProblems(problems.length - shown.length));
    }
    return { ok: false, problems: shown };
  }

  // Grades the base lacks: named after the code (another name when a grade already has it).
  const grades = base.grades.map((grade) => ({ ...grade }));
  const gradeNames = new Set(grades.map((grade) => grade.name));
  for (const { code, line } of newGrades) {
    let name = code;
    for (let n = 2; gradeNames.has(name); n += 1) name = `${code} ${n}`;
    gradeNames.add(name);
    grades.push({ code, name, price: 0 });
    warnings.push(venueLayoutCsvMessages.newGrade(code, name, line));
  }

  const positions = base.positions ?? {};
  const sections: LayoutSection[] = [...drafts.values()].map((draft) => {
    const position = Object.hasOwn(positions, draft.name) ? positions[draft.name] : undefined;
    const placed = position ? { position: { x: position.x, y: position.y } } : {};
    if (draft.kind === 'STANDING') {
      return {
        kind: 'STANDING',
        name: draft.name,
        grade: draft.grade,
        capacity: draft.capacity,
        ...placed,
      };
    }
    return { kind: 'SEATED', name: draft.name, ...placed, rows: sortedRows.get(draft) ?? [] };
  });

  const layout: VenueLayout = autoPlaceSections({
    format: VENUE_LAYOUT_FORMAT,
    version: VENUE_LAYOUT_VERSION,
    name: base.name,
    ...(base.stage ? { stage: base.stage } : {}),
    grades,
    sections,
  });
  const checked = checkVenueLayout(layout);
  if (!checked.ok) return { ok: false, problems: checked.problems };
  return { ok: true, layout: checked.layout, warnings };
}
