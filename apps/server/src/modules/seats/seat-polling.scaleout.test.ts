import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import {
  createSecondInstance,
  createTestContext,
  type TestContext,
} from '../../../test/helpers/test-app';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';

let ctx: TestContext;
let other: Awaited<ReturnType<typeof createSecondInstance>>;
let concertId: number;

beforeAll(async () => {
  ctx = await createTestContext({ env: { QUEUE_CAPACITY: '1' } });
  other = await createSecondInstance(ctx);
  const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  concertId = (await createConcert(ctx.database.db, { sellerId: seller.id, totalSeats: 10 })).id;
});
afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

async function admittedOn(app: App) {
  const user = await createLoggedInUser(app, ctx.database.db);
  const entry = await app.inject({
    method: 'POST',
    url: `/api/queue/enter?concertId=${concertId}`,
    headers: { cookie: user.cookie },
  });
  return { cookie: user.cookie, key: entry.json().data.accessKey as string };
}

describe('two instances', () => {
  it('a hold on instance A wakes a poll held on instance B', async () => {
    // Capacity 1: A's user enters, then releases the slot so B's user can enter too (both keep
    // valid keys until their TTL).
    const onA = await admittedOn(ctx.app);
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/access-keys?concertId=${concertId}`,
      headers: { cookie: onA.cookie },
    });
    const onB = await admittedOn(other.app);
    const headersA = { cookie: onA.cookie, 'x-access-key': onA.key };
    const headersB = { cookie: onB.cookie, 'x-access-key': onB.key };
    const seats = (
      await other.app.inject({
        method: 'GET',
        url: `/api/seats/concerts/${concertId}/status`,
        headers: headersB,
      })
    ).json().data;
    const waiting = other.app.inject({
      method: 'GET',
      url: `/api/seats/concerts/${concertId}/polling?replace=true&timeout=10000`,
      headers: headersB,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const held = await ctx.app.inject({
      method: 'POST',
      url: `/api/seats/concerts/${concertId}/seats/${seats[3].seatId}/reserve`,
      headers: headersA,
    });
    expect(held.statusCode).toBe(200);
    const answer = (await waiting).json();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answer.seatUpdates).toEqual([
      expect.objectContaining({
        seatId: seats[3].seatId,
        status: 'RESERVED',
        isReservedByCurrentUser: false,
      }),
    ]);

    // B's user has no poll held when A's user gives the seat back: B, still listening for the
    // concert, answers their next poll at once.
    const released = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seats/concerts/${concertId}/seats/${seats[3].seatId}/release`,
      headers: headersA,
    });
    expect(released.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300)); // over Redis, then the batch window
    const nextStarted = Date.now();
    const next = (
      await other.app.inject({
        method: 'GET',
        url: `/api/seats/concerts/${concertId}/polling?replace=true&timeout=10000`,
        headers: headersB,
      })
    ).json();
    expect(Date.now() - nextStarted).toBeLessThan(2_000);
    expect(next.seatUpdates).toEqual([
      expect.objectContaining({ seatId: seats[3].seatId, status: 'AVAILABLE' }),
    ]);
  });

  it('the admission tick on B admits a user who waits behind a user on A', async () => {
    const queued = (await createConcert(ctx.database.db, { sellerId: 1, totalSeats: 4 })).id;
    const enter = async (app: App) => {
      const user = await createLoggedInUser(app, ctx.database.db);
      const data = (
        await app.inject({
          method: 'POST',
          url: `/api/queue/enter?concertId=${queued}`,
          headers: { cookie: user.cookie },
        })
      ).json().data;
      return { cookie: user.cookie, data };
    };
    const first = await enter(ctx.app);
    const second = await enter(ctx.app);
    expect(first.data.status).toBe('IMMEDIATE_ENTRY');
    expect(second.data).toMatchObject({ status: 'WAITING', rank: 1 });
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/access-keys?concertId=${queued}`,
      headers: { cookie: first.cookie },
    });
    await other.app.scheduler.runNow('queue-admission');
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/queue/status?concertId=${queued}`,
      headers: { cookie: second.cookie },
    });
    expect(status.json().data).toMatchObject({ status: 'ADMITTED', accessKey: expect.any(String) });
  });
});
