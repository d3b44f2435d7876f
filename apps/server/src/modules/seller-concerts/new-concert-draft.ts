import {
  bookingInstant,
  sellerConcertMessages,
  type ConcertStatus,
  type GradePrice,
  type VenueLayout,
} from '@curtaincall/contracts';
import { AppError } from '../../http/app-error';
import type { ConcertDraft } from '../concerts/concerts.service';
import { withConcertPrices } from '../venues/layout-seats';

/**
 * A new concert's draft from what a create form sent, shared by `POST /seller/concerts` and a
 * show's performances (issue 26), so both register a concert by the same rules.
 */

/** `HH:mm[:ss]` -> `HH:mm:ss`, the stored and wire form. */
export function fullTime(value: string): string {
  return value.length === 5 ? `${value}:00` : value.slice(0, 8);
}

/**
 * The fields of a new concert as the create forms send them: a concert of its own (`POST
 * /seller/concerts`) or one performance of a show (issue 26), whose date, times and booking
 * window are its own and the rest the show's.
 */
export interface NewConcertFields {
  title: string;
  artist: string;
  description: string | null;
  venueName: string;
  venueAddress: string | null;
  minAge: number;
  maxTicketsPerUser: number;
  posterImageUrl: string | null;
  status: ConcertStatus;
  concertDate: string;
  startTime: string;
  endTime: string;
  bookingStartDate: string;
  bookingEndDate: string;
  /** Issue 27: the buyers' cancel cut-off; absent or null, the spec's 3. */
  cancelDeadlineDays?: number | null | undefined;
}

/** What a new concert's seats are made from: a priced layout copy, else the quick plan. */
export interface NewConcertSeats {
  seatLayout: VenueLayout | null;
  /** The layout's places (layoutPlaces) or the quick plan's seat count. */
  totalSeats: number;
  venueId: number | null;
}

/**
 * The draft `createConcertWithSeats` inserts. A SCHEDULED concert whose booking window has already
 * opened starts ON_SALE, as the lifecycle job would make it anyway.
 */
export function newConcertDraft(options: {
  sellerId: number;
  /** Absent: a show of its own. */
  showId?: number;
  fields: NewConcertFields;
  seats: NewConcertSeats;
  now: Date;
}): ConcertDraft {
  const { fields, seats, now } = options;
  const bookingStartAt = bookingInstant(fields.bookingStartDate);
  const status: ConcertStatus =
    fields.status === 'SCHEDULED' && bookingStartAt <= now ? 'ON_SALE' : fields.status;
  return {
    sellerId: options.sellerId,
    ...(options.showId !== undefined && { showId: options.showId }),
    title: fields.title,
    artist: fields.artist,
    description: fields.description,
    venueName: fields.venueName,
    venueAddress: fields.venueAddress,
    concertDate: fields.concertDate,
    startTime: fullTime(fields.startTime),
    endTime: fullTime(fields.endTime),
    totalSeats: seats.totalSeats,
    venueId: seats.venueId,
    seatLayout: seats.seatLayout,
    bookingStartAt,
    bookingEndAt: bookingInstant(fields.bookingEndDate),
    minAge: fields.minAge,
    maxTicketsPerUser: fields.maxTicketsPerUser,
    cancelDeadlineDays: fields.cancelDeadlineDays ?? null,
    status,
    posterImageUrl: fields.posterImageUrl,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The layout with a concert's own prices (`gradePrices`), or a C001 naming each bad price under
 * `field` (`gradePrices[1].code`, `performances[2].gradePrices[0].code`).
 */
export function pricedLayoutOrThrow(
  layout: VenueLayout,
  gradePrices: readonly GradePrice[] | undefined,
  field: string,
): VenueLayout {
  const priced = withConcertPrices(layout, gradePrices);
  if (priced.ok) return priced.layout;
  const errors = priced.problems.map(({ index, message }) => ({
    field: `${field}[${index}].code`,
    message:
      message === 'duplicate'
        ? sellerConcertMessages.duplicateGradePrice
        : sellerConcertMessages.unknownGradePrice,
  }));
  throw new AppError('C001', errors[0]?.message, errors);
}
