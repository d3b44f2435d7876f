import {
  bookingInstant,
  concertFormFieldsSchema,
  concertTimeIssues,
  gradePriceSchema,
  sellerConcertMessages,
  showLimits,
  showMessages,
  type ConcertStatus,
  type FieldError,
  type PerformanceDraft,
} from '@curtaincall/contracts';
import { parseCancelDeadlineDays, type ConcertDraft, type ConcertErrors } from './concert-form';
import {
  effectiveModes,
  orderedPerformances,
  type OrderedPerformance,
  type ScheduleDraft,
} from './show-schedule';

/**
 * The register form's checks with 회차 (issue 26), with the contract's messages: the shared fields
 * once, then every performance on its own row, so a problem shows next to the performance it is
 * about; and the server's `performances[i].field` errors put back on the same rows.
 */

export type TimeField =
  'startTime' | 'endTime' | 'bookingStartDate' | 'bookingEndDate' | 'gradePrices';

export interface ScheduleErrors {
  /** About the whole list (too many performances). */
  list?: string;
  /** A date's problem, by date id. */
  dates: Record<string, string>;
  /** A performance's problems, by time id. */
  times: Record<string, Partial<Record<TimeField, string>>>;
}

export function noScheduleErrors(): ScheduleErrors {
  return { dates: {}, times: {} };
}

export function hasScheduleErrors(errors: ScheduleErrors): boolean {
  return (
    errors.list !== undefined ||
    Object.keys(errors.dates).length > 0 ||
    Object.values(errors.times).some((entry) => Object.keys(entry).length > 0)
  );
}

/** A grade whose price may be set per performance: the show's price for it. */
export interface GradeOption {
  code: string;
  name: string;
  price: number;
}

/** The form's errors in create mode: the concert fields and the per-show limit. */
export type CreateErrors = ConcertErrors & { maxTicketsPerShow?: string };

/** The shared fields of a new show (or concert), checked. */
export interface SharedValues {
  title: string;
  artist: string;
  description: string | null;
  venueName: string;
  venueAddress: string | null;
  minAge: number;
  maxTicketsPerUser: number;
  posterImageUrl: string | null;
  status: ConcertStatus;
  /** Quick plan only. */
  totalSeats?: number;
  /** The shared booking window (모든 회차 동일). */
  bookingStartDate?: string;
  bookingEndDate?: string;
  maxTicketsPerShow: number | null;
  /** 취소 마감: days before each performance (issue 27). */
  cancelDeadlineDays: number;
}

type SharedField =
  | 'title'
  | 'artist'
  | 'description'
  | 'venueName'
  | 'venueAddress'
  | 'minAge'
  | 'maxTicketsPerUser'
  | 'posterImageUrl'
  | 'status'
  | 'totalSeats'
  | 'bookingStartDate'
  | 'bookingEndDate';

const alwaysShared: SharedField[] = [
  'title',
  'artist',
  'description',
  'venueName',
  'venueAddress',
  'minAge',
  'maxTicketsPerUser',
  'posterImageUrl',
  'status',
];

function firstMessage(result: {
  success: boolean;
  error?: { issues: Array<{ message: string }> };
}) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

/** '공연 전체 1인 최대 예매 수' as typed: '' is none (null). */
export function parseMaxTicketsPerShow(
  value: string,
  maxTicketsPerUser: number | null,
): { value: number | null; error?: string } {
  const trimmed = value.trim();
  if (trimmed === '') return { value: null };
  const number = Number(trimmed);
  if (!Number.isInteger(number) || number < 1 || number > showLimits.maxTicketsPerShowMax) {
    return { value: null, error: showMessages.maxTicketsPerShow };
  }
  if (maxTicketsPerUser !== null && number < maxTicketsPerUser) {
    return { value: null, error: showMessages.maxTicketsPerShowBelowPerUser };
  }
  return { value: number };
}

/**
 * The fields every performance shares, each by its contract rule: the seat count only for the
 * quick plan, the booking window only when it is the same for all.
 */
