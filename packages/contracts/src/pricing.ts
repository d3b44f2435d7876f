/**
 * Money (issue 27): the one place a booking and a refund are priced. Pure functions over integer
 * won, used alike by the server (the charge, the refund), the web app (the seat panel, the payment
 * window, the cancel dialog) and the 예매확인서. The server loads what they need and re-checks every
 * choice; the web app shows what the same function says, so a buyer never sees a figure the
 * server would not charge.
 *
 * Rounding: every percentage is taken of an integer won amount and rounded down (a discount or a
 * cancellation fee of 10 % of 55,555원 is 5,555원). Never a fraction of a won anywhere.
 */

/** 권종 kinds a seller can offer (일반 is always there and has no row of its own). */
export const ticketTypeKinds = [
  'DISABLED_SEVERE',
  'DISABLED_MILD',
  'NATIONAL_MERIT',
  'SENIOR',
  'YOUTH',
  'EARLY_BIRD',
  'REVISIT',
] as const;
export type TicketTypeKind = (typeof ticketTypeKinds)[number];

/** What a buyer reads for each kind, unless the seller names the type otherwise. */
export const ticketTypeKindLabels: Record<TicketTypeKind | 'GENERAL', string> = {
  GENERAL: '일반',
  DISABLED_SEVERE: '장애인(심한)',
  DISABLED_MILD: '장애인(심하지 않은)',
  NATIONAL_MERIT: '국가유공자',
  SENIOR: '경로(65세 이상)',
  YOUTH: '청소년',
  EARLY_BIRD: '조기예매',
  REVISIT: '재관람',
};

/** Kinds whose holder may bring one companion at the same discount (장애인, 국가유공자). */
export const companionKinds: ReadonlySet<TicketTypeKind> = new Set([
  'DISABLED_SEVERE',
  'DISABLED_MILD',
  'NATIONAL_MERIT',
]);

/** Printed on the ticket, the mobile ticket and the receipt of a type that needs proof. */
export const PROOF_AT_ENTRY = '현장에서 증빙 필요';

export type DiscountKind = 'PERCENT' | 'AMOUNT';

/** A discount as the seller set it: PERCENT 1-100, AMOUNT in won. */
export interface Discount {
  kind: DiscountKind;
  value: number;
}

/** A ticket type's terms, as far as pricing needs them. */
export interface TicketTypeTerms {
  id: number;
  kind: TicketTypeKind;
  name: string;
  discount: Discount;
  /** Grade keys (a layout grade's code, a quick-plan grade's name) it applies to; empty = all. */
  gradeKeys: readonly string[];
  companionAllowed: boolean;
  proofRequired: boolean;
}

/** A promo code's terms, as far as pricing needs them. */
export interface PromoTerms {
  /** As stored: upper case. */
  code: string;
  discount: Discount;
  /** Empty = every grade. */
  gradeKeys: readonly string[];
}

export interface SeatToPrice {
  concertSeatId: number;
  seatInfo: string;
  gradeKey: string;
  gradeName: string;
  /** The grade's price for this concert, integer won. */
  gradePrice: number;
  /** The chosen type, or null for 일반. */
  ticketType: TicketTypeTerms | null;
  /**
   * Set when this seat is the companion (동반자) of another seat of the same booking: its holder's
   * type, which must allow a companion, is applied to this seat too (`ticketType` is ignored).
   */
  companionOfSeatId?: number | null;
}

export interface PriceLine {
  concertSeatId: number;
  seatInfo: string;
  gradeName: string;
  gradePrice: number;
  /** Null for 일반. */
  ticketTypeId: number | null;
  /** '일반', the type's name, or '<type> 동반자'. */
  ticketTypeName: string;
  /** Won off the grade price for the type (a companion's: its holder's). */
  typeDiscount: number;
  /** Won off for the promo code, after the type's discount. */
  codeDiscount: number;
  /** The seat's price after discounts, without the booking fee. */
  ticketPrice: number;
  /** The booking fee (예매수수료) of this seat. */
  bookingFee: number;
  /** ticketPrice + bookingFee: what this seat costs. */
  amount: number;
  companionOfSeatId: number | null;
  proofRequired: boolean;
}

export interface PriceBreakdown {
  lines: PriceLine[];
  gradeTotal: number;
  typeDiscountTotal: number;
  codeDiscountTotal: number;
  bookingFeeTotal: number;
  /** What is charged: gradeTotal - typeDiscountTotal - codeDiscountTotal + bookingFeeTotal. */
  total: number;
  promoCode: string | null;
}

/** Why a booking cannot be priced as asked; `seatIndex` points at the seat to change. */
export class PricingProblem extends Error {
  constructor(
    message: string,
    readonly seatIndex: number | null = null,
  ) {
    super(message);
    this.name = 'PricingProblem';
  }
}

