import {
  AI_SUMMARY_EMPTY,
  concertMessages,
  limits,
  publicConcertStatuses,
  type Concert,
  type ConcertDetail,
  type ConcertFilterQuery,
  type ConcertListQuery,
  type ConcertStatus,
  type SeatMap,
  type VenueLayout,
} from '@curtaincall/contracts';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { toSeoulDateTime } from '../../lib/seoul-time';
import {
  completeBookingsOfConcerts,
  deleteFreeSeatMap,
  completeEndedConcerts,
  findCatalogConcerts,
  findCatalogVersion,
  findConcertById,
  findMultiPerformanceShowSummaries,
  findShowSummary,
  findSeatGrades,
  findSectionLayout,
  findSeatGradesInOrder,
  type SectionLayoutRow,
  insertConcert,
  insertShow,
  insertSeatGrades,
  insertSeats,
  markSoldOutConcerts,
  openConcertsForSale,
  reopenFreedConcerts,
  type ConcertRow,
  type ConcertRowButLayout,
} from './concerts.repo';
import { createCatalogSnapshot, groupIntoShows } from './catalog-snapshot';
import { planSeatMap, seatGradeCatalog } from './seat-map';
import { insertLayoutSeatMap } from '../venues/layout-seats';

export interface ConcertDraft {
  sellerId: number;
  /** Issue 26: the show this performance joins; absent, a new show of one performance. */
  showId?: number;
  title: string;
  artist: string;
  description: string | null;
  venueName: string;
  venueAddress: string | null;
  concertDate: string;
  startTime: string;
  endTime: string;
  totalSeats: number;
  /** Issue 25: the venue it came from and the layout its seats are made from (else the quick plan). */
  venueId?: number | null;
  seatLayout?: VenueLayout | null;
  bookingStartAt: Date;
  bookingEndAt: Date;
  minAge: number;
  maxTicketsPerUser: number;
  /** Issue 27: the seller's cancel cut-off in days (null or absent: the spec's 3). */
  cancelDeadlineDays?: number | null;
  status: ConcertStatus;
  posterImageUrl: string | null;
  isDemo?: boolean;
  /** The service's clock (the database's own time when absent). */
  createdAt?: Date;
  updatedAt?: Date;
}

/**
 * Creates a concert with its grades and its whole seat map, inside the caller's transaction
 * (product-rules.md §2: creating a concert generates its seats).
 */
export async function createConcertWithSeats(tx: DbOrTx, draft: ConcertDraft): Promise<ConcertRow> {
  const showId =
    draft.showId ??
    (await insertShow(tx, { sellerId: draft.sellerId, createdAt: draft.createdAt })).id;
  const concert = await insertConcert(tx, { ...draft, showId });
  if (draft.seatLayout) await insertLayoutSeatMap(tx, concert.id, draft.seatLayout);
  else await insertSeatMap(tx, concert.id, draft.totalSeats);
  return concert;
}

/**
 * The grades and seats of a concert of `totalSeats` seats (planSeatMap), inside the caller's
 * transaction: for a new concert, or in place of a seat map nobody holds or bought a seat of.
 */
export async function insertSeatMap(
  tx: DbOrTx,
  concertId: number,
  totalSeats: number,
): Promise<void> {
  const sections = planSeatMap(totalSeats);
  const usedGrades = [...new Set(sections.map((s) => s.gradeIndex))].sort();
  const gradeRows = await insertSeatGrades(
    tx,
    concertId,
    usedGrades.map((index) => seatGradeCatalog[index] ?? seatGradeCatalog[2]),
  );
  const gradeIdOf = new Map(usedGrades.map((gradeIndex, i) => [gradeIndex, gradeRows[i]?.id]));
  await insertSeats(
    tx,
    concertId,
    sections.map((section) => {
      const gradeId = gradeIdOf.get(section.gradeIndex);
      if (gradeId === undefined) throw new Error(`no grade row for section ${section.name}`);
      return { section, gradeId };
    }),
  );
}

