import {
  concertMessages,
  sellerConcertMessages,
  ticketTypeKindLabels,
  ticketTypeLimits,
  ticketTypeMessages,
  type SellerTicketType,
  type TicketType,
} from '@curtaincall/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concerts, ticketTypes, tickets } from '../../db/schema/index';
import { addDays, toSeoulDate, toSeoulDateTime } from '../../lib/seoul-time';
import { insertBooking } from '../../../test/helpers/direct-bookings';
import { createLoggedInUser } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

/**
 * 권종 through the front door (issue 27, point 2): the seller's list, add, edit and delete on an
 * own open performance, nobody else's; grades named by this concert's keys; a quota never under
 * what is taken; a removed type's tickets keep what they were sold with; and the buyers' list.
 */
let ctx: TestContext;
let seller: Account;
let otherSeller: Account;
let buyer: Account;

beforeAll(async () => {
  ctx = await createTestContext();
  [seller, otherSeller, buyer] = await Promise.all([
    createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER'),
    createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER'),
    createLoggedInUser(ctx.app, ctx.database.db),
  ]);
}, 120_000);
afterAll(async () => ctx?.close());

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  account: Account | null,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      ...(account ? { cookie: account.cookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const today = () => toSeoulDate(ctx.clock.now());

/** A small hall whose grades have codes: a type names them by code (R, S), never by name. */
const codedHall = {
  format: 'curtaincall.venue-layout',
  version: 1,
  name: '권종 홀',
  grades: [
    { code: 'R', name: 'R석', price: 99_000 },
    { code: 'S', name: 'S석', price: 77_000 },
  ],
  sections: [
    {
      kind: 'SEATED',
      name: 'A',
      rows: [{ row: 1, seats: [1, 2, 3, 4].map((n) => ({ number: n, grade: n < 3 ? 'R' : 'S' })) }],
    },
  ],
};

/** An own concert on sale: the quick plan (grades 프리미엄, VIP, 일반석) unless a layout is given. */
async function newConcert(
  account = seller,
  seats: Record<string, unknown> = { totalSeats: 40 },
): Promise<number> {
  const response = await call('POST', '/api/seller/concerts', account, {
    title: '권종 공연',
    artist: '권종 밴드',
    venueName: '권종홀',
    concertDate: addDays(today(), 20),
    startTime: '19:00',
    endTime: '21:00',
    bookingStartDate: `${addDays(today(), -1)}T10:00`,
    bookingEndDate: `${addDays(today(), 19)}T23:00`,
    status: 'ON_SALE',
    ...seats,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json().data as { concertId: number }).concertId;
}

const youth = {
  kind: 'YOUTH',
  discountKind: 'PERCENT',
  discountValue: 30,
  gradeKeys: ['VIP', '일반석'],
  quota: 50,
};

async function addType(concertId: number, body: Record<string, unknown> = youth) {
  const response = await call(
    'POST',
    `/api/seller/concerts/${concertId}/ticket-types`,
    seller,
    body,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as SellerTicketType;
}

async function sellerList(concertId: number): Promise<SellerTicketType[]> {
  const response = await call('GET', `/api/seller/concerts/${concertId}/ticket-types`, seller);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as SellerTicketType[];
}

async function buyerList(concertId: number) {
  const response = await call('GET', `/api/concerts/${concertId}/ticket-types`, null);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { bookingFeePerSeat: number; ticketTypes: TicketType[] };
}

describe('the seller adds, lists, edits and removes ticket types', () => {
  it('a type added with defaults is listed with its quota and no uses; edits and removal follow', async () => {
    const concertId = await newConcert();
    const added = await call('POST', `/api/seller/concerts/${concertId}/ticket-types`, seller, {
      kind: 'DISABLED_SEVERE',
      discountKind: 'PERCENT',
      discountValue: 50,
      quota: 20,
      proofRequired: true,
      companionAllowed: true,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.headers['cache-control']).toBe('private, no-store');
    expect(added.json().message).toBe(ticketTypeMessages.created);
    const disabled = added.json().data as SellerTicketType;
    expect(disabled).toEqual({
      id: expect.any(Number),
      kind: 'DISABLED_SEVERE',
      name: ticketTypeKindLabels.DISABLED_SEVERE,
      discountKind: 'PERCENT',
      discountValue: 50,
      gradeKeys: [],
      remaining: 20,
      proofRequired: true,
      companionAllowed: true,
      earlyUntil: null,
      quota: 20,
      used: 0,
    });
    const named = await addType(concertId, { ...youth, name: '  청소년 (VIP·일반)  ' });
    expect(named.name).toBe('청소년 (VIP·일반)');
    expect(named.gradeKeys).toEqual(['VIP', '일반석']);
    expect((await sellerList(concertId)).map((t) => t.id)).toEqual([disabled.id, named.id]);

    const edited = await call(
      'PUT',
      `/api/seller/concerts/${concertId}/ticket-types/${named.id}`,
      seller,
      { ...youth, name: null, discountKind: 'AMOUNT', discountValue: 15_000, quota: null },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().message).toBe(ticketTypeMessages.updated);
    expect(edited.json().data).toMatchObject({
      id: named.id,
      name: ticketTypeKindLabels.YOUTH,
      discountKind: 'AMOUNT',
      discountValue: 15_000,
      quota: null,
      remaining: null,
    });

    const removed = await call(
      'DELETE',
      `/api/seller/concerts/${concertId}/ticket-types/${disabled.id}`,
      seller,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: ticketTypeMessages.deleted });
    expect((await sellerList(concertId)).map((t) => t.id)).toEqual([named.id]);
    expect((await buyerList(concertId)).ticketTypes.map((t) => t.id)).toEqual([named.id]);
    const again = await call(
      'DELETE',
      `/api/seller/concerts/${concertId}/ticket-types/${disabled.id}`,
      seller,
    );
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'C002', message: ticketTypeMessages.notFound });
  });

  it('grades are named by this concert’s keys: a layout grade by its code, a quick-plan grade by its name', async () => {
    const quick = await newConcert();
    const refused = await call('POST', `/api/seller/concerts/${quick}/ticket-types`, seller, {
      ...youth,
      gradeKeys: ['VIP', 'R', '일반석', 'VIP석'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'C001',
      message: ticketTypeMessages.unknownGrade,
      errors: [
        { field: 'gradeKeys[1]', message: ticketTypeMessages.unknownGrade },
        { field: 'gradeKeys[3]', message: ticketTypeMessages.unknownGrade },
      ],
    });

    const drawn = await newConcert(seller, { seatLayout: codedHall });
    const byName = await call('POST', `/api/seller/concerts/${drawn}/ticket-types`, seller, {
      ...youth,
      gradeKeys: ['R석'],
    });
    expect(byName.statusCode).toBe(400);
    expect(byName.json().errors).toEqual([
      { field: 'gradeKeys[0]', message: ticketTypeMessages.unknownGrade },
    ]);
    // A key sent twice is kept once.
    const byCode = await addType(drawn, { ...youth, gradeKeys: ['S', 'R', 'S'] });
    expect(byCode.gradeKeys).toEqual(['S', 'R']);
    expect(await sellerList(drawn)).toHaveLength(1);
  });

  it('the form’s problems come back next to their fields, in Korean', async () => {
    const concertId = await newConcert();
    const url = `/api/seller/concerts/${concertId}/ticket-types`;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...youth, kind: 'STUDENT' }, 'kind', ticketTypeMessages.kind],
      [{ ...youth, discountValue: 101 }, 'discountValue', ticketTypeMessages.percent],
      [{ ...youth, quota: 0 }, 'quota', ticketTypeMessages.quota],
      [{ ...youth, name: '가'.repeat(31) }, 'name', ticketTypeMessages.nameTooLong],
      [{ ...youth, companionAllowed: true }, 'companionAllowed', ticketTypeMessages.companionOnly],
      [{ ...youth, kind: 'EARLY_BIRD' }, 'earlyUntil', ticketTypeMessages.earlyUntilRequired],
      [
        { ...youth, earlyUntil: `${addDays(today(), 3)}T12:00` },
        'earlyUntil',
        ticketTypeMessages.earlyUntilOnlyEarly,
      ],
      [
        { ...youth, kind: 'EARLY_BIRD', earlyUntil: `${addDays(today(), 3)} 12:00` },
        'earlyUntil',
        ticketTypeMessages.earlyUntilFormat,
      ],
      [
        { ...youth, kind: 'EARLY_BIRD', earlyUntil: '2026-02-30T12:00' },
        'earlyUntil',
        ticketTypeMessages.earlyUntilFormat,
      ],
      [
        { ...youth, kind: 'EARLY_BIRD', earlyUntil: `${addDays(today(), -1)}T12:00` },
        'earlyUntil',
        ticketTypeMessages.earlyUntilPast,
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await call('POST', url, seller, body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(response.json().code).toBe('C001');
      expect(response.json().errors).toContainEqual({ field, message });
    }
    expect(await sellerList(concertId)).toEqual([]);
  });

  it('two types on offer never share a name; at most 20 are on offer at once', async () => {
    const concertId = await newConcert();
    const first = await addType(concertId, { ...youth, gradeKeys: ['VIP'] });
    const clash = await call('POST', `/api/seller/concerts/${concertId}/ticket-types`, seller, {
      ...youth,
      gradeKeys: ['일반석'],
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors).toEqual([
      { field: 'name', message: ticketTypeMessages.duplicateName },
    ]);
    // Two of a kind under their own names are fine (1차 and 2차 조기예매, or by grade).
    await addType(concertId, { ...youth, name: '청소년 일반석', gradeKeys: ['일반석'] });
    const renamed = await call(
      'PUT',
      `/api/seller/concerts/${concertId}/ticket-types/${first.id}`,
      seller,
      { ...youth, name: '청소년 일반석' },
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual([
      { field: 'name', message: ticketTypeMessages.duplicateName },
    ]);
    // Keeping its own name is no clash with itself.
    const same = await call(
      'PUT',
      `/api/seller/concerts/${concertId}/ticket-types/${first.id}`,
      seller,
      { ...youth, gradeKeys: ['VIP'], discountValue: 20 },
    );
    expect(same.statusCode, same.body).toBe(200);

    for (let n = 3; n <= ticketTypeLimits.perConcert; n += 1) {
      await addType(concertId, { ...youth, name: `청소년 ${n}` });
    }
    const over = await call('POST', `/api/seller/concerts/${concertId}/ticket-types`, seller, {
      ...youth,
      name: '청소년 21',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'S006', message: ticketTypeMessages.tooMany });
    // A removed type makes room again.
    await call('DELETE', `/api/seller/concerts/${concertId}/ticket-types/${first.id}`, seller);
    await addType(concertId, { ...youth, name: '청소년 21' });
    expect(await sellerList(concertId)).toHaveLength(ticketTypeLimits.perConcert);
  });

  it('the quota never goes under the seats already taken', async () => {
    const concertId = await newConcert();
    const type = await addType(concertId);
    await ctx.database.db
      .update(ticketTypes)
      .set({ usedCount: 5 })
      .where(eq(ticketTypes.id, type.id));
    const url = `/api/seller/concerts/${concertId}/ticket-types/${type.id}`;
    const under = await call('PUT', url, seller, { ...youth, quota: 4 });
    expect(under.statusCode).toBe(400);
    expect(under.json()).toMatchObject({
      code: 'C001',
      message: ticketTypeMessages.quotaBelowUsed(5),
      errors: [{ field: 'quota', message: ticketTypeMessages.quotaBelowUsed(5) }],
    });
    expect(ticketTypeMessages.quotaBelowUsed(1200)).toContain('1,200매');
    const exact = await call('PUT', url, seller, { ...youth, quota: 5 });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json().data).toMatchObject({ quota: 5, used: 5, remaining: 0 });
    // Sold out is still listed for buyers (the panel says so), with nothing left.
    const listed = (await buyerList(concertId)).ticketTypes.find((t) => t.id === type.id);
    expect(listed?.remaining).toBe(0);
  });

  it('a changed or removed type leaves the tickets sold with it as they were', async () => {
    const concertId = await newConcert();
    const type = await addType(concertId, { ...youth, gradeKeys: [] });
    const bookingId = await insertBooking(ctx.database.db, {
      userId: buyer.id,
      concertId,
      seats: 1,
      amount: 50_000,
      status: 'CONFIRMED',
      paidAt: ctx.clock.now(),
    });
    // As the booking transaction writes a typed ticket: its price lines and the type's name.
    await ctx.database.db
      .update(tickets)
      .set({
        ticketTypeId: type.id,
        ticketTypeName: type.name,
        gradePrice: 50_000,
        typeDiscount: 15_000,
        price: 35_000,
        proofRequired: true,
      })
      .where(eq(tickets.bookingId, bookingId));
    const sold = async () =>
      ctx.database.db
        .select({
          ticketTypeId: tickets.ticketTypeId,
          ticketTypeName: tickets.ticketTypeName,
          gradePrice: tickets.gradePrice,
          typeDiscount: tickets.typeDiscount,
          price: tickets.price,
          proofRequired: tickets.proofRequired,
        })
        .from(tickets)
        .where(eq(tickets.bookingId, bookingId));
    const before = await sold();
    expect(before).toEqual([
      {
        ticketTypeId: type.id,
        ticketTypeName: '청소년',
        gradePrice: 50_000,
        typeDiscount: 15_000,
        price: 35_000,
        proofRequired: true,
      },
    ]);

    const url = `/api/seller/concerts/${concertId}/ticket-types/${type.id}`;
    const edited = await call('PUT', url, seller, {
      ...youth,
      name: '청소년 특가',
      discountValue: 50,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await sold()).toEqual(before);

    expect((await call('DELETE', url, seller)).statusCode).toBe(200);
    expect(await sold()).toEqual(before);
    const [row] = await ctx.database.db
      .select({ active: ticketTypes.active, name: ticketTypes.name })
      .from(ticketTypes)
      .where(eq(ticketTypes.id, type.id));
    expect(row).toEqual({ active: false, name: '청소년 특가' });
    // Removed: no longer edited either.
    expect((await call('PUT', url, seller, youth)).statusCode).toBe(404);
  });

  it('a cancelled or completed performance keeps its types as they are (409 S006); reading still works', async () => {
    const cancelledId = await newConcert();
    const type = await addType(cancelledId);
    const cancelled = await call('DELETE', `/api/seller/concerts/${cancelledId}`, seller);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const completedId = await newConcert();
    const other = await addType(completedId);
    await ctx.database.db
      .update(concerts)
      .set({ status: 'COMPLETED' })
      .where(eq(concerts.id, completedId));

    for (const [concertId, typeId, message] of [
      [cancelledId, type.id, ticketTypeMessages.concertCancelled],
      [completedId, other.id, ticketTypeMessages.concertCompleted],
    ] as const) {
      const base = `/api/seller/concerts/${concertId}/ticket-types`;
      for (const response of [
        await call('POST', base, seller, { ...youth, name: '새 권종' }),
        await call('PUT', `${base}/${typeId}`, seller, youth),
        await call('DELETE', `${base}/${typeId}`, seller),
      ]) {
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json()).toMatchObject({ code: 'S006', message });
      }
      expect((await sellerList(concertId)).map((t) => t.id)).toEqual([typeId]);
    }
  });
});

describe('nobody else manages a concert’s types', () => {
  it('another seller 403 S002, a buyer 403, a guest 401, an unknown concert 404 T003, a type of another concert 404', async () => {
    const concertId = await newConcert();
    const type = await addType(concertId);
    const base = `/api/seller/concerts/${concertId}/ticket-types`;
    const requests = [
      ['GET', base, undefined],
      ['POST', base, { ...youth, name: '남의 권종' }],
      ['PUT', `${base}/${type.id}`, { ...youth, discountValue: 90 }],
      ['DELETE', `${base}/${type.id}`, undefined],
    ] as const;
    for (const [method, url, body] of requests) {
      const foreign = await call(method, url, otherSeller, body);
      expect(foreign.statusCode, `${method} ${foreign.body}`).toBe(403);
      expect(foreign.json()).toMatchObject({
        code: 'S002',
        message: sellerConcertMessages.notOwner,
      });
      const asBuyer = await call(method, url, buyer, body);
      expect(asBuyer.statusCode).toBe(403);
      expect(asBuyer.json().code).toBe('S002');
      const guest = await call(method, url, null, body);
      expect(guest.statusCode).toBe(401);
      expect(guest.json().code).toBe('A006');
    }
    const unknown = await call('GET', '/api/seller/concerts/2147483000/ticket-types', seller);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'T003', message: concertMessages.notFound });

    // The other seller's own concert and type: not reachable through this seller's concert.
    const theirs = await newConcert(otherSeller);
    const theirType = await call(
      'POST',
      `/api/seller/concerts/${theirs}/ticket-types`,
      otherSeller,
      youth,
    );
    expect(theirType.statusCode).toBe(201);
    const theirTypeId = (theirType.json().data as SellerTicketType).id;
    const crossed = await call('PUT', `${base}/${theirTypeId}`, seller, youth);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toMatchObject({ code: 'C002', message: ticketTypeMessages.notFound });
    expect((await call('DELETE', `${base}/${theirTypeId}`, seller)).statusCode).toBe(404);
    const badId = await call('DELETE', `${base}/0`, seller);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toEqual([{ field: 'typeId', message: ticketTypeMessages.typeId }]);

    // Nothing changed by the refused calls.
    expect(await sellerList(concertId)).toEqual([type]);
  });
});

describe('the buyers’ list', () => {
  it('anyone reads the types on offer with what is left of each quota and the booking fee', async () => {
    const concertId = await newConcert();
    const limited = await addType(concertId);
    const open = await addType(concertId, {
      kind: 'SENIOR',
      discountKind: 'AMOUNT',
      discountValue: 10_000,
      proofRequired: true,
    });
    await ctx.database.db
      .update(ticketTypes)
      .set({ usedCount: 12 })
      .where(eq(ticketTypes.id, limited.id));
    const response = await call('GET', `/api/concerts/${concertId}/ticket-types`, null);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=2');
    expect(response.json().data).toEqual({
      bookingFeePerSeat: 2_000,
      ticketTypes: [
        {
          id: limited.id,
          kind: 'YOUTH',
          name: '청소년',
          discountKind: 'PERCENT',
          discountValue: 30,
          gradeKeys: ['VIP', '일반석'],
          remaining: 38,
          proofRequired: false,
          companionAllowed: false,
          earlyUntil: null,
        },
        {
          id: open.id,
          kind: 'SENIOR',
          name: '경로(65세 이상)',
          discountKind: 'AMOUNT',
          discountValue: 10_000,
          gradeKeys: [],
          remaining: null,
          proofRequired: true,
          companionAllowed: false,
          earlyUntil: null,
        },
      ],
    });
    // The seller's numbers are not the buyers' business.
    expect(JSON.stringify(response.json())).not.toContain('"used"');
    const asBuyer = await call('GET', `/api/concerts/${concertId}/ticket-types`, buyer);
    expect(asBuyer.json().data).toEqual(response.json().data);
    const unknown = await call('GET', '/api/concerts/2147483000/ticket-types', null);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('T003');
  });

  it('조기예매 is listed with its end (Seoul wall clock) up to that instant, and left out after it', async () => {
    const concertId = await newConcert();
    const until = new Date(ctx.clock.now().getTime() + 2 * 3_600_000);
    until.setUTCSeconds(0, 0);
    const wallClock = toSeoulDateTime(until);
    const early = await addType(concertId, {
      kind: 'EARLY_BIRD',
      discountKind: 'PERCENT',
      discountValue: 20,
      earlyUntil: wallClock.slice(0, 16),
    });
    expect(early).toMatchObject({ name: '조기예매', earlyUntil: wallClock });
    expect(wallClock).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
    const started = ctx.clock.now();
    try {
      ctx.clock.set(until);
      expect((await buyerList(concertId)).ticketTypes).toEqual([
        expect.objectContaining({ id: early.id, earlyUntil: wallClock }),
      ]);
      ctx.clock.set(new Date(until.getTime() + 1));
      expect((await buyerList(concertId)).ticketTypes).toEqual([]);
      // The seller still sees it, to extend or remove it.
      expect((await sellerList(concertId)).map((t) => t.id)).toEqual([early.id]);
      // Keeping the end that passed is no new end in the past; moving it must be ahead.
      const url = `/api/seller/concerts/${concertId}/ticket-types/${early.id}`;
      const body = { kind: 'EARLY_BIRD', discountKind: 'PERCENT', discountValue: 20 };
      const kept = await call('PUT', url, seller, { ...body, earlyUntil: wallClock });
      expect(kept.statusCode, kept.body).toBe(200);
      const later = toSeoulDateTime(new Date(until.getTime() + 86_400_000));
      const extended = await call('PUT', url, seller, { ...body, earlyUntil: later });
      expect(extended.statusCode, extended.body).toBe(200);
      expect((await buyerList(concertId)).ticketTypes.map((t) => t.earlyUntil)).toEqual([later]);
    } finally {
      ctx.clock.set(started);
    }
  });

  it('the OpenAPI document carries an example for every ticket-type route', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const list = doc.paths['/api/seller/concerts/{concertId}/ticket-types'];
    const one = doc.paths['/api/seller/concerts/{concertId}/ticket-types/{typeId}'];
    const buyers = doc.paths['/api/concerts/{concertId}/ticket-types'];
    for (const operation of [list?.get, list?.post, one?.put, one?.delete, buyers?.get]) {
      expect(JSON.stringify(operation)).toContain('"example":{');
    }
    expect(JSON.stringify(list?.post)).toContain('1차 조기예매');
  });
});