export const pricingMessages = {
  typeNotForGrade: (type: string, grade: string) =>
    `${type} 권종은 ${grade} 등급에 적용되지 않습니다.`,
  companionWithoutHolder:
    '동반자 좌석은 같은 예매의 장애인 또는 국가유공자 좌석과 함께 선택해주세요.',
  companionNotAllowed: (type: string) => `${type} 권종은 동반자 할인을 받을 수 없습니다.`,
  oneCompanionEach: '동반자 할인은 1인당 1명까지 받을 수 있습니다.',
  companionOfCompanion: '동반자 좌석의 동반자는 지정할 수 없습니다.',
} as const;

/** Won off `price` for `discount`, never more than the price itself. */
export function discountOff(price: number, discount: Discount): number {
  assertWon(price);
  const off =
    discount.kind === 'PERCENT'
      ? Math.floor((price * Math.min(100, Math.max(0, discount.value))) / 100)
      : Math.max(0, discount.value);
  return Math.min(price, off);
}

/** Applies to this grade: an empty list means every grade. */
export function appliesToGrade(gradeKeys: readonly string[], gradeKey: string): boolean {
  return gradeKeys.length === 0 || gradeKeys.includes(gradeKey);
}

/**
 * Prices a booking. Type discounts come first; the promo code then takes its percentage off each
 * eligible seat's remaining price, or its won amount once per booking, spread over the eligible
 * seats in the order given (each at most its remaining price). Throws `PricingProblem` for a
 * choice the rules refuse (a type for another grade, a companion without a holder of a type that
 * allows one, two companions for one holder).
 */
export function priceBooking(input: {
  seats: readonly SeatToPrice[];
  promo: PromoTerms | null;
  bookingFeePerSeat: number;
}): PriceBreakdown {
  assertWon(input.bookingFeePerSeat);
  const bySeatId = new Map(input.seats.map((seat, index) => [seat.concertSeatId, { seat, index }]));
  const companionsOf = new Map<number, number>();
  const typed = input.seats.map((seat, index) => {
    assertWon(seat.gradePrice);
    if (seat.companionOfSeatId == null) {
      const type = seat.ticketType;
      if (type && !appliesToGrade(type.gradeKeys, seat.gradeKey)) {
        throw new PricingProblem(pricingMessages.typeNotForGrade(type.name, seat.gradeName), index);
      }
      return { seat, type, companion: false };
    }
    const holder = bySeatId.get(seat.companionOfSeatId);
    if (!holder || holder.seat.concertSeatId === seat.concertSeatId || !holder.seat.ticketType) {
      throw new PricingProblem(pricingMessages.companionWithoutHolder, index);
    }
    if (holder.seat.companionOfSeatId != null) {
      throw new PricingProblem(pricingMessages.companionOfCompanion, index);
    }
    const type = holder.seat.ticketType;
    if (!type.companionAllowed || !companionKinds.has(type.kind)) {
      throw new PricingProblem(pricingMessages.companionNotAllowed(type.name), index);
    }
    const count = (companionsOf.get(holder.seat.concertSeatId) ?? 0) + 1;
    if (count > 1) throw new PricingProblem(pricingMessages.oneCompanionEach, index);
    companionsOf.set(holder.seat.concertSeatId, count);
    // The companion's seat gets the holder's discount on its own grade's price.
    return { seat, type, companion: true };
  });

  const afterType = typed.map(({ seat, type, companion }) => {
    const typeDiscount = type ? discountOff(seat.gradePrice, type.discount) : 0;
    return { seat, type, companion, typeDiscount, remaining: seat.gradePrice - typeDiscount };
  });

  const codeDiscounts = afterType.map(() => 0);
  const promo = input.promo;
  if (promo) {
    const eligible = afterType
      .map((entry, index) => ({ entry, index }))
      .filter(({ entry }) => appliesToGrade(promo.gradeKeys, entry.seat.gradeKey));
    if (promo.discount.kind === 'PERCENT') {
      for (const { entry, index } of eligible) {
        codeDiscounts[index] = discountOff(entry.remaining, promo.discount);
      }
    } else {
      let left = Math.max(0, promo.discount.value);
      for (const { entry, index } of eligible) {
        const take = Math.min(left, entry.remaining);
        codeDiscounts[index] = take;
        left -= take;
      }
    }
  }

  const lines: PriceLine[] = afterType.map(({ seat, type, companion, typeDiscount }, index) => {
    const codeDiscount = codeDiscounts[index] ?? 0;
    const ticketPrice = seat.gradePrice - typeDiscount - codeDiscount;
    const baseName = type ? type.name : ticketTypeKindLabels.GENERAL;
    return {
      concertSeatId: seat.concertSeatId,
      seatInfo: seat.seatInfo,
      gradeName: seat.gradeName,
      gradePrice: seat.gradePrice,
      ticketTypeId: type ? type.id : null,
      ticketTypeName: companion ? `${baseName} 동반자` : baseName,
      typeDiscount,
      codeDiscount,
      ticketPrice,
      bookingFee: input.bookingFeePerSeat,
      amount: ticketPrice + input.bookingFeePerSeat,
      companionOfSeatId: companion ? (seat.companionOfSeatId ?? null) : null,
      proofRequired: type ? type.proofRequired : false,
    };
  });
  return { lines, ...breakdownTotals(lines), promoCode: promo ? promo.code : null };
}

