import { mypageMessages } from '@curtaincall/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { registerUser } from '../../../test/helpers/factories';

/**
 * 모든 기기에서 로그아웃 (issue 22): POST /api/users/me/sessions/logout-all ends every session of
 * the caller (the database store when embedded, Redis in scale-out) and voids their device
 * cookies; nobody else's sessions are touched.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { LOGIN_MAX_FAILURES: '3' } });
});
afterAll(async () => ctx?.close());

const LOGOUT_ALL = '/api/users/me/sessions/logout-all';

let ipSequence = 0;
function newIp(): string {
  ipSequence += 1;
  return `10.77.${Math.floor(ipSequence / 256)}.${ipSequence % 256}`;
}

async function logIn(
  username: string,
  password: string,
  deviceCookie?: string,
): Promise<{ status: number; session: string; device: string }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: newIp(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(deviceCookie ? { cookie: `cc_device=${deviceCookie}` } : {}),
    },
    payload: new URLSearchParams({ username, password }).toString(),
  });
  const cookie = (name: string) => response.cookies.find((c) => c.name === name)?.value ?? '';
  return {
    status: response.statusCode,
    session: `cc_session=${cookie('cc_session')}`,
    device: cookie('cc_device'),
  };
}

async function whoIs(session: string): Promise<unknown> {
  const me = await ctx.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { cookie: session },
  });
  return me.json();
}

describe('POST /api/users/me/sessions/logout-all', () => {
  it("ends every session of the user, the caller's included, and no one else's", async () => {
    const user = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const laptop = await logIn(user.username, user.password);
    const phone = await logIn(user.username, user.password);
    const othersSession = await logIn(other.username, other.password);
    expect(await whoIs(laptop.session)).toMatchObject({ username: user.username });
    expect(await whoIs(phone.session)).toMatchObject({ username: user.username });

    const response = await ctx.app.inject({
      method: 'POST',
      url: LOGOUT_ALL,
      headers: { cookie: phone.session, origin: ctx.config.publicBaseUrl },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: mypageMessages.loggedOutEverywhere });
    // This browser's session cookie is expired, not re-sent with a new expiry.
    const sessionCookie = response.cookies.find((c) => c.name === 'cc_session');
    expect(sessionCookie?.value).toBe('');
    expect(String(response.headers['set-cookie'])).not.toMatch(/cc_session=[^;]+;/);

    expect(await whoIs(phone.session)).toBeNull();
    expect(await whoIs(laptop.session)).toBeNull();
    expect(await whoIs(othersSession.session)).toMatchObject({ username: other.username });
    // An ended session cannot call it again.
    const again = await ctx.app.inject({
      method: 'POST',
      url: LOGOUT_ALL,
      headers: { cookie: laptop.session },
    });
    expect(again.statusCode).toBe(401);
    // Logging in again works as ever.
    const back = await logIn(user.username, user.password);
    expect(back.status).toBe(200);
    expect(await whoIs(back.session)).toMatchObject({ username: user.username });
  });

  it('voids the device cookies the user held; the next login issues one that counts', async () => {
    const user = await registerUser(ctx.app);
    const first = await logIn(user.username, user.password);
    expect(first.device).not.toBe('');
    const response = await ctx.app.inject({
      method: 'POST',
      url: LOGOUT_ALL,
      headers: { cookie: first.session },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'cc_device')).toMatchObject({
      value: '',
      path: '/api/auth',
    });

    // A guesser makes the username slow for new clients; the old device cookie no longer helps.
    for (let i = 0; i < 12; i += 1) await logIn(user.username, 'wrong-pass1!');
    const revoked = await logIn(user.username, user.password, first.device);
    expect(revoked.status).toBe(429);

    // Once in again (when the slot comes), the new cookie is a known device again.
    ctx.clock.advance(10_000);
    const fresh = await logIn(user.username, user.password);
    expect(fresh.status).toBe(200);
    for (let i = 0; i < 3; i += 1) await logIn(user.username, 'wrong-pass1!');
    expect((await logIn(user.username, user.password, fresh.device)).status).toBe(200);
    expect((await logIn(user.username, user.password, first.device)).status).toBe(429);
  });

  it('refuses an anonymous call with 401 A006 and a cross-site one with 403', async () => {
    const anonymous = await ctx.app.inject({ method: 'POST', url: LOGOUT_ALL });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, status: 401, code: 'A006' });

    const user = await registerUser(ctx.app);
    const session = await logIn(user.username, user.password);
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: LOGOUT_ALL,
      headers: { cookie: session.session, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ success: false, status: 403 });
    expect(await whoIs(session.session)).toMatchObject({ username: user.username });
  });

  it('is in the OpenAPI document with an example answer', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = doc.paths[LOGOUT_ALL]?.post;
    expect(operation?.summary).toContain('모든 기기에서 로그아웃');
    // One example becomes the media type's `example` (@fastify/swagger).
    expect(operation?.responses?.['200']?.content?.['application/json']?.example).toEqual({
      success: true,
      message: mypageMessages.loggedOutEverywhere,
    });
  });
});
