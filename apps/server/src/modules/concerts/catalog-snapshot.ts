import type {
  Concert,
  ConcertFilterQuery,
  ConcertListQuery,
  ShowSummary,
} from '@curtaincall/contracts';
import type { Clock } from '../../lib/clock';
import { toPage } from '../../lib/paging';

/** One public performance (a concert row) as the snapshot keeps it. */
export interface CatalogPerformance {
  showId: number;
  /** The concert object alone, without `show`. */
  concert: Concert;
  /** Its grade prices (won), for the price filter. */
  prices: number[];
}

/**
 * One show of the public catalogue (issue 26): the lists, search and filter answer one entry per
 * show, so a show of three performances is one card, not three.
 */
export interface CatalogEntry {
  /** Its public performances (SCHEDULED, ON_SALE, SOLD_OUT) by date, start time and id. */
  performances: CatalogPerformance[];
  /** The `show` its answers carry; null for a show of one performance buyers can see. */
  summary: ShowSummary | null;
  /** Lower-cased title, artist and venue joined, for case-insensitive substring search. */
  haystack: string;
  /** What the card shows: the representative performance, with `show` when there is one. */
  concert: Concert;
}

type SortKey = ConcertListQuery['sortBy'];

interface Snapshot {
  version: string;
  /**
   * Shows in ascending order of each sort key of their card (ties broken by the card's id, as
   * the database did).
   */
  sorted: Record<SortKey, CatalogEntry[]>;
  /** Serialised responses of this snapshot, so a hot page is built once per change. */
  json: Map<string, string>;
}

/** Past this many cached responses the cache starts over: search keys are user input. */
const MAX_CACHED_RESPONSES = 5_000;

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
/** Orders cards by their representative performance (ties broken by its id, as SQL's did). */
const comparators: Record<SortKey, (a: Concert, b: Concert) => number> = {
  concertDate: (a, b) =>
    compareText(a.concertDate, b.concertDate) ||
    compareText(a.startTime, b.startTime) ||
    a.concertId - b.concertId,
  title: (a, b) => compareText(a.title, b.title) || a.concertId - b.concertId,
  artist: (a, b) => compareText(a.artist, b.artist) || a.concertId - b.concertId,
  createdAt: (a, b) => compareText(a.createdAt, b.createdAt) || a.concertId - b.concertId,
};

/**
 * The performance that stands for a show: the first one on sale, else the first one. A show
 * whose first date is sold out still leads buyers to a date they can book.
 */
function representativeOf(performances: readonly CatalogPerformance[]): CatalogPerformance {
  const chosen = performances.find((p) => p.concert.status === 'ON_SALE') ?? performances[0];
  if (!chosen) throw new Error('a catalogue show without performances');
  return chosen;
}

/** The concert object of a card: the performance's, plus `show` for a show of several. */
function cardOf(performance: CatalogPerformance, summary: ShowSummary | null): Concert {
  return summary ? { ...performance.concert, show: summary } : performance.concert;
}

/**
 * The catalogue's entries from its public performances, grouped by show. `summaries` holds the
 * shows with more than one performance buyers can see (cancelled ones never count).
 */
export function groupIntoShows(
  performances: readonly CatalogPerformance[],
  summaries: ReadonlyMap<number, ShowSummary>,
): CatalogEntry[] {
  const byShow = new Map<number, CatalogPerformance[]>();
  for (const performance of performances) {
    const list = byShow.get(performance.showId);
    if (list) list.push(performance);
    else byShow.set(performance.showId, [performance]);
  }
  const entries: CatalogEntry[] = [];
  for (const [showId, list] of byShow) {
    list.sort((a, b) => comparators.concertDate(a.concert, b.concert));
    const summary = summaries.get(showId) ?? null;
    // The shared fields are edited together; every distinct text is kept all the same, so a
    // search never misses a show whose performances disagree.
    const haystack = [
      ...new Set(
        list.map((p) =>
          `${p.concert.title}\n${p.concert.artist}\n${p.concert.venueName}`.toLowerCase(),
        ),
      ),
    ].join('\n');
    entries.push({
      performances: list,
      summary,
      haystack,
      concert: cardOf(representativeOf(list), summary),
    });
  }
  return entries;
}

/**
 * The public catalogue (SCHEDULED, ON_SALE, SOLD_OUT) held in memory, because list, search and
 * filter are the hottest reads and change rarely. The database stays the source of truth:
 * a read reloads the snapshot when this instance changed a concert (`invalidate`), and at most
 * every `maxAgeMs` it compares a cheap version fingerprint, so changes made by other instances
 * show within that time. Past half that age a read starts the comparison and is answered from
 * the snapshot meanwhile, so under steady reads nobody waits for it. Detail pages and
 * everything about seats read the database directly.
 */
