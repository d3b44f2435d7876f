import {
  sellerMessages,
  type ApprovalHistoryEntry,
  type Page,
  type SellerApplication,
} from '@curtaincall/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalHistory, concerts, sellerApplications, users } from '../../db/schema/index';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import {
  applicationBody,
  applyForSeller,
  decide,
  samplePdf,
  samplePng,
} from '../../../test/helpers/sellers';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { documentContentSecurityPolicy } from './seller-document-reply';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

let ctx: TestContext;
let admin: Account;
let secondAdmin: Account;
let seller: Account;
let plainUser: Account;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  admin = await createLoggedInUser(ctx.app, db, 'ROLE_ADMIN');
  secondAdmin = await createLoggedInUser(ctx.app, db, 'ROLE_ADMIN');
  seller = await createLoggedInUser(ctx.app, db, 'ROLE_SELLER');
  plainUser = await createLoggedInUser(ctx.app, db);
});
afterAll(async () => ctx?.close());

const newUser = () => createLoggedInUser(ctx.app, ctx.database.db);

function call(
  method: 'GET' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string | null,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { payload } : {}),
  });
}

function revoke(userId: number, cookie: string, reason: unknown = '약관 위반') {
  return call('DELETE', `/api/admin/sellers/${userId}/role`, cookie, { reason });
}

async function pending(): Promise<SellerApplication[]> {
  const response = await call('GET', '/api/admin/seller-requests', admin.cookie);
  expect(response.statusCode).toBe(200);
  return response.json().data as SellerApplication[];
}

async function applicant(
  body = applicationBody(),
): Promise<Account & { businessNumber: string; companyName: string }> {
  const user = await newUser();
  const response = await applyForSeller(ctx.app, user.cookie, body);
  expect(response.statusCode).toBe(201);
  return { ...user, businessNumber: body.businessNumber, companyName: body.companyName };
}

async function approvedSeller() {
  const user = await applicant();
  expect((await decide(ctx.app, admin.cookie, user.id, true)).statusCode).toBe(200);
  return user;
}

async function history(query: string): Promise<Page<ApprovalHistoryEntry>> {
  const response = await call('GET', `/api/admin/approvals/history${query}`, admin.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Page<ApprovalHistoryEntry>;
}

describe('who may call the admin routes', () => {
  const urls = (userId: number, applicationId: number) =>
    [
      ['GET', '/api/admin/seller-requests'],
      ['GET', `/api/admin/seller-requests/${applicationId}`],
      ['GET', `/api/admin/seller-requests/${applicationId}/document`],
      ['PATCH', `/api/admin/seller-requests/${userId}/process`, { approve: true, reason: null }],
      ['DELETE', `/api/admin/sellers/${userId}/role`, { reason: '사유' }],
      ['GET', '/api/admin/sellers'],
      ['GET', `/api/admin/sellers/${userId}/approval-history`],
      ['GET', '/api/admin/approvals/history'],
    ] as const;

  it('anonymous -> 401 A006; a user, the applicant and a seller -> 403 P001', async () => {
    const user = await applicant();
    const [application] = (await pending()).filter((a) => a.userId === user.id);
    for (const [method, url, payload] of urls(user.id, application?.applicationId ?? 0)) {
      const anonymous = await call(method, url, null, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json().code).toBe('A006');
      for (const who of [plainUser, user, seller]) {
        const refused = await call(method, url, who.cookie, payload);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json()).toMatchObject({
          code: 'P001',
          message: '관리자만 접근할 수 있습니다.',
        });
      }
    }
    // Nothing was decided by the refused calls.
    expect((await pending()).some((a) => a.userId === user.id)).toBe(true);
  });
});

describe('GET /admin/seller-requests and /admin/seller-requests/{applicationId}', () => {
  it('lists SUBMITTED applications oldest first with the applicant and flags', async () => {
    const first = await applicant();
    ctx.clock.advance(1000);
    const second = await applicant();
    const list = await pending();
    const ids = list.map((a) => a.userId);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const entry = list.find((a) => a.userId === first.id);
    expect(entry).toEqual({
      applicationId: expect.any(Number),
      userId: first.id,
      username: first.username,
      userNickname: first.nickname,
      companyName: first.companyName,
      businessNumber: first.businessNumber,
      representativeName: '김대표',
      representativePhone: '01012345678',
      uploadedFileUrl: `${ctx.config.publicBaseUrl}/api/admin/seller-requests/${entry?.applicationId}/document`,
      status: 'SUBMITTED',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      reapplicant: false,
      everRevoked: false,
    });

    const detail = await call(
      'GET',
      `/api/admin/seller-requests/${entry?.applicationId}`,
      admin.cookie,
    );
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['cache-control']).toBe('private, no-store');
    expect(detail.json().data).toEqual(entry);
  });

  it('an unknown or malformed id -> 404 / 400 with the spec’s message', async () => {
    const unknown = await call('GET', '/api/admin/seller-requests/999999', admin.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('C002');
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999']) {
      const response = await call('GET', `/api/admin/seller-requests/${bad}`, admin.cookie);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toBe(sellerMessages.applicationId);
    }
  });
});

