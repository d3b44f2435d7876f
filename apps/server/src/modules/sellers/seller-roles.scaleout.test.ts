import { sellerMessages } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createLoggedInUser } from '../../../test/helpers/factories';
import { applicationBody, applyForSeller, decide, samplePdf } from '../../../test/helpers/sellers';
import {
  createSecondInstance,
  createTestContext,
  type TestContext,
} from '../../../test/helpers/test-app';

/**
 * Two instances on one PostgreSQL and one Redis (sessions in Redis): a role changed through one
 * instance is what the other sees at the user's very next request, with the same session and no
 * new login; and two admins on different instances deciding one application get one 200 and one
 * 409.
 */
let ctx: TestContext;
let other: Awaited<ReturnType<typeof createSecondInstance>>;

beforeAll(async () => {
  ctx = await createTestContext();
  other = await createSecondInstance(ctx);
});
afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

async function roleOn(app: App, cookie: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { role: string }).role;
}

function statusOn(app: App, cookie: string) {
  return app.inject({ method: 'GET', url: '/api/users/me/seller-status', headers: { cookie } });
}

describe('seller roles across instances', () => {
  it('approve on B, seen on A at once; revoke on A, seen on B at once; same session', async () => {
    const a = ctx.app;
    const b = other.app;
    const admin = await createLoggedInUser(a, ctx.database.db, 'ROLE_ADMIN');
    const user = await createLoggedInUser(a, ctx.database.db);
    expect(await roleOn(a, user.cookie)).toBe('ROLE_USER');
    expect(await roleOn(b, user.cookie)).toBe('ROLE_USER');

    expect((await applyForSeller(a, user.cookie, applicationBody())).statusCode).toBe(201);
    // The admin on the other instance sees the application and its document.
    const list = await b.inject({
      method: 'GET',
      url: '/api/admin/seller-requests',
      headers: { cookie: admin.cookie },
    });
    const application = (
      list.json().data as Array<{ userId: number; uploadedFileUrl: string }>
    ).find((entry) => entry.userId === user.id);
    expect(application).toBeDefined();
    const document = await b.inject({
      method: 'GET',
      url: new URL(application?.uploadedFileUrl ?? '').pathname,
      headers: { cookie: admin.cookie },
    });
    expect(document.statusCode).toBe(200);
    expect(document.rawPayload.equals(samplePdf)).toBe(true);

    const verifyOn = async (app: App) =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/tickets/verify?token=not-a-ticket',
          headers: { cookie: user.cookie },
        })
      ).statusCode;
    expect(await verifyOn(a)).toBe(403);
    expect((await decide(b, admin.cookie, user.id, true)).statusCode).toBe(200);
    // The seller-only ticket check lets the same session in on the other instance at once.
    expect(await verifyOn(a)).toBe(200);
    expect(await roleOn(a, user.cookie)).toBe('ROLE_SELLER');
    expect((await statusOn(a, user.cookie)).json().data).toMatchObject({
      role: 'SELLER',
      approvalStatus: 'APPROVED',
      canWithdraw: true,
    });

    const revoked = await a.inject({
      method: 'DELETE',
      url: `/api/admin/sellers/${user.id}/role`,
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      payload: { reason: '확인 결과 휴업 중인 사업자' },
    });
    expect(revoked.json()).toEqual({ success: true, message: sellerMessages.revoked });
    expect(await roleOn(b, user.cookie)).toBe('ROLE_USER');
    expect(await verifyOn(b)).toBe(403);
    expect((await statusOn(b, user.cookie)).json().data).toMatchObject({
      role: 'USER',
      approvalStatus: 'REVOKED',
      lastReason: '확인 결과 휴업 중인 사업자',
    });

    // Re-applies on B without a new file, approved on A, withdraws on B: A sees a plain user.
    expect((await applyForSeller(b, user.cookie, applicationBody(), null)).statusCode).toBe(201);
    expect((await decide(a, admin.cookie, user.id, true)).statusCode).toBe(200);
    expect(await roleOn(b, user.cookie)).toBe('ROLE_SELLER');
    const withdrawn = await b.inject({
      method: 'DELETE',
      url: '/api/users/me/role',
      headers: { cookie: user.cookie },
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(await roleOn(a, user.cookie)).toBe('ROLE_USER');
  });

  it('two admins on two instances deciding one application: one 200, one 409 S008', async () => {
    const firstAdmin = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_ADMIN');
    const secondAdmin = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_ADMIN');
    for (let round = 0; round < 5; round += 1) {
      const user = await createLoggedInUser(ctx.app, ctx.database.db);
      expect((await applyForSeller(ctx.app, user.cookie, applicationBody())).statusCode).toBe(201);
      const results = await Promise.all([
        decide(ctx.app, firstAdmin.cookie, user.id, true),
        decide(other.app, secondAdmin.cookie, user.id, false, '다른 관리자의 반려'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409);
      expect(loser?.json()).toMatchObject({ code: 'S008', message: sellerMessages.alreadyDecided });
      const history = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/sellers/${user.id}/approval-history`,
        headers: { cookie: firstAdmin.cookie },
      });
      const types = (history.json().data as Array<{ type: string }>).map((e) => e.type);
      expect(types.filter((t) => t !== 'REQUEST')).toHaveLength(1);
      const expectedRole = results[0]?.statusCode === 200 ? 'ROLE_SELLER' : 'ROLE_USER';
      expect(await roleOn(other.app, user.cookie)).toBe(expectedRole);
    }
  });
});
