import type { BookingDetail, BookingSummary, BookingTickets } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shows } from '../../db/schema/index';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { admit, book, holdSeats, payInSandbox } from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

/**
 * Issue 26, point 2: the buyer's bookings and tickets name the 회차 (date and start time). The
 * booking detail and the tickets always carried both; the my-page list and the door's ticket
 * check add the start time for a performance of a show of several, and a plain concert's answers
 * stay the spec's. Both runtimes.
 */
type Account = Awaited<ReturnType<typeof createLoggedInUser>>;
let ctx: TestContext;
let seller: Account;
let admin: Account;
let buyer: Account;
let evening: number;
let plain: number;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { QUEUE_RATE_PER_MINUTE: '100000', SEAT_RATE_PER_MINUTE: '100000' },
  });
  const db = ctx.database.db;
  seller = await createLoggedInUser(ctx.app, db, 'ROLE_SELLER');
  admin = await createLoggedInUser(ctx.app, db, 'ROLE_ADMIN');
  buyer = await createLoggedInUser(ctx.app, db);
  const [show] = await db.insert(shows).values({ sellerId: seller.id }).returning();
  const concertDate = new Date(Date.now() + 12 * 86_400_000).toISOString().slice(0, 10);
  // A matinee and an evening on the same day: only the time tells them apart.
  for (const startTime of ['14:00:00', '19:30:00']) {
    const performance = await createConcert(db, {
      sellerId: seller.id,
      showId: show?.id ?? 0,
      concertDate,
      startTime,
      endTime: startTime === '14:00:00' ? '16:00:00' : '21:30:00',
    });
    evening = performance.id;
  }
  plain = (await createConcert(db, { sellerId: seller.id })).id;
});
afterAll(async () => ctx?.close());

async function paidBookingOf(concertId: number): Promise<string> {
  const session = await admit(ctx.app, concertId, buyer);
  const created = await book(
    ctx.app,
    concertId,
    session,
    await holdSeats(ctx.app, concertId, session, 1),
  );
  await payInSandbox(ctx.app, session, created);
  return created.bookingNumber;
}

const get = (url: string, cookie: string) => ctx.app.inject({ url, headers: { cookie } });

describe('bookings and tickets name the performance', () => {
  it('the my-page list, detail, tickets and the ticket check of a performance of a show of two', async () => {
    const bookingNumber = await paidBookingOf(evening);
    const list = (await get('/api/mypage/booking', buyer.cookie)).json().data as BookingSummary[];
    const summary = list.find((entry) => entry.bookingNumber === bookingNumber);
    expect(summary?.startTime).toBe('19:30:00');

    const detail = (await get(`/api/mypage/bookingDetail/${bookingNumber}`, buyer.cookie)).json()
      .data as BookingDetail;
    expect([detail.concertDate, detail.startTime]).toEqual([summary?.concertDate, '19:30:00']);

    const tickets = (await get(`/api/bookings/${bookingNumber}/tickets`, buyer.cookie)).json()
      .data as BookingTickets;
    expect([tickets.concertDate, tickets.startTime]).toEqual([summary?.concertDate, '19:30']);
    const token = tickets.tickets[0]?.token ?? '';
    const checked = await get(
      `/api/tickets/verify?token=${encodeURIComponent(token)}`,
      admin.cookie,
    );
    expect(checked.json().data).toMatchObject({
      result: 'VALID',
      ticket: { bookingNumber, concertDate: summary?.concertDate, startTime: '19:30' },
    });
  });

  it("a plain concert's list entry and ticket check keep the spec's fields only", async () => {
    const bookingNumber = await paidBookingOf(plain);
    const list = (await get('/api/mypage/booking', buyer.cookie)).json().data as BookingSummary[];
    const summary = list.find((entry) => entry.bookingNumber === bookingNumber);
    expect(summary).toBeDefined();
    expect(summary).not.toHaveProperty('startTime');
    const tickets = (await get(`/api/bookings/${bookingNumber}/tickets`, buyer.cookie)).json()
      .data as BookingTickets;
    const token = tickets.tickets[0]?.token ?? '';
    const checked = await get(
      `/api/tickets/verify?token=${encodeURIComponent(token)}`,
      admin.cookie,
    );
    expect(checked.json().data.result).toBe('VALID');
    expect(checked.json().data.ticket).not.toHaveProperty('startTime');
  });
});
