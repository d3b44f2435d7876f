import {
  priceBooking,
  ticketTypeMessages,
  type SellerTicketType,
  type SellerShow,
} from '@curtaincall/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concerts, ticketTypes, tickets } from '../../db/schema/index';
import { addDays, toSeoulDate, toSeoulDateTime } from '../../lib/seoul-time';
import type { AuthUser } from '../auth/auth.policy';
import { insertBooking } from '../../../test/helpers/direct-bookings';
import { createConcert, createLoggedInUser, insertUsers } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { claimTicketTypes, releaseTicketTypes, type TicketTypePick } from './ticket-types.pricing';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

/**
 * What the booking transaction calls (issue 27): a buyer's 권종 re-checked on the server (this
 * concert's and on offer, 조기예매 until its end by the clock, 재관람 only with a valid ticket of an
 * earlier performance of the show), the quota taken per seat, companions included, all or
 * nothing with the transaction, and given back.
 */
let ctx: TestContext;
let seller: Account;
let buyers: AuthUser[];

beforeAll(async () => {
  ctx = await createTestContext();
  seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  buyers = await insertUsers(ctx.database.db, 12);
}, 120_000);
afterAll(async () => ctx?.close());

interface Performance {
  id: number;
  showId: number;
  concertDate: string;
  startTime: string;
}

function buyer(index: number): AuthUser {
  const found = buyers[index];
  if (!found) throw new Error(`no buyer ${index}`);
  return found;
}

async function newPerformance(): Promise<Performance> {
  return createConcert(ctx.database.db, { sellerId: seller.id, totalSeats: 20 });
}

