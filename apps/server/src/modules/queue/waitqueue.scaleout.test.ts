import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSecondInstance,
  createTestContext,
  type TestContext,
} from '../../../test/helpers/test-app';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { connectWaitQueue } from '../../../test/helpers/wait-queue-client';

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
