import {
  defaultSeatGrades,
  sellerConcertMessages,
  showMessages,
  type ConcertGradeAvailability,
  type Page,
  type SellerShow,
  type VenueLayout,
} from '@curtaincall/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { addDays, toSeoulDate } from '../../lib/seoul-time';
import { planSeatMap } from '../concerts/seat-map';
import { createLoggedInUser } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

/**
 * `POST /seller/shows` and the seller's show reads (issue 26): a show of 1 to many performances
 * in one request, each a concert with its own seats, schedule and booking window; errors that
 * name the performance; the seller's list and detail; nobody else's show.
 */
let ctx: TestContext;
let seller: Account;
let otherSeller: Account;
let buyer: Account;

beforeAll(async () => {
  ctx = await createTestContext();
  [seller, otherSeller, buyer] = await Promise.all([
    createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER'),
    createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER'),
    createLoggedInUser(ctx.app, ctx.database.db),
  ]);
}, 120_000);
afterAll(async () => ctx?.close());

const today = () => toSeoulDate(ctx.clock.now());

function call(method: 'GET' | 'POST', url: string, account: Account | null, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      ...(account ? { cookie: account.cookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

let sequence = 0;
/** A performance `day` days ahead at `time`, two hours long. */
function performanceAt(day: number, time = '19:00', extra: Record<string, unknown> = {}) {
  const [hour = 19, minute = 0] = time.split(':').map(Number);
  return {
    concertDate: addDays(today(), day),
    startTime: time,
    endTime: `${String(hour + 2).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
    ...extra,
  };
}

/** The show form as the browser sends it: a shared booking window opened yesterday. */
function showForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    title: `회차 공연 ${sequence}`,
    artist: '회차 밴드',
    description: '여러 회차 공연입니다.',
    venueName: '회차홀',
    venueAddress: '서울특별시 중구 회차로 1',
    minAge: 0,
    maxTicketsPerUser: 4,
    posterImageUrl: null,
    status: 'SCHEDULED',
    totalSeats: 40,
    bookingStartDate: `${addDays(today(), -1)}T10:00`,
    bookingEndDate: `${addDays(today(), 9)}T23:59`,
    performances: [performanceAt(10), performanceAt(11), performanceAt(12)],
    ...overrides,
  };
}

async function createShow(overrides: Record<string, unknown> = {}, account = seller) {
  const response = await call(
    'POST',
    `/api/seller/shows?sellerId=${account.id}`,
    account,
    showForm(overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as SellerShow;
}

/** Seats per concert of the show, straight from the database. */
async function seatsPerPerformance(showId: number) {
  const rows = await queryRows<{ concert_id: number; seats: number; distinct_infos: number }>(
    ctx.database.db,
    sql`select c.id as concert_id, count(s.id)::int as seats,
               count(distinct s.section || '-' || s.row_number || '-' || s.seat_number)::int
                 as distinct_infos
        from concerts c left join concert_seats s on s.concert_id = c.id
        where c.show_id = ${showId} group by c.id order by c.id`,
  );
  return rows.map((row) => ({
    concertId: Number(row.concert_id),
    seats: Number(row.seats),
    distinctInfos: Number(row.distinct_infos),
  }));
}

async function countShows(sellerId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from shows where seller_id = ${sellerId}`,
  );
  return Number(row?.n);
}

/** What planSeatMap promises per grade name. */
function plannedGrades(total: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const section of planSeatMap(total)) {
    const name = defaultSeatGrades[section.gradeIndex]?.name ?? '';
    counts[name] = (counts[name] ?? 0) + section.seatCount;
  }
  return counts;
}

/** A small hall in the documented layout format: 7 seats (one KILLED) and 40 standing. */
function smallHall(): VenueLayout {
  return {
    format: 'curtaincall.venue-layout',
    version: 1,
    name: '회차 작은 홀',
    grades: [
      { code: 'GOLD', name: '골드석', price: 123_000 },
      { code: 'SILVER', name: '실버석', price: 77_000 },
      { code: 'ST', name: '스탠딩', price: 55_000 },
    ],
    sections: [
      {
        kind: 'SEATED',
        name: 'A',
        rows: [
          {
            row: 1,
            seats: [
              { number: 1, grade: 'GOLD' },
              { number: 2, grade: 'GOLD' },
              { number: 3, grade: 'GOLD', tags: ['KILLED'] },
            ],
          },
          {
            row: 2,
            seats: [
              { number: 1, grade: 'SILVER' },
              { number: 2, grade: 'SILVER' },
              { number: 3, grade: 'SILVER' },
              { number: 4, grade: 'SILVER' },
            ],
          },
        ],
      },
      { kind: 'STANDING', name: 'F', grade: 'ST', capacity: 40 },
    ],
  };
}

describe('POST /seller/shows', () => {
  it('a show of one performance: 201, a concert whose spec answers carry no show', async () => {
    const response = await call(
      'POST',
      `/api/seller/shows?sellerId=${seller.id}`,
      seller,
      showForm({ performances: [performanceAt(20)] }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const show = response.json().data as SellerShow;
    expect(response.json()).toMatchObject({ success: true, message: showMessages.created });
    expect(show).toMatchObject({
      venueName: '회차홀',
      maxTicketsPerShow: null,
      firstDate: addDays(today(), 20),
      lastDate: addDays(today(), 20),
    });
    expect(show.performances).toHaveLength(1);
    const [performance] = show.performances;
    expect(performance).toMatchObject({
      showId: show.showId,
      title: show.title,
      totalSeats: 40,
      soldSeats: 0,
      // The shared window opened yesterday: on sale at once.
      status: 'ON_SALE',
      startTime: '19:00:00',
      endTime: '21:00:00',
    });
    const detail = await call('GET', `/api/concerts/${performance?.concertId}`, null);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).not.toHaveProperty('show');
    expect(detail.json().data).toMatchObject({ concertId: performance?.concertId, totalSeats: 40 });
    expect(await seatsPerPerformance(show.showId)).toEqual([
      { concertId: performance?.concertId, seats: 40, distinctInfos: 40 },
    ]);
  });

  it('10 performances x 5,000 seats in one request: each its own concert and seat map', async () => {
    const performances = Array.from({ length: 10 }, (_, i) =>
      performanceAt(30 + Math.floor(i / 2), i % 2 === 0 ? '14:00' : '19:30'),
    );
    const started = performance.now();
    const show = await createShow({ totalSeats: 5_000, performances, maxTicketsPerShow: 8 });
    const tookMs = performance.now() - started;
    expect(show.performances).toHaveLength(10);
    expect(show.maxTicketsPerShow).toBe(8);
    expect(show.firstDate).toBe(addDays(today(), 30));
    expect(show.lastDate).toBe(addDays(today(), 34));
    // By date, then start time.
    expect(show.performances.map((p) => `${p.concertDate} ${p.startTime}`)).toEqual(
      performances.map((p) => `${p.concertDate} ${p.startTime}:00`),
    );
    expect(new Set(show.performances.map((p) => p.concertId)).size).toBe(10);

    const seats = await seatsPerPerformance(show.showId);
    expect(seats).toHaveLength(10);
    for (const row of seats) expect(row).toMatchObject({ seats: 5_000, distinctInfos: 5_000 });
    const grades = await queryRows<{ concert_id: number; name: string; seats: number }>(
      ctx.database.db,
      sql`select s.concert_id, g.name, count(*)::int as seats
          from concert_seats s join seat_grades g on g.id = s.grade_id
          join concerts c on c.id = s.concert_id
          where c.show_id = ${show.showId} group by s.concert_id, g.name`,
    );
    for (const { concertId } of seats) {
      const own = grades.filter((g) => Number(g.concert_id) === concertId);
      expect(Object.fromEntries(own.map((g) => [g.name, Number(g.seats)]))).toEqual(
        plannedGrades(5_000),
      );
    }
    // 50,000 seats, set-based: seconds, not minutes, even on a shared test machine.
    expect(tookMs).toBeLessThan(60_000);
  }, 120_000);

  it('per-performance booking windows: its own where given, the shared one elsewhere', async () => {
    const show = await createShow({
      performances: [
        performanceAt(15),
        performanceAt(16, '19:00', {
          bookingStartDate: `${addDays(today(), 2)}T20:00`,
          bookingEndDate: `${addDays(today(), 15)}T23:00`,
        }),
        // Only its end is its own; the start is the show's.
        performanceAt(17, '19:00', { bookingEndDate: `${addDays(today(), 16)}T12:00` }),
      ],
    });
    const [shared, own, endOnly] = show.performances;
    expect(shared).toMatchObject({
      bookingStartDate: `${addDays(today(), -1)}T10:00:00`,
      bookingEndDate: `${addDays(today(), 9)}T23:59:00`,
      status: 'ON_SALE',
    });
    expect(own).toMatchObject({
      bookingStartDate: `${addDays(today(), 2)}T20:00:00`,
      bookingEndDate: `${addDays(today(), 15)}T23:00:00`,
      status: 'SCHEDULED',
    });
    expect(endOnly).toMatchObject({
      bookingStartDate: `${addDays(today(), -1)}T10:00:00`,
      bookingEndDate: `${addDays(today(), 16)}T12:00:00`,
      status: 'ON_SALE',
    });
    // Each window is the waiting room's: the one not open yet lets nobody in.
    const enter = (concertId: number | undefined) =>
      call('POST', `/api/queue/enter?concertId=${concertId}`, buyer);
    expect((await enter(shared?.concertId)).statusCode).toBe(200);
    expect((await enter(own?.concertId)).json()).toMatchObject({ status: 409, code: 'B001' });
    expect((await enter(endOnly?.concertId)).statusCode).toBe(200);
  });

  it('one layout for all, its prices for all or per performance; checked once, copied each', async () => {
    const show = await createShow({
      totalSeats: undefined,
      seatLayout: smallHall(),
      gradePrices: [{ code: 'SILVER', price: 88_000 }],
      performances: [
        performanceAt(40),
        performanceAt(41, '19:00', { gradePrices: [{ code: 'GOLD', price: 150_000 }] }),
      ],
    });
    const prices = async (concertId: number | undefined) =>
      Object.fromEntries(
        (
          (await call('GET', `/api/concerts/${concertId}/grades`, null)).json()
            .data as ConcertGradeAvailability[]
        ).map((grade) => [grade.code, grade.price]),
      );
    const [first, second] = show.performances;
    expect(first?.totalSeats).toBe(46);
    expect(second?.totalSeats).toBe(46);
    expect(await prices(first?.concertId)).toEqual({ GOLD: 123_000, SILVER: 88_000, ST: 55_000 });
    // Its own prices go over the show's: the grades it names change, the others stay the show's.
    expect(await prices(second?.concertId)).toEqual({ GOLD: 150_000, SILVER: 88_000, ST: 55_000 });
    const seats = await seatsPerPerformance(show.showId);
    expect(seats.map((row) => row.seats)).toEqual([47, 47]);

    // From a saved venue the same way.
    const venue = await call('POST', '/api/seller/venues', seller, {
      name: '회차 공연장',
      layout: smallHall(),
    });
    expect(venue.statusCode, venue.body).toBe(201);
    const fromVenue = await createShow({
      totalSeats: undefined,
      venueId: venue.json().data.id,
      performances: [performanceAt(42), performanceAt(43)],
    });
    expect(fromVenue.performances.map((p) => p.totalSeats)).toEqual([46, 46]);
    expect(await prices(fromVenue.performances[1]?.concertId)).toEqual({
      GOLD: 123_000,
      SILVER: 77_000,
      ST: 55_000,
    });
  });

  it('names the performance of each problem in Korean, and creates nothing', async () => {
    const before = await countShows(seller.id);
    const refused = await call(
      'POST',
      `/api/seller/shows?sellerId=${seller.id}`,
      seller,
      showForm({
        bookingStartDate: undefined,
        bookingEndDate: undefined,
        performances: [
          performanceAt(10),
          {
            ...performanceAt(11),
            endTime: '18:00',
            bookingStartDate: `${addDays(today(), -1)}T10:00`,
            bookingEndDate: `${addDays(today(), 9)}T23:59`,
          },
          {
            ...performanceAt(11),
            bookingStartDate: `${addDays(today(), -1)}T10:00`,
            bookingEndDate: `${addDays(today(), 9)}T23:59`,
          },
        ],
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('C001');
    expect(refused.json().errors).toEqual([
      { field: 'performances[0].bookingStartDate', message: showMessages.bookingWindowRequired },
      { field: 'performances[1].endTime', message: sellerConcertMessages.endBeforeStart },
      { field: 'performances[2].startTime', message: showMessages.performanceDuplicate },
    ]);

    const malformed = await call(
      'POST',
      `/api/seller/shows?sellerId=${seller.id}`,
      seller,
      showForm({
        performances: [performanceAt(10), { ...performanceAt(12), concertDate: '2026/12/20' }],
      }),
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toContainEqual({
      field: 'performances[1].concertDate',
      message: sellerConcertMessages.concertDateFormat,
    });

    const past = await call(
      'POST',
      `/api/seller/shows?sellerId=${seller.id}`,
      seller,
      showForm({ performances: [performanceAt(10), performanceAt(0)] }),
    );
    expect(past.json().errors).toContainEqual({
      field: 'performances[1].concertDate',
      message: sellerConcertMessages.concertDatePast,
    });

    const none = await call(
      'POST',
      `/api/seller/shows?sellerId=${seller.id}`,
      seller,
      showForm({ performances: [] }),
    );
    expect(none.json().errors).toEqual([
      { field: 'performances', message: showMessages.performancesRequired },
    ]);
    const tooMany = await call(
      'POST',
      `/api/seller/shows?sellerId=${seller.id}`,
      seller,
      showForm({ performances: Array.from({ length: 61 }, (_, i) => performanceAt(10 + i)) }),
    );
    expect(tooMany.json().errors).toContainEqual({
      field: 'performances',
      message: showMessages.performancesTooMany,
    });

    const perShow = await call(
      'POST',
      `/api/seller/shows?sellerId=${seller.id}`,
      seller,
      showForm({ maxTicketsPerUser: 6, maxTicketsPerShow: 4 }),
    );
    expect(perShow.json().errors).toEqual([
      { field: 'maxTicketsPerShow', message: showMessages.maxTicketsPerShowBelowPerUser },
    ]);

    // Prices only with a layout; a performance's own prices named by their place.
    const quickPlanPrices = await call(
      'POST',
      `/api/seller/shows?sellerId=${seller.id}`,
      seller,
      showForm({
        performances: [performanceAt(10, '19:00', { gradePrices: [{ code: 'VIP', price: 1 }] })],
      }),
    );
    expect(quickPlanPrices.json().errors).toEqual([
      {
        field: 'performances[0].gradePrices',
        message: sellerConcertMessages.gradePricesWithoutLayout,
      },
    ]);
    const unknownGrade = await call(
      'POST',
      `/api/seller/shows?sellerId=${seller.id}`,
      seller,
      showForm({
        totalSeats: undefined,
        seatLayout: smallHall(),
        performances: [
          performanceAt(10),
          performanceAt(11, '19:00', {
            gradePrices: [
              { code: 'GOLD', price: 100_000 },
              { code: 'NOPE', price: 1 },
            ],
          }),
        ],
      }),
    );
    expect(unknownGrade.statusCode).toBe(400);
    expect(unknownGrade.json().errors).toEqual([
      {
        field: 'performances[1].gradePrices[1].code',
        message: sellerConcertMessages.unknownGradePrice,
      },
    ]);
    const brokenLayout = await call(
      'POST',
      `/api/seller/shows?sellerId=${seller.id}`,
      seller,
      showForm({ totalSeats: undefined, seatLayout: { ...smallHall(), version: 2 } }),
    );
    expect(brokenLayout.json().errors[0].field).toBe('seatLayout.version');

    // 11 performances of 100,000 seats: over the million a request may create.
    const huge = await call(
      'POST',
      `/api/seller/shows?sellerId=${seller.id}`,
      seller,
      showForm({
        totalSeats: 100_000,
        performances: Array.from({ length: 11 }, (_, i) => performanceAt(10 + i)),
      }),
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({
      code: 'C001',
      message: showMessages.tooManySeats,
      errors: [{ field: 'performances', message: showMessages.tooManySeats }],
    });
    expect(await countShows(seller.id)).toBe(before);
  });
});

describe('GET /seller/shows and /seller/shows/{showId}', () => {
  it("pages the seller's own shows, newest first, each with its performances by date and time", async () => {
    const own = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
    const older = await createShow({ performances: [performanceAt(10)] }, own);
    ctx.clock.advance(1_000);
    const newer = await createShow(
      {
        // Sent out of order: answered by date, then start time.
        performances: [performanceAt(12), performanceAt(11, '20:00'), performanceAt(11, '14:00')],
      },
      own,
    );
    const response = await call('GET', `/api/seller/shows?sellerId=${own.id}&page=0&size=10`, own);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const page = response.json().data as Page<SellerShow>;
    expect(page).toMatchObject({ totalElements: 2, number: 0, size: 10, first: true, last: true });
    expect(page.content.map((show) => show.showId)).toEqual([newer.showId, older.showId]);
    expect(page.content[0]?.performances.map((p) => `${p.concertDate} ${p.startTime}`)).toEqual([
      `${addDays(today(), 11)} 14:00:00`,
      `${addDays(today(), 11)} 20:00:00`,
      `${addDays(today(), 12)} 19:00:00`,
    ]);
    expect(page.content[0]).toMatchObject({
      firstDate: addDays(today(), 11),
      lastDate: addDays(today(), 12),
    });

    const second = await call('GET', `/api/seller/shows?sellerId=${own.id}&page=1&size=10`, own);
    expect((second.json().data as Page<SellerShow>).content).toEqual([]);
    const badSize = await call('GET', `/api/seller/shows?sellerId=${own.id}&size=7`, own);
    expect(badSize.json()).toMatchObject({ status: 400, code: 'C001' });
    expect(badSize.json().errors[0]).toEqual({
      field: 'size',
      message: sellerConcertMessages.pageSize,
    });

    const one = await call('GET', `/api/seller/shows/${newer.showId}?sellerId=${own.id}`, own);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(page.content[0]);
  });

  it('404 for an unknown show; 403 S002 for another seller, a user and a mismatching sellerId', async () => {
    const show = await createShow({ performances: [performanceAt(10)] });
    const unknown = await call('GET', `/api/seller/shows/99999999?sellerId=${seller.id}`, seller);
    expect(unknown.json()).toMatchObject({
      status: 404,
      code: 'T003',
      message: showMessages.notFound,
    });
    const foreign = await call(
      'GET',
      `/api/seller/shows/${show.showId}?sellerId=${otherSeller.id}`,
      otherSeller,
    );
    expect(foreign.json()).toMatchObject({
      status: 403,
      code: 'S002',
      message: sellerConcertMessages.notOwner,
    });
    const mismatch = await call(
      'GET',
      `/api/seller/shows/${show.showId}?sellerId=${otherSeller.id}`,
      seller,
    );
    expect(mismatch.json()).toMatchObject({ status: 403, code: 'S002' });
    expect(
      (await call('GET', `/api/seller/shows?sellerId=${buyer.id}`, buyer)).json(),
    ).toMatchObject({ status: 403, code: 'S002' });
    expect((await call('GET', '/api/seller/shows', null)).json()).toMatchObject({
      status: 401,
      code: 'A006',
    });
    // Nobody's list shows another seller's show.
    const theirs = await call('GET', `/api/seller/shows?sellerId=${otherSeller.id}`, otherSeller);
    expect(
      (theirs.json().data as Page<SellerShow>).content.some((s) => s.showId === show.showId),
    ).toBe(false);
    const badId = await call('GET', `/api/seller/shows/0?sellerId=${seller.id}`, seller);
    expect(badId.json()).toMatchObject({ status: 400, code: 'C001' });
    expect(badId.json().errors[0]).toEqual({ field: 'showId', message: showMessages.showId });
  });
});
