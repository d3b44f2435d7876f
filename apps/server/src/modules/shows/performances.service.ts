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
  findShowGradeAvailability,
  findShowIdOfConcert,
  findShowPerformances,
  type PerformanceGradeRow,
} from './performances.repo';

/** Past this many shows the answer cache starts over: concert ids are user input. */
const MAX_CACHED_SHOWS = 500;
/** Concert -> show pairs remembered (they never change) before that map starts over. */
const MAX_KNOWN_CONCERTS = 50_000;

interface CachedAnswer {
  /** When its read began (clock ms): the answer is at least this fresh. */
  readAt: number;
  json: Promise<string>;
  /** A newer read in flight that will replace this one. */
  refreshing: boolean;
}

/**
 * The buyer's 회차 choice (issue 26): every performance of a concert's show with what is left
 * per grade, `GET /concerts/{concertId}/performances`. A detail page open during a sale asks for
 * it over and over, so an answer is read once per show and served as ready JSON for up to
 * `maxAgeMs`: fresh for the first half, then served while one background read replaces it,
 * never older than `maxAgeMs` (0: read on every call). This instance's own writes to concerts
 * (a performance cancelled, sold out, rescheduled) drop every answer at once.
 *
 * Seat changes do not drop answers: in a rush every hold would, and the 30-performance count
 * would then run back to back on the database the holds themselves need (one connection on
 * PGlite); the expiry bounds how stale the counts get instead.
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

  async function readShow(showId: number): Promise<ShowPerformances> {
    const now = clock.now();
    const performances = await findShowPerformances(db, showId);
    const grades = await findShowGradeAvailability(db, showId, now);
    const gradesOf = new Map<number, PerformanceGradeRow[]>();
    for (const grade of grades) {
      const list = gradesOf.get(grade.concertId);
      if (list) list.push(grade);
      else gradesOf.set(grade.concertId, [grade]);
    }
    return {
      showId,
      maxTicketsPerShow: performances[0]?.maxTicketsPerShow ?? null,
      performances: performances.map((row): PerformanceAvailability => {
        const own = gradesOf.get(row.id) ?? [];
        return {
          concertId: row.id,
          concertDate: row.concertDate,
          startTime: toWireTime(row.startTime),
          endTime: toWireTime(row.endTime),
          status: row.status as ConcertStatus,
          bookingStartDate: toSeoulDateTime(row.bookingStartAt),
          bookingEndDate: toSeoulDateTime(row.bookingEndAt),
          totalSeats: row.totalSeats,
          remainingSeats: own.reduce((sum, grade) => sum + grade.available, 0),
          grades: own.map(({ concertId: _performance, ...grade }) => grade),
        };
      }),
    };
  }

  /** Starts a read of the show's answer and caches it; a failed read is not kept. */
  function load(showId: number, nowMs: number): CachedAnswer {
    const entry: CachedAnswer = {
      readAt: nowMs,
      json: readShow(showId).then((data) => JSON.stringify({ success: true, data })),
      refreshing: false,
    };
    if (deps.maxAgeMs <= 0) return entry;
    if (answers.size >= MAX_CACHED_SHOWS) {
      for (const [id, old] of answers) {
        if (nowMs - old.readAt >= deps.maxAgeMs) answers.delete(id);
      }
      if (answers.size >= MAX_CACHED_SHOWS) answers.clear();
    }
    answers.set(showId, entry);
    entry.json.catch(() => {
      if (answers.get(showId) === entry) answers.delete(showId);
    });
    return entry;
  }

  /**
   * `{success, data: ShowPerformances}` JSON for the show of `concertId`: its performances by
   * date and start time, every status, each with its places per grade; 404 T003 when unknown.
   */
  async function performancesJson(concertId: number): Promise<string> {
    const showId = await showIdOf(concertId);
    const nowMs = clock.now().getTime();
    const cached = answers.get(showId);
    const age = cached ? nowMs - cached.readAt : Infinity;
    if (!cached || age >= deps.maxAgeMs) return load(showId, nowMs).json;
    if (age >= deps.maxAgeMs / 2 && !cached.refreshing) {
      // Replaced only once the new answer is ready, so no caller waits for it meanwhile.
      cached.refreshing = true;
      const next = readShow(showId).then((data) => JSON.stringify({ success: true, data }));
      next.then(
        () => {
          if (answers.get(showId) === cached) {
            answers.set(showId, { readAt: nowMs, json: next, refreshing: false });
          }
        },
        () => {
          cached.refreshing = false;
        },
      );
    }
    return cached.json;
  }

  return { performancesJson };
}

export type PerformancesService = ReturnType<typeof createPerformancesService>;
