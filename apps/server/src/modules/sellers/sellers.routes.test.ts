import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { errorMessages, limits, sellerMessages, type SellerStatus } from '@curtaincall/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalHistory, concerts, sellerApplications, users } from '../../db/schema/index';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import {
  applicationBody,
  applyForSeller,
  decide,
  pdfPart,
  samplePdf,
  samplePng,
} from '../../../test/helpers/sellers';
import { solidPng } from '../../../test/helpers/huge-png';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { documentContentSecurityPolicy } from './seller-document-reply';

type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

let ctx: TestContext;
let admin: Account;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_ADMIN');
});
afterAll(async () => ctx?.close());

const newUser = () => createLoggedInUser(ctx.app, ctx.database.db);

function get(url: string, cookie: string | null) {
  return ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

async function statusOf(account: Account): Promise<SellerStatus> {
  const response = await get('/api/users/me/seller-status', account.cookie);
  expect(response.statusCode).toBe(200);
  return response.json().data as SellerStatus;
}

function withdraw(cookie: string | null) {
  return ctx.app.inject({
    method: 'DELETE',
    url: '/api/users/me/role',
    headers: cookie ? { cookie } : {},
  });
}

/** Every file under a folder, recursively (to prove where documents land). */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
  } catch {
    return [];
  }
}

describe('GET /users/me/seller-status and /users/me/applicant-info', () => {
  it('anonymous -> 401 A006', async () => {
    for (const url of ['/api/users/me/seller-status', '/api/users/me/applicant-info']) {
      const response = await get(url, null);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('A006');
    }
  });

  it('a user who never applied: approvalStatus null, may apply, nothing to withdraw', async () => {
    const user = await newUser();
    const response = await get('/api/users/me/seller-status', user.cookie);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({
      success: true,
      data: {
        role: 'USER',
        approvalStatus: null,
        lastReason: null,
        canReapply: true,
        canWithdraw: false,
        applicationDate: null,
        lastProcessedDate: null,
        companyName: null,
        businessNumber: null,
        representativeName: null,
        representativePhone: null,
        uploadedFileUrl: null,
      },
    });
  });

  it('a seller made without an application may withdraw but not apply', async () => {
    const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
    expect(await statusOf(seller)).toMatchObject({
      role: 'SELLER',
      approvalStatus: null,
      canReapply: false,
      canWithdraw: true,
    });
    const applied = await applyForSeller(ctx.app, seller.cookie);
    expect(applied.json()).toMatchObject({ code: 'A005', message: sellerMessages.alreadyApproved });
  });

  it('applicant info is the caller’s own account', async () => {
    const user = await newUser();
    const response = await get('/api/users/me/applicant-info', user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id: user.id,
      username: user.username,
      nickname: user.nickname,
      email: user.email,
      name: '홍길동',
      phone: '010-1234-5678',
      role: 'ROLE_USER',
      approvalStatus: null,
    });
  });

  it('admins cannot use the seller calls -> 403 with the spec’s message', async () => {
    for (const url of [
      '/api/users/me/seller-status',
      '/api/users/me/applicant-info',
      '/api/users/me/seller-requests/document',
    ]) {
      const response = await get(url, admin.cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'S002',
        message: sellerMessages.adminCannotApply,
      });
    }
    const applied = await applyForSeller(ctx.app, admin.cookie);
    expect(applied.statusCode).toBe(403);
    expect(applied.json().message).toBe(sellerMessages.adminCannotApply);
    const withdrawn = await withdraw(admin.cookie);
    expect(withdrawn.statusCode).toBe(403);
  });
});

