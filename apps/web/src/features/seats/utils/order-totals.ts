import { limits } from '@curtaincall/contracts';

export interface OrderTotals {
  seatCount: number;
  /** Sum of the seats' grade prices. */
  seatsPrice: number;
  /** 2,000원 per seat (product-rules.md §2). */
  fee: number;
  /** What the server will charge: grade prices plus the fee ('결제 예정 금액'). */
  total: number;
}

export function computeOrderTotals(seats: readonly { price: number }[]): OrderTotals {
  const seatsPrice = seats.reduce((sum, seat) => sum + seat.price, 0);
  const fee = seats.length * limits.bookingFeeWon;
  return { seatCount: seats.length, seatsPrice, fee, total: seatsPrice + fee };
}

export { formatCountdown } from '@/lib/use-seconds-left';
