import { onSaleConcertSchema, onSaleSnapshotSchema } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { addDays, fromSeoulDateTime, toSeoulDate } from '../../lib/seoul-time';
import {
  admit,
  book,
  bookingRowsOf,
  cancelSeats,
  holdSeats,
  payInSandbox,
} from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

let ctx: TestContext;
let sellerId: number;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  sellerId = (await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER')).id;
  adminCookie = (await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_ADMIN')).cookie;
});
afterAll(async () => ctx?.close());

const asAdmin = (url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });

describe('GET /api/admin/on-sale/concerts', () => {
  it('lists concerts on sale first, narrows by title or artist, and takes % literally', async () => {
    const scheduled = await createConcert(ctx.database.db, {
      sellerId,
      title: '가을 밤 예정 공연',
      status: 'SCHEDULED',
      bookingStartAt: new Date(Date.now() + 86_400_000),
    });
    const onSale = await createConcert(ctx.database.db, {
      sellerId,
      title: '가을 밤 판매 공연',
      artist: '실시간밴드',
    });
    const cancelled = await createConcert(ctx.database.db, {
      sellerId,
      title: '가을 밤 취소 공연',
      status: 'CANCELLED',
    });
    const response = await asAdmin(
      `/api/admin/on-sale/concerts?keyword=${encodeURIComponent('가을 밤')}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const listed = z.array(onSaleConcertSchema).parse(response.json().data);
    expect(listed.map((c) => c.concertId)).toEqual([onSale.id, scheduled.id]);
    expect(listed.map((c) => c.concertId)).not.toContain(cancelled.id);

    const byArtist = await asAdmin(
      `/api/admin/on-sale/concerts?keyword=${encodeURIComponent('실시간밴드')}`,
    );
    expect(byArtist.json().data.map((c: { concertId: number }) => c.concertId)).toEqual([
      onSale.id,
    ]);
    const wildcard = await asAdmin('/api/admin/on-sale/concerts?keyword=%25');
    expect(wildcard.json().data).toEqual([]);
  });

  it('refuses a keyword over 100 characters with 400 and a Korean message', async () => {
    const response = await asAdmin(`/api/admin/on-sale/concerts?keyword=${'가'.repeat(101)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'C001',
      message: '검색어는 100자 이하로 입력해주세요.',
    });
  });
});

describe('GET /api/admin/on-sale/concerts/{concertId}', () => {
  it('shows the waiting room, holds and seats of one concert, at most 2 s old', async () => {
    const concert = await createConcert(ctx.database.db, { sellerId, totalSeats: 30 });
    const url = `/api/admin/on-sale/concerts/${concert.id}`;
    const empty = onSaleSnapshotSchema.parse((await asAdmin(url)).json().data);
    expect(empty).toMatchObject({
      queueLength: 0,
      admitted: 0,
      seatsHeld: 0,
      seatsSold: 0,
      seatsAvailable: 30,
      revenue: 0,
    });

    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    await holdSeats(ctx.app, concert.id, await admit(ctx.app, concert.id, buyer), 2);
    // Within the cache window the same snapshot answers; after it, the new figures.
    expect((await asAdmin(url)).json().data).toEqual(empty);
    ctx.clock.advance(2_001);
    expect((await asAdmin(url)).json().data).toMatchObject({
      admitted: 1,
      seatsHeld: 2,
      seatsAvailable: 28,
    });
  });

  it('after per-seat cancels: a cancelled seat is no longer sold, revenue keeps what the cancels kept', async () => {
    // Five days before the show a cancel keeps 20 % of the ticket.
    const today = toSeoulDate(ctx.clock.now());
    const concert = await createConcert(ctx.database.db, {
      sellerId,
      totalSeats: 30,
      concertDate: addDays(today, 5),
      bookingEndAt: fromSeoulDateTime(`${addDays(today, 4)}T12:00:00`),
    });
    const url = `/api/admin/on-sale/concerts/${concert.id}`;
    const read = async () => {
      ctx.clock.advance(2_001);
      const snapshot = onSaleSnapshotSchema.parse((await asAdmin(url)).json().data);
      return {
        sold: snapshot.seatsSold,
        available: snapshot.seatsAvailable,
        revenue: snapshot.revenue,
      };
    };
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    const session = await admit(ctx.app, concert.id, buyer);
    const created = await book(
      ctx.app,
      concert.id,
      session,
      await holdSeats(ctx.app, concert.id, session, 2),
    );
    await payInSandbox(ctx.app, session, created);
    const booking = {
      bookingNumber: created.bookingNumber,
      ...(await bookingRowsOf(ctx.database.db, created.bookingNumber)),
    };
    const [first = 0, second = 0] = booking.tickets.map((t) => t.ticketId);
    expect(await read()).toEqual({ sold: 2, available: 28, revenue: created.amount });

    const firstRefund = await cancelSeats(ctx.app, session, booking, [first]);
    expect(await read()).toEqual({
      sold: 1,
      available: 29,
      revenue: created.amount - firstRefund,
    });
    const secondRefund = await cancelSeats(ctx.app, session, booking, [second]);
    const kept = created.amount - firstRefund - secondRefund;
    expect(kept).toBeGreaterThan(0);
    expect(await read()).toEqual({ sold: 0, available: 30, revenue: kept });
  });

  it('answers 404 T003 for an unknown concert and 400 for a malformed id', async () => {
    const unknown = await asAdmin('/api/admin/on-sale/concerts/2147483000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'T003' });
    const malformed = await asAdmin('/api/admin/on-sale/concerts/abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, status: 400 });
  });
});
