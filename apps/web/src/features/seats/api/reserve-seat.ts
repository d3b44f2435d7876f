import { seatEntrySchema, type SeatEntry } from '@curtaincall/contracts';
import { seatRequest } from './seat-request';

/**
 * `POST /seats/concerts/{cid}/seats/{sid}/reserve` (key): holds the seat for 5 minutes and
 * answers its entry. Holding a seat you already hold is idempotent ('이미 선점한 좌석입니다').
 * Errors carry the contract's keywords (유저, 최대 2개) for the toasts.
 */
export async function reserveSeat(concertId: number, seatId: number): Promise<SeatEntry | null> {
  const { data } = await seatRequest(concertId, `/seats/${seatId}/reserve`, { method: 'POST' });
  const parsed = seatEntrySchema.safeParse(data);
  // A hold without a readable entry still happened: the status refresh will show it.
  return parsed.success ? parsed.data : null;
}