describe('POST /users/me/seller-requests', () => {
  it('anonymous -> 401 A006', async () => {
    const response = await applyForSeller(ctx.app, null);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('A006');
  });

  it('applies: 201 with the message; status PENDING; a REQUEST entry; the form pre-fills', async () => {
    const user = await newUser();
    const body = applicationBody({ companyName: '  공연기획 바람  ' });
    const response = await applyForSeller(ctx.app, user.cookie, body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: sellerMessages.applied });

    const status = await statusOf(user);
    expect(status).toMatchObject({
      role: 'USER',
      approvalStatus: 'PENDING',
      canReapply: false,
      canWithdraw: false,
      lastReason: null,
      lastProcessedDate: null,
      companyName: '공연기획 바람',
      businessNumber: body.businessNumber,
      representativeName: body.representativeName,
      representativePhone: body.representativePhone,
      uploadedFileUrl: `${ctx.config.publicBaseUrl}/api/users/me/seller-requests/document`,
    });
    expect(status.applicationDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

    const history = await ctx.database.db
      .select()
      .from(approvalHistory)
      .where(eq(approvalHistory.userId, user.id));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ type: 'REQUEST', reason: null, adminId: null });
    const info = await get('/api/users/me/applicant-info', user.cookie);
    expect(info.json().data.approvalStatus).toBe('PENDING');
  });

  it('accepts `request` as a plain text field too', async () => {
    const user = await newUser();
    const response = await applyForSeller(ctx.app, user.cookie, applicationBody(), pdfPart, {
      requestAsField: true,
    });
    expect(response.statusCode).toBe(201);
  });

  it('while PENDING -> 400 A005 (already under review); while APPROVED -> 400 A005', async () => {
    const user = await newUser();
    expect((await applyForSeller(ctx.app, user.cookie)).statusCode).toBe(201);
    const again = await applyForSeller(ctx.app, user.cookie);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'A005', message: sellerMessages.alreadyPending });

    expect((await decide(ctx.app, admin.cookie, user.id, true)).statusCode).toBe(200);
    const approved = await applyForSeller(ctx.app, user.cookie);
    expect(approved.statusCode).toBe(400);
    expect(approved.json()).toMatchObject({
      code: 'A005',
      message: sellerMessages.alreadyApproved,
    });
  });

  it('a double submit: exactly one application gets in', async () => {
    const user = await newUser();
    const results = await Promise.all([
      applyForSeller(ctx.app, user.cookie),
      applyForSeller(ctx.app, user.cookie),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const rows = await ctx.database.db
      .select()
      .from(sellerApplications)
      .where(eq(sellerApplications.userId, user.id));
    expect(rows).toHaveLength(1);
  });

  it('every field rule, with its Korean message', async () => {
    const user = await newUser();
    const cases: Array<[object, string, string]> = [
      [{ companyName: '   ' }, 'companyName', sellerMessages.companyNameRequired],
      [{ companyName: '가'.repeat(101) }, 'companyName', sellerMessages.companyNameTooLong],
      [{ businessNumber: '123-45-67890' }, 'businessNumber', sellerMessages.businessNumber],
      [{ businessNumber: '123456789' }, 'businessNumber', sellerMessages.businessNumber],
      [{ representativeName: '' }, 'representativeName', sellerMessages.representativeNameRequired],
      [
        { representativeName: '가'.repeat(51) },
        'representativeName',
        sellerMessages.representativeNameTooLong,
      ],
      [
        { representativePhone: '' },
        'representativePhone',
        sellerMessages.representativePhoneRequired,
      ],
      [
        { representativePhone: '1012345678' },
        'representativePhone',
        sellerMessages.representativePhone,
      ],
      [
        { representativePhone: '010-1234-5678' },
        'representativePhone',
        sellerMessages.representativePhone,
      ],
    ];
    for (const [override, field, message] of cases) {
      const response = await applyForSeller(ctx.app, user.cookie, applicationBody(override));
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'C001', message });
      expect(response.json().errors).toContainEqual({ field, message });
    }
    const missing = await applyForSeller(ctx.app, user.cookie, { companyName: '회사' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['businessNumber', 'representativeName', 'representativePhone']),
    );
    const notJson = await applyForSeller(ctx.app, user.cookie, '{"companyName":');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe('C001');
    const nul = await applyForSeller(
      ctx.app,
      user.cookie,
      applicationBody({ companyName: 'a\u0000b' }),
    );
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'C001', errors: [{ field: 'companyName' }] });
    const notObject = await applyForSeller(ctx.app, user.cookie, '[1,2]');
    expect(notObject.statusCode).toBe(400);
    const noRequest = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/me/seller-requests',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: applicationBody(),
    });
    expect(noRequest.statusCode).toBe(415);
    expect(await statusOf(user)).toMatchObject({ approvalStatus: null });
  });

  it('the document is required on a first application', async () => {
    const user = await newUser();
    const response = await applyForSeller(ctx.app, user.cookie, applicationBody(), null);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'C001',
      message: sellerMessages.documentRequired,
      errors: [{ field: 'document', message: sellerMessages.documentRequired }],
    });
  });

  it('the document is checked by its bytes: a text file named .pdf, an SVG, HTML -> 400 F003', async () => {
    const user = await newUser();
    const forged = [
      {
        filename: 'licence.pdf',
        contentType: 'application/pdf',
        content: Buffer.from('hello, I am text'),
      },
      {
        filename: 'licence.svg',
        contentType: 'image/svg+xml',
        content: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
      },
      {
        filename: 'licence.png',
        contentType: 'image/png',
        content: Buffer.from('<html><script>alert(document.cookie)</script></html>'),
      },
      {
        filename: 'licence.gif',
        contentType: 'image/gif',
        content: Buffer.from('GIF89a\x01\x00\x01\x00'),
      },
    ];
    for (const document of forged) {
      const response = await applyForSeller(ctx.app, user.cookie, applicationBody(), document);
      expect(response.statusCode, document.filename).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'F003',
        message: sellerMessages.documentType,
        errors: [{ field: 'document', message: sellerMessages.documentType }],
      });
    }
    expect(await statusOf(user)).toMatchObject({ approvalStatus: null });
  });

  it('10 MB is accepted; 10 MB + 1 byte -> 400 F002 with the document’s message', async () => {
    const user = await newUser();
    const limit = 10 * 1024 * 1024;
    const tooLarge = Buffer.alloc(limit + 1, 0x20);
    samplePdf.copy(tooLarge);
    const refused = await applyForSeller(ctx.app, user.cookie, applicationBody(), {
      filename: 'big.pdf',
      contentType: 'application/pdf',
      content: tooLarge,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'F002',
      message: sellerMessages.documentTooLarge,
    });

    const exactly = tooLarge.subarray(0, limit);
    const accepted = await applyForSeller(ctx.app, user.cookie, applicationBody(), {
      filename: 'big.pdf',
      contentType: 'application/pdf',
      content: exactly,
    });
    expect(accepted.statusCode).toBe(201);
  });

  it('an image over the poster pixel limit -> 400 F004 with its Korean message, nothing stored', async () => {
    const user = await newUser();
    const privateDir = path.join(ctx.config.dataDir, 'private-files');
    const before = filesUnder(privateDir).length;
    for (const [width, height] of [
      [16_000, 16_000],
      [limits.imageMaxSidePixels + 1, 10],
      [10, limits.imageMaxSidePixels + 1],
    ] as const) {
      const response = await applyForSeller(ctx.app, user.cookie, applicationBody(), {
        filename: 'licence.png',
        contentType: 'image/png',
        content: solidPng(width, height),
      });
      expect(response.statusCode, `${width}x${height}`).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        status: 400,
        code: 'F004',
        message: errorMessages.F004,
        // Named on the licence field, like the document's other refusals (issue 23).
        errors: [{ field: 'document', message: errorMessages.F004 }],
      });
    }
    expect(filesUnder(privateDir).length).toBe(before);
    expect(await statusOf(user)).toMatchObject({ approvalStatus: null });
    // At the limit, as with posters: accepted.
    const atLimit = await applyForSeller(ctx.app, user.cookie, applicationBody(), {
      filename: 'licence.png',
      contentType: 'image/png',
      content: solidPng(limits.imageMaxSidePixels, 100),
    });
    expect(atLimit.statusCode).toBe(201);
  });

  it('JPEG, PNG and WEBP are accepted by their bytes, whatever they are called', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0x24, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(32),
    ]);
    for (const [content, type] of [
      [jpeg, 'image/jpeg'],
      [samplePng, 'image/png'],
      [webp, 'image/webp'],
    ] as const) {
      const user = await newUser();
      const response = await applyForSeller(ctx.app, user.cookie, applicationBody(), {
        filename: 'scan.bin',
        contentType: 'application/octet-stream',
        content,
      });
      expect(response.statusCode).toBe(201);
      const document = await get('/api/users/me/seller-requests/document', user.cookie);
      expect(document.statusCode).toBe(200);
      expect(document.headers['content-type']).toBe(type);
      expect(document.rawPayload.equals(content)).toBe(true);
    }
  });

  it('a business number on another user’s live application -> 409 S007; the same user may reuse theirs', async () => {
    const first = await newUser();
    const body = applicationBody();
    expect((await applyForSeller(ctx.app, first.cookie, body)).statusCode).toBe(201);
    const second = await newUser();
    const taken = await applyForSeller(
      ctx.app,
      second.cookie,
      applicationBody({ businessNumber: body.businessNumber }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'S007',
      message: sellerMessages.businessNumberTaken,
    });

    // Accepted: still taken. Rejected: free again, and the rejected user re-applies with it.
    expect((await decide(ctx.app, admin.cookie, first.id, true)).statusCode).toBe(200);
    expect(
      (
        await applyForSeller(
          ctx.app,
          second.cookie,
          applicationBody({ businessNumber: body.businessNumber }),
        )
      ).statusCode,
    ).toBe(409);

    const third = await newUser();
    const thirdBody = applicationBody();
    expect((await applyForSeller(ctx.app, third.cookie, thirdBody)).statusCode).toBe(201);
    expect((await decide(ctx.app, admin.cookie, third.id, false)).statusCode).toBe(200);
    expect((await applyForSeller(ctx.app, third.cookie, thirdBody, null)).statusCode).toBe(201);
  });
});

