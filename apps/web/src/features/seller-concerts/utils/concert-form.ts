import {
  cancelDeadlineDaysSchema,
  concertFormFieldsSchema,
  concertTimeIssues,
  posterFileNameForbidden,
  posterFileNameMaxLength,
  posterUploadMessages,
  type ConcertStatus,
  type FieldError,
  type SellerConcert,
} from '@curtaincall/contracts';
import type { ConcertPayload } from '../api/seller-concerts-api';

/** Every field of the concert form as the inputs hold it (text, even for numbers). */
export interface ConcertDraft {
  title: string;
  artist: string;
  description: string;
  venueName: string;
  venueAddress: string;
  concertDate: string;
  startTime: string;
  endTime: string;
  totalSeats: string;
  bookingStartDate: string;
  bookingEndDate: string;
  minAge: string;
  maxTicketsPerUser: string;
  posterImageUrl: string;
  status: ConcertStatus;
  /** 취소 마감 (issue 27): buyers may cancel until this many days before the show. */
  cancelDeadlineDays: string;
}

export type ConcertField = keyof ConcertDraft;
export type ConcertErrors = Partial<Record<ConcertField, string>>;

/** The order fields appear in, so the first one with a problem takes the focus. */
export const concertFieldOrder: ConcertField[] = [
  'title',
  'artist',
  'description',
  'venueName',
  'venueAddress',
  'concertDate',
  'startTime',
  'endTime',
  'totalSeats',
  'bookingStartDate',
  'bookingEndDate',
  'status',
  'minAge',
  'maxTicketsPerUser',
  'cancelDeadlineDays',
  'posterImageUrl',
];

function isConcertField(field: string): field is ConcertField {
  return (concertFieldOrder as string[]).includes(field);
}

/** The spec's cut-off when the seller sets none: cancels end 3 days before the show. */
export const defaultCancelDeadlineDays = 3;

/** A new concert: defaults of §11.2 (minAge 0, 4 tickets per buyer, SCHEDULED). */
export function emptyConcertDraft(): ConcertDraft {
  return {
    title: '',
    artist: '',
    description: '',
    venueName: '',
    venueAddress: '',
    concertDate: '',
    startTime: '',
    endTime: '',
    totalSeats: '',
    bookingStartDate: '',
    bookingEndDate: '',
    minAge: '0',
    maxTicketsPerUser: '4',
    posterImageUrl: '',
    status: 'SCHEDULED',
    cancelDeadlineDays: String(defaultCancelDeadlineDays),
  };
}

/** '19:00:00' -> '19:00' (what a time input shows); other seconds are kept. */
function shortTime(time: string): string {
  return time.length === 8 && time.endsWith(':00') ? time.slice(0, 5) : time;
}

/** '2025-09-20T10:00:00' -> '2025-09-20T10:00' for a datetime-local input. */
function shortDateTime(value: string): string {
  return value.length === 19 && value.endsWith(':00') ? value.slice(0, 16) : value;
}

/** The edit form starts from the concert as the server has it. */
export function draftFromConcert(concert: SellerConcert): ConcertDraft {
  return {
    title: concert.title,
    artist: concert.artist,
    description: concert.description ?? '',
    venueName: concert.venueName,
    venueAddress: concert.venueAddress ?? '',
    concertDate: concert.concertDate,
    startTime: shortTime(concert.startTime),
    endTime: shortTime(concert.endTime),
    totalSeats: String(concert.totalSeats),
    bookingStartDate: shortDateTime(concert.bookingStartDate),
    bookingEndDate: shortDateTime(concert.bookingEndDate),
    minAge: String(concert.minAge),
    maxTicketsPerUser: String(concert.maxTicketsPerUser),
    posterImageUrl: concert.posterImageUrl ?? '',
    status: concert.status,
    cancelDeadlineDays: String(concert.cancelDeadlineDays),
  };
}

export function isDraftChanged(draft: ConcertDraft, initial: ConcertDraft): boolean {
  return concertFieldOrder.some((field) => draft[field] !== initial[field]);
}

/** '취소 마감' as typed, by the contract's rule: the days, or the rule's message. */
export function parseCancelDeadlineDays(text: string): { value: number | null; error?: string } {
  const trimmed = text.trim();
  const parsed = cancelDeadlineDaysSchema.safeParse(trimmed === '' ? undefined : Number(trimmed));
  if (parsed.success) return { value: parsed.data };
  return { value: null, error: parsed.error.issues[0]?.message };
}

