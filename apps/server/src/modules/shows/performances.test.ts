import type { ConcertGradeAvailability, ShowPerformances } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { admit, book, holdSeats } from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { shows } from '../../db/schema/index';

/**
 * `GET /concerts/{concertId}/performances` (issue 26): every performance of the concert's show,
 * by date and start time and in every status, with its places per grade counted as
 * `/concerts/{id}/grades` counts them, for a buyer choosing a 회차.
 */
type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

let ctx: TestContext;
let seller: Account;
let showId: number;
/** The show's performances in the order they were made (not the date order). */
let made: number[];
/** The same ids by date and start time. */
let byDate: number[];

beforeAll(async () => {
  ctx = await createTestContext({
    env: { QUEUE_RATE_PER_MINUTE: '100000', SEAT_RATE_PER_MINUTE: '100000' },
  });
  seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  showId = await newShow(seller.id);
  const shared = { sellerId: seller.id, showId, title: '세 회차 공연', artist: '노을 밴드' };
  made = [];
  for (const [concertDate, startTime] of [
    ['2031-08-03', '17:00:00'],
    ['2031-08-01', '19:00:00'],
    ['2031-08-01', '14:00:00'],
  ] as const) {
    made.push((await createConcert(ctx.database.db, { ...shared, concertDate, startTime })).id);
  }
  byDate = [made[2], made[1], made[0]].map(Number);
}, 120_000);
afterAll(async () => ctx?.close());

/** An empty show row; its performances are concerts made with its id. */
async function newShow(sellerId: number): Promise<number> {
  const [row] = await ctx.database.db.insert(shows).values({ sellerId }).returning();
  if (!row) throw new Error('no show row');
  return row.id;
}

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

async function performancesOf(concertId: number): Promise<ShowPerformances> {
  const response = await get(`/api/concerts/${concertId}/performances`);
  expect(response.statusCode).toBe(200);
  expect(response.json().success).toBe(true);
  return response.json().data as ShowPerformances;
}

async function gradesOf(concertId: number): Promise<ConcertGradeAvailability[]> {
  return (await get(`/api/concerts/${concertId}/grades`)).json().data;
}

function remainingOf(answer: ShowPerformances, concertId: number): number | undefined {
  return answer.performances.find((p) => p.concertId === concertId)?.remainingSeats;
}

describe('GET /api/concerts/:concertId/performances', () => {
  it('lists every performance of the show by date and time, each with its places per grade', async () => {
    const answer = await performancesOf(made[0] ?? 0);
    expect(answer.showId).toBe(showId);
    expect(answer.maxTicketsPerShow).toBeNull();
    expect(answer.performances.map((p) => [p.concertId, p.concertDate, p.startTime])).toEqual([
      [byDate[0], '2031-08-01', '14:00:00'],
      [byDate[1], '2031-08-01', '19:00:00'],
      [byDate[2], '2031-08-03', '17:00:00'],
    ]);
    for (const performance of answer.performances) {
      expect(performance).toMatchObject({
        endTime: '21:00:00',
        status: 'ON_SALE',
        totalSeats: 30,
        remainingSeats: 30,
        bookingStartDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
        bookingEndDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      });
      // The very figures of the performance's own grades answer.
      expect(performance.grades).toEqual(await gradesOf(performance.concertId));
      expect(performance.grades.map((g) => [g.code, g.price, g.totalPlaces])).toEqual([
        ['프리미엄', 150_000, 10],
        ['VIP', 100_000, 10],
        ['일반석', 50_000, 10],
      ]);
    }
  });

  it('answers the same through any performance of the show', async () => {
    const bodies = await Promise.all(
      made.map(async (id) => (await get(`/api/concerts/${id}/performances`)).body),
    );
    expect(new Set(bodies).size).toBe(1);
  });

  it('counts a hold and a booking on the performance they took places of, and no other', async () => {
    const target = byDate[1] ?? 0;
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    const session = await admit(ctx.app, target, buyer);
    const held = await holdSeats(ctx.app, target, session, 2);
    const afterHold = await performancesOf(target);
    expect(afterHold.performances.map((p) => p.remainingSeats)).toEqual([30, 28, 30]);
    const grades = afterHold.performances[1]?.grades ?? [];
    expect(grades).toEqual(await gradesOf(target));
    expect(grades.reduce((sum, g) => sum + g.available, 0)).toBe(28);

    await book(ctx.app, target, session, held);
    expect(remainingOf(await performancesOf(byDate[0] ?? 0), target)).toBe(28);

    const another = await createLoggedInUser(ctx.app, ctx.database.db);
    const third = byDate[2] ?? 0;
    await holdSeats(ctx.app, third, await admit(ctx.app, third, another), 1);
    const later = await performancesOf(target);
    expect(later.performances.map((p) => p.remainingSeats)).toEqual([30, 28, 29]);
  });

  it('keeps a cancelled performance in the list, marked CANCELLED', async () => {
    const cancelled = byDate[0] ?? 0;
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seller/concerts/${cancelled}?sellerId=${seller.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(response.statusCode).toBe(200);
    const answer = await performancesOf(byDate[2] ?? 0);
    expect(answer.performances.map((p) => [p.concertId, p.status])).toEqual([
      [byDate[0], 'CANCELLED'],
      [byDate[1], 'ON_SALE'],
      [byDate[2], 'ON_SALE'],
    ]);
  });

  it('answers a plain concert with itself alone', async () => {
    const plain = await createConcert(ctx.database.db, {
      sellerId: seller.id,
      totalSeats: 60,
      status: 'SCHEDULED',
    });
    const answer = await performancesOf(plain.id);
    expect(answer).toEqual({
      showId: plain.showId,
      maxTicketsPerShow: null,
      performances: [
        expect.objectContaining({
          concertId: plain.id,
          status: 'SCHEDULED',
          totalSeats: 60,
          remainingSeats: 60,
        }),
      ],
    });
    expect(answer.performances[0]?.grades).toEqual(await gradesOf(plain.id));
  });

  it('counts a show of more seats than one statement counts, performance by performance', async () => {
    const bigShow = await newShow(seller.id);
    const ids: number[] = [];
    for (const concertDate of ['2031-09-01', '2031-09-02', '2031-09-03']) {
      const row = await createConcert(ctx.database.db, {
        sellerId: seller.id,
        showId: bigShow,
        concertDate,
        totalSeats: 4_000,
      });
      ids.push(row.id);
    }
    const answer = await performancesOf(ids[2] ?? 0);
    expect(answer.performances.map((p) => [p.concertId, p.remainingSeats])).toEqual(
      ids.map((id) => [id, 4_000]),
    );
    for (const performance of answer.performances) {
      expect(performance.grades).toEqual(await gradesOf(performance.concertId));
    }
  });

  it('may be kept by a browser for a second, no longer', async () => {
    const response = await get(`/api/concerts/${made[0]}/performances`);
    expect(response.headers['cache-control']).toBe('public, max-age=1');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('unknown concert -> 404 T003 with the contract message', async () => {
    const response = await get('/api/concerts/987654/performances');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      success: false,
      status: 404,
      code: 'T003',
      message: '콘서트 정보를 찾을 수 없습니다.',
    });
  });

  it.each(['0', '-3', 'abc', '1.5', '99999999999'])(
    'id %s -> 400 C001 with the id rule message',
    async (id) => {
      const response = await get(`/api/concerts/${id}/performances`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'C001',
        message: '콘서트 ID는 1 이상의 양수여야 합니다.',
      });
    },
  );
});
