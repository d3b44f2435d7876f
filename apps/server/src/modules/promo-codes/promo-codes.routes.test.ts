import {
  promoLimits,
  promoMessages,
  sellerConcertMessages,
  type PromoCheck,
  type SellerPromoCode,
} from '@curtaincall/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concerts, promoCodes, promoRedemptions } from '../../db/schema/index';
import { toSeoulDateTime } from '../../lib/seoul-time';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { insertPendingBookings, promoCodeBody } from '../../../test/helpers/promo-codes';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import {
  claimPromoCode,
  markRedemptionPaid,
  PromoRefusal,
  recordRedemption,
  releaseRedemption,
} from './promo-codes.pricing';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

let ctx: TestContext;
let seller: Account;
let otherSeller: Account;
let buyer: Account;
let concertId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  [seller, otherSeller, buyer] = await Promise.all([
    createLoggedInUser(ctx.app, db, 'ROLE_SELLER'),
    createLoggedInUser(ctx.app, db, 'ROLE_SELLER'),
    createLoggedInUser(ctx.app, db),
  ]);
  concertId = (await createConcert(db, { sellerId: seller.id })).id;
}, 120_000);
afterAll(async () => ctx?.close());

/** Each test's buyers call from an address of their own: the per-IP limit is the file's too. */
let ipSequence = 0;
const freshIp = () => `10.27.${Math.floor(ipSequence / 250)}.${(ipSequence++ % 250) + 1}`;

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  account: Account | null,
  payload?: unknown,
  remoteAddress = '10.0.0.1',
) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress,
    headers: {
      ...(account ? { cookie: account.cookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const codesUrl = (concert = concertId) => `/api/seller/concerts/${concert}/promo-codes`;

async function createCode(
  overrides: Record<string, unknown> = {},
  concert = concertId,
): Promise<SellerPromoCode> {
  const response = await call('POST', codesUrl(concert), seller, promoCodeBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as SellerPromoCode;
}

function check(account: Account, code: string, ip: string, concert = concertId) {
  return call('POST', `/api/concerts/${concert}/promo-codes/check`, account, { code }, ip);
}

/** The Seoul wall clock `ms` from the test clock's now, whole seconds. */
const seoulIn = (ms: number) => toSeoulDateTime(new Date(ctx.clock.now().getTime() + ms));

async function newBuyer(): Promise<Account> {
  return createLoggedInUser(ctx.app, ctx.database.db);
}

/** Takes one use for `user` in a transaction of its own, with a booking to record it on. */
async function claimFor(user: { id: number }, code: string, concert = concertId) {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const [bookingId = 0] = await insertPendingBookings(db, concert, [user.id], now);
  const claimed = await db.transaction(async (tx) => {
    const taken = await claimPromoCode(tx, { concertId: concert, userId: user.id, code, now });
    await recordRedemption(tx, {
      promoCodeId: taken.promoCodeId,
      bookingId,
      userId: user.id,
      discount: 5_000,
      now,
    });
    return taken;
  });
  return { bookingId, claimed };
}

/** The refusal reason of a claim that must fail. */
async function refusalOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof PromoRefusal) return error.reason;
    throw error;
  }
  throw new Error('the claim went through');
}

async function usedCountOf(codeId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ used: promoCodes.usedCount })
    .from(promoCodes)
    .where(eq(promoCodes.id, codeId));
  return row?.used ?? -1;
}