export function validateSharedFields(
  draft: ConcertDraft,
  maxTicketsPerShow: string,
  options: { asksSeatCount: boolean; isBookingShared: boolean },
): { values: SharedValues | null; errors: CreateErrors } {
  const fields = [...alwaysShared];
  if (options.asksSeatCount) fields.push('totalSeats');
  if (options.isBookingShared) fields.push('bookingStartDate', 'bookingEndDate');
  const errors: CreateErrors = {};
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const result = concertFormFieldsSchema.shape[field].safeParse(draft[field]);
    if (result.success) values[field] = result.data;
    else errors[field] = firstMessage(result);
  }
  if (
    options.isBookingShared &&
    !errors.bookingStartDate &&
    !errors.bookingEndDate &&
    bookingInstant(draft.bookingEndDate).getTime() <=
      bookingInstant(draft.bookingStartDate).getTime()
  ) {
    errors.bookingEndDate = sellerConcertMessages.bookingEndBeforeStart;
  }
  const perUser = typeof values.maxTicketsPerUser === 'number' ? values.maxTicketsPerUser : null;
  const limit = parseMaxTicketsPerShow(maxTicketsPerShow, perUser);
  if (limit.error) errors.maxTicketsPerShow = limit.error;
  const cutoff = parseCancelDeadlineDays(draft.cancelDeadlineDays);
  if (cutoff.error) errors.cancelDeadlineDays = cutoff.error;
  if (Object.keys(errors).length > 0 || cutoff.value === null) return { values: null, errors };
  return {
    values: {
      ...(values as Omit<SharedValues, 'maxTicketsPerShow' | 'cancelDeadlineDays'>),
      maxTicketsPerShow: limit.value,
      cancelDeadlineDays: cutoff.value,
    },
    errors,
  };
}

