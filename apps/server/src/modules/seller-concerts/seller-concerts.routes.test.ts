import {
  defaultSeatGrades,
  sellerConcertMessages,
  type Concert,
  type ConcertDetail,
  type Page,
} from '@curtaincall/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { bookings, concertSeats, concerts } from '../../db/schema/index';
import { addDays, toSeoulDate } from '../../lib/seoul-time';
import { planSeatMap } from '../concerts/seat-map';
import { createLoggedInUser } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

let ctx: TestContext;
let seller: Account;
let otherSeller: Account;
let user: Account;
let admin: Account;

beforeAll(async () => {
  // A catalogue that never expires by age: the public pages can only show a seller's change
  // because the change itself refreshed them.
  ctx = await createTestContext({ configure: (c) => ({ ...c, catalogMaxAgeMs: 3_600_000 }) });
  const { app, database } = ctx;
  [seller, otherSeller, user, admin] = await Promise.all([
    createLoggedInUser(app, database.db, 'ROLE_SELLER'),
    createLoggedInUser(app, database.db, 'ROLE_SELLER'),
    createLoggedInUser(app, database.db),
    createLoggedInUser(app, database.db, 'ROLE_ADMIN'),
  ]);
}, 120_000);
afterAll(async () => ctx?.close());

const today = () => toSeoulDate(ctx.clock.now());