describe("a seller's promo codes", () => {
  it('adds (upper case, grades once each, Seoul wall clock in and out), lists, edits and deletes', async () => {
    const created = await call(
      'POST',
      codesUrl(),
      seller,
      promoCodeBody({
        code: 'Summer-10',
        gradeKeys: ['VIP', 'VIP', '일반석'],
        validFrom: '2030-01-01T10:00',
        validUntil: '2030-01-31T23:59:59',
        totalUses: 50,
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    const code = created.json().data as SellerPromoCode;
    expect(created.json().message).toBe(promoMessages.created);
    expect(code).toMatchObject({
      code: 'SUMMER-10',
      discountKind: 'PERCENT',
      discountValue: 10,
      gradeKeys: ['VIP', '일반석'],
      validFrom: '2030-01-01T10:00:00',
      validUntil: '2030-01-31T23:59:59',
      totalUses: 50,
      used: 0,
      oncePerAccount: true,
    });
    const [stored] = await ctx.database.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.id, code.id));
    expect(stored?.validFrom?.toISOString()).toBe('2030-01-01T01:00:00.000Z');
    expect(stored?.validUntil?.toISOString()).toBe('2030-01-31T14:59:59.000Z');

    const listed = await call('GET', codesUrl(), seller);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data as SellerPromoCode[]).toContainEqual(code);

    const edited = await call(
      'PUT',
      `${codesUrl()}/${code.id}`,
      seller,
      promoCodeBody({ code: 'summer-10', discountKind: 'AMOUNT', discountValue: 3_000 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: promoMessages.updated,
      data: { id: code.id, code: 'SUMMER-10', discountKind: 'AMOUNT', validUntil: null },
    });

    const deleted = await call('DELETE', `${codesUrl()}/${code.id}`, seller);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(promoMessages.deleted);
    const after = (await call('GET', codesUrl(), seller)).json().data as SellerPromoCode[];
    expect(after.map((c) => c.id)).not.toContain(code.id);
    expect((await call('DELETE', `${codesUrl()}/${code.id}`, seller)).statusCode).toBe(404);
    // The text is free again once its code is deleted.
    expect((await createCode({ code: 'SUMMER-10' })).code).toBe('SUMMER-10');
  });

  it('refuses a duplicate, a grade the concert lacks, impossible times and bad discounts at their field', async () => {
    const first = await createCode();
    const second = await createCode();
    const expectFieldError = async (
      response: Awaited<ReturnType<typeof call>>,
      field: string,
      message: string,
    ) => {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'C001', errors: [{ field, message }] });
    };
    await expectFieldError(
      await call('POST', codesUrl(), seller, promoCodeBody({ code: first.code.toLowerCase() })),
      'code',
      promoMessages.duplicate,
    );
    await expectFieldError(
      await call('PUT', `${codesUrl()}/${second.id}`, seller, promoCodeBody({ code: first.code })),
      'code',
      promoMessages.duplicate,
    );
    await expectFieldError(
      await call('POST', codesUrl(), seller, promoCodeBody({ gradeKeys: ['VIP', 'S석'] })),
      'gradeKeys[1]',
      promoMessages.unknownGrade,
    );
    await expectFieldError(
      await call('POST', codesUrl(), seller, promoCodeBody({ validFrom: '2030-02-30T10:00' })),
      'validFrom',
      promoMessages.dateTime,
    );
    await expectFieldError(
      await call(
        'POST',
        codesUrl(),
        seller,
        promoCodeBody({ validFrom: '2030-03-01T10:00', validUntil: '2030-03-01T10:00:00' }),
      ),
      'validUntil',
      promoMessages.window,
    );
    await expectFieldError(
      await call('POST', codesUrl(), seller, promoCodeBody({ discountValue: 101 })),
      'discountValue',
      promoMessages.percent,
    );
    await expectFieldError(
      await call('POST', codesUrl(), seller, promoCodeBody({ code: 'ＳＵＭＭＥＲ' })),
      'code',
      promoMessages.code,
    );
    const huge = await call(
      'POST',
      codesUrl(),
      seller,
      promoCodeBody({ code: 'A'.repeat(100_000) }),
    );
    expect(huge.statusCode).toBe(400);
  });

  it('never lowers the total below the uses taken', async () => {
    const code = await createCode({ totalUses: 5, oncePerAccount: false });
    await claimFor(buyer, code.code);
    await claimFor(buyer, code.code);
    const tooLow = await call(
      'PUT',
      `${codesUrl()}/${code.id}`,
      seller,
      promoCodeBody({ code: code.code, totalUses: 1 }),
    );
    expect(tooLow.statusCode).toBe(400);
    expect(tooLow.json()).toMatchObject({
      errors: [{ field: 'totalUses', message: promoMessages.totalUsesBelowUsed(2) }],
    });
    const exact = await call(
      'PUT',
      `${codesUrl()}/${code.id}`,
      seller,
      promoCodeBody({ code: code.code, totalUses: 2 }),
    );
    expect(exact.statusCode).toBe(200);
    expect(exact.json().data).toMatchObject({ totalUses: 2, used: 2 });
  });

  it("belongs to the concert's seller alone", async () => {
    const code = await createCode();
    const codeUrl = `${codesUrl()}/${code.id}`;
    const body = promoCodeBody();
    for (const [account, status, errorCode] of [
      [otherSeller, 403, 'S002'],
      [buyer, 403, 'S002'],
      [null, 401, 'A006'],
    ] as const) {
      for (const response of [
        await call('GET', codesUrl(), account),
        await call('POST', codesUrl(), account, body),
        await call('PUT', codeUrl, account, body),
        await call('DELETE', codeUrl, account),
      ]) {
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().code).toBe(errorCode);
      }
    }
    expect((await call('GET', codesUrl(), otherSeller)).json().message).toBe(
      sellerConcertMessages.notOwner,
    );
    expect((await call('GET', codesUrl(2_000_000_000), seller)).json().code).toBe('T003');
    // A code of another concert of the same seller is not found under this one.
    const otherConcert = (await createConcert(ctx.database.db, { sellerId: seller.id })).id;
    const foreign = await call('PUT', `${codesUrl(otherConcert)}/${code.id}`, seller, body);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(promoMessages.notFound);
    const listed = (await call('GET', codesUrl(), seller)).json().data as SellerPromoCode[];
    expect(listed.find((c) => c.id === code.id)).toEqual(code);
  });

  it('of a cancelled or played concert no longer change (409 S006), still list, and no longer apply', async () => {
    for (const status of ['CANCELLED', 'COMPLETED'] as const) {
      const concert = (await createConcert(ctx.database.db, { sellerId: seller.id })).id;
      const code = await createCode({}, concert);
      await ctx.database.db.update(concerts).set({ status }).where(eq(concerts.id, concert));
      for (const response of [
        await call('POST', codesUrl(concert), seller, promoCodeBody()),
        await call('PUT', `${codesUrl(concert)}/${code.id}`, seller, promoCodeBody()),
        await call('DELETE', `${codesUrl(concert)}/${code.id}`, seller),
      ]) {
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json()).toMatchObject({
          code: 'S006',
          message: promoMessages.concertClosed,
        });
      }
      const listed = await call('GET', codesUrl(concert), seller);
      expect((listed.json().data as SellerPromoCode[]).map((c) => c.id)).toEqual([code.id]);
      const checked = await check(await newBuyer(), code.code, freshIp(), concert);
      expect(checked.statusCode).toBe(400);
      expect(checked.json().message).toBe(promoMessages.invalid);
    }
  });

  it(`keeps at most ${promoLimits.perConcert} active codes per concert; a deleted one makes room`, async () => {
    const concert = (await createConcert(ctx.database.db, { sellerId: seller.id })).id;
    await ctx.database.db.insert(promoCodes).values(
      Array.from({ length: promoLimits.perConcert - 1 }, (_, i) => ({
        concertId: concert,
        code: `BULK-${i}`,
        discountKind: 'AMOUNT',
        discountValue: 1_000,
        totalUses: 10,
      })),
    );
    const last = await createCode({}, concert);
    const over = await call('POST', codesUrl(concert), seller, promoCodeBody());
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'S006', message: promoMessages.tooMany });
    expect((await call('DELETE', `${codesUrl(concert)}/${last.id}`, seller)).statusCode).toBe(200);
    expect((await call('POST', codesUrl(concert), seller, promoCodeBody())).statusCode).toBe(201);
  });
});

