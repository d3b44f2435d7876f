import { adminStatisticsSchema, sellerDashboardSchema } from '@curtaincall/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { addDays, fromSeoulDateTime, toSeoulDate } from '../../lib/seoul-time';
import { insertBooking } from '../../../test/helpers/direct-bookings';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import {
  admit,
  bookingRowsOf,
  cancelSeats,
  holdSeats,
  book as bookHeldSeats,
  payInSandbox,
} from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import type { ConcertDraft } from '../concerts/concerts.service';

/**
 * The seller home's figures and the admin statistics (issue 23, point 6), with exact numbers
 * from bookings written for this file's own database (both runtimes).
 */
let ctx: TestContext;
let today: string;
/** An instant on a Seoul day, `HH:mm:ss` Seoul wall clock. */
const at = (date: string, time: string) => fromSeoulDateTime(`${date}T${time}`);

let seller: Awaited<ReturnType<typeof createLoggedInUser>>;
let otherSeller: Awaited<ReturnType<typeof createLoggedInUser>>;
let admin: Awaited<ReturnType<typeof createLoggedInUser>>;
let buyer: Awaited<ReturnType<typeof createLoggedInUser>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  today = toSeoulDate(ctx.clock.now());
  seller = await createLoggedInUser(ctx.app, db, 'ROLE_SELLER');
  otherSeller = await createLoggedInUser(ctx.app, db, 'ROLE_SELLER');
  admin = await createLoggedInUser(ctx.app, db, 'ROLE_ADMIN');
  buyer = await createLoggedInUser(ctx.app, db);
  // An old account: counted in the total, not among the new ones of the last 30 days.
  const veteran = await createLoggedInUser(ctx.app, db);
  await db
    .update(users)
    .set({ createdAt: at(addDays(today, -45), '12:00:00') })
    .where(eq(users.id, veteran.id));

  const now = ctx.clock.now().getTime();
  const day = 86_400_000;
  const concert = (sellerId: number, overrides: Partial<ConcertDraft>) =>
    createConcert(db, { ...overrides, sellerId });
  ids.onSaleLater = (await concert(seller.id, { concertDate: addDays(today, 20) })).id;
  ids.soldOut = (
    await concert(seller.id, { concertDate: addDays(today, 8), status: 'SOLD_OUT' })
  ).id;
  ids.opensLater = (
    await concert(seller.id, {
      status: 'SCHEDULED',
      bookingStartAt: new Date(now + 5 * day),
      concertDate: addDays(today, 30),
    })
  ).id;
  ids.opensSoon = (
    await concert(seller.id, {
      status: 'SCHEDULED',
      bookingStartAt: new Date(now + 2 * day),
      concertDate: addDays(today, 40),
    })
  ).id;
  ids.completed = (
    await concert(seller.id, { status: 'COMPLETED', concertDate: addDays(today, -3) })
  ).id;
  ids.cancelled = (await concert(seller.id, { status: 'CANCELLED' })).id;
  ids.foreign = (await concert(otherSeller.id, {})).id;

  const book = (
    concertId: number,
    seats: number,
    amount: number,
    status: 'PENDING_PAYMENT' | 'CONFIRMED' | 'CANCELED' | 'COMPLETED',
    paidAt: Date | null,
    seatOffset = 0,
    refunded?: number,
  ) =>
    insertBooking(db, {
      userId: buyer.id,
      concertId,
      seats,
      amount,
      status,
      paidAt,
      seatOffset,
      refunded,
    });
  // Today (Seoul): two paid bookings of the seller's concerts, the first a second after midnight.
  await book(ids.onSaleLater, 2, 100_000, 'CONFIRMED', at(today, '00:00:01'));
  await book(ids.soldOut, 1, 55_000, 'CONFIRMED', at(today, '23:59:59'));
  // Not today's sales: yesterday's last second, a booking refunded in full and an unpaid one,
  // another seller.
  await book(ids.onSaleLater, 3, 150_000, 'CONFIRMED', at(addDays(today, -1), '23:59:59'), 2);
  await book(ids.onSaleLater, 2, 90_000, 'CANCELED', at(today, '10:00:00'), 5, 90_000);
  await book(ids.onSaleLater, 1, 45_000, 'PENDING_PAYMENT', null, 7);
  await book(ids.foreign, 4, 200_000, 'CONFIRMED', at(today, '09:00:00'));
  // The attended show: paid 10 days ago, and on the first day of the 30 (included)...
  await book(ids.completed, 2, 80_000, 'COMPLETED', at(addDays(today, -10), '20:00:00'));
  await book(ids.completed, 1, 40_000, 'COMPLETED', at(addDays(today, -29), '00:00:00'), 2);
  // ...but not the day before it.
  await book(ids.completed, 1, 40_000, 'COMPLETED', at(addDays(today, -30), '23:59:59'), 3);
});
afterAll(async () => ctx?.close());