/**
 * Replaces the seat map of a concert with one of `totalSeats` seats, inside the caller's
 * transaction, only while no seat is held, booked or named by a ticket. Returns false when one
 * is: the caller must then fail its transaction, which undoes any seats already removed.
 */
export async function replaceFreeSeatMap(
  tx: DbOrTx,
  concertId: number,
  totalSeats: number,
): Promise<boolean> {
  if (!(await deleteFreeSeatMap(tx, concertId))) return false;
  await insertSeatMap(tx, concertId, totalSeats);
  return true;
}

export type { ConcertRow };

/** The spec's section entry, exactly (the quick plan's answer is unchanged by issue 25). */
function quickPlanSection(section: SectionLayoutRow): SeatMap['sections'][number] {
  return {
    section: section.section,
    grade: section.grade,
    price: section.price,
    rows: section.rows,
    seatCount: section.seatCount,
  };
}

/** A concert counts as completed this long after its show ends (product-rules.md §1). */
const COMPLETE_AFTER_END_MINUTES = 30;

export interface LifecycleChanges {
  completed: number[];
  openedForSale: number[];
  soldOut: number[];
  backOnSale: number[];
}

/**
 * Search and filter answer whole lists (the client shows them on one page); this bounds the
 * payload. A year of a large catalogue fits; a query that matches more is too broad to browse.
 */
const RESULT_LIMIT = 1_000;

/** `HH:mm[:ss]` -> `HH:mm:ss` (the wire format; the client splits times on ':'). */
export function toWireTime(value: string): string {
  return value.length === 5 ? `${value}:00` : value.slice(0, 8);
}

