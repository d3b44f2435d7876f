import { clsx } from 'clsx';
import { CalendarRange, CircleAlert, RotateCcw, TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { todayInSeoul } from '@/lib/dates';
import { checkFilterDates } from '../utils/filter-dates';

interface ConcertDateFilterProps {
  /** The dates in effect (from the URL). */
  appliedStartDate: string | undefined;
  appliedEndDate: string | undefined;
  onApply: (range: { startDate: string | undefined; endDate: string | undefined }) => void;
  onReset: () => void;
  /** Today's Seoul date 'YYYY-MM-DD'; the real one unless a test fixes it. */
  today?: string;
}

const inputClass =
  'h-11 w-full min-w-0 rounded-xl border bg-surface-950/60 px-3 text-sm text-zinc-50 [color-scheme:dark] transition-colors focus:border-rose-400 focus:ring-2 focus:ring-rose-500/30 focus:outline-none';

/**
 * Start and end date pickers with the rules of buyer-side.md §5 "Filter dates". The reset
 * button reads 전체 보기 while a filter is in effect and is disabled when there is nothing to
 * undo; apply needs at least one date.
 */
export function ConcertDateFilter({
  appliedStartDate,
  appliedEndDate,
  onApply,
  onReset,
  today = todayInSeoul(),
}: ConcertDateFilterProps) {
  const applied = `${appliedStartDate ?? ''}|${appliedEndDate ?? ''}`;
  const [shownApplied, setShownApplied] = useState(applied);
  const [startDate, setStartDate] = useState(appliedStartDate ?? '');
  const [endDate, setEndDate] = useState(appliedEndDate ?? '');
  const [applyError, setApplyError] = useState<string | null>(null);

  // The URL can change under the panel (전체 보기, back button): the pickers follow it.
  if (shownApplied !== applied) {
    setShownApplied(applied);
    setStartDate(appliedStartDate ?? '');
    setEndDate(appliedEndDate ?? '');
    setApplyError(null);
  }

  const check = checkFilterDates({ startDate, endDate }, today);
  const isFilterActive = Boolean(appliedStartDate || appliedEndDate);
  const hasDraft = startDate !== '' || endDate !== '';
  const message = check.rangeError ?? applyError;

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!hasDraft) return;
    if (check.applyError) {
      setApplyError(check.applyError);
      return;
    }
    setApplyError(null);
    onApply({ startDate: startDate || undefined, endDate: endDate || undefined });
  };

  const reset = () => {
    setStartDate('');
    setEndDate('');
    setApplyError(null);
    if (isFilterActive) onReset();
  };

  const pick = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setApplyError(null);
  };

  return (
    <form
      onSubmit={apply}
      noValidate
      aria-label="공연 기간 필터"
      className="rounded-2xl border border-surface-700/70 bg-surface-900/70 p-4 tablet:p-5"
    >
      <div className="mb-3 flex items-center gap-2">
        <CalendarRange className="size-4 text-rose-300" aria-hidden />
        <h2 className="text-sm font-bold text-zinc-100">공연 기간</h2>
        {isFilterActive && (
          <span className="rounded-full bg-rose-500/15 px-2 py-0.5 text-[11px] font-semibold text-rose-200">
            필터 적용 중
          </span>
        )}
      </div>
      <div className="grid grid-cols-1 gap-3 tablet:grid-cols-[1fr_1fr_auto] tablet:items-end">
        <div className="grid grid-cols-2 gap-2 tablet:contents">
          <label className="flex min-w-0 flex-col gap-1.5">
            <span className="text-xs font-medium text-zinc-400">시작일</span>
            <input
              type="date"
              value={startDate}
              onChange={(event) => pick(setStartDate)(event.target.value)}
              aria-invalid={check.rangeError ? true : undefined}
              className={clsx(inputClass, message ? 'border-rose-500/70' : 'border-surface-700')}
            />
          </label>
          <label className="flex min-w-0 flex-col gap-1.5">
            <span className="text-xs font-medium text-zinc-400">종료일</span>
            <input
              type="date"
              value={endDate}
              onChange={(event) => pick(setEndDate)(event.target.value)}
              aria-invalid={check.rangeError ? true : undefined}
              className={clsx(inputClass, message ? 'border-rose-500/70' : 'border-surface-700')}
            />
          </label>
        </div>
        <div className="grid grid-cols-2 gap-2 tablet:flex">
          <Button
            variant="outline"
            onClick={reset}
            disabled={!isFilterActive && !hasDraft}
            className="tablet:min-w-24"
          >
            <RotateCcw className="size-4" aria-hidden />
            {isFilterActive ? '전체 보기' : '초기화'}
          </Button>
          <Button type="submit" disabled={!hasDraft} className="tablet:min-w-24">
            적용
          </Button>
        </div>
      </div>
      {message ? (
        <p
          role="alert"
          className="mt-3 flex items-start gap-2 rounded-xl border border-rose-500/40 bg-rose-500/10 px-3 py-2 text-sm text-rose-200"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {message}
        </p>
      ) : (
        check.warning && (
          <p
            role="status"
            className="mt-3 flex items-start gap-2 rounded-xl border border-amber-400/40 bg-amber-400/10 px-3 py-2 text-sm text-amber-200"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {check.warning}
          </p>
        )
      )}
    </form>
  );
}
