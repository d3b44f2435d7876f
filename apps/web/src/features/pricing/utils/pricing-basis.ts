import type { ConcertGradeAvailability } from '@curtaincall/contracts';

/** What both lists of the 권종·할인 page price and judge with. */
export interface PricingBasis {
  concertId: number;
  /** The concert's grades in the seller's order: the keys a type or code applies to. */
  grades: readonly ConcertGradeAvailability[];
  /** Today's platform fee per seat, for the previews. */
  bookingFeePerSeat: number;
  /** A cancelled or completed concert: the lists only, no changes. */
  isClosed: boolean;
}
