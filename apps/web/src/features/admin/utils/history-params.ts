import {
  approvalHistoryTypeSchema,
  historyPageSizes,
  type ApprovalHistoryEntry,
  type ApprovalHistoryType,
  type Page,
} from '@curtaincall/contracts';

export type HistoryPageSize = (typeof historyPageSizes)[number];
export const defaultHistoryPageSize: HistoryPageSize = 10;

/**
 * The history page's state, kept in the URL (seller-admin-side.md §2: userId, userNickname,
 * keyword, page, size, typeFilter). `page` is 0-based, as in the API.
 */
export interface HistorySearch {
  userId: number | null;
  userNickname: string | null;
  keyword: string | null;
  page: number;
  size: HistoryPageSize;
  typeFilter: ApprovalHistoryType | null;
}

function positiveSafeInteger(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return Number.isSafeInteger(value) && value >= 1 ? value : null;
}

/** Reads the URL's query; anything unknown or broken falls back to the default. */
export function parseHistorySearch(params: URLSearchParams): HistorySearch {
  const size = Number(params.get('size'));
  const type = approvalHistoryTypeSchema.safeParse(params.get('typeFilter'));
  const keyword = params.get('keyword')?.trim();
  const nickname = params.get('userNickname')?.trim();
  const page = Number(params.get('page'));
  return {
    userId: positiveSafeInteger(params.get('userId')),
    userNickname: nickname ? nickname : null,
    keyword: keyword ? keyword : null,
    page: Number.isSafeInteger(page) && page >= 0 ? page : 0,
    size: (historyPageSizes as readonly number[]).includes(size)
      ? (size as HistoryPageSize)
      : defaultHistoryPageSize,
    typeFilter: type.success ? type.data : null,
  };
}

/** The URL query for a state, leaving out what is at its default. */
export function toHistorySearchParams(search: Partial<HistorySearch>): URLSearchParams {
  const params = new URLSearchParams();
  if (search.userId) params.set('userId', String(search.userId));
  if (search.userNickname) params.set('userNickname', search.userNickname);
  if (search.keyword) params.set('keyword', search.keyword);
  if (search.typeFilter) params.set('typeFilter', search.typeFilter);
  if (search.page) params.set('page', String(search.page));
  if (search.size && search.size !== defaultHistoryPageSize) {
    params.set('size', String(search.size));
  }
  return params;
}

/** '/admin/history?userId=7&userNickname=…', e.g. for the dashboard's recent activity. */
export function historySearchPath(search: Partial<HistorySearch>): string {
  const query = toHistorySearchParams(search).toString();
  return query ? `/admin/history?${query}` : '/admin/history';
}

/**
 * What the search box means (seller-admin-side.md §2): a positive safe integer is a user id,
 * any other text a keyword, blank clears both.
 */
export function interpretSearchText(text: string): Pick<HistorySearch, 'userId' | 'keyword'> {
  const trimmed = text.trim();
  const userId = positiveSafeInteger(trimmed);
  if (userId !== null) return { userId, keyword: null };
  return { userId: null, keyword: trimmed ? trimmed : null };
}

/**
 * One user's history filtered by type and paged on the client: the per-user endpoint answers
 * the whole list (seller-admin-side.md §2).
 */
export function pageOfEntries(
  entries: ApprovalHistoryEntry[],
  { page, size, typeFilter }: Pick<HistorySearch, 'page' | 'size' | 'typeFilter'>,
): Page<ApprovalHistoryEntry> {
  const filtered = typeFilter ? entries.filter((entry) => entry.type === typeFilter) : entries;
  const totalPages = Math.ceil(filtered.length / size);
  const number = Math.min(page, Math.max(totalPages - 1, 0));
  const content = filtered.slice(number * size, (number + 1) * size);
  return {
    content,
    number,
    size,
    totalElements: filtered.length,
    totalPages,
    first: number === 0,
    last: number >= totalPages - 1,
    numberOfElements: content.length,
    empty: content.length === 0,
  };
}
