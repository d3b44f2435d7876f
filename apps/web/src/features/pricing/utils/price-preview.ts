import {
  appliesToGrade,
  priceBooking,
  type ConcertGradeAvailability,
  type DiscountKind,
  type PromoTerms,
  type TicketTypeKind,
  type TicketTypeTerms,
} from '@curtaincall/contracts';

/** One grade's price for a buyer: the grade price and what one seat costs with the fee. */
export interface GradePreview {
  gradeKey: string;
  gradeName: string;
  gradePrice: number;
  /** The breakdown's total for one seat: after the discounts, with the booking fee. */
  pays: number;
}

/** A type's terms as the seller sees them (saved, or the form's parsed draft). */
export interface TypeTermsInput {
  kind: TicketTypeKind;
  name: string;
  discountKind: DiscountKind;
  discountValue: number;
  gradeKeys: readonly string[];
  companionAllowed: boolean;
  proofRequired: boolean;
}

/** A code's terms as the seller sees them. */
export interface CodeTermsInput {
  code: string;
  discountKind: DiscountKind;
  discountValue: number;
  gradeKeys: readonly string[];
}

/**
 * One seat of each grade the terms apply to, priced by the contracts' `priceBooking` (the
 * function the server charges with), so the seller reads the figure a buyer will pay.
 */
function previewGrades(
  grades: readonly ConcertGradeAvailability[],
  gradeKeys: readonly string[],
  price: (grade: ConcertGradeAvailability) => Parameters<typeof priceBooking>[0],
): GradePreview[] {
  return grades
    .filter((grade) => appliesToGrade(gradeKeys, grade.code))
    .map((grade) => ({
      gradeKey: grade.code,
      gradeName: grade.name,
      gradePrice: grade.price,
      pays: priceBooking(price(grade)).total,
    }));
}

function seatOf(grade: ConcertGradeAvailability, ticketType: TicketTypeTerms | null) {
  return {
    concertSeatId: 1,
    seatInfo: grade.name,
    gradeKey: grade.code,
    gradeName: grade.name,
    gradePrice: grade.price,
    ticketType,
  };
}

/** What a buyer of this type pays for one seat of each grade it applies to. */
export function previewTicketType(
  type: TypeTermsInput,
  grades: readonly ConcertGradeAvailability[],
  bookingFeePerSeat: number,
): GradePreview[] {
  // An unsaved draft has no id yet; pricing does not read it.
  const terms: TicketTypeTerms = {
    id: 0,
    kind: type.kind,
    name: type.name,
    discount: { kind: type.discountKind, value: type.discountValue },
    gradeKeys: type.gradeKeys,
    companionAllowed: type.companionAllowed,
    proofRequired: type.proofRequired,
  };
  return previewGrades(grades, type.gradeKeys, (grade) => ({
    seats: [seatOf(grade, terms)],
    promo: null,
    bookingFeePerSeat,
  }));
}

/** What a buyer of 일반 pays with this code for one seat of each grade it applies to. */
export function previewPromoCode(
  code: CodeTermsInput,
  grades: readonly ConcertGradeAvailability[],
  bookingFeePerSeat: number,
): GradePreview[] {
  const promo: PromoTerms = {
    code: code.code,
    discount: { kind: code.discountKind, value: code.discountValue },
    gradeKeys: code.gradeKeys,
  };
  return previewGrades(grades, code.gradeKeys, (grade) => ({
    seats: [seatOf(grade, null)],
    promo,
    bookingFeePerSeat,
  }));
}
