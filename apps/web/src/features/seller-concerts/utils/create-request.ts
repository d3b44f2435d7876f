import type { ConcertCreatePayload } from '../api/seller-concerts-api';
import type { ShowCreateBody } from '../api/seller-shows-api';
import { cancelDeadlineChange, type ConcertDraft } from './concert-form';
import { effectiveModes, type ScheduleDraft } from './show-schedule';
import {
  validateSchedule,
  validateSharedFields,
  type CreateErrors,
  type GradeOption,
  type ScheduleErrors,
} from './show-validation';

/**
 * What the register form sends: one performance without a per-show limit is the spec's own
 * `POST /seller/concerts` (byte for byte what the spec's form sends, so that path never changes);
 * anything more is one `POST /seller/shows` with every performance.
 */
export type CreateRequest =
  { kind: 'concert'; payload: ConcertCreatePayload } | { kind: 'show'; body: ShowCreateBody };

export interface CreateInput {
  draft: ConcertDraft;
  schedule: ScheduleDraft;
  /** '공연 전체 1인 최대 예매 수' as typed ('' for none). */
  maxTicketsPerShow: string;
  /** Today in Seoul, 'YYYY-MM-DD'. */
  today: string;
  /** The quick plan: the seat count is asked for and sent. */
  asksSeatCount: boolean;
  /** A venue's or a drawn layout's fields in place of `totalSeats` (issue 25), or null. */
  layoutFields: Record<string, unknown> | null;
  /** Grades whose prices may be set per performance; null without a layout. */
  grades: GradeOption[] | null;
}

export interface PreparedCreate {
  request: CreateRequest | null;
  errors: CreateErrors;
  scheduleErrors: ScheduleErrors;
}

export function prepareCreateRequest(input: CreateInput): PreparedCreate {
  const { draft, schedule } = input;
  const modes = effectiveModes(schedule);
  const isBookingShared = modes.bookingMode === 'shared';
  const shared = validateSharedFields(draft, input.maxTicketsPerShow, {
    asksSeatCount: input.asksSeatCount,
    isBookingShared,
  });
  const isSharedWindowReadable =
    isBookingShared && !shared.errors.bookingStartDate && !shared.errors.bookingEndDate;
  const check = validateSchedule(schedule, {
    today: input.today,
    sharedBooking: isSharedWindowReadable
      ? { bookingStartDate: draft.bookingStartDate, bookingEndDate: draft.bookingEndDate }
      : null,
    grades: input.grades,
  });
  const errors: CreateErrors = { ...shared.errors };
  for (const [field, message] of Object.entries(check.sharedBooking)) {
    errors[field as 'bookingStartDate' | 'bookingEndDate'] ??= message;
  }
  const values = shared.values;
  const performances = check.performances;
  if (!values || !performances || Object.keys(errors).length > 0) {
    return { request: null, errors, scheduleErrors: check.errors };
  }

  const seats = input.asksSeatCount ? { totalSeats: values.totalSeats } : input.layoutFields;
  const common = {
    title: values.title,
    artist: values.artist,
    description: values.description,
    venueName: values.venueName,
    venueAddress: values.venueAddress,
  };
  const extra = {
    minAge: values.minAge,
    maxTicketsPerUser: values.maxTicketsPerUser,
    posterImageUrl: values.posterImageUrl,
  };
  // Issue 27: only a changed cut-off is sent, so the default form's body stays the spec's.
  const cutoff = cancelDeadlineChange(values.cancelDeadlineDays);
  const [only] = performances;
  if (only && performances.length === 1 && values.maxTicketsPerShow === null) {
    const payload = {
      ...common,
      concertDate: only.concertDate,
      startTime: only.startTime,
      endTime: only.endTime,
      ...seats,
      bookingStartDate: values.bookingStartDate,
      bookingEndDate: values.bookingEndDate,
      ...extra,
      status: values.status,
      ...cutoff,
    } as ConcertCreatePayload;
    return { request: { kind: 'concert', payload }, errors, scheduleErrors: check.errors };
  }
  const body: ShowCreateBody = {
    ...common,
    ...extra,
    maxTicketsPerShow: values.maxTicketsPerShow,
    status: values.status === 'ON_SALE' ? 'ON_SALE' : 'SCHEDULED',
    ...cutoff,
    ...seats,
    ...(isBookingShared
      ? { bookingStartDate: values.bookingStartDate, bookingEndDate: values.bookingEndDate }
      : {}),
    performances,
  };
  return { request: { kind: 'show', body }, errors, scheduleErrors: check.errors };
}
