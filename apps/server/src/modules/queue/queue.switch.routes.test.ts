import { queueMessages } from '@curtaincall/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { admit, book, holdSeats, payInSandbox } from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { connectWaitQueue } from '../../../test/helpers/wait-queue-client';
import { concertSeats, shows } from '../../db/schema/index';
import type { ConcertDraft } from '../concerts/concerts.service';

/**
 * Issue 26, point 3: a sold-out performance never strands its queue. The waiting room says so
 * at once with the show's other performances on sale, and a fan of the sold-out one (only such
 * a fan) moves to another keeping their entry time. Both runtimes.
 */
type Account = Awaited<ReturnType<typeof createLoggedInUser>>;
let ctx: TestContext;
let sellerId: number;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { QUEUE_CAPACITY: '1', QUEUE_RATE_PER_MINUTE: '10000', SEAT_RATE_PER_MINUTE: '10000' },
  });
  sellerId = (await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER')).id;
  baseUrl = (await ctx.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
});
afterAll(async () => ctx?.close());

const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A show of one performance per entry, on consecutive days at 18:00; returns their ids. */
async function showOf(performances: Array<Partial<ConcertDraft>>): Promise<number[]> {
  const db = ctx.database.db;
  const [show] = await db.insert(shows).values({ sellerId }).returning({ id: shows.id });
  const showId = show?.id ?? 0;
  const ids: number[] = [];
  for (const [i, overrides] of performances.entries()) {
    const draft = { concertDate: dayFromNow(10 + i), startTime: '18:00:00', ...overrides };
    ids.push((await createConcert(db, { sellerId, showId, totalSeats: 5, ...draft })).id);
  }
  return ids;
}

const user = () => createLoggedInUser(ctx.app, ctx.database.db);

async function enter(account: Account, concertId: number) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/queue/enter?concertId=${concertId}`,
    headers: { cookie: account.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { status: string; rank?: number };
}

async function statusOf(account: Account, concertId: number) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/queue/status?concertId=${concertId}`,
    headers: { cookie: account.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as Record<string, unknown>;
}

