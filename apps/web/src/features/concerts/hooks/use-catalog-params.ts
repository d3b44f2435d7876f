import { limits } from '@curtaincall/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { isIsoDate } from '@/lib/dates';
import { catalogSortKeys, type CatalogSortKey, type SortDirection } from '../utils/catalog';

/** The all-concerts view as the URL carries it, so a view can be shared and reloaded. */
export interface CatalogParams {
  query: string | undefined;
  startDate: string | undefined;
  endDate: string | undefined;
  /** 0-based here, 1-based in the URL (`?page=2` is the second page). */
  page: number;
  size: number;
  sortBy: CatalogSortKey;
  sortDir: SortDirection;
}

export const defaultCatalogSort: { sortBy: CatalogSortKey; sortDir: SortDirection } = {
  sortBy: 'concertDate',
  sortDir: 'asc',
};

const maxQueryLength = 100;

function readWholeNumber(value: string | null, min: number, max: number): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
}

/** Reads the view from URL parameters; anything malformed falls back to its default. */
export function readCatalogParams(search: URLSearchParams): CatalogParams {
  const rawQuery = search.get('query')?.trim() ?? '';
  const startDate = search.get('startDate') ?? '';
  const endDate = search.get('endDate') ?? '';
  const sortBy = search.get('sortBy');
  const sortDir = search.get('sortDir');
  return {
    query: rawQuery && rawQuery.length <= maxQueryLength ? rawQuery : undefined,
    startDate: isIsoDate(startDate) ? startDate : undefined,
    endDate: isIsoDate(endDate) ? endDate : undefined,
    page: (readWholeNumber(search.get('page'), 1, 1_000_000) ?? 1) - 1,
    size:
      readWholeNumber(search.get('size'), 1, limits.pageSizeMax) ?? limits.concertPageSizeDefault,
    sortBy: catalogSortKeys.find((key) => key === sortBy) ?? defaultCatalogSort.sortBy,
    sortDir: sortDir === 'asc' || sortDir === 'desc' ? sortDir : defaultCatalogSort.sortDir,
  };
}

/** Writes a view back, leaving defaults out so plain URLs stay plain. */
export function writeCatalogParams(params: CatalogParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.query) search.set('query', params.query);
  if (params.startDate) search.set('startDate', params.startDate);
  if (params.endDate) search.set('endDate', params.endDate);
  if (
    params.sortBy !== defaultCatalogSort.sortBy ||
    params.sortDir !== defaultCatalogSort.sortDir
  ) {
    search.set('sortBy', params.sortBy);
    search.set('sortDir', params.sortDir);
  }
  if (params.size !== limits.concertPageSizeDefault) search.set('size', String(params.size));
  if (params.page > 0) search.set('page', String(params.page + 1));
  return search;
}

export interface CatalogParamsApi {
  params: CatalogParams;
  setQuery: (query: string | undefined) => void;
  setDateRange: (range: { startDate?: string | undefined; endDate?: string | undefined }) => void;
  /** Picking the active sort flips its direction; another sort starts ascending. */
  chooseSort: (sortBy: CatalogSortKey) => void;
  setSortDir: (sortDir: SortDirection) => void;
  setPage: (page: number) => void;
  clearAll: () => void;
}

/** The all-concerts view in the URL, with setters that reset the page where they should. */
export function useCatalogParams(): CatalogParamsApi {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readCatalogParams(search), [search]);

  const update = useCallback(
    (change: Partial<CatalogParams>) => {
      setSearch((current) => writeCatalogParams({ ...readCatalogParams(current), ...change }));
    },
    [setSearch],
  );

  const setPage = useCallback((page: number) => update({ page }), [update]);

  return {
    params,
    setQuery: (query) => update({ query: query?.trim() || undefined, page: 0 }),
    setDateRange: ({ startDate, endDate }) =>
      update({ startDate: startDate || undefined, endDate: endDate || undefined, page: 0 }),
    chooseSort: (sortBy) =>
      update(
        sortBy === params.sortBy
          ? { sortDir: params.sortDir === 'asc' ? 'desc' : 'asc', page: 0 }
          : { sortBy, sortDir: 'asc', page: 0 },
      ),
    setSortDir: (sortDir) => update({ sortDir, page: 0 }),
    setPage,
    clearAll: () => update({ query: undefined, startDate: undefined, endDate: undefined, page: 0 }),
  };
}
