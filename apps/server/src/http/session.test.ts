import { Signer } from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionData, SessionStorePort } from '../adapters/session-store/session-store';
import { registerSessions, SESSION_COOKIE } from './session';

const SECRET = 'a-session-secret-of-at-least-32-characters';
const IDLE_SECONDS = 3_600;

/** A store in a Map that counts its writes, so tests see when a session is (not) saved. */
function countingStore() {
  const sessions = new Map<string, SessionData>();
  const calls = { set: 0, destroy: 0 };
  const store: SessionStorePort = {
    async get(id) {
      const data = sessions.get(id);
      return data ? structuredClone(data) : null;
    },
    async set(id, data) {
      calls.set += 1;
      sessions.set(id, structuredClone(data));
    },
    async destroy(id) {
      calls.destroy += 1;
      sessions.delete(id);
    },
    async destroyAllForUser() {},
    sweepExpired: async () => 0,
  };
  return { store, sessions, calls };
}

describe('session hooks', () => {
  let app: FastifyInstance;
  let backing: ReturnType<typeof countingStore>;
  const cookieFor = (id: string) =>
    `${SESSION_COOKIE}=${encodeURIComponent(new Signer(SECRET, 'sha256').sign(id))}`;
  const sessionCookie = (setCookie: string | string[] | undefined) =>
    [setCookie ?? []].flat().find((c) => c.startsWith(`${SESSION_COOKIE}=`));

  beforeEach(async () => {
    backing = countingStore();
    app = Fastify();
    await registerSessions(app, {
      store: backing.store,
      secret: SECRET,
      secure: false,
      idleSeconds: IDLE_SECONDS,
      findUser: async () => null,
    });
    app.get('/read', async (request) => ({
      userId: request.session.userId ?? null,
      sessionId: request.session.sessionId,
    }));
    app.post('/login', async (request) => {
      await request.session.regenerate();
      request.session.userId = 7;
      request.session.touchedAt = Date.now();
      return { ok: true };
    });
    app.post('/logout', async (request) => {
      if (request.session.sessionId) await request.session.destroy();
      return { ok: true };
    });
    app.post('/forget-signup', async (request) => {
      request.session.socialSignup = undefined;
      return { ok: true };
    });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
  });

  it('gives an anonymous visitor no cookie and stores nothing', async () => {
    const response = await app.inject({ method: 'GET', url: '/read' });
    expect(response.json()).toEqual({ userId: null, sessionId: '' });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(backing.calls.set).toBe(0);
  });

  it('saves a login under a new id with an HttpOnly, SameSite=Lax cookie for the idle time', async () => {
    backing.sessions.set('before-login', { touchedAt: 1 });
    const response = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { cookie: cookieFor('before-login') },
    });
    const cookie = sessionCookie(response.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(new RegExp(`Max-Age=${IDLE_SECONDS}`));
    // The id from before authentication is gone; the new one holds the user.
    expect(backing.sessions.has('before-login')).toBe(false);
    expect([...backing.sessions.values()]).toEqual([{ userId: 7, touchedAt: expect.any(Number) }]);

    const value = cookie?.split(';')[0] ?? '';
    const read = await app.inject({ method: 'GET', url: '/read', headers: { cookie: value } });
    expect(read.json()).toMatchObject({ userId: 7 });
    expect(read.json().sessionId).not.toBe('before-login');
  });

  it('does not rewrite an unchanged session, whatever the order of its stored fields', async () => {
    backing.sessions.set('s1', { touchedAt: Date.now(), userId: 3 });
    const response = await app.inject({
      method: 'GET',
      url: '/read',
      headers: { cookie: cookieFor('s1') },
    });
    expect(response.json()).toEqual({ userId: 3, sessionId: 's1' });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(backing.calls.set).toBe(0);
  });

  it('re-saves a logged-in session and its cookie once its sliding refresh is due', async () => {
    backing.sessions.set('s2', { userId: 3, touchedAt: Date.now() - 6 * 60 * 1000 });
    const response = await app.inject({
      method: 'GET',
      url: '/read',
      headers: { cookie: cookieFor('s2') },
    });
    expect(sessionCookie(response.headers['set-cookie'])).toMatch(/Max-Age=3600/);
    expect(backing.calls.set).toBe(1);
    expect(backing.sessions.get('s2')?.touchedAt).toBeGreaterThan(Date.now() - 5_000);
  });

  it('saves a removed field', async () => {
    backing.sessions.set('s3', {
      touchedAt: Date.now(),
      socialSignup: {
        provider: 'kakao',
        providerUserId: '1',
        email: 'a@b.c',
        name: 'A',
        expiresAt: 1,
      },
    });
    await app.inject({
      method: 'POST',
      url: '/forget-signup',
      headers: { cookie: cookieFor('s3') },
    });
    expect(backing.sessions.get('s3')).toEqual({ touchedAt: expect.any(Number) });
  });

  it('destroys a session on logout and saves nothing of it', async () => {
    backing.sessions.set('s4', { userId: 3, touchedAt: Date.now() });
    const response = await app.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie: cookieFor('s4') },
    });
    expect(response.statusCode).toBe(200);
    expect(backing.sessions.has('s4')).toBe(false);
    expect(backing.calls.set).toBe(0);
  });

  it('treats a forged or unknown cookie as no session, and clears it', async () => {
    backing.sessions.set('s5', { userId: 3 });
    const forged = `${SESSION_COOKIE}=${encodeURIComponent(new Signer('another-secret-of-32-characters-or-more', 'sha256').sign('s5'))}`;
    for (const cookie of [forged, cookieFor('no-such-session')]) {
      const response = await app.inject({ method: 'GET', url: '/read', headers: { cookie } });
      expect(response.json()).toEqual({ userId: null, sessionId: '' });
      expect(sessionCookie(response.headers['set-cookie'])).toMatch(/^cc_session=;/);
    }
    expect(backing.calls.set).toBe(0);
  });
});

describe('session store down while answering', () => {
  it('answers with the error handler envelope, not Fastify’s own body, and sets no cookie', async () => {
    const { store } = countingStore();
    store.set = async () => {
      throw new Error("Stream isn't writeable and enableOfflineQueue options is false");
    };
    const app = Fastify();
    app.setErrorHandler((_error, _request, reply) =>
      reply.status(503).send({ success: false, status: 503, code: 'C012' }),
    );
    await registerSessions(app, {
      store,
      secret: SECRET,
      secure: false,
      idleSeconds: IDLE_SECONDS,
      findUser: async () => null,
    });
    app.post('/login', async (request) => {
      await request.session.regenerate();
      request.session.userId = 7;
      return { ok: true };
    });
    const response = await app.inject({ method: 'POST', url: '/login' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ success: false, status: 503, code: 'C012' });
    expect(response.headers['set-cookie']).toBeUndefined();
    await app.close();
  });
});
