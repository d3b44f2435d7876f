/** The bus channel on which every instance announces changed seats of a concert. */
export const seatChannel = (concertId: number) => `seats:${concertId}`;

export interface SeatChange {
  concertId: number;
  seatIds: number[];
}