describe('re-application after a rejection', () => {
  it('shows the reason, allows re-applying, and reuses the previous document without a new file', async () => {
    const user = await newUser();
    const body = applicationBody();
    expect((await applyForSeller(ctx.app, user.cookie, body)).statusCode).toBe(201);
    const rejected = await decide(
      ctx.app,
      admin.cookie,
      user.id,
      false,
      '  사업자등록증이 흐립니다.  ',
    );
    expect(rejected.json()).toEqual({ success: true, message: sellerMessages.rejected });

    const status = await statusOf(user);
    expect(status).toMatchObject({
      role: 'USER',
      approvalStatus: 'REJECTED',
      lastReason: '사업자등록증이 흐립니다.',
      canReapply: true,
      canWithdraw: false,
    });
    expect(status.lastProcessedDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const again = await applyForSeller(
      ctx.app,
      user.cookie,
      { ...body, companyName: '새 이름' },
      null,
    );
    expect(again.statusCode).toBe(201);
    const rows = await ctx.database.db
      .select()
      .from(sellerApplications)
      .where(eq(sellerApplications.userId, user.id));
    expect(rows).toHaveLength(2);
    expect(rows[0]?.documentFileId).not.toBeNull();
    expect(rows[1]?.documentFileId).toBe(rows[0]?.documentFileId);
    expect(await statusOf(user)).toMatchObject({
      approvalStatus: 'PENDING',
      companyName: '새 이름',
    });
    const document = await get('/api/users/me/seller-requests/document', user.cookie);
    expect(document.rawPayload.equals(samplePdf)).toBe(true);
  });
});

describe('the applicant’s document', () => {
  it('is served to its owner inline, typed, unsniffable, uncached and sandboxed', async () => {
    const user = await newUser();
    await applyForSeller(ctx.app, user.cookie);
    const response = await get('/api/users/me/seller-requests/document', user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'inline',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': documentContentSecurityPolicy,
    });
    expect(response.rawPayload.equals(samplePdf)).toBe(true);
  });

  it('anonymous -> 401; a user without an application -> 404 C002', async () => {
    expect((await get('/api/users/me/seller-requests/document', null)).statusCode).toBe(401);
    const other = await newUser();
    const response = await get('/api/users/me/seller-requests/document', other.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'C002',
      message: sellerMessages.documentNotFound,
    });
  });

  it('is stored outside the public uploads folder, and no /uploads/ URL reaches it', async () => {
    const user = await newUser();
    await applyForSeller(ctx.app, user.cookie);
    const uploads = filesUnder(path.join(ctx.config.dataDir, 'uploads'));
    expect(uploads.filter((file) => file.includes('seller-documents'))).toEqual([]);
    const stored = filesUnder(path.join(ctx.config.dataDir, 'private-files'));
    expect(stored.length).toBeGreaterThan(0);
    for (const file of stored) {
      const relative = path.relative(path.join(ctx.config.dataDir, 'private-files'), file);
      for (const url of [
        `/uploads/${relative}`,
        `/uploads/../private-files/${relative}`,
        `/uploads/%2e%2e/private-files/${relative}`,
        `/uploads/..%2fprivate-files%2f${relative}`,
        `/private-files/${relative}`,
      ]) {
        const response = await get(url, user.cookie);
        expect(response.statusCode, url).not.toBe(200);
        expect(response.rawPayload.includes(Buffer.from('%PDF-')), url).toBe(false);
      }
    }
  });
});