let titleSequence = 0;
/** A valid form as the browser sends it: every key, `HH:mm` and `datetime-local` values. */
function form(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  titleSequence += 1;
  return {
    title: `판매자 콘서트 ${titleSequence}`,
    artist: '새 아티스트',
    description: '판매자가 등록한 공연입니다.',
    venueName: '올림픽홀',
    venueAddress: '서울특별시 송파구 올림픽로 424',
    concertDate: addDays(today(), 30),
    startTime: '19:00',
    endTime: '21:30',
    totalSeats: 60,
    bookingStartDate: `${addDays(today(), -1)}T10:00`,
    bookingEndDate: `${addDays(today(), 29)}T23:59`,
    minAge: 0,
    maxTicketsPerUser: 4,
    posterImageUrl: null,
    status: 'SCHEDULED',
    ...overrides,
  };
}

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  account: Account | null,
  payload?: unknown,
) {
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

async function createAs(account: Account, overrides: Record<string, unknown> = {}) {
  const response = await call(
    'POST',
    `/api/seller/concerts?sellerId=${account.id}`,
    account,
    form(overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Concert;
}

function put(account: Account, concertId: number, body: Record<string, unknown>) {
  return call('PUT', `/api/seller/concerts/${concertId}?sellerId=${account.id}`, account, body);
}

/** Seats of a concert by grade, and the layout facts the rules are about. */
async function seatFacts(concertId: number) {
  const db = ctx.database.db;
  const byGrade = await queryRows<{ name: string; price: number; seats: number }>(
    db,
    sql`select g.name, g.price, count(*)::int as seats
        from concert_seats s join seat_grades g on g.id = s.grade_id
        where s.concert_id = ${concertId} group by g.name, g.price`,
  );
  const [facts] = await queryRows<{
    total: number;
    distinct_infos: number;
    bad_sections: number;
    min_row: number;
    min_number: number;
    not_available: number;
  }>(
    db,
    sql`select count(*)::int as total,
               count(distinct s.section || '-' || s.row_number || '-' || s.seat_number)::int
                 as distinct_infos,
               count(*) filter (where s.section !~ '^[A-Z]+$')::int as bad_sections,
               min(s.row_number)::int as min_row, min(s.seat_number)::int as min_number,
               count(*) filter (where s.status <> 'AVAILABLE')::int as not_available
        from concert_seats s where s.concert_id = ${concertId}`,
  );
  // Grade order along the seat ids: the dearest sections come first.
  const order = await queryRows<{ price: number }>(
    db,
    sql`select g.price from concert_seats s join seat_grades g on g.id = s.grade_id
        where s.concert_id = ${concertId}
        group by s.section, g.price order by min(s.id)`,
  );
  return {
    grades: Object.fromEntries(byGrade.map((g) => [g.name, Number(g.seats)])),
    prices: Object.fromEntries(byGrade.map((g) => [g.name, Number(g.price)])),
    facts,
    sectionPrices: order.map((o) => Number(o.price)),
  };
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

describe('POST /seller/concerts generates the seat map', () => {
  it.each([1, 7, 60, 5_000, 100_000])(
    '%i seats: counts by grade, no duplicate seatInfo, layout rules',
    async (totalSeats) => {
      const concert = await createAs(seller, { totalSeats });
      expect(concert.totalSeats).toBe(totalSeats);
      const { grades, prices, facts, sectionPrices } = await seatFacts(concert.concertId);
      expect(facts).toEqual({
        total: totalSeats,
        distinct_infos: totalSeats,
        bad_sections: 0,
        min_row: 1,
        min_number: 1,
        not_available: 0,
      });
      expect(grades).toEqual(plannedGrades(totalSeats));
      for (const [name, price] of Object.entries(prices)) {
        expect(defaultSeatGrades.find((g) => g.name === name)?.price).toBe(price);
      }
      // Dearest at the front: section prices never rise along the map.
      expect([...sectionPrices].sort((a, b) => b - a)).toEqual(sectionPrices);
      if (totalSeats >= 3)
        expect(Object.keys(grades).sort()).toEqual(['VIP', '일반석', '프리미엄']);

      const map = await call('GET', `/api/concerts/${concert.concertId}/seat-map`, null);
      const sections = map.json().data.sections as Array<{ seatCount: number; rows: number }>;
      expect(sections.reduce((sum, s) => sum + s.seatCount, 0)).toBe(totalSeats);
    },
    120_000,
  );

  it('1 seat is one general seat A-1-1; 7 seats are 3 premium, 2 VIP, 2 general', async () => {
    const one = await createAs(seller, { totalSeats: 1 });
    const [seat] = await ctx.database.db
      .select()
      .from(concertSeats)
      .where(eq(concertSeats.concertId, one.concertId));
    expect(seat).toMatchObject({ section: 'A', rowNumber: 1, seatNumber: 1 });
    expect((await seatFacts(one.concertId)).grades).toEqual({ 일반석: 1 });
    const seven = await createAs(seller, { totalSeats: 7 });
    expect((await seatFacts(seven.concertId)).grades).toEqual({ 프리미엄: 3, VIP: 2, 일반석: 2 });
  });

  it('a stadium row holds at most 50 seats and numbers restart on every row', async () => {
    const concert = await createAs(seller, { totalSeats: 5_000 });
    const [row] = await queryRows<{ max_number: number; sections: number }>(
      ctx.database.db,
      sql`select max(seat_number)::int as max_number, count(distinct section)::int as sections
          from concert_seats where concert_id = ${concert.concertId}`,
    );
    const plan = planSeatMap(5_000);
    expect(row).toEqual({ max_number: plan[0]?.seatsPerRow, sections: plan.length });
  });
});

describe('POST /seller/concerts', () => {
  it('201 with the message and the concert; the public catalogue shows it at once', async () => {
    // Warm the catalogue first, so only an invalidation can make it see the new concert.
    await call('GET', '/api/concerts?page=0&size=4', null);
    const title = `즉시 보이는 공연 ${Date.now()}`;
    const response = await call('POST', `/api/seller/concerts?sellerId=${seller.id}`, seller, {
      ...form({ title, startTime: '19:00:00', endTime: '21:30:00' }),
      totalSeats: '80',
      minAge: '12',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe('콘서트가 생성되었습니다.');
    const concert = body.data as Concert;
    expect(concert).toMatchObject({
      title,
      sellerId: seller.id,
      totalSeats: 80,
      minAge: 12,
      startTime: '19:00:00',
      endTime: '21:30:00',
      bookingStartDate: `${addDays(today(), -1)}T10:00:00`,
      bookingEndDate: `${addDays(today(), 29)}T23:59:00`,
      // The booking window has opened: it starts on sale, as the lifecycle job would make it.
      status: 'ON_SALE',
      aiSummary: null,
    });
    const search = await call(
      'GET',
      `/api/concerts/search?query=${encodeURIComponent(title)}`,
      null,
    );
    expect((search.json().data as Concert[]).map((c) => c.concertId)).toEqual([concert.concertId]);
    const detail = await call('GET', `/api/concerts/${concert.concertId}`, null);
    expect((detail.json().data as ConcertDetail).seatGrades).toEqual([...defaultSeatGrades]);
  });

  it('keeps SCHEDULED while the booking window is ahead; accepts the create statuses', async () => {
    const ahead = await createAs(seller, {
      bookingStartDate: `${addDays(today(), 3)}T10:00`,
    });
    expect(ahead.status).toBe('SCHEDULED');
    expect((await createAs(seller, { status: 'CANCELLED' })).status).toBe('CANCELLED');
    expect((await createAs(seller, { status: 'SOLD_OUT' })).status).toBe('SOLD_OUT');
  });

  it('defaults for keys the form may leave out', async () => {
    const body = form();
    for (const key of [
      'description',
      'venueAddress',
      'minAge',
      'maxTicketsPerUser',
      'posterImageUrl',
      'status',
    ]) {
      delete body[key];
    }
    body.bookingStartDate = `${addDays(today(), 2)}T10:00`;
    const response = await call('POST', '/api/seller/concerts', seller, body);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      description: null,
      venueAddress: null,
      minAge: 0,
      maxTicketsPerUser: 4,
      posterImageUrl: null,
      status: 'SCHEDULED',
    });
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['no title', { title: '   ' }, 'title', sellerConcertMessages.titleRequired],
    ['title too long', { title: '가'.repeat(101) }, 'title', sellerConcertMessages.titleTooLong],
    ['missing artist', { artist: undefined }, 'artist', sellerConcertMessages.artistRequired],
    ['artist too long', { artist: 'a'.repeat(51) }, 'artist', sellerConcertMessages.artistTooLong],
    [
      'description too long',
      { description: 'a'.repeat(1001) },
      'description',
      sellerConcertMessages.descriptionTooLong,
    ],
    ['no venue', { venueName: '' }, 'venueName', sellerConcertMessages.venueNameRequired],
    [
      'venue too long',
      { venueName: 'v'.repeat(101) },
      'venueName',
      sellerConcertMessages.venueNameTooLong,
    ],
    [
      'address too long',
      { venueAddress: 'v'.repeat(201) },
      'venueAddress',
      sellerConcertMessages.venueAddressTooLong,
    ],
    ['no date', { concertDate: '' }, 'concertDate', sellerConcertMessages.concertDateRequired],
    [
      'not a date',
      { concertDate: '2030-02-30' },
      'concertDate',
      sellerConcertMessages.concertDateFormat,
    ],
    ['a bad time', { startTime: '25:00' }, 'startTime', sellerConcertMessages.timeFormat],
    ['no end time', { endTime: '' }, 'endTime', sellerConcertMessages.endTimeRequired],
    ['0 seats', { totalSeats: 0 }, 'totalSeats', sellerConcertMessages.totalSeats],
    ['100,001 seats', { totalSeats: 100_001 }, 'totalSeats', sellerConcertMessages.totalSeats],
    ['fractional seats', { totalSeats: '10.5' }, 'totalSeats', sellerConcertMessages.totalSeats],
    ['seats as words', { totalSeats: '많이' }, 'totalSeats', sellerConcertMessages.totalSeats],
    [
      'a bad booking date',
      { bookingStartDate: '2030-01-01 10:00' },
      'bookingStartDate',
      sellerConcertMessages.bookingDateFormat,
    ],
    [
      'no booking end',
      { bookingEndDate: null },
      'bookingEndDate',
      sellerConcertMessages.bookingEndRequired,
    ],
    ['age 101', { minAge: 101 }, 'minAge', sellerConcertMessages.minAge],
    ['negative age', { minAge: -1 }, 'minAge', sellerConcertMessages.minAge],
    [
      '0 tickets',
      { maxTicketsPerUser: 0 },
      'maxTicketsPerUser',
      sellerConcertMessages.maxTicketsPerUser,
    ],
    [
      '11 tickets',
      { maxTicketsPerUser: 11 },
      'maxTicketsPerUser',
      sellerConcertMessages.maxTicketsPerUser,
    ],
    [
      'an ftp poster',
      { posterImageUrl: 'ftp://example.com/a.png' },
      'posterImageUrl',
      sellerConcertMessages.posterImageUrl,
    ],
    [
      'a relative poster',
      { posterImageUrl: '/uploads/a.png' },
      'posterImageUrl',
      sellerConcertMessages.posterImageUrl,
    ],
    ['COMPLETED', { status: 'COMPLETED' }, 'status', sellerConcertMessages.createStatus],
  ];
  it.each(invalid)('400 C001 for %s', async (_name, overrides, field, message) => {
    const response = await call('POST', '/api/seller/concerts', seller, form(overrides));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, status: 400, code: 'C001', message });
    expect(body.errors).toContainEqual({ field, message });
  });

  it('400 for the rules between fields', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ concertDate: today() }, 'concertDate', sellerConcertMessages.concertDatePast],
      [{ concertDate: addDays(today(), -3) }, 'concertDate', sellerConcertMessages.concertDatePast],
      [{ startTime: '21:00', endTime: '21:00' }, 'endTime', sellerConcertMessages.endBeforeStart],
      [{ startTime: '21:00', endTime: '19:00' }, 'endTime', sellerConcertMessages.endBeforeStart],
      [
        {
          bookingStartDate: `${addDays(today(), 5)}T10:00`,
          bookingEndDate: `${addDays(today(), 5)}T09:00`,
        },
        'bookingEndDate',
        sellerConcertMessages.bookingEndBeforeStart,
      ],
      [
        // Ends 30 minutes after the show starts.
        { bookingEndDate: `${addDays(today(), 30)}T19:30` },
        'bookingEndDate',
        sellerConcertMessages.bookingEndAfterShow,
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await call('POST', '/api/seller/concerts', seller, form(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'C001', message });
      expect(response.json().errors).toContainEqual({ field, message });
    }
  });

  it('refuses a body that is not an object and malformed JSON without a 500', async () => {
    for (const payload of ['[]', '"x"', '{"title":']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/seller/concerts',
        headers: { cookie: seller.cookie, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('GET /seller/concerts, /status, /count', () => {
  let lister: Account;
  const created: Concert[] = [];

  beforeAll(async () => {
    lister = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
    for (let i = 0; i < 12; i += 1) {
      ctx.clock.advance(1_000);
      created.push(
        await createAs(lister, {
          totalSeats: 10,
          title: `목록 ${String(i).padStart(2, '0')}`,
          status: i === 3 ? 'CANCELLED' : i % 2 === 0 ? 'SCHEDULED' : 'ON_SALE',
          bookingStartDate: `${addDays(today(), 2)}T10:00`,
        }),
      );
    }
    // Another seller's concert never shows in this seller's lists.
    await createAs(otherSeller, { totalSeats: 5 });
  });

  it("pages the caller's concerts in every status, newest first by default", async () => {
    const first = await call('GET', `/api/seller/concerts?sellerId=${lister.id}`, lister);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const page = first.json().data as Page<Concert>;
    expect(page).toMatchObject({
      number: 0,
      size: 10,
      totalElements: 12,
      totalPages: 2,
      first: true,
      last: false,
      numberOfElements: 10,
      empty: false,
    });
    const newestFirst = [...created].reverse().map((c) => c.concertId);
    expect(page.content.map((c) => c.concertId)).toEqual(newestFirst.slice(0, 10));
    const second = await call('GET', '/api/seller/concerts?page=1&size=10', lister);
    const secondPage = second.json().data as Page<Concert>;
    expect(secondPage.content.map((c) => c.concertId)).toEqual(newestFirst.slice(10));
    expect(secondPage).toMatchObject({ first: false, last: true });
    expect(page.content.some((c) => c.status === 'CANCELLED')).toBe(true);
  });

  it('sorts by title, concertDate, artist and status, both ways', async () => {
    const byTitle = await call(
      'GET',
      '/api/seller/concerts?size=20&sortBy=title&sortDir=asc',
      lister,
    );
    const titles = (byTitle.json().data as Page<Concert>).content.map((c) => c.title);
    expect(titles).toEqual([...titles].sort());
    expect(titles).toHaveLength(12);
    for (const sortBy of ['concertDate', 'artist', 'status', 'createdAt']) {
      const response = await call(
        'GET',
        `/api/seller/concerts?size=50&sortBy=${sortBy}&sortDir=desc`,
        lister,
      );
      expect(response.statusCode).toBe(200);
      expect((response.json().data as Page<Concert>).totalElements).toBe(12);
    }
    const byStatus = await call(
      'GET',
      '/api/seller/concerts?size=20&sortBy=status&sortDir=asc',
      lister,
    );
    const statuses = (byStatus.json().data as Page<Concert>).content.map((c) => c.status);
    expect(statuses).toEqual([...statuses].sort());
  });

  it('400 for a page size outside 10/20/50/100 and bad sorts', async () => {
    const size = await call('GET', '/api/seller/concerts?size=15', lister);
    expect(size.statusCode).toBe(400);
    expect(size.json().message).toBe(sellerConcertMessages.pageSize);
    const sortBy = await call('GET', '/api/seller/concerts?sortBy=price', lister);
    expect(sortBy.json()).toMatchObject({ status: 400, code: 'T010' });
    const sortDir = await call('GET', '/api/seller/concerts?sortDir=up', lister);
    expect(sortDir.json()).toMatchObject({ status: 400, code: 'T011' });
    const page = await call('GET', '/api/seller/concerts?page=-1', lister);
    expect(page.statusCode).toBe(400);
  });

  it('/status lists one status unpaged; /count counts every status', async () => {
    const cancelled = await call(
      'GET',
      `/api/seller/concerts/status?sellerId=${lister.id}&status=CANCELLED`,
      lister,
    );
    expect(cancelled.statusCode).toBe(200);
    expect((cancelled.json().data as Concert[]).map((c) => c.concertId)).toEqual([
      created[3]?.concertId,
    ]);
    const onSale = await call('GET', '/api/seller/concerts/status?status=ON_SALE', lister);
    expect((onSale.json().data as Concert[]).length).toBe(5);
    const bad = await call('GET', '/api/seller/concerts/status?status=DRAFT', lister);
    expect(bad.statusCode).toBe(400);
    const missing = await call('GET', '/api/seller/concerts/status', lister);
    expect(missing.statusCode).toBe(400);
    const total = await call('GET', `/api/seller/concerts/count?sellerId=${lister.id}`, lister);
    expect(total.json()).toEqual({ success: true, data: 12 });
  });
});

describe('PUT /seller/concerts/{id}', () => {
  it('applies present keys, null clears, an unchanged status is accepted; catalogue refreshed', async () => {
    const concert = await createAs(seller, { posterImageUrl: 'https://img.example.com/p.png' });
    await call('GET', `/api/concerts/search?query=${encodeURIComponent(concert.title)}`, null);
    const title = `바뀐 제목 ${Date.now()}`;
    const response = await put(seller, concert.concertId, {
      ...form({ title, description: null, venueAddress: null, posterImageUrl: null }),
      concertDate: concert.concertDate,
      bookingStartDate: concert.bookingStartDate,
      bookingEndDate: concert.bookingEndDate,
      startTime: concert.startTime,
      endTime: concert.endTime,
      status: concert.status,
      totalSeats: String(concert.totalSeats),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('콘서트가 수정되었습니다.');
    expect(response.json().data).toMatchObject({
      title,
      description: null,
      venueAddress: null,
      posterImageUrl: null,
      status: concert.status,
    });
    const search = await call(
      'GET',
      `/api/concerts/search?query=${encodeURIComponent(title)}`,
      null,
    );
    expect((search.json().data as Concert[]).map((c) => c.concertId)).toEqual([concert.concertId]);
    const partial = await put(seller, concert.concertId, { artist: '다른 아티스트' });
    expect(partial.json().data).toMatchObject({ title, artist: '다른 아티스트' });
  });

  it('status: SCHEDULED <-> ON_SALE allowed; others refused with 409 S006', async () => {
    const concert = await createAs(seller, { bookingStartDate: `${addDays(today(), 2)}T10:00` });
    expect(concert.status).toBe('SCHEDULED');
    expect((await put(seller, concert.concertId, { status: 'ON_SALE' })).json().data.status).toBe(
      'ON_SALE',
    );
    expect((await put(seller, concert.concertId, { status: 'SCHEDULED' })).json().data.status).toBe(
      'SCHEDULED',
    );
    for (const status of ['SOLD_OUT', 'COMPLETED']) {
      const refused = await put(seller, concert.concertId, { status });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('S006');
      expect(refused.json().message).toContain('변경할 수 없습니다');
    }
    // A sold-out concert can still be edited with its status resent unchanged (§14.15).
    const soldOut = await createAs(seller, { status: 'SOLD_OUT' });
    const edited = await put(seller, soldOut.concertId, {
      title: '매진 공연 수정',
      status: 'SOLD_OUT',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ title: '매진 공연 수정', status: 'SOLD_OUT' });
  });

  it('-> CANCELLED through PUT; a cancelled concert cannot be edited (409 S006)', async () => {
    const concert = await createAs(seller);
    const cancelled = await put(seller, concert.concertId, { status: 'CANCELLED' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('CANCELLED');
    for (const body of [{ title: '다시' }, { status: 'CANCELLED' }, {}]) {
      const refused = await put(seller, concert.concertId, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'S006',
        message: '취소된 콘서트는 수정할 수 없습니다.',
      });
    }
  });

  it('totalSeats: regenerates the map while every seat is free, refused once one is taken', async () => {
    const concert = await createAs(seller, { totalSeats: 60 });
    const grown = await put(seller, concert.concertId, { totalSeats: '1200' });
    expect(grown.statusCode).toBe(200);
    expect(grown.json().data.totalSeats).toBe(1_200);
    let facts = await seatFacts(concert.concertId);
    expect(facts.facts?.total).toBe(1_200);
    expect(facts.grades).toEqual(plannedGrades(1_200));
    const shrunk = await put(seller, concert.concertId, { totalSeats: 7 });
    expect(shrunk.statusCode).toBe(200);
    facts = await seatFacts(concert.concertId);
    expect(facts.grades).toEqual(plannedGrades(7));

    // One seat held by a buyer: the map is frozen, and nothing of the refused edit applies.
    const [seat] = await ctx.database.db
      .select({ id: concertSeats.id })
      .from(concertSeats)
      .where(eq(concertSeats.concertId, concert.concertId))
      .limit(1);
    await ctx.database.db
      .update(concertSeats)
      .set({
        status: 'RESERVED',
        heldByUserId: user.id,
        holdExpiresAt: new Date(Date.now() + 60_000),
      })
      .where(eq(concertSeats.id, seat?.id ?? 0));
    for (const totalSeats of [6, 8, 100]) {
      const refused = await put(seller, concert.concertId, { totalSeats, title: '적용되면 안 됨' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'S006',
        message: sellerConcertMessages.seatsLocked,
      });
    }
    const [row] = await ctx.database.db
      .select()
      .from(concerts)
      .where(eq(concerts.id, concert.concertId));
    expect(row).toMatchObject({ totalSeats: 7 });
    expect(row?.title).not.toBe('적용되면 안 됨');
    expect((await seatFacts(concert.concertId)).facts?.total).toBe(7);
    // Resending the same number is no change and passes.
    expect(
      (await put(seller, concert.concertId, { totalSeats: 7, title: '같은 좌석 수' })).statusCode,
    ).toBe(200);
  });

  it('schedule: movable while nothing is sold, frozen once a ticket is sold', async () => {
    const concert = await createAs(seller);
    const moved = await put(seller, concert.concertId, {
      concertDate: addDays(today(), 40),
      startTime: '18:00',
      endTime: '20:00:00',
      bookingEndDate: `${addDays(today(), 39)}T12:00:00`,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      concertDate: addDays(today(), 40),
      startTime: '18:00:00',
      endTime: '20:00:00',
      bookingEndDate: `${addDays(today(), 39)}T12:00:00`,
    });
    // The edit form's UTC quirk (toISOString): an instant with its zone is read as that instant.
    const utc = await put(seller, concert.concertId, {
      bookingStartDate: `${addDays(today(), -2)}T01:00:00.000Z`,
    });
    expect(utc.json().data.bookingStartDate).toBe(`${addDays(today(), -2)}T10:00:00`);

    await ctx.database.db.insert(bookings).values({
      bookingNumber: `T${Date.now()}`,
      userId: user.id,
      concertId: concert.concertId,
      status: 'CONFIRMED',
      totalAmount: 52_000,
    });
    for (const change of [
      { concertDate: addDays(today(), 41) },
      { startTime: '18:30' },
      { endTime: '20:30' },
      { bookingStartDate: `${addDays(today(), -1)}T10:00` },
      { bookingEndDate: `${addDays(today(), 39)}T13:00` },
    ]) {
      const refused = await put(seller, concert.concertId, { ...change, title: '안 바뀜' });
      expect(refused.statusCode, JSON.stringify(change)).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'S006',
        message: sellerConcertMessages.scheduleLocked,
      });
    }
    // The same values resent (as the edit form does) are no change; other fields still apply.
    const same = await put(seller, concert.concertId, {
      concertDate: addDays(today(), 40),
      startTime: '18:00:00',
      endTime: '20:00',
      bookingStartDate: `${addDays(today(), -2)}T10:00`,
      bookingEndDate: `${addDays(today(), 39)}T12:00:00`,
      title: '일정 그대로, 제목만',
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data.title).toBe('일정 그대로, 제목만');
  });

  it('400 for a schedule that breaks the rules; a past date only when it is new', async () => {
    const concert = await createAs(seller);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ concertDate: today() }, sellerConcertMessages.concertDatePast],
      [{ endTime: '18:00' }, sellerConcertMessages.endBeforeStart],
      [
        { bookingEndDate: `${addDays(today(), 31)}T10:00` },
        sellerConcertMessages.bookingEndAfterShow,
      ],
      [
        { bookingStartDate: `${addDays(today(), 29)}T23:59` },
        sellerConcertMessages.bookingEndBeforeStart,
      ],
      [{ totalSeats: 0 }, sellerConcertMessages.totalSeats],
      [{ title: '' }, sellerConcertMessages.titleRequired],
      [{ status: 'PAUSED' }, sellerConcertMessages.status],
    ];
    for (const [body, message] of cases) {
      const response = await put(seller, concert.concertId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'C001', message });
    }
    // A concert whose date has come (demo data, a show tonight) still takes a title fix.
    await ctx.database.db
      .update(concerts)
      .set({ concertDate: today(), bookingEndAt: new Date(ctx.clock.now().getTime() - 60_000) })
      .where(eq(concerts.id, concert.concertId));
    const fix = await put(seller, concert.concertId, { title: '오늘 공연', concertDate: today() });
    expect(fix.statusCode, fix.body).toBe(200);
  });

  it('404 T003 for an unknown concert, 400 for a bad id', async () => {
    const unknown = await put(seller, 99_999_999, { title: 'x' });
    expect(unknown.json()).toMatchObject({ status: 404, code: 'T003' });
    const bad = await put(seller, 0, { title: 'x' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PATCH /seller/concerts/{id}/poster', () => {
  it('sets and clears the poster; refuses a non-http URL and cancelled concerts', async () => {
    const concert = await createAs(seller);
    const url = `/api/seller/concerts/${concert.concertId}/poster?sellerId=${seller.id}`;
    const set = await call('PATCH', url, seller, {
      posterImageUrl: 'https://cdn.example.com/p.webp',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.posterImageUrl).toBe('https://cdn.example.com/p.webp');
    const cleared = await call('PATCH', url, seller, { posterImageUrl: null });
    expect(cleared.json().data.posterImageUrl).toBeNull();
    const bad = await call('PATCH', url, seller, { posterImageUrl: 'javascript:alert(1)' });
    expect(bad.json()).toMatchObject({
      status: 400,
      code: 'C001',
      message: sellerConcertMessages.posterImageUrl,
    });
    await put(seller, concert.concertId, { status: 'CANCELLED' });
    const frozen = await call('PATCH', url, seller, { posterImageUrl: null });
    expect(frozen.json()).toMatchObject({ status: 409, code: 'S006' });
  });
});

describe('ownership', () => {
  it('anonymous 401; users and admins 403 S002 on every seller route', async () => {
    const concert = await createAs(seller);
    const routes: Array<['GET' | 'POST' | 'PUT' | 'PATCH', string, unknown]> = [
      ['GET', '/api/seller/concerts', undefined],
      ['GET', '/api/seller/concerts/status?status=ON_SALE', undefined],
      ['GET', '/api/seller/concerts/count', undefined],
      ['POST', '/api/seller/concerts', form()],
      ['PUT', `/api/seller/concerts/${concert.concertId}`, { title: 'x' }],
      ['PATCH', `/api/seller/concerts/${concert.concertId}/poster`, { posterImageUrl: null }],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await call(method, url, null, payload);
      expect(anonymous.json(), `${method} ${url}`).toMatchObject({ status: 401, code: 'A006' });
      for (const account of [user, admin]) {
        const refused = await call(method, url, account, payload);
        expect(refused.json(), `${method} ${url}`).toMatchObject({ status: 403, code: 'S002' });
      }
    }
  });

  it("another seller's concert: 403 S002 with the contract's message, nothing changed", async () => {
    const concert = await createAs(seller);
    const attempts = [
      await put(otherSeller, concert.concertId, { title: '탈취' }),
      await call(
        'PATCH',
        `/api/seller/concerts/${concert.concertId}/poster?sellerId=${otherSeller.id}`,
        otherSeller,
        { posterImageUrl: null },
      ),
    ];
    for (const response of attempts) {
      expect(response.json()).toMatchObject({
        status: 403,
        code: 'S002',
        message: '해당 콘서트를 관리할 권한이 없습니다.',
      });
    }
    const [row] = await ctx.database.db
      .select()
      .from(concerts)
      .where(eq(concerts.id, concert.concertId));
    expect(row?.title).toBe(concert.title);
  });

  it('a sellerId other than the session seller is 403 S002 on every route', async () => {
    const concert = await createAs(seller);
    const foreign = `sellerId=${otherSeller.id}`;
    const routes: Array<['GET' | 'POST' | 'PUT' | 'PATCH', string, unknown]> = [
      ['GET', `/api/seller/concerts?${foreign}`, undefined],
      ['GET', `/api/seller/concerts/status?status=ON_SALE&${foreign}`, undefined],
      ['GET', `/api/seller/concerts/count?${foreign}`, undefined],
      ['POST', `/api/seller/concerts?${foreign}`, form()],
      ['PUT', `/api/seller/concerts/${concert.concertId}?${foreign}`, { title: 'x' }],
      [
        'PATCH',
        `/api/seller/concerts/${concert.concertId}/poster?${foreign}`,
        { posterImageUrl: null },
      ],
    ];
    for (const [method, url, payload] of routes) {
      const response = await call(method, url, seller, payload);
      expect(response.json(), `${method} ${url}`).toMatchObject({ status: 403, code: 'S002' });
    }
    const bad = await call('GET', '/api/seller/concerts?sellerId=abc', seller);
    expect(bad.statusCode).toBe(400);
  });
});
