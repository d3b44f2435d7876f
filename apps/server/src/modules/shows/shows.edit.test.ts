import {
  sellerConcertMessages,
  showMessages,
  type Concert,
  type ConcertGradeAvailability,
  type SeatEntry,
  type SellerConcert,
  type SellerShow,
  type VenueLayout,
} from '@curtaincall/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { addDays, toSeoulDate } from '../../lib/seoul-time';
import { createLoggedInUser } from '../../../test/helpers/factories';
import { expectBookingInvariants } from '../../../test/helpers/invariants';
import { admit, book, holdSeats, payInSandbox } from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

/**
 * A show's performances after registration (issue 26): the shared fields edited once for every
 * open performance (by the show or by one performance), a performance added with the show's
 * seats, and every spec endpoint answering each performance under its own concertId.
 */
let ctx: TestContext;
let seller: Account;
let otherSeller: Account;

beforeAll(async () => {
  // A catalogue that never expires by age: public pages can only show an edit because the edit
  // itself refreshed them.
  ctx = await createTestContext({
    env: { QUEUE_RATE_PER_MINUTE: '100000', SEAT_RATE_PER_MINUTE: '100000' },
    configure: (c) => ({ ...c, catalogMaxAgeMs: 3_600_000 }),
  });
  [seller, otherSeller] = await Promise.all([
    createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER'),
    createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER'),
  ]);
}, 120_000);
afterAll(async () => ctx?.close());

const today = () => toSeoulDate(ctx.clock.now());

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

function performanceAt(day: number, time = '19:00') {
  return { concertDate: addDays(today(), day), startTime: time, endTime: '22:00' };
}