describe('the admin’s document path', () => {
  it('serves the application’s document to admins, inline and sandboxed', async () => {
    const user = await applicant();
    const application = (await pending()).find((a) => a.userId === user.id);
    const url = new URL(application?.uploadedFileUrl ?? '');
    const response = await call('GET', url.pathname, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': documentContentSecurityPolicy,
    });
    expect(response.rawPayload.equals(samplePdf)).toBe(true);
    // The applicant opens theirs only through their own path; nobody else through this one.
    for (const who of [user, plainUser, seller]) {
      expect((await call('GET', url.pathname, who.cookie)).statusCode).toBe(403);
    }
    expect((await call('GET', url.pathname, null)).statusCode).toBe(401);
  });

  it('an image document keeps its detected type; unknown application -> 404', async () => {
    const user = await newUser();
    await applyForSeller(ctx.app, user.cookie, applicationBody(), {
      filename: 'scan.pdf',
      contentType: 'application/pdf',
      content: samplePng,
    });
    const application = (await pending()).find((a) => a.userId === user.id);
    const response = await call(
      'GET',
      `/api/admin/seller-requests/${application?.applicationId}/document`,
      admin.cookie,
    );
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(samplePng)).toBe(true);
    const missing = await call('GET', '/api/admin/seller-requests/999999/document', admin.cookie);
    expect(missing.statusCode).toBe(404);
  });
});

