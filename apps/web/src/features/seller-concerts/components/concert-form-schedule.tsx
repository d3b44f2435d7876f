import type { ConcertStatus } from '@curtaincall/contracts';
import type { ReactNode } from 'react';
import { effectiveModes, performanceCount, type ScheduleDraft } from '../utils/show-schedule';
import type { GradeOption, ScheduleErrors } from '../utils/show-validation';
import { StatusField, type FormFields } from './concert-form-fields';
import { FormSection as Section } from './form-section';
import { PerformanceSchedule, type ScheduleEditTarget } from './performance-schedule';
import { ScheduleModeChoice } from './schedule-mode-choice';

const pickerClass = '[color-scheme:dark]';

/** A new show's 회차 and the choices about them; absent when editing one concert. */
export interface NewShowSchedule {
  schedule: ScheduleDraft;
  setSchedule: (update: (current: ScheduleDraft) => ScheduleDraft) => void;
  change: (next: ScheduleDraft, edited: ScheduleEditTarget) => void;
  errors: ScheduleErrors;
  today: string;
  /** The layout's grades at this show's prices, or null (quick plan). */
  grades: GradeOption[] | null;
}

/**
 * 공연 일시: one concert's date and times when editing it, or a new show's 회차 (issue 26), the
 * calendar with each date's times (the section keeps the spec form's name).
 */
export function ScheduleSection({
  fields: { text },
  show,
}: {
  fields: FormFields;
  show: NewShowSchedule | null;
}) {
  if (!show) {
    return (
      <Section title="공연 일시">
        {text('concertDate', '공연 날짜', { type: 'date', className: pickerClass })}
        <div className="grid gap-4 tablet:grid-cols-2">
          {text('startTime', '시작 시간', { type: 'time', className: pickerClass })}
          {text('endTime', '종료 시간', { type: 'time', className: pickerClass })}
        </div>
      </Section>
    );
  }
  return (
    <Section
      title="공연 일시"
      description="공연 날짜를 고르고 날짜마다 시작·종료 시간을 입력하면 날짜와 시간마다 회차가 하나씩 만들어집니다. 같은 날 여러 번 공연하면 '시간 추가'를 누르세요."
    >
      <PerformanceSchedule
        schedule={show.schedule}
        onChange={show.change}
        errors={show.errors}
        today={show.today}
        grades={show.grades}
      />
    </Section>
  );
}

/**
 * 예매 설정: the seat source, the seat count of the quick plan, the booking window and the
 * status. With several performances: 모든 회차 동일 / 회차별 설정 for the prices (with a layout) and
 * for the booking window, whose shared fields give way to each row's own.
 */
export function BookingSection({
  fields,
  seatSource,
  asksSeatCount,
  statuses,
  show,
}: {
  fields: FormFields;
  /** The seat source chooser of a new concert, or null. */
  seatSource: ReactNode;
  asksSeatCount: boolean;
  statuses: ConcertStatus[];
  show: NewShowSchedule | null;
}) {
  const { text } = fields;
  const isSeveral = show !== null && performanceCount(show.schedule) > 1;
  const isBookingShared = !show || effectiveModes(show.schedule).bookingMode === 'shared';
  return (
    <Section title="예매 설정">
      {seatSource}
      {show && isSeveral && show.grades && show.grades.length > 0 && (
        <ScheduleModeChoice
          legend="좌석 가격"
          value={show.schedule.priceMode}
          onChange={(priceMode) => show.setSchedule((current) => ({ ...current, priceMode }))}
          eachHint="회차마다 등급별 가격을 위 회차 목록에서 입력합니다. 처음 값은 이 공연의 가격입니다."
        />
      )}
      {asksSeatCount &&
        text('totalSeats', '총 좌석 수', {
          type: 'number',
          inputMode: 'numeric',
          min: 1,
          max: 100000,
          hint: '1석 이상 100,000석 이하 (좌석은 등급별 구역으로 자동 배치됩니다)',
        })}
      {show && isSeveral && (
        <ScheduleModeChoice
          legend="예매 기간"
          value={show.schedule.bookingMode}
          onChange={(bookingMode) => show.setSchedule((current) => ({ ...current, bookingMode }))}
          eachHint="회차마다 예매 시작일시와 종료일시를 위 회차 목록에서 입력합니다."
        />
      )}
      {isBookingShared && (
        <div className="grid gap-4 tablet:grid-cols-2">
          {text('bookingStartDate', '예매 시작일시', {
            type: 'datetime-local',
            className: pickerClass,
          })}
          {text('bookingEndDate', '예매 종료일시', {
            type: 'datetime-local',
            className: pickerClass,
            hint: isSeveral
              ? '모든 회차에 같은 기간이 적용되며, 첫 회차 시작 전에 끝나야 합니다.'
              : '공연 시작 전에 끝나야 합니다.',
          })}
        </div>
      )}
      <StatusField fields={fields} statuses={statuses} />
    </Section>
  );
}
