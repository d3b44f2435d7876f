import {
  limits,
  sellerConcertMessages,
  venueMessages,
  type ConcertGradeAvailability,
  type SeatEntry,
  type SeatMap,
  type VenueDetail,
  type VenueLayout,
  type VenueSummary,
} from '@curtaincall/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, concertSeats, concerts } from '../../db/schema/index';
import { addDays, toSeoulDate } from '../../lib/seoul-time';
import { createLoggedInUser } from '../../../test/helpers/factories';
import { expectBookingInvariants } from '../../../test/helpers/invariants';
import { admit, book, payInSandbox } from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

let ctx: TestContext;
let seller: Account;
let otherSeller: Account;
let buyer: Account;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { QUEUE_RATE_PER_MINUTE: '100000', SEAT_RATE_PER_MINUTE: '100000' },
  });
  [seller, otherSeller, buyer] = await Promise.all([
    createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER'),
    createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER'),
    createLoggedInUser(ctx.app, ctx.database.db),
  ]);
}, 120_000);
afterAll(async () => ctx?.close());

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
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

/** A layout as an outside promoter would write it from docs/venue-layout.md. */
function smallHall(): VenueLayout {
  return {
    format: 'curtaincall.venue-layout',
    version: 1,
    name: '작은 홀',
    stage: { position: { x: 0, y: 0 }, size: { width: 200, height: 40 } },
    grades: [
      { code: 'GOLD', name: '골드석', price: 123_000, color: '#C9A227' },
      { code: 'SILVER', name: '실버석', price: 77_000 },
      { code: 'ST', name: '스탠딩', price: 55_000 },
    ],
    sections: [
      {
        kind: 'SEATED',
        name: 'A',
        position: { x: -100, y: 60 },
        rows: [
          {
            row: 1,
            seats: [
              { number: 1, grade: 'GOLD', tags: ['WHEELCHAIR'] },
              { number: 2, grade: 'GOLD', tags: ['COMPANION'], companionOf: 1 },
              { number: 3, grade: 'GOLD' },
              { number: 4, grade: 'GOLD', tags: ['HELD'] },
              { number: 5, grade: 'GOLD', tags: ['KILLED'] },
            ],
          },
          {
            row: 2,
            seats: [
              { number: 1, grade: 'SILVER', tags: ['RESTRICTED_VIEW'] },
              { number: 2, grade: 'SILVER' },
              { number: 3, grade: 'SILVER' },
            ],
          },
        ],
      },
      { kind: 'STANDING', name: 'F', grade: 'ST', capacity: 40, position: { x: 60, y: 60 } },
    ],
  };
}

const today = () => toSeoulDate(ctx.clock.now());
let sequence = 0;
function concertForm(extra: Record<string, unknown>): Record<string, unknown> {
  sequence += 1;
  return {
    title: `배치도 콘서트 ${sequence}`,
    artist: '배치 밴드',
    description: null,
    venueName: '작은 홀',
    venueAddress: null,
    concertDate: addDays(today(), 20),
    startTime: '19:00',
    endTime: '21:00',
    bookingStartDate: `${addDays(today(), -1)}T10:00`,
    bookingEndDate: `${addDays(today(), 19)}T23:59`,
    status: 'ON_SALE',
    ...extra,
  };
}

async function createConcertWith(extra: Record<string, unknown>, account = seller) {
  const response = await call('POST', '/api/seller/concerts', account, concertForm(extra));
  expect(response.statusCode, response.body).toBe(201);
  const data = response.json().data as { concertId: number; totalSeats: number };
  return { id: data.concertId, totalSeats: data.totalSeats };
}