/**
 * The totals of priced lines: the breakdown's own, and the receipt's for the lines a booking
 * stored (each ticket keeps its grade price, discounts and fee).
 */
export function breakdownTotals(
  lines: ReadonlyArray<
    Pick<PriceLine, 'gradePrice' | 'typeDiscount' | 'codeDiscount' | 'bookingFee'>
  >,
): Pick<
  PriceBreakdown,
  'gradeTotal' | 'typeDiscountTotal' | 'codeDiscountTotal' | 'bookingFeeTotal' | 'total'
> {
  const sum = (pick: (line: (typeof lines)[number]) => number) =>
    lines.reduce((t, l) => t + pick(l), 0);
  const gradeTotal = sum((l) => l.gradePrice);
  const typeDiscountTotal = sum((l) => l.typeDiscount);
  const codeDiscountTotal = sum((l) => l.codeDiscount);
  const bookingFeeTotal = sum((l) => l.bookingFee);
  return {
    gradeTotal,
    typeDiscountTotal,
    codeDiscountTotal,
    bookingFeeTotal,
    total: gradeTotal - typeDiscountTotal - codeDiscountTotal + bookingFeeTotal,
  };
}

// ---------------------------------------------------------------------------------------------
// Cancellation fees (소비자분쟁해결기준, 공연업): the default table every refund is priced by.

/** Which row of the fee table a cancel falls in. */
export type CancelTier = 'FREE_WINDOW' | 'D10_PLUS' | 'D9_7' | 'D6_3' | 'D2_1' | 'ORGANIZER';

export const cancelTierLabels: Record<CancelTier, string> = {
  FREE_WINDOW: '예매 후 7일 이내 취소: 취소수수료 없음',
  D10_PLUS: '관람일 10일 전까지: 티켓 1매당 4,000원 (티켓 금액의 10% 한도)',
  D9_7: '관람일 9~7일 전: 티켓 금액의 10%',
  D6_3: '관람일 6~3일 전: 티켓 금액의 20%',
  D2_1: '관람일 2~1일 전: 티켓 금액의 30%',
  ORGANIZER: '주최측 취소: 전액 환불',
};

/** The table as buyers read it before confirming (booking detail, cancel dialog, receipt). */
export const cancelFeeTable: ReadonlyArray<{ when: string; fee: string }> = [
  { when: '예매 당일 취소', fee: '예매수수료까지 환불 (관람일 기준 수수료는 아래와 같이 적용)' },
  { when: '예매 후 7일 이내 (관람일 10일 전까지)', fee: '없음' },
  { when: '예매 후 8일 ~ 관람일 10일 전', fee: '티켓 1매당 4,000원 (티켓 금액의 10% 한도)' },
  { when: '관람일 9일 ~ 7일 전', fee: '티켓 금액의 10%' },
  { when: '관람일 6일 ~ 3일 전', fee: '티켓 금액의 20%' },
  { when: '관람일 2일 ~ 1일 전', fee: '티켓 금액의 30%' },
];

/** Days a booking may be cancelled free of fees after it was made (booking day = day 1). */
export const FREE_CANCEL_DAYS = 7;
/** The free window holds only while the show is at least this many days away. */
export const FREE_CANCEL_MIN_DAYS_BEFORE = 10;
/** The table's last row: cancels end the day before the show at the latest. */
export const LATEST_CANCEL_DAYS_BEFORE = 1;

export const refundMessages = {
  pastCutoff: (days: number) =>
    `예매 취소 가능 기간이 지났습니다. (공연 ${days}일 전까지 취소 가능)`,
} as const;

