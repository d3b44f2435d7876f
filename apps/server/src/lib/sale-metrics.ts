/**
 * What the services tell the metrics (modules/metrics/app-metrics.ts implements it). Every call
 * is a synchronous counter increment: nothing is awaited on the hold or queue path. Services
 * built without it (unit tests) record nothing.
 */
export type SeatHoldOutcome = 'granted' | 'already_held' | 'taken' | 'over_limit';
export const bookingOutcomes = [
  /** A booking made, waiting for its payment. */
  'created',
  /** Paid and confirmed. */
  'confirmed',
  /** The payment failed or was abandoned; the seats went back. */
  'payment_failed',
  /** Not paid within the window; the seats went back. */
  'expired',
  /** Cancelled and refunded at the buyer's request. */
  'cancelled_by_buyer',
  /** Refunded because the concert was cancelled. */
  'refunded_concert_cancelled',
] as const;
export type BookingOutcome = (typeof bookingOutcomes)[number];
export const paymentOutcomes = [
  /** The provider approved the charge. */
  'approved',
  /** The provider refused it (or could not be reached). */
  'declined',
  /** Money given back (buyer cancel, cancelled concert, a payment that arrived too late). */
  'refunded',
  /** A refund the provider refused or could not take; tried again later. */
  'refund_failed',
] as const;
export type PaymentOutcome = (typeof paymentOutcomes)[number];

export interface SaleMetrics {
  /** Users admitted to a concert's seat page: by the admission tick or straight at entry. */
  admitted(concertId: number, count: number, via: 'tick' | 'immediate'): void;
  seatHold(concertId: number, outcome: SeatHoldOutcome): void;
  booking(outcome: BookingOutcome, count?: number): void;
  payment(outcome: PaymentOutcome, count?: number): void;
}

export interface JobMetrics {
  /** One run of a scheduled job on the instance holding its lock. */
  jobRun(job: string, outcome: 'ok' | 'failed', seconds: number): void;
}
