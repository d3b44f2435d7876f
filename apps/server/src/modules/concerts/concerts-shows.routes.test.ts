import type { Concert } from '@curtaincall/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatGrades } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { insertShow } from './concerts.repo';
import type { ConcertDraft } from './concerts.service';

/**
 * Issue 26 in the catalogue: one card per show (its first performance on sale, else its first
 * public one), with `show` only for a show of several performances buyers can see; the detail of
 * such a performance names its show. A show of one answers exactly as before.
 */
let ctx: TestContext;
let sellerId: number;

type PerformanceFields = Partial<ConcertDraft> & { concertDate: string };

/** A show of the given performances sharing its title, artist and venue. */
async function createShow(shared: Partial<ConcertDraft>, performances: PerformanceFields[]) {
  const { id: showId } = await insertShow(ctx.database.db, { sellerId });
  const ids: number[] = [];
  for (const performance of performances) {
    ids.push(
      (await createConcert(ctx.database.db, { sellerId, showId, ...shared, ...performance })).id,
    );
  }
  return { showId, ids };
}

let tour: { showId: number; ids: number[] };
let scheduled: { showId: number; ids: number[] };
let oneLeft: { showId: number; ids: number[] };
let withPast: { showId: number; ids: number[] };
let earlyId: number;
let lateId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  sellerId = (await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER')).id;
  earlyId = (
    await createConcert(ctx.database.db, {
      sellerId,
      title: '단독 공연 이른',
      artist: '솔로 가수',
      concertDate: '2031-07-10',
      startTime: '12:00:00',
    })
  ).id;
  tour = await createShow(
    { title: '회차 투어 〈STARLIGHT〉', artist: '별빛 밴드', venueName: '올림픽 홀' },
    [
      { concertDate: '2031-07-10', startTime: '19:00:00', status: 'SOLD_OUT' },
      { concertDate: '2031-07-11', startTime: '18:00:00' },
      { concertDate: '2031-07-12', startTime: '17:00:00' },
    ],
  );
  lateId = (
    await createConcert(ctx.database.db, {
      sellerId,
      title: '단독 공연 늦은',
      artist: '솔로 가수',
      concertDate: '2031-07-11',
      startTime: '20:00:00',
    })
  ).id;
  scheduled = await createShow({ title: '예정 회차 공연', artist: '새벽 트리오' }, [
    { concertDate: '2031-09-02', status: 'SCHEDULED' },
    { concertDate: '2031-09-01', status: 'SCHEDULED' },
  ]);
  oneLeft = await createShow({ title: '하나 남은 회차 공연', artist: '파도 듀오' }, [
    { concertDate: '2031-10-01', status: 'CANCELLED' },
    { concertDate: '2031-10-02' },
  ]);
  withPast = await createShow({ title: '지난 회차가 있는 공연', artist: '구름 크루' }, [
    { concertDate: '2031-11-01', status: 'COMPLETED' },
    { concertDate: '2031-11-02' },
  ]);
  // The third date of the tour alone has a 300,000-won grade.
  const lastOfTour = tour.ids[2] ?? 0;
  await ctx.database.db
    .update(seatGrades)
    .set({ price: 300_000 })
    .where(and(eq(seatGrades.concertId, lastOfTour), eq(seatGrades.name, '프리미엄')));
});
afterAll(async () => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const search = async (text: string): Promise<Concert[]> =>
  (await get(`/api/concerts/search?query=${encodeURIComponent(text)}`)).json().data;
const filter = async (query: string): Promise<Concert[]> =>
  (await get(`/api/concerts/filter?${query}`)).json().data;
const tourSummary = () => ({
  showId: tour.showId,
  performanceCount: 3,
  firstDate: '2031-07-10',
  lastDate: '2031-07-12',
});

describe('the catalogue lists a show once', () => {
  it('counts shows, and a show of three is one card: its first performance on sale, with its summary', async () => {
    const { data } = (await get('/api/concerts?size=100')).json();
    // Two plain concerts, the tour, the scheduled show, and one card each for the two shows
    // that kept a single public performance.
    expect(data.totalElements).toBe(6);
    const tourCards = data.content.filter((c: Concert) => c.title === '회차 투어 〈STARLIGHT〉');
    expect(tourCards).toHaveLength(1);
    expect(tourCards[0]).toMatchObject({
      concertId: tour.ids[1],
      concertDate: '2031-07-11',
      startTime: '18:00:00',
      status: 'ON_SALE',
      show: tourSummary(),
    });
  });

  it('sorts by the date of each card, so the show sits between the plain concerts around it', async () => {
    const { data } = (await get('/api/concerts?size=100&sortBy=concertDate&sortDir=asc')).json();
    const ids = data.content.map((c: Concert) => c.concertId);
    expect(ids.slice(0, 3)).toEqual([earlyId, tour.ids[1], lateId]);
    const descending = (await get('/api/concerts?size=100&sortDir=desc')).json().data.content;
    expect(descending.map((c: Concert) => c.concertId)).toEqual([...ids].reverse());
  });

  it('without a performance on sale, the card is the earliest public one', async () => {
    const [card] = await search('예정 회차');
    expect(card).toMatchObject({
      concertId: scheduled.ids[1],
      concertDate: '2031-09-01',
      status: 'SCHEDULED',
      show: {
        showId: scheduled.showId,
        performanceCount: 2,
        firstDate: '2031-09-01',
        lastDate: '2031-09-02',
      },
    });
  });

  it('a cancelled performance does not count: a show left with one is a plain card', async () => {
    const cards = await search('하나 남은');
    expect(cards).toHaveLength(1);
    expect(cards[0]?.concertId).toBe(oneLeft.ids[1]);
    expect(cards[0]).not.toHaveProperty('show');
  });

  it('a completed performance still belongs to the show it names, though only the next one is listed', async () => {
    const [card] = await search('지난 회차');
    expect(card).toMatchObject({
      concertId: withPast.ids[1],
      show: {
        showId: withPast.showId,
        performanceCount: 2,
        firstDate: '2031-11-01',
        lastDate: '2031-11-02',
      },
    });
  });

  it('a plain concert keeps the spec shape, with no show', async () => {
    const cards = await search('단독 공연 이른');
    expect(cards).toHaveLength(1);
    expect(Object.keys(cards[0] ?? {})).not.toContain('show');
  });
});

describe('search and filter match any performance of a show, once', () => {
  it('search by title, artist or venue finds the show once', async () => {
    for (const text of ['starlight', '별빛 밴드', '올림픽 홀']) {
      const cards = await search(text);
      expect(cards.map((c) => c.concertId)).toEqual([tour.ids[1]]);
      expect(cards[0]?.show).toEqual(tourSummary());
    }
  });

  it('a date only the third performance is on finds the show, shown on that date', async () => {
    const cards = await filter('startDate=2031-07-12&endDate=2031-07-12');
    expect(cards).toEqual([
      expect.objectContaining({
        concertId: tour.ids[2],
        concertDate: '2031-07-12',
        show: tourSummary(),
      }),
    ]);
  });

  it('a range over every date lists the show once, on its usual card, in date order', async () => {
    const cards = await filter('startDate=2031-07-10&endDate=2031-07-11');
    expect(cards.map((c) => c.concertId)).toEqual([earlyId, tour.ids[1], lateId]);
  });

  it('a range holding only its sold-out first date shows that date', async () => {
    const cards = await filter('startDate=2031-07-10&endDate=2031-07-10');
    expect(cards.map((c) => [c.concertId, c.status])).toEqual([
      [earlyId, 'ON_SALE'],
      [tour.ids[0], 'SOLD_OUT'],
    ]);
  });

  it('prices are matched per performance: the dear grade finds the show on the date that has it', async () => {
    const dear = await filter('startDate=2031-07-01&endDate=2031-07-31&priceMin=200000');
    expect(dear.map((c) => [c.concertId, c.concertDate])).toEqual([[tour.ids[2], '2031-07-12']]);
    // The dates that have no such grade do not match, though the show has one elsewhere.
    expect(await filter('startDate=2031-07-10&endDate=2031-07-11&priceMin=200000')).toEqual([]);
  });

  it('dates of a cancelled or completed performance match nothing', async () => {
    expect(await filter('startDate=2031-10-01&endDate=2031-10-01')).toEqual([]);
    expect(await filter('startDate=2031-11-01&endDate=2031-11-01')).toEqual([]);
  });
});

describe('GET /api/concerts/:id of a performance', () => {
  it('names the show of several performances, whichever performance is asked for', async () => {
    for (const [index, id] of tour.ids.entries()) {
      const { data } = (await get(`/api/concerts/${id}`)).json();
      expect(data.concertId).toBe(id);
      expect(data.concertDate).toBe(`2031-07-1${index}`);
      expect(data.show).toEqual(tourSummary());
      expect(data.seatGrades.length).toBeGreaterThan(0);
    }
  });

  it('answers a plain concert, and a show left with one performance, without show', async () => {
    for (const id of [earlyId, oneLeft.ids[1], oneLeft.ids[0]]) {
      const response = await get(`/api/concerts/${id}`);
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json().data)).not.toContain('show');
    }
  });
});