/** Whole calendar days from `from` to `to` (both `YYYY-MM-DD`, Asia/Seoul dates). */
export function daysBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** The tier of a buyer's cancel on `cancelDate` of a booking made on `bookedDate`. */
export function cancelTierOf(input: {
  bookedDate: string;
  cancelDate: string;
  concertDate: string;
}): CancelTier | null {
  const daysBefore = daysBetween(input.cancelDate, input.concertDate);
  if (daysBefore < LATEST_CANCEL_DAYS_BEFORE) return null;
  const sinceBooking = daysBetween(input.bookedDate, input.cancelDate);
  if (sinceBooking < FREE_CANCEL_DAYS && daysBefore >= FREE_CANCEL_MIN_DAYS_BEFORE) {
    return 'FREE_WINDOW';
  }
  if (daysBefore >= 10) return 'D10_PLUS';
  if (daysBefore >= 7) return 'D9_7';
  if (daysBefore >= 3) return 'D6_3';
  return 'D2_1';
}

/** The table's fee for one ticket of `ticketPrice` won in `tier`. */
export function cancellationFeeOf(tier: CancelTier, ticketPrice: number): number {
  assertWon(ticketPrice);
  switch (tier) {
    case 'FREE_WINDOW':
    case 'ORGANIZER':
      return 0;
    case 'D10_PLUS':
      return Math.min(4_000, Math.floor(ticketPrice / 10));
    case 'D9_7':
      return Math.floor(ticketPrice / 10);
    case 'D6_3':
      return Math.floor((ticketPrice * 2) / 10);
    case 'D2_1':
      return Math.floor((ticketPrice * 3) / 10);
  }
}

/** One ticket to refund: what was paid for it. */
export interface TicketToRefund {
  ticketId: number;
  seatInfo: string;
  /** Paid for the seat after discounts, without the booking fee. */
  ticketPrice: number;
  bookingFee: number;
}

export interface RefundLine {
  ticketId: number;
  seatInfo: string;
  /** ticketPrice + bookingFee: what was paid for this seat. */
  paid: number;
  cancellationFee: number;
  /** The booking fee given back (only on a same-day cancel or the organiser's cancel). */
  bookingFeeRefund: number;
  /** paid - cancellationFee - booking fee kept. */
  refund: number;
}

export interface RefundQuote {
  tier: CancelTier;
  /** Cancelled on the day it was booked: the booking fee comes back too (예매 당일 취소). */
  sameDay: boolean;
  tierLabel: string;
  lines: RefundLine[];
  paidTotal: number;
  cancellationFeeTotal: number;
  /** Booking fees not given back. */
  bookingFeeKept: number;
  refundTotal: number;
}

/**
 * Prices the refund of some tickets. A buyer's cancel follows the fee table and the seller's
 * cut-off (`cutoffDaysBefore`, at least the table's 1 day; null = cancellable whenever the table
 * is); the organiser's (a seller's or admin's cancellation) refunds everything, fees included.
 * Returns null when a buyer may no longer cancel.
 */
export function priceRefund(input: {
  tickets: readonly TicketToRefund[];
  bookedDate: string;
  cancelDate: string;
  concertDate: string;
  cutoffDaysBefore: number | null;
  byOrganizer: boolean;
}): RefundQuote | null {
  let tier: CancelTier;
  if (input.byOrganizer) {
    tier = 'ORGANIZER';
  } else {
    const found = cancelTierOf(input);
    if (!found) return null;
    const cutoff = Math.max(LATEST_CANCEL_DAYS_BEFORE, input.cutoffDaysBefore ?? 0);
    if (daysBetween(input.cancelDate, input.concertDate) < cutoff) return null;
    tier = found;
  }
  const sameDay = daysBetween(input.bookedDate, input.cancelDate) === 0;
  const feeBack = sameDay || tier === 'ORGANIZER';
  const lines: RefundLine[] = input.tickets.map((ticket) => {
    assertWon(ticket.bookingFee);
    const cancellationFee = cancellationFeeOf(tier, ticket.ticketPrice);
    const bookingFeeRefund = feeBack ? ticket.bookingFee : 0;
    return {
      ticketId: ticket.ticketId,
      seatInfo: ticket.seatInfo,
      paid: ticket.ticketPrice + ticket.bookingFee,
      cancellationFee,
      bookingFeeRefund,
      refund: ticket.ticketPrice - cancellationFee + bookingFeeRefund,
    };
  });
  const sum = (pick: (line: RefundLine) => number) => lines.reduce((t, l) => t + pick(l), 0);
  return {
    tier,
    sameDay,
    tierLabel: cancelTierLabels[tier],
    lines,
    paidTotal: sum((l) => l.paid),
    cancellationFeeTotal: sum((l) => l.cancellationFee),
    bookingFeeKept: sum((l) => l.paid - l.cancellationFee - l.refund),
    refundTotal: sum((l) => l.refund),
  };
}

function assertWon(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`not an amount of won: ${value}`);
  }
}
