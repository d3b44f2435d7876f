import { gunzipSync } from 'node:zlib';
import { seatSummarySchema, type SeatEntry } from '@curtaincall/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concerts, concertSeats } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { compressMinBytes } from '../../http/compression';

/** Holds last 60 s here, so a test can let one expire while the access keys (120 s) stay live. */
const holdSeconds = 60;

let ctx: TestContext;
let sellerId: number;
type Buyer = Awaited<ReturnType<typeof createLoggedInUser>> & { key: string };

async function newConcert(totalSeats: number): Promise<number> {
  return (await createConcert(ctx.database.db, { sellerId, totalSeats })).id;
}

/** A fresh logged-in user admitted to the concert's seat page (the queue hands out the key). */
async function admitted(concertId: number): Promise<Buyer> {
  const user = await createLoggedInUser(ctx.app, ctx.database.db);
  const entry = await ctx.app.inject({
    method: 'POST',
    url: `/api/queue/enter?concertId=${concertId}`,
    headers: { cookie: user.cookie },
  });
  const key: unknown = entry.json().data?.accessKey;
  if (typeof key !== 'string') throw new Error(`not admitted: ${entry.body}`);
  return { ...user, key };
}

function seatCall(
  concertId: number | string,
  user: Buyer | null,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method,
    url: `/api/seats/concerts/${concertId}${path}`,
    headers: {
      ...(user ? { cookie: user.cookie, 'x-access-key': user.key } : {}),
      ...headers,
    },
  });
}

async function summaryOf(concertId: number, user: Buyer) {
  const response = await seatCall(concertId, user, 'GET', '/summary');
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.success).toBe(true);
  return seatSummarySchema.parse(body.data);
}

async function statusOf(concertId: number, user: Buyer): Promise<SeatEntry[]> {
  return (await seatCall(concertId, user, 'GET', '/status')).json().data;
}

async function hold(concertId: number, user: Buyer, seatId: number) {
  const response = await seatCall(concertId, user, 'POST', `/seats/${seatId}/reserve`);
  expect(response.statusCode).toBe(200);
}

const sectionOf = (entry: SeatEntry) => entry.seatInfo.split('-')[0];

