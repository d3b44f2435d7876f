import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { requestOverSocket } from '../../../test/helpers/http-over-socket';

let ctx: TestContext;
let concertId: number;
type Buyer = Awaited<ReturnType<typeof createLoggedInUser>> & { key: string };
let alice: Buyer;
let bob: Buyer;
let seatIds: number[];

async function admitted(): Promise<Buyer> {
  const user = await createLoggedInUser(ctx.app, ctx.database.db);
  const entry = await ctx.app.inject({
    method: 'POST',
    url: `/api/queue/enter?concertId=${concertId}`,
    headers: { cookie: user.cookie },
  });
  return { ...user, key: entry.json().data.accessKey };
}
function as(user: Buyer, method: 'GET' | 'POST' | 'DELETE', path: string) {
  return ctx.app.inject({
    method,
    url: `/api/seats/concerts/${concertId}${path}`,
    headers: { cookie: user.cookie, 'x-access-key': user.key },
  });
}
const poll = (user: Buyer, query = 'replace=true&timeout=5000') =>
  as(user, 'GET', `/polling?${query}`);
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
/**
 * A poll answered at once with what the user missed since their last answer (changes made by
 * earlier tests while they held no poll), so that the test's own poll waits.
 */
async function caughtUp(user: Buyer) {
  const answer = (await poll(user, 'replace=true&timeout=50')).json();
  expect(answer.status).toBe('update');
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { POLL_MIN_TIMEOUT_MS: '50' } });
  const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  concertId = (await createConcert(ctx.database.db, { sellerId: seller.id, totalSeats: 20 })).id;
  alice = await admitted();
  bob = await admitted();
  seatIds = (await as(alice, 'GET', '/status'))
    .json()
    .data.map((s: { seatId: number }) => s.seatId);
});
afterAll(async () => ctx?.close());