export function createConcertsService(deps: {
  db: Database;
  publicBaseUrl: string;
  clock: Clock;
  /** How stale the in-memory public catalogue may get through other instances' writes. */
  catalogMaxAgeMs: number;
  /**
   * The hold and payment times the seats and bookings modules apply, stated by the seat map
   * (`rules`) so the seat page never guesses them; without it the map has no `rules`.
   */
  seatTiming?: { holdSeconds: number; paymentSeconds: number };
}) {
  const { db, publicBaseUrl } = deps;

  /** Our own files are stored as root-relative paths and answered as absolute URLs. */
  function absoluteUrl(url: string | null): string | null {
    if (!url) return null;
    return url.startsWith('/') ? `${publicBaseUrl}${url}` : url;
  }

  function toConcert(row: ConcertRow | ConcertRowButLayout): Concert {
    return {
      concertId: row.id,
      title: row.title,
      artist: row.artist,
      description: row.description,
      sellerId: row.sellerId,
      venueName: row.venueName,
      venueAddress: row.venueAddress,
      concertDate: row.concertDate,
      startTime: toWireTime(row.startTime),
      endTime: toWireTime(row.endTime),
      totalSeats: row.totalSeats,
      bookingStartDate: toSeoulDateTime(row.bookingStartAt),
      bookingEndDate: toSeoulDateTime(row.bookingEndAt),
      minAge: row.minAge,
      maxTicketsPerUser: row.maxTicketsPerUser,
      status: row.status as ConcertStatus,
      posterImageUrl: absoluteUrl(row.posterImageUrl),
      aiSummary: row.aiSummary,
      createdAt: toSeoulDateTime(row.createdAt),
      updatedAt: toSeoulDateTime(row.updatedAt),
    };
  }

  const catalog = createCatalogSnapshot({
    clock: deps.clock,
    maxAgeMs: deps.catalogMaxAgeMs,
    loadVersion: () => findCatalogVersion(db),
    load: async () => {
      const [performances, summaries] = await Promise.all([
        findCatalogConcerts(db, publicConcertStatuses),
        findMultiPerformanceShowSummaries(db),
      ]);
      return groupIntoShows(
        performances.map(({ concert, prices }) => ({
          showId: concert.showId,
          concert: toConcert(concert),
          prices,
        })),
        new Map(summaries.map((summary) => [summary.showId, summary])),
      );
    },
  });

  /** The public list (SCHEDULED, ON_SALE, SOLD_OUT), paged and sorted, as envelope JSON. */
  function listConcertsJson(query: ConcertListQuery): Promise<string> {
    return catalog.listPageJson(query);
  }

  /** 404 T003 unless the concert exists (any status). */
  async function assertConcertExists(concertId: number): Promise<ConcertRow> {
    const row = await findConcertById(db, concertId);
    if (!row) throw new AppError('T003', concertMessages.notFound);
    return row;
  }

  /**
   * Any concert by id, in any status, with its grades; 404 T003 when unknown. A performance of a
   * show of several (issue 26) names its show; any other answer is the spec's exactly.
   */
  async function getConcert(concertId: number): Promise<ConcertDetail> {
    const row = await assertConcertExists(concertId);
    const [summary, seatGrades] = await Promise.all([
      findShowSummary(db, row.showId),
      findSeatGrades(db, concertId),
    ]);
    return { ...toConcert(row), ...(summary && { show: summary }), seatGrades };
  }

  /** Title, artist or venue containing the text, public statuses, by date, as envelope JSON. */
  function searchConcertsJson(text: string): Promise<string> {
    return catalog.searchJson(text, RESULT_LIMIT);
  }

  /** Public concerts in a date range (and price range, when given), by date, as envelope JSON. */
  function filterConcertsJson(query: ConcertFilterQuery): Promise<string> {
    return catalog.filterJson(query, RESULT_LIMIT);
  }

  /** The stored AI summary, or the contract's exact "none yet" sentence. */
  async function getAiSummary(concertId: number): Promise<string> {
    const row = await assertConcertExists(concertId);
    return row.aiSummary?.trim() ? row.aiSummary : AI_SUMMARY_EMPTY;
  }

  /**
   * Moves statuses by the clock and the seat map (product-rules.md §1), in one transaction.
   * Idempotent: each step only touches concerts still in the status it moves from, so running it
   * on several instances at once is harmless.
   */
  async function advanceLifecycle(now: Date): Promise<LifecycleChanges> {
    const changes = await db.transaction(async (tx) => {
      const completed = await completeEndedConcerts(tx, now, COMPLETE_AFTER_END_MINUTES);
      await completeBookingsOfConcerts(tx, completed, now);
      return {
        completed,
        openedForSale: await openConcertsForSale(tx, now),
        soldOut: await markSoldOutConcerts(tx, now),
        backOnSale: await reopenFreedConcerts(tx, now),
      };
    });
    if (Object.values(changes).some((ids) => ids.length > 0)) invalidateConcerts();
    return changes;
  }

  /**
   * Concert rows for the on-sale check, which runs on every queue entry and seat hold: reused for
   * up to `catalogMaxAgeMs`, the freshness the public catalogue already promises. Local changes
   * drop them at once; the time window itself is always compared with the current time.
   */
  const saleRows = new Map<
    number,
    { row: Promise<ConcertRow>; loaded?: ConcertRow; loadedAt: number }
  >();
  function saleRowOf(concertId: number): Promise<ConcertRow> {
    const nowMs = deps.clock.now().getTime();
    const cached = saleRows.get(concertId);
    if (cached && nowMs - cached.loadedAt < deps.catalogMaxAgeMs) return cached.row;
    // The read in flight is the cache entry: in a rush the entries that arrive while it runs
    // wait for it instead of each sending the same query (bench/queue saw hundreds per expiry).
    const row = assertConcertExists(concertId);
    if (deps.catalogMaxAgeMs > 0) {
      const entry: { row: Promise<ConcertRow>; loaded?: ConcertRow; loadedAt: number } = {
        row,
        loadedAt: nowMs,
      };
      saleRows.set(concertId, entry);
      row.then(
        (loaded) => {
          entry.loaded = loaded;
        },
        // A failed read (unknown concert, database away) is not kept.
        () => {
          if (saleRows.get(concertId) === entry) saleRows.delete(concertId);
        },
      );
    }
    return row;
  }

  /** Whether the concert row allows sales at `now` (product-rules.md §1). */
  function isOnSale(concert: ConcertRow, now: Date): boolean {
    return (
      concert.status === 'ON_SALE' && now >= concert.bookingStartAt && now < concert.bookingEndAt
    );
  }

  /**
   * The on-sale check answered from the cached row, without a promise: true or false when a
   * fresh row is at hand, undefined when `assertOnSale` must read it (the queue entry's lane).
   */
  function onSaleFromCache(concertId: number, now: Date): boolean | undefined {
    const cached = saleRows.get(concertId);
    if (!cached?.loaded || now.getTime() - cached.loadedAt >= deps.catalogMaxAgeMs)
      return undefined;
    return isOnSale(cached.loaded, now);
  }

  /** Told of every write to concerts this instance makes (other modules' caches of them). */
  const changeListeners = new Set<() => void>();

  /** Forgets every cached concert row (after a write to concerts). */
  function invalidateConcerts(): void {
    saleRows.clear();
    catalog.invalidate();
    for (const listener of changeListeners) listener();
  }

  /**
   * Calls `listener` after each write to concerts by this instance (status changes, edits,
   * cancellations), so a cache of concert figures drops them at once; other instances' writes
   * reach it only through its own expiry. Returns the function that stops the calls.
   */
  function onConcertsChanged(listener: () => void): () => void {
    changeListeners.add(listener);
    return () => changeListeners.delete(listener);
  }

  /**
   * 409 B001 unless the concert is ON_SALE and `now` is inside [bookingStart, bookingEnd): the
   * one rule for queue entry, seat holds and bookings (product-rules.md §1).
   */
  async function assertOnSale(concertId: number, now: Date): Promise<ConcertRow> {
    const concert = await saleRowOf(concertId);
    if (!isOnSale(concert, now)) throw new AppError('B001');
    return concert;
  }

  /** The venue layout for the seat page: sections with grade, price, rows and seats. */
  async function getSeatMap(concertId: number): Promise<SeatMap> {
    const row = await assertConcertExists(concertId);
    const timing = deps.seatTiming;
    return {
      concertId,
      totalSeats: row.totalSeats,
      ...(timing
        ? {
            rules: {
              maxSeatsPerHold: limits.maxHeldSeats,
              maxTicketsPerUser: row.maxTicketsPerUser,
              holdSeconds: timing.holdSeconds,
              paymentSeconds: timing.paymentSeconds,
            },
          }
        : {}),
      ...(row.seatLayout === null
        ? { sections: (await findSectionLayout(db, concertId)).map(quickPlanSection) }
        : await drawnSeatMap(concertId)),
    };
  }

  /** A drawn hall's sections with their kind and grade code, and the seller's grades. */
  async function drawnSeatMap(
    concertId: number,
  ): Promise<Pick<SeatMap, 'sections' | 'grades'> & { hasLayout: true }> {
    const [sections, grades] = await Promise.all([
      findSectionLayout(db, concertId),
      findSeatGradesInOrder(db, concertId),
    ]);
    return {
      hasLayout: true,
      grades,
      sections: sections.map((section) => ({
        ...quickPlanSection(section),
        kind: section.standing ? ('STANDING' as const) : ('SEATED' as const),
        gradeCode: section.gradeCode ?? section.grade,
      })),
    };
  }

  return {
    getSeatMap,
    advanceLifecycle,
    listConcertsJson,
    searchConcertsJson,
    filterConcertsJson,
    getConcert,
    getAiSummary,
    assertConcertExists,
    assertOnSale,
    onSaleFromCache,
    /** Call after any write to concerts made outside this service (AI summaries, seller edits). */
    invalidateCatalog: invalidateConcerts,
    onConcertsChanged,
    toConcert,
  };
}

export type ConcertsService = ReturnType<typeof createConcertsService>;
