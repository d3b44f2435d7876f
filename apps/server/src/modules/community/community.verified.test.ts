import { reviewSchema, verifiedReviewLabel } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, fromSeoulDateTime, toSeoulDate } from '../../lib/seoul-time';
import { insertBooking } from '../../../test/helpers/direct-bookings';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

/**
 * 예매자 관람평 (issue 23, point 9): anyone logged in still writes a 관람평, but one whose author
 * has a paid, not cancelled booking of the concert, once the show has started, is marked
 * `verified`, and `verifiedOnly=true` lists only those. Both runtimes.
 */
type Account = Awaited<ReturnType<typeof createLoggedInUser>>;
let ctx: TestContext;
let seller: Account;
let pastConcert: number;
let otherConcert: number;
let futureConcert: number;
const fans: Record<'paid' | 'attended' | 'refunded' | 'unpaid' | 'none' | 'elsewhere', Account> =
  {} as never;

beforeAll(async () => {
  ctx = await createTestContext();
  // Noon in Seoul, so "yesterday at 19:00" has started and "in 10 days" has not.
  ctx.clock.set(fromSeoulDateTime(`${toSeoulDate(new Date())}T12:00:00`));
  const db = ctx.database.db;
  const today = toSeoulDate(ctx.clock.now());
  seller = await createLoggedInUser(ctx.app, db, 'ROLE_SELLER');
  pastConcert = (
    await createConcert(db, {
      sellerId: seller.id,
      status: 'COMPLETED',
      concertDate: addDays(today, -1),
    })
  ).id;
  otherConcert = (await createConcert(db, { sellerId: seller.id, concertDate: addDays(today, -1) }))
    .id;
  futureConcert = (
    await createConcert(db, { sellerId: seller.id, concertDate: addDays(today, 10) })
  ).id;
  for (const key of ['paid', 'attended', 'refunded', 'unpaid', 'none', 'elsewhere'] as const) {
    fans[key] = await createLoggedInUser(ctx.app, db);
  }
  const paidAt = fromSeoulDateTime(`${addDays(today, -5)}T10:00:00`);
  const book = (
    fan: Account,
    concertId: number,
    status: 'PENDING_PAYMENT' | 'CONFIRMED' | 'CANCELED' | 'COMPLETED',
    seatOffset: number,
  ) =>
    insertBooking(db, {
      userId: fan.id,
      concertId,
      seats: 1,
      amount: 50_000,
      status,
      paidAt: status === 'PENDING_PAYMENT' ? null : paidAt,
      seatOffset,
    });
  await book(fans.paid, pastConcert, 'CONFIRMED', 0);
  await book(fans.attended, pastConcert, 'COMPLETED', 1);
  await book(fans.refunded, pastConcert, 'CANCELED', 2);
  await book(fans.unpaid, pastConcert, 'PENDING_PAYMENT', 3);
  await book(fans.elsewhere, otherConcert, 'CONFIRMED', 0);
  await book(fans.paid, futureConcert, 'CONFIRMED', 0);
});
afterAll(async () => ctx?.close());

async function write(fan: Account, concertId: number, title: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/concerts/${concertId}/reviews`,
    headers: { cookie: fan.cookie, 'content-type': 'application/json' },
    payload: {
      title,
      description: `${title}: 무대가 좋았어요.`,
      rating: 5,
      userId: fan.id,
      userNickname: 'x',
    },
  });
  expect(response.statusCode).toBe(201);
  return reviewSchema.parse(response.json().data);
}

const list = async (concertId: number, query = '') => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/concerts/reviews/${concertId}?size=20${query}`,
  });
  expect(response.statusCode).toBe(200);
  const page = response.json().data as { content: unknown[]; totalElements: number };
  return {
    total: page.totalElements,
    reviews: page.content.map((review) => reviewSchema.parse(review)),
  };
};

describe(verifiedReviewLabel, () => {
  it('any logged-in user still writes; only paid, not cancelled bookers of a started show are verified', async () => {
    const created = {
      paid: await write(fans.paid, pastConcert, '결제한 관객'),
      attended: await write(fans.attended, pastConcert, '관람 완료 관객'),
      refunded: await write(fans.refunded, pastConcert, '환불한 관객'),
      unpaid: await write(fans.unpaid, pastConcert, '결제 안 한 관객'),
      none: await write(fans.none, pastConcert, '예매 없는 관객'),
      elsewhere: await write(fans.elsewhere, pastConcert, '다른 공연 예매자'),
    };
    expect(created.paid.verified).toBe(true);
    expect(created.none.verified).toBe(false);

    const { total, reviews } = await list(pastConcert);
    expect(total).toBe(6);
    const byTitle = Object.fromEntries(reviews.map((review) => [review.title, review.verified]));
    expect(byTitle).toEqual({
      '결제한 관객': true,
      '관람 완료 관객': true,
      '환불한 관객': false,
      '결제 안 한 관객': false,
      '예매 없는 관객': false,
      '다른 공연 예매자': false,
    });

    const one = await ctx.app.inject({
      method: 'GET',
      url: `/api/concerts/${pastConcert}/reviews/${created.attended.id}`,
    });
    expect(one.json().data).toMatchObject({ id: created.attended.id, verified: true });
  });

  it('verifiedOnly=true lists and counts only 예매자 관람평, in the chosen order; false lists all', async () => {
    const verified = await list(pastConcert, '&verifiedOnly=true&sortBy=title&sortDir=asc');
    expect(verified.total).toBe(2);
    expect(verified.reviews.map((review) => review.title)).toEqual([
      '결제한 관객',
      '관람 완료 관객',
    ]);
    expect((await list(pastConcert, '&verifiedOnly=false')).total).toBe(6);
  });

  it('a booker of a show that has not started is not verified until the curtain rises', async () => {
    const early = await write(fans.paid, futureConcert, '공연 전 기대 후기');
    expect(early.verified).toBe(false);
    expect((await list(futureConcert, '&verifiedOnly=true')).total).toBe(0);

    // Ten days later at noon the 19:00 show has not started; at 19:00 it has.
    ctx.clock.advance(10 * 86_400_000);
    expect((await list(futureConcert, '&verifiedOnly=true')).total).toBe(0);
    ctx.clock.advance(7 * 3_600_000);
    const after = await list(futureConcert, '&verifiedOnly=true');
    expect(after.reviews.map((review) => [review.id, review.verified])).toEqual([[early.id, true]]);
  });

  it('refuses a verifiedOnly that is not true or false with 400 and a Korean message', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/concerts/reviews/${pastConcert}?verifiedOnly=yes`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'C001',
      message: '예매자 관람평 필터는 true 또는 false여야 합니다.',
    });
  });
});