describe('seat long polling', () => {
  it('holds the request until another user holds a seat, then answers it as seen by the poller', async () => {
    const waiting = poll(alice);
    await settle();
    expect((await as(bob, 'POST', `/seats/${seatIds[0]}/reserve`)).statusCode).toBe(200);
    const answer = await waiting;
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).not.toHaveProperty('success');
    expect(body).toMatchObject({
      status: 'update',
      hasUpdate: true,
      updateTime: expect.stringMatching(/T\d{2}:\d{2}:\d{2}$/),
    });
    expect(body.seatUpdates).toEqual([
      expect.objectContaining({
        seatId: seatIds[0],
        status: 'RESERVED',
        isReservedByCurrentUser: false,
        remainingSeconds: 300,
      }),
    ]);
  });

  it("marks the poller's own hold, and batches changes made close together", async () => {
    // Bob, never answered here, is sent the recent change of the test above first.
    await caughtUp(bob);
    const waiting = poll(bob);
    await settle();
    await as(bob, 'POST', `/seats/${seatIds[1]}/reserve`);
    await as(alice, 'POST', `/seats/${seatIds[2]}/reserve`);
    const updates = (await waiting).json().seatUpdates;
    expect(updates).toHaveLength(2);
    expect(updates.find((u: { seatId: number }) => u.seatId === seatIds[1])).toMatchObject({
      isReservedByCurrentUser: true,
    });
    expect(updates.find((u: { seatId: number }) => u.seatId === seatIds[2])).toMatchObject({
      isReservedByCurrentUser: false,
    });
  });

  it("answers 'timeout-ok' when nothing changes", async () => {
    await caughtUp(alice);
    const answer = await poll(alice, 'replace=true&timeout=80');
    expect(answer.json()).toMatchObject({
      status: 'timeout-ok',
      hasUpdate: false,
      seatUpdates: [],
    });
  });

  it('replace=true ends the earlier poll with the timeout body; without it, 409 Q005', async () => {
    const first = poll(alice);
    await settle();
    const conflict = await poll(alice, 'timeout=5000');
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ success: false, code: 'Q005' });
    const second = poll(alice);
    expect((await first).json().status).toBe('timeout-ok');
    await as(bob, 'DELETE', `/seats/${seatIds[1]}/release`);
    expect((await second).json().seatUpdates[0]).toMatchObject({
      seatId: seatIds[1],
      status: 'AVAILABLE',
    });
  });

  it('answers at once with seats changed after lastUpdateTime', async () => {
    const answer = await poll(alice, 'lastUpdateTime=2000-01-01T00:00:00&timeout=5000');
    expect(answer.json().status).toBe('update');
    expect(answer.json().seatUpdates.length).toBeGreaterThanOrEqual(3);
  });

  it('an updateTime sent back as lastUpdateTime still finds a write stamped before the answer but committed after it', async () => {
    const first = await poll(alice, 'lastUpdateTime=2000-01-01T00:00:00&timeout=5000');
    const cursor: string = first.json().updateTime;
    // A sweep or hold stamps updated_at before it commits: this seat's change carries a time
    // from just before the answer above, but became visible only now.
    const lateSeat = seatIds[9] ?? 0;
    await ctx.database.db.execute(
      sql`update concert_seats set updated_at = ${new Date(ctx.clock.now().getTime() - 400)}
          where id = ${lateSeat}`,
    );
    const next = await poll(alice, `lastUpdateTime=${cursor}&timeout=5000`);
    expect(next.json().status).toBe('update');
    expect(next.json().seatUpdates.map((s: { seatId: number }) => s.seatId)).toContain(lateSeat);
  });

  it('a change made between two polls answers the next poll at once, without lastUpdateTime', async () => {
    const waiting = poll(alice);
    await settle();
    expect((await as(bob, 'POST', `/seats/${seatIds[6]}/reserve`)).statusCode).toBe(200);
    expect((await waiting).json().seatUpdates).toEqual([
      expect.objectContaining({ seatId: seatIds[6], status: 'RESERVED' }),
    ]);
    // Alice re-reads the status and has no poll held when Bob gives the seat back.
    expect((await as(bob, 'DELETE', `/seats/${seatIds[6]}/release`)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 150)); // the batch window
    const started = performance.now();
    const next = await poll(alice, 'replace=true&timeout=5000');
    // Before, this poll waited for its whole timeout (seen: 26.6 s in a rush).
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(next.json()).toMatchObject({ status: 'update', hasUpdate: true });
    expect(next.json().seatUpdates).toEqual([
      expect.objectContaining({ seatId: seatIds[6], status: 'AVAILABLE' }),
    ]);
    // Nothing changed since that answer: the next poll waits (and times out).
    expect((await poll(alice, 'replace=true&timeout=80')).json().status).toBe('timeout-ok');
  });

  it('an expired hold, freed by the sweeper, wakes the waiting polls', async () => {
    await as(bob, 'POST', `/seats/${seatIds[5]}/reserve`);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/access-keys/extend?concertId=${concertId}`,
      headers: { cookie: alice.cookie },
    });
    const waiting = poll(alice);
    await settle();
    ctx.clock.advance(300_000);
    await ctx.app.scheduler.runNow('hold-sweeper');
    const updates = (await waiting).json().seatUpdates;
    expect(updates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ seatId: seatIds[5], status: 'AVAILABLE' }),
      ]),
    );
  });

  it('needs the access key like every seat route', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/seats/concerts/${concertId}/polling?replace=true`,
      headers: { cookie: alice.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('Q002');
  });

  it('answers on real keep-alive connections (written straight to the socket), which then serve the next poll', async () => {
    // Keys of their own: the expiry test above moved the clock past the others'.
    const carol = await admitted();
    const dave = await admitted();
    const baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const agents = new Map(
      [carol, dave].map((user) => [user, new http.Agent({ keepAlive: true, maxSockets: 1 })]),
    );
    const pollOver = (user: Buyer, query: string) =>
      requestOverSocket(`${baseUrl}/api/seats/concerts/${concertId}/polling?${query}`, {
        agent: agents.get(user),
        headers: { cookie: user.cookie, 'x-access-key': user.key },
      });
    try {
      await caughtUp(carol);
      await caughtUp(dave);
      const carolWaits = pollOver(carol, 'replace=true&timeout=5000');
      const daveWaits = pollOver(dave, 'replace=true&timeout=5000');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await as(dave, 'POST', `/seats/${seatIds[12]}/reserve`)).statusCode).toBe(200);
      const [seenByCarol, seenByDave] = await Promise.all([carolWaits, daveWaits]);
      for (const answer of [seenByCarol, seenByDave]) {
        expect(answer.status).toBe(200);
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(answer.body)));
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        expect(answer.headers.connection).toBe('keep-alive');
      }
      expect(JSON.parse(seenByCarol.body).seatUpdates).toEqual([
        expect.objectContaining({
          seatId: seatIds[12],
          status: 'RESERVED',
          isReservedByCurrentUser: false,
        }),
      ]);
      expect(JSON.parse(seenByDave.body).seatUpdates).toEqual([
        expect.objectContaining({
          seatId: seatIds[12],
          status: 'RESERVED',
          isReservedByCurrentUser: true,
        }),
      ]);

      // The same connection: a replaced poll and a timeout, both answered the same way.
      const replaced = pollOver(carol, 'replace=true&timeout=5000');
      await new Promise((resolve) => setTimeout(resolve, 100));
      const timedOut = await ctx.app.inject({
        method: 'GET',
        url: `/api/seats/concerts/${concertId}/polling?replace=true&timeout=80`,
        headers: { cookie: carol.cookie, 'x-access-key': carol.key },
      });
      expect(timedOut.json().status).toBe('timeout-ok');
      const first = await replaced;
      expect(first.reusedSocket).toBe(true);
      expect(JSON.parse(first.body)).toMatchObject({ status: 'timeout-ok', hasUpdate: false });
      const idle = await pollOver(carol, 'replace=true&timeout=80');
      expect(idle.reusedSocket).toBe(true);
      expect(JSON.parse(idle.body)).toMatchObject({ status: 'timeout-ok', seatUpdates: [] });
    } finally {
      for (const agent of agents.values()) agent.destroy();
    }
  });
});