let sequence = 0;
async function createShow(overrides: Record<string, unknown> = {}): Promise<SellerShow> {
  sequence += 1;
  const response = await call('POST', `/api/seller/shows?sellerId=${seller.id}`, seller, {
    title: `편집 공연 ${sequence}`,
    artist: '편집 밴드',
    description: '처음 설명',
    venueName: '편집홀',
    venueAddress: '서울특별시 편집구 1',
    minAge: 0,
    maxTicketsPerUser: 4,
    posterImageUrl: null,
    totalSeats: 20,
    bookingStartDate: `${addDays(today(), -1)}T10:00`,
    bookingEndDate: `${addDays(today(), 9)}T23:59`,
    performances: [performanceAt(10), performanceAt(11), performanceAt(12)],
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as SellerShow;
}

const ids = (show: SellerShow) => show.performances.map((p) => p.concertId);

/** The concert as buyers read it (GET /concerts/{id}). */
async function publicConcert(concertId: number | undefined): Promise<Concert> {
  const response = await call('GET', `/api/concerts/${concertId}`, null);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Concert;
}

function putShow(showId: number, body: Record<string, unknown>, account = seller) {
  return call('PUT', `/api/seller/shows/${showId}?sellerId=${account.id}`, account, body);
}

function cancelPerformance(concertId: number | undefined) {
  return call('DELETE', `/api/seller/concerts/${concertId}?sellerId=${seller.id}`, seller);
}

async function completePerformance(concertId: number | undefined) {
  await ctx.database.db.execute(
    sql`update concerts set status = 'COMPLETED' where id = ${concertId ?? 0}`,
  );
}

describe('PUT /seller/shows/{showId}', () => {
  it('writes the shared fields to every open performance; cancelled and completed keep theirs', async () => {
    const show = await createShow({
      performances: [performanceAt(10), performanceAt(11), performanceAt(12), performanceAt(13)],
    });
    const [open1, cancelled, open2, completed] = ids(show);
    expect((await cancelPerformance(cancelled)).statusCode).toBe(200);
    await completePerformance(completed);
    const before = await publicConcert(completed);

    const edit = {
      title: '새 공연 제목',
      artist: '새 아티스트',
      description: '모든 회차의 새 설명',
      venueName: '새 공연장',
      venueAddress: null,
      minAge: 12,
      posterImageUrl: 'https://cdn.example.com/show-poster.webp',
      maxTicketsPerShow: 6,
    };
    const response = await putShow(show.showId, edit);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: showMessages.updated });
    const answered = response.json().data as SellerShow;
    expect(answered).toMatchObject({
      showId: show.showId,
      title: '새 공연 제목',
      artist: '새 아티스트',
      venueName: '새 공연장',
      posterImageUrl: 'https://cdn.example.com/show-poster.webp',
      maxTicketsPerShow: 6,
    });

    const { maxTicketsPerShow: _show, ...shared } = edit;
    for (const concertId of [open1, open2]) {
      expect(await publicConcert(concertId)).toMatchObject(shared);
    }
    expect(await publicConcert(cancelled)).toMatchObject({
      title: show.title,
      description: '처음 설명',
      status: 'CANCELLED',
    });
    expect(await publicConcert(completed)).toEqual(before);
    // Per-performance fields are untouched.
    const first = await publicConcert(open1);
    expect(first).toMatchObject({ concertDate: addDays(today(), 10), maxTicketsPerUser: 4 });

    // The catalogue shows the new title at once (its snapshot never expires by age here).
    const search = await call(
      'GET',
      `/api/concerts/search?query=${encodeURIComponent('새 공연 제목')}`,
      null,
    );
    const found = (search.json().data as Concert[]).map((c) => c.concertId);
    expect(found.some((id) => id === open1 || id === open2)).toBe(true);
    expect(found).not.toContain(cancelled);

    // Only the keys sent change; null clears the per-show limit.
    const cleared = await putShow(show.showId, { maxTicketsPerShow: null });
    expect(cleared.json().data).toMatchObject({ maxTicketsPerShow: null, title: '새 공연 제목' });
  });

  it('refuses a per-show limit under a performance limit, bad fields, and a show with nothing open', async () => {
    const show = await createShow();
    const below = await putShow(show.showId, { maxTicketsPerShow: 3 });
    expect(below.json()).toMatchObject({
      status: 400,
      code: 'C001',
      errors: [{ field: 'maxTicketsPerShow', message: showMessages.maxTicketsPerShowBelowPerUser }],
    });
    const blank = await putShow(show.showId, { title: '', maxTicketsPerShow: 41 });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'title', message: sellerConcertMessages.titleRequired },
        { field: 'maxTicketsPerShow', message: showMessages.maxTicketsPerShow },
      ]),
    );
    expect((await publicConcert(show.performances[0]?.concertId)).title).toBe(show.title);

    const cancelled = await call(
      'POST',
      `/api/seller/shows/${show.showId}/cancel?sellerId=${seller.id}`,
      seller,
    );
    expect(cancelled.statusCode).toBe(200);
    const frozen = await putShow(show.showId, { title: '취소 후 수정' });
    expect(frozen.json()).toMatchObject({
      status: 409,
      code: 'S006',
      message: sellerConcertMessages.cancelledNotEditable,
    });

    const foreign = await putShow(show.showId, { title: '남의 공연' }, otherSeller);
    expect(foreign.json()).toMatchObject({ status: 403, code: 'S002' });
    const unknown = await putShow(99_999_999, { title: '없는 공연' });
    expect(unknown.json()).toMatchObject({ status: 404, message: showMessages.notFound });
  });
});

