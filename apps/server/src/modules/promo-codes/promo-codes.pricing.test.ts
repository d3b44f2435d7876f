import { promoLimits, promoMessages } from '@curtaincall/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryCounterStore } from '../../adapters/counter-store/memory-counter-store';
import { promoCodes, promoRedemptions } from '../../db/schema/index';
import { AppError } from '../../http/app-error';
import { createConcert, createLoggedInUser, insertUsers } from '../../../test/helpers/factories';
import { insertPendingBookings, promoCodeBody } from '../../../test/helpers/promo-codes';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { lockUserHolds } from '../seats/seats.service';
import {
  claimPromoCode,
  markRedemptionPaid,
  PromoRefusal,
  recordRedemption,
  releaseRedemption,
} from './promo-codes.pricing';
import { createPromoTryLimiter } from './promo-tries';

/**
 * The functions the booking transaction calls (promo-codes.pricing.ts): a use taken, recorded,
 * paid and given back exactly once; once per account under the booking's per-user lock; and a
 * booking's wrong code counted by the same limit as the check route's.
 */
let ctx: TestContext;
let concertId: number;
let sellerCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  sellerCookie = seller.cookie;
  concertId = (await createConcert(ctx.database.db, { sellerId: seller.id })).id;
}, 120_000);
afterAll(async () => ctx?.close());

