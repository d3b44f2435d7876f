import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { serializeEnterEnvelope } from './queue-entry-fast-lane';

let ctx: TestContext;
let onSale: number;
let scheduled: number;
type User = Awaited<ReturnType<typeof createLoggedInUser>>;
let u1: User;
let u2: User;
let u3: User;

beforeAll(async () => {
  ctx = await createTestContext({ env: { QUEUE_CAPACITY: '1', QUEUE_RATE_PER_MINUTE: '20' } });
  const db = ctx.database.db;
  const seller = await createLoggedInUser(ctx.app, db, 'ROLE_SELLER');
  onSale = (await createConcert(db, { sellerId: seller.id, totalSeats: 12 })).id;
  scheduled = (await createConcert(db, { sellerId: seller.id, status: 'SCHEDULED' })).id;
  [u1, u2, u3] = [
    await createLoggedInUser(ctx.app, db),
    await createLoggedInUser(ctx.app, db),
    await createLoggedInUser(ctx.app, db),
  ];
});
afterAll(async () => ctx?.close());

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  user: User | null,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(user ? { cookie: user.cookie } : {}), ...headers },
  });
}

describe('waiting room', () => {
  it('needs a login', async () => {
    for (const [method, url] of [
      ['POST', `/api/queue/enter?concertId=${onSale}`],
      ['GET', `/api/queue/status?concertId=${onSale}`],
      ['PATCH', `/api/access-keys/extend?concertId=${onSale}`],
      ['DELETE', `/api/access-keys?concertId=${onSale}`],
    ] as const) {
      const response = await call(method, url, null);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('A006');
    }
  });

  it('refuses a concert that is not on sale (409 B001) or unknown (404 T003)', async () => {
    const closed = await call('POST', `/api/queue/enter?concertId=${scheduled}`, u1);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({
      code: 'B001',
      message: '현재 예매 가능한 공연이 아닙니다.',
    });
    expect((await call('POST', '/api/queue/enter?concertId=999999', u1)).json().code).toBe('T003');
  });

  it('admits the first user at once, queues the next, and is idempotent', async () => {
    const firstBody = (await call('POST', `/api/queue/enter?concertId=${onSale}`, u1)).json();
    // The whole body, exactly: the route's own serializer writes the contract's fields only.
    expect(firstBody).toEqual({
      success: true,
      data: {
        status: 'IMMEDIATE_ENTRY',
        accessKey: expect.any(String),
        message: expect.any(String),
      },
    });
    const first = firstBody.data;
    const again = (await call('POST', `/api/queue/enter?concertId=${onSale}`, u1)).json().data;
    expect(again.accessKey).toBe(first.accessKey);

    const second = (await call('POST', `/api/queue/enter?concertId=${onSale}`, u2)).json().data;
    expect(second).toEqual({
      status: 'WAITING',
      rank: 1,
      // Before any admission is measured: one slot turning over once per 300 s hold.
      etaSeconds: 300,
      message: '대기열에 등록되었습니다. 현재 대기 순번은 1번입니다.',
    });
    expect((await call('POST', `/api/queue/enter?concertId=${onSale}`, u3)).json().data.rank).toBe(
      2,
    );
    expect((await call('POST', `/api/queue/enter?concertId=${onSale}`, u2)).json().data.rank).toBe(
      1,
    );

    expect(
      (await call('GET', `/api/queue/status?concertId=${onSale}`, u1)).json().data,
    ).toMatchObject({ status: 'ADMITTED', accessKey: first.accessKey });
    expect(
      (await call('GET', `/api/queue/status?concertId=${onSale}`, u2)).json().data,
    ).toMatchObject({ status: 'WAITING', rank: 1 });
  });

  it('the admission tick lets the next user in when a slot frees, and measures an ETA', async () => {
    expect((await call('DELETE', `/api/access-keys?concertId=${onSale}`, u1)).json()).toEqual({
      success: true,
      message: '좌석 선택 권한이 반납되었습니다.',
    });
    await ctx.app.scheduler.runNow('queue-admission');
    const status = (await call('GET', `/api/queue/status?concertId=${onSale}`, u2)).json().data;
    expect(status).toMatchObject({ status: 'ADMITTED', accessKey: expect.any(String) });
    const waiting = (await call('GET', `/api/queue/status?concertId=${onSale}`, u3)).json().data;
    expect(waiting).toMatchObject({ status: 'WAITING', rank: 1, etaSeconds: expect.any(Number) });
  });

  it('extends a live key to 120 s, and 404s without one', async () => {
    expect(
      (await call('PATCH', `/api/access-keys/extend?concertId=${onSale}`, u2)).json().data,
    ).toEqual({ newTtlSeconds: 120 });
    const none = await call('PATCH', `/api/access-keys/extend?concertId=${onSale}`, u3);
    expect(none.statusCode).toBe(404);
    expect(none.json().success).toBe(false);
  });

  it('rate-limits queue entry per account with 429 Q004', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    let last = 0;
    for (let i = 0; i < 21; i += 1)
      last = (await call('POST', `/api/queue/enter?concertId=${onSale}`, user)).statusCode;
    expect(last).toBe(429);
    const limited = await call('POST', `/api/queue/enter?concertId=${onSale}`, user);
    expect(limited.json()).toMatchObject({
      code: 'Q004',
      message: '접속 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.',
    });
  });

  it('counts entries refused as not on sale towards the same limit, and then answers 429 first', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    for (let i = 0; i < 20; i += 1) {
      const refused = await call('POST', `/api/queue/enter?concertId=${scheduled}`, user);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('B001');
    }
    // The 21st entry of the minute: over the limit on an on-sale concert and on a closed one.
    expect((await call('POST', `/api/queue/enter?concertId=${onSale}`, user)).statusCode).toBe(429);
    const closed = await call('POST', `/api/queue/enter?concertId=${scheduled}`, user);
    expect(closed.statusCode).toBe(429);
    expect(closed.json().code).toBe('Q004');
  });
});

