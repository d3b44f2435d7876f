import {
  limits,
  paymentMessages,
  type Page,
  type SellerConcert,
  type SellerShow,
} from '@curtaincall/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concerts } from '../../db/schema/index';
import { addDays, toSeoulDate } from '../../lib/seoul-time';
import { createLoggedInUser } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

/**
 * The seller's cancellation cut-off (issue 27, point 5): `cancelDeadlineDays` on the concert
 * and show forms, stored per performance, answered on the seller's concert object only; a form
 * without it (the spec's client) keeps the spec's 3 days.
 */
let ctx: TestContext;
let seller: Account;

beforeAll(async () => {
  ctx = await createTestContext();
  seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
}, 120_000);
afterAll(async () => ctx?.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      cookie: seller.cookie,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const today = () => toSeoulDate(ctx.clock.now());

/** The concert form exactly as the spec's client sends it (no cut-off). */
function specForm() {
  return {
    title: '취소 마감 공연',
    artist: '마감 밴드',
    description: null,
    venueName: '마감홀',
    venueAddress: null,
    concertDate: addDays(today(), 30),
    startTime: '19:00',
    endTime: '21:00',
    totalSeats: 20,
    bookingStartDate: `${addDays(today(), -1)}T10:00`,
    bookingEndDate: `${addDays(today(), 29)}T23:00`,
    minAge: 0,
    maxTicketsPerUser: 4,
    posterImageUrl: null,
    status: 'ON_SALE',
  };
}

async function storedCutoff(concertId: number): Promise<number | null> {
  const [row] = await ctx.database.db
    .select({ days: concerts.cancelDeadlineDays })
    .from(concerts)
    .where(eq(concerts.id, concertId));
  return row?.days ?? null;
}

async function create(extra: Record<string, unknown> = {}): Promise<SellerConcert> {
  const response = await call('POST', `/api/seller/concerts?sellerId=${seller.id}`, {
    ...specForm(),
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as SellerConcert;
}

describe('a concert’s cancel cut-off', () => {
  it('the spec’s form keeps the 3 days: stored as none, answered as 3', async () => {
    const concert = await create();
    expect(concert.cancelDeadlineDays).toBe(limits.cancelDaysBeforeConcert);
    expect(concert.cancelDeadlineDays).toBe(3);
    expect(await storedCutoff(concert.concertId)).toBeNull();
  });

  it('set on create, changed and reset on edit, kept by an edit that does not name it', async () => {
    const concert = await create({ cancelDeadlineDays: 7 });
    expect(concert.cancelDeadlineDays).toBe(7);
    expect(await storedCutoff(concert.concertId)).toBe(7);
    const url = `/api/seller/concerts/${concert.concertId}?sellerId=${seller.id}`;

    const changed = await call('PUT', url, { cancelDeadlineDays: 10 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.cancelDeadlineDays).toBe(10);

    const unrelated = await call('PUT', url, { title: '제목만 바꾼 공연' });
    expect(unrelated.json().data).toMatchObject({
      title: '제목만 바꾼 공연',
      cancelDeadlineDays: 10,
    });

    const reset = await call('PUT', url, { cancelDeadlineDays: null });
    expect(reset.json().data.cancelDeadlineDays).toBe(3);
    expect(await storedCutoff(concert.concertId)).toBeNull();

    // Every seller read answers it: the list, the status list.
    await call('PUT', url, { cancelDeadlineDays: 14 });
    const list = await call('GET', `/api/seller/concerts?sellerId=${seller.id}&size=100`);
    const listed = (list.json().data as Page<SellerConcert>).content.find(
      (c) => c.concertId === concert.concertId,
    );
    expect(listed?.cancelDeadlineDays).toBe(14);
    const byStatus = await call('GET', `/api/seller/concerts/status?status=ON_SALE`);
    expect(
      (byStatus.json().data as SellerConcert[]).find((c) => c.concertId === concert.concertId)
        ?.cancelDeadlineDays,
    ).toBe(14);
  });

  it('never on the public concert object', async () => {
    const concert = await create({ cancelDeadlineDays: 5 });
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/concerts/${concert.concertId}`,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).not.toHaveProperty('cancelDeadlineDays');
    const catalog = await ctx.app.inject({ method: 'GET', url: '/api/concerts?size=100' });
    expect(catalog.body).not.toContain('cancelDeadlineDays');
  });

  it('1 to 30 whole days; anything else is refused next to the field, in Korean', async () => {
    const concert = await create();
    const url = `/api/seller/concerts/${concert.concertId}?sellerId=${seller.id}`;
    for (const days of [0, 31, 2.5, '7', -3]) {
      for (const response of [
        await call('POST', `/api/seller/concerts?sellerId=${seller.id}`, {
          ...specForm(),
          cancelDeadlineDays: days,
        }),
        await call('PUT', url, { cancelDeadlineDays: days }),
      ]) {
        expect(response.statusCode, `${String(days)}: ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'C001',
          errors: [{ field: 'cancelDeadlineDays', message: paymentMessages.cancelDeadlineDays }],
        });
      }
    }
    expect(await storedCutoff(concert.concertId)).toBeNull();
    const edges = [
      await create({ cancelDeadlineDays: 1 }),
      await create({ cancelDeadlineDays: 30 }),
    ];
    expect(edges.map((c) => c.cancelDeadlineDays)).toEqual([1, 30]);
  });
});

