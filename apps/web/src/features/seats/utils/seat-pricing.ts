import {
  appliesToGrade,
  companionKinds,
  priceBooking,
  PricingProblem,
  type CreateBookingBody,
  type FieldError,
  type PriceBreakdown,
  type PromoCheck,
  type SeatToPrice,
  type TicketType,
  type TicketTypeTerms,
} from '@curtaincall/contracts';
import { seatGradeKey, seatGradeName, type SeatView } from './seat-layout';

/** What the buyer chose for one held seat in its 권종 select. */
export type SeatTypeSelection =
  | { kind: 'general' }
  | { kind: 'type'; ticketTypeId: number }
  /** The companion (동반자) of another held seat, at its holder's discount. */
  | { kind: 'companion'; holderSeatId: number };

export const generalSelection: SeatTypeSelection = { kind: 'general' };

export type SeatSelections = ReadonlyMap<number, SeatTypeSelection>;

/** A wire ticket type as pricing.ts reads it. */
export function ticketTypeTerms(type: TicketType): TicketTypeTerms {
  return {
    id: type.id,
    kind: type.kind,
    name: type.name,
    discount: { kind: type.discountKind, value: type.discountValue },
    gradeKeys: type.gradeKeys,
    companionAllowed: type.companionAllowed,
    proofRequired: type.proofRequired,
  };
}

/** Whether a holder of this type may bring a companion at the same discount. */
export function allowsCompanion(type: TicketType): boolean {
  return type.companionAllowed && companionKinds.has(type.kind);
}

/** The types on offer for this seat's grade (a type without grades is for every grade). */
export function typesForSeat(types: readonly TicketType[], seat: SeatView): TicketType[] {
  return types.filter((type) => appliesToGrade(type.gradeKeys, seatGradeKey(seat)));
}

function selectionOf(selections: SeatSelections, seat: SeatView): SeatTypeSelection {
  return selections.get(seat.record.seatId) ?? generalSelection;
}

/**
 * The held seat this seat may be the companion of: another seat whose chosen type allows a
 * companion and that has no other companion yet. Null when there is none.
 */
export function companionHolderFor(
  seat: SeatView,
  seats: readonly SeatView[],
  selections: SeatSelections,
  types: readonly TicketType[],
): SeatView | null {
  for (const holder of seats) {
    if (holder.record.seatId === seat.record.seatId) continue;
    const choice = selectionOf(selections, holder);
    if (choice.kind !== 'type') continue;
    const type = types.find((candidate) => candidate.id === choice.ticketTypeId);
    if (!type || !allowsCompanion(type)) continue;
    const taken = seats.some((other) => {
      if (other.record.seatId === seat.record.seatId) return false;
      const otherChoice = selectionOf(selections, other);
      return otherChoice.kind === 'companion' && otherChoice.holderSeatId === holder.record.seatId;
    });
    if (!taken) return holder;
  }
  return null;
}

/**
 * The choices that still stand for the seats held now: a released seat's goes, and so does a
 * type no longer offered for the seat or a companion whose holder no longer brings one (the
 * select then reads 일반 again rather than an option it no longer has).
 */
export function standingSelections(
  seats: readonly SeatView[],
  selections: SeatSelections,
  types: readonly TicketType[],
): Map<number, SeatTypeSelection> {
  const kept = new Map<number, SeatTypeSelection>();
  for (const seat of seats) {
    const choice = selections.get(seat.record.seatId);
    if (choice?.kind !== 'type') continue;
    if (typesForSeat(types, seat).some((type) => type.id === choice.ticketTypeId)) {
      kept.set(seat.record.seatId, choice);
    }
  }
  for (const seat of seats) {
    const choice = selections.get(seat.record.seatId);
    if (choice?.kind !== 'companion') continue;
    const holder = companionHolderFor(seat, seats, kept, types);
    if (holder?.record.seatId === choice.holderSeatId) kept.set(seat.record.seatId, choice);
  }
  return kept;
}

/** A choice pricing refused, pointing at the seat whose select should change. */
export interface SeatPricingProblem {
  message: string;
  seatId: number | null;
}

export type SeatPricing =
  { breakdown: PriceBreakdown; problem: null } | { breakdown: null; problem: SeatPricingProblem };

