import {
  promoLimits,
  promoMessages,
  sellerConcertMessages,
  type FieldError,
  type PromoCheck,
  type promoCodeWriteSchema,
  type SellerPromoCode,
} from '@curtaincall/contracts';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolationConstraint } from '../../lib/db-errors';
import { fromSeoulDateTime, toSeoulDateTime } from '../../lib/seoul-time';
import type { AuthUser } from '../auth/auth.policy';
import { findCodeValidNow, PromoRefusal } from './promo-codes.pricing';
import {
  countActivePromoCodes,
  countLiveRedemptions,
  deactivatePromoCode,
  findActivePromoCodes,
  findConcertForPromo,
  findGradeKeys,
  insertPromoCode,
  lockActivePromoCode,
  updatePromoCode,
  type PromoCodeFields,
  type PromoCodeRow,
} from './promo-codes.repo';
import type { PromoTryClient, PromoTryLimiter } from './promo-tries';

/** The write body after validation (upper-case code, defaults applied). */
export type PromoCodeInput = z.output<typeof promoCodeWriteSchema>;

function toSellerPromoCode(row: PromoCodeRow): SellerPromoCode {
  return {
    id: row.id,
    code: row.code,
    discountKind: row.discountKind as SellerPromoCode['discountKind'],
    discountValue: row.discountValue,
    gradeKeys: row.gradeKeys,
    validFrom: row.validFrom ? toSeoulDateTime(row.validFrom) : null,
    validUntil: row.validUntil ? toSeoulDateTime(row.validUntil) : null,
    totalUses: row.totalUses,
    used: row.usedCount,
    oncePerAccount: row.oncePerAccount,
  };
}

const duplicateCode = () =>
  new AppError('C001', promoMessages.duplicate, [
    { field: 'code', message: promoMessages.duplicate },
  ]);

/**
 * Promo codes (issue 27): a seller's codes per concert (performance), and the buyers' check of a
 * code before booking. The booking takes and gives back uses through promo-codes.pricing.ts.
 */
