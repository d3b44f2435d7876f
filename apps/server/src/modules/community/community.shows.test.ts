import { expectationSchema, reviewSchema, type Review } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shows } from '../../db/schema/index';
import { addDays, fromSeoulDateTime, toSeoulDate } from '../../lib/seoul-time';
import { insertBooking } from '../../../test/helpers/direct-bookings';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

/**
 * Issue 26, point 5: reviews (관람평) and expectations (기대평) belong to the show. Any
 * performance's id lists those of every performance, newest first with the same paging; a
 * booker's review names the performance attended, and a verified one of a show of several says
 * which (`performance`). A plain concert answers exactly as before. Both runtimes.
 */
type Account = Awaited<ReturnType<typeof createLoggedInUser>>;
let ctx: TestContext;
let seller: Account;
/** Yesterday 19:00 (played, its bookers attended) and in ten days (on sale). */
let played: number;
let coming: number;
let playedDate: string;
let plain: number;
let fans: Record<'attended' | 'stranger' | 'plainBooker', Account>;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(fromSeoulDateTime(`${toSeoulDate(new Date())}T12:00:00`));
  const db = ctx.database.db;
  const today = toSeoulDate(ctx.clock.now());
  seller = await createLoggedInUser(ctx.app, db, 'ROLE_SELLER');
  const [show] = await db.insert(shows).values({ sellerId: seller.id }).returning();
  const showId = show?.id ?? 0;
  playedDate = addDays(today, -1);
  played = (
    await createConcert(db, {
      sellerId: seller.id,
      showId,
      status: 'COMPLETED',
      concertDate: playedDate,
    })
  ).id;
  coming = (
    await createConcert(db, {
      sellerId: seller.id,
      showId,
      concertDate: addDays(today, 10),
      startTime: '18:00:00',
    })
  ).id;
  plain = (
    await createConcert(db, {
      sellerId: seller.id,
      status: 'COMPLETED',
      concertDate: playedDate,
    })
  ).id;
  fans = {
    attended: await createLoggedInUser(ctx.app, db),
    stranger: await createLoggedInUser(ctx.app, db),
    plainBooker: await createLoggedInUser(ctx.app, db),
  };
  const paidAt = fromSeoulDateTime(`${addDays(today, -5)}T10:00:00`);
  for (const [fan, concertId] of [
    [fans.attended, played],
    [fans.plainBooker, plain],
  ] as const) {
    await insertBooking(db, {
      userId: fan.id,
      concertId,
      seats: 1,
      amount: 50_000,
      status: 'COMPLETED',
      paidAt,
    });
  }
});
afterAll(async () => ctx?.close());

async function writeReview(fan: Account, concertId: number, title: string): Promise<Review> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/concerts/${concertId}/reviews`,
    headers: { cookie: fan.cookie, 'content-type': 'application/json' },
    payload: {
      title,
      description: `${title}: 무대가 좋았어요.`,
      rating: 4,
      userId: fan.id,
      userNickname: 'x',
    },
  });
  expect(response.statusCode).toBe(201);
  return reviewSchema.parse(response.json().data);
}

async function reviewsOf(concertId: number, query = 'size=20') {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/concerts/reviews/${concertId}?${query}`,
  });
  expect(response.statusCode).toBe(200);
  const page = response.json().data as { content: unknown[]; totalElements: number };
  return { total: page.totalElements, reviews: page.content as Review[] };
}

