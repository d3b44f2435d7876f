import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  calendarWeekdays,
  clampDate,
  dateAfterKey,
  formatDayLabel,
  formatMonthLabel,
  isInMonth,
  monthBounds,
  monthOf,
  monthsBetween,
  monthWeeks,
  shiftMonth,
  weekdayOf,
  dateKeyOf,
  type CalendarMonth,
} from '../utils/performance-calendar';

interface PerformanceCalendarProps {
  /** Dates ('YYYY-MM-DD') with at least one performance; every other day is disabled. */
  performanceDates: ReadonlySet<string>;
  /** The earliest and latest performance dates: the calendar pages between their months. */
  firstDate: string;
  lastDate: string;
  selectedDate: string | null;
  onSelectDate: (date: string) => void;
}

/**
 * The day's number on screen, and for screen readers the whole date and whether it has a
 * performance ('2026년 12월 20일 공연 있음'). Content rather than an aria-label, so the name
 * holds what is seen (WCAG 2.5.3); one sr-only text rather than pieces around the number,
 * which Chromium would read as '20 일'.
 */
function DayName({ date, hasPerformance }: { date: string; hasPerformance: boolean }) {
  return (
    <>
      <span aria-hidden>{Number(date.slice(8))}</span>
      <span className="sr-only">{formatDayLabel(date, hasPerformance)}</span>
    </>
  );
}

/** The day that takes Tab into the month: the focused day, the chosen one, a show day, the 1st. */
function tabStopOf(
  month: CalendarMonth,
  focusDate: string,
  selectedDate: string | null,
  performanceDates: ReadonlySet<string>,
): string {
  if (isInMonth(focusDate, month)) return focusDate;
  if (selectedDate && isInMonth(selectedDate, month)) return selectedDate;
  const firstShowDay = [...performanceDates].sort().find((date) => isInMonth(date, month));
  return firstShowDay ?? dateKeyOf(month.year, month.month, 1);
}

/**
 * A month grid of the show's performance dates (WAI-ARIA date grid): one day in the Tab order,
 * ←/→ a day, ↑/↓ a week, Home/End the week's ends, PageUp/PageDown a month (with Shift a year),
 * Enter or Space chooses. Days without a performance stay reachable, so the grid reads the same
 * to a screen reader, but are marked disabled and choose nothing.
 */
export function PerformanceCalendar({
  performanceDates,
  firstDate,
  lastDate,
  selectedDate,
  onSelectDate,
}: PerformanceCalendarProps) {
  const monthHeadingId = useId();
  const [earliest, latest] = monthBounds(firstDate, lastDate);
  const start = selectedDate ?? firstDate;
  const [focusDate, setFocusDate] = useState(start);
  const [visibleMonth, setVisibleMonth] = useState(() => monthOf(start));
  // A choice made elsewhere (the URL, another time's date) brings its month into view.
  const [shownSelection, setShownSelection] = useState(selectedDate);
  if (selectedDate !== shownSelection) {
    setShownSelection(selectedDate);
    if (selectedDate) {
      setFocusDate(selectedDate);
      setVisibleMonth(monthOf(selectedDate));
    }
  }

  const dayButtons = useRef(new Map<string, HTMLButtonElement>());
  const isMovingFocus = useRef(false);
  useEffect(() => {
    if (!isMovingFocus.current) return;
    isMovingFocus.current = false;
    dayButtons.current.get(focusDate)?.focus();
  }, [focusDate, visibleMonth]);

  const firstMonth = monthOf(earliest);
  const lastMonth = monthOf(latest);
  const canGoBack = monthsBetween(firstMonth, visibleMonth) > 0;
  const canGoForward = monthsBetween(visibleMonth, lastMonth) > 0;
  const tabStop = tabStopOf(visibleMonth, focusDate, selectedDate, performanceDates);

  const moveTo = (date: string) => {
    const target = clampDate(date, earliest, latest);
    if (target === focusDate) return;
    isMovingFocus.current = true;
    setFocusDate(target);
    if (!isInMonth(target, visibleMonth)) setVisibleMonth(monthOf(target));
  };

  const onDayKeyDown = (event: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const target = dateAfterKey(date, event.key, event.shiftKey);
    if (target === null) return;
    event.preventDefault();
    moveTo(target);
  };

  const choose = (date: string) => {
    setFocusDate(date);
    if (performanceDates.has(date)) onSelectDate(date);
  };

  const pageMonth = (by: number) => setVisibleMonth((month) => shiftMonth(month, by));

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => pageMonth(-1)}
          disabled={!canGoBack}
          aria-label="이전 달"
          className="inline-flex size-9 items-center justify-center rounded-lg text-zinc-300 hover:bg-white/10 hover:text-white disabled:opacity-30 disabled:hover:bg-transparent"
        >
          <ChevronLeft className="size-5" aria-hidden />
        </button>
        <h3
          id={monthHeadingId}
          aria-live="polite"
          className="text-sm font-bold text-white tabular-nums"
        >
          {formatMonthLabel(visibleMonth)}
        </h3>
        <button
          type="button"
          onClick={() => pageMonth(1)}
          disabled={!canGoForward}
          aria-label="다음 달"
          className="inline-flex size-9 items-center justify-center rounded-lg text-zinc-300 hover:bg-white/10 hover:text-white disabled:opacity-30 disabled:hover:bg-transparent"
        >
          <ChevronRight className="size-5" aria-hidden />
        </button>
      </div>
      <table role="grid" aria-labelledby={monthHeadingId} className="w-full table-fixed">
        <thead>
          <tr>
            {calendarWeekdays.map((name, index) => (
              <th
                key={name}
                scope="col"
                abbr={`${name}요일`}
                className={clsx(
                  'pb-1 text-xs font-semibold',
                  index === 0 ? 'text-rose-300' : index === 6 ? 'text-sky-300' : 'text-zinc-400',
                )}
              >
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(visibleMonth).map((week, weekIndex) => (
            <tr key={weekIndex}>
              {week.map((date, dayIndex) => {
                if (date === null) return <td key={`empty-${dayIndex}`} />;
                const hasPerformance = performanceDates.has(date);
                const isSelected = date === selectedDate;
                const weekday = weekdayOf(date);
                return (
                  <td key={date} aria-selected={isSelected} className="p-0.5 text-center">
                    <button
                      ref={(element) => {
                        if (element) dayButtons.current.set(date, element);
                        else dayButtons.current.delete(date);
                      }}
                      type="button"
                      data-date={date}
                      tabIndex={date === tabStop ? 0 : -1}
                      aria-disabled={hasPerformance ? undefined : true}
                      onClick={() => choose(date)}
                      onKeyDown={(event) => onDayKeyDown(event, date)}
                      className={clsx(
                        'relative mx-auto flex size-10 items-center justify-center rounded-full text-sm tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-rose-400',
                        isSelected
                          ? 'bg-rose-600 font-extrabold text-white'
                          : hasPerformance
                            ? 'bg-rose-500/15 font-bold text-rose-100 ring-1 ring-rose-400/60 hover:bg-rose-500/30'
                            : clsx(
                                'cursor-default text-zinc-500',
                                weekday === 0 && 'text-rose-300/40',
                                weekday === 6 && 'text-sky-300/40',
                              ),
                      )}
                    >
                      <DayName date={date} hasPerformance={hasPerformance} />
                      {hasPerformance && !isSelected && (
                        <span
                          className="absolute bottom-1 size-1 rounded-full bg-rose-300"
                          aria-hidden
                        />
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
