import { formatPerformanceLabel, type Inbox } from '@curtaincall/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, concerts, shows } from '../db/schema/index';
import { addDays, fromSeoulDateTime, toSeoulDate } from '../lib/seoul-time';
import { createConcert, createLoggedInUser } from '../../test/helpers/factories';
import { admit, book, holdSeats, payInSandbox } from '../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../test/helpers/test-app';

/**
 * Issue 26, point 6: the lifecycle jobs work per performance (a concert row). A performance of
 * a show that sells out, reopens, completes or opens for sale moves alone; reminders and 취소표
 * alerts reach only that performance's subscribers, and every message about a performance of a
 * show of several names its 회차 (point 2). Both runtimes.
 */
type Account = Awaited<ReturnType<typeof createLoggedInUser>>;
let ctx: TestContext;
let seller: Account;
const START = new Date();

beforeAll(async () => {
  ctx = await createTestContext({
    env: { QUEUE_RATE_PER_MINUTE: '100000', SEAT_RATE_PER_MINUTE: '100000' },
  });
  ctx.clock.set(START);
  seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
});
afterAll(async () => ctx?.close());

async function newShow(): Promise<number> {
  const [show] = await ctx.database.db
    .insert(shows)
    .values({ sellerId: seller.id })
    .returning({ id: shows.id });
  return show?.id ?? 0;
}

async function statusOf(...ids: number[]): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ id: concerts.id, status: concerts.status })
    .from(concerts)
    .where(inArray(concerts.id, ids));
  return ids.map((id) => rows.find((row) => row.id === id)?.status ?? '');
}

async function inboxOf(account: { cookie: string }): Promise<Inbox> {
  const response = await ctx.app.inject({
    url: '/api/notifications/inbox',
    headers: { cookie: account.cookie },
  });
  return response.json().data as Inbox;
}

