import type { Concert, ConcertFilterQuery, ConcertListQuery } from '@curtaincall/contracts';
import type { Clock } from '../../lib/clock';
import { toPage } from '../../lib/paging';

/** One public concert as the snapshot keeps it. */
export interface CatalogEntry {
  concert: Concert;
  /** Lower-cased title, artist and venue joined, for case-insensitive substring search. */
  haystack: string;
  prices: number[];
}

type SortKey = ConcertListQuery['sortBy'];

interface Snapshot {
  version: string;
  /** Entries in ascending order of each sort key (ties broken by id, as the database did). */
  sorted: Record<SortKey, CatalogEntry[]>;
  /** Serialised responses of this snapshot, so a hot page is built once per change. */
  json: Map<string, string>;
}

/** Past this many cached responses the cache starts over: search keys are user input. */
const MAX_CACHED_RESPONSES = 5_000;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
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
 * The public catalogue (SCHEDULED, ON_SALE, SOLD_OUT) held in memory, because list, search and
 * filter are the hottest reads and change rarely. The database stays the source of truth:
 * a read reloads the snapshot when this instance changed a concert (`invalidate`), and at most
 * every `maxAgeMs` it compares a cheap version fingerprint, so changes made by other instances
 * show within that time. Detail pages and everything about seats read the database directly.
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

  async function current(): Promise<Snapshot> {
    const now = deps.clock.now().getTime();
    if (snapshot && !dirty && now - checkedAt < deps.maxAgeMs) return snapshot;
    // Concurrent reads share one reload.
    pending ??= rebuild().finally(() => {
      pending = null;
    });
    snapshot = await pending;
    checkedAt = now;
    return snapshot;
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

    /** `{success, data: Concert[]}` JSON of an inclusive date (and price) range, by date. */
    filterJson(query: ConcertFilterQuery, limit: number): Promise<string> {
      const key = `filter:${query.startDate ?? ''}:${query.endDate ?? ''}:${query.priceMin ?? ''}:${query.priceMax ?? ''}`;
      return respond(key, (s) => ({
        success: true,
        data: s.sorted.concertDate
          .filter(
            (e) =>
              (!query.startDate || e.concert.concertDate >= query.startDate) &&
              (!query.endDate || e.concert.concertDate <= query.endDate) &&
              (query.priceMin === undefined && query.priceMax === undefined
                ? true
                : e.prices.some(
                    (p) =>
                      (query.priceMin === undefined || p >= query.priceMin) &&
                      (query.priceMax === undefined || p <= query.priceMax),
                  )),
          )
          .slice(0, limit)
          .map((e) => e.concert),
      }));
    },
  };
}

export type CatalogSnapshot = ReturnType<typeof createCatalogSnapshot>;