const get = (url: string, cookie?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('GET /api/seller/dashboard', () => {
  it("shows today's paid bookings, seats and revenue of the seller's own concerts", async () => {
    const response = await get('/api/seller/dashboard', seller.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const dashboard = sellerDashboardSchema.parse(response.json().data);
    expect(dashboard.today).toEqual({ date: today, bookings: 2, seats: 3, revenue: 155_000 });
  });

  it('lists the concerts on sale by show date and the upcoming ones by opening, with sold seats', async () => {
    const dashboard = sellerDashboardSchema.parse(
      (await get('/api/seller/dashboard', seller.cookie)).json().data,
    );
    expect(dashboard.onSale.map((c) => [c.concertId, c.status, c.soldSeats, c.totalSeats])).toEqual(
      [
        [ids.soldOut, 'SOLD_OUT', 1, 30],
        [ids.onSaleLater, 'ON_SALE', 5, 30],
      ],
    );
    expect(dashboard.upcoming.map((c) => [c.concertId, c.soldSeats])).toEqual([
      [ids.opensSoon, 0],
      [ids.opensLater, 0],
    ]);
  });

  it('another seller sees only their own figures', async () => {
    const dashboard = sellerDashboardSchema.parse(
      (await get('/api/seller/dashboard', otherSeller.cookie)).json().data,
    );
    expect(dashboard.today).toEqual({ date: today, bookings: 1, seats: 4, revenue: 200_000 });
    expect(dashboard.onSale.map((c) => c.concertId)).toEqual([ids.foreign]);
    expect(dashboard.upcoming).toEqual([]);
  });

  it('is for sellers only: 401 A006 anonymous, 403 S002 for a buyer and for an admin', async () => {
    expect((await get('/api/seller/dashboard')).json()).toMatchObject({
      status: 401,
      code: 'A006',
    });
    for (const cookie of [buyer.cookie, admin.cookie]) {
      expect((await get('/api/seller/dashboard', cookie)).json()).toMatchObject({
        status: 403,
        code: 'S002',
      });
    }
  });
});

describe('GET /api/admin/statistics', () => {
  it('counts accounts by role, concerts by status, and paid bookings per day for 30 days', async () => {
    const response = await get('/api/admin/statistics', admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const stats = adminStatisticsSchema.parse(response.json().data);
    expect(stats.users).toEqual({ total: 5, buyers: 2, sellers: 2, admins: 1, newInPeriod: 4 });
    expect(stats.concertsByStatus).toEqual({
      SCHEDULED: 2,
      ON_SALE: 2,
      SOLD_OUT: 1,
      CANCELLED: 1,
      COMPLETED: 1,
    });
    expect(stats.period).toEqual({ from: addDays(today, -29), to: today });
    expect(stats.daily).toHaveLength(30);
    expect(stats.daily[0]).toEqual({ date: addDays(today, -29), bookings: 1, revenue: 40_000 });
    expect(stats.daily.at(-1)).toEqual({ date: today, bookings: 3, revenue: 355_000 });
    expect(stats.daily.at(-2)).toEqual({
      date: addDays(today, -1),
      bookings: 1,
      revenue: 150_000,
    });
    expect(stats.daily.find((d) => d.date === addDays(today, -10))).toEqual({
      date: addDays(today, -10),
      bookings: 1,
      revenue: 80_000,
    });
    expect(stats.daily.filter((d) => d.bookings > 0)).toHaveLength(4);
    expect(stats.totals).toEqual({ bookings: 6, revenue: 625_000 });
  });

  it('is for admins only: 401 A006 anonymous, 403 P001 for a seller or a buyer', async () => {
    expect((await get('/api/admin/statistics')).json()).toMatchObject({
      status: 401,
      code: 'A006',
    });
    for (const cookie of [seller.cookie, buyer.cookie]) {
      expect((await get('/api/admin/statistics', cookie)).json()).toMatchObject({
        status: 403,
        code: 'P001',
      });
    }
  });

  it('appears in the OpenAPI document with an example, as does the seller dashboard', async () => {
    const doc = (await get('/api/docs/json')).json() as {
      paths: Record<string, { get?: { responses?: Record<string, unknown> } }>;
    };
    for (const path of ['/api/admin/statistics', '/api/seller/dashboard']) {
      // OpenAPI 3.0 carries the zod `examples` metadata as the schema's `example`.
      const ok = JSON.stringify(doc.paths[path]?.get?.responses?.['200'] ?? null);
      expect(ok).toContain('"example":{');
    }
    expect(JSON.stringify(doc.paths['/api/admin/statistics'])).toContain('2026-11-26');
  });
});

describe('the figures after per-seat cancels (issue 27)', () => {
  it('a seat cancelled on its own leaves the sold seats and revenue; the fees a cancel kept stay revenue', async () => {
    const db = ctx.database.db;
    const ownSeller = await createLoggedInUser(ctx.app, db, 'ROLE_SELLER');
    // Five days before the show a cancel keeps 20 % of the ticket (the booking fee comes back
    // the same day), so money stays with every cancel.
    const { id: concertId } = await createConcert(db, {
      sellerId: ownSeller.id,
      concertDate: addDays(today, 5),
      bookingEndAt: fromSeoulDateTime(`${addDays(today, 4)}T12:00:00`),
    });
    const statsToday = async () =>
      adminStatisticsSchema
        .parse((await get('/api/admin/statistics', admin.cookie)).json().data)
        .daily.at(-1);
    const sellerFigures = async () => {
      const dashboard = sellerDashboardSchema.parse(
        (await get('/api/seller/dashboard', ownSeller.cookie)).json().data,
      );
      return {
        today: dashboard.today,
        soldSeats: dashboard.onSale.find((c) => c.concertId === concertId)?.soldSeats,
      };
    };
    const before = await statsToday();

    const account = await createLoggedInUser(ctx.app, db);
    const session = await admit(ctx.app, concertId, account);
    const created = await bookHeldSeats(
      ctx.app,
      concertId,
      session,
      await holdSeats(ctx.app, concertId, session, 2),
    );
    await payInSandbox(ctx.app, session, created);
    const booking = {
      bookingNumber: created.bookingNumber,
      ...(await bookingRowsOf(db, created.bookingNumber)),
    };
    const [first, second] = booking.tickets.map((t) => t.ticketId);
    const paid = created.amount;
    expect(await sellerFigures()).toEqual({
      today: { date: today, bookings: 1, seats: 2, revenue: paid },
      soldSeats: 2,
    });

    const firstRefund = await cancelSeats(ctx.app, session, booking, [first ?? 0]);
    expect(firstRefund).toBeLessThan(paid / 2);
    expect(await sellerFigures()).toEqual({
      today: { date: today, bookings: 1, seats: 1, revenue: paid - firstRefund },
      soldSeats: 1,
    });
    expect(await statsToday()).toEqual({
      date: today,
      bookings: (before?.bookings ?? 0) + 1,
      revenue: (before?.revenue ?? 0) + paid - firstRefund,
    });

    // The last seat closes the booking: nothing stands, what both cancels kept is still revenue.
    const secondRefund = await cancelSeats(ctx.app, session, booking, [second ?? 0]);
    const kept = paid - firstRefund - secondRefund;
    expect(kept).toBeGreaterThan(0);
    expect(await sellerFigures()).toEqual({
      today: { date: today, bookings: 0, seats: 0, revenue: kept },
      soldSeats: 0,
    });
    expect(await statsToday()).toEqual({
      date: today,
      bookings: before?.bookings ?? 0,
      revenue: (before?.revenue ?? 0) + kept,
    });
  });
});