function setAlert(account: { cookie: string }, concertId: number, kind: string) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/notifications/concert-alerts/${concertId}/${kind}`,
    headers: { cookie: account.cookie },
  });
}

/** A paid booking of `seats` seats through the front door; its id and number. */
async function paidBooking(buyer: Account, concertId: number, seats: number) {
  const session = await admit(ctx.app, concertId, buyer);
  const created = await book(
    ctx.app,
    concertId,
    session,
    await holdSeats(ctx.app, concertId, session, seats),
  );
  await payInSandbox(ctx.app, session, created);
  const [row] = await ctx.database.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.bookingNumber, created.bookingNumber));
  return { id: row?.id ?? 0, bookingNumber: created.bookingNumber };
}

describe('lifecycle jobs per performance', () => {
  it('one performance sells out, reopens and completes; its sibling does not move; alerts stay apart', async () => {
    const today = toSeoulDate(START);
    const showId = await newShow();
    const title = '두 회차 공연';
    const make = (concertDate: string, startTime: string, totalSeats: number) =>
      createConcert(ctx.database.db, {
        sellerId: seller.id,
        showId,
        title,
        concertDate,
        startTime,
        endTime: '21:00:00',
        totalSeats,
        bookingStartAt: new Date(START.getTime() - 86_400_000),
        bookingEndAt: fromSeoulDateTime(`${addDays(concertDate, -1)}T23:59:00`),
      }).then((c) => c.id);
    const first = await make(addDays(today, 5), '19:00:00', 2);
    const second = await make(addDays(today, 6), '18:00:00', 4);
    const firstLabel = formatPerformanceLabel(addDays(today, 5), '19:00:00');

    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    const other = await createLoggedInUser(ctx.app, ctx.database.db);
    const sold = await paidBooking(buyer, first, 2);
    await paidBooking(other, second, 1);
    expect((await inboxOf(buyer)).items[0]?.body).toBe(
      `${title} ${firstLabel} 회차 · 예매번호 ${sold.bookingNumber}`,
    );

    await ctx.app.scheduler.runNow('concert-lifecycle');
    expect(await statusOf(first, second)).toEqual(['SOLD_OUT', 'ON_SALE']);

    // 취소표 alerts are per performance: a freed seat of the first tells only its askers.
    const waitingFirst = await createLoggedInUser(ctx.app, ctx.database.db);
    const waitingSecond = await createLoggedInUser(ctx.app, ctx.database.db);
    expect((await setAlert(waitingFirst, first, 'seats-released')).statusCode).toBe(200);
    expect((await setAlert(waitingSecond, second, 'seats-released')).statusCode).toBe(200);
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${sold.id}/cancel`,
      headers: { cookie: buyer.cookie },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await statusOf(first, second)).toEqual(['ON_SALE', 'ON_SALE']);
    expect((await inboxOf(waitingFirst)).items.map((item) => [item.kind, item.body])).toEqual([
      [
        'SEATS_RELEASED',
        `${title} ${firstLabel} 회차에 예매할 수 있는 좌석이 생겼습니다. 먼저 예매하는 분께 돌아가요.`,
      ],
    ]);
    expect((await inboxOf(waitingSecond)).items).toEqual([]);
    expect((await inboxOf(buyer)).items[0]).toMatchObject({
      kind: 'BOOKING_CANCELLED',
      body: `${title} ${firstLabel} 회차 · 예매번호 ${sold.bookingNumber}`,
    });

    // 31 minutes after the first performance ends: it completes, the second (tomorrow) stays
    // on sale and its paid booking stays CONFIRMED.
    ctx.clock.set(fromSeoulDateTime(`${addDays(today, 5)}T21:31:00`));
    await ctx.app.scheduler.runNow('concert-lifecycle');
    expect(await statusOf(first, second)).toEqual(['COMPLETED', 'ON_SALE']);
    const secondBookings = await ctx.database.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.concertId, second));
    expect(secondBookings.map((row) => row.status)).toEqual(['CONFIRMED']);
    ctx.clock.set(START);
  });

  it('opens and reminds one performance at a time, naming its 회차', async () => {
    const today = toSeoulDate(START);
    const showId = await newShow();
    const title = '예매 오픈 회차 공연';
    const opensSoon = new Date(START.getTime() + 20 * 60_000);
    const make = (concertDate: string, bookingStartAt: Date) =>
      createConcert(ctx.database.db, {
        sellerId: seller.id,
        showId,
        title,
        concertDate,
        status: 'SCHEDULED',
        bookingStartAt,
        bookingEndAt: fromSeoulDateTime(`${addDays(concertDate, -1)}T23:59:00`),
      }).then((c) => c.id);
    const early = await make(addDays(today, 20), opensSoon);
    const late = await make(addDays(today, 21), new Date(START.getTime() + 2 * 86_400_000));
    const fanOfEarly = await createLoggedInUser(ctx.app, ctx.database.db);
    const fanOfLate = await createLoggedInUser(ctx.app, ctx.database.db);
    expect((await setAlert(fanOfEarly, early, 'booking-open')).statusCode).toBe(200);
    expect((await setAlert(fanOfLate, late, 'booking-open')).statusCode).toBe(200);

    ctx.clock.set(new Date(opensSoon.getTime() - 5 * 60_000));
    await ctx.app.scheduler.runNow('booking-open-reminders');
    const label = formatPerformanceLabel(addDays(today, 20), '19:00:00');
    expect((await inboxOf(fanOfEarly)).items.map((item) => [item.title, item.body])).toEqual([
      ['예매 시작 5분 전입니다!', `${title} ${label} 회차 예매가 곧 시작됩니다.`],
    ]);
    expect((await inboxOf(fanOfLate)).items).toEqual([]);

    ctx.clock.set(opensSoon);
    await ctx.app.scheduler.runNow('concert-lifecycle');
    expect(await statusOf(early, late)).toEqual(['ON_SALE', 'SCHEDULED']);
    ctx.clock.set(START);
  });

  it("a plain concert's messages name the title alone, as before", async () => {
    const { id: concertId, title } = await createConcert(ctx.database.db, {
      sellerId: seller.id,
    });
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    const { bookingNumber } = await paidBooking(buyer, concertId, 1);
    expect((await inboxOf(buyer)).items[0]?.body).toBe(`${title} · 예매번호 ${bookingNumber}`);
  });
});
