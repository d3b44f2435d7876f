import { queueMessages, type Concert } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, toSeoulDate } from '../../lib/seoul-time';
import { createLoggedInUser } from '../../../test/helpers/factories';
import { admit, book, holdSeats } from '../../../test/helpers/paid-booking';
import { connectWaitQueue } from '../../../test/helpers/wait-queue-client';
import {
  createSecondInstance,
  createTestContext,
  type TestContext,
} from '../../../test/helpers/test-app';

/**
 * Two instances on one PostgreSQL and one Redis: a concert registered, edited and cancelled
 * through instance A is what instance B's public pages, waiting room and seat routes show; the
 * cancel ends a waiting room and access keys that B handed out (Redis), and B's buyers' holds.
 */
let ctx: TestContext;
let other: Awaited<ReturnType<typeof createSecondInstance>>;
let socketBaseB: string;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { QUEUE_CAPACITY: '1', QUEUE_RATE_PER_MINUTE: '100000', SEAT_RATE_PER_MINUTE: '100000' },
  });
  other = await createSecondInstance(ctx);
  socketBaseB = (await other.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
}, 120_000);
afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

describe('seller concerts across instances', () => {
  it("register and edit on A are seen on B; cancel on A ends B's waiting room, keys and holds", async () => {
    const a = ctx.app;
    const b = other.app;
    const seller = await createLoggedInUser(a, ctx.database.db, 'ROLE_SELLER');
    const today = toSeoulDate(ctx.clock.now());
    const title = `두 인스턴스 공연 ${Date.now()}`;
    const created = await a.inject({
      method: 'POST',
      url: `/api/seller/concerts?sellerId=${seller.id}`,
      headers: { cookie: seller.cookie, 'content-type': 'application/json' },
      payload: {
        title,
        artist: '분산 밴드',
        description: null,
        venueName: '분산홀',
        venueAddress: null,
        concertDate: addDays(today, 20),
        startTime: '19:00',
        endTime: '21:00',
        totalSeats: 30,
        bookingStartDate: `${addDays(today, -1)}T10:00`,
        bookingEndDate: `${addDays(today, 19)}T23:00`,
        minAge: 0,
        maxTicketsPerUser: 4,
        posterImageUrl: null,
        status: 'SCHEDULED',
      },
    });
    expect(created.statusCode).toBe(201);
    const concert = created.json().data as Concert;
    const search = await b.inject({
      method: 'GET',
      url: `/api/concerts/search?query=${encodeURIComponent(title)}`,
    });
    expect((search.json().data as Concert[]).map((c) => c.concertId)).toEqual([concert.concertId]);

    const renamed = `${title} (수정)`;
    const edited = await a.inject({
      method: 'PUT',
      url: `/api/seller/concerts/${concert.concertId}?sellerId=${seller.id}`,
      headers: { cookie: seller.cookie, 'content-type': 'application/json' },
      payload: { title: renamed },
    });
    expect(edited.statusCode).toBe(200);
    const detail = await b.inject({ method: 'GET', url: `/api/concerts/${concert.concertId}` });
    expect(detail.json().data.title).toBe(renamed);

    // Through B: a buyer with an unpaid booking of two seats holds the only slot (capacity 1),
    // so a second buyer waits in B's waiting room.
    const holderAccount = await createLoggedInUser(a, ctx.database.db);
    const holder = await admit(b, concert.concertId, holderAccount);
    const seatIds = await holdSeats(b, concert.concertId, holder, 2);
    const pending = await book(b, concert.concertId, holder, seatIds);
    const waiter = await createLoggedInUser(a, ctx.database.db);
    const enter = (app: typeof a, cookie: string) =>
      app.inject({
        method: 'POST',
        url: `/api/queue/enter?concertId=${concert.concertId}`,
        headers: { cookie },
      });
    expect((await enter(b, waiter.cookie)).json().data.status).toBe('WAITING');
    const socket = connectWaitQueue(socketBaseB, concert.concertId, { cookie: waiter.cookie });
    expect((await socket.next(1))[0]).toMatchObject({ type: 'RANK_UPDATE', rank: 1 });
    const seatPage = () =>
      b.inject({
        method: 'GET',
        url: `/api/seats/concerts/${concert.concertId}/status`,
        headers: { cookie: holder.cookie, 'x-access-key': holder.accessKey },
      });
    expect((await seatPage()).statusCode).toBe(200);

    const cancelled = await a.inject({
      method: 'DELETE',
      url: `/api/seller/concerts/${concert.concertId}?sellerId=${seller.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(cancelled.json()).toMatchObject({ success: true, data: { status: 'CANCELLED' } });

    // The waiting socket on B hears it (over Redis) and is closed.
    expect((await socket.next(2))[1]).toEqual({
      type: 'ERROR',
      message: queueMessages.closedByCancel,
    });
    expect((await socket.closed).code).toBe(1000);
    // B refuses the key it handed out (its own memory of live keys was told over Redis), the
    // waiter's place is gone, and nobody enters again on either instance.
    await expect.poll(async () => (await seatPage()).statusCode).toBe(403);
    const status = await b.inject({
      method: 'GET',
      url: `/api/queue/status?concertId=${concert.concertId}`,
      headers: { cookie: waiter.cookie },
    });
    expect(status.json().data.status).toBe('EXPIRED_OR_NOT_IN_QUEUE');
    for (const app of [a, b]) {
      expect((await enter(app, waiter.cookie)).json()).toMatchObject({ status: 409, code: 'B001' });
    }
    const booking = await b.inject({
      method: 'GET',
      url: `/api/mypage/bookingDetail/${pending.bookingNumber}`,
      headers: { cookie: holder.cookie },
    });
    expect(booking.json().data).toMatchObject({
      bookingStatus: 'CANCELED',
      paymentStatus: 'CANCELED',
    });
    const publicDetail = await b.inject({
      method: 'GET',
      url: `/api/concerts/${concert.concertId}`,
    });
    expect(publicDetail.json().data.status).toBe('CANCELLED');
  });
});
