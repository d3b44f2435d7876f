import { paymentMethodMessages } from '@curtaincall/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundAccounts } from '../../db/schema/index';
import { createFieldCrypto } from '../../lib/field-crypto';
import { createLoggedInUser } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { refundAccountsRoutes } from './refund-accounts.routes';
import { createRefundAccountsService, type RefundAccountsService } from './refund-accounts.service';

type LoggedIn = Awaited<ReturnType<typeof createLoggedInUser>>;

const URL = '/api/users/me/refund-account';
const accountNumber = '110123455678';
const holder = '홍길동';

let ctx: TestContext;
/** A service over the same database and key as the app's, for the payments-side lookup. */
let service: RefundAccountsService;

beforeAll(async () => {
  ctx = await createTestContext();
  const secret = ctx.config.sessionSecret;
  if (!secret) throw new Error('the test config has no session secret');
  // app.ts builds its field crypto from the session secret, as here.
  service = createRefundAccountsService({
    db: ctx.database.db,
    crypto: createFieldCrypto(secret),
    clock: ctx.clock,
  });
  // Until app.ts registers the module, the test registers it as app.ts will.
  if (!ctx.app.hasRoute({ method: 'GET', url: URL })) {
    await ctx.app.register(
      async (api) => {
        await api.register(refundAccountsRoutes, { refundAccounts: service });
      },
      { prefix: '/api' },
    );
  }
});
afterAll(async () => ctx?.close());

