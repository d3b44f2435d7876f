import type { BookingCreated, SeatEntry } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shows } from '../../db/schema/index';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { payInSandbox } from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

/**
 * Issue 26, point 4: the spec's `maxTicketsPerUser` stays per performance; a show's
 * `max_tickets_per_show`, when the seller sets it, bounds one buyer's seats across all of the
 * show's performances (paid, and unpaid that may still be paid). Both runtimes.
 */
type Account = Awaited<ReturnType<typeof createLoggedInUser>>;
let ctx: TestContext;
let sellerId: number;

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      QUEUE_CAPACITY: '1000',
      QUEUE_RATE_PER_MINUTE: '100000',
      SEAT_RATE_PER_MINUTE: '100000',
    },
  });
  sellerId = (await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER')).id;
});
afterAll(async () => ctx?.close());

/** A show of `count` performances on consecutive days, each with 20 seats and 4 per buyer. */
async function showOf(count: number, maxTicketsPerShow: number | null): Promise<number[]> {
  const db = ctx.database.db;
  const [show] = await db.insert(shows).values({ sellerId, maxTicketsPerShow }).returning();
  const showId = show?.id ?? 0;
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const concertDate = new Date(Date.now() + (10 + i) * 86_400_000).toISOString().slice(0, 10);
    ids.push((await createConcert(db, { sellerId, showId, totalSeats: 20, concertDate })).id);
  }
  return ids;
}

/** Admits the buyer to the performance and holds `count` free seats there. */
async function holdIn(buyer: Account, concertId: number, count: number): Promise<number[]> {
  const entry = await ctx.app.inject({
    method: 'POST',
    url: `/api/queue/enter?concertId=${concertId}`,
    headers: { cookie: buyer.cookie },
  });
  const accessKey = String(entry.json().data?.accessKey);
  const headers = { cookie: buyer.cookie, 'x-access-key': accessKey };
  const status = await ctx.app.inject({
    method: 'GET',
    url: `/api/seats/concerts/${concertId}/status`,
    headers,
  });
  const free = (status.json().data as SeatEntry[]).filter((s) => s.status === 'AVAILABLE');
  const held = free.slice(0, count).map((s) => s.seatId);
  for (const seatId of held) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/seats/concerts/${concertId}/seats/${seatId}/reserve`,
      headers,
    });
    expect(response.statusCode).toBe(200);
  }
  return held;
}

function book(buyer: Account, concertId: number, concertSeatIds: number[]) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
    payload: { concertId, concertSeatIds },
  });
}

async function bookAndPay(buyer: Account, concertId: number, count: number): Promise<void> {
  const response = await book(buyer, concertId, await holdIn(buyer, concertId, count));
  expect(response.statusCode).toBe(201);
  await payInSandbox(ctx.app, buyer, response.json().data as BookingCreated);
}

describe('the per-show limit (공연 전체 1인 최대 예매 수)', () => {
  it('limit 3 over two performances: 2 paid on A, then 2 on B refused in Korean, 1 allowed', async () => {
    const [a = 0, b = 0] = await showOf(2, 3);
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    await bookAndPay(buyer, a, 2);

    const seatsOnB = await holdIn(buyer, b, 2);
    const over = await book(buyer, b, seatsOnB);
    expect([over.statusCode, over.json().code]).toEqual([400, 'C001']);
    expect(over.json().message).toBe(
      '이 공연은 모든 회차를 합쳐 1인당 3매까지 예매할 수 있습니다.',
    );
    // The refusal changed nothing: the seats are still the buyer's holds, one of them bookable.
    const one = await book(buyer, b, seatsOnB.slice(0, 1));
    expect(one.statusCode).toBe(201);
  });

  it("counts another performance's unpaid booking, since it may still be paid", async () => {
    const [a = 0, b = 0] = await showOf(2, 3);
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    const seatsOnA = await holdIn(buyer, a, 2);
    expect((await book(buyer, a, seatsOnA)).statusCode).toBe(201);
    const over = await book(buyer, b, await holdIn(buyer, b, 2));
    expect([over.statusCode, over.json().code]).toEqual([400, 'C001']);
    // A new booking of A replaces A's unpaid one (closing the window and booking again), so
    // its seats are not counted twice: 2 of A again pass a limit of 3.
    expect((await book(buyer, a, seatsOnA)).statusCode).toBe(201);
  });

  it('two bookings of two performances at once: exactly one passes the limit', async () => {
    const [a = 0, b = 0] = await showOf(2, 3);
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    const [onA, onB] = [await holdIn(buyer, a, 2), await holdIn(buyer, b, 2)];
    const answers = await Promise.all([book(buyer, a, onA), book(buyer, b, onB)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });

  it('leaves a show of one and a show without a limit as before (maxTicketsPerUser only)', async () => {
    const [limited = 0] = await showOf(2, 3);
    const [plain = 0] = await showOf(1, null);
    const [unlimitedA = 0, unlimitedB = 0] = await showOf(2, null);
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    await bookAndPay(buyer, limited, 2);
    await bookAndPay(buyer, limited, 1);
    // Another show's limit never counts: 4 on a plain concert, 4 + 4 on an unlimited show.
    await bookAndPay(buyer, plain, 2);
    await bookAndPay(buyer, plain, 2);
    await bookAndPay(buyer, unlimitedA, 2);
    await bookAndPay(buyer, unlimitedA, 2);
    await bookAndPay(buyer, unlimitedB, 2);
    await bookAndPay(buyer, unlimitedB, 2);
    const perUser = await book(buyer, plain, await holdIn(buyer, plain, 1));
    expect(perUser.json()).toMatchObject({
      code: 'C001',
      message: '1인당 최대 4매까지 예매할 수 있습니다.',
    });
  });
});