describe('DELETE /users/me/role (withdrawal)', () => {
  async function newSeller(): Promise<Account> {
    const user = await newUser();
    expect((await applyForSeller(ctx.app, user.cookie)).statusCode).toBe(201);
    expect((await decide(ctx.app, admin.cookie, user.id, true)).statusCode).toBe(200);
    return user;
  }

  it('anonymous -> 401; a plain user -> 400 S009 with the message', async () => {
    expect((await withdraw(null)).statusCode).toBe(401);
    const user = await newUser();
    const response = await withdraw(user.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'S009', message: sellerMessages.notApproved });
  });

  it('refused with 409 S006 while a SCHEDULED or ON_SALE concert exists; allowed after', async () => {
    const seller = await newSeller();
    for (const status of ['SCHEDULED', 'ON_SALE'] as const) {
      const concert = await createConcert(ctx.database.db, { sellerId: seller.id, status });
      expect(await statusOf(seller)).toMatchObject({
        canWithdraw: false,
        approvalStatus: 'APPROVED',
      });
      const response = await withdraw(seller.cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        success: false,
        status: 409,
        code: 'S006',
        message: sellerMessages.activeConcerts,
      });
      await ctx.database.db
        .update(concerts)
        .set({ status: 'COMPLETED' })
        .where(eq(concerts.id, concert.id));
    }
    expect(await statusOf(seller)).toMatchObject({ canWithdraw: true, role: 'SELLER' });
    const response = await withdraw(seller.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: sellerMessages.withdrawn });

    // The very next request sees the plain user, without logging in again.
    const me = await get('/api/auth/me', seller.cookie);
    expect(me.json().role).toBe('ROLE_USER');
    expect(await statusOf(seller)).toMatchObject({
      role: 'USER',
      approvalStatus: 'WITHDRAWN',
      canReapply: true,
      canWithdraw: false,
    });
    const [account] = await ctx.database.db.select().from(users).where(eq(users.id, seller.id));
    expect(account).toMatchObject({ role: 'ROLE_USER', sellerApprovalStatus: 'WITHDRAWN' });
    const applications = await ctx.database.db
      .select()
      .from(sellerApplications)
      .where(eq(sellerApplications.userId, seller.id));
    expect(applications.map((a) => a.status)).toEqual(['WITHDRAWN']);
    const history = await ctx.database.db
      .select()
      .from(approvalHistory)
      .where(eq(approvalHistory.userId, seller.id));
    expect(history.map((h) => h.type)).toEqual(['REQUEST', 'APPROVED', 'WITHDRAWN']);
    expect(history[2]).toMatchObject({ adminId: null, sellerApplicationId: applications[0]?.id });

    // Withdrawn: may apply again (reusing the document), and cannot withdraw twice.
    expect((await withdraw(seller.cookie)).statusCode).toBe(400);
    expect((await applyForSeller(ctx.app, seller.cookie, applicationBody(), null)).statusCode).toBe(
      201,
    );
  });
});
