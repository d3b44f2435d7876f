import { seatEntrySchema, type SeatEntry } from '@curtaincall/contracts';
import { seatRequest } from './seat-request';

/**
 * `POST /seats/concerts/{cid}/standing/{section}/reserve` (key, issue 25): holds the lowest free
 * entry number (입장번호) of a standing zone for 5 minutes, under the seats' limit of 2, and
 * answers that slot's entry (`P-0-37`). Released like a seat, by its seatId.
 */
export async function reserveStandingSlot(
  concertId: number,
  section: string,
): Promise<SeatEntry | null> {
  const { data } = await seatRequest(
    concertId,
    `/standing/${encodeURIComponent(section)}/reserve`,
    { method: 'POST' },
  );
  const parsed = seatEntrySchema.safeParse(data);
  // A hold without a readable entry still happened: the status refresh will show it.
  return parsed.success ? parsed.data : null;
}