export function createPromoCodesService(deps: {
  db: Database;
  clock: Clock;
  tries: PromoTryLimiter;
}) {
  const { db, clock, tries } = deps;

  /** The seller's own concert: 404 T003 when unknown, 403 S002 when another seller's. */
  async function ownConcert(
    tx: DbOrTx,
    seller: AuthUser,
    concertId: number,
    options: { lock?: boolean } = {},
  ): Promise<{ status: string }> {
    const row = await findConcertForPromo(tx, concertId, options);
    if (!row) throw new AppError('T003');
    if (row.sellerId !== seller.id) throw new AppError('S002', sellerConcertMessages.notOwner);
    return row;
  }

  /** The concert locked for a change of its codes, which a cancelled or played show refuses. */
  async function ownOpenConcert(tx: DbOrTx, seller: AuthUser, concertId: number): Promise<void> {
    const concert = await ownConcert(tx, seller, concertId, { lock: true });
    if (concert.status === 'CANCELLED' || concert.status === 'COMPLETED') {
      throw new AppError('S006', promoMessages.concertClosed);
    }
  }

  /** The body as columns; grade keys must be the concert's (each listed once). */
  async function fieldsOf(
    tx: DbOrTx,
    concertId: number,
    body: PromoCodeInput,
  ): Promise<PromoCodeFields> {
    const gradeKeys = [...new Set(body.gradeKeys)];
    if (gradeKeys.length > 0) {
      const known = new Set(await findGradeKeys(tx, concertId));
      const problems: FieldError[] = body.gradeKeys.flatMap((key, index) =>
        known.has(key)
          ? []
          : [{ field: `gradeKeys[${index}]`, message: promoMessages.unknownGrade }],
      );
      if (problems.length > 0) throw new AppError('C001', problems[0]?.message, problems);
    }
    return {
      code: body.code,
      discountKind: body.discountKind,
      discountValue: body.discountValue,
      gradeKeys,
      validFrom: body.validFrom ? fromSeoulDateTime(body.validFrom) : null,
      validUntil: body.validUntil ? fromSeoulDateTime(body.validUntil) : null,
      totalUses: body.totalUses,
      oncePerAccount: body.oncePerAccount,
    };
  }

  /** Runs a write; another active code of the same text in the concert is C001 at `code`. */
  async function writing<T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (uniqueViolationConstraint(error) === 'promo_codes_concert_code_key') {
        throw duplicateCode();
      }
      throw error;
    }
  }

  async function list(seller: AuthUser, concertId: number): Promise<SellerPromoCode[]> {
    await ownConcert(db, seller, concertId);
    return (await findActivePromoCodes(db, concertId)).map(toSellerPromoCode);
  }

  /**
   * A new code. Under the concert's lock, so the count of 100 active codes holds with parallel
   * creates; the partial unique index on (concert, code) of active codes catches a duplicate.
   */
  async function create(
    seller: AuthUser,
    concertId: number,
    body: PromoCodeInput,
  ): Promise<SellerPromoCode> {
    const now = clock.now();
    const row = await writing(async (tx) => {
      await ownOpenConcert(tx, seller, concertId);
      if ((await countActivePromoCodes(tx, concertId)) >= promoLimits.perConcert) {
        throw new AppError('S006', promoMessages.tooMany);
      }
      return insertPromoCode(tx, concertId, await fieldsOf(tx, concertId, body), now);
    });
    return toSellerPromoCode(row);
  }

  /**
   * A code's terms replaced. Bookings already made keep the discount they were priced with (it
   * is on their tickets); the total may not go below the uses taken, which the code's row lock
   * keeps still while this runs (a claim updates the same row).
   */
  async function update(
    seller: AuthUser,
    concertId: number,
    codeId: number,
    body: PromoCodeInput,
  ): Promise<SellerPromoCode> {
    const now = clock.now();
    const row = await writing(async (tx) => {
      await ownOpenConcert(tx, seller, concertId);
      const current = await lockActivePromoCode(tx, concertId, codeId);
      if (!current) throw new AppError('C002', promoMessages.notFound);
      const fields = await fieldsOf(tx, concertId, body);
      if (fields.totalUses < current.usedCount) {
        const message = promoMessages.totalUsesBelowUsed(current.usedCount);
        throw new AppError('C001', message, [{ field: 'totalUses', message }]);
      }
      return updatePromoCode(tx, codeId, fields, now);
    });
    return toSellerPromoCode(row);
  }

  /** The code stops working for new bookings; its redemptions (and their bookings) stay. */
  async function remove(seller: AuthUser, concertId: number, codeId: number): Promise<void> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      await ownOpenConcert(tx, seller, concertId);
      const current = await lockActivePromoCode(tx, concertId, codeId);
      if (!current) throw new AppError('C002', promoMessages.notFound);
      await deactivatePromoCode(tx, codeId, now);
    });
  }

  /**
   * A buyer's check of a code before booking (one try of the enumeration limit): the terms to
   * price the seat panel with, or the refusal the booking would give. A HELD use of this buyer
   * does not count against them here: it belongs to their unpaid booking of this concert, which
   * their next booking replaces, giving the use back in the same transaction as it claims one.
   */
  async function check(
    user: AuthUser,
    concertId: number,
    code: string,
    client: Pick<PromoTryClient, 'clientIp'>,
  ): Promise<PromoCheck> {
    const now = clock.now();
    return tries.attempt({ userId: user.id, clientIp: client.clientIp }, async () => {
      const row = await findCodeValidNow(db, { concertId, code, now }, 'code');
      const mine = await countLiveRedemptions(db, row.id, user.id);
      if (row.oncePerAccount && mine.used > 0) throw new PromoRefusal('usedByYou', 'code');
      if (row.usedCount - mine.held >= row.totalUses) throw new PromoRefusal('exhausted', 'code');
      return {
        code: row.code,
        discountKind: row.discountKind as PromoCheck['discountKind'],
        discountValue: row.discountValue,
        gradeKeys: row.gradeKeys,
      };
    });
  }

  return { list, create, update, remove, check };
}

export type PromoCodesService = ReturnType<typeof createPromoCodesService>;
