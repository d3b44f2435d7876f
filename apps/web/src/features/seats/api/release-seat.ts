import { seatRequest } from './seat-request';

/**
 * `DELETE /seats/concerts/{cid}/seats/{sid}/release` (key): gives the caller's hold back.
 * 409 when the seat was not theirs ('선점하지 않은 좌석입니다.') or the hold already expired
 * ('선점 시간이 만료되었습니다.').
 */
export async function releaseSeat(concertId: number, seatId: number): Promise<void> {
  await seatRequest(concertId, `/seats/${seatId}/release`, { method: 'DELETE' });
}
