import {
  concertMessages,
  type ConcertStatus,
  type PerformanceAvailability,
  type ShowPerformances,
} from '@curtaincall/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { toSeoulDateTime } from '../../lib/seoul-time';
import { toWireTime, type ConcertsService } from '../concerts/concerts.service';
import {
  findPerformanceGradeAvailability,
  findShowIdOfConcert,
  findShowPerformances,
  type PerformanceGradeRow,
} from './performances.repo';

/** Past this many shows the answer cache starts over: concert ids are user input. */
const MAX_CACHED_SHOWS = 500;
/** Concert -> show pairs remembered (they never change) before that map starts over. */
const MAX_KNOWN_CONCERTS = 50_000;
/**
 * Seats counted per statement at most, as SEATS_PER_INSERT bounds the inserts of a seat map.
 * PGlite runs a statement on the server's own thread: counting a 30 × 2,000-seat show in one
 * held every other answer for 40-80 ms on this machine; in statements of 10,000 seats with the
 * event loop let through between them, no answer waits for more than one (about 10 ms).
 */
const SEATS_PER_COUNT = 10_000;
/**
 * Share of `maxAgeMs` after which a read of an answer starts its replacement in the background.
 * Past ¾ rather than ½: the replacement still has a quarter of the age to land before anyone
 * waits for it, and a hot show is checked about 1.3 times a second rather than twice.
 */
const REFRESH_SHARE = 0.75;
/**
 * A seat change committed after a read began is stamped (updated_at, the writer's clock) at
 * most this long before that read's start: writes end within the 1 s statement limit, and the
 * instances' clocks agree far closer than the rest.
 */
const CHANGE_MARGIN_MS = 2_000;
/** A performance is counted again at least this often, changed or not (a bound for anything missed). */
const RECOUNT_MS = 30_000;

/** A performance's places per grade as last counted. */
interface PerformanceCount {
  grades: PerformanceGradeRow[];
  /** Its concert row's updated_at then (ms): a change of it (prices, seat map) means a recount. */
  concertUpdatedAt: number;
  /** When that count's read began (clock ms). */
  countedAt: number;
}

/** A show's answer, with the counts it was built from. */
interface ShowRead {
  json: string;
  counts: Map<number, PerformanceCount>;
}

interface CachedAnswer {
  /** When its read began (clock ms): the answer is at least this fresh. */
  readAt: number;
  read: Promise<ShowRead>;
  /** The read in flight that will replace it. */
  next: Promise<CachedAnswer> | null;
}

