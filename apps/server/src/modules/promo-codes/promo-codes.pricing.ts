import {
  appliesToGrade,
  promoMessages,
  type DiscountKind,
  type PromoTerms,
} from '@curtaincall/contracts';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import {
  countLiveRedemptions,
  findRedeemableCode,
  insertRedemption,
  isPromoCodeActive,
  markRedemptionUsed,
  releaseRedemptionOf,
  takePromoUse,
  type PromoCodeRow,
} from './promo-codes.repo';

/**
 * A promo code's use in the booking transaction (issue 27). A use is taken when the booking is
 * made (`claimPromoCode`, then `recordRedemption` once the booking row exists), kept when it is
 * paid (`markRedemptionPaid`) and given back when the booking ends unpaid (expired, failed,
 * superseded) or is cancelled whole (`releaseRedemption`); a partial cancel keeps it.
 */

export type PromoRefusalReason = 'invalid' | 'exhausted' | 'usedByYou' | 'noEligibleSeat';

/**
 * A code the buyer may not use: 400 C001 with the reason's text at `field` (`code` on the check
 * route, `promoCode` on the booking). `invalid` (no such code, or not valid now) is the one that
 * counts as a failed try of the enumeration limit (promo-tries.ts); the others name a real code.
 */
export class PromoRefusal extends AppError {
  constructor(
    readonly reason: PromoRefusalReason,
    field: string,
  ) {
    super('C001', promoMessages[reason], [{ field, message: promoMessages[reason] }]);
  }
}

export function isFailedPromoTry(error: unknown): boolean {
  return error instanceof PromoRefusal && error.reason === 'invalid';
}

function promoTermsOf(row: PromoCodeRow): PromoTerms {
  return {
    code: row.code,
    discount: { kind: row.discountKind as DiscountKind, value: row.discountValue },
    gradeKeys: row.gradeKeys,
  };
}

/** Codes are compared upper case, as they are stored. */
function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Valid from `validFrom` up to and including `validUntil` (as 조기예매 holds to its end), by the
 * injected clock; open ends when null.
 */
function isWithinWindow(row: PromoCodeRow, now: Date): boolean {
  const time = now.getTime();
  return (
    (row.validFrom === null || row.validFrom.getTime() <= time) &&
    (row.validUntil === null || time <= row.validUntil.getTime())
  );
}

/**
 * The concert's code `code` if a buyer may redeem it now: active, the concert neither cancelled
 * nor over, inside its window. Otherwise `invalid`, the same refusal for a code that does not
 * exist, so a guess learns nothing about codes that exist at other times.
 */
export async function findCodeValidNow(
  db: DbOrTx,
  input: { concertId: number; code: string; now: Date },
  field: string,
): Promise<PromoCodeRow> {
  const row = await findRedeemableCode(db, input.concertId, normalizePromoCode(input.code));
  if (!row || !isWithinWindow(row, input.now)) throw new PromoRefusal('invalid', field);
  return row;
}

export interface ClaimedPromoCode {
  promoCodeId: number;
  terms: PromoTerms;
}

/**
 * Takes one use of the concert's code for this user's booking, inside the booking transaction,
 * or throws `PromoRefusal` at field `promoCode` (the transaction then rolls back, use and all).
 *
 * Call it after `lockUserHolds(tx, concertId, userId)` and after the user's superseded unpaid
 * bookings of this concert had their redemptions released (`releaseRedemption`), and as late in
 * the transaction as the pricing allows: the code's row stays locked from here to the commit,
 * so bookings with the same code commit one after another.
 *
 * Once per account: the check below and the redemption insert are not one statement, yet two
 * bookings of one user cannot both pass it, because a code belongs to one concert and every
 * booking transaction of a (concert, user) first takes that pair's advisory lock
 * (`lockUserHolds`): the second waits for the first to commit, and its check then reads the
 * first one's HELD redemption (READ COMMITTED: each statement sees what committed before it).
 *
 * `seatGradeKeys`, the grade keys of the seats being booked: when given and the code applies to
 * none of them, `noEligibleSeat` is thrown before a use is taken.
 */
export async function claimPromoCode(
  tx: DbOrTx,
  input: {
    concertId: number;
    userId: number;
    code: string;
    now: Date;
    seatGradeKeys?: readonly string[];
  },
): Promise<ClaimedPromoCode> {
  const field = 'promoCode';
  const row = await findCodeValidNow(tx, input, field);
  const grades = input.seatGradeKeys;
  if (grades && !grades.some((key) => appliesToGrade(row.gradeKeys, key))) {
    throw new PromoRefusal('noEligibleSeat', field);
  }
  if (row.oncePerAccount) {
    const mine = await countLiveRedemptions(tx, row.id, input.userId);
    if (mine.held + mine.used > 0) throw new PromoRefusal('usedByYou', field);
  }
  const taken = await takePromoUse(tx, row.id, input.now);
  if (!taken) {
    // Deleted by its seller since the read above: as unknown as any other missing code.
    const reason = (await isPromoCodeActive(tx, row.id)) ? 'exhausted' : 'invalid';
    throw new PromoRefusal(reason, field);
  }
  // The terms as of the taken use (the row lock makes them the latest committed).
  return { promoCodeId: taken.id, terms: promoTermsOf(taken) };
}

/** The claimed use's record, HELD until the booking is paid. `discount`: won off the booking. */
export async function recordRedemption(
  tx: DbOrTx,
  input: { promoCodeId: number; bookingId: number; userId: number; discount: number; now: Date },
): Promise<void> {
  if (!Number.isSafeInteger(input.discount) || input.discount < 0) {
    throw new Error(`a promo discount must be whole won, got ${input.discount}`);
  }
  await insertRedemption(tx, input);
}

/** The booking was paid: its HELD redemption becomes USED (nothing when it has none). */
export async function markRedemptionPaid(tx: DbOrTx, bookingId: number, now: Date): Promise<void> {
  await markRedemptionUsed(tx, bookingId, now);
}

/**
 * The booking ended unpaid or was cancelled whole: its HELD or USED redemption becomes RELEASED
 * and the code's use is given back (`used_count - 1`, never below 0). Idempotent: a second call,
 * or a booking without a code, changes nothing. True when this call gave a use back.
 */
export async function releaseRedemption(
  tx: DbOrTx,
  bookingId: number,
  now: Date,
): Promise<boolean> {
  return releaseRedemptionOf(tx, bookingId, now);
}
