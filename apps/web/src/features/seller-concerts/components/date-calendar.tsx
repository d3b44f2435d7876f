import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  addDays,
  addMonths,
  formatDayName,
  formatMonthTitle,
  monthOf,
  monthWeeks,
  weekdayIndex,
  weekdayLongNames,
  weekdayShortNames,
} from '../utils/calendar-dates';

interface DateCalendarProps {
  /** The visible heading above the month ('공연 날짜 선택'). */
  title: string;
  /** Chosen dates ('YYYY-MM-DD'). */
  selected: ReadonlySet<string>;
  /** Called for a date the seller clicks or presses Enter/Space on (never a disabled one). */
  onToggle: (date: string) => void;
  /** Dates that cannot be chosen (today and before: a show must be after today). */
  isDisabled: (date: string) => boolean;
  /** Today ('YYYY-MM-DD'): the first month shown when nothing is chosen, and the earliest. */
  today: string;
  /** Several dates (the register form) or one (회차 추가). */
  isMultiple?: boolean;
  /** Dates with a dot, e.g. the show's existing performances, and what the dot means. */
  marked?: ReadonlySet<string>;
  markedLabel?: string;
  /** A date typed elsewhere: the calendar turns to its month. */
  revealDate?: string | undefined;
}

const hint =
  '날짜를 누르면 선택하거나 뺍니다. 방향키로 날짜를 옮기고 Enter나 스페이스로 선택하며, Page Up/Down으로 달을 바꿉니다.';

/**
 * A month calendar for choosing performance dates (issue 26): a grid in the WAI-ARIA date
 * picker pattern. One day is the tab stop; arrow keys move by day and week, Home/End to the
 * week's ends, Page Up/Down by month (with Shift by year), Enter or Space toggles. Today and
 * earlier are shown but cannot be chosen, as the server refuses them.
 */