beforeAll(async () => {
  ctx = await createTestContext({ env: { HOLD_SECONDS: String(holdSeconds) } });
  sellerId = (await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER')).id;
});
afterAll(async () => ctx?.close());

describe('GET /seats/concerts/{id}/summary', () => {
  it('counts free seats per section in seat-map order right after holds by two users', async () => {
    const concertId = await newConcert(30);
    const [alice, bob] = [await admitted(concertId), await admitted(concertId)];
    const seats = await statusOf(concertId, alice);
    const [a1, a2, b1] = [seats[0], seats[1], seats.find((s) => sectionOf(s) === 'B')];
    if (!a1 || !a2 || !b1) throw new Error('seat map without sections A and B');
    await hold(concertId, alice, a1.seatId);
    await hold(concertId, alice, b1.seatId);
    await hold(concertId, bob, a2.seatId);

    const map = (await ctx.app.inject({ url: `/api/concerts/${concertId}/seat-map` })).json().data;
    const summary = await summaryOf(concertId, bob);
    expect(summary.sections.map((s) => s.section)).toEqual(
      map.sections.map((s: { section: string }) => s.section),
    );
    expect(summary.sections).toEqual(
      map.sections.map((s: { section: string; seatCount: number }) => ({
        section: s.section,
        totalSeats: s.seatCount,
        available: s.seatCount - (s.section === 'A' ? 2 : s.section === 'B' ? 1 : 0),
      })),
    );
    // The same numbers as counting the full status.
    const status = await statusOf(concertId, bob);
    for (const section of summary.sections) {
      expect(section.available).toBe(
        status.filter((s) => sectionOf(s) === section.section && s.status === 'AVAILABLE').length,
      );
    }
  });

  it('`mine` holds only the caller’s live holds, as the status shows them', async () => {
    const concertId = await newConcert(30);
    const [alice, bob, carol] = [
      await admitted(concertId),
      await admitted(concertId),
      await admitted(concertId),
    ];
    const seats = await statusOf(concertId, alice);
    const ids = seats.map((s) => s.seatId);
    await hold(concertId, alice, ids[0] ?? -1);
    await hold(concertId, alice, ids[25] ?? -1);
    await hold(concertId, bob, ids[1] ?? -1);

    const aliceSummary = await summaryOf(concertId, alice);
    const aliceStatus = await statusOf(concertId, alice);
    expect(aliceSummary.mine).toEqual(aliceStatus.filter((s) => s.isReservedByCurrentUser));
    expect(aliceSummary.mine.map((s) => s.seatId)).toEqual([ids[0], ids[25]]);
    expect(aliceSummary.mine[0]).toMatchObject({
      status: 'RESERVED',
      isReservedByCurrentUser: true,
      remainingSeconds: holdSeconds,
    });
    expect((await summaryOf(concertId, bob)).mine.map((s) => s.seatId)).toEqual([ids[1]]);
    expect((await summaryOf(concertId, carol)).mine).toEqual([]);
  });

  it('counts a hold that expired but was not swept yet as free, and leaves it out of `mine`', async () => {
    const concertId = await newConcert(30);
    const [alice, bob] = [await admitted(concertId), await admitted(concertId)];
    const [first] = await statusOf(concertId, alice);
    if (!first) throw new Error('no seats');
    await hold(concertId, alice, first.seatId);
    const before = await summaryOf(concertId, bob);
    expect(before.sections[0]?.available).toBe((before.sections[0]?.totalSeats ?? 0) - 1);

    // No sweeper runs in tests (startJobs: false): the row is still RESERVED in the database.
    ctx.clock.advance((holdSeconds + 1) * 1000);
    const [row] = await ctx.database.db
      .select({ status: concertSeats.status })
      .from(concertSeats)
      .where(eq(concertSeats.id, first.seatId));
    expect(row?.status).toBe('RESERVED');
    const after = await summaryOf(concertId, bob);
    expect(after.sections[0]?.available).toBe(after.sections[0]?.totalSeats);
    expect((await summaryOf(concertId, alice)).mine).toEqual([]);
    // It really is free: another user can take it.
    await hold(concertId, bob, first.seatId);
    expect((await summaryOf(concertId, bob)).mine.map((s) => s.seatId)).toEqual([first.seatId]);
  });

  it('401 without login; 403 Q002 without or with a wrong key', async () => {
    const concertId = await newConcert(12);
    const alice = await admitted(concertId);
    const anonymous = await seatCall(concertId, null, 'GET', '/summary');
    expect(anonymous.statusCode).toBe(401);
    const missing = await ctx.app.inject({
      url: `/api/seats/concerts/${concertId}/summary`,
      headers: { cookie: alice.cookie },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({
      success: false,
      code: 'Q002',
      message: '접근 권한 증명(AccessKey)이 없습니다.',
    });
    const wrong = await seatCall(concertId, { ...alice, key: 'forged' }, 'GET', '/summary');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      code: 'Q002',
      message: 'AccessKey가 유효하지 않거나 만료되었습니다.',
    });
    // A key for another concert does not open this one.
    const otherConcert = await newConcert(12);
    const elsewhere = await seatCall(otherConcert, alice, 'GET', '/summary');
    expect(elsewhere.statusCode).toBe(403);
  });

  it('answers bad ids and unknown concerts exactly like the status route', async () => {
    const concertId = await newConcert(12);
    const alice = await admitted(concertId);
    const same = async (id: number | string, expected: { status: number; code: string }) => {
      const status = await seatCall(id, alice, 'GET', '/status');
      const summary = await seatCall(id, alice, 'GET', '/summary');
      expect({ status: summary.statusCode, code: summary.json().code }).toEqual(expected);
      expect({ status: status.statusCode, code: status.json().code }).toEqual(expected);
    };
    await same('abc', { status: 400, code: 'C001' });
    await same(0, { status: 400, code: 'C001' });
    // Nobody holds a key for a concert that does not exist.
    await same(99_999_999, { status: 403, code: 'Q002' });
    // A key that outlived its concert: the concert is looked up, 404.
    await ctx.database.db.delete(concerts).where(eq(concerts.id, concertId));
    await same(concertId, { status: 404, code: 'T003' });
  });

  it('is documented with its response schema', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    const operation = doc.paths['/api/seats/concerts/{concertId}/summary']?.get;
    expect(operation?.tags).toEqual(['seats']);
    const schema = operation?.responses?.['200']?.content?.['application/json']?.schema;
    expect(Object.keys(schema?.properties?.data?.properties ?? {}).sort()).toEqual([
      'mine',
      'sections',
    ]);
  });
});