export function createCatalogSnapshot(deps: {
  load: () => Promise<CatalogEntry[]>;
  loadVersion: () => Promise<string>;
  clock: Clock;
  maxAgeMs: number;
}) {
  let snapshot: Snapshot | null = null;
  let checkedAt = 0;
  let dirty = true;
  let pending: Promise<Snapshot> | null = null;

  async function rebuild(): Promise<Snapshot> {
    // Cleared before loading: an invalidation that lands mid-load marks the result stale again.
    const wasDirty = dirty;
    dirty = false;
    const version = await deps.loadVersion();
    if (snapshot && !wasDirty && snapshot.version === version) return snapshot;
    const entries = await deps.load();
    const sorted = {} as Record<SortKey, CatalogEntry[]>;
    for (const key of Object.keys(comparators) as SortKey[]) {
      sorted[key] = [...entries].sort((a, b) => comparators[key](a.concert, b.concert));
    }
    return { version, sorted, json: new Map() };
  }

  /** Checks the version (and reloads if it moved); concurrent reads share one check. */
  function refresh(now: number): Promise<Snapshot> {
    pending ??= rebuild()
      .then((next) => {
        snapshot = next;
        checkedAt = now;
        return next;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  async function current(): Promise<Snapshot> {
    const now = deps.clock.now().getTime();
    if (snapshot && !dirty) {
      const age = now - checkedAt;
      // Past half its age: answered at once while one check runs behind it. The fingerprint
      // scans every concert row (30,000 for 10,000 shows of three), and readers waiting for it
      // every `maxAgeMs` were the slowest 1 % of a busy catalogue's answers.
      if (age < deps.maxAgeMs) {
        if (age >= deps.maxAgeMs / 2) refresh(now).catch(() => undefined);
        return snapshot;
      }
    }
    // This instance's own writes, a first read, or a snapshot past its age: wait for the check.
    return refresh(now);
  }

  /** The JSON of a response computed from the snapshot, built once per snapshot version. */
  async function respond(key: string, build: (s: Snapshot) => unknown): Promise<string> {
    const s = await current();
    let json = s.json.get(key);
    if (json === undefined) {
      json = JSON.stringify(build(s));
      if (s.json.size >= MAX_CACHED_RESPONSES) s.json.clear();
      s.json.set(key, json);
    }
    return json;
  }

  return {
    /** Marks the snapshot stale after a write by this instance; the next read reloads. */
    invalidate() {
      dirty = true;
    },

    /** `{success, data: page}` JSON of one page of the public list. */
    listPageJson(query: ConcertListQuery): Promise<string> {
      const key = `list:${query.page}:${query.size}:${query.sortBy}:${query.sortDir}`;
      return respond(key, (s) => {
        const ascending = s.sorted[query.sortBy];
        const total = ascending.length;
        const start = query.page * query.size;
        // Descending is the exact reverse of ascending, ties included, as `ORDER BY ... DESC, id DESC`.
        const content =
          query.sortDir === 'asc'
            ? ascending.slice(start, start + query.size)
            : ascending
                .slice(Math.max(0, total - start - query.size), Math.max(0, total - start))
                .reverse();
        return {
          success: true,
          data: toPage(
            content.map((e) => e.concert),
            total,
            query.page,
            query.size,
          ),
        };
      });
    },

    /** `{success, data: Concert[]}` JSON of a case-insensitive search, by date, at most `limit`. */
    searchJson(text: string, limit: number): Promise<string> {
      const needle = text.toLowerCase();
      return respond(`search:${needle}`, (s) => ({
        success: true,
        data: s.sorted.concertDate
          .filter((e) => e.haystack.includes(needle))
          .slice(0, limit)
          .map((e) => e.concert),
      }));
    },

    /**
     * `{success, data: Concert[]}` JSON of an inclusive date (and price) range, by date. A show
     * matches when one of its public performances is in the range (with a grade in the price
     * range, when one is given); its card is then the representative of those, so the date it
     * shows is one the buyer asked for.
     */
    filterJson(query: ConcertFilterQuery, limit: number): Promise<string> {
      const key = `filter:${query.startDate ?? ''}:${query.endDate ?? ''}:${query.priceMin ?? ''}:${query.priceMax ?? ''}`;
      const anyPrice = query.priceMin === undefined && query.priceMax === undefined;
      const matches = ({ concert, prices }: CatalogPerformance) =>
        (!query.startDate || concert.concertDate >= query.startDate) &&
        (!query.endDate || concert.concertDate <= query.endDate) &&
        (anyPrice ||
          prices.some(
            (p) =>
              (query.priceMin === undefined || p >= query.priceMin) &&
              (query.priceMax === undefined || p <= query.priceMax),
          ));
      return respond(key, (s) => {
        const cards: Concert[] = [];
        for (const entry of s.sorted.concertDate) {
          const matching = entry.performances.filter(matches);
          if (matching.length === 0) continue;
          cards.push(
            matching.length === entry.performances.length
              ? entry.concert
              : cardOf(representativeOf(matching), entry.summary),
          );
        }
        return { success: true, data: cards.sort(comparators.concertDate).slice(0, limit) };
      });
    },
  };
}

export type CatalogSnapshot = ReturnType<typeof createCatalogSnapshot>;