async function addType(concertId: number, body: Record<string, unknown>) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/seller/concerts/${concertId}/ticket-types`,
    headers: { cookie: seller.cookie, 'content-type': 'application/json' },
    payload: { discountKind: 'PERCENT', discountValue: 30, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as SellerTicketType;
}

function claim(performance: Performance, userId: number, picks: TicketTypePick[]) {
  return ctx.database.db.transaction((tx) =>
    claimTicketTypes(tx, {
      concertId: performance.id,
      showId: performance.showId,
      concertDate: performance.concertDate,
      startTime: performance.startTime,
      userId,
      now: ctx.clock.now(),
      picks,
    }),
  );
}

async function usedOf(typeId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ used: ticketTypes.usedCount })
    .from(ticketTypes)
    .where(eq(ticketTypes.id, typeId));
  return Number(row?.used);
}

/** The refusal the seat panel shows next to seat `seatIndex`'s type. */
function refusal(seatIndex: number, message: string) {
  return {
    code: 'C001',
    message,
    fieldErrors: [{ field: `seatTypes[${seatIndex}].ticketTypeId`, message }],
  };
}

describe('claimTicketTypes', () => {
  it('takes one use per seat, a companion’s against its holder’s type, and returns the terms pricing needs', async () => {
    const performance = await newPerformance();
    const disabled = await addType(performance.id, {
      kind: 'DISABLED_SEVERE',
      discountValue: 50,
      gradeKeys: ['VIP'],
      quota: 10,
      proofRequired: true,
      companionAllowed: true,
    });
    const senior = await addType(performance.id, {
      kind: 'SENIOR',
      discountKind: 'AMOUNT',
      discountValue: 10_000,
    });
    const terms = await claim(performance, buyer(0).id, [
      { seatIndex: 0, ticketTypeId: disabled.id },
      { seatIndex: 1, ticketTypeId: disabled.id },
      { seatIndex: 2, ticketTypeId: senior.id },
    ]);
    expect([...terms.keys()].sort()).toEqual([disabled.id, senior.id].sort());
    expect(terms.get(disabled.id)).toEqual({
      id: disabled.id,
      kind: 'DISABLED_SEVERE',
      name: '장애인(심한)',
      discount: { kind: 'PERCENT', value: 50 },
      gradeKeys: ['VIP'],
      companionAllowed: true,
      proofRequired: true,
    });
    expect(terms.get(senior.id)).toMatchObject({
      discount: { kind: 'AMOUNT', value: 10_000 },
      gradeKeys: [],
    });
    expect(await usedOf(disabled.id)).toBe(2);
    expect(await usedOf(senior.id)).toBe(1);

    // The terms go straight into pricing.ts: the holder and companion at half price each.
    const holderTerms = terms.get(disabled.id) ?? null;
    const priced = priceBooking({
      seats: [
        {
          concertSeatId: 1,
          seatInfo: 'A-1-1',
          gradeKey: 'VIP',
          gradeName: 'VIP',
          gradePrice: 100_000,
          ticketType: holderTerms,
        },
        {
          concertSeatId: 2,
          seatInfo: 'A-1-2',
          gradeKey: 'VIP',
          gradeName: 'VIP',
          gradePrice: 100_000,
          ticketType: null,
          companionOfSeatId: 1,
        },
      ],
      promo: null,
      bookingFeePerSeat: 2_000,
    });
    expect(priced.total).toBe(2 * (50_000 + 2_000));
    expect(priced.lines.map((line) => line.ticketTypeName)).toEqual([
      '장애인(심한)',
      '장애인(심한) 동반자',
    ]);
  });

  it('no picks: nothing read, nothing taken', async () => {
    expect((await claim(await newPerformance(), buyer(0).id, [])).size).toBe(0);
  });

  it('refuses a type that is unknown, removed or another concert’s, at the seat that chose it', async () => {
    const performance = await newPerformance();
    const other = await newPerformance();
    const youth = await addType(performance.id, { kind: 'YOUTH', quota: 5 });
    const removed = await addType(performance.id, { kind: 'SENIOR' });
    const elsewhere = await addType(other.id, { kind: 'YOUTH' });
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seller/concerts/${performance.id}/ticket-types/${removed.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(deleted.statusCode).toBe(200);

    for (const wrongId of [2_147_483_000, removed.id, elsewhere.id]) {
      await expect(
        claim(performance, buyer(0).id, [
          { seatIndex: 0, ticketTypeId: youth.id },
          { seatIndex: 1, ticketTypeId: wrongId },
        ]),
      ).rejects.toMatchObject(refusal(1, ticketTypeMessages.unknownType));
    }
    expect(await usedOf(youth.id)).toBe(0);
    expect(await usedOf(removed.id)).toBe(0);
    expect(await usedOf(elsewhere.id)).toBe(0);
  });

  it('a quota is taken whole or not at all, and nothing of the booking’s other types stays taken', async () => {
    const performance = await newPerformance();
    const youth = await addType(performance.id, { kind: 'YOUTH', quota: 3 });
    const senior = await addType(performance.id, { kind: 'SENIOR', quota: 2 });
    await claim(performance, buyer(0).id, [
      { seatIndex: 0, ticketTypeId: senior.id },
      { seatIndex: 1, ticketTypeId: senior.id },
    ]);
    expect(await usedOf(senior.id)).toBe(2);

    await expect(
      claim(performance, buyer(1).id, [
        { seatIndex: 0, ticketTypeId: youth.id },
        { seatIndex: 1, ticketTypeId: senior.id },
      ]),
    ).rejects.toMatchObject(refusal(1, ticketTypeMessages.soldOut('경로(65세 이상)')));
    // The transaction rolled back: the youth seat taken before the refusal is free again.
    expect(await usedOf(youth.id)).toBe(0);

    await claim(performance, buyer(1).id, [
      { seatIndex: 0, ticketTypeId: youth.id },
      { seatIndex: 1, ticketTypeId: youth.id },
    ]);
    await expect(
      claim(performance, buyer(2).id, [
        { seatIndex: 0, ticketTypeId: youth.id },
        { seatIndex: 1, ticketTypeId: youth.id },
      ]),
    ).rejects.toMatchObject(refusal(0, ticketTypeMessages.soldOut('청소년')));
    await claim(performance, buyer(2).id, [{ seatIndex: 0, ticketTypeId: youth.id }]);
    expect(await usedOf(youth.id)).toBe(3);
  });

  it('조기예매 holds up to and including its end by the clock, and is refused a millisecond later', async () => {
    const performance = await newPerformance();
    const started = ctx.clock.now();
    const end = new Date(started.getTime() + 3 * 86_400_000);
    end.setUTCSeconds(0, 0);
    const early = await addType(performance.id, {
      kind: 'EARLY_BIRD',
      name: '1차 조기예매',
      earlyUntil: toSeoulDateTime(end),
      quota: 100,
    });
    try {
      ctx.clock.set(end);
      const terms = await claim(performance, buyer(0).id, [
        { seatIndex: 0, ticketTypeId: early.id },
      ]);
      expect(terms.get(early.id)?.kind).toBe('EARLY_BIRD');
      ctx.clock.set(new Date(end.getTime() + 1));
      await expect(
        claim(performance, buyer(1).id, [{ seatIndex: 0, ticketTypeId: early.id }]),
      ).rejects.toMatchObject(refusal(0, ticketTypeMessages.earlyOver('1차 조기예매')));
      expect(await usedOf(early.id)).toBe(1);
    } finally {
      ctx.clock.set(started);
    }
  });
});

describe('재관람 (REVISIT)', () => {
  it('only for a holder of a valid ticket of an earlier performance of the same show', async () => {
    const today = toSeoulDate(ctx.clock.now());
    const at = (day: number, time: string) => ({
      concertDate: addDays(today, day),
      startTime: time,
      endTime: `${String(Number(time.slice(0, 2)) + 2).padStart(2, '0')}:00`,
    });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/seller/shows',
      headers: { cookie: seller.cookie, 'content-type': 'application/json' },
      payload: {
        title: '재관람 공연',
        artist: '재관람 밴드',
        venueName: '재관람홀',
        totalSeats: 20,
        status: 'ON_SALE',
        bookingStartDate: `${addDays(today, -1)}T10:00`,
        bookingEndDate: `${addDays(today, 9)}T23:00`,
        // The second starts the same day as the third, earlier.
        performances: [at(10, '19:00'), at(11, '14:00'), at(11, '19:00')],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const show = created.json().data as SellerShow;
    const rows = await ctx.database.db
      .select({
        id: concerts.id,
        showId: concerts.showId,
        concertDate: concerts.concertDate,
        startTime: concerts.startTime,
      })
      .from(concerts)
      .where(eq(concerts.showId, show.showId))
      .orderBy(concerts.concertDate, concerts.startTime);
    const [first, second, third] = rows;
    if (!first || !second || !third) throw new Error('the show has three performances');
    const anotherShow = await newPerformance();
    const revisitThird = await addType(third.id, { kind: 'REVISIT', discountValue: 20 });
    const revisitSecond = await addType(second.id, { kind: 'REVISIT', discountValue: 20 });

    let seatOffset = 0;
    async function holding(
      userIndex: number,
      performance: { id: number },
      status: 'CONFIRMED' | 'COMPLETED' | 'CANCELED' | 'PENDING_PAYMENT',
    ): Promise<number> {
      seatOffset += 1;
      return insertBooking(ctx.database.db, {
        userId: buyer(userIndex).id,
        concertId: performance.id,
        seats: 1,
        amount: 50_000,
        status,
        paidAt: status === 'PENDING_PAYMENT' ? null : ctx.clock.now(),
        seatOffset,
      });
    }
    const revisits = (userIndex: number, target = third, type = revisitThird) =>
      claim(target, buyer(userIndex).id, [{ seatIndex: 0, ticketTypeId: type.id }]);
    const refusedRevisit = refusal(0, ticketTypeMessages.revisitOnly);

    // No ticket at all.
    await expect(revisits(0)).rejects.toMatchObject(refusedRevisit);
    // Paid tickets of an earlier performance: the day before, or earlier the same day.
    await holding(1, first, 'CONFIRMED');
    expect((await revisits(1)).get(revisitThird.id)?.kind).toBe('REVISIT');
    await holding(2, second, 'CONFIRMED');
    expect((await revisits(2)).has(revisitThird.id)).toBe(true);
    // A show already seen (COMPLETED) counts too.
    await holding(3, first, 'COMPLETED');
    expect((await revisits(3)).has(revisitThird.id)).toBe(true);
    // Not a cancelled booking, an unpaid one, or a seat cancelled on its own.
    await holding(4, first, 'CANCELED');
    await expect(revisits(4)).rejects.toMatchObject(refusedRevisit);
    await holding(5, first, 'PENDING_PAYMENT');
    await expect(revisits(5)).rejects.toMatchObject(refusedRevisit);
    const partlyCancelled = await holding(6, first, 'CONFIRMED');
    await ctx.database.db
      .update(tickets)
      .set({ status: 'CANCELED', canceledAt: ctx.clock.now() })
      .where(eq(tickets.bookingId, partlyCancelled));
    await expect(revisits(6)).rejects.toMatchObject(refusedRevisit);
    // Not this performance itself, a later one, or another show.
    await holding(7, third, 'CONFIRMED');
    await expect(revisits(7)).rejects.toMatchObject(refusedRevisit);
    await expect(revisits(7, second, revisitSecond)).rejects.toMatchObject(refusedRevisit);
    await holding(8, anotherShow, 'CONFIRMED');
    await expect(revisits(8)).rejects.toMatchObject(refusedRevisit);
    // A performance the seller cancelled was never seen, though its refund may still be due.
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seller/concerts/${first.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expect(revisits(1)).rejects.toMatchObject(refusedRevisit);

    expect(await usedOf(revisitThird.id)).toBe(3);
    expect(await usedOf(revisitSecond.id)).toBe(0);
  });
});

describe('releaseTicketTypes', () => {
  it('gives back one use per seat named, a removed type’s too, never below 0', async () => {
    const performance = await newPerformance();
    const youth = await addType(performance.id, { kind: 'YOUTH', quota: 4 });
    const senior = await addType(performance.id, { kind: 'SENIOR' });
    await claim(performance, buyer(0).id, [
      { seatIndex: 0, ticketTypeId: youth.id },
      { seatIndex: 1, ticketTypeId: youth.id },
      { seatIndex: 2, ticketTypeId: senior.id },
    ]);
    await claim(performance, buyer(1).id, [{ seatIndex: 0, ticketTypeId: youth.id }]);
    expect([await usedOf(youth.id), await usedOf(senior.id)]).toEqual([3, 1]);

    await ctx.database.db.transaction((tx) =>
      releaseTicketTypes(tx, [youth.id, senior.id, youth.id]),
    );
    expect([await usedOf(youth.id), await usedOf(senior.id)]).toEqual([1, 0]);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seller/concerts/${performance.id}/ticket-types/${youth.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(removed.statusCode).toBe(200);
    await ctx.database.db.transaction((tx) =>
      releaseTicketTypes(tx, [youth.id, youth.id, senior.id]),
    );
    expect([await usedOf(youth.id), await usedOf(senior.id)]).toEqual([0, 0]);
    await ctx.database.db.transaction((tx) => releaseTicketTypes(tx, []));
    expect(await usedOf(youth.id)).toBe(0);
  });
});
