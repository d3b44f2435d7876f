import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concerts } from '../../db/schema/index';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { paymentSettingsRoutes } from './payment-settings.routes';
import { createPaymentSettingsService, depositSettingsMessages } from './payment-settings.service';

type LoggedIn = Awaited<ReturnType<typeof createLoggedInUser>>;

let ctx: TestContext;
let seller: LoggedIn;
let otherSeller: LoggedIn;
let buyer: LoggedIn;

const url = (concertId: number | string) => `/api/seller/concerts/${concertId}/payment-settings`;

beforeAll(async () => {
  ctx = await createTestContext();
  // Until app.ts registers the routes, the test registers them as app.ts will.
  if (
    !ctx.app.hasRoute({ method: 'GET', url: '/api/seller/concerts/:concertId/payment-settings' })
  ) {
    const paymentSettings = createPaymentSettingsService({ db: ctx.database.db, clock: ctx.clock });
    await ctx.app.register(
      async (api) => {
        await api.register(paymentSettingsRoutes, { paymentSettings });
      },
      { prefix: '/api' },
    );
  }
  const db = ctx.database.db;
  seller = await createLoggedInUser(ctx.app, db, 'ROLE_SELLER');
  otherSeller = await createLoggedInUser(ctx.app, db, 'ROLE_SELLER');
  buyer = await createLoggedInUser(ctx.app, db);
});
afterAll(async () => ctx?.close());

function get(concertId: number | string, who: { cookie: string } | null) {
  return ctx.app.inject({
    method: 'GET',
    url: url(concertId),
    headers: who ? { cookie: who.cookie } : {},
  });
}

function put(concertId: number | string, who: { cookie: string } | null, payload: unknown) {
  return ctx.app.inject({
    method: 'PUT',
    url: url(concertId),
    headers: { 'content-type': 'application/json', ...(who ? { cookie: who.cookie } : {}) },
    payload: JSON.stringify(payload),
  });
}

async function storedSettings(concertId: number) {
  const [row] = await ctx.database.db
    .select({
      virtualAccountEnabled: concerts.virtualAccountEnabled,
      depositDueDays: concerts.depositDueDays,
      cultureExpense: concerts.cultureExpense,
    })
    .from(concerts)
    .where(eq(concerts.id, concertId));
  return row;
}

const newConcert = async () => (await createConcert(ctx.database.db, { sellerId: seller.id })).id;

describe('결제 설정 (가상계좌, 입금 기한, 문화비 소득공제)', () => {
  it('a new performance offers 가상계좌 due the next day, not marked 문화비', async () => {
    const concertId = await newConcert();
    const response = await get(concertId, seller);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({
      success: true,
      data: { virtualAccountEnabled: true, depositDueDays: 1, cultureExpense: false },
    });
  });

  it('the seller changes them: stored on the concert and answered back', async () => {
    const concertId = await newConcert();
    const settings = { virtualAccountEnabled: false, depositDueDays: 3, cultureExpense: true };
    const response = await put(concertId, seller, settings);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: depositSettingsMessages.saved,
      data: settings,
    });
    expect(await storedSettings(concertId)).toEqual(settings);
    expect((await get(concertId, seller)).json().data).toEqual(settings);

    // The bounds are allowed: the same day (0) and a week (7).
    for (const depositDueDays of [0, 7]) {
      const edge = await put(concertId, seller, { ...settings, depositDueDays });
      expect(edge.statusCode).toBe(200);
      expect((await storedSettings(concertId))?.depositDueDays).toBe(depositDueDays);
    }
  });

  it("only the concert's seller: anonymous 401, a buyer or another seller 403, nothing changed", async () => {
    const concertId = await newConcert();
    const before = await storedSettings(concertId);
    const change = { virtualAccountEnabled: false, depositDueDays: 5, cultureExpense: true };
    const anonymous = [await get(concertId, null), await put(concertId, null, change)];
    for (const response of anonymous) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'A006' });
    }
    for (const who of [buyer, otherSeller]) {
      for (const response of [await get(concertId, who), await put(concertId, who, change)]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ success: false, code: 'S002' });
      }
    }
    expect((await put(concertId, otherSeller, change)).json().message).toBe(
      '해당 콘서트를 관리할 권한이 없습니다.',
    );
    expect(await storedSettings(concertId)).toEqual(before);
  });

  it('an unknown concert -> 404 T003; a malformed id -> 400', async () => {
    const change = { virtualAccountEnabled: true, depositDueDays: 1, cultureExpense: false };
    for (const response of [
      await get(2_000_000_000, seller),
      await put(2_000_000_000, seller, change),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        code: 'T003',
        message: '콘서트 정보를 찾을 수 없습니다.',
      });
    }
    expect((await get('abc', seller)).statusCode).toBe(400);
  });

  it('refuses days outside 0~7 and missing or wrong fields with field errors, nothing changed', async () => {
    const concertId = await newConcert();
    const before = await storedSettings(concertId);
    const valid = { virtualAccountEnabled: true, depositDueDays: 2, cultureExpense: false };
    for (const depositDueDays of [8, -1, 1.5, '2', null]) {
      const response = await put(concertId, seller, { ...valid, depositDueDays });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'C001',
        errors: [{ field: 'depositDueDays', message: expect.any(String) }],
      });
    }
    for (const days of [8, -1]) {
      expect(
        (await put(concertId, seller, { ...valid, depositDueDays: days })).json(),
      ).toMatchObject({
        message: '0~7일 사이로 입력해주세요.',
        errors: [{ field: 'depositDueDays', message: '0~7일 사이로 입력해주세요.' }],
      });
    }
    const missing = await put(concertId, seller, { depositDueDays: 2 });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['cultureExpense', 'virtualAccountEnabled']);
    expect((await put(concertId, seller, { ...valid, cultureExpense: 'yes' })).statusCode).toBe(
      400,
    );
    expect(await storedSettings(concertId)).toEqual(before);
  });

  it('a cancelled or completed performance keeps its settings: 409 S006 with the reason', async () => {
    const change = { virtualAccountEnabled: false, depositDueDays: 4, cultureExpense: true };
    for (const [status, message] of [
      ['CANCELLED', depositSettingsMessages.concertCancelled],
      ['COMPLETED', depositSettingsMessages.concertCompleted],
    ] as const) {
      const concertId = await newConcert();
      await ctx.database.db.update(concerts).set({ status }).where(eq(concerts.id, concertId));
      const before = await storedSettings(concertId);
      const response = await put(concertId, seller, change);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ success: false, status: 409, code: 'S006', message });
      expect(await storedSettings(concertId)).toEqual(before);
      // Reading them is still fine.
      expect((await get(concertId, seller)).statusCode).toBe(200);
    }
  });
});

describe('OpenAPI', () => {
  it('documents both calls with examples', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const path = response.json().paths['/api/seller/concerts/{concertId}/payment-settings'];
    expect(Object.keys(path).sort()).toEqual(['get', 'put']);
    for (const method of ['get', 'put']) {
      expect(path[method].summary).toEqual(expect.any(String));
      // OpenAPI 3.0 carries the zod `examples` metadata as `example` (one) or `examples` (more).
      expect(JSON.stringify(path[method].responses['200'])).toMatch(/"examples?":\{/);
    }
    expect(JSON.stringify(path.put.requestBody)).toMatch(/"examples?":\{/);
  });
});
