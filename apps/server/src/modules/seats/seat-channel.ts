/** The bus channel on which every instance announces changed seats of a concert. */
export const seatChannel = (concertId: number) => `seats:${concertId}`;

export interface SeatChange {
  concertId: number;
  seatIds: number[];
  /**
   * Seats of `seatIds` that this change holds for someone, announced by the instance that just
   * granted them, so every instance can refuse other clicks on them without a database read.
   */
  held?: HeldSeat[];
}

export interface HeldSeat {
  seatId: number;
  userId: number;
  /** Epoch ms. */
  expiresAt: number;
}