export function DateCalendar({
  title,
  selected,
  onToggle,
  isDisabled,
  today,
  isMultiple = true,
  marked,
  markedLabel,
  revealDate,
}: DateCalendarProps) {
  const headingId = useId();
  const hintId = useId();
  const firstSelected = [...selected].sort()[0];
  const [activeDate, setActiveDate] = useState(() => firstSelected ?? addDays(today, 1));
  const [viewMonth, setViewMonth] = useState(() => monthOf(activeDate));
  const [focusRequest, setFocusRequest] = useState(0);
  const gridRef = useRef<HTMLTableElement>(null);
  const minMonth = monthOf(today);

  useEffect(() => {
    if (!revealDate || !/^\d{4}-\d{2}-\d{2}$/.test(revealDate)) return;
    if (monthOf(revealDate) < minMonth) return;
    setActiveDate(revealDate);
    setViewMonth(monthOf(revealDate));
  }, [revealDate, minMonth]);

  useEffect(() => {
    if (focusRequest === 0) return;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${activeDate}"]`)?.focus();
  }, [focusRequest, activeDate]);

  const moveTo = (date: string) => {
    if (monthOf(date) < minMonth) return;
    setActiveDate(date);
    setViewMonth(monthOf(date));
    setFocusRequest((count) => count + 1);
  };

  const showMonth = (month: string) => {
    if (month < minMonth) return;
    setViewMonth(month);
    // The tab stop follows the page to the same day of the new month.
    setActiveDate(addMonths(activeDate, monthDistance(monthOf(activeDate), month)));
  };

  const choose = (date: string) => {
    if (isDisabled(date)) return;
    setActiveDate(date);
    onToggle(date);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const weekday = weekdayIndex(activeDate);
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(activeDate, -1),
      ArrowRight: () => addDays(activeDate, 1),
      ArrowUp: () => addDays(activeDate, -7),
      ArrowDown: () => addDays(activeDate, 7),
      Home: () => addDays(activeDate, -weekday),
      End: () => addDays(activeDate, 6 - weekday),
      PageUp: () => addMonths(activeDate, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(activeDate, event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      moveTo(move());
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(activeDate);
    }
  };

  // The tab stop is always a day of the month on screen.
  const tabStop = monthOf(activeDate) === viewMonth ? activeDate : `${viewMonth}-01`;
  const navButton =
    'flex size-10 items-center justify-center rounded-lg border border-surface-700 text-zinc-200 hover:border-zinc-400 hover:text-white disabled:cursor-not-allowed disabled:border-dashed disabled:text-zinc-600';

  return (
    <div className="flex w-full max-w-sm min-w-0 flex-col gap-2">
      <p className="text-sm font-medium text-zinc-200">{title}</p>
      <p id={hintId} className="text-xs text-zinc-400">
        {hint}
      </p>
      <div className="w-full rounded-2xl border border-surface-700 bg-surface-900 p-2 tablet:p-3">
        <div className="mb-2 flex items-center justify-between gap-2">
          <button
            type="button"
            className={navButton}
            onClick={() => showMonth(addMonths(`${viewMonth}-01`, -1).slice(0, 7))}
            disabled={viewMonth <= minMonth}
            aria-label="이전 달"
          >
            <ChevronLeft className="size-5" aria-hidden />
          </button>
          <p id={headingId} aria-live="polite" className="text-base font-bold text-white">
            {formatMonthTitle(viewMonth)}
          </p>
          <button
            type="button"
            className={navButton}
            onClick={() => showMonth(addMonths(`${viewMonth}-01`, 1).slice(0, 7))}
            aria-label="다음 달"
          >
            <ChevronRight className="size-5" aria-hidden />
          </button>
        </div>
        <table
          ref={gridRef}
          role="grid"
          aria-labelledby={headingId}
          aria-describedby={hintId}
          aria-multiselectable={isMultiple || undefined}
          onKeyDown={onKeyDown}
          className="w-full table-fixed border-separate border-spacing-0.5 text-center text-sm"
        >
          <thead>
            <tr>
              {weekdayShortNames.map((name, index) => (
                <th
                  key={name}
                  scope="col"
                  abbr={weekdayLongNames[index]}
                  className={clsx(
                    'pb-1 text-xs font-medium',
                    index === 0 ? 'text-rose-300' : 'text-zinc-400',
                  )}
                >
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(viewMonth).map((week) => (
              <tr key={week.find(Boolean) ?? 'empty'}>
                {week.map((date, index) => {
                  if (!date) return <td key={`blank-${index}`} role="gridcell" />;
                  const isSelected = selected.has(date);
                  const disabled = isDisabled(date);
                  const isMarked = marked?.has(date) ?? false;
                  return (
                    <td
                      key={date}
                      role="gridcell"
                      data-date={date}
                      tabIndex={date === tabStop ? 0 : -1}
                      aria-selected={isSelected}
                      aria-disabled={disabled || undefined}
                      aria-current={date === today ? 'date' : undefined}
                      onClick={() => choose(date)}
                      onFocus={() => setActiveDate(date)}
                      className={clsx(
                        'relative h-10 rounded-lg tablet:h-11',
                        'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-rose-300',
                        disabled
                          ? 'cursor-not-allowed text-zinc-600'
                          : 'cursor-pointer hover:bg-white/5',
                        isSelected && 'bg-rose-600 font-bold text-white hover:bg-rose-500',
                        !isSelected && !disabled && 'text-zinc-100',
                        date === today && 'ring-1 ring-zinc-500 ring-inset',
                      )}
                    >
                      {/* The name is the whole date, read from the text for screen readers
                      (an aria-label would not contain the visible day number as a word). */}
                      <span aria-hidden>{Number(date.slice(8))}</span>
                      <span className="sr-only">
                        {isMarked && markedLabel
                          ? `${formatDayName(date)}, ${markedLabel}`
                          : formatDayName(date)}
                      </span>
                      {isMarked && (
                        <span
                          aria-hidden
                          className={clsx(
                            'absolute bottom-1 left-1/2 size-1 -translate-x-1/2 rounded-full',
                            isSelected ? 'bg-white' : 'bg-amber-300',
                          )}
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {marked && marked.size > 0 && markedLabel && (
          <p className="mt-2 flex items-center gap-1.5 text-xs text-zinc-400">
            <span aria-hidden className="size-1.5 rounded-full bg-amber-300" />
            {markedLabel}
          </p>
        )}
      </div>
    </div>
  );
}

/** Months from `from` to `to` ('YYYY-MM'). */
function monthDistance(from: string, to: string): number {
  const [fromYear = 0, fromMonth = 0] = from.split('-').map(Number);
  const [toYear = 0, toMonth = 0] = to.split('-').map(Number);
  return (toYear - fromYear) * 12 + (toMonth - fromMonth);
}
