import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers/test-app';
import { createLoggedInUser } from '../../test/helpers/factories';
import { guard, requireAdmin, requireSessionUser } from './guards';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    configure: (config) => {
      // A stand-in SPA build, to prove history fallback without building the web app here.
      const webDistDir = path.join(config.dataDir, 'web');
      mkdirSync(path.join(webDistDir, 'assets'), { recursive: true });
      writeFileSync(
        path.join(webDistDir, 'index.html'),
        '<!doctype html><title>커튼콜</title><div id="root"></div>',
      );
      writeFileSync(path.join(webDistDir, 'assets', 'app-abc123.js'), 'console.log(1)');
      return { ...config, webDistDir };
    },
  });
  // Routes behind each guard, registered the way feature modules register theirs.
  ctx.app.get('/api/test/user', { preHandler: guard.user }, async () => ({ success: true }));
  ctx.app.get('/api/test/seller', { preHandler: guard.seller }, async () => ({ success: true }));
  ctx.app.get('/api/test/admin', { preHandler: guard.admin }, async (request) => {
    const admin = await requireAdmin(request);
    return { success: true, data: admin.username };
  });
  ctx.app.get('/api/test/session', { preHandler: guard.session }, async (request) => ({
    success: true,
    data: requireSessionUser(request).id,
  }));
  ctx.app.post('/api/test/echo', async (request) => ({
    success: true,
    data: request.body ?? null,
  }));
  ctx.app.get('/api/test/crash', async () => {
    throw new Error('database password is hunter2');
  });
});
afterAll(async () => ctx?.close());

describe('error envelope', () => {
  it('an unknown /api path -> 404 C005 envelope, never HTML', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      success: false,
      status: 404,
      code: 'C005',
      message: '요청한 API를 찾을 수 없습니다.',
    });
  });

  it('malformed JSON -> 400 envelope', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      status: 400,
      code: 'C007',
      message: 'JSON 형식이 올바르지 않습니다.',
    });
  });

  it('a body over the 1 MB limit -> 413 C004 envelope', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ big: 'x'.repeat(1024 * 1024 + 1) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, status: 413, code: 'C004' });
  });

  it('an unsupported content type -> 415 C006 envelope', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false, code: 'C006' });
  });

  it('accepts an empty body sent as application/json (api-contract §1.2)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: null });
  });

  it('rejects prototype poisoning in JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it('an unexpected error -> generic 500 C003 without internals', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      status: 500,
      code: 'C003',
      message: '서버에 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
    });
    expect(response.body).not.toContain('hunter2');
  });

  it('a wrong method on an API path -> envelope, not HTML', async () => {
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/auth/me' });
    expect(response.statusCode).toBe(404);
    expect(response.json().success).toBe(false);
  });
});

describe('guards', () => {
  it('anonymous -> 401 A006 on every guarded route', async () => {
    for (const url of [
      '/api/test/user',
      '/api/test/session',
      '/api/test/seller',
      '/api/test/admin',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'A006',
        message: '인증이 필요합니다. 로그인해주세요.',
      });
    }
  });

  it('the session guard names the logged-in user without reading the users table', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/session',
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toBe(user.id);
    // After logout the same cookie names no session: 401, like every other guard.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: user.cookie },
    });
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/session',
      headers: { cookie: user.cookie },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('A006');
  });

  it('API answers, errors included, carry the security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/test/user' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toContain("connect-src 'self' ws: wss:");
    // Plain-http test config: no HSTS and no upgrade-insecure-requests.
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('an ordinary user -> 403 P001 on admin routes and 403 S002 on seller routes', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const headers = { cookie: user.cookie };
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/test/user', headers })).statusCode,
    ).toBe(200);
    const admin = await ctx.app.inject({ method: 'GET', url: '/api/test/admin', headers });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ code: 'P001', message: '관리자만 접근할 수 있습니다.' });
    const seller = await ctx.app.inject({ method: 'GET', url: '/api/test/seller', headers });
    expect(seller.statusCode).toBe(403);
    expect(seller.json().code).toBe('S002');
  });

  it('a seller passes the seller guard; an admin passes the admin guard but not the seller one', async () => {
    const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/test/seller',
          headers: { cookie: seller.cookie },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/test/admin',
          headers: { cookie: seller.cookie },
        })
      ).statusCode,
    ).toBe(403);
    const admin = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_ADMIN');
    const asAdmin = await ctx.app.inject({
      method: 'GET',
      url: '/api/test/admin',
      headers: { cookie: admin.cookie },
    });
    expect(asAdmin.json()).toEqual({ success: true, data: admin.username });
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/test/seller',
          headers: { cookie: admin.cookie },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('web app and system routes', () => {
  it('serves index.html for any page path (history fallback)', async () => {
    for (const url of ['/', '/concerts/12', '/mypage/profile?tab=bookings', '/no/such/page']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('a missing file under /assets/ or with a static extension -> 404 envelope, not index.html', async () => {
    for (const url of [
      '/assets/app-deleted.js',
      '/assets/index-old.css',
      '/assets/app-abc123.js.map',
      '/assets/no-extension',
      '/main.js',
      '/styles.css',
      '/favicon.ico',
      '/logo.png',
      '/photo.jpg',
      '/icon.svg',
      '/fonts/pretendard.woff2',
      '/banner.webp',
      '/manifest.json',
      '/robots.txt',
      '/concerts/12/poster.png',
      '/assets/app.js?v=2',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const response = await ctx.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers['content-type']).toContain('application/json');
        if (method === 'GET') {
          expect(response.json()).toEqual({
            success: false,
            status: 404,
            code: 'C005',
            message: '요청한 파일을 찾을 수 없습니다.',
          });
        }
      }
    }
    // Pages are still pages, and existing files are still files.
    const page = await ctx.app.inject({ method: 'GET', url: '/concerts/12' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
  });

  it('serves hashed assets with a long cache and security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves assets of a web build made after the server started', async () => {
    const file = path.join(ctx.config.webDistDir, 'assets', 'app-rebuilt.js');
    writeFileSync(file, 'console.log("rebuilt")');
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/app-rebuilt.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.body).toBe('console.log("rebuilt")');
  });

  it('GET /api/health reports the database and Redis', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.status).toBe('up');
    expect(data.database.status).toBe('up');
    expect(['pglite', 'postgres']).toContain(data.database.kind);
    expect(['up', 'disabled']).toContain(data.redis.status);
  });

  it('serves the OpenAPI document generated from the contracts, and its UI', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const openapi = doc.json();
    expect(openapi.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/auth/me',
        '/api/auth/register',
        '/api/health',
      ]),
    );
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
