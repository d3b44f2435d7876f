import { ticketTypeMessages, type TicketTypeTerms } from '@curtaincall/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import { isEarlyBirdOver, termsOf } from './ticket-types.policy';
import {
  findTicketTypesByIds,
  giveBackTicketTypeQuota,
  holdsEarlierTicketOfShow,
  takeTicketTypeQuota,
  type TicketTypeRow,
} from './ticket-types.repo';

/**
 * 권종 in the booking transaction (issue 27): the checks a buyer's choice must pass on the server
 * and the quota it takes, then gives back. The caller prices the seats with pricing.ts
 * `priceBooking` and the terms returned here.
 */

/** A seat's chosen type. A companion's pick names its holder's type: it counts against it too. */
export interface TicketTypePick {
  /** The seat's place in the request's `seatTypes`, for the field of an error. */
  seatIndex: number;
  ticketTypeId: number;
}

/** A refusal next to the seat whose choice must change. */
function refused(seatIndex: number, message: string): AppError {
  return new AppError('C001', message, [
    { field: `seatTypes[${seatIndex}].ticketTypeId`, message },
  ]);
}

/**
 * Checks the picks and takes one use of each picked type per seat, all or nothing with the
 * caller's transaction. Refuses (400 C001, the field `seatTypes[i].ticketTypeId`) a type that is
 * not an active type of this concert, a 조기예매 past its end, a 재관람 for a buyer without a valid
 * ticket of an earlier performance of the show, and a type whose quota is short. Each type's
 * quota is taken by one conditional UPDATE, in id order so two bookings never wait on each other
 * in a circle; the row stays locked to the end of the transaction, so the count is exact across
 * instances. Returns each type's terms as taken (the row's at that instant), keyed by type id.
 */
export async function claimTicketTypes(
  tx: DbOrTx,
  input: {
    concertId: number;
    showId: number;
    /** The performance's Asia/Seoul date and start time (`YYYY-MM-DD`, `HH:mm[:ss]`). */
    concertDate: string;
    startTime: string;
    userId: number;
    now: Date;
    picks: readonly TicketTypePick[];
  },
): Promise<Map<number, TicketTypeTerms>> {
  const terms = new Map<number, TicketTypeTerms>();
  if (input.picks.length === 0) return terms;

  /** Per type: its seats and the first seat that chose it (where its errors point). */
  const wanted = new Map<number, { seats: number; firstSeatIndex: number }>();
  for (const pick of input.picks) {
    const entry = wanted.get(pick.ticketTypeId);
    if (entry) entry.seats += 1;
    else wanted.set(pick.ticketTypeId, { seats: 1, firstSeatIndex: pick.seatIndex });
  }

  const rows = new Map(
    (await findTicketTypesByIds(tx, [...wanted.keys()])).map((row) => [row.id, row]),
  );
  const typeOf = (typeId: number): TicketTypeRow | undefined => {
    const row = rows.get(typeId);
    return row && row.concertId === input.concertId && row.active ? row : undefined;
  };
  for (const pick of input.picks) {
    if (!typeOf(pick.ticketTypeId)) {
      throw refused(pick.seatIndex, ticketTypeMessages.unknownType);
    }
  }

  // Checked on the rows read, then again on each row as its quota is taken: a seller's change
  // committed in between (a new end, another kind) is what the booking gets.
  let isRevisitor: boolean | null = null;
  const assertOpenTo = async (row: TicketTypeRow, seatIndex: number): Promise<void> => {
    if (isEarlyBirdOver(row, input.now)) {
      throw refused(seatIndex, ticketTypeMessages.earlyOver(row.name));
    }
    if (row.kind !== 'REVISIT') return;
    isRevisitor ??= await holdsEarlierTicketOfShow(tx, {
      userId: input.userId,
      showId: input.showId,
      concertId: input.concertId,
      concertDate: input.concertDate,
      startTime: input.startTime,
    });
    if (!isRevisitor) throw refused(seatIndex, ticketTypeMessages.revisitOnly);
  };
  for (const [typeId, { firstSeatIndex }] of wanted) {
    const row = typeOf(typeId);
    if (row) await assertOpenTo(row, firstSeatIndex);
  }

  const inIdOrder = [...wanted.entries()].sort(([a], [b]) => a - b);
  for (const [typeId, { seats, firstSeatIndex }] of inIdOrder) {
    const taken = await takeTicketTypeQuota(tx, typeId, seats);
    if (!taken) {
      // Short of quota, or removed by its seller since it was read a moment ago.
      const [latest] = await findTicketTypesByIds(tx, [typeId]);
      throw refused(
        firstSeatIndex,
        latest?.active ? ticketTypeMessages.soldOut(latest.name) : ticketTypeMessages.unknownType,
      );
    }
    await assertOpenTo(taken, firstSeatIndex);
    terms.set(typeId, termsOf(taken));
  }
  return terms;
}

/**
 * Gives back one use per occurrence of a type id: a seat whose booking ended unpaid, or a seat
 * cancelled. Never below 0. In id order, like the claim, inside the caller's transaction.
 */
export async function releaseTicketTypes(
  tx: DbOrTx,
  ticketTypeIds: readonly number[],
): Promise<void> {
  const seatsOf = new Map<number, number>();
  for (const typeId of ticketTypeIds) seatsOf.set(typeId, (seatsOf.get(typeId) ?? 0) + 1);
  for (const typeId of [...seatsOf.keys()].sort((a, b) => a - b)) {
    await giveBackTicketTypeQuota(tx, typeId, seatsOf.get(typeId) ?? 0);
  }
}
