import {
  sellerConcertPageSizes,
  type ConcertStatus,
  type SellerConcert,
} from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { CalendarPlus, Music, Plus, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ConsolePage } from '@/components/console/console-page';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState, ErrorState } from '@/components/ui/state-panel';
import { useSession } from '@/features/auth/hooks/use-session';
import { useSellerConcertsByStatus } from '@/features/seller-concerts/api/seller-concerts-api';
import { useSellerShows } from '@/features/seller-concerts/api/seller-shows-api';
import { AddPerformanceDialog } from '@/features/seller-concerts/components/add-performance-dialog';
import { AiSummaryDialog } from '@/features/seller-concerts/components/ai-summary-dialog';
import { CancelConcertDialog } from '@/features/seller-concerts/components/cancel-concert-dialog';
import { CancelShowDialog } from '@/features/seller-concerts/components/cancel-show-dialog';
import { ConcertFormModal } from '@/features/seller-concerts/components/concert-form-modal';
import { SellerConcertList } from '@/features/seller-concerts/components/seller-concert-list';
import { ShowEditDialog } from '@/features/seller-concerts/components/show-edit-dialog';
import { useAiCooldowns } from '@/features/seller-concerts/utils/ai-cooldown';
import {
  formatListRange,
  sellerConcertTexts,
  statusFilterOptions,
} from '@/features/seller-concerts/utils/seller-concert-texts';
import {
  groupFromShow,
  groupsFromConcerts,
  pageOfGroups,
  type ShowGroup,
} from '@/features/seller-concerts/utils/show-groups';
import { useBreakpoint } from '@/lib/use-breakpoint';

type PageSize = (typeof sellerConcertPageSizes)[number];

/** The form dialog: closed, a new concert, or one concert's (or one performance's) edit. */
type FormState =
  | { mode: 'closed' }
  | { mode: 'create' }
  | { mode: 'edit'; concert: SellerConcert; isPerformance: boolean };

/** A concert to cancel, and whether it is one performance of a show of several. */
interface Cancelling {
  concert: SellerConcert;
  isPerformance: boolean;
}

/**
 * True once `element` has scrolled entirely above the viewport. The floating add button shows
 * only then, so it never lies over the first card (issue 23); until then the page's own
 * '콘서트 등록' button is in view. Without IntersectionObserver it stays false.
 */
function useScrolledPast(element: Element | null): boolean {
  const [isPast, setPast] = useState(false);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') {
      setPast(false);
      return;
    }
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.bottom <= 0);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return isPast;
}

const selectClass =
  'h-10 rounded-xl border border-surface-700 bg-surface-900 px-3 text-sm text-zinc-100 [color-scheme:dark] focus:border-rose-400 focus:outline-none';

/**
 * /seller/concerts/manage (seller-admin-side.md §2 "Concert management"), with 회차 (issue 26):
 * each show once with its performances under it, 회차 추가, 공연 정보 수정 and 공연 전체 취소 per
 * show, and per performance the concert's own edit, seats and cancel.
 */