describe('reviews and expectations of a show of two performances', () => {
  it("a booker's review names the performance attended, wherever it is written, and says when", async () => {
    // Written on the coming performance's page: stored for the one the fan attended.
    const review = await writeReview(fans.attended, coming, '어제 공연 최고');
    expect(review).toMatchObject({
      concertId: played,
      verified: true,
      performance: { concertId: played, concertDate: playedDate, startTime: '19:00:00' },
    });
    // Anyone else may still write; theirs stays on the performance chosen and names none.
    const other = await writeReview(fans.stranger, coming, '기대 반 걱정 반');
    expect(other.concertId).toBe(coming);
    expect(other.verified).toBe(false);
    expect(other).not.toHaveProperty('performance');
  });

  it('lists every performance’s reviews from either id, newest first, paged and counted alike', async () => {
    const fromPlayed = await reviewsOf(played);
    const fromComing = await reviewsOf(coming);
    expect(fromPlayed).toEqual(fromComing);
    expect(fromComing.total).toBe(2);
    expect(fromComing.reviews.map((r) => r.title)).toEqual(['기대 반 걱정 반', '어제 공연 최고']);
    const verifiedOnly = await reviewsOf(coming, 'verifiedOnly=true');
    expect(verifiedOnly.total).toBe(1);
    expect(verifiedOnly.reviews[0]?.performance?.concertId).toBe(played);
    const secondPage = await reviewsOf(coming, 'size=1&page=1');
    expect(secondPage.reviews.map((r) => r.title)).toEqual(['어제 공연 최고']);
    expect(secondPage.total).toBe(2);
  });

  it('reads, edits and deletes a review through any performance of its show, never another show', async () => {
    const review = await writeReview(fans.attended, played, '두 번째 후기');
    const read = await ctx.app.inject({ url: `/api/concerts/${coming}/reviews/${review.id}` });
    expect(read.json().data).toMatchObject({ id: review.id, concertId: played });
    const elsewhere = await ctx.app.inject({ url: `/api/concerts/${plain}/reviews/${review.id}` });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([404, 'R002']);
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/concerts/${coming}/reviews/${review.id}`,
      headers: { cookie: fans.attended.cookie, 'content-type': 'application/json' },
      payload: {
        title: '고쳐 쓴 후기',
        description: '다시 생각해도 좋은 공연이었어요.',
        rating: 5,
        userId: fans.attended.id,
        userNickname: 'x',
      },
    });
    expect(edited.json().data).toMatchObject({ title: '고쳐 쓴 후기', concertId: played });
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/concerts/${coming}/reviews/${review.id}`,
      headers: { cookie: fans.attended.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await reviewsOf(played)).total).toBe(2);
  });

  it('lists, reads and deletes expectations of every performance from either id', async () => {
    const write = async (concertId: number, comment: string) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/concerts/${concertId}/expectations`,
        headers: { cookie: fans.stranger.cookie, 'content-type': 'application/json' },
        payload: { comment, expectationRating: 5, userId: fans.stranger.id, userNickname: 'x' },
      });
      expect(response.statusCode).toBe(201);
      return expectationSchema.parse(response.json().data);
    };
    const first = await write(played, '첫 회차 기대돼요');
    ctx.clock.advance(1_000);
    const second = await write(coming, '둘째 회차도 기대돼요');
    for (const concertId of [played, coming]) {
      const response = await ctx.app.inject({
        url: `/api/concerts/${concertId}/expectations?size=10`,
      });
      const page = response.json().data as { content: unknown[]; totalElements: number };
      expect(page.totalElements).toBe(2);
      expect(page.content.map((e) => expectationSchema.parse(e).id)).toEqual([second.id, first.id]);
    }
    expect(first.concertId).toBe(played);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/concerts/${coming}/expectations/${first.id}`,
      headers: { cookie: fans.stranger.cookie },
    });
    expect(removed.statusCode).toBe(200);
    const elsewhere = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/concerts/${plain}/expectations/${second.id}`,
      headers: { cookie: fans.stranger.cookie },
    });
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([404, 'R003']);
  });
});

describe('a plain concert (a show of one)', () => {
  it("answers a verified review in the spec's shape, without a performance", async () => {
    const review = await writeReview(fans.plainBooker, plain, '단독 공연 후기');
    expect(review.verified).toBe(true);
    const { reviews } = await reviewsOf(plain);
    expect(reviews).toHaveLength(1);
    expect(Object.keys(reviews[0] ?? {}).sort()).toEqual(
      [
        'concertId',
        'createdAt',
        'description',
        'id',
        'rating',
        'title',
        'updatedAt',
        'userId',
        'userNickname',
        'verified',
      ].sort(),
    );
  });
});