/** Lets the event loop answer what is waiting before the next statement holds PGlite's thread. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Performances in runs of at most SEATS_PER_COUNT seats (one at least), in their order. */
function countBatches(rows: ReadonlyArray<{ id: number; totalSeats: number }>): number[][] {
  const batches: number[][] = [];
  let batch: number[] = [];
  let seats = 0;
  for (const row of rows) {
    if (batch.length > 0 && seats + row.totalSeats > SEATS_PER_COUNT) {
      batches.push(batch);
      batch = [];
      seats = 0;
    }
    batch.push(row.id);
    seats += row.totalSeats;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/**
 * The buyer's 회차 choice (issue 26): every performance of a concert's show with what is left
 * per grade, `GET /concerts/{concertId}/performances`. A detail page open during a sale asks for
 * it over and over, so an answer is read once per show and served as ready JSON for up to
 * `maxAgeMs` (0: read on every call): past ¾ of that age a read starts its replacement and is
 * answered from the old one meanwhile, and past the whole age a read waits for the replacement.
 * A replacement reads the performances again (statuses, times: one short statement) but counts
 * again only the performances whose seats or concert row changed since the last read, so a hot
 * show nobody is buying costs one indexed probe per performance a second. This instance's own
 * writes to concerts (a performance cancelled, sold out, rescheduled) drop every answer at once.
 *
 * Seat changes are found by their updated_at rather than heard on the event bus: in a rush every
 * hold would drop the answer, and the show's count would then run back to back on the database
 * the holds themselves need (one connection on PGlite); here a busy performance is counted at
 * most once per replacement.
 */
export function createPerformancesService(deps: {
  db: Database;
  clock: Clock;
  concerts: ConcertsService;
  maxAgeMs: number;
}) {
  const { db, clock } = deps;
  const showOfConcert = new Map<number, number>();
  const answers = new Map<number, CachedAnswer>();
  deps.concerts.onConcertsChanged(() => answers.clear());

  /** The show of a concert (a show of one for a plain concert); 404 T003 when unknown. */
  async function showIdOf(concertId: number): Promise<number> {
    const known = showOfConcert.get(concertId);
    if (known !== undefined) return known;
    const showId = await findShowIdOfConcert(db, concertId);
    if (showId === undefined) throw new AppError('T003', concertMessages.notFound);
    if (showOfConcert.size >= MAX_KNOWN_CONCERTS) showOfConcert.clear();
    showOfConcert.set(concertId, showId);
    return showId;
  }

  /**
   * Reads the show's answer at `nowMs`. With the `previous` read (begun at `previousAt`), only
   * the performances changed since then, or counted too long ago, are counted again.
   */
  async function readShow(
    showId: number,
    nowMs: number,
    previous: { counts: Map<number, PerformanceCount>; readAt: number } | null,
  ): Promise<ShowRead> {
    const now = new Date(nowMs);
    const performances = await findShowPerformances(
      db,
      showId,
      previous ? new Date(previous.readAt - CHANGE_MARGIN_MS) : null,
    );
    const counts = new Map<number, PerformanceCount>();
    const toCount = performances.filter((row) => {
      const known = previous?.counts.get(row.id);
      if (
        !known ||
        row.seatsChanged ||
        row.updatedAt.getTime() !== known.concertUpdatedAt ||
        nowMs - known.countedAt >= RECOUNT_MS
      ) {
        return true;
      }
      counts.set(row.id, known);
      return false;
    });
    for (const row of toCount) {
      counts.set(row.id, {
        grades: [],
        concertUpdatedAt: row.updatedAt.getTime(),
        countedAt: nowMs,
      });
    }
    for (const [index, batch] of countBatches(toCount).entries()) {
      if (index > 0) await yieldToEventLoop();
      for (const grade of await findPerformanceGradeAvailability(db, batch, now)) {
        counts.get(grade.concertId)?.grades.push(grade);
      }
    }
    const data: ShowPerformances = {
      showId,
      maxTicketsPerShow: performances[0]?.maxTicketsPerShow ?? null,
      performances: performances.map((row): PerformanceAvailability => {
        const grades = counts.get(row.id)?.grades ?? [];
        return {
          concertId: row.id,
          concertDate: row.concertDate,
          startTime: toWireTime(row.startTime),
          endTime: toWireTime(row.endTime),
          status: row.status as ConcertStatus,
          bookingStartDate: toSeoulDateTime(row.bookingStartAt),
          bookingEndDate: toSeoulDateTime(row.bookingEndAt),
          totalSeats: row.totalSeats,
          remainingSeats: grades.reduce((sum, grade) => sum + grade.available, 0),
          grades: grades.map(({ concertId: _performance, ...grade }) => grade),
        };
      }),
    };
    return { json: JSON.stringify({ success: true, data }), counts };
  }

  /** A first read of the show's answer; cached unless caching is off. A failed read is dropped. */
  function load(showId: number, nowMs: number): CachedAnswer {
    const entry: CachedAnswer = { readAt: nowMs, read: readShow(showId, nowMs, null), next: null };
    if (deps.maxAgeMs <= 0) return entry;
    if (answers.size >= MAX_CACHED_SHOWS) {
      for (const [id, old] of answers) {
        if (nowMs - old.readAt >= deps.maxAgeMs) answers.delete(id);
      }
      if (answers.size >= MAX_CACHED_SHOWS) answers.clear();
    }
    answers.set(showId, entry);
    entry.read.catch(() => {
      if (answers.get(showId) === entry) answers.delete(showId);
    });
    return entry;
  }

  /** The replacement of `entry`, read once however many callers ask; it takes its place. */
  function replacementOf(showId: number, entry: CachedAnswer, nowMs: number) {
    if (entry.next) return entry.next;
    const next = entry.read
      .then((previous) =>
        readShow(showId, nowMs, { counts: previous.counts, readAt: entry.readAt }),
      )
      .then((read) => {
        const replacement: CachedAnswer = {
          readAt: nowMs,
          read: Promise.resolve(read),
          next: null,
        };
        if (answers.get(showId) === entry) answers.set(showId, replacement);
        return replacement;
      });
    entry.next = next;
    // A failed read leaves the old answer to its age; the next caller tries again.
    next.catch(() => {
      if (entry.next === next) entry.next = null;
    });
    return next;
  }

  /**
   * `{success, data: ShowPerformances}` JSON for the show of `concertId`: its performances by
   * date and start time, every status, each with its places per grade; 404 T003 when unknown.
   */
  async function performancesJson(concertId: number): Promise<string> {
    const showId = await showIdOf(concertId);
    const nowMs = clock.now().getTime();
    const cached = answers.get(showId);
    if (!cached) return (await load(showId, nowMs).read).json;
    const age = nowMs - cached.readAt;
    if (age < deps.maxAgeMs * REFRESH_SHARE) return (await cached.read).json;
    const next = replacementOf(showId, cached, nowMs);
    if (age < deps.maxAgeMs) return (await cached.read).json;
    return (await (await next).read).json;
  }

  return { performancesJson };
}

export type PerformancesService = ReturnType<typeof createPerformancesService>;
