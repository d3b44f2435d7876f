import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { concerts, promoCodes, promoRedemptions, seatGrades } from '../../db/schema/index';

export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** The promo code columns a seller writes. */
export interface PromoCodeFields {
  code: string;
  discountKind: string;
  discountValue: number;
  gradeKeys: string[];
  validFrom: Date | null;
  validUntil: Date | null;
  totalUses: number;
  oncePerAccount: boolean;
}

/** Redemptions that hold a use: unpaid (HELD) and paid (USED). */
const LIVE_REDEMPTION = ['HELD', 'USED'] as const;

/**
 * The concert's seller and status. `lock` takes the row FOR NO KEY UPDATE: the seller's edit and
 * cancel (FOR UPDATE) wait for it and it for them, while bookings' foreign-key checks (KEY SHARE)
 * of the same row go on.
 */
export async function findConcertForPromo(
  db: DbOrTx,
  concertId: number,
  options: { lock?: boolean } = {},
): Promise<{ sellerId: number; status: string } | undefined> {
  const query = db
    .select({ sellerId: concerts.sellerId, status: concerts.status })
    .from(concerts)
    .where(eq(concerts.id, concertId))
    .limit(1);
  const [row] = options.lock ? await query.for('no key update') : await query;
  return row;
}

/** The concert's grade keys: a layout grade's code, a quick-plan grade's name. */
export async function findGradeKeys(db: DbOrTx, concertId: number): Promise<string[]> {
  const rows = await db
    .select({ key: sql<string>`coalesce(${seatGrades.code}, ${seatGrades.name})` })
    .from(seatGrades)
    .where(eq(seatGrades.concertId, concertId));
  return rows.map((row) => row.key);
}

/** The concert's codes in use (deleted ones are inactive), oldest first. */
export async function findActivePromoCodes(db: DbOrTx, concertId: number): Promise<PromoCodeRow[]> {
  return db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.concertId, concertId), eq(promoCodes.active, true)))
    .orderBy(asc(promoCodes.id));
}

export async function countActivePromoCodes(db: DbOrTx, concertId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(promoCodes)
    .where(and(eq(promoCodes.concertId, concertId), eq(promoCodes.active, true)));
  return Number(row?.total ?? 0);
}

export async function insertPromoCode(
  db: DbOrTx,
  concertId: number,
  fields: PromoCodeFields,
  now: Date,
): Promise<PromoCodeRow> {
  const [row] = await db
    .insert(promoCodes)
    .values({ concertId, ...fields, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('promo code insert returned no row');
  return row;
}

/** An active code of the concert, locked for the change (uses are taken under the same lock). */
export async function lockActivePromoCode(
  db: DbOrTx,
  concertId: number,
  codeId: number,
): Promise<PromoCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.id, codeId),
        eq(promoCodes.concertId, concertId),
        eq(promoCodes.active, true),
      ),
    )
    .for('update');
  return row;
}

export async function updatePromoCode(
  db: DbOrTx,
  codeId: number,
  fields: PromoCodeFields,
  now: Date,
): Promise<PromoCodeRow> {
  const [row] = await db
    .update(promoCodes)
    .set({ ...fields, updatedAt: now })
    .where(eq(promoCodes.id, codeId))
    .returning();
  if (!row) throw new Error('promo code update returned no row');
  return row;
}

export async function deactivatePromoCode(db: DbOrTx, codeId: number, now: Date): Promise<void> {
  await db
    .update(promoCodes)
    .set({ active: false, updatedAt: now })
    .where(eq(promoCodes.id, codeId));
}

/**
 * The active code `code` (upper case) of a concert that is neither cancelled nor over: what a
 * buyer may still redeem.
 */
export async function findRedeemableCode(
  db: DbOrTx,
  concertId: number,
  code: string,
): Promise<PromoCodeRow | undefined> {
  const [row] = await db
    .select({ promo: promoCodes })
    .from(promoCodes)
    .innerJoin(concerts, eq(concerts.id, promoCodes.concertId))
    .where(
      and(
        eq(promoCodes.concertId, concertId),
        eq(promoCodes.code, code),
        eq(promoCodes.active, true),
        sql`${concerts.status} not in ('CANCELLED', 'COMPLETED')`,
      ),
    )
    .limit(1);
  return row?.promo;
}

/** This user's redemptions of a code that hold a use, by status. */
export async function countLiveRedemptions(
  db: DbOrTx,
  promoCodeId: number,
  userId: number,
): Promise<{ held: number; used: number }> {
  const rows = await db
    .select({ status: promoRedemptions.status, total: count() })
    .from(promoRedemptions)
    .where(
      and(
        eq(promoRedemptions.promoCodeId, promoCodeId),
        eq(promoRedemptions.userId, userId),
        inArray(promoRedemptions.status, [...LIVE_REDEMPTION]),
      ),
    )
    .groupBy(promoRedemptions.status);
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.total ?? 0);
  return { held: of('HELD'), used: of('USED') };
}

/**
 * Takes one use of an active code: one conditional UPDATE, so concurrent claims on any number of
 * instances queue on the row lock and each sees the count its predecessor committed; exactly
 * `total_uses` of them get a row back. Undefined when none is left (or the code was deleted).
 */
export async function takePromoUse(
  db: DbOrTx,
  promoCodeId: number,
  now: Date,
): Promise<PromoCodeRow | undefined> {
  const [row] = await db
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1`, updatedAt: now })
    .where(
      and(
        eq(promoCodes.id, promoCodeId),
        eq(promoCodes.active, true),
        sql`${promoCodes.usedCount} < ${promoCodes.totalUses}`,
      ),
    )
    .returning();
  return row;
}

export async function isPromoCodeActive(db: DbOrTx, promoCodeId: number): Promise<boolean> {
  const [row] = await db
    .select({ active: promoCodes.active })
    .from(promoCodes)
    .where(eq(promoCodes.id, promoCodeId));
  return row?.active === true;
}

export async function insertRedemption(
  db: DbOrTx,
  redemption: {
    promoCodeId: number;
    bookingId: number;
    userId: number;
    discount: number;
    now: Date;
  },
): Promise<void> {
  await db.insert(promoRedemptions).values({
    promoCodeId: redemption.promoCodeId,
    bookingId: redemption.bookingId,
    userId: redemption.userId,
    discount: redemption.discount,
    status: 'HELD',
    createdAt: redemption.now,
    updatedAt: redemption.now,
  });
}

export async function markRedemptionUsed(db: DbOrTx, bookingId: number, now: Date): Promise<void> {
  await db
    .update(promoRedemptions)
    .set({ status: 'USED', updatedAt: now })
    .where(and(eq(promoRedemptions.bookingId, bookingId), eq(promoRedemptions.status, 'HELD')));
}

/**
 * The booking's redemption RELEASED and its use given back, in one statement. Only a HELD or
 * USED redemption moves, under its row lock, so of two releases of one booking (a second call,
 * or two at once) exactly one gives the use back. True when this call gave it back.
 */
export async function releaseRedemptionOf(
  db: DbOrTx,
  bookingId: number,
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
      with released as (
        update ${promoRedemptions}
        set status = 'RELEASED', updated_at = ${at}::timestamptz
        where booking_id = ${bookingId} and status in ('HELD', 'USED')
        returning promo_code_id
      )
      update ${promoCodes}
      set used_count = greatest(${promoCodes.usedCount} - 1, 0), updated_at = ${at}::timestamptz
      from released
      where ${promoCodes.id} = released.promo_code_id
      returning ${promoCodes.id}
    `,
  );
  return rows.length > 0;
}