export function SellerConcertManagePage() {
  const { user } = useSession();
  const { isMobile } = useBreakpoint();
  const sellerId = user?.userId ?? 0;
  const [status, setStatus] = useState<ConcertStatus | null>(null);
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<PageSize>(10);
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [cancelling, setCancelling] = useState<Cancelling | null>(null);
  const [addingTo, setAddingTo] = useState<ShowGroup | null>(null);
  const [editingShow, setEditingShow] = useState<ShowGroup | null>(null);
  const [cancellingShow, setCancellingShow] = useState<ShowGroup | null>(null);
  const [summarising, setSummarising] = useState<SellerConcert | null>(null);
  const cooldowns = useAiCooldowns();
  const [firstCard, setFirstCard] = useState<HTMLLIElement | null>(null);
  const isPastFirstCard = useScrolledPast(firstCard);

  // Issue 26: every status lists shows with their performances (GET /seller/shows); one status
  // lists its performances under their shows, paged here.
  const all = useSellerShows({ sellerId, page, size }, user !== null && status === null);
  const byStatus = useSellerConcertsByStatus(sellerId, status, user !== null);
  const query = status === null ? all : byStatus;
  const list =
    status === null
      ? all.data && { ...all.data, content: all.data.content.map(groupFromShow) }
      : byStatus.data && pageOfGroups(groupsFromConcerts(byStatus.data), page, size);

  // The route guard lets only sellers in; visitors without a session see the 403 page's
  // '로그인한 판매자만' words (unauthorized-page.tsx).
  if (!user) return null;

  const openCreate = () => setForm({ mode: 'create' });

  let content;
  if (query.isPending) {
    content = (
      <div className="flex justify-center py-16">
        <Spinner label="콘서트 목록을 불러오는 중입니다" />
      </div>
    );
  } else if (query.isError || !list) {
    content = (
      <ErrorState
        title={sellerConcertTexts.listLoadFailed}
        description={query.error?.message}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else if (list.content.length === 0) {
    content = (
      <EmptyState icon={Music} title={sellerConcertTexts.empty}>
        <Button onClick={openCreate}>
          <CalendarPlus className="size-4" aria-hidden />
          콘서트 등록
        </Button>
      </EmptyState>
    );
  } else {
    content = (
      <>
        <SellerConcertList
          groups={list.content}
          firstCardRef={setFirstCard}
          onEdit={(concert, isPerformance) => setForm({ mode: 'edit', concert, isPerformance })}
          onCancel={(concert, isPerformance) => setCancelling({ concert, isPerformance })}
          onAiSummary={setSummarising}
          onAddPerformance={setAddingTo}
          onEditShow={setEditingShow}
          onCancelShow={setCancellingShow}
        />
        <Pagination
          page={list.number}
          totalPages={list.totalPages}
          totalElements={list.totalElements}
          pageSize={list.size}
          onPageChange={setPage}
          isCompact={isMobile}
          label="콘서트 목록 페이지"
          formatRange={formatListRange}
        />
      </>
    );
  }

  // The summary dialog follows the list, so a regenerated summary shows in the row at once.
  const summaryConcert =
    summarising &&
    (list?.content
      .flatMap((group) => group.performances)
      .find((concert) => concert.concertId === summarising.concertId) ??
      summarising);

  return (
    // On phones the floating add button sits over the bottom: the page leaves room for it.
    <div className="pb-24 tablet:pb-0">
      <ConsolePage
        title="콘서트 관리"
        description="등록한 콘서트를 상태별로 확인하고 수정, 취소, 회차 추가, AI 요약 재생성을 할 수 있습니다."
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => void query.refetch()}
              isLoading={query.isFetching && !query.isPending}
            >
              {!(query.isFetching && !query.isPending) && (
                <RotateCw className="size-4" aria-hidden />
              )}
              새로고침
            </Button>
            {/* On phones the floating button takes over once this one has scrolled away. */}
            <Button onClick={openCreate}>
              <CalendarPlus className="size-4" aria-hidden />
              콘서트 등록
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3 tablet:flex-row tablet:items-center tablet:justify-between">
          <div role="group" aria-label="상태 필터" className="flex flex-wrap gap-2">
            {statusFilterOptions.map((option) => {
              const active = option.value === status;
              return (
                <button
                  key={option.label}
                  type="button"
                  aria-pressed={active}
                  onClick={() => {
                    setStatus(option.value);
                    setPage(0);
                  }}
                  className={clsx(
                    'h-9 rounded-full border px-4 text-sm font-semibold transition-colors',
                    active
                      ? 'border-rose-500 bg-rose-600 text-white'
                      : 'border-surface-600 text-zinc-300 hover:border-zinc-400 hover:text-white',
                  )}
                >
                  {option.label}
                </button>
              );
            })}
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <label
              htmlFor="seller-concert-size"
              className="text-sm whitespace-nowrap text-zinc-300"
            >
              페이지 크기
            </label>
            <select
              id="seller-concert-size"
              value={size}
              onChange={(event) => {
                setSize(Number(event.target.value) as PageSize);
                setPage(0);
              }}
              className={selectClass}
            >
              {sellerConcertPageSizes.map((option) => (
                <option key={option} value={option}>
                  {option}개씩
                </option>
              ))}
            </select>
          </div>
        </div>
        {content}
      </ConsolePage>

      {isMobile && isPastFirstCard && (
        <button
          type="button"
          onClick={openCreate}
          aria-label="콘서트 등록"
          data-testid="concert-add-fab"
          className="fixed right-5 bottom-[max(1.25rem,env(safe-area-inset-bottom))] z-40 flex size-14 items-center justify-center rounded-full bg-rose-600 text-white shadow-xl shadow-rose-950/50 hover:bg-rose-500 tablet:hidden"
        >
          <Plus className="size-7" aria-hidden />
        </button>
      )}

      <ConcertFormModal
        isOpen={form.mode !== 'closed'}
        sellerId={sellerId}
        concert={form.mode === 'edit' ? form.concert : null}
        isPerformanceOfShow={form.mode === 'edit' && form.isPerformance}
        onClose={() => setForm({ mode: 'closed' })}
      />
      <CancelConcertDialog
        sellerId={sellerId}
        concert={cancelling?.concert ?? null}
        isPerformance={cancelling?.isPerformance ?? false}
        onClose={() => setCancelling(null)}
      />
      <AddPerformanceDialog sellerId={sellerId} show={addingTo} onClose={() => setAddingTo(null)} />
      <ShowEditDialog sellerId={sellerId} show={editingShow} onClose={() => setEditingShow(null)} />
      <CancelShowDialog
        sellerId={sellerId}
        show={cancellingShow}
        onClose={() => setCancellingShow(null)}
      />
      <AiSummaryDialog
        sellerId={sellerId}
        concert={summaryConcert}
        cooldownUntil={cooldowns.until}
        onRegenerated={cooldowns.start}
        onClose={() => setSummarising(null)}
      />
    </div>
  );
}
