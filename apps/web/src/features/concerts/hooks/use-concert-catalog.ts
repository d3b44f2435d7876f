import type { Concert } from '@curtaincall/contracts';
import { useConcerts } from '../api/get-concerts';
import { useConcertFilter } from '../api/filter-concerts';
import { useConcertSearch } from '../api/search-concerts';
import { filterByDateRange, paginate, sortConcerts } from '../utils/catalog';
import type { CatalogParams } from './use-catalog-params';

/** Which call serves the view: the paged list, search, the date filter, or search then dates. */
export type CatalogMode = 'list' | 'search' | 'filter' | 'search-filter';

export function getCatalogMode({ query, startDate, endDate }: CatalogParams): CatalogMode {
  const hasDates = Boolean(startDate || endDate);
  if (query) return hasDates ? 'search-filter' : 'search';
  return hasDates ? 'filter' : 'list';
}

export interface CatalogResult {
  mode: CatalogMode;
  /** True until the first answer for this view (skeletons). */
  isPending: boolean;
  /** A new page or sort is loading while the previous one stays visible. */
  isRefreshing: boolean;
  error: unknown;
  isError: boolean;
  retry: () => void;
  isRetrying: boolean;
  concerts: Concert[];
  /** 0-based. */
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

/**
 * The concerts of one view of the all-concerts page. The list is paged by the server; search
 * and filter answers are whole lists, sorted and paged here. With both a query and dates the
 * search answer is narrowed to the dates here, as the server has no combined call.
 */
export function useConcertCatalog(params: CatalogParams): CatalogResult {
  const mode = getCatalogMode(params);
  const list = useConcerts(
    { page: params.page, size: params.size, sortBy: params.sortBy, sortDir: params.sortDir },
    { enabled: mode === 'list' },
  );
  const search = useConcertSearch(params.query ?? '', {
    enabled: mode === 'search' || mode === 'search-filter',
  });
  const filter = useConcertFilter(
    { startDate: params.startDate, endDate: params.endDate },
    { enabled: mode === 'filter' },
  );

  if (mode === 'list') {
    return {
      mode,
      isPending: list.isPending,
      isRefreshing: list.isPlaceholderData,
      error: list.error,
      isError: list.isError,
      retry: () => void list.refetch(),
      isRetrying: list.isFetching,
      concerts: list.data?.content ?? [],
      page: list.data?.number ?? params.page,
      size: params.size,
      totalElements: list.data?.totalElements ?? 0,
      totalPages: list.data?.totalPages ?? 0,
    };
  }

  const source = mode === 'filter' ? filter : search;
  const all =
    mode === 'search-filter'
      ? filterByDateRange(source.data ?? [], params.startDate, params.endDate)
      : (source.data ?? []);
  const paged = paginate(
    sortConcerts(all, params.sortBy, params.sortDir),
    params.page,
    params.size,
  );
  return {
    mode,
    isPending: source.isPending,
    isRefreshing: false,
    error: source.error,
    isError: source.isError,
    retry: () => void source.refetch(),
    isRetrying: source.isFetching,
    concerts: paged.content,
    page: paged.number,
    size: paged.size,
    totalElements: paged.totalElements,
    totalPages: paged.totalPages,
  };
}