describe('venues: CRUD and ownership', () => {
  it('saves, lists, reads, edits, exports and deletes a venue; another seller gets 403', async () => {
    const created = await call('POST', '/api/seller/venues', seller, {
      name: '커튼콜 작은 홀',
      address: '서울특별시 마포구 1',
      layout: smallHall(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const venue = created.json().data as VenueDetail;
    expect(created.json().message).toBe(venueMessages.created);
    // Row 1: 3 for sale + 1 HELD (counted) + 1 KILLED (not counted); row 2: 3; 40 standing.
    expect(venue.totalPlaces).toBe(47);
    expect(venue.grades.map((g) => [g.code, g.places])).toEqual([
      ['GOLD', 4],
      ['SILVER', 3],
      ['ST', 40],
    ]);
    expect(venue.layout).toEqual(smallHall());

    const list = await call('GET', '/api/seller/venues', seller);
    const summaries = list.json().data as VenueSummary[];
    expect(summaries.map((v) => v.id)).toContain(venue.id);
    expect(summaries[0]).not.toHaveProperty('layout');
    expect((await call('GET', '/api/seller/venues', otherSeller)).json().data).toEqual([]);

    for (const [method, url, body] of [
      ['GET', `/api/seller/venues/${venue.id}`, undefined],
      ['PUT', `/api/seller/venues/${venue.id}`, { name: '뺏기', layout: smallHall() }],
      ['DELETE', `/api/seller/venues/${venue.id}`, undefined],
      ['GET', `/api/seller/venues/${venue.id}/layout`, undefined],
    ] as const) {
      const refused = await call(method, url, otherSeller, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().code).toBe('S002');
    }
    expect((await call('GET', `/api/seller/venues/${venue.id}`, buyer)).statusCode).toBe(403);
    expect((await call('GET', `/api/seller/venues/${venue.id}`, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/seller/venues/999999', seller)).statusCode).toBe(404);

    const renamed = await call('PUT', `/api/seller/venues/${venue.id}`, seller, {
      name: '커튼콜 작은 홀 2',
      address: null,
      layout: { ...smallHall(), name: '작은 홀 2' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      name: '커튼콜 작은 홀 2',
      layoutName: '작은 홀 2',
    });

    const json = await call('GET', `/api/seller/venues/${venue.id}/layout`, seller);
    expect(json.headers['content-type']).toContain('application/json');
    expect(json.headers['content-disposition']).toContain('attachment');
    expect(JSON.parse(json.body)).toEqual({ ...smallHall(), name: '작은 홀 2' });
    const csv = await call('GET', `/api/seller/venues/${venue.id}/layout?format=csv`, seller);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.startsWith('\uFEFFsection,row,number,grade,tags')).toBe(true);

    expect((await call('DELETE', `/api/seller/venues/${venue.id}`, seller)).statusCode).toBe(200);
    expect((await call('GET', `/api/seller/venues/${venue.id}`, seller)).statusCode).toBe(404);
  });

  it('refuses a malformed layout, naming each problem by its path, and saves nothing', async () => {
    const layout = smallHall();
    const [first] = layout.sections;
    if (first?.kind !== 'SEATED') throw new Error('fixture');
    const broken = {
      ...layout,
      sections: [
        {
          ...first,
          rows: [{ row: 1, seats: [{ number: 1, grade: 'NOPE' }] }],
        },
      ],
    };
    const before = ((await call('GET', '/api/seller/venues', seller)).json().data as unknown[])
      .length;
    const refused = await call('POST', '/api/seller/venues', seller, {
      name: '잘못된 홀',
      layout: broken,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('C001');
    expect(refused.json().errors).toContainEqual({
      field: 'layout.sections[0].rows[0].seats[0].grade',
      message: '없는 등급 코드입니다',
    });
    const noName = await call('POST', '/api/seller/venues', seller, { layout: smallHall() });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toContainEqual({
      field: 'name',
      message: venueMessages.nameRequired,
    });
    expect(
      ((await call('GET', '/api/seller/venues', seller)).json().data as unknown[]).length,
    ).toBe(before);
  });
});

describe('concerts from a layout', () => {
  it('creates from a saved venue with its own prices; the venue edited later changes nothing', async () => {
    const venue = (
      await call('POST', '/api/seller/venues', seller, { name: '재사용 홀', layout: smallHall() })
    ).json().data as VenueDetail;
    const concert = await createConcertWith({
      venueId: venue.id,
      gradePrices: [{ code: 'SILVER', price: 88_000 }],
    });
    expect(concert.totalSeats).toBe(47);
    await call('PUT', `/api/seller/venues/${venue.id}`, seller, {
      name: '재사용 홀',
      layout: { ...smallHall(), grades: smallHall().grades.map((g) => ({ ...g, price: 1 })) },
    });

    const detail = (await call('GET', `/api/concerts/${concert.id}`, null)).json().data as {
      seatGrades: Array<{ name: string; price: number }>;
    };
    expect(detail.seatGrades).toEqual([
      { name: '골드석', price: 123_000 },
      { name: '실버석', price: 88_000 },
      { name: '스탠딩', price: 55_000 },
    ]);
    const grades = (await call('GET', `/api/concerts/${concert.id}/grades`, null)).json()
      .data as ConcertGradeAvailability[];
    expect(grades).toEqual([
      {
        code: 'GOLD',
        name: '골드석',
        price: 123_000,
        color: '#C9A227',
        totalPlaces: 4,
        available: 3,
        held: 1,
        standing: false,
      },
      {
        code: 'SILVER',
        name: '실버석',
        price: 88_000,
        color: null,
        totalPlaces: 3,
        available: 3,
        held: 0,
        standing: false,
      },
      {
        code: 'ST',
        name: '스탠딩',
        price: 55_000,
        color: null,
        totalPlaces: 40,
        available: 40,
        held: 0,
        standing: true,
      },
    ]);
    const map = (await call('GET', `/api/concerts/${concert.id}/seat-map`, null)).json()
      .data as SeatMap;
    expect(map.hasLayout).toBe(true);
    expect(map.sections).toEqual([
      {
        section: 'A',
        grade: '골드석',
        price: 123_000,
        rows: 2,
        seatCount: 7,
        kind: 'SEATED',
        gradeCode: 'GOLD',
      },
      {
        section: 'F',
        grade: '스탠딩',
        price: 55_000,
        rows: 1,
        seatCount: 40,
        kind: 'STANDING',
        gradeCode: 'ST',
      },
    ]);
    const layout = (await call('GET', `/api/concerts/${concert.id}/layout`, null)).json()
      .data as VenueLayout;
    expect(layout.grades.find((g) => g.code === 'SILVER')?.price).toBe(88_000);

    // Another seller cannot build on this seller's venue.
    const refused = await call(
      'POST',
      '/api/seller/concerts',
      otherSeller,
      concertForm({ venueId: venue.id }),
    );
    expect(refused.statusCode).toBe(403);
  });

  it('checks the inline layout, the prices and the choice between the three ways', async () => {
    const broken = await call(
      'POST',
      '/api/seller/concerts',
      seller,
      concertForm({ seatLayout: { ...smallHall(), version: 2 } }),
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors[0].field).toBe('seatLayout.version');
    const unknownPrice = await call(
      'POST',
      '/api/seller/concerts',
      seller,
      concertForm({ seatLayout: smallHall(), gradePrices: [{ code: 'X', price: 1 }] }),
    );
    expect(unknownPrice.json().errors).toEqual([
      { field: 'gradePrices[0].code', message: sellerConcertMessages.unknownGradePrice },
    ]);
    const both = await call(
      'POST',
      '/api/seller/concerts',
      seller,
      concertForm({ seatLayout: smallHall(), venueId: 1 }),
    );
    expect(both.json().errors).toContainEqual({
      field: 'seatLayout',
      message: sellerConcertMessages.venueAndLayout,
    });
    const none = await call('POST', '/api/seller/concerts', seller, concertForm({}));
    expect(none.json().errors).toContainEqual({
      field: 'totalSeats',
      message: sellerConcertMessages.totalSeats,
    });
    // The spec's form alone still makes the quick plan, answered exactly as before.
    const quick = await createConcertWith({ totalSeats: 30 });
    const quickMap = (await call('GET', `/api/concerts/${quick.id}/seat-map`, null)).json()
      .data as SeatMap;
    expect(quickMap.hasLayout).toBeUndefined();
    expect(Object.keys(quickMap.sections[0] ?? {}).sort()).toEqual(
      ['grade', 'price', 'rows', 'seatCount', 'section'].sort(),
    );
    expect((await call('GET', `/api/concerts/${quick.id}/layout`, null)).json().data).toBeNull();
  });

  it('acceptance: two grades at my prices plus standing; a buyer pays exactly them plus the fee', async () => {
    const newSeller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
    const layout: VenueLayout = {
      format: 'curtaincall.venue-layout',
      version: 1,
      name: '검수용 홀',
      grades: [
        { code: 'R', name: 'R석', price: 99_000 },
        { code: 'S', name: 'S석', price: 66_000 },
        { code: 'SR', name: '스탠딩 R', price: 44_000 },
      ],
      sections: [
        {
          kind: 'SEATED',
          name: 'B',
          rows: [
            {
              row: 1,
              seats: [
                { number: 1, grade: 'R' },
                { number: 2, grade: 'R' },
              ],
            },
            {
              row: 2,
              seats: [
                { number: 1, grade: 'S' },
                { number: 2, grade: 'S' },
              ],
            },
          ],
        },
        { kind: 'STANDING', name: 'R', grade: 'SR', capacity: 10 },
      ],
    };
    const concert = await createConcertWith({ seatLayout: layout }, newSeller);
    const session = await admit(ctx.app, concert.id, buyer);
    const headers = { cookie: session.cookie, 'x-access-key': session.accessKey };
    const status = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/seats/concerts/${concert.id}/status`,
        headers,
      })
    ).json().data as SeatEntry[];
    const sSeat = status.find((s) => s.seatInfo === 'B-2-1');
    const seatHold = await ctx.app.inject({
      method: 'POST',
      url: `/api/seats/concerts/${concert.id}/seats/${sSeat?.seatId}/reserve`,
      headers,
    });
    expect(seatHold.statusCode, seatHold.body).toBe(200);
    const slotHold = await ctx.app.inject({
      method: 'POST',
      url: `/api/seats/concerts/${concert.id}/standing/R/reserve`,
      headers,
    });
    expect(slotHold.statusCode, slotHold.body).toBe(200);
    const slot = slotHold.json().data as SeatEntry;
    expect(slot.seatInfo).toBe('R-0-1');

    const created = await book(ctx.app, concert.id, session, [sSeat?.seatId ?? 0, slot.seatId]);
    expect(created.amount).toBe(66_000 + 44_000 + 2 * limits.bookingFeeWon);
    await payInSandbox(ctx.app, session, created);
    const [paid] = await ctx.database.db
      .select({ status: bookings.status, amount: bookings.totalAmount })
      .from(bookings)
      .where(eq(bookings.bookingNumber, created.bookingNumber));
    expect(paid).toEqual({ status: 'CONFIRMED', amount: 114_000 });
    await expectBookingInvariants(ctx.database.db);
  });
});

describe('after the sale starts', () => {
  it('releases held seats, kills only unsold ones, changes prices, and refuses a new seat count', async () => {
    const concert = await createConcertWith({ seatLayout: smallHall() });
    const seatIdOf = async (row: number, number: number) => {
      const [seat] = await ctx.database.db
        .select({ id: concertSeats.id })
        .from(concertSeats)
        .where(
          and(
            eq(concertSeats.concertId, concert.id),
            eq(concertSeats.rowNumber, row),
            eq(concertSeats.seatNumber, number),
            eq(concertSeats.section, 'A'),
          ),
        );
      return seat?.id ?? 0;
    };
    const held = await seatIdOf(1, 4);
    const listed = await call('GET', `/api/seller/concerts/${concert.id}/seats`, seller);
    expect(listed.statusCode).toBe(200);
    const seatList = listed.json().data as Array<{
      seatId: number;
      seatInfo: string;
      block: string | null;
    }>;
    expect(seatList).toHaveLength(48);
    expect(seatList.find((s) => s.seatId === held)).toMatchObject({
      seatInfo: 'A-1-4',
      status: 'UNAVAILABLE',
      block: 'HELD',
    });
    expect(seatList.find((s) => s.seatInfo === 'F-0-40')).toMatchObject({ status: 'AVAILABLE' });
    expect(
      (await call('GET', `/api/seller/concerts/${concert.id}/seats`, otherSeller)).statusCode,
    ).toBe(403);
    const session = await admit(ctx.app, concert.id, buyer);
    const headers = { cookie: session.cookie, 'x-access-key': session.accessKey };
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/seats/concerts/${concert.id}/seats/${held}/reserve`,
      headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('판매하지 않는 좌석입니다.');

    // A buyer takes seat 3 of row 1; killing it (with a free one) is refused as a whole.
    const taken = await seatIdOf(1, 3);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/seats/concerts/${concert.id}/seats/${taken}/reserve`,
          headers,
        })
      ).statusCode,
    ).toBe(200);
    const killTaken = await call('POST', `/api/seller/concerts/${concert.id}/seats/kill`, seller, {
      seatIds: [taken, await seatIdOf(2, 3)],
    });
    expect(killTaken.statusCode).toBe(409);
    expect(killTaken.json().code).toBe('S006');
    const killFree = await call('POST', `/api/seller/concerts/${concert.id}/seats/kill`, seller, {
      seatIds: [await seatIdOf(2, 3)],
    });
    expect(killFree.statusCode, killFree.body).toBe(200);
    expect(killFree.json().data).toEqual({ count: 1 });

    expect(
      (
        await call('POST', `/api/seller/concerts/${concert.id}/seats/release`, otherSeller, {
          all: true,
        })
      ).statusCode,
    ).toBe(403);
    const released = await call(
      'POST',
      `/api/seller/concerts/${concert.id}/seats/release`,
      seller,
      {
        all: true,
      },
    );
    expect(released.json().data).toEqual({ count: 1 });
    const nowFree = await ctx.app.inject({
      method: 'POST',
      url: `/api/seats/concerts/${concert.id}/seats/${held}/reserve`,
      headers,
    });
    expect(nowFree.statusCode, nowFree.body).toBe(200);

    const price = await call('PUT', `/api/seller/concerts/${concert.id}/grades`, seller, {
      prices: [{ code: 'SILVER', price: 70_000 }],
    });
    expect(price.statusCode, price.body).toBe(200);
    const grades = (await call('GET', `/api/concerts/${concert.id}/grades`, null)).json()
      .data as ConcertGradeAvailability[];
    expect(grades.find((g) => g.code === 'SILVER')).toMatchObject({
      price: 70_000,
      totalPlaces: 2,
    });
    const layout = (await call('GET', `/api/concerts/${concert.id}/layout`, null)).json()
      .data as VenueLayout;
    const row2 = layout.sections[0]?.kind === 'SEATED' ? layout.sections[0].rows[1] : undefined;
    expect(row2?.seats.find((s) => s.number === 3)?.tags).toEqual(['KILLED']);

    const seatCount = await call('PUT', `/api/seller/concerts/${concert.id}`, seller, {
      totalSeats: 500,
    });
    expect(seatCount.statusCode).toBe(409);
    expect(seatCount.json().message).toBe(sellerConcertMessages.layoutSeatsFixed);
    const [row] = await ctx.database.db
      .select({ totalSeats: concerts.totalSeats })
      .from(concerts)
      .where(eq(concerts.id, concert.id));
    expect(row?.totalSeats).toBe(46);
    await expectBookingInvariants(ctx.database.db);
  });
});
