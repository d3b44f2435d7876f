import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSecondInstance,
  createTestContext,
  type TestContext,
} from '../../../test/helpers/test-app';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { admit, book, holdSeats, payInSandbox } from '../../../test/helpers/paid-booking';
import { connectWaitQueue } from '../../../test/helpers/wait-queue-client';
import { shows } from '../../db/schema/index';

let ctx: TestContext;
let other: Awaited<ReturnType<typeof createSecondInstance>>;
let baseUrlA: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { QUEUE_CAPACITY: '1' } });
  other = await createSecondInstance(ctx);
  baseUrlA = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
});
afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

describe('two instances', () => {
  it('the admission tick on instance B delivers ADMIT to a socket connected to instance A', async () => {
    const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
    const concertId = (await createConcert(ctx.database.db, { sellerId: seller.id, totalSeats: 5 }))
      .id;
    const first = await createLoggedInUser(ctx.app, ctx.database.db);
    const second = await createLoggedInUser(ctx.app, ctx.database.db);
    const enter = (cookie: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/queue/enter?concertId=${concertId}`,
        headers: { cookie },
      });
    await enter(first.cookie);
    expect((await enter(second.cookie)).json().data.status).toBe('WAITING');

    const client = connectWaitQueue(baseUrlA, concertId, { cookie: second.cookie });
    const frames = await client.next(1);
    expect(frames[0]).toEqual({ type: 'RANK_UPDATE', rank: 1, etaSeconds: 300 });

    // The slot frees through instance A; the tick runs on instance B.
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/access-keys?concertId=${concertId}`,
      headers: { cookie: first.cookie },
    });
    await other.app.scheduler.runNow('queue-admission');
    await client.next(2);
    expect(frames[1]).toEqual({ type: 'ADMIT', accessKey: expect.any(String) });
    expect((await client.closed).code).toBe(1000);
  });
});

describe('two instances: a sold-out performance (issue 26)', () => {
  it('a sell-out paid on B reaches a socket on A, the fan switches through B keeping the entry time, and A’s sockets hear the new ranks', async () => {
    const db = ctx.database.db;
    const seller = await createLoggedInUser(ctx.app, db, 'ROLE_SELLER');
    const [show] = await db
      .insert(shows)
      .values({ sellerId: seller.id })
      .returning({ id: shows.id });
    const showId = show?.id ?? 0;
    const performance = (days: number, totalSeats: number) =>
      createConcert(db, {
        sellerId: seller.id,
        showId,
        totalSeats,
        concertDate: new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10),
      });
    const soldOut = (await performance(10, 2)).id;
    const onSale = (await performance(11, 5)).id;
    const enter = async (app: typeof ctx.app, cookie: string, concertId: number) => {
      ctx.clock.advance(1_000);
      const response = await app.inject({
        method: 'POST',
        url: `/api/queue/enter?concertId=${concertId}`,
        headers: { cookie },
      });
      return response.json().data as { status: string; rank?: number };
    };
    // Each performance's only slot is taken; then the fans queue, a second apart.
    const buyer = await createLoggedInUser(ctx.app, db);
    const session = await admit(other.app, soldOut, buyer);
    await admit(ctx.app, onSale, await createLoggedInUser(ctx.app, db));
    const early = await createLoggedInUser(ctx.app, db);
    const between = await createLoggedInUser(ctx.app, db);
    expect(await enter(ctx.app, early.cookie, soldOut)).toMatchObject({ rank: 1 });
    expect(await enter(other.app, between.cookie, onSale)).toMatchObject({ rank: 1 });

    const earlySocket = connectWaitQueue(baseUrlA, soldOut, { cookie: early.cookie });
    const betweenSocket = connectWaitQueue(baseUrlA, onSale, { cookie: between.cookie });
    await earlySocket.next(1);
    expect((await betweenSocket.next(1))[0]).toMatchObject({ type: 'RANK_UPDATE', rank: 1 });

    // The last seats are paid through instance B.
    const seatIds = await holdSeats(other.app, soldOut, session, 2);
    await payInSandbox(other.app, session, await book(other.app, soldOut, session, seatIds));
    expect((await earlySocket.next(2))[1]).toMatchObject({
      type: 'PERFORMANCE_STATUS',
      soldOut: true,
      alternatives: [{ concertId: onSale, remainingSeats: 5, waiting: 1 }],
    });

    const moved = await other.app.inject({
      method: 'POST',
      url: `/api/queue/switch?concertId=${soldOut}`,
      headers: { cookie: early.cookie, 'content-type': 'application/json' },
      payload: { toConcertId: onSale },
    });
    expect(moved.json().data).toMatchObject({ concertId: onSale, status: 'WAITING', rank: 1 });
    const betweenStatus = await ctx.app.inject({
      method: 'GET',
      url: `/api/queue/status?concertId=${onSale}`,
      headers: { cookie: between.cookie },
    });
    expect(betweenStatus.json().data).toMatchObject({ status: 'WAITING', rank: 2 });
    // No admission yet the rank moved: B's tick tells the socket on A.
    await other.app.scheduler.runNow('queue-admission');
    expect((await betweenSocket.next(2))[1]).toMatchObject({ type: 'RANK_UPDATE', rank: 2 });
    earlySocket.socket.terminate();
    betweenSocket.socket.terminate();
  });
});
