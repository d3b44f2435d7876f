import type { Concert } from '@curtaincall/contracts';

export type CatalogSortKey = 'concertDate' | 'title' | 'artist';
export type SortDirection = 'asc' | 'desc';

/** The list sorts of buyer-side.md §2, each ascending by default. */
export const catalogSortKeys: readonly CatalogSortKey[] = ['concertDate', 'title', 'artist'];

/**
 * Text order as the server sorts its pages (code point order, as PostgreSQL's C collation), so
 * 제목순 lists the same whether the list, a search or a filter produced it.
 */
function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function compareBy(key: CatalogSortKey, a: Concert, b: Concert): number {
  switch (key) {
    case 'concertDate':
      return `${a.concertDate}T${a.startTime}`.localeCompare(`${b.concertDate}T${b.startTime}`);
    case 'title':
      return compareText(a.title, b.title);
    case 'artist':
      return compareText(a.artist, b.artist) || compareText(a.title, b.title);
  }
}

/**
 * Sorts search and filter results on the client, as the server sorts its pages; ties keep a
 * stable order by id so paging never shows a concert twice.
 */
export function sortConcerts(
  concerts: readonly Concert[],
  key: CatalogSortKey,
  direction: SortDirection,
): Concert[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...concerts].sort((a, b) => sign * compareBy(key, a, b) || a.concertId - b.concertId);
}

/** Keeps concerts whose date lies inside the inclusive range (either end may be open). */
export function filterByDateRange(
  concerts: readonly Concert[],
  startDate: string | undefined,
  endDate: string | undefined,
): Concert[] {
  return concerts.filter(
    (concert) =>
      (!startDate || concert.concertDate >= startDate) &&
      (!endDate || concert.concertDate <= endDate),
  );
}

export interface ClientPage<T> {
  content: T[];
  /** 0-based, clamped to the last page. */
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

/** One page of a list the server does not page (search and filter results). */
export function paginate<T>(items: readonly T[], page: number, size: number): ClientPage<T> {
  const totalPages = Math.ceil(items.length / size);
  const number = Math.min(Math.max(page, 0), Math.max(totalPages - 1, 0));
  return {
    content: items.slice(number * size, (number + 1) * size),
    number,
    size,
    totalElements: items.length,
    totalPages,
  };
}