describe('editing one performance', () => {
  it('PUT /seller/concerts/{id}: a shared field reaches the open siblings; the schedule stays its own', async () => {
    const show = await createShow();
    const [edited, sibling, cancelled] = ids(show);
    expect((await cancelPerformance(cancelled)).statusCode).toBe(200);

    const response = await call(
      'PUT',
      `/api/seller/concerts/${edited}?sellerId=${seller.id}`,
      seller,
      {
        title: '한 회차에서 고친 제목',
        minAge: 15,
        concertDate: addDays(today(), 20),
        maxTicketsPerUser: 2,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await publicConcert(edited)).toMatchObject({
      title: '한 회차에서 고친 제목',
      minAge: 15,
      concertDate: addDays(today(), 20),
      maxTicketsPerUser: 2,
    });
    expect(await publicConcert(sibling)).toMatchObject({
      title: '한 회차에서 고친 제목',
      minAge: 15,
      concertDate: addDays(today(), 11),
      maxTicketsPerUser: 4,
    });
    expect(await publicConcert(cancelled)).toMatchObject({ title: show.title, minAge: 0 });

    // The poster the same way.
    const poster = await call(
      'PATCH',
      `/api/seller/concerts/${sibling}/poster?sellerId=${seller.id}`,
      seller,
      { posterImageUrl: 'https://cdn.example.com/one-poster.png' },
    );
    expect(poster.statusCode, poster.body).toBe(200);
    expect((await publicConcert(edited)).posterImageUrl).toBe(
      'https://cdn.example.com/one-poster.png',
    );
    expect((await publicConcert(cancelled)).posterImageUrl).toBeNull();

    // Cancelling one performance with a note: the note is that performance's alone.
    const cancelWithNote = await call(
      'PUT',
      `/api/seller/concerts/${sibling}?sellerId=${seller.id}`,
      seller,
      { status: 'CANCELLED', description: '이 회차는 취소되었습니다.' },
    );
    expect(cancelWithNote.statusCode).toBe(200);
    expect((await publicConcert(edited)).description).toBe('처음 설명');
  });

  it('a concert of its own (a show of one) changes nothing else', async () => {
    const created = await call('POST', `/api/seller/concerts?sellerId=${seller.id}`, seller, {
      title: '단독 콘서트',
      artist: '편집 밴드',
      venueName: '편집홀',
      concertDate: addDays(today(), 30),
      startTime: '19:00',
      endTime: '21:00',
      totalSeats: 10,
      bookingStartDate: `${addDays(today(), -1)}T10:00`,
      bookingEndDate: `${addDays(today(), 29)}T23:59`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const concert = created.json().data as SellerConcert;
    const show = await createShow();
    const before = await publicConcert(show.performances[0]?.concertId);
    const [{ n: showSize } = { n: 0 }] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from concerts where show_id = ${concert.showId}`,
    );
    expect(Number(showSize)).toBe(1);
    const edited = await call(
      'PUT',
      `/api/seller/concerts/${concert.concertId}?sellerId=${seller.id}`,
      seller,
      { title: '단독 콘서트 새 제목', artist: '편집 밴드' },
    );
    expect(edited.json().data).toMatchObject({ title: '단독 콘서트 새 제목' });
    expect(await publicConcert(show.performances[0]?.concertId)).toEqual(before);
  });
});

/** Three grades in a row and a standing zone. */
function hall(): VenueLayout {
  return {
    format: 'curtaincall.venue-layout',
    version: 1,
    name: '추가 회차 홀',
    grades: [
      { code: 'R', name: 'R석', price: 99_000 },
      { code: 'S', name: 'S석', price: 77_000 },
      { code: 'SP', name: '스탠딩', price: 55_000 },
    ],
    sections: [
      {
        kind: 'SEATED',
        name: 'A',
        rows: [
          {
            row: 1,
            seats: [1, 2, 3, 4, 5, 6].map((number) => ({
              number,
              grade: number <= 3 ? 'R' : 'S',
            })),
          },
        ],
      },
      { kind: 'STANDING', name: 'P', grade: 'SP', capacity: 30 },
    ],
  };
}

async function gradePrices(concertId: number | undefined) {
  const response = await call('GET', `/api/concerts/${concertId}/grades`, null);
  return Object.fromEntries(
    (response.json().data as ConcertGradeAvailability[]).map((g) => [g.code, g.price]),
  );
}

function addPerformance(showId: number, body: Record<string, unknown>, account = seller) {
  return call(
    'POST',
    `/api/seller/shows/${showId}/performances?sellerId=${account.id}`,
    account,
    body,
  );
}

describe('POST /seller/shows/{showId}/performances', () => {
  it("copies the shared fields and the last performance's seats and prices; its own prices over them", async () => {
    const show = await createShow({
      totalSeats: undefined,
      seatLayout: hall(),
      performances: [performanceAt(10), performanceAt(12)],
    });
    const [, last] = ids(show);
    // The last performance's prices changed after registration: the new one starts from them.
    const repriced = await call(
      'PUT',
      `/api/seller/concerts/${last}/grades?sellerId=${seller.id}`,
      seller,
      { prices: [{ code: 'R', price: 111_000 }] },
    );
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect((await putShow(show.showId, { title: '추가 전에 고친 제목' })).statusCode).toBe(200);

    const added = await addPerformance(show.showId, {
      ...performanceAt(11, '14:00'),
      endTime: '16:00',
      bookingStartDate: `${addDays(today(), -1)}T10:00`,
      bookingEndDate: `${addDays(today(), 10)}T23:00`,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().message).toBe(showMessages.performanceAdded);
    const performance = added.json().data as SellerConcert;
    expect(performance).toMatchObject({
      showId: show.showId,
      title: '추가 전에 고친 제목',
      artist: '편집 밴드',
      description: '처음 설명',
      venueName: '편집홀',
      concertDate: addDays(today(), 11),
      startTime: '14:00:00',
      endTime: '16:00:00',
      totalSeats: 36,
      maxTicketsPerUser: 4,
      status: 'ON_SALE',
      soldSeats: 0,
    });
    expect(await gradePrices(performance.concertId)).toEqual({ R: 111_000, S: 77_000, SP: 55_000 });
    const layout = await call('GET', `/api/concerts/${performance.concertId}/layout`, null);
    expect(layout.statusCode).toBe(200);

    // The show lists it between the other two.
    const listed = await call(
      'GET',
      `/api/seller/shows/${show.showId}?sellerId=${seller.id}`,
      seller,
    );
    expect(ids(listed.json().data as SellerShow)).toEqual([
      show.performances[0]?.concertId,
      performance.concertId,
      last,
    ]);

    const ownPrices = await addPerformance(show.showId, {
      ...performanceAt(13),
      bookingStartDate: `${addDays(today(), 1)}T10:00`,
      bookingEndDate: `${addDays(today(), 12)}T23:00`,
      gradePrices: [{ code: 'SP', price: 66_000 }],
    });
    expect(ownPrices.statusCode, ownPrices.body).toBe(201);
    expect(ownPrices.json().data.status).toBe('SCHEDULED');
    expect(await gradePrices(ownPrices.json().data.concertId)).toEqual({
      R: 111_000,
      S: 77_000,
      SP: 66_000,
    });
    const badPrice = await addPerformance(show.showId, {
      ...performanceAt(14),
      bookingStartDate: `${addDays(today(), 1)}T10:00`,
      bookingEndDate: `${addDays(today(), 12)}T23:00`,
      gradePrices: [{ code: 'VIP', price: 1 }],
    });
    expect(badPrice.json()).toMatchObject({
      status: 400,
      errors: [{ field: 'gradePrices[0].code', message: sellerConcertMessages.unknownGradePrice }],
    });
  });

  it('a quick-plan show: the same seat count, no prices; refusals name the field', async () => {
    const show = await createShow({ totalSeats: 25, performances: [performanceAt(10)] });
    const window = {
      bookingStartDate: `${addDays(today(), -1)}T10:00`,
      bookingEndDate: `${addDays(today(), 10)}T23:00`,
    };
    const added = await addPerformance(show.showId, { ...performanceAt(11), ...window });
    expect(added.statusCode, added.body).toBe(201);
    const concertId = (added.json().data as SellerConcert).concertId;
    const [row] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from concert_seats where concert_id = ${concertId}`,
    );
    expect(Number(row?.n)).toBe(25);

    const priced = await addPerformance(show.showId, {
      ...performanceAt(12),
      ...window,
      gradePrices: [{ code: 'VIP', price: 1 }],
    });
    expect(priced.json()).toMatchObject({
      status: 400,
      errors: [{ field: 'gradePrices', message: sellerConcertMessages.gradePricesWithoutLayout }],
    });
    const twice = await addPerformance(show.showId, { ...performanceAt(11), ...window });
    expect(twice.json()).toMatchObject({
      status: 400,
      errors: [{ field: 'startTime', message: showMessages.performanceDuplicate }],
    });
    // A cancelled performance's date and time are free again.
    expect((await cancelPerformance(concertId)).statusCode).toBe(200);
    expect(
      (await addPerformance(show.showId, { ...performanceAt(11), ...window })).statusCode,
    ).toBe(201);
    const past = await addPerformance(show.showId, { ...performanceAt(0), ...window });
    expect(past.json().errors).toContainEqual({
      field: 'concertDate',
      message: sellerConcertMessages.concertDatePast,
    });
    const foreign = await addPerformance(
      show.showId,
      { ...performanceAt(15), ...window },
      otherSeller,
    );
    expect(foreign.json()).toMatchObject({ status: 403, code: 'S002' });
    const unknown = await addPerformance(99_999_999, { ...performanceAt(15), ...window });
    expect(unknown.json()).toMatchObject({ status: 404, code: 'T003' });
  });
});

describe('the spec endpoints, per performance', () => {
  it('detail, seat map, waiting room, seats, booking, payment and tickets under each concertId', async () => {
    const show = await createShow({ totalSeats: 12 });
    const keys: Array<{ concertId: number; cookie: string; accessKey: string }> = [];
    for (const [index, concertId] of ids(show).entries()) {
      const detail = await publicConcert(concertId);
      expect(detail).toMatchObject({
        concertId,
        concertDate: addDays(today(), 10 + index),
        totalSeats: 12,
        status: 'ON_SALE',
      });
      const map = await call('GET', `/api/concerts/${concertId}/seat-map`, null);
      expect(map.statusCode).toBe(200);
      expect(
        (map.json().data.sections as Array<{ seatCount: number }>).reduce(
          (sum, s) => sum + s.seatCount,
          0,
        ),
      ).toBe(12);

      const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
      const session = await admit(ctx.app, concertId, buyer);
      keys.push({ concertId, ...session });
      const seats = await call('GET', `/api/seats/concerts/${concertId}/status`, null);
      expect(seats.statusCode).toBe(401);
      const status = await ctx.app.inject({
        method: 'GET',
        url: `/api/seats/concerts/${concertId}/status`,
        headers: { cookie: session.cookie, 'x-access-key': session.accessKey },
      });
      const entries = status.json().data as SeatEntry[];
      expect(entries).toHaveLength(12);
      // A count of its own per performance (a hold takes at most 2 seats).
      const created = await book(
        ctx.app,
        concertId,
        session,
        await holdSeats(ctx.app, concertId, session, (index % 2) + 1),
      );
      await payInSandbox(ctx.app, session, created);
      const booking = await ctx.app.inject({
        method: 'GET',
        url: `/api/bookings/${created.bookingNumber}`,
        headers: { cookie: session.cookie },
      });
      expect(booking.statusCode, booking.body).toBe(200);
      expect(booking.json().data).toMatchObject({
        concertId,
        concertDateTime: `${addDays(today(), 10 + index)} 19:00`,
      });
      const tickets = await ctx.app.inject({
        method: 'GET',
        url: `/api/bookings/${created.bookingNumber}/tickets`,
        headers: { cookie: session.cookie },
      });
      expect(tickets.statusCode, tickets.body).toBe(200);
      expect(tickets.json().data).toMatchObject({ concertDate: addDays(today(), 10 + index) });
      expect(tickets.json().data.tickets).toHaveLength((index % 2) + 1);
    }
    // A key admits to its own performance only.
    const [first, second] = keys;
    const crossed = await ctx.app.inject({
      method: 'GET',
      url: `/api/seats/concerts/${second?.concertId}/status`,
      headers: { cookie: first?.cookie ?? '', 'x-access-key': first?.accessKey ?? '' },
    });
    expect(crossed.statusCode).toBe(403);

    // Each performance counts its own sales.
    const listed = await call(
      'GET',
      `/api/seller/shows/${show.showId}?sellerId=${seller.id}`,
      seller,
    );
    expect((listed.json().data as SellerShow).performances.map((p) => p.soldSeats)).toEqual([
      1, 2, 1,
    ]);
    await expectBookingInvariants(ctx.database.db);
  });
});