function switchQueue(account: Account, concertId: number | string, payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/queue/switch?concertId=${concertId}`,
    headers: { cookie: account.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });
}

/**
 * The buyer enters (taking the only slot: everyone after waits) and later buys every seat of
 * the performance through the front door; `sellOut()` does the buying.
 */
async function slotHolder(concertId: number, seats = 2) {
  const buyer = await user();
  const session = await admit(ctx.app, concertId, buyer);
  return {
    async sellOut() {
      const seatIds = await holdSeats(ctx.app, concertId, session, seats);
      await payInSandbox(ctx.app, session, await book(ctx.app, concertId, session, seatIds));
    },
  };
}

/** A fan entering a second after the previous entry on the clock, and left waiting. */
async function fanEnters(concertId: number): Promise<Account> {
  const fan = await user();
  ctx.clock.advance(1_000);
  expect((await enter(fan, concertId)).status).toBe('WAITING');
  return fan;
}

describe('the waiting room of a sold-out performance', () => {
  it('says so while waiting, with the show’s other performances on sale, their seats and queues', async () => {
    const [soldOut = 0, onSale = 0, scheduled = 0, cancelled = 0] = await showOf([
      { totalSeats: 2 },
      { totalSeats: 5 },
      { status: 'SCHEDULED', bookingStartAt: new Date(Date.now() + 86_400_000) },
      { status: 'CANCELLED' },
    ]);
    const holder = await slotHolder(soldOut);
    const fan = await fanEnters(soldOut);
    await slotHolder(onSale);
    await fanEnters(onSale);
    await fanEnters(onSale);

    // On sale still: the spec's answer, nothing more.
    expect(await statusOf(fan, soldOut)).toEqual({
      status: 'WAITING',
      rank: 1,
      etaSeconds: expect.any(Number),
    });
    await holder.sellOut();
    const status = await statusOf(fan, soldOut);
    expect(status).toEqual({
      status: 'WAITING',
      rank: 1,
      etaSeconds: expect.any(Number),
      soldOut: true,
      alternatives: [
        {
          concertId: onSale,
          concertDate: dayFromNow(11),
          startTime: '18:00:00',
          remainingSeats: 5,
          waiting: 2,
        },
      ],
    });
    expect(JSON.stringify(status)).not.toContain(`"concertId":${scheduled}`);
    expect(JSON.stringify(status)).not.toContain(`"concertId":${cancelled}`);
  });

  it('leaves a plain concert’s answer as the spec’s, sold out or not', async () => {
    const [only = 0] = await showOf([{ totalSeats: 2 }]);
    const holder = await slotHolder(only);
    const fan = await fanEnters(only);
    await holder.sellOut();
    expect(await statusOf(fan, only)).toEqual({
      status: 'WAITING',
      rank: 1,
      etaSeconds: expect.any(Number),
    });
  });

  it('pushes the sell-out to waiting sockets the moment the last seat is paid', async () => {
    const [soldOut = 0, onSale = 0] = await showOf([{ totalSeats: 2 }, { totalSeats: 3 }]);
    const holder = await slotHolder(soldOut);
    const fan = await fanEnters(soldOut);
    const client = connectWaitQueue(baseUrl, soldOut, { cookie: fan.cookie });
    expect((await client.next(1))[0]).toMatchObject({ type: 'RANK_UPDATE', rank: 1 });

    await holder.sellOut();
    const frames = await client.next(2);
    expect(frames[1]).toEqual({
      type: 'PERFORMANCE_STATUS',
      soldOut: true,
      alternatives: [
        {
          concertId: onSale,
          concertDate: dayFromNow(11),
          startTime: '18:00:00',
          remainingSeats: 3,
          waiting: 0,
        },
      ],
    });
    // A socket opened afterwards hears it right after its rank.
    const late = connectWaitQueue(baseUrl, soldOut, { cookie: fan.cookie });
    const lateFrames = await late.next(2);
    expect(lateFrames[0]).toMatchObject({ type: 'RANK_UPDATE', rank: 1 });
    expect(lateFrames[1]).toEqual(frames[1]);
    late.socket.terminate();
    client.socket.terminate();
  });

  it('finds a sell-out no seat change announced within seconds, and takes it back when seats return', async () => {
    const [soldOut = 0, onSale = 0] = await showOf([{ totalSeats: 2 }, { totalSeats: 3 }]);
    await slotHolder(soldOut);
    const fan = await fanEnters(soldOut);
    const client = connectWaitQueue(baseUrl, soldOut, { cookie: fan.cookie });
    await client.next(1);
    // Seats gone without a bus message (as a seller's stop or another process's write).
    const setSeats = (status: string) =>
      ctx.database.db
        .update(concertSeats)
        .set({ status })
        .where(eq(concertSeats.concertId, soldOut));
    await setSeats('BOOKED');
    ctx.clock.advance(5_000);
    expect((await client.next(2))[1]).toMatchObject({
      type: 'PERFORMANCE_STATUS',
      soldOut: true,
      alternatives: [{ concertId: onSale, remainingSeats: 3 }],
    });
    await setSeats('AVAILABLE');
    ctx.clock.advance(5_000);
    expect((await client.next(3))[2]).toEqual({
      type: 'PERFORMANCE_STATUS',
      soldOut: false,
      alternatives: [],
    });
    client.socket.terminate();
  });
});

describe('POST /api/queue/switch', () => {
  it('moves a fan only after their performance sold out, by their original entry time', async () => {
    const [soldOut = 0, onSale = 0] = await showOf([{ totalSeats: 2 }, { totalSeats: 5 }]);
    const holder = await slotHolder(soldOut);
    await slotHolder(onSale);
    // Entry times, a second apart: early (sold-out queue), between (target), late (sold-out).
    const early = await fanEnters(soldOut);
    const between = await fanEnters(onSale);
    const late = await fanEnters(soldOut);

    // Before the sell-out: refused, and nothing moved.
    const tooSoon = await switchQueue(early, soldOut, { toConcertId: onSale });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toMatchObject({ code: 'S006', message: queueMessages.switchNotSoldOut });
    expect(await statusOf(early, soldOut)).toMatchObject({ status: 'WAITING', rank: 1 });

    await holder.sellOut();
    const moved = await switchQueue(early, soldOut, { toConcertId: onSale });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({
      success: true,
      data: {
        concertId: onSale,
        status: 'WAITING',
        rank: 1,
        etaSeconds: expect.any(Number),
        message: queueMessages.switched(1),
      },
    });
    // Ahead of the fan who queued for the target after them; the late one lands behind.
    expect(await statusOf(between, onSale)).toMatchObject({ status: 'WAITING', rank: 2 });
    const lateMove = await switchQueue(late, soldOut, { toConcertId: onSale });
    expect(lateMove.json().data).toMatchObject({ status: 'WAITING', rank: 3 });
    // The old places are gone; the new ones answer as any waiting place does.
    expect(await statusOf(early, soldOut)).toMatchObject({ status: 'EXPIRED_OR_NOT_IN_QUEUE' });
    expect(await statusOf(early, onSale)).toEqual({
      status: 'WAITING',
      rank: 1,
      etaSeconds: expect.any(Number),
    });
    // Moving again from the sold-out queue: no longer waiting there.
    const again = await switchQueue(early, soldOut, { toConcertId: onSale });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'C002', message: queueMessages.notInQueue });
  });

  it('refuses other shows, the same performance, sold-out or closed targets and strangers to the queue', async () => {
    const [soldOut = 0, alsoSoldOut = 0, notYet = 0, onSale = 0] = await showOf([
      { totalSeats: 2 },
      { totalSeats: 2 },
      { status: 'SCHEDULED', bookingStartAt: new Date(Date.now() + 86_400_000) },
      { totalSeats: 5 },
    ]);
    const [otherShow = 0] = await showOf([{ totalSeats: 5 }]);
    const holder = await slotHolder(soldOut);
    const otherHolder = await slotHolder(alsoSoldOut);
    const fan = await fanEnters(soldOut);
    await holder.sellOut();
    await otherHolder.sellOut();
    const stranger = await user();

    const refusals: Array<[Account, number | string, unknown, number, string]> = [
      [fan, soldOut, { toConcertId: otherShow }, 400, 'C001'],
      [fan, soldOut, { toConcertId: soldOut }, 400, 'C001'],
      [fan, soldOut, { toConcertId: alsoSoldOut }, 409, 'B001'],
      [fan, soldOut, { toConcertId: notYet }, 409, 'B001'],
      [fan, soldOut, { toConcertId: 987_654 }, 404, 'T003'],
      [fan, 987_654, { toConcertId: onSale }, 404, 'T003'],
      [stranger, soldOut, { toConcertId: onSale }, 404, 'C002'],
      [fan, soldOut, {}, 400, 'C001'],
      [fan, soldOut, { toConcertId: 'abc' }, 400, 'C001'],
      [fan, soldOut, { toConcertId: -1 }, 400, 'C001'],
      [fan, soldOut, [onSale], 400, 'C001'],
      [fan, 'abc', { toConcertId: onSale }, 400, 'C001'],
    ];
    for (const [account, from, payload, status, code] of refusals) {
      const response = await switchQueue(account, from, payload);
      expect({ payload, from, status: response.statusCode }).toEqual({ payload, from, status });
      expect(response.json()).toMatchObject({ success: false, code });
    }
    const wrongShow = await switchQueue(fan, soldOut, { toConcertId: otherShow });
    expect(wrongShow.json().errors).toEqual([
      { field: 'toConcertId', message: queueMessages.switchOtherShow },
    ]);
    const targetSoldOut = await switchQueue(fan, soldOut, { toConcertId: alsoSoldOut });
    expect(targetSoldOut.json().message).toBe(queueMessages.switchTargetSoldOut);
    const closed = await switchQueue(fan, soldOut, { toConcertId: notYet });
    expect(closed.json().message).toBe(queueMessages.switchTargetNotOnSale);
    // Every refusal left the fan's place where it was.
    expect(await statusOf(fan, soldOut)).toMatchObject({ status: 'WAITING', rank: 1 });
    expect((await switchQueue(fan, soldOut, { toConcertId: onSale })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/queue/switch?concertId=1',
      headers: { 'content-type': 'application/json' },
      payload: { toConcertId: 2 },
    });
    expect(response.statusCode).toBe(401);
  });
});