describe('a show’s cancel cut-off (회차)', () => {
  function performance(day: number) {
    return { concertDate: addDays(today(), day), startTime: '19:00', endTime: '21:00' };
  }

  it('the show’s cut-off for every performance, a performance’s own over it, a show edit for all open ones', async () => {
    const created = await call('POST', `/api/seller/shows?sellerId=${seller.id}`, {
      title: '마감 회차 공연',
      artist: '마감 밴드',
      venueName: '마감홀',
      totalSeats: 20,
      bookingStartDate: `${addDays(today(), -1)}T10:00`,
      bookingEndDate: `${addDays(today(), 9)}T23:00`,
      cancelDeadlineDays: 5,
      performances: [
        performance(10),
        { ...performance(11), cancelDeadlineDays: 9 },
        { ...performance(12), cancelDeadlineDays: null },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const show = created.json().data as SellerShow;
    expect(show.performances.map((p) => p.cancelDeadlineDays)).toEqual([5, 9, 3]);

    // A performance added later takes the show's (copied from the performance it follows) or
    // its own.
    const added = await call(
      'POST',
      `/api/seller/shows/${show.showId}/performances?sellerId=${seller.id}`,
      {
        ...performance(13),
        bookingStartDate: `${addDays(today(), -1)}T10:00`,
        bookingEndDate: `${addDays(today(), 12)}T23:00`,
      },
    );
    expect(added.statusCode, added.body).toBe(201);
    expect((added.json().data as SellerConcert).cancelDeadlineDays).toBe(3);
    const own = await call(
      'POST',
      `/api/seller/shows/${show.showId}/performances?sellerId=${seller.id}`,
      {
        ...performance(14),
        bookingStartDate: `${addDays(today(), -1)}T10:00`,
        bookingEndDate: `${addDays(today(), 13)}T23:00`,
        cancelDeadlineDays: 2,
      },
    );
    expect((own.json().data as SellerConcert).cancelDeadlineDays).toBe(2);

    // Editing one performance changes it alone.
    const first = show.performances[0]?.concertId;
    const one = await call('PUT', `/api/seller/concerts/${first}`, { cancelDeadlineDays: 4 });
    expect(one.json().data.cancelDeadlineDays).toBe(4);
    const afterOne = await call('GET', `/api/seller/shows/${show.showId}`);
    expect(
      (afterOne.json().data as SellerShow).performances.map((p) => p.cancelDeadlineDays),
    ).toEqual([4, 9, 3, 3, 2]);

    // The show's edit sets all its open performances; a cancelled one keeps what it had.
    const last = show.performances[2]?.concertId;
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/seller/concerts/${last}`,
          headers: { cookie: seller.cookie },
        })
      ).statusCode,
    ).toBe(200);
    const all = await call('PUT', `/api/seller/shows/${show.showId}`, { cancelDeadlineDays: 6 });
    expect(all.statusCode, all.body).toBe(200);
    expect((all.json().data as SellerShow).performances.map((p) => p.cancelDeadlineDays)).toEqual([
      6, 6, 3, 6, 6,
    ]);
    const refused = await call('PUT', `/api/seller/shows/${show.showId}`, {
      cancelDeadlineDays: 31,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'cancelDeadlineDays', message: paymentMessages.cancelDeadlineDays },
    ]);
    const perPerformance = await call('POST', `/api/seller/shows?sellerId=${seller.id}`, {
      title: '마감 회차 공연',
      artist: '마감 밴드',
      venueName: '마감홀',
      totalSeats: 20,
      bookingStartDate: `${addDays(today(), -1)}T10:00`,
      bookingEndDate: `${addDays(today(), 9)}T23:00`,
      performances: [performance(10), { ...performance(11), cancelDeadlineDays: 0 }],
    });
    expect(perPerformance.statusCode).toBe(400);
    expect(perPerformance.json().errors).toEqual([
      { field: 'performances[1].cancelDeadlineDays', message: paymentMessages.cancelDeadlineDays },
    ]);
  });
});
