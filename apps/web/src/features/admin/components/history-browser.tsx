import {
  approvalHistoryTypeSchema,
  historyPageSizes,
  type ApprovalHistoryEntry,
} from '@curtaincall/contracts';
import { History, Search, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { useBreakpoint } from '@/lib/use-breakpoint';
import { useApprovalHistory, useUserApprovalHistory } from '../api/get-approval-history';
import { adminTexts, historyTypeLabels } from '../utils/admin-texts';
import {
  interpretSearchText,
  pageOfEntries,
  type HistoryPageSize,
  type HistorySearch,
} from '../utils/history-params';
import { HistoryDetailModal } from './history-detail-modal';
import { HistoryEntryList } from './history-entry-list';

const selectClass =
  'h-11 rounded-xl border border-surface-700 bg-surface-900 px-3 text-sm text-zinc-100 [color-scheme:dark] focus:border-rose-400 focus:outline-none';

interface HistoryBrowserProps {
  search: HistorySearch;
  onSearchChange: (next: HistorySearch) => void;
}

/**
 * The history page's filters, table and pages (seller-admin-side.md §2 "History"). A user id
 * reads that user's whole history and pages it here; everything else is paged by the server.
 */
export function HistoryBrowser({ search, onSearchChange }: HistoryBrowserProps) {
  const { isMobile } = useBreakpoint();
  const byUser = search.userId !== null;
  const serverPage = useApprovalHistory(
    {
      page: search.page,
      size: search.size,
      typeFilter: search.typeFilter ?? undefined,
      keyword: search.keyword ?? undefined,
    },
    !byUser,
  );
  const userHistory = useUserApprovalHistory(search.userId);
  const query = byUser ? userHistory : serverPage;
  const page = byUser
    ? userHistory.data && pageOfEntries(userHistory.data, search)
    : serverPage.data;

  const [text, setText] = useState(
    search.userId !== null ? String(search.userId) : (search.keyword ?? ''),
  );
  const [selected, setSelected] = useState<ApprovalHistoryEntry | null>(null);

  const change = (patch: Partial<HistorySearch>) =>
    onSearchChange({ ...search, page: 0, ...patch });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const meaning = interpretSearchText(text);
    change({
      ...meaning,
      // A nickname belongs to the user id it came with.
      userNickname: meaning.userId === search.userId ? search.userNickname : null,
    });
  };

  const isFiltered = search.userId !== null || search.keyword !== null;

  return (
    <div className="flex flex-col gap-5">
      <form
        role="search"
        aria-label="이력 검색"
        onSubmit={submit}
        className="flex flex-col gap-3 rounded-2xl border border-surface-700 bg-surface-900/70 p-4 desktop:flex-row desktop:items-end"
      >
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor="history-search" className="text-sm font-medium text-zinc-200">
            검색어
          </label>
          <input
            id="history-search"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="사용자 ID, 아이디, 닉네임, 업체명, 사업자번호, 사유"
            aria-describedby="history-search-hint"
            className="h-11 w-full rounded-xl border border-surface-700 bg-surface-900 px-4 text-sm text-zinc-50 placeholder:text-zinc-400 focus:border-rose-400 focus:ring-2 focus:ring-rose-500/30 focus:outline-none"
          />
          <p id="history-search-hint" className="text-xs text-zinc-400">
            숫자만 입력하면 사용자 ID로 검색합니다.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-3 desktop:flex desktop:items-end">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="history-type" className="text-sm font-medium text-zinc-200">
              유형
            </label>
            <select
              id="history-type"
              value={search.typeFilter ?? ''}
              onChange={(event) => {
                const parsed = approvalHistoryTypeSchema.safeParse(event.target.value);
                change({ typeFilter: parsed.success ? parsed.data : null });
              }}
              className={selectClass}
            >
              <option value="">전체</option>
              {approvalHistoryTypeSchema.options.map((type) => (
                <option key={type} value={type}>
                  {historyTypeLabels[type]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="history-size" className="text-sm font-medium text-zinc-200">
              페이지 크기
            </label>
            <select
              id="history-size"
              value={search.size}
              onChange={(event) => change({ size: Number(event.target.value) as HistoryPageSize })}
              className={selectClass}
            >
              {historyPageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}개씩
                </option>
              ))}
            </select>
          </div>
        </div>
        <Button type="submit" className="desktop:h-11">
          <Search className="size-4" aria-hidden />
          검색
        </Button>
      </form>

      {isFiltered && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-zinc-400">검색 조건:</span>
          <span className="rounded-full bg-surface-800 px-3 py-1 text-zinc-100">
            {search.userId !== null
              ? `사용자 ${search.userNickname ? `${search.userNickname} ` : ''}(ID ${search.userId})`
              : `'${search.keyword ?? ''}'`}
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setText('');
              change({ userId: null, userNickname: null, keyword: null });
            }}
          >
            <X className="size-4" aria-hidden />
            조건 지우기
          </Button>
        </div>
      )}

      {query.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="이력을 불러오는 중입니다" />
        </div>
      ) : query.isError || !page ? (
        <ErrorState
          title={adminTexts.historyLoadFailed}
          description={query.error?.message}
          onRetry={() => void query.refetch()}
          isRetrying={query.isFetching}
        />
      ) : page.content.length === 0 ? (
        <EmptyState
          icon={History}
          title={isFiltered ? adminTexts.noSearchResults : adminTexts.noHistory}
        />
      ) : (
        <>
          <HistoryEntryList
            entries={page.content}
            caption="판매자 승인 이력"
            onSelect={setSelected}
          />
          <Pagination
            page={page.number}
            totalPages={page.totalPages}
            totalElements={page.totalElements}
            pageSize={page.size}
            onPageChange={(next) => onSearchChange({ ...search, page: next })}
            isCompact={isMobile}
            label="이력 페이지"
          />
        </>
      )}
      <HistoryDetailModal entry={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