describe("a buyer's check of a code", () => {
  it('is case-insensitive and answers the terms', async () => {
    await createCode({ code: 'Autumn-20', discountValue: 20, gradeKeys: ['VIP'] });
    const response = await check(buyer, 'autumn-20', freshIp());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: promoMessages.applied });
    expect(response.json().data as PromoCheck).toEqual({
      code: 'AUTUMN-20',
      discountKind: 'PERCENT',
      discountValue: 20,
      gradeKeys: ['VIP'],
    });
    expect(
      (
        await call('POST', `/api/concerts/${concertId}/promo-codes/check`, null, {
          code: 'autumn-20',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('follows the validity window by the clock: refused before its start, valid from its start to its end inclusive, refused after', async () => {
    const start = seoulIn(3_600_000);
    const end = seoulIn(2 * 3_600_000);
    const code = await createCode({ validFrom: start, validUntil: end });
    const [ip, visitor] = [freshIp(), await newBuyer()];
    const unknown = await check(visitor, 'NO-SUCH-CODE', ip);
    const before = await check(visitor, code.code, ip);
    expect(before.statusCode).toBe(400);
    // Out of its window and unknown read the same, field and all: a guess learns nothing.
    expect(before.json()).toEqual(unknown.json());
    expect(before.json().errors).toEqual([{ field: 'code', message: promoMessages.invalid }]);

    const at = (wallClock: string, plusMs = 0) =>
      new Date(new Date(`${wallClock}+09:00`).getTime() + plusMs);
    ctx.clock.set(at(start, -1_000));
    expect((await check(visitor, code.code, ip)).json().message).toBe(promoMessages.invalid);
    ctx.clock.set(at(start));
    expect((await check(visitor, code.code, ip)).statusCode).toBe(200);
    ctx.clock.set(at(end));
    expect((await check(visitor, code.code, ip)).statusCode).toBe(200);
    ctx.clock.set(at(end, 1_000));
    expect((await check(visitor, code.code, ip)).json().message).toBe(promoMessages.invalid);
    ctx.clock.advance(3_600_000);
    expect((await check(visitor, code.code, ip)).json().message).toBe(promoMessages.invalid);
  });

  it('once per account: a paid use refuses that account (check and claim), not another; a released use is free again', async () => {
    const code = await createCode({ oncePerAccount: true });
    const [first, second] = [await newBuyer(), await newBuyer()];
    const ip = freshIp();
    const { bookingId } = await claimFor(first, code.code);
    // Unpaid: the next booking of this account replaces that booking and gives its use back.
    expect((await check(first, code.code, ip)).statusCode).toBe(200);
    expect(await refusalOf(claimFor(first, code.code))).toBe('usedByYou');

    await ctx.database.db.transaction((tx) => markRedemptionPaid(tx, bookingId, ctx.clock.now()));
    const paid = await check(first, code.code, ip);
    expect(paid.statusCode).toBe(400);
    expect(paid.json().message).toBe(promoMessages.usedByYou);
    expect((await check(second, code.code, ip)).statusCode).toBe(200);

    await ctx.database.db.transaction((tx) => releaseRedemption(tx, bookingId, ctx.clock.now()));
    expect((await check(first, code.code, ip)).statusCode).toBe(200);
    await claimFor(first, code.code);
    expect(await usedCountOf(code.id)).toBe(1);

    const many = await createCode({ oncePerAccount: false });
    await claimFor(first, many.code);
    await claimFor(first, many.code);
    expect(await usedCountOf(many.id)).toBe(2);
  });

  it('exhausted: after the last use every check and claim says so, until a use is given back', async () => {
    const code = await createCode({ totalUses: 1 });
    const [first, second] = [await newBuyer(), await newBuyer()];
    const ip = freshIp();
    const { bookingId } = await claimFor(first, code.code);
    const refused = await check(second, code.code, ip);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'C001',
      message: promoMessages.exhausted,
      errors: [{ field: 'code', message: promoMessages.exhausted }],
    });
    expect(await refusalOf(claimFor(second, code.code))).toBe('exhausted');
    await ctx.database.db.transaction((tx) => releaseRedemption(tx, bookingId, ctx.clock.now()));
    expect((await check(second, code.code, ip)).statusCode).toBe(200);
    await claimFor(second, code.code);
    expect(await usedCountOf(code.id)).toBe(1);
  });

  it('a deleted code stops applying; its redemptions stay', async () => {
    const code = await createCode({ oncePerAccount: false });
    const { bookingId } = await claimFor(buyer, code.code);
    expect((await call('DELETE', `${codesUrl()}/${code.id}`, seller)).statusCode).toBe(200);
    expect((await check(await newBuyer(), code.code, freshIp())).json().message).toBe(
      promoMessages.invalid,
    );
    expect(await refusalOf(claimFor(buyer, code.code))).toBe('invalid');
    const kept = await ctx.database.db
      .select({ status: promoRedemptions.status })
      .from(promoRedemptions)
      .where(
        and(eq(promoRedemptions.promoCodeId, code.id), eq(promoRedemptions.bookingId, bookingId)),
      );
    expect(kept).toEqual([{ status: 'HELD' }]);
  });
});

describe('the enumeration defence', () => {
  const wrong = (i: number) => `WRONG-${i}`;

  it(`answers the ${promoLimits.failedTriesPerWindow + 1}th wrong try 429 with Retry-After, a right code too, until the window passes by the clock`, async () => {
    const code = await createCode({ oncePerAccount: false });
    const late = await createCode({ validFrom: seoulIn(86_400_000) });
    const guesser = await newBuyer();
    const ip = freshIp();
    for (let i = 0; i < promoLimits.failedTriesPerWindow; i += 1) {
      // Unknown codes and a real code outside its window alike.
      const response = await check(guesser, i % 2 === 0 ? wrong(i) : late.code, ip);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(promoMessages.invalid);
    }
    const blocked = await check(guesser, wrong(99), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'M006', message: promoMessages.tooManyTries });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(promoLimits.failedTriesWindowSeconds);
    const rightButBlocked = await check(guesser, code.code, ip);
    expect(rightButBlocked.statusCode).toBe(429);
    // Another account from elsewhere is not affected.
    expect((await check(buyer, code.code, freshIp())).statusCode).toBe(200);

    ctx.clock.advance(retryAfter * 1_000);
    expect((await check(guesser, code.code, ip)).statusCode).toBe(200);
    expect((await check(guesser, wrong(100), ip)).statusCode).toBe(400);
  });

  it('counts wrong codes only: right codes and refusals of real codes do not use up tries', async () => {
    const code = await createCode({ oncePerAccount: false });
    const spent = await createCode({ totalUses: 1 });
    await claimFor(buyer, spent.code);
    const guesser = await newBuyer();
    const ip = freshIp();
    const max = promoLimits.failedTriesPerWindow;
    for (let i = 0; i < max - 1; i += 1)
      expect((await check(guesser, wrong(i), ip)).statusCode).toBe(400);
    for (let i = 0; i < 5; i += 1)
      expect((await check(guesser, code.code, ip)).statusCode).toBe(200);
    expect((await check(guesser, spent.code, ip)).json().message).toBe(promoMessages.exhausted);
    expect((await check(guesser, wrong(max), ip)).statusCode).toBe(400);
    expect((await check(guesser, wrong(max + 1), ip)).statusCode).toBe(429);
  });

  it(`counts per client IP across accounts (${promoLimits.failedTriesPerIpPerWindow}), so many accounts do not multiply the guesses`, async () => {
    const ip = freshIp();
    const perUser = promoLimits.failedTriesPerWindow;
    const accounts = promoLimits.failedTriesPerIpPerWindow / perUser;
    for (let a = 0; a < accounts; a += 1) {
      const guesser = await newBuyer();
      const answers = await Promise.all(
        Array.from({ length: perUser }, (_, i) => check(guesser, wrong(a * perUser + i), ip)),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(perUser).fill(400));
    }
    const next = await newBuyer();
    expect((await check(next, wrong(1_000), ip)).statusCode).toBe(429);
    expect((await check(next, wrong(1_001), freshIp())).statusCode).toBe(400);
  });

  it('does not let a blocked account that tries on block the other accounts of its address', async () => {
    const ip = freshIp();
    const stubborn = await newBuyer();
    const max = promoLimits.failedTriesPerWindow;
    const answers = [];
    for (let i = 0; i < promoLimits.failedTriesPerIpPerWindow + max; i += 1) {
      answers.push((await check(stubborn, wrong(i), ip)).statusCode);
    }
    expect(answers.filter((s) => s === 400)).toHaveLength(max);
    expect((await check(await newBuyer(), wrong(0), ip)).statusCode).toBe(400);
  });

  it('counts a try before looking at it: of 30 parallel guesses, 10 are answered and 20 refused', async () => {
    const guesser = await newBuyer();
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => check(guesser, wrong(i), ip)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(promoLimits.failedTriesPerWindow);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - promoLimits.failedTriesPerWindow);
  });
});
