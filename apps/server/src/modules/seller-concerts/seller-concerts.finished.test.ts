import { sellerConcertMessages, sellerConcertSchema } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addDays, fromSeoulDateTime, toSeoulDate } from '../../lib/seoul-time';
import { insertBooking } from '../../../test/helpers/direct-bookings';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import {
  admit,
  book as bookHeldSeats,
  bookingRowsOf,
  cancelSeats,
  holdSeats,
  payInSandbox,
} from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

/**
 * The manage page's numbers and rules (issue 23, point 6): each concert's sold seats, and a
 * finished show refuses 수정 and AI 요약 on the server as the page's disabled buttons say.
 */
let ctx: TestContext;
let seller: Awaited<ReturnType<typeof createLoggedInUser>>;
let buyer: Awaited<ReturnType<typeof createLoggedInUser>>;
let onSale: number;
let completed: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const today = toSeoulDate(ctx.clock.now());
  seller = await createLoggedInUser(ctx.app, db, 'ROLE_SELLER');
  buyer = await createLoggedInUser(ctx.app, db);
  onSale = (await createConcert(db, { sellerId: seller.id, totalSeats: 30 })).id;
  completed = (
    await createConcert(db, {
      sellerId: seller.id,
      status: 'COMPLETED',
      concertDate: addDays(today, -2),
      totalSeats: 30,
    })
  ).id;
  const paidAt = fromSeoulDateTime(`${addDays(today, -3)}T12:00:00`);
  const book = (
    concertId: number,
    seats: number,
    status: 'CONFIRMED' | 'COMPLETED' | 'CANCELED' | 'PENDING_PAYMENT',
    seatOffset: number,
  ) =>
    insertBooking(db, {
      userId: buyer.id,
      concertId,
      seats,
      amount: seats * 50_000,
      status,
      paidAt: status === 'PENDING_PAYMENT' ? null : paidAt,
      seatOffset,
    });
  await book(onSale, 2, 'CONFIRMED', 0);
  await book(onSale, 3, 'CONFIRMED', 2);
  await book(onSale, 4, 'CANCELED', 5);
  await book(onSale, 1, 'PENDING_PAYMENT', 9);
  await book(completed, 7, 'COMPLETED', 0);
});
afterAll(async () => ctx?.close());

const asSeller = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { cookie: seller.cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload } : {}),
  });

describe('seller concerts: sold seats and finished shows', () => {
  it('lists each concert with its sold seats (paid, not cancelled or unpaid bookings)', async () => {
    const page = await asSeller('GET', '/api/seller/concerts?size=10');
    const concerts = z.array(sellerConcertSchema).parse(page.json().data.content);
    const sold = Object.fromEntries(
      concerts.map((c) => [c.concertId, [c.soldSeats, c.totalSeats]]),
    );
    expect(sold).toEqual({ [onSale]: [5, 30], [completed]: [7, 30] });
    const byStatus = await asSeller('GET', '/api/seller/concerts/status?status=COMPLETED');
    expect(byStatus.json().data).toEqual([
      expect.objectContaining({ concertId: completed, soldSeats: 7 }),
    ]);
  });

  it('a seat cancelled on its own is no longer sold (issue 27)', async () => {
    const db = ctx.database.db;
    const ownSeller = await createLoggedInUser(ctx.app, db, 'ROLE_SELLER');
    const { id: concertId } = await createConcert(db, { sellerId: ownSeller.id, totalSeats: 30 });
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
    const soldSeats = async () => {
      const page = await ctx.app.inject({
        method: 'GET',
        url: '/api/seller/concerts?size=10',
        headers: { cookie: ownSeller.cookie },
      });
      return z.array(sellerConcertSchema).parse(page.json().data.content)[0]?.soldSeats;
    };
    expect(await soldSeats()).toBe(2);
    await cancelSeats(ctx.app, session, booking, [booking.tickets[0]?.ticketId ?? 0]);
    expect(await soldSeats()).toBe(1);
  });

  it('refuses to edit a completed show with 409 S006, as the disabled 수정 says', async () => {
    const refused = await asSeller('PUT', `/api/seller/concerts/${completed}`, {
      title: '다시 쓰기',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'S006',
      message: sellerConcertMessages.completedNotEditable,
    });
    const edited = await asSeller('PUT', `/api/seller/concerts/${onSale}`, { title: '바뀐 제목' });
    expect(edited.json().data).toMatchObject({ title: '바뀐 제목', soldSeats: 5 });
  });

  it('refuses AI 요약 for a completed show with 409 S006, as the disabled button says', async () => {
    const refused = await asSeller(
      'POST',
      `/api/seller/concerts/${completed}/ai-summary/regenerate`,
    );
    expect(refused.json()).toMatchObject({
      status: 409,
      code: 'S006',
      message: '이미 종료된 공연입니다',
    });
  });
});