describe('PATCH /admin/seller-requests/{userId}/process', () => {
  it('approves: role SELLER at the applicant’s next request, application ACCEPTED, history with the admin', async () => {
    const user = await applicant();
    const before = await call('GET', '/api/auth/me', user.cookie);
    expect(before.json().role).toBe('ROLE_USER');

    // A seller-only call (ticket checks) refuses the applicant until the approval ...
    const verify = () => call('GET', '/api/tickets/verify?token=not-a-ticket', user.cookie);
    expect((await verify()).statusCode).toBe(403);

    const response = await decide(ctx.app, admin.cookie, user.id, true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: sellerMessages.approved });

    // ... and lets the same session in at its very next request.
    expect((await verify()).statusCode).toBe(200);
    const me = await call('GET', '/api/auth/me', user.cookie);
    expect(me.json().role).toBe('ROLE_SELLER');
    const status = await call('GET', '/api/users/me/seller-status', user.cookie);
    expect(status.json().data).toMatchObject({
      role: 'SELLER',
      approvalStatus: 'APPROVED',
      canWithdraw: true,
      canReapply: false,
    });
    const [application] = await ctx.database.db
      .select()
      .from(sellerApplications)
      .where(eq(sellerApplications.userId, user.id));
    expect(application?.status).toBe('ACCEPTED');
    const entries = await call(
      'GET',
      `/api/admin/sellers/${user.id}/approval-history`,
      admin.cookie,
    );
    expect(entries.json().data).toEqual([
      expect.objectContaining({
        type: 'APPROVED',
        reason: null,
        adminId: admin.id,
        adminUsername: admin.username,
        sellerApplicationId: application?.id,
        username: user.username,
        userNickname: user.nickname,
      }),
      expect.objectContaining({ type: 'REQUEST', adminId: null, adminUsername: null }),
    ]);
    // Not pending any more; listed among the sellers.
    expect((await pending()).some((a) => a.userId === user.id)).toBe(false);
    const sellers = await call('GET', '/api/admin/sellers', admin.cookie);
    expect(
      (sellers.json().data as SellerApplication[]).find((a) => a.userId === user.id),
    ).toMatchObject({ status: 'ACCEPTED', companyName: user.companyName });
  });

  it('rejects with a trimmed reason: role unchanged, status REJECTED, the reason kept', async () => {
    const user = await applicant();
    const response = await decide(ctx.app, admin.cookie, user.id, false, '  서류 불명확  ');
    expect(response.json()).toEqual({ success: true, message: sellerMessages.rejected });
    const [account] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(account).toMatchObject({ role: 'ROLE_USER', sellerApprovalStatus: 'REJECTED' });
    const [application] = await ctx.database.db
      .select()
      .from(sellerApplications)
      .where(eq(sellerApplications.userId, user.id));
    expect(application).toMatchObject({ status: 'REJECTED', reason: '서류 불명확' });
    const [entry] = await ctx.database.db
      .select()
      .from(approvalHistory)
      .where(and(eq(approvalHistory.type, 'REJECTED'), eq(approvalHistory.userId, user.id)));
    expect(entry).toMatchObject({ reason: '서류 불명확', adminId: admin.id });
  });

  it('rejecting without a trimmed reason -> 400 with the spec’s message; body rules', async () => {
    const user = await applicant();
    for (const reason of [null, '', '   ', undefined]) {
      const response = await call(
        'PATCH',
        `/api/admin/seller-requests/${user.id}/process`,
        admin.cookie,
        reason === undefined ? { approve: false } : { approve: false, reason },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'C001',
        message: sellerMessages.rejectReasonRequired,
      });
    }
    const tooLong = await decide(ctx.app, admin.cookie, user.id, false, '가'.repeat(256));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(sellerMessages.reasonTooLong);
    const noApprove = await call(
      'PATCH',
      `/api/admin/seller-requests/${user.id}/process`,
      admin.cookie,
      { reason: '사유' },
    );
    expect(noApprove.statusCode).toBe(400);
    const stringApprove = await call(
      'PATCH',
      `/api/admin/seller-requests/${user.id}/process`,
      admin.cookie,
      { approve: 'true' },
    );
    expect(stringApprove.statusCode).toBe(400);
    const badUser = await decide(ctx.app, admin.cookie, 0, true);
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json().message).toBe(sellerMessages.userId);
    // Still pending after every refusal.
    expect((await pending()).some((a) => a.userId === user.id)).toBe(true);
  });

  it('no pending application -> 404; unknown user -> 404; decided already -> 409 S008', async () => {
    const never = await decide(ctx.app, admin.cookie, plainUser.id, true);
    expect(never.statusCode).toBe(404);
    expect(never.json()).toMatchObject({
      code: 'C002',
      message: sellerMessages.noPendingApplication,
    });
    const unknown = await decide(ctx.app, admin.cookie, 9_999_999, true);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('A007');

    const user = await approvedSeller();
    const again = await decide(ctx.app, admin.cookie, user.id, false);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'S008', message: sellerMessages.alreadyDecided });
  });

  it('an applicant made admin meanwhile keeps the admin role when approved', async () => {
    const user = await applicant();
    await ctx.database.db.update(users).set({ role: 'ROLE_ADMIN' }).where(eq(users.id, user.id));
    expect((await decide(ctx.app, admin.cookie, user.id, true)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', user.cookie)).json().role).toBe('ROLE_ADMIN');
  });

  it('two admins deciding one application at once: exactly one 200, the other 409', async () => {
    for (let round = 0; round < 3; round += 1) {
      const user = await applicant();
      const results = await Promise.all([
        decide(ctx.app, admin.cookie, user.id, true),
        decide(ctx.app, secondAdmin.cookie, user.id, false, '중복 신청'),
      ]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409);
      expect(loser?.json()).toMatchObject({ code: 'S008', message: sellerMessages.alreadyDecided });
      const decisions = await ctx.database.db
        .select()
        .from(approvalHistory)
        .where(eq(approvalHistory.userId, user.id));
      expect(decisions.filter((d) => d.type !== 'REQUEST')).toHaveLength(1);
      const winner = results.findIndex((r) => r.statusCode === 200);
      const [account] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
      expect(account?.role).toBe(winner === 0 ? 'ROLE_SELLER' : 'ROLE_USER');
    }
  });
});