describe('gzip for big JSON answers', () => {
  it('gzips a big status answer when the client allows it, and sends it plain otherwise', async () => {
    const concertId = await newConcert(300);
    const alice = await admitted(concertId);
    const plain = await seatCall(concertId, alice, 'GET', '/status');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(16 * 1024);
    const expected = plain.json();
    expect(expected.data).toHaveLength(300);

    const zipped = await seatCall(concertId, alice, 'GET', '/status', {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(expected);

    const refused = await seatCall(concertId, alice, 'GET', '/status', {
      'accept-encoding': 'gzip;q=0, identity',
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(expected);
  });

  // Since issue 14 every JSON answer over 1 KB is compressed (http/compression.ts); only answers
  // under that go plain. 12 seats (~1.3 KB) used to be 'small' under the old 16 KB threshold.
  it('sends a small answer plain whatever the client allows', async () => {
    const concertId = await newConcert(3);
    const alice = await admitted(concertId);
    const small = await seatCall(concertId, alice, 'GET', '/status', { 'accept-encoding': 'gzip' });
    expect(small.rawPayload.length).toBeLessThan(compressMinBytes);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary ?? '').not.toMatch(/accept-encoding/i);
    expect(small.json().data).toHaveLength(3);
  });

  it('compresses a mid-sized answer (over 1 KB, under 16 KB) to the same JSON', async () => {
    const concertId = await newConcert(12);
    const alice = await admitted(concertId);
    const plain = await seatCall(concertId, alice, 'GET', '/status');
    expect(plain.rawPayload.length).toBeGreaterThan(compressMinBytes);
    const zipped = await seatCall(concertId, alice, 'GET', '/status', {
      'accept-encoding': 'gzip',
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });
});

describe('what the seat page states comes from the server', () => {
  it('the seat map states the hold and payment rules this server applies', async () => {
    const concertId = await newConcert(30);
    const map = (await ctx.app.inject({ url: `/api/concerts/${concertId}/seat-map` })).json().data;
    expect(map.rules).toEqual({
      maxSeatsPerHold: 2,
      maxTicketsPerUser: 4,
      holdSeconds,
      paymentSeconds: 600,
    });
  });

  it('a hold a booking took is marked paymentPending, with the payment deadline, for its owner only', async () => {
    const concertId = await newConcert(30);
    const [alice, bob] = [await admitted(concertId), await admitted(concertId)];
    const [first] = await statusOf(concertId, alice);
    if (!first) throw new Error('no seats');
    await hold(concertId, alice, first.seatId);
    const held = (await statusOf(concertId, alice)).find((s) => s.seatId === first.seatId);
    expect(held).toMatchObject({ isReservedByCurrentUser: true, remainingSeconds: holdSeconds });
    expect(held).not.toHaveProperty('paymentPending');

    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/bookings',
      headers: { cookie: alice.cookie, 'content-type': 'application/json' },
      payload: { concertId, concertSeatIds: [first.seatId] },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { paymentDeadlineSeconds } = booked.json().data as { paymentDeadlineSeconds: number };

    const mine = (await statusOf(concertId, alice)).find((s) => s.seatId === first.seatId);
    expect(mine).toMatchObject({
      status: 'RESERVED',
      isReservedByCurrentUser: true,
      paymentPending: true,
      remainingSeconds: paymentDeadlineSeconds,
    });
    expect((await summaryOf(concertId, alice)).mine).toEqual([mine]);
    const theirs = (await statusOf(concertId, bob)).find((s) => s.seatId === first.seatId);
    expect(theirs).toMatchObject({ status: 'RESERVED', isReservedByCurrentUser: false });
    expect(theirs).not.toHaveProperty('paymentPending');
  });
});
