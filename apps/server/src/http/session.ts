import { randomBytes } from 'node:crypto';
import fastifyCookie, { Signer } from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionData, SessionStorePort } from '../adapters/session-store/session-store';
import type { AuthUser } from '../modules/auth/auth.policy';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's server-side session (empty and unsaved for a visitor without one). */
    session: Session;
    /** The logged-in user, read from the database once per request (roles are never cached). */
    currentUser(): Promise<AuthUser | null>;
  }
  interface FastifyContextConfig {
    /** The route ignores the session cookie (liveness: must answer while the store is down). */
    withoutSession?: boolean;
  }
}

export const SESSION_COOKIE = 'cc_session';
/** Refresh the sliding expiry at most this often, so a session is not rewritten on every call. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/** Signatures remembered per instance; past this the memory starts over (it is only a shortcut). */
const SIGNATURES_REMEMBERED = 100_000;

/**
 * The session cookie's signer, remembering the cookies it verified: every request with a session
 * checks the cookie's HMAC, the same answer for a session's whole life (an HMAC per call showed
 * as a visible share of a queue entry's CPU). Only signatures that checked out are remembered,
 * so a flood of forged cookies costs an HMAC each and fills nothing. Signing happens only when a
 * session is saved (login, the sliding refresh), so it is not remembered.
 */
export function createRememberingSigner(secret: string) {
  const signer = new Signer(secret, 'sha256');
  const verified = new Map<string, string>();
  return {
    sign: (value: string): string => signer.sign(value),
    unsign(signedValue: string) {
      const value = verified.get(signedValue);
      if (value !== undefined) return { valid: true as const, renew: false, value };
      const result = signer.unsign(signedValue);
      if (result.valid) {
        if (verified.size >= SIGNATURES_REMEMBERED) verified.clear();
        verified.set(signedValue, result.value);
      }
      return result;
    },
  };
}

export type RememberingSigner = ReturnType<typeof createRememberingSigner>;

/** Whether a logged-in session's sliding expiry is due for a refresh (a save and a new cookie). */
export function slidingRefreshDue(touchedAt: number | undefined, now: number): boolean {
  return !touchedAt || now - touchedAt > TOUCH_INTERVAL_MS;
}

/**
 * The stored session a Cookie header names, with its id, or null (no session cookie, a bad
 * signature, or a session the store no longer has): the same reading as the session hook below,
 * for the queue-entry fast lane (modules/queue/queue-entry-fast-lane.ts), which answers before
 * Fastify.
 */
export function createSessionCookieReader(options: {
  store: SessionStorePort;
  signer: RememberingSigner;
}) {
  return async (
    cookieHeader: string | undefined,
  ): Promise<{ sessionId: string; data: SessionData } | null> => {
    if (!cookieHeader) return null;
    const cookie = fastifyCookie.parse(cookieHeader)[SESSION_COOKIE];
    if (!cookie) return null;
    const unsigned = options.signer.unsign(cookie);
    if (!unsigned.valid || !unsigned.value) return null;
    const data = await options.store.get(unsigned.value);
    return data ? { sessionId: unsigned.value, data } : null;
  };
}

const state = Symbol('session state');

interface SessionState {
  store: SessionStorePort;
  /** The store's id of this session; '' until a new session is first saved. */
  id: string;
  /** The data as loaded (JSON), or null for a session the store does not have yet. */
  loaded: string | null;
  /** touch() or regenerate() asked for a save even if the data did not change. */
  mustSave: boolean;
  destroyed: boolean;
}

/**
 * A request's session: its own enumerable properties are the stored data (SessionData), so
 * routes read and write `session.userId` directly; everything else lives under a symbol that
 * JSON.stringify skips. Saved at the end of the request only when its data changed (compared
 * as JSON with what was loaded) or a save was asked for.
 */
export class Session implements SessionData {
  // `declare`: types only. Emitted class fields would become own properties before the data
  // and change its JSON order, so every loaded session would look modified.
  [key: string]: unknown;
  declare userId?: number;
  declare touchedAt?: number;
  declare socialSignup?: SessionData['socialSignup'];
  declare [state]: SessionState;

  constructor(store: SessionStorePort, id: string, data: SessionData | null) {
    Object.defineProperty(this, state, {
      value: {
        store,
        id,
        loaded: data ? JSON.stringify(data) : null,
        mustSave: false,
        destroyed: false,
      } satisfies SessionState,
    });
    if (data) Object.assign(this, data);
  }

  /** The id the store knows this session by; '' for one not saved yet. */
  get sessionId(): string {
    return this[state].id;
  }