describe('DELETE /admin/sellers/{userId}/role', () => {
  it('revokes: role USER at once, REVOKED with the reason, flagged on a re-application', async () => {
    const user = await approvedSeller();
    const response = await revoke(user.id, admin.cookie, '  허위 공연 등록  ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: sellerMessages.revoked });
    expect((await call('GET', '/api/auth/me', user.cookie)).json().role).toBe('ROLE_USER');
    const verify = await call('GET', '/api/tickets/verify?token=not-a-ticket', user.cookie);
    expect(verify.statusCode).toBe(403);
    const status = await call('GET', '/api/users/me/seller-status', user.cookie);
    expect(status.json().data).toMatchObject({
      role: 'USER',
      approvalStatus: 'REVOKED',
      lastReason: '허위 공연 등록',
      canReapply: true,
    });
    const [application] = await ctx.database.db
      .select()
      .from(sellerApplications)
      .where(eq(sellerApplications.userId, user.id));
    expect(application).toMatchObject({ status: 'REVOKED', reason: '허위 공연 등록' });
    const sellers = (await call('GET', '/api/admin/sellers', admin.cookie)).json()
      .data as SellerApplication[];
    expect(sellers.some((s) => s.userId === user.id)).toBe(false);

    // Re-applies without a new file: flagged 재신청 and with the REVOKED warning.
    expect((await applyForSeller(ctx.app, user.cookie, applicationBody(), null)).statusCode).toBe(
      201,
    );
    const again = (await pending()).find((a) => a.userId === user.id);
    expect(again).toMatchObject({ reapplicant: true, everRevoked: true });
    expect(again?.uploadedFileUrl).not.toBeNull();
  });

  it('refused with 409 S006 while the seller has SCHEDULED or ON_SALE concerts', async () => {
    const user = await approvedSeller();
    const concert = await createConcert(ctx.database.db, {
      sellerId: user.id,
      status: 'SCHEDULED',
    });
    const response = await revoke(user.id, admin.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'S006',
      message: sellerMessages.revokeActiveConcerts,
    });
    expect((await call('GET', '/api/auth/me', user.cookie)).json().role).toBe('ROLE_SELLER');
    await ctx.database.db
      .update(concerts)
      .set({ status: 'CANCELLED' })
      .where(eq(concerts.id, concert.id));
    expect((await revoke(user.id, admin.cookie)).statusCode).toBe(200);
  });

  it('reason rules, non-sellers and unknown users', async () => {
    const user = await approvedSeller();
    for (const reason of ['', '   ', null, 42]) {
      const response = await revoke(user.id, admin.cookie, reason);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(sellerMessages.revokeReasonRequired);
    }
    const noBody = await call('DELETE', `/api/admin/sellers/${user.id}/role`, admin.cookie);
    expect(noBody.statusCode).toBe(400);
    const tooLong = await revoke(user.id, admin.cookie, '가'.repeat(256));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(sellerMessages.reasonTooLong);

    const notSeller = await revoke(plainUser.id, admin.cookie);
    expect(notSeller.statusCode).toBe(400);
    expect(notSeller.json()).toMatchObject({ code: 'S009', message: sellerMessages.notSeller });
    const anAdmin = await revoke(secondAdmin.id, admin.cookie);
    expect(anAdmin.statusCode).toBe(400);
    const unknown = await revoke(9_999_999, admin.cookie);
    expect(unknown.statusCode).toBe(404);
    // Still a seller after every refusal.
    expect((await call('GET', '/api/auth/me', user.cookie)).json().role).toBe('ROLE_SELLER');
  });

  it('two admins revoking at once: one 200, the other refused, one REVOKED entry', async () => {
    const user = await approvedSeller();
    const results = await Promise.all([
      revoke(user.id, admin.cookie, '첫 번째'),
      revoke(user.id, secondAdmin.cookie, '두 번째'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const entries = await ctx.database.db
      .select()
      .from(approvalHistory)
      .where(eq(approvalHistory.userId, user.id));
    expect(entries.filter((e) => e.type === 'REVOKED')).toHaveLength(1);
  });
});

describe('GET /admin/sellers and /admin/sellers/{userId}/approval-history', () => {
  it('lists current sellers; a seller without an application is not listed', async () => {
    const user = await approvedSeller();
    const response = await call('GET', '/api/admin/sellers', admin.cookie);
    const sellers = response.json().data as SellerApplication[];
    expect(sellers.find((s) => s.userId === user.id)).toMatchObject({
      status: 'ACCEPTED',
      username: user.username,
      reapplicant: false,
      everRevoked: false,
    });
    expect(sellers.some((s) => s.userId === seller.id)).toBe(false);
  });

  it('history newest first; an id of nobody has none; malformed id 400', async () => {
    const user = await applicant();
    ctx.clock.advance(1000);
    await decide(ctx.app, admin.cookie, user.id, false, '첫 반려');
    ctx.clock.advance(1000);
    await applyForSeller(ctx.app, user.cookie, applicationBody(), null);
    const response = await call(
      'GET',
      `/api/admin/sellers/${user.id}/approval-history`,
      admin.cookie,
    );
    expect((response.json().data as ApprovalHistoryEntry[]).map((e) => e.type)).toEqual([
      'REQUEST',
      'REJECTED',
      'REQUEST',
    ]);
    const nobody = await call('GET', '/api/admin/sellers/9999999/approval-history', admin.cookie);
    expect(nobody.statusCode).toBe(200);
    expect(nobody.json().data).toEqual([]);
    const malformed = await call('GET', '/api/admin/sellers/abc/approval-history', admin.cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(sellerMessages.userId);
    // The re-application is flagged: an earlier rejection, no revoke.
    expect((await pending()).find((a) => a.userId === user.id)).toMatchObject({
      reapplicant: true,
      everRevoked: false,
    });
  });
});

describe('GET /admin/approvals/history', () => {
  it('searches case-insensitively across username, nickname, company, number, representative, reason and type', async () => {
    const tag = `Zq${Date.now().toString(36)}`;
    const user = await applicant(
      applicationBody({ companyName: `${tag} Company`, representativeName: `대표${tag}` }),
    );
    await decide(ctx.app, admin.cookie, user.id, false, `reason-${tag}-Blurry`);
    const byCompany = await history(`?keyword=${encodeURIComponent(tag.toLowerCase())}`);
    expect(byCompany.content.map((e) => e.type).sort()).toEqual(['REJECTED', 'REQUEST']);
    const byReason = await history(`?keyword=${encodeURIComponent('BLURRY')}`);
    expect(byReason.content.some((e) => e.userId === user.id && e.type === 'REJECTED')).toBe(true);
    const byUsername = await history(`?keyword=${encodeURIComponent(user.username.toUpperCase())}`);
    expect(byUsername.content.every((e) => e.userId === user.id)).toBe(true);
    expect(byUsername.totalElements).toBe(2);
    const byNickname = await history(`?keyword=${encodeURIComponent(user.nickname)}`);
    expect(byNickname.totalElements).toBe(2);
    const byNumber = await history(`?keyword=${user.businessNumber}`);
    expect(byNumber.content.every((e) => e.userId === user.id)).toBe(true);
    const byRepresentative = await history(`?keyword=${encodeURIComponent(`대표${tag}`)}`);
    expect(byRepresentative.totalElements).toBe(2);
    const byType = await history('?keyword=rejected&size=20');
    expect(byType.content.length).toBeGreaterThan(0);
    expect(
      byType.content.every((e) => e.type === 'REJECTED' || /rejected/i.test(e.reason ?? '')),
    ).toBe(true);
    // Wildcards match themselves only.
    expect((await history('?keyword=%25')).totalElements).toBe(0);
    expect((await history('?keyword=_')).totalElements).toBe(0);
    const typed = await history(`?typeFilter=REQUEST&keyword=${encodeURIComponent(tag)}`);
    expect(typed.content.map((e) => e.type)).toEqual(['REQUEST']);
  });

  it('pages newest first with sizes 5, 10 and 20; other sizes and types refused', async () => {
    for (let i = 0; i < 6; i += 1) {
      ctx.clock.advance(1000);
      await applicant();
    }
    const first = await history('?page=0&size=5&sort=createdAt,desc');
    expect(first).toMatchObject({ number: 0, size: 5, first: true, numberOfElements: 5 });
    expect(first.totalElements).toBeGreaterThanOrEqual(6);
    const times = first.content.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await history('?page=1&size=5');
    expect(second.content.map((e) => e.id)).not.toContain(first.content[0]?.id);
    expect((await history('')).size).toBe(10);
    expect((await history('?size=20')).size).toBe(20);
    for (const query of ['?size=7', '?size=abc', '?page=-1', '?typeFilter=NOPE']) {
      const response = await call('GET', `/api/admin/approvals/history${query}`, admin.cookie);
      expect(response.statusCode, query).toBe(400);
    }
    const badSize = await call('GET', '/api/admin/approvals/history?size=7', admin.cookie);
    expect(badSize.json().message).toBe(sellerMessages.historyPageSize);
    const longKeyword = await call(
      'GET',
      `/api/admin/approvals/history?keyword=${'a'.repeat(101)}`,
      admin.cookie,
    );
    expect(longKeyword.json().message).toBe(sellerMessages.keywordTooLong);
    const far = await history('?page=999&size=5');
    expect(far).toMatchObject({ content: [], empty: true, last: true });
  });
});