/** 'HH:mm' or 'HH:mm:ss' as seconds, for comparing a row's start and end. */
function seconds(time: string): number {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

export interface ScheduleCheck {
  errors: ScheduleErrors;
  /** Problems of the shared booking window found against a performance (모든 회차 동일). */
  sharedBooking: Partial<Record<'bookingStartDate' | 'bookingEndDate', string>>;
  /** The request's `performances[]`, by date and time; null while anything is wrong. */
  performances: PerformanceDraft[] | null;
}

/**
 * Every performance on its own: date (after today), times, its booking window (its own, or the
 * shared one when that is readable), no two at the same date and start, and its own prices.
 */
export function validateSchedule(
  schedule: ScheduleDraft,
  options: {
    today: string;
    /** The checked shared window, or null when it has problems of its own (or is not used). */
    sharedBooking: { bookingStartDate: string; bookingEndDate: string } | null;
    /** Grades whose prices may be set per performance; null without a layout. */
    grades: GradeOption[] | null;
  },
): ScheduleCheck {
  const modes = effectiveModes(schedule);
  const ordered = orderedPerformances(schedule);
  const errors = noScheduleErrors();
  const sharedBooking: ScheduleCheck['sharedBooking'] = {};
  const performances: PerformanceDraft[] = [];
  const seen = new Set<string>();
  const setTimeError = (id: string, field: TimeField, message: string) => {
    const entry = (errors.times[id] ??= {});
    entry[field] ??= message;
  };
  if (ordered.length > showLimits.performancesMax) errors.list = showMessages.performancesTooMany;

  for (const { date, time } of ordered) {
    const dateError = firstMessage(
      concertFormFieldsSchema.shape.concertDate.safeParse(date.concertDate),
    );
    if (dateError) errors.dates[date.id] ??= dateError;
    else if (date.concertDate <= options.today) {
      errors.dates[date.id] ??= sellerConcertMessages.concertDatePast;
    }
    const startError = firstMessage(
      concertFormFieldsSchema.shape.startTime.safeParse(time.startTime),
    );
    const endError = firstMessage(concertFormFieldsSchema.shape.endTime.safeParse(time.endTime));
    if (startError) setTimeError(time.id, 'startTime', startError);
    if (endError) setTimeError(time.id, 'endTime', endError);
    if (!startError && !endError && seconds(time.endTime) <= seconds(time.startTime)) {
      setTimeError(time.id, 'endTime', sellerConcertMessages.endBeforeStart);
    }

    let window = options.sharedBooking;
    if (modes.bookingMode === 'each') {
      const startBooking = firstMessage(
        concertFormFieldsSchema.shape.bookingStartDate.safeParse(time.bookingStartDate),
      );
      const endBooking = firstMessage(
        concertFormFieldsSchema.shape.bookingEndDate.safeParse(time.bookingEndDate),
      );
      if (startBooking) setTimeError(time.id, 'bookingStartDate', startBooking);
      if (endBooking) setTimeError(time.id, 'bookingEndDate', endBooking);
      window =
        startBooking || endBooking
          ? null
          : { bookingStartDate: time.bookingStartDate, bookingEndDate: time.bookingEndDate };
    }
    if (window && !dateError && !startError && !endError) {
      for (const issue of concertTimeIssues(
        {
          ...window,
          concertDate: date.concertDate,
          startTime: time.startTime,
          endTime: time.endTime,
        },
        null,
      )) {
        if (issue.field === 'bookingStartDate' || issue.field === 'bookingEndDate') {
          // The shared window's own order was checked once with the shared fields.
          if (modes.bookingMode === 'shared') {
            if (issue.message === sellerConcertMessages.bookingEndBeforeStart) continue;
            sharedBooking[issue.field] ??= issue.message;
            // With one performance the shared field says it all; with several the row says
            // which performance the window does not fit.
            if (ordered.length === 1) continue;
          }
          setTimeError(time.id, issue.field, issue.message);
        }
      }
    }

    const key = `${date.concertDate} ${time.startTime.slice(0, 5)}`;
    if (date.concertDate && time.startTime && seen.has(key)) {
      setTimeError(time.id, 'startTime', showMessages.performanceDuplicate);
    }
    seen.add(key);

    const performance: PerformanceDraft = {
      concertDate: date.concertDate,
      startTime: time.startTime,
      endTime: time.endTime,
    };
    if (modes.bookingMode === 'each') {
      performance.bookingStartDate = time.bookingStartDate;
      performance.bookingEndDate = time.bookingEndDate;
    }
    if (modes.priceMode === 'each' && options.grades && options.grades.length > 0) {
      const gradePrices = options.grades.map((grade) => ({
        code: grade.code,
        price: Number(time.prices[grade.code] ?? grade.price),
      }));
      const problem = gradePrices
        .map((entry) => firstMessage(gradePriceSchema.safeParse(entry)))
        .find(Boolean);
      if (problem || gradePrices.some((entry) => time.prices[entry.code]?.trim() === '')) {
        setTimeError(time.id, 'gradePrices', problem ?? priceMessage);
      }
      performance.gradePrices = gradePrices;
    }
    performances.push(performance);
  }
  return {
    errors,
    sharedBooking,
    performances: hasScheduleErrors(errors) ? null : performances,
  };
}

const priceMessage = '가격은 0~10,000,000원 사이의 정수(원)여야 합니다.';

const performancePath = /^performances(?:\[(\d+)\]|\.(\d+))(?:\.([A-Za-z]+))?/;

/**
 * A refused save's `errors[]` split: those about one performance go to its row (by its place in
 * the request; the single-performance request's date and times to the only row), the rest stay
 * for the form's own fields. With 모든 회차 동일, a performance's booking problem also marks the
 * shared field the seller has to change.
 */
export function scheduleErrorsFromServer(
  fieldErrors: readonly FieldError[],
  schedule: ScheduleDraft,
  options: { isSingleRequest: boolean },
): { schedule: ScheduleErrors; rest: FieldError[] } {
  const ordered = orderedPerformances(schedule);
  const { bookingMode } = effectiveModes(schedule);
  const errors = noScheduleErrors();
  const rest: FieldError[] = [];
  const place = (performance: OrderedPerformance | undefined, field: string, message: string) => {
    if (!performance) {
      errors.list ??= message;
      return;
    }
    if (field === 'concertDate') {
      errors.dates[performance.date.id] ??= message;
      return;
    }
    const timeField: TimeField | null =
      field === 'startTime' ||
      field === 'endTime' ||
      field === 'bookingStartDate' ||
      field === 'bookingEndDate' ||
      field === 'gradePrices'
        ? field
        : null;
    if (!timeField) {
      errors.list ??= message;
      return;
    }
    const entry = (errors.times[performance.time.id] ??= {});
    entry[timeField] ??= message;
    if (bookingMode === 'shared' && (field === 'bookingStartDate' || field === 'bookingEndDate')) {
      rest.push({ field, message });
    }
  };
  for (const error of fieldErrors) {
    if (options.isSingleRequest) {
      if (['concertDate', 'startTime', 'endTime'].includes(error.field)) {
        place(ordered[0], error.field, error.message);
      } else rest.push(error);
      continue;
    }
    const match = performancePath.exec(error.field);
    if (match) {
      const index = Number(match[1] ?? match[2]);
      place(ordered[index], match[3] ?? '', error.message);
    } else if (error.field === 'performances') errors.list ??= error.message;
    else rest.push(error);
  }
  return { schedule: errors, rest };
}

/** The errors after the seller changed one date or one field of one performance. */
export function withoutScheduleError(
  errors: ScheduleErrors,
  edited: { dateId: string } | { timeId: string; field: TimeField },
): ScheduleErrors {
  if ('dateId' in edited) {
    if (!(edited.dateId in errors.dates)) return errors;
    const { [edited.dateId]: _cleared, ...dates } = errors.dates;
    return { ...errors, dates };
  }
  const entry = errors.times[edited.timeId];
  if (!entry?.[edited.field]) return errors;
  const { [edited.field]: _cleared, ...rest } = entry;
  return { ...errors, times: { ...errors.times, [edited.timeId]: rest } };
}