  /** Saves the session (and re-sends its cookie) at the end of this request: the idle expiry restarts. */
  touch(): void {
    this[state].mustSave = true;
  }

  /**
   * Ends the stored session and starts an empty one under a new id (login: an id that existed
   * before authentication is never kept, against session fixation).
   */
  async regenerate(): Promise<void> {
    const current = this[state];
    if (current.id && current.loaded !== null) await current.store.destroy(current.id);
    for (const key of Object.keys(this)) delete this[key];
    current.id = newSessionId();
    current.loaded = null;
    current.mustSave = true;
  }

  /** Deletes the session from the store; nothing of it is saved at the end of the request. */
  async destroy(): Promise<void> {
    const current = this[state];
    if (current.id) await current.store.destroy(current.id);
    for (const key of Object.keys(this)) delete this[key];
    current.destroyed = true;
  }
}

/**
 * What the end of this request must do for its session: save it (its data changed, or touch()
 * or regenerate() asked), clear a cookie that names no live session, or nothing (null).
 */
function pendingSessionWrite(
  request: FastifyRequest,
): { kind: 'save'; state: SessionState; json: string } | { kind: 'clear' } | null {
  const session = request.session as Session | null;
  if (!session) return null;
  const current = session[state];
  if (current.destroyed) return null;
  const json = JSON.stringify(session);
  const changed = current.loaded === null ? json !== '{}' : json !== current.loaded;
  if (changed || current.mustSave) return { kind: 'save', state: current, json };
  const cookieRead = !request.routeOptions.config.withoutSession;
  if (current.loaded === null && cookieRead && request.cookies[SESSION_COOKIE]) {
    return { kind: 'clear' };
  }
  return null;
}

/**
 * Whether answering this request must still write its session or cookie: a reply that skips
 * Fastify's send path (and so the onSend hook) may do so only when this is false.
 */
export function sessionWritePending(request: FastifyRequest): boolean {
  return pendingSessionWrite(request) !== null;
}

/** 192 random bits, URL-safe. */
function newSessionId(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Server-side sessions: the data in our store (database or Redis), an HttpOnly cookie holding
 * the signed session id, and a sliding idle expiry. Anonymous visitors get no session until one
 * is needed. (Our own few hooks instead of @fastify/session: it built a session object with a
 * cookie object, signed the id and hashed the whole session twice on every request, anonymous
 * ones included, about a tenth of a queue entry's CPU.)
 */
export async function registerSessions(
  app: FastifyInstance,
  options: {
    store: SessionStorePort;
    secret: string;
    /** The cookie signer, when shared with the queue-entry fast lane (its memory of good cookies). */
    signer?: RememberingSigner;
    secure: boolean;
    idleSeconds: number;
    findUser: (userId: number) => Promise<AuthUser | null>;
  },
): Promise<void> {
  const { store } = options;
  const signer = options.signer ?? createRememberingSigner(options.secret);
  const cookieOptions = {
    httpOnly: true,
    path: '/',
    sameSite: 'lax' as const,
    secure: options.secure,
    maxAge: options.idleSeconds,
  };
  await app.register(fastifyCookie);
  app.decorateRequest('session', null as unknown as Session);

  app.addHook('onRequest', async (request) => {
    const cookie = request.routeOptions.config.withoutSession
      ? undefined
      : request.cookies[SESSION_COOKIE];
    if (cookie) {
      const unsigned = signer.unsign(cookie);
      if (unsigned.valid && unsigned.value) {
        const data = await store.get(unsigned.value);
        if (data) {
          request.session = new Session(store, unsigned.value, data);
          return;
        }
      }
    }
    request.session = new Session(store, '', null);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = pendingSessionWrite(request);
    // A failed request keeps nothing of its session. This is also what ends a store outage: the
    // failed save goes to the error handler, whose 503 passes here again, and a second failed
    // save would make Fastify replace our error envelope with its own body.
    if (reply.statusCode >= 500) return payload;
    if (pending?.kind === 'save') {
      const current = pending.state;
      current.id ||= newSessionId();
      const data = JSON.parse(pending.json) as SessionData;
      await store.set(current.id, data, data.userId ?? null);
      current.loaded = pending.json;
      current.mustSave = false;
      reply.setCookie(SESSION_COOKIE, signer.sign(current.id), cookieOptions);
    } else if (pending?.kind === 'clear') {
      // A cookie naming no live session (expired, logged out elsewhere, forged): drop it.
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    }
    return payload;
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
    if (slidingRefreshDue(session.touchedAt, now)) {
      session.touchedAt = now;
      session.touch();
    }
  });
}