async function createCode(
  overrides: Record<string, unknown>,
): Promise<{ id: number; code: string }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/seller/concerts/${concertId}/promo-codes`,
    headers: { cookie: sellerCookie, 'content-type': 'application/json' },
    payload: promoCodeBody(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; code: string };
}

async function codeRow(id: number) {
  const [row] = await ctx.database.db.select().from(promoCodes).where(eq(promoCodes.id, id));
  if (!row) throw new Error('no such code');
  return row;
}

async function redemptionStatus(bookingId: number): Promise<string | undefined> {
  const [row] = await ctx.database.db
    .select({ status: promoRedemptions.status })
    .from(promoRedemptions)
    .where(eq(promoRedemptions.bookingId, bookingId));
  return row?.status;
}

/** A booking transaction's promo part, under the booking's per-(concert, user) lock. */
function book(userId: number, bookingId: number, code: string, seatGradeKeys?: string[]) {
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    await lockUserHolds(tx, concertId, userId);
    const claimed = await claimPromoCode(tx, {
      concertId,
      userId,
      code,
      now,
      ...(seatGradeKeys ? { seatGradeKeys } : {}),
    });
    await recordRedemption(tx, {
      promoCodeId: claimed.promoCodeId,
      bookingId,
      userId,
      discount: 12_000,
      now,
    });
    return claimed;
  });
}

describe('claimPromoCode', () => {
  it('takes one use and answers the terms, whatever the case of the code typed', async () => {
    const code = await createCode({ code: 'Terms-15', discountValue: 15, gradeKeys: ['VIP'] });
    const [user] = await insertUsers(ctx.database.db, 1);
    const [bookingId = 0] = await insertPendingBookings(
      ctx.database.db,
      concertId,
      [user?.id ?? 0],
      ctx.clock.now(),
    );
    const claimed = await book(user?.id ?? 0, bookingId, ' terms-15 ');
    expect(claimed).toEqual({
      promoCodeId: code.id,
      terms: { code: 'TERMS-15', discount: { kind: 'PERCENT', value: 15 }, gradeKeys: ['VIP'] },
    });
    expect((await codeRow(code.id)).usedCount).toBe(1);
    expect(await redemptionStatus(bookingId)).toBe('HELD');
  });

  it('refuses a code for none of the seats booked before taking a use (noEligibleSeat)', async () => {
    const code = await createCode({ gradeKeys: ['프리미엄'] });
    const [user] = await insertUsers(ctx.database.db, 1);
    const userId = user?.id ?? 0;
    const [bookingId = 0] = await insertPendingBookings(
      ctx.database.db,
      concertId,
      [userId],
      ctx.clock.now(),
    );
    const refusal = await book(userId, bookingId, code.code, ['VIP', '일반석']).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(PromoRefusal);
    expect((refusal as PromoRefusal).fieldErrors).toEqual([
      { field: 'promoCode', message: promoMessages.noEligibleSeat },
    ]);
    expect((await codeRow(code.id)).usedCount).toBe(0);
    await book(userId, bookingId, code.code, ['VIP', '프리미엄']);
    expect((await codeRow(code.id)).usedCount).toBe(1);
  });

  it('gives one use to one account when its two bookings run at once (the per-user lock)', async () => {
    const code = await createCode({ oncePerAccount: true, totalUses: 10 });
    const [user] = await insertUsers(ctx.database.db, 1);
    const userId = user?.id ?? 0;
    const bookingIds = await insertPendingBookings(
      ctx.database.db,
      concertId,
      [userId, userId, userId],
      ctx.clock.now(),
    );
    const outcomes = await Promise.allSettled(bookingIds.map((id) => book(userId, id, code.code)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const reasons = outcomes.flatMap((o) =>
      o.status === 'rejected' ? [(o.reason as PromoRefusal).reason] : [],
    );
    expect(reasons).toEqual(['usedByYou', 'usedByYou']);
    expect((await codeRow(code.id)).usedCount).toBe(1);
  });
});

describe('redemptions', () => {
  it('HELD, then USED when paid, then RELEASED once: a second release gives nothing back', async () => {
    const code = await createCode({ oncePerAccount: false });
    const users = await insertUsers(ctx.database.db, 2);
    const [paidBooking = 0, unpaidBooking = 0] = await insertPendingBookings(
      ctx.database.db,
      concertId,
      users.map((u) => u.id),
      ctx.clock.now(),
    );
    await book(users[0]?.id ?? 0, paidBooking, code.code);
    await book(users[1]?.id ?? 0, unpaidBooking, code.code);
    const db = ctx.database.db;
    const now = ctx.clock.now();
    await db.transaction((tx) => markRedemptionPaid(tx, paidBooking, now));
    expect(await redemptionStatus(paidBooking)).toBe('USED');
    expect(await redemptionStatus(unpaidBooking)).toBe('HELD');

    expect(await db.transaction((tx) => releaseRedemption(tx, paidBooking, now))).toBe(true);
    expect(await db.transaction((tx) => releaseRedemption(tx, paidBooking, now))).toBe(false);
    expect(await redemptionStatus(paidBooking)).toBe('RELEASED');
    expect((await codeRow(code.id)).usedCount).toBe(1);
    // Paying a released booking's redemption changes nothing.
    await db.transaction((tx) => markRedemptionPaid(tx, paidBooking, now));
    expect(await redemptionStatus(paidBooking)).toBe('RELEASED');

    // Two releases of one booking at once: exactly one gives the use back.
    const both = await Promise.all([
      db.transaction((tx) => releaseRedemption(tx, unpaidBooking, now)),
      db.transaction((tx) => releaseRedemption(tx, unpaidBooking, now)),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect((await codeRow(code.id)).usedCount).toBe(0);
    // A booking without a code has nothing to release.
    expect(await db.transaction((tx) => releaseRedemption(tx, 2_000_000_000, now))).toBe(false);
  });

  it('never counts a use below zero', async () => {
    const code = await createCode({});
    const [user] = await insertUsers(ctx.database.db, 1);
    const [bookingId = 0] = await insertPendingBookings(
      ctx.database.db,
      concertId,
      [user?.id ?? 0],
      ctx.clock.now(),
    );
    await book(user?.id ?? 0, bookingId, code.code);
    const db = ctx.database.db;
    await db.update(promoCodes).set({ usedCount: 0 }).where(eq(promoCodes.id, code.id));
    expect(await db.transaction((tx) => releaseRedemption(tx, bookingId, ctx.clock.now()))).toBe(
      true,
    );
    expect((await codeRow(code.id)).usedCount).toBe(0);
    const [released] = await db
      .select({ status: promoRedemptions.status })
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.bookingId, bookingId)));
    expect(released?.status).toBe('RELEASED');
  });
});

describe('the wrong-try limit around a booking', () => {
  it("counts a booking's unknown code like the check route's, and lets a right one by", async () => {
    const limiter = createPromoTryLimiter({
      counters: createMemoryCounterStore(ctx.clock),
      clock: ctx.clock,
    });
    const code = await createCode({ oncePerAccount: false });
    const [user] = await insertUsers(ctx.database.db, 1);
    const userId = user?.id ?? 0;
    const bookingIds = await insertPendingBookings(
      ctx.database.db,
      concertId,
      Array(promoLimits.failedTriesPerWindow + 3).fill(userId) as number[],
      ctx.clock.now(),
    );
    const client = { userId, clientIp: '10.9.9.9' };
    const attempt = (bookingId: number, typed: string) =>
      limiter
        .attempt(client, () => book(userId, bookingId, typed))
        .then(
          () => 'booked',
          (error: unknown) => (error instanceof AppError ? error.code : String(error)),
        );
    expect(await attempt(bookingIds[0] ?? 0, code.code)).toBe('booked');
    for (let i = 1; i <= promoLimits.failedTriesPerWindow; i += 1) {
      expect(await attempt(bookingIds[i] ?? 0, `NOPE-${i}`)).toBe('C001');
    }
    expect(await attempt(bookingIds.at(-2) ?? 0, code.code)).toBe('M006');
    expect((await codeRow(code.id)).usedCount).toBe(1);
    ctx.clock.advance(promoLimits.failedTriesWindowSeconds * 1_000);
    expect(await attempt(bookingIds.at(-1) ?? 0, code.code)).toBe('booked');
  });
});
