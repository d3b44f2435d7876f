import {
  concertStatusLabels,
  formatPerformanceLabel,
  formatShowDateRange,
  type PerformanceAvailability,
  type SeatGrade,
  type ShowPerformances,
  type ShowSummary,
} from '@curtaincall/contracts';
import { clsx } from 'clsx';
import { CalendarRange } from 'lucide-react';
import { useMemo } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/state-panel';
import { getErrorMessage } from '@/lib/api-client';
import { formatShortDay } from '../utils/performance-calendar';
import { defaultPerformanceOf, performancesByDate } from '../utils/performance-choice';
import { PerformanceCalendar } from './performance-calendar';
import { SeatGradeList } from './seat-grade-list';

export const performancePickerTexts = {
  heading: '회차 선택',
  loading: '회차 정보를 불러오는 중입니다',
  loadFailed: '회차 정보를 불러오지 못했습니다.',
  times: (date: string) => `${formatShortDay(date)} 회차`,
  remaining: '잔여석',
  gradesLabel: '선택한 회차의 등급별 잔여석',
  liveNote: '잔여석은 화면을 보는 동안 5초마다 새로 고쳐집니다.',
  cancelled: '취소된 회차입니다.',
  completed: '종료된 회차입니다.',
} as const;

const timeStatusClass: Record<PerformanceAvailability['status'], string> = {
  ON_SALE: 'text-rose-200',
  SCHEDULED: 'text-sky-200',
  SOLD_OUT: 'text-zinc-400',
  CANCELLED: 'text-zinc-400 line-through',
  COMPLETED: 'text-zinc-400',
};

interface PerformancesQuery {
  data: ShowPerformances | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

function TimeButtons({
  date,
  performances,
  chosenConcertId,
  onChoose,
}: {
  date: string;
  performances: readonly PerformanceAvailability[];
  chosenConcertId: number;
  onChoose: (concertId: number) => void;
}) {
  const headingId = `performance-times-${date}`;
  return (
    <div className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-bold text-white">
        {performancePickerTexts.times(date)}
      </h3>
      <div role="group" aria-labelledby={headingId} className="grid grid-cols-2 gap-2">
        {performances.map((performance) => {
          const isChosen = performance.concertId === chosenConcertId;
          const isClosed = performance.status === 'CANCELLED' || performance.status === 'COMPLETED';
          return (
            <button
              key={performance.concertId}
              type="button"
              aria-pressed={isChosen}
              onClick={() => onChoose(performance.concertId)}
              className={clsx(
                'flex w-full flex-col items-start rounded-xl border px-3 py-2 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-400',
                isChosen
                  ? 'border-rose-400 bg-rose-500/20'
                  : 'border-surface-700 bg-surface-850 hover:border-rose-400/50',
                isClosed && !isChosen && 'opacity-75',
              )}
            >
              <span className="text-base font-bold text-white tabular-nums">
                {performance.startTime.slice(0, 5)}
              </span>{' '}
              <span className={clsx('text-xs font-semibold', timeStatusClass[performance.status])}>
                {concertStatusLabels[performance.status]}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

function ChosenRemaining({
  performance,
  grades,
}: {
  performance: PerformanceAvailability;
  grades: readonly SeatGrade[];
}) {
  const closedNotice =
    performance.status === 'CANCELLED'
      ? performancePickerTexts.cancelled
      : performance.status === 'COMPLETED'
        ? performancePickerTexts.completed
        : null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-2">
        <h3 className="text-sm font-bold text-white">{performancePickerTexts.remaining}</h3>
        <p className="text-xs text-zinc-400 tabular-nums" data-testid="chosen-performance">
          {formatPerformanceLabel(performance.concertDate, performance.startTime)} 회차
        </p>
      </div>
      {closedNotice ? (
        <p className="rounded-xl bg-surface-850 px-4 py-3 text-sm text-zinc-300">{closedNotice}</p>
      ) : (
        <>
          <SeatGradeList
            grades={grades}
            availability={performance.grades}
            label={performancePickerTexts.gradesLabel}
          />
          <p className="text-xs text-zinc-400">{performancePickerTexts.liveNote}</p>
        </>
      )}
    </div>
  );
}

/**
 * 회차 선택 (issue 26): the show's dates on a month calendar, the chosen date's times, and the
 * chosen performance's places left per grade, as the performances poll last answered. Choosing
 * a date lands on its first time on sale; `onChoose` gets the performance's concertId.
 */
export function PerformancePicker({
  show,
  query,
  chosenConcertId,
  grades,
  onChoose,
}: {
  show: ShowSummary;
  query: PerformancesQuery;
  chosenConcertId: number;
  /** The chosen performance's grades from its detail, until its places are known. */
  grades: readonly SeatGrade[];
  onChoose: (concertId: number) => void;
}) {
  const performances = query.data?.performances;
  const byDate = useMemo(() => performancesByDate(performances ?? []), [performances]);
  const dates = useMemo(() => new Set(byDate.keys()), [byDate]);
  const chosen = performances?.find((p) => p.concertId === chosenConcertId);
  const chosenDate = chosen?.concertDate ?? null;
  const sortedDates = [...dates];
  const firstDate = sortedDates[0];
  const lastDate = sortedDates[sortedDates.length - 1];

  const chooseDate = (date: string) => {
    if (date === chosenDate) return;
    const target = defaultPerformanceOf(byDate.get(date) ?? []);
    if (target) onChoose(target.concertId);
  };

  let body;
  if (query.isPending) {
    body = (
      <div className="grid gap-4 desktop:grid-cols-2" aria-busy="true">
        <span className="sr-only" role="status">
          {performancePickerTexts.loading}
        </span>
        <Skeleton className="h-72 w-full rounded-xl" />
        <Skeleton className="h-40 w-full rounded-xl" />
      </div>
    );
  } else if (!firstDate || !lastDate) {
    body = (
      <ErrorState
        title={performancePickerTexts.loadFailed}
        description={query.isError ? getErrorMessage(query.error) : undefined}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  } else {
    body = (
      <div className="grid gap-5 desktop:grid-cols-2 desktop:gap-6">
        <PerformanceCalendar
          performanceDates={dates}
          firstDate={firstDate}
          lastDate={lastDate}
          selectedDate={chosenDate}
          onSelectDate={chooseDate}
        />
        <div className="flex min-w-0 flex-col gap-5">
          {chosenDate && (
            <TimeButtons
              date={chosenDate}
              performances={byDate.get(chosenDate) ?? []}
              chosenConcertId={chosenConcertId}
              onChoose={onChoose}
            />
          )}
          {chosen && <ChosenRemaining performance={chosen} grades={grades} />}
        </div>
      </div>
    );
  }

  return (
    <section
      aria-labelledby="performance-picker-heading"
      className="mt-6 rounded-2xl border border-white/10 bg-surface-900/80 p-4 tablet:p-5"
    >
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2
          id="performance-picker-heading"
          className="flex items-center gap-1.5 text-base font-bold text-white"
        >
          <CalendarRange className="size-4 text-rose-300" aria-hidden />
          {performancePickerTexts.heading}
        </h2>
        <p className="text-xs text-zinc-400 tabular-nums">{formatShowDateRange(show)}</p>
      </div>
      {body}
    </section>
  );
}
