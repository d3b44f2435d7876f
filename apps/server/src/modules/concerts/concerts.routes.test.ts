import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concertSeats, seatGrades } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';

let ctx: TestContext;
let sellerId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  sellerId = (await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER')).id;
  const statuses = ['ON_SALE', 'SCHEDULED', 'SOLD_OUT', 'CANCELLED', 'COMPLETED'] as const;
  for (const [i, status] of statuses.entries()) {
    await createConcert(ctx.database.db, {
      sellerId,
      status,
      title: `${String.fromCharCode(69 - i)} 공연`,
      artist: `가수${i}`,
      concertDate: `2031-0${i + 1}-15`,
    });
  }
  for (let i = 0; i < 22; i += 1) {
    await createConcert(ctx.database.db, {
      sellerId,
      concertDate: `2032-01-${String(i + 1).padStart(2, '0')}`,
    });
  }
});
afterAll(async () => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('GET /api/concerts', () => {
  it('pages the public statuses only, 20 by default, by concert date ascending', async () => {
    const response = await get('/api/concerts');
    expect(response.statusCode).toBe(200);
    const { success, data } = response.json();
    expect(success).toBe(true);
    expect(data).toMatchObject({
      number: 0,
      size: 20,
      totalElements: 25,
      totalPages: 2,
      first: true,
      last: false,
    });
    expect(data.content).toHaveLength(20);
    const statuses = new Set(data.content.map((c: { status: string }) => c.status));
    expect(
      [...statuses].every((s) => ['SCHEDULED', 'ON_SALE', 'SOLD_OUT'].includes(s as string)),
    ).toBe(true);
    const dates = data.content.map((c: { concertDate: string }) => c.concertDate);
    expect([...dates].sort()).toEqual(dates);
  });

  it('serves the home page query (page 0, size 4)', async () => {
    const { data } = (await get('/api/concerts?page=0&size=4')).json();
    expect(data.content).toHaveLength(4);
    expect(data.size).toBe(4);
  });

  it('answers the contract concert shape', async () => {
    const { data } = (await get('/api/concerts?size=1')).json();
    expect(data.content[0]).toEqual({
      concertId: expect.any(Number),
      title: expect.any(String),
      artist: expect.any(String),
      description: '테스트용 공연입니다.',
      sellerId,
      venueName: '테스트 홀',
      venueAddress: '서울특별시 중구 테스트로 1',
      concertDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      startTime: '19:00:00',
      endTime: '21:00:00',
      totalSeats: 30,
      bookingStartDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      bookingEndDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      minAge: 0,
      maxTicketsPerUser: 4,
      status: expect.any(String),
      posterImageUrl: null,
      aiSummary: null,
      createdAt: expect.stringMatching(/T\d{2}:\d{2}:\d{2}$/),
      updatedAt: expect.stringMatching(/T\d{2}:\d{2}:\d{2}$/),
    });
  });

  it('sorts by title descending', async () => {
    const { data } = (await get('/api/concerts?sortBy=title&sortDir=desc&size=100')).json();
    const titles = data.content.map((c: { title: string }) => c.title);
    expect([...titles].sort().reverse()).toEqual(titles);
  });

  it('walks the last page', async () => {
    const { data } = (await get('/api/concerts?page=1')).json();
    expect(data).toMatchObject({ number: 1, numberOfElements: 5, first: false, last: true });
  });

  it.each([
    ['sortBy=price', 'T010'],
    ['sortDir=up', 'T011'],
    ['size=0', 'C001'],
    ['size=101', 'C001'],
    ['page=-1', 'C001'],
    ['page=abc', 'C001'],
  ])('%s -> 400 %s with a Korean message', async (query, code) => {
    const response = await get(`/api/concerts?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, status: 400, code });
    expect(body.message).toMatch(/[가-힣]/);
  });
});

describe('GET /api/concerts/:id', () => {
  it('returns a concert in any status, including hidden ones', async () => {
    const { data } = (await get('/api/concerts?size=100')).json();
    const visibleIds = new Set(data.content.map((c: { concertId: number }) => c.concertId));
    let hiddenFound = 0;
    for (let id = 1; id <= 27; id += 1) {
      const response = await get(`/api/concerts/${id}`);
      expect(response.statusCode).toBe(200);
      const concert = response.json().data;
      if (!visibleIds.has(concert.concertId)) {
        expect(['CANCELLED', 'COMPLETED']).toContain(concert.status);
        hiddenFound += 1;
      }
    }
    expect(hiddenFound).toBe(2);
  });

  it('unknown id -> 404 T003 with the contract message', async () => {
    const response = await get('/api/concerts/999999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'T003',
      message: '콘서트 정보를 찾을 수 없습니다.',
    });
  });

  it.each(['0', '-3', 'abc', '1.5', '99999999999'])(
    'id %s -> 400 with the id rule message',
    async (id) => {
      const response = await get(`/api/concerts/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'C001',
        message: '콘서트 ID는 1 이상의 양수여야 합니다.',
      });
    },
  );

  it('created the seat map with grades and prices', async () => {
    const [seats] = await ctx.database.db
      .select({ n: count() })
      .from(concertSeats)
      .where(eq(concertSeats.concertId, 1));
    expect(seats?.n).toBe(30);
    const grades = await ctx.database.db
      .select()
      .from(seatGrades)
      .where(eq(seatGrades.concertId, 1));
    expect(grades.map((g) => [g.name, g.price])).toEqual([
      ['프리미엄', 150_000],
      ['VIP', 100_000],
      ['일반석', 50_000],
    ]);
  });
});
