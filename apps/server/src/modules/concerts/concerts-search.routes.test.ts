import { eq } from 'drizzle-orm';
import { AI_SUMMARY_EMPTY } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concerts } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';

let ctx: TestContext;
let lunaId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const sellerId = (await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER')).id;
  const make = (o: Parameters<typeof createConcert>[1]) => createConcert(ctx.database.db, o);
  lunaId = (
    await make({
      sellerId,
      title: '루나 솔로 콘서트 〈MOONLIGHT〉',
      artist: '루나(LUNA)',
      venueName: '올림푸스 홀',
      concertDate: '2031-03-10',
    })
  ).id;
  await make({
    sellerId,
    title: 'Moonlight Jazz',
    artist: 'Blue Trio',
    venueName: '청담 라운지',
    concertDate: '2031-03-01',
  });
  await make({
    sellerId,
    title: '노을 밴드 투어',
    artist: '노을 밴드',
    venueName: '서울 스카이돔',
    concertDate: '2031-04-20',
    totalSeats: 60,
  });
  await make({
    sellerId,
    title: '취소된 루나 공연',
    artist: '루나(LUNA)',
    status: 'CANCELLED',
    concertDate: '2031-03-15',
  });
  await make({ sellerId, title: '100% 라이브_쇼', artist: '퍼센트', concertDate: '2031-05-01' });
  await make({
    sellerId,
    title: '지난 공연',
    artist: '노을 밴드',
    status: 'COMPLETED',
    concertDate: '2031-04-21',
  });
});
afterAll(async () => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const titles = (body: { data: Array<{ title: string }> }) => body.data.map((c) => c.title);

describe('GET /api/concerts/search', () => {
  it('finds by artist in Korean, hiding cancelled and completed concerts', async () => {
    const response = await get(`/api/concerts/search?query=${encodeURIComponent('루나')}`);
    expect(response.statusCode).toBe(200);
    expect(titles(response.json())).toEqual(['루나 솔로 콘서트 〈MOONLIGHT〉']);
  });

  it('matches title, artist or venue case-insensitively, by date', async () => {
    expect(titles((await get('/api/concerts/search?query=moonLIGHT')).json())).toEqual([
      'Moonlight Jazz',
      '루나 솔로 콘서트 〈MOONLIGHT〉',
    ]);
    expect(
      titles((await get(`/api/concerts/search?query=${encodeURIComponent('스카이돔')}`)).json()),
    ).toEqual(['노을 밴드 투어']);
  });

  it('trims the query and treats % and _ literally', async () => {
    expect(
      titles((await get(`/api/concerts/search?query=${encodeURIComponent('  노을 ')}`)).json()),
    ).toEqual(['노을 밴드 투어']);
    expect(titles((await get('/api/concerts/search?query=%25')).json())).toEqual([
      '100% 라이브_쇼',
    ]);
    expect(titles((await get('/api/concerts/search?query=_')).json())).toEqual(['100% 라이브_쇼']);
  });

  it.each([
    ['', 'blank'],
    ['   ', 'spaces only'],
    ['가'.repeat(101), 'over 100 characters'],
  ])('query %# (%s) -> 400 T004', async (query) => {
    const response = await get(`/api/concerts/search?query=${encodeURIComponent(query)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'T004',
      message: '검색어는 1자 이상 100자 이하로 입력해주세요.',
    });
  });

  it('a missing query -> 400 T004', async () => {
    expect((await get('/api/concerts/search')).json().code).toBe('T004');
  });
});

describe('GET /api/concerts/filter', () => {
  it('keeps an inclusive date range of public concerts, by date', async () => {
    const response = await get('/api/concerts/filter?startDate=2031-03-01&endDate=2031-04-20');
    expect(titles(response.json())).toEqual([
      'Moonlight Jazz',
      '루나 솔로 콘서트 〈MOONLIGHT〉',
      '노을 밴드 투어',
    ]);
  });

  it('accepts either end alone', async () => {
    expect(titles((await get('/api/concerts/filter?startDate=2031-04-20')).json())).toEqual([
      '노을 밴드 투어',
      '100% 라이브_쇼',
    ]);
    expect(titles((await get('/api/concerts/filter?endDate=2031-03-01')).json())).toEqual([
      'Moonlight Jazz',
    ]);
  });

  it('filters by grade price when asked', async () => {
    const premiumOnly = (
      await get('/api/concerts/filter?startDate=2031-03-01&endDate=2031-12-31&priceMin=120000')
    ).json();
    expect(premiumOnly.data).toHaveLength(4);
    const none = (await get('/api/concerts/filter?startDate=2031-03-01&priceMax=1000')).json();
    expect(none.data).toEqual([]);
  });

  it('start after end -> 400 T005 with the spec text', async () => {
    const response = await get('/api/concerts/filter?startDate=2031-05-01&endDate=2031-04-01');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'T005',
      message: '시작일과 종료일을 다시 확인해주세요. 종료일이 시작일보다 앞설 수 없습니다.',
    });
  });

  it.each([
    'startDate=2031-13-45',
    'startDate=yesterday',
    'endDate=2031/01/01',
    'startDate=2031-01-01&endDate=2033-01-01',
  ])('%s -> 400 C001', async (query) => {
    const response = await get(`/api/concerts/filter?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('C001');
    expect(response.json().message).toMatch(/[가-힣]/);
  });
});

describe('concert detail and AI summary', () => {
  it('lists the real grades and prices, dearest first', async () => {
    const { data } = (await get(`/api/concerts/${lunaId}`)).json();
    expect(data.seatGrades).toEqual([
      { name: '프리미엄', price: 150_000 },
      { name: 'VIP', price: 100_000 },
      { name: '일반석', price: 50_000 },
    ]);
  });

  it('answers the exact empty sentence when there is no summary, then the stored one', async () => {
    expect((await get(`/api/concerts/${lunaId}/ai-summary`)).json()).toEqual({
      success: true,
      data: AI_SUMMARY_EMPTY,
    });
    await ctx.database.db
      .update(concerts)
      .set({ aiSummary: '[전체 평가]\n좋아요' })
      .where(eq(concerts.id, lunaId));
    expect((await get(`/api/concerts/${lunaId}/ai-summary`)).json().data).toBe(
      '[전체 평가]\n좋아요',
    );
  });

  it('unknown concert -> 404 T003', async () => {
    expect((await get('/api/concerts/987654/ai-summary')).json()).toMatchObject({ code: 'T003' });
  });
});

describe('GET /api/concerts/:id/seat-map', () => {
  it('lists every section with its grade, price, rows and seats, adding up to the total', async () => {
    const { data } = (await get(`/api/concerts/${lunaId}/seat-map`)).json();
    expect(data.concertId).toBe(lunaId);
    expect(data.sections.map((s: { section: string }) => s.section)).toEqual(['A', 'B', 'C']);
    expect(data.sections[0]).toEqual({
      section: 'A',
      grade: '프리미엄',
      price: 150_000,
      rows: 1,
      seatCount: 10,
    });
    expect(
      data.sections.reduce((sum: number, s: { seatCount: number }) => sum + s.seatCount, 0),
    ).toBe(data.totalSeats);
  });
});