/**
 * The cut-off for the body only when the seller changed it (from the concert's own, or from the
 * default for a new one), so an untouched form sends exactly the spec's body.
 */
export function cancelDeadlineChange(
  days: number,
  original: string = String(defaultCancelDeadlineDays),
): { cancelDeadlineDays?: number } {
  return String(days) === original.trim() ? {} : { cancelDeadlineDays: days };
}

export interface ValidationResult {
  payload: ConcertPayload | null;
  errors: ConcertErrors;
}

/**
 * The §5 rules, with the messages the server uses (the contract's schema and cross-field rules).
 * `today` is the Seoul date; `original` (edit mode) leaves an unchanged show date alone, as the
 * server does, so fixing a title of a show that is near is not refused for its date.
 * The body keeps the seller's `HH:mm` / `HH:mm:ss` and `YYYY-MM-DDTHH:mm` as typed: the server
 * takes both, and Seoul wall-clock text never shifts with the browser's zone.
 */
export function validateConcertDraft(
  draft: ConcertDraft,
  today: string,
  original?: ConcertDraft,
): ValidationResult {
  const errors: ConcertErrors = {};
  const parsed = concertFormFieldsSchema.safeParse(draft);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (isConcertField(field) && !errors[field]) errors[field] = issue.message;
    }
  }
  const timesReadable = !(
    errors.concertDate ||
    errors.startTime ||
    errors.endTime ||
    errors.bookingStartDate ||
    errors.bookingEndDate
  );
  if (timesReadable) {
    const dateChanged = !original || original.concertDate !== draft.concertDate;
    for (const issue of concertTimeIssues(draft, dateChanged ? today : null)) {
      errors[issue.field] ??= issue.message;
    }
  }
  const cutoff = parseCancelDeadlineDays(draft.cancelDeadlineDays);
  if (cutoff.error) errors.cancelDeadlineDays = cutoff.error;
  if (!parsed.success || cutoff.value === null || Object.keys(errors).length > 0) {
    return { payload: null, errors };
  }
  const data = parsed.data;
  return {
    payload: {
      title: data.title,
      artist: data.artist,
      description: data.description,
      venueName: data.venueName,
      venueAddress: data.venueAddress,
      concertDate: data.concertDate,
      startTime: data.startTime,
      endTime: data.endTime,
      totalSeats: data.totalSeats,
      bookingStartDate: data.bookingStartDate,
      bookingEndDate: data.bookingEndDate,
      minAge: data.minAge,
      maxTicketsPerUser: data.maxTicketsPerUser,
      posterImageUrl: data.posterImageUrl,
      status: data.status,
      ...cancelDeadlineChange(cutoff.value, original?.cancelDeadlineDays),
    },
    errors,
  };
}

/** A 400 C001 answer's `errors[]` on the form's fields; others go to `rest`. */
export function errorsFromServer(fieldErrors: FieldError[]): {
  errors: ConcertErrors;
  rest: string[];
} {
  const errors: ConcertErrors = {};
  const rest: string[] = [];
  for (const { field, message } of fieldErrors) {
    if (isConcertField(field)) errors[field] ??= message;
    else rest.push(message);
  }
  return { errors, rest };
}

/** Poster limits of §5 "Poster file". */
export const posterMaxBytes = 10 * 1024 * 1024;
export const posterAccept = '.jpg,.jpeg,.png,.webp,.gif,image/jpeg,image/png,image/webp,image/gif';
export const posterTooLargeMessage = '포스터 파일 크기는 10MB 이하여야 합니다.';
const posterExtensions = /\.(jpe?g|png|webp|gif)$/i;
const posterMimeTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** The client's check before uploading (the server judges the bytes again). */
export function checkPosterFile(file: File): string | null {
  if (file.size === 0) return posterUploadMessages.fileRequired;
  if (file.size > posterMaxBytes) return posterTooLargeMessage;
  if ([...file.name].length > posterFileNameMaxLength) return posterUploadMessages.fileNameTooLong;
  if (posterFileNameForbidden.test(file.name)) return posterUploadMessages.fileNameCharacters;
  const typeKnown = file.type === '' || posterMimeTypes.includes(file.type);
  if (!posterExtensions.test(file.name) || !typeKnown) return posterUploadMessages.fileType;
  return null;
}