describe('seat routes behind the access key', () => {
  const seatUrl = (path: string) => `/api/seats/concerts/${onSale}${path}`;

  it('401 without login; 403 Q002 without or with a wrong key', async () => {
    expect((await call('GET', seatUrl('/status'), null)).statusCode).toBe(401);
    const missing = await call('GET', seatUrl('/status'), u2);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({
      code: 'Q002',
      message: '접근 권한 증명(AccessKey)이 없습니다.',
    });
    const wrong = await call('GET', seatUrl('/status'), u2, { 'x-access-key': 'forged' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      code: 'Q002',
      message: 'AccessKey가 유효하지 않거나 만료되었습니다.',
    });
    // Someone else's valid key does not work for you.
    const u2Key = (await call('GET', `/api/queue/status?concertId=${onSale}`, u2)).json().data
      .accessKey;
    expect((await call('GET', seatUrl('/status'), u3, { 'x-access-key': u2Key })).statusCode).toBe(
      403,
    );
  });

  it('with the key: lists seats, holds, re-holds, and releases', async () => {
    const key = (await call('GET', `/api/queue/status?concertId=${onSale}`, u2)).json().data
      .accessKey;
    const headers = { 'x-access-key': key };
    const status = (await call('GET', seatUrl('/status'), u2, headers)).json();
    expect(status.data).toHaveLength(12);
    const seatId = status.data[0].seatId;
    const section = status.data[0].seatInfo.split('-')[0];
    const sectionOnly = (
      await call('GET', seatUrl(`/status?section=${section}`), u2, headers)
    ).json().data;
    expect(sectionOnly.length).toBeLessThan(12);
    expect(
      sectionOnly.every((s: { seatInfo: string }) => s.seatInfo.startsWith(`${section}-`)),
    ).toBe(true);

    const held = await call('POST', seatUrl(`/seats/${seatId}/reserve`), u2, headers);
    expect(held.json()).toMatchObject({
      success: true,
      message: '좌석 선점 성공',
      data: { seatId, isReservedByCurrentUser: true, remainingSeconds: 300 },
    });
    expect(
      (await call('POST', seatUrl(`/seats/${seatId}/reserve`), u2, headers)).json().message,
    ).toBe('이미 선점한 좌석입니다');
    const released = await call('DELETE', seatUrl(`/seats/${seatId}/release`), u2, headers);
    expect(released.json()).toEqual({ success: true, message: '좌석 선점 해제 성공' });
    const notMine = await call('DELETE', seatUrl(`/seats/${seatId}/release`), u2, headers);
    expect(notMine.statusCode).toBe(409);
  });

  it('an expired key answers 403', async () => {
    const key = (await call('GET', `/api/queue/status?concertId=${onSale}`, u2)).json().data
      .accessKey;
    ctx.clock.advance(121_000);
    const expired = await call('GET', seatUrl('/status'), u2, { 'x-access-key': key });
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('Q002');
  });
});

describe('the entry answer’s serializer', () => {
  it('writes the contract’s fields only, in its order, and leaves out what is absent', () => {
    const data = {
      status: 'WAITING' as const,
      rank: 3,
      message: '대기열에 등록되었습니다. 현재 대기 순번은 3번입니다.',
      userId: 42,
      secret: 'never',
    };
    expect(serializeEnterEnvelope({ success: true, data })).toBe(
      '{"success":true,"data":{"status":"WAITING","rank":3,"message":"대기열에 등록되었습니다. 현재 대기 순번은 3번입니다."}}',
    );
  });
});
