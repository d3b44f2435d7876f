import { AI_SUMMARY_EMPTY } from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { RotateCw, Sparkles } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { ExpandableText } from '@/components/ui/expandable-text';
import { Skeleton } from '@/components/ui/skeleton';
import { useBreakpoint } from '@/lib/use-breakpoint';
import { useAiSummary } from '../api/get-ai-summary';

/** The summary is cut at 200 characters, 160 on mobile, behind 더보기 (buyer-side.md §9). */
export const AI_SUMMARY_LIMIT = 200;
export const AI_SUMMARY_LIMIT_MOBILE = 160;

export const aiSummaryTexts = {
  empty: AI_SUMMARY_EMPTY,
  failed: 'AI 요약을 불러올 수 없습니다.',
  note: '관람객 리뷰를 바탕으로 AI가 자동 생성한 요약입니다.',
  refresh: '새로고침',
} as const;

/** '[전체 평가]', '[좋은 점]', '[아쉬운 점]' open the summary's paragraphs; they are set apart. */
function renderSummary(text: string): ReactNode {
  return text.split(/(\[[^\]\n]{1,20}\])/).map((part, index) =>
    /^\[[^\]\n]{1,20}\]$/.test(part) ? (
      <strong key={index} className="mr-1 font-bold text-rose-200">
        {part.slice(1, -1)}
      </strong>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

function RefreshButton({ onClick, isBusy }: { onClick: () => void; isBusy: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={isBusy}
      className="inline-flex items-center gap-1.5 rounded-lg border border-surface-600 px-3 py-1.5 text-xs font-semibold text-zinc-200 hover:border-zinc-400 hover:bg-white/5 disabled:opacity-60"
    >
      <RotateCw className={clsx('size-3.5', isBusy && 'animate-spin')} aria-hidden />
      {aiSummaryTexts.refresh}
    </button>
  );
}

/**
 * The AI summary block of the detail page: a skeleton while loading; the empty sentence or a
 * failure, each with a refresh; otherwise the text, cut behind 더보기/접기, with a note on
 * where it comes from. A failure here never hides the concert.
 */
export function ConcertAiSummary({ concertId }: { concertId: number }) {
  const { data, isPending, isError, refetch, isFetching } = useAiSummary(concertId);
  const { isMobile } = useBreakpoint();
  const refresh = () => void refetch();

  let body: ReactNode;
  if (isPending) {
    body = (
      <div
        className="flex flex-col gap-2.5"
        role="group"
        aria-busy="true"
        aria-label="AI 요약을 불러오는 중입니다"
      >
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  } else if (isError || data === AI_SUMMARY_EMPTY) {
    body = (
      <div className="flex flex-col items-start gap-3 tablet:flex-row tablet:items-center tablet:justify-between">
        <p className="text-sm text-zinc-400" role={isError ? 'alert' : undefined}>
          {isError ? aiSummaryTexts.failed : aiSummaryTexts.empty}
        </p>
        <RefreshButton onClick={refresh} isBusy={isFetching} />
      </div>
    );
  } else {
    body = (
      <>
        <ExpandableText
          text={data}
          limit={isMobile ? AI_SUMMARY_LIMIT_MOBILE : AI_SUMMARY_LIMIT}
          render={renderSummary}
          label="AI 요약"
          className="text-[15px] leading-7 text-zinc-200"
        />
        <p className="mt-4 flex items-center gap-1.5 border-t border-white/5 pt-3 text-xs text-zinc-400">
          <Sparkles className="size-3.5" aria-hidden />
          {aiSummaryTexts.note}
        </p>
      </>
    );
  }

  return (
    <section
      aria-labelledby="ai-summary-heading"
      className="relative overflow-hidden rounded-2xl border border-fuchsia-400/20 bg-gradient-to-br from-fuchsia-500/10 via-surface-900 to-surface-900 p-5 tablet:p-6"
    >
      <div className="mb-4 flex items-center gap-2">
        <span className="flex size-8 items-center justify-center rounded-lg bg-fuchsia-500/15 text-fuchsia-200">
          <Sparkles className="size-4" aria-hidden />
        </span>
        <h2 id="ai-summary-heading" className="text-lg font-bold text-white">
          AI 관람평 요약
        </h2>
      </div>
      {body}
    </section>
  );
}
