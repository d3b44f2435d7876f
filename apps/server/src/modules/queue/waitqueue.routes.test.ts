import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { connectWaitQueue } from '../../../test/helpers/wait-queue-client';

let ctx: TestContext;
let seller: Awaited<ReturnType<typeof createLoggedInUser>>;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { QUEUE_CAPACITY: '1' } });
  seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  // A real loopback server and a real client, connected the way a browser connects.
  baseUrl = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
});
afterAll(async () => ctx?.close());

const connect = (concertId: string | number, cookie?: string, origin?: string) =>
  connectWaitQueue(baseUrl, concertId, { cookie, origin });

async function newQueue() {
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
  const firstKey = (await enter(first.cookie)).json().data.accessKey as string;
  expect((await enter(second.cookie)).json().data).toMatchObject({ status: 'WAITING', rank: 1 });
  return { concertId, first, second, firstKey };
}

describe('/ws/waitqueue', () => {
  it('refuses the upgrade without a session, without a concert id, or from a foreign origin', async () => {
    expect(await connect(1).refused).toBe(401);
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    expect(await connect('abc', user.cookie).refused).toBe(400);
    expect(await connect(1, user.cookie, 'https://evil.example').refused).toBe(403);
  });

  it('refuses the upgrade for an unknown concert with 404, before any socket is attached', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const client = connect(987_654, user.cookie);
    // Before, the upgrade went through and the socket was closed after an unhandled error.
    const outcome = await Promise.race([client.refused, client.closed.then(() => 'upgraded')]);
    expect(outcome).toBe(404);
    expect(client.frames).toEqual([]);
  });

  it('tells a waiting user the rank, then ADMIT with the key when the tick admits them', async () => {
    const { concertId, first, second } = await newQueue();
    const client = connect(concertId, second.cookie);
    expect((await client.next(1))[0]).toEqual({ type: 'RANK_UPDATE', rank: 1, etaSeconds: 300 });

    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/access-keys?concertId=${concertId}`,
      headers: { cookie: first.cookie },
    });
    await ctx.app.scheduler.runNow('queue-admission');
    const frames = await client.next(2);
    expect(frames[1]).toEqual({ type: 'ADMIT', accessKey: expect.any(String) });
    expect(await client.closed).toEqual({ code: 1000, reason: 'ADMITTED' });
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/queue/status?concertId=${concertId}`,
      headers: { cookie: second.cookie },
    });
    expect(status.json().data.accessKey).toBe(frames[1]?.accessKey);
  });

  it('marks every rank frame of one admission tick with that tick’s id', async () => {
    const { concertId, first } = await newQueue();
    const third = await createLoggedInUser(ctx.app, ctx.database.db);
    const fourth = await createLoggedInUser(ctx.app, ctx.database.db);
    for (const user of [third, fourth]) {
      await ctx.app.inject({
        method: 'POST',
        url: `/api/queue/enter?concertId=${concertId}`,
        headers: { cookie: user.cookie },
      });
    }
    const thirdSocket = connect(concertId, third.cookie);
    const fourthSocket = connect(concertId, fourth.cookie);
    // At connection: the rank, with no tick id (no tick moved it).
    expect((await thirdSocket.next(1))[0]).toMatchObject({ type: 'RANK_UPDATE', rank: 2 });
    expect((await thirdSocket.next(1))[0]).not.toHaveProperty('tick');
    await fourthSocket.next(1);

    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/access-keys?concertId=${concertId}`,
      headers: { cookie: first.cookie },
    });
    await ctx.app.scheduler.runNow('queue-admission');
    const [, thirdFrame] = await thirdSocket.next(2);
    const [, fourthFrame] = await fourthSocket.next(2);
    expect(thirdFrame).toMatchObject({ type: 'RANK_UPDATE', rank: 1, tick: expect.any(Number) });
    expect(fourthFrame).toMatchObject({ type: 'RANK_UPDATE', rank: 2 });
    expect(fourthFrame?.tick).toBe(thirdFrame?.tick);
    thirdSocket.socket.terminate();
    fourthSocket.socket.terminate();
  });

  it('sends REDIRECT_TO_RESERVE and closes when the user is already admitted', async () => {
    const { concertId, first, firstKey } = await newQueue();
    const client = connect(concertId, first.cookie);
    expect((await client.next(1))[0]).toEqual({ type: 'REDIRECT_TO_RESERVE', accessKey: firstKey });
    expect((await client.closed).code).toBe(1000);
  });

  it('keeps one socket per user and concert: a new one replaces the old', async () => {
    const { concertId, second } = await newQueue();
    const old = connect(concertId, second.cookie);
    await old.next(1);
    const fresh = connect(concertId, second.cookie);
    expect((await old.closed).reason).toBe('REPLACED');
    expect((await fresh.next(1))[0]).toMatchObject({
      type: 'RANK_UPDATE',
      rank: 1,
      etaSeconds: 300,
    });
    fresh.socket.terminate();
  });
});
