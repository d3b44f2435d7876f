/** The id texts of the detail page (buyer-side.md §2 and §8). */
export const invalidConcertIdMessage = '잘못된 콘서트 ID 입니다.';
export const missingConcertIdMessage = '유효한 콘서트 ID가 필요합니다.';

const maxId = 2_147_483_647;

export type ConcertIdResult = { ok: true; concertId: number } | { ok: false; message: string };

/** A route's concert id: a positive whole number, else a message and no API call. */
export function parseConcertId(raw: string | undefined): ConcertIdResult {
  if (raw === undefined || raw.trim() === '')
    return { ok: false, message: missingConcertIdMessage };
  if (!/^\d+$/.test(raw)) return { ok: false, message: invalidConcertIdMessage };
  const concertId = Number(raw);
  if (!Number.isSafeInteger(concertId) || concertId < 1 || concertId > maxId) {
    return { ok: false, message: invalidConcertIdMessage };
  }
  return { ok: true, concertId };
}
