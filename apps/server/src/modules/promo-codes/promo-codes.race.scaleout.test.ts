import { promoLimits, promoMessages } from '@curtaincall/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { promoCodes, promoRedemptions } from '../../db/schema/index';
import { createConcert, createLoggedInUser, insertUsers } from '../../../test/helpers/factories';
import { insertPendingBookings, promoCodeBody } from '../../../test/helpers/promo-codes';
import {
  createSecondInstance,
  createTestContext,
  type TestContext,
} from '../../../test/helpers/test-app';
import { lockUserHolds } from '../seats/seats.service';
import {
  claimPromoCode,
  PromoRefusal,
  recordRedemption,
  releaseRedemption,
} from './promo-codes.pricing';

/**
 * Two instances on one PostgreSQL and one Redis (issue 27, point 3): buyers racing for the last
 * uses of a code get exactly as many as it has, whichever instance their booking runs on; the
 * wrong-try limit is one count for both instances.
 */
let ctx: TestContext;
let other: Awaited<ReturnType<typeof createSecondInstance>>;
/** The second instance's own pool: its booking transactions run on connections of their own. */
let otherDatabase: DatabaseHandle;
let seller: Awaited<ReturnType<typeof createLoggedInUser>>;
let concertId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  other = await createSecondInstance(ctx);
  otherDatabase = await openDatabase({
    databaseUrl: ctx.config.databaseUrl,
    pgliteDir: ctx.config.pgliteDir,
  });
  seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  concertId = (await createConcert(ctx.database.db, { sellerId: seller.id })).id;
}, 120_000);
afterAll(async () => {
  await otherDatabase?.close();
  await other?.close();
  await ctx?.close();
});

async function createCode(
  overrides: Record<string, unknown>,
): Promise<{ id: number; code: string }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/seller/concerts/${concertId}/promo-codes`,
    headers: { cookie: seller.cookie, 'content-type': 'application/json' },
    payload: promoCodeBody(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; code: string };
}

interface Racer {
  userId: number;
  bookingId: number;
}

/** `count` buyers, each with an unpaid booking to record a use on. */
async function racers(total: number): Promise<Racer[]> {
  const users = await insertUsers(ctx.database.db, total);
  const bookingIds = await insertPendingBookings(
    ctx.database.db,
    concertId,
    users.map((u) => u.id),
    ctx.clock.now(),
  );
  return users.map((user, i) => ({ userId: user.id, bookingId: bookingIds[i] ?? 0 }));
}

/**
 * Every racer's booking transaction, alternating between the two instances' pools: the per-user
 * lock, the claim and the redemption, as the booking runs them. At most `inFlight` at once (all
 * by default), as an instance's requests beyond its pool wait for a connection. The outcome per
 * racer: 'ok' or the refusal's reason.
 */
async function race(
  code: string,
  entrants: readonly Racer[],
  inFlight = entrants.length,
): Promise<string[]> {
  const now = ctx.clock.now();
  const claim = ({ userId, bookingId }: Racer, i: number) =>
    (i % 2 === 0 ? ctx.database.db : otherDatabase.db)
      .transaction(async (tx) => {
        await lockUserHolds(tx, concertId, userId);
        const claimed = await claimPromoCode(tx, { concertId, userId, code, now });
        await recordRedemption(tx, {
          promoCodeId: claimed.promoCodeId,
          bookingId,
          userId,
          discount: 5_000,
          now,
        });
        return 'ok';
      })
      .catch((error: unknown) => (error instanceof PromoRefusal ? error.reason : String(error)));
  const outcomes: string[] = [];
  let next = 0;
  const runner = async () => {
    for (let i = next++; i < entrants.length; i = next++) {
      const entrant = entrants[i];
      if (entrant) outcomes[i] = await claim(entrant, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, entrants.length) }, runner));
  return outcomes;
}

const tally = (outcomes: readonly string[]) =>
  outcomes.reduce<Record<string, number>>((sum, o) => ({ ...sum, [o]: (sum[o] ?? 0) + 1 }), {});

async function usedAndHeld(codeId: number): Promise<{ used: number; held: number }> {
  const db = ctx.database.db;
  const [[code], [held]] = await Promise.all([
    db.select({ used: promoCodes.usedCount }).from(promoCodes).where(eq(promoCodes.id, codeId)),
    db
      .select({ total: count() })
      .from(promoRedemptions)
      .where(and(eq(promoRedemptions.promoCodeId, codeId), eq(promoRedemptions.status, 'HELD'))),
  ]);
  return { used: code?.used ?? -1, held: Number(held?.total ?? -1) };
}

describe('the last uses of a code across two instances', () => {
  it('200 parallel claims of a 50-use code: exactly 50; 10 given back let exactly 10 more through', async () => {
    const code = await createCode({ totalUses: 50 });
    const entrants = await racers(200);
    const first = await race(code.code, entrants);
    expect(tally(first)).toEqual({ ok: 50, exhausted: 150 });
    expect(await usedAndHeld(code.id)).toEqual({ used: 50, held: 50 });

    const winners = entrants.filter((_, i) => first[i] === 'ok');
    const losers = entrants.filter((_, i) => first[i] !== 'ok');
    await Promise.all(
      winners
        .slice(0, 10)
        .map(({ bookingId }) =>
          otherDatabase.db.transaction((tx) => releaseRedemption(tx, bookingId, ctx.clock.now())),
        ),
    );
    expect(await usedAndHeld(code.id)).toEqual({ used: 40, held: 40 });
    const second = await race(code.code, losers);
    expect(tally(second)).toEqual({ ok: 10, exhausted: 140 });
    expect(await usedAndHeld(code.id)).toEqual({ used: 50, held: 50 });
  }, 60_000);

  it('1,000 buyers racing for a 100-use code get exactly 100 uses', async () => {
    const code = await createCode({ totalUses: 100 });
    const entrants = await racers(1_000);
    // 100 at a time: five times the two pools' connections, so each always has work queued, and
    // none waits past the pool's 5 s limit on this 2-core machine.
    const outcomes = await race(code.code, entrants, 100);
    expect(tally(outcomes)).toEqual({ ok: 100, exhausted: 900 });
    expect(await usedAndHeld(code.id)).toEqual({ used: 100, held: 100 });
  }, 60_000);
});

describe('the wrong-try limit across two instances', () => {
  it('is one count: wrong codes tried on either add up, and the block holds on both', async () => {
    const code = await createCode({ oncePerAccount: false });
    const guesser = await createLoggedInUser(ctx.app, ctx.database.db);
    const check = (instance: 'a' | 'b', typed: string) =>
      (instance === 'a' ? ctx.app : other.app).inject({
        method: 'POST',
        url: `/api/concerts/${concertId}/promo-codes/check`,
        remoteAddress: '10.31.0.1',
        headers: { cookie: guesser.cookie, 'content-type': 'application/json' },
        payload: { code: typed },
      });
    for (let i = 0; i < promoLimits.failedTriesPerWindow; i += 1) {
      const response = await check(i % 2 === 0 ? 'a' : 'b', `WRONG-${i}`);
      expect(response.statusCode).toBe(400);
    }
    const blocked = await check('b', 'WRONG-X');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(promoMessages.tooManyTries);
    expect((await check('a', code.code)).statusCode).toBe(429);
    ctx.clock.advance(Number(blocked.headers['retry-after']) * 1_000);
    expect((await check('b', code.code)).statusCode).toBe(200);
  });
});