/**
 * Prices the held seats with pricing.ts's `priceBooking` (the function the server charges by):
 * each seat's grade price, its type or its holder's, the applied code, the fee per seat.
 */
export function priceSeats(input: {
  seats: readonly SeatView[];
  selections: SeatSelections;
  types: readonly TicketType[];
  promo: PromoCheck | null;
  bookingFeePerSeat: number;
}): SeatPricing {
  const byId = new Map(input.types.map((type) => [type.id, type]));
  const seats = input.seats.map((seat): SeatToPrice => {
    const choice = selectionOf(input.selections, seat);
    const type = choice.kind === 'type' ? byId.get(choice.ticketTypeId) : undefined;
    return {
      concertSeatId: seat.record.seatId,
      seatInfo: seat.record.seatInfo,
      gradeKey: seatGradeKey(seat),
      gradeName: seatGradeName(seat),
      gradePrice: seat.price,
      ticketType: type ? ticketTypeTerms(type) : null,
      companionOfSeatId: choice.kind === 'companion' ? choice.holderSeatId : null,
    };
  });
  const promo = input.promo
    ? {
        code: input.promo.code,
        discount: { kind: input.promo.discountKind, value: input.promo.discountValue },
        gradeKeys: input.promo.gradeKeys,
      }
    : null;
  try {
    return {
      breakdown: priceBooking({ seats, promo, bookingFeePerSeat: input.bookingFeePerSeat }),
      problem: null,
    };
  } catch (error) {
    if (!(error instanceof PricingProblem)) throw error;
    const seat = error.seatIndex === null ? undefined : input.seats[error.seatIndex];
    return {
      breakdown: null,
      problem: { message: error.message, seatId: seat?.record.seatId ?? null },
    };
  }
}

/** Whether the applied code takes anything off any held seat (its grades). */
export function promoFitsAnySeat(promo: PromoCheck, seats: readonly SeatView[]): boolean {
  return seats.some((seat) => appliesToGrade(promo.gradeKeys, seatGradeKey(seat)));
}

/** One entry of `seatTypes` in `POST /bookings`. */
export type BookingSeatType = NonNullable<CreateBookingBody['seatTypes']>[number];

/** `seatTypes` of `POST /bookings`: the seats not 일반, each with its type or its holder. */
export function seatTypeChoices(
  seats: readonly SeatView[],
  selections: SeatSelections,
): BookingSeatType[] {
  return seats.flatMap((seat): BookingSeatType[] => {
    const choice = selectionOf(selections, seat);
    const concertSeatId = seat.record.seatId;
    if (choice.kind === 'type') {
      return [{ concertSeatId, ticketTypeId: choice.ticketTypeId, companionOfSeatId: null }];
    }
    if (choice.kind === 'companion') {
      return [{ concertSeatId, ticketTypeId: null, companionOfSeatId: choice.holderSeatId }];
    }
    return [];
  });
}

/** The server's field errors of a refused booking, by the control they belong next to. */
export interface CheckoutFieldErrors {
  /** By concert-seat id: next to that seat's 권종 select. */
  seats: ReadonlyMap<number, string>;
  /** Next to the 할인 코드 input. */
  promoCode: string | null;
}

export const noCheckoutFieldErrors: CheckoutFieldErrors = { seats: new Map(), promoCode: null };

const seatTypeField = /^seatTypes\[(\d+)\]/;

/**
 * Places `seatTypes[0].ticketTypeId` next to the seat sent at index 0 and `promoCode` next to
 * the code; other fields are not the panel's (their message is the refusal's toast).
 */
export function placeFieldErrors(
  fieldErrors: readonly FieldError[],
  sent: readonly BookingSeatType[],
): CheckoutFieldErrors {
  const seats = new Map<number, string>();
  let promoCode: string | null = null;
  for (const { field, message } of fieldErrors) {
    if (field === 'promoCode') {
      promoCode ??= message;
      continue;
    }
    const index = seatTypeField.exec(field)?.[1];
    const seatId = index === undefined ? undefined : sent[Number(index)]?.concertSeatId;
    if (seatId !== undefined && !seats.has(seatId)) seats.set(seatId, message);
  }
  return { seats, promoCode };
}