function call(method: 'GET' | 'PUT' | 'DELETE', who: { cookie: string } | null, payload?: unknown) {
  return ctx.app.inject({
    method,
    url: URL,
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

async function storedRow(userId: number) {
  const [row] = await ctx.database.db
    .select()
    .from(refundAccounts)
    .where(eq(refundAccounts.userId, userId));
  return row;
}

describe('환불 계좌', () => {
  let owner: LoggedIn;
  let other: LoggedIn;

  beforeAll(async () => {
    owner = await createLoggedInUser(ctx.app, ctx.database.db);
    other = await createLoggedInUser(ctx.app, ctx.database.db);
  });

  it('anonymous -> 401 A006 on every call', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await call(
        method,
        null,
        method === 'PUT' ? { bank: '88', accountNumber, holder } : undefined,
      );
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'A006' });
    }
  });

  it('none registered: data null', async () => {
    const fresh = await createLoggedInUser(ctx.app, ctx.database.db);
    const response = await call('GET', fresh);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({ success: true, data: null });
    expect(await service.readRefundReceiveAccount(fresh.id)).toBeNull();
  });

  it('saves the account encrypted and answers it masked only', async () => {
    ctx.clock.set(new Date('2026-11-02T05:05:00Z'));
    const saved = await call('PUT', owner, {
      bank: '88',
      accountNumber: '110-1234-55678',
      holder: ` ${holder} `,
    });
    expect(saved.statusCode).toBe(200);
    const masked = {
      bankCode: '88',
      bankName: '신한은행',
      maskedNumber: '********5678',
      maskedHolder: '홍*동',
      updatedAt: '2026-11-02T14:05:00',
    };
    expect(saved.json()).toEqual({
      success: true,
      message: paymentMethodMessages.refundAccountSaved,
      data: masked,
    });
    expect(saved.body).not.toContain(accountNumber);
    expect(saved.body).not.toContain(holder);

    const read = await call('GET', owner);
    expect(read.json()).toEqual({ success: true, data: masked });
    expect(read.body).not.toContain(accountNumber);
    expect(read.body).not.toContain(holder);

    // At rest: sealed values, neither the number nor the name readable in the table.
    const row = await storedRow(owner.id);
    expect(row).toMatchObject({
      bankCode: '88',
      maskedNumber: '********5678',
      maskedHolder: '홍*동',
    });
    for (const sealed of [row?.accountNumberEncrypted, row?.holderEncrypted]) {
      expect(sealed).toMatch(/^v1\./);
      expect(sealed).not.toContain(accountNumber);
      expect(sealed).not.toContain('5678');
      expect(sealed).not.toContain(holder);
    }
    // Two saves of the same value are sealed with fresh nonces (nothing to compare across rows).
    expect(row?.accountNumberEncrypted).not.toBe(row?.holderEncrypted);

    // The payments service's lookup opens them for the provider's cancel call.
    expect(await service.readRefundReceiveAccount(owner.id)).toEqual({
      bank: '88',
      accountNumber,
      holderName: holder,
    });
  });

  it('a second save replaces the first', async () => {
    const first = await storedRow(owner.id);
    const saved = await call('PUT', owner, {
      bank: '90',
      accountNumber: '3333012345678',
      holder: '김철',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      bankCode: '90',
      bankName: '카카오뱅크',
      maskedNumber: '*********5678',
      maskedHolder: '김*',
    });
    const row = await storedRow(owner.id);
    expect(row?.accountNumberEncrypted).not.toBe(first?.accountNumberEncrypted);
    expect(await service.readRefundReceiveAccount(owner.id)).toEqual({
      bank: '90',
      accountNumber: '3333012345678',
      holderName: '김철',
    });
  });

  it("is the caller's own: another user sees and deletes only theirs", async () => {
    const before = await storedRow(owner.id);
    const read = await call('GET', other);
    expect(read.json()).toEqual({ success: true, data: null });
    const deleted = await call('DELETE', other);
    expect(deleted.statusCode).toBe(200);
    expect(await storedRow(owner.id)).toEqual(before);

    // Their own save touches only their row.
    const saved = await call('PUT', other, {
      bank: '04',
      accountNumber: '9876543210',
      holder: '이영희',
    });
    expect(saved.json().data).toMatchObject({ bankCode: '04', maskedHolder: '이*희' });
    expect(await storedRow(owner.id)).toEqual(before);
    expect((await call('GET', owner)).json().data).toMatchObject({ bankCode: '90' });
  });

  it('refuses a wrong bank, number or holder with Korean field errors, nothing stored', async () => {
    const fresh = await createLoggedInUser(ctx.app, ctx.database.db);
    const cases: Array<{ body: unknown; field: string; message: string }> = [
      {
        body: { bank: '99', accountNumber, holder },
        field: 'bank',
        message: '은행을 선택해주세요.',
      },
      {
        body: { accountNumber, holder },
        field: 'bank',
        message: '은행을 선택해주세요.',
      },
      {
        body: { bank: '88', accountNumber: '12345', holder },
        field: 'accountNumber',
        message: paymentMethodMessages.refundAccountNumber,
      },
      {
        body: { bank: '88', accountNumber: '1101234abc5678', holder },
        field: 'accountNumber',
        message: paymentMethodMessages.refundAccountNumber,
      },
      {
        body: { bank: '88', holder },
        field: 'accountNumber',
        message: paymentMethodMessages.refundAccountNumber,
      },
      {
        body: { bank: '88', accountNumber, holder: '   ' },
        field: 'holder',
        message: paymentMethodMessages.refundAccountHolder,
      },
      {
        body: { bank: '88', accountNumber, holder: '가'.repeat(21) },
        field: 'holder',
        message: paymentMethodMessages.refundAccountHolder,
      },
    ];
    for (const { body, field, message } of cases) {
      const response = await call('PUT', fresh, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'C001',
        message,
        errors: [{ field, message }],
      });
    }
    // An empty or malformed body is a 400 as well, never a 500.
    expect((await call('PUT', fresh, {})).statusCode).toBe(400);
    const broken = await ctx.app.inject({
      method: 'PUT',
      url: URL,
      headers: { cookie: fresh.cookie, 'content-type': 'application/json' },
      payload: '{"bank":',
    });
    expect(broken.statusCode).toBe(400);
    expect(await storedRow(fresh.id)).toBeUndefined();
  });

  it('deletes the account: data null, nothing left for a refund', async () => {
    const response = await call('DELETE', owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: paymentMethodMessages.refundAccountDeleted,
    });
    expect(await storedRow(owner.id)).toBeUndefined();
    expect((await call('GET', owner)).json()).toEqual({ success: true, data: null });
    expect(await service.readRefundReceiveAccount(owner.id)).toBeNull();
    // Deleting again is fine.
    expect((await call('DELETE', owner)).statusCode).toBe(200);
  });

  it('a value another key sealed counts as no account (asked again rather than sent broken)', async () => {
    const fresh = await createLoggedInUser(ctx.app, ctx.database.db);
    const foreign = createRefundAccountsService({
      db: ctx.database.db,
      crypto: createFieldCrypto('another-secret-entirely-0123456789'),
      clock: ctx.clock,
    });
    await foreign.saveOwn(fresh.id, {
      bank: '20',
      accountNumber: '1002123456789',
      holder: '박민수',
    });
    expect(await foreign.readRefundReceiveAccount(fresh.id)).toMatchObject({
      holderName: '박민수',
    });
    expect(await service.readRefundReceiveAccount(fresh.id)).toBeNull();
  });

  it('tells a waiting refund when an account is saved', async () => {
    const fresh = await createLoggedInUser(ctx.app, ctx.database.db);
    const saved: number[] = [];
    const watched = createRefundAccountsService({
      db: ctx.database.db,
      crypto: createFieldCrypto('watched-secret-0123456789abcdef'),
      clock: ctx.clock,
      onSaved: (userId) => saved.push(userId),
    });
    await watched.saveOwn(fresh.id, {
      bank: '20',
      accountNumber: '1002123456789',
      holder: '박민수',
    });
    expect(saved).toEqual([fresh.id]);
  });
});

describe('OpenAPI', () => {
  it('documents the refund-account calls with examples', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const path = response.json().paths['/api/users/me/refund-account'];
    expect(Object.keys(path).sort()).toEqual(['delete', 'get', 'put']);
    for (const method of ['get', 'put', 'delete']) {
      expect(path[method].summary).toEqual(expect.any(String));
      // OpenAPI 3.0 carries the zod `examples` metadata as `example` (one) or `examples` (more).
      expect(JSON.stringify(path[method].responses['200'])).toMatch(/"examples?":\{/);
    }
    expect(JSON.stringify(path.get.responses['200'])).toContain('********5678');
    expect(JSON.stringify(path.put.requestBody)).toMatch(/"examples?":\{/);
  });
});
