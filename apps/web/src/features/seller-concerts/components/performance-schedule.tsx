import { CalendarX, Clock, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { formatNumber } from '@/lib/format';
import { formatShortDay } from '../utils/calendar-dates';
import {
  addTime,
  chosenDates,
  effectiveModes,
  performanceCount,
  removeDate,
  removeTime,
  setDateValue,
  toggleScheduleDate,
  updateTime,
  type DateDraft,
  type ScheduleDraft,
  type TimeDraft,
} from '../utils/show-schedule';
import type { GradeOption, ScheduleErrors, TimeField } from '../utils/show-validation';
import { DateCalendar } from './date-calendar';

/** What an edit cleared: the error of one date, or of one field of one performance. */
export type ScheduleEditTarget = { dateId: string } | { timeId: string; field: TimeField } | null;

interface PerformanceScheduleProps {
  schedule: ScheduleDraft;
  onChange: (next: ScheduleDraft, edited: ScheduleEditTarget) => void;
  errors: ScheduleErrors;
  /** Today in Seoul ('YYYY-MM-DD'): it and earlier cannot be chosen. */
  today: string;
  /** Grades whose prices may be set per performance (회차별 가격). */
  grades: GradeOption[] | null;
}

const pickerClass = '[color-scheme:dark]';

/**
 * The register form's 회차 (issue 26): dates picked on the calendar or typed, each with one or
 * more start and end times ('시간 추가'), and with 회차별 설정 each performance's own booking window
 * and prices. Problems show on the row they are about.
 */
export function PerformanceSchedule({
  schedule,
  onChange,
  errors,
  today,
  grades,
}: PerformanceScheduleProps) {
  const [typedDate, setTypedDate] = useState<string | undefined>(undefined);
  const count = performanceCount(schedule);
  const modes = effectiveModes(schedule);
  const canRemoveDate = schedule.dates.length > 1;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 desktop:grid-cols-[auto_1fr] desktop:items-start">
        <DateCalendar
          title="공연 날짜 선택"
          selected={chosenDates(schedule)}
          onToggle={(date) => onChange(toggleScheduleDate(schedule, date), null)}
          isDisabled={(date) => date <= today}
          today={today}
          revealDate={typedDate}
        />
        <div className="flex min-w-0 flex-col gap-3">
          <p className="text-sm text-zinc-300" aria-live="polite">
            회차 <span className="font-bold text-white">{formatNumber(count)}</span>개
            <span className="ml-1 text-xs text-zinc-400">(한 번에 60개까지)</span>
          </p>
          {errors.list && (
            <p role="alert" className="text-sm text-rose-300">
              {errors.list}
            </p>
          )}
          {schedule.dates.map((date) => (
            <DateGroup
              key={date.id}
              date={date}
              schedule={schedule}
              errors={errors}
              canRemove={canRemoveDate}
              showBooking={modes.bookingMode === 'each'}
              priceGrades={modes.priceMode === 'each' ? grades : null}
              onChange={onChange}
              onDateTyped={setTypedDate}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

interface DateGroupProps {
  date: DateDraft;
  schedule: ScheduleDraft;
  errors: ScheduleErrors;
  canRemove: boolean;
  showBooking: boolean;
  priceGrades: GradeOption[] | null;
  onChange: PerformanceScheduleProps['onChange'];
  onDateTyped: (date: string) => void;
}

function DateGroup({
  date,
  schedule,
  errors,
  canRemove,
  showBooking,
  priceGrades,
  onChange,
  onDateTyped,
}: DateGroupProps) {
  const title = date.concertDate ? formatShortDay(date.concertDate) : '날짜를 골라주세요';
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl border border-surface-700 bg-surface-900/60 p-3 tablet:p-4">
      <legend className="px-1 text-sm font-bold text-white">{title}</legend>
      <div className="flex items-end gap-2">
        <TextField
          label="공연 날짜"
          type="date"
          value={date.concertDate}
          onChange={(event) => {
            onChange(setDateValue(schedule, date.id, event.target.value), { dateId: date.id });
            onDateTyped(event.target.value);
          }}
          error={errors.dates[date.id]}
          className={`min-w-0 flex-1 ${pickerClass}`}
        />
        {canRemove && (
          <Button
            variant="ghost"
            size="sm"
            className="mb-1.5 shrink-0"
            onClick={() => onChange(removeDate(schedule, date.id), null)}
            aria-label={`${title} 날짜 삭제`}
          >
            <CalendarX className="size-4" aria-hidden />
            삭제
          </Button>
        )}
      </div>
      {date.times.map((time, index) => (
        <TimeRow
          key={time.id}
          time={time}
          label={`${title} ${index + 1}번째 시간`}
          number={date.times.length > 1 ? index + 1 : null}
          schedule={schedule}
          errors={errors.times[time.id] ?? {}}
          showBooking={showBooking}
          priceGrades={priceGrades}
          onChange={onChange}
          onRemove={
            date.times.length > 1
              ? () => onChange(removeTime(schedule, date.id, time.id), null)
              : undefined
          }
        />
      ))}
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => onChange(addTime(schedule, date.id), null)}
        aria-label={`${title} 시간 추가`}
      >
        <Plus className="size-4" aria-hidden />
        시간 추가
      </Button>
    </fieldset>
  );
}

interface TimeRowProps {
  time: TimeDraft;
  /** The row's name for screen readers ('2026.12.20(일) 2번째 시간'). */
  label: string;
  /** Shown as '2번째 시간' when the date has several. */
  number: number | null;
  schedule: ScheduleDraft;
  errors: Partial<Record<TimeField, string>>;
  showBooking: boolean;
  priceGrades: GradeOption[] | null;
  onChange: PerformanceScheduleProps['onChange'];
  onRemove: (() => void) | undefined;
}

function TimeRow({
  time,
  label,
  number,
  schedule,
  errors,
  showBooking,
  priceGrades,
  onChange,
  onRemove,
}: TimeRowProps) {
  const priceErrorId = useId();
  const set = (field: Exclude<TimeField, 'gradePrices'>, value: string) =>
    onChange(updateTime(schedule, time.id, { [field]: value }), { timeId: time.id, field });
  // Booking problems of the shared window have no input here: they are said on the row.
  const bookingNotes = showBooking
    ? []
    : [errors.bookingStartDate, errors.bookingEndDate].filter(Boolean);
  return (
    <div
      role="group"
      aria-label={label}
      className="flex flex-col gap-3 border-t border-white/5 pt-3 first-of-type:border-t-0"
    >
      {number !== null && (
        <div className="flex items-center justify-between gap-2">
          <p className="flex items-center gap-1.5 text-xs font-semibold text-zinc-300">
            <Clock className="size-3.5" aria-hidden />
            {number}번째 시간
          </p>
          {onRemove && (
            <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`${label} 삭제`}>
              <Trash2 className="size-4" aria-hidden />
              삭제
            </Button>
          )}
        </div>
      )}
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="시작 시간"
          type="time"
          value={time.startTime}
          onChange={(event) => set('startTime', event.target.value)}
          error={errors.startTime}
          className={pickerClass}
        />
        <TextField
          label="종료 시간"
          type="time"
          value={time.endTime}
          onChange={(event) => set('endTime', event.target.value)}
          error={errors.endTime}
          className={pickerClass}
        />
      </div>
      {showBooking && (
        <div className="grid gap-3 tablet:grid-cols-2">
          <TextField
            label="예매 시작일시"
            type="datetime-local"
            value={time.bookingStartDate}
            onChange={(event) => set('bookingStartDate', event.target.value)}
            error={errors.bookingStartDate}
            className={pickerClass}
          />
          <TextField
            label="예매 종료일시"
            type="datetime-local"
            value={time.bookingEndDate}
            onChange={(event) => set('bookingEndDate', event.target.value)}
            error={errors.bookingEndDate}
            className={pickerClass}
          />
        </div>
      )}
      {bookingNotes.map((note) => (
        <p key={note} className="text-sm text-rose-300">
          이 회차: {note}
        </p>
      ))}
      {priceGrades && priceGrades.length > 0 && (
        <fieldset className="grid grid-cols-2 gap-3 tablet:grid-cols-3">
          <legend className="mb-1 text-xs font-semibold text-zinc-300">
            이 회차의 등급별 가격(원)
          </legend>
          {priceGrades.map((grade) => (
            <TextField
              key={grade.code}
              label={`${grade.name} 가격`}
              type="number"
              inputMode="numeric"
              min={0}
              value={time.prices[grade.code] ?? String(grade.price)}
              onChange={(event) =>
                onChange(
                  updateTime(schedule, time.id, {
                    prices: { ...time.prices, [grade.code]: event.target.value },
                  }),
                  { timeId: time.id, field: 'gradePrices' },
                )
              }
              aria-invalid={errors.gradePrices ? true : undefined}
              aria-describedby={errors.gradePrices ? priceErrorId : undefined}
            />
          ))}
          {errors.gradePrices && (
            <p id={priceErrorId} className="col-span-full text-sm text-rose-300">
              {errors.gradePrices}
            </p>
          )}
        </fieldset>
      )}
      {!priceGrades && errors.gradePrices && (
        <p className="text-sm text-rose-300">이 회차: {errors.gradePrices}</p>
      )}
    </div>
  );
}
