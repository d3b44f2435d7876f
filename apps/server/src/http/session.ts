import fastifyCookie, { Signer } from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionData, SessionStorePort } from '../adapters/session-store/session-store';
import type { AuthUser } from '../modules/auth/auth.policy';

declare module 'fastify' {
  interface Session extends SessionData {}
  interface FastifyRequest {
    /** The logged-in user, read from the database once per request (roles are never cached). */
    currentUser(): Promise<AuthUser | null>;
  }
}

export const SESSION_COOKIE = 'cc_session';
/** Refresh the sliding expiry at most this often, so a session is not rewritten on every call. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** Signatures remembered per instance; past this the memory starts over (it is only a shortcut). */
const SIGNATURES_REMEMBERED = 100_000;

/**
 * The session cookie's signer, remembering its answers: @fastify/session checks the cookie's
 * HMAC and signs the id again on every request, the same two answers for a session's whole life
 * (about a tenth of a queue entry's CPU). Only signatures that checked out are remembered, so a
 * flood of forged cookies costs an HMAC each and fills nothing.
 */
export function createRememberingSigner(secret: string) {
  const signer = new Signer(secret, 'sha256');
  const signed = new Map<string, string>();
  const verified = new Map<string, string>();
  const remember = (map: Map<string, string>, key: string, value: string) => {
    if (map.size >= SIGNATURES_REMEMBERED) map.clear();
    map.set(key, value);
  };
  return {
    sign(value: string): string {
      let signature = signed.get(value);
      if (signature === undefined) {
        signature = signer.sign(value);
        remember(signed, value, signature);
      }
      return signature;
    },
    unsign(signedValue: string) {
      const value = verified.get(signedValue);
      if (value !== undefined) return { valid: true as const, renew: false, value };
      const result = signer.unsign(signedValue);
      if (result.valid) remember(verified, signedValue, result.value);
      return result;
    },
  };
}

/**
 * Server-side sessions: @fastify/session with our store (database or Redis), an HttpOnly cookie
 * and a sliding idle expiry. Anonymous visitors get no session until one is needed.
 */
export async function registerSessions(
  app: FastifyInstance,
  options: {
    store: SessionStorePort;
    secret: string;
    secure: boolean;
    idleSeconds: number;
    findUser: (userId: number) => Promise<AuthUser | null>;
  },
): Promise<void> {
  const { store } = options;
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: createRememberingSigner(options.secret),
    cookieName: SESSION_COOKIE,
    saveUninitialized: false,
    rolling: false,
    cookie: {
      httpOnly: true,
      path: '/',
      sameSite: 'lax',
      secure: options.secure,
      maxAge: options.idleSeconds * 1000,
    },
    store: {
      get(sessionId, callback) {
        store.get(sessionId).then(
          (data) => callback(null, data as Parameters<typeof callback>[1]),
          (error: Error) => callback(error),
        );
      },
      set(sessionId, session, callback) {
        const data = JSON.parse(JSON.stringify(session)) as SessionData;
        store.set(sessionId, data, data.userId ?? null).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      },
      destroy(sessionId, callback) {
        store.destroy(sessionId).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      },
    },
  });

  const userCache = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();
  app.decorateRequest('currentUser', function currentUser(this: FastifyRequest) {
    let cached = userCache.get(this);
    if (!cached) {
      const userId = this.session?.userId;
      cached = typeof userId === 'number' ? options.findUser(userId) : Promise.resolve(null);
      userCache.set(this, cached);
    }
    return cached;
  });

  // Sliding expiry: a logged-in session is re-saved (new cookie expiry, new store TTL) at most
  // every TOUCH_INTERVAL_MS.
  app.addHook('preHandler', async (request) => {
    const session = request.session;
    if (!session || typeof session.userId !== 'number') return;
    const now = Date.now();
    if (!session.touchedAt || now - session.touchedAt > TOUCH_INTERVAL_MS) {
      session.touchedAt = now;
      session.touch();
    }
  });
}
