import {
  accountMessages,
  registerBodySchema,
  socialErrorMessages,
  type CurrentUser,
  type FieldError,
  type LoginBody,
  type SocialSignupInfo,
} from '@curtaincall/contracts';
import type { CounterStorePort } from '../../adapters/counter-store/counter-store';
import type { SessionData } from '../../adapters/session-store/session-store';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolationConstraint } from '../../lib/db-errors';
import type { UploadedPart } from '../../lib/multipart';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import type { FilesService, StoredFile } from '../files/files.service';
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  type DeviceClaim,
  type DeviceCookieSigner,
} from './device-cookies';
import { findDeviceCookieGeneration } from './device-cookies.repo';
import {
  findTakenIdentifiers,
  findSessionUserRow,
  findUserByUsername,
  insertSocialAccount,
  insertUser,
  type UserRow,
} from './auth.repo';
import { toRole, type AuthUser } from './auth.policy';

export interface AuthServiceDeps {
  db: Database;
  files: FilesService;
  counters: CounterStorePort;
  clock: Clock;
  login: { maxFailures: number; windowSeconds: number };
  /** Signs and reads the device cookies that let a known browser past a username's limits. */
  deviceCookies: DeviceCookieSigner;
  /** Whether cookies get `Secure` (the public URL is https). */
  secureCookies: boolean;
}

function toAuthUser(
  row: Pick<UserRow, 'id' | 'username' | 'nickname' | 'name' | 'email' | 'role'>,
): AuthUser {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    name: row.name,
    email: row.email,
    role: toRole(row.role),
  };
}

export function toCurrentUser(user: AuthUser): CurrentUser {
  return { userId: user.id, username: user.username, nickname: user.nickname, role: user.role };
}

/** Failed logins from one IP (all usernames), as a multiple of the per-(username, IP) limit. */
const IP_FAILURE_MULTIPLIER = 4;
/** Failed logins for one username from all IPs after which new clients are slowed down. */
const USER_SLOWDOWN_MULTIPLIER = 2;
/** While a username is slowed down, new clients get one attempt on it per this many seconds. */
const USER_SLOWDOWN_SECONDS = 10;
/** How long a successful (username, IP) stays a known client, exempt from IP and user limits. */
const KNOWN_CLIENT_SECONDS = 30 * 24 * 60 * 60;

/** 429 A009 that says when to come back, in seconds under a minute and in minutes above. */
function tooManyAttempts(retryAfterSeconds: number): AppError {
  const when =
    retryAfterSeconds < 60 ? `${retryAfterSeconds}초` : `${Math.ceil(retryAfterSeconds / 60)}분`;
  return new AppError(
    'A009',
    `로그인 시도가 너무 많습니다. ${when} 후에 다시 시도해주세요.`,
    undefined,
    retryAfterSeconds,
  );
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, files, counters, clock } = deps;

  /** The user behind a session, read fresh so role changes show on the next request. */
  async function findSessionUser(userId: number): Promise<AuthUser | null> {
    const row = await findSessionUserRow(db, userId);
    return row ? toAuthUser(row) : null;
  }

  /**
   * The window (fixed, aligned to the injected clock) that `now` falls in: its number, for keys,
   * and the whole seconds until it ends, for Retry-After. Clock-aligned windows let every instance
   * agree on them and let tests move time, on Redis as in memory.
   */
  function windowAt(now: number, seconds: number): { id: number; secondsLeft: number } {
    const length = seconds * 1000;
    const id = Math.floor(now / length);
    return { id, secondsLeft: Math.max(1, Math.ceil(((id + 1) * length - now) / 1000)) };
  }

  /**
   * The device cookie's claim and its account, when the cookie is well signed, names this
   * username, its account still exists under the same id (not deleted and re-registered), and
   * its generation is the account's current one (not revoked by "log out everywhere"). Anything
   * else is an untrusted client, counted as if it had no cookie.
   */
  async function trustedDevice(
    cookieValue: string | undefined,
    username: string,
    user: string,
  ): Promise<{ claim: DeviceClaim; row: UserRow } | null> {
    const claim = deps.deviceCookies.read(cookieValue);
    if (!claim || claim.username !== user) return null;
    const [row, generation] = await Promise.all([
      findUserByUsername(db, username),
      findDeviceCookieGeneration(db, claim.userId),
    ]);
    if (!row || row.id !== claim.userId || generation !== claim.generation) return null;
    return { claim, row };
  }

  /**
   * The device cookie to set after a successful login: a new nonce every time (OWASP), at the
   * account's current generation. HttpOnly, SameSite=Lax, Secure behind https.
   */
  async function issueDeviceCookie(user: AuthUser) {
    const generation = await findDeviceCookieGeneration(db, user.id);
    return {
      name: DEVICE_COOKIE,
      value: deps.deviceCookies.sign({
        userId: user.id,
        username: user.username.toLowerCase(),
        generation,
      }),
      options: {
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'lax' as const,
        secure: deps.secureCookies,
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      },
    };
  }

  /**
   * Checks a username and password without letting anyone lock out someone else
   * (docs/security.md, "Login attempts"):
   * - failures per (username, IP): over LOGIN_MAX_FAILURES that client is refused, even with the
   *   right password, until the window ends;
   * - failures per IP, all usernames: over 4x that, the IP is refused for usernames it has never
   *   logged in to, so one office behind a proxy keeps working for the people who use it;
   * - failures per username, all IPs: over 2x that, new clients get one attempt per 10 s on it, a
   *   delay rather than a lock, so a distributed guesser cannot lock the owner out.
   * A client that logged in to a username before (same IP) is exempt from the last two. A success
   * clears that client's failures. Refused attempts (429) are not counted.
   * A browser with a valid device cookie for this account (trustedDevice) skips all three and is
   * counted in the cookie's own bucket instead.
   */
  async function verifyLogin(options: {
    body: LoginBody;
    ip: string;
    /** The request's device cookie (`cc_device`), if any. */
    deviceCookie?: string | undefined;
  }): Promise<AuthUser> {
    const username = options.body.username.trim();
    const user = username.toLowerCase();
    const now = clock.now().getTime();
    const window = windowAt(now, deps.login.windowSeconds);
    // JSON keeps a username and an IP apart whatever characters either contains.
    const pairId = JSON.stringify([user, options.ip]);
    const pairKey = `login-fail:pair:${window.id}:${pairId}`;
    const ipKey = `login-fail:ip:${window.id}:${options.ip}`;
    const userKey = `login-fail:user:${window.id}:${user}`;
    const knownKey = `login-ok:${pairId}`;
    const max = deps.login.maxFailures;
    const trusted = await trustedDevice(options.deviceCookie, username, user);
    const deviceKey = trusted ? `login-fail:device:${window.id}:${trusted.claim.nonce}` : null;
    if (deviceKey) {
      // A browser that logged in to this account before (OWASP's device cookie): only its own
      // bucket counts, never the username's or the IP's, so a guesser elsewhere cannot slow it;
      // LOGIN_MAX_FAILURES failures lock the cookie itself until the window ends. Claimed before
      // the password is checked, so parallel guesses with a stolen cookie get no more than that.
      const attempts = await counters.increment(deviceKey, deps.login.windowSeconds);
      if (attempts > max) throw tooManyAttempts(window.secondsLeft);
    } else {
      const [pairFailures, ipFailures, userFailures, known] = await Promise.all([
        counters.get(pairKey),
        counters.get(ipKey),
        counters.get(userKey),
        counters.get(knownKey),
      ]);
      if (pairFailures >= max) throw tooManyAttempts(window.secondsLeft);
      if (known === 0) {
        if (ipFailures >= max * IP_FAILURE_MULTIPLIER) throw tooManyAttempts(window.secondsLeft);
        if (userFailures >= max * USER_SLOWDOWN_MULTIPLIER) {
          // One attempt per short window, claimed before the password is checked, so parallel
          // guesses cannot all slip through; the answer never depends on the password.
          const slot = windowAt(now, USER_SLOWDOWN_SECONDS);
          const claims = await counters.increment(
            `login-slow:${slot.id}:${user}`,
            USER_SLOWDOWN_SECONDS,
          );
          if (claims > 1) throw tooManyAttempts(slot.secondsLeft);
        }
      }
    }
    const row = trusted ? trusted.row : await findUserByUsername(db, username);
    const passwordOk = row?.passwordHash
      ? await verifyPassword(row.passwordHash, options.body.password)
      : await verifyPassword(await dummyPasswordHash(), options.body.password).then(() => false);
    if (!row || !passwordOk) {
      // A known device's failure is already counted, in its own bucket only.
      if (!deviceKey) {
        await counters.incrementEach([pairKey, ipKey, userKey], deps.login.windowSeconds);
      }
      throw new AppError('A001');
    }
    await Promise.all([
      counters.reset(pairKey),
      counters.increment(knownKey, KNOWN_CLIENT_SECONDS),
      ...(deviceKey ? [counters.reset(deviceKey)] : []),
    ]);
    return toAuthUser(row);
  }

  /** Registers an account (api-contract.md §2.4); social completion links the pending provider. */
  async function register(options: {
    fields: Record<string, string>;
    profileImage: UploadedPart | undefined;
    socialSignup: SessionData['socialSignup'];
  }): Promise<AuthUser> {
    const isSocial = options.fields.isSocialUser === 'true';
    const pending = isSocial ? liveSocialSignup(options.socialSignup) : null;
    if (isSocial && !pending) throw new AppError('A010', accountMessages.socialExpired);
    const input = pending
      ? { ...options.fields, email: pending.email, name: options.fields.name || pending.name }
      : options.fields;

    const parsed = registerBodySchema.safeParse(input);
    if (!parsed.success) {
      const fieldErrors: FieldError[] = parsed.error.issues.map((issue) => ({
        field: issue.path.join('.') || 'body',
        message: issue.message,
      }));
      throw new AppError('C001', fieldErrors[0]?.message, fieldErrors);
    }
    const body = parsed.data;
    const email = body.email.toLowerCase();
    const username = body.username;
    const nickname = body.nickname;

    await assertIdentifiersFree({ username, email, nickname });

    const passwordHash = isSocial || !body.password ? null : await hashPassword(body.password);
    const stored: StoredFile | null = options.profileImage
      ? await files.storeProfileImage(options.profileImage)
      : null;
    try {
      const user = await db.transaction(async (tx) => {
        const created = await insertUser(tx, {
          username,
          email,
          nickname,
          passwordHash,
          name: body.name,
          phone: body.phone,
          address: body.address,
          profileImageKey: stored?.storageKey ?? null,
          // A social sign-up's address is the provider's verified one (social-auth checks it).
          emailVerifiedAt: pending ? clock.now() : null,
        });
        if (stored) await files.recordFile(tx, stored, created.id);
        if (pending) {
          await insertSocialAccount(tx, {
            userId: created.id,
            provider: pending.provider,
            providerUserId: pending.providerUserId,
            email: pending.email,
          });
        }
        return created;
      });
      return toAuthUser(user);
    } catch (error) {
      if (stored) await files.discardFile(stored);
      const constraint = uniqueViolationConstraint(error);
      if (constraint !== null) throw duplicateError(constraint);
      throw error;
    }
  }

  async function assertIdentifiersFree(values: {
    username: string;
    email: string;
    nickname: string;
  }): Promise<void> {
    const taken = await findTakenIdentifiers(db, values);
    if (taken.some((u) => u.username === values.username)) {
      throw duplicateFieldError('username', accountMessages.duplicateUsername);
    }
    if (taken.some((u) => u.email === values.email)) {
      throw duplicateFieldError('email', accountMessages.duplicateEmail);
    }
    if (taken.some((u) => u.nickname === values.nickname)) {
      throw duplicateFieldError('nickname', accountMessages.duplicateNickname);
    }
  }

  /** What the register page pre-fills from the pending social sign-up (api-contract.md §2.5). */
  function socialSignupInfo(socialSignup: SessionData['socialSignup']): SocialSignupInfo {
    const pending = liveSocialSignup(socialSignup);
    if (!pending) throw new AppError('A006', '세션이 만료되었거나 정보가 없습니다.');
    if (!pending.email || !pending.name) {
      throw new AppError('C001', '소셜 유저 정보가 누락되었습니다.');
    }
    return { email: pending.email, name: pending.name };
  }

  function liveSocialSignup(socialSignup: SessionData['socialSignup']) {
    if (!socialSignup || socialSignup.expiresAt <= clock.now().getTime()) return null;
    return socialSignup;
  }

  return { findSessionUser, verifyLogin, issueDeviceCookie, register, socialSignupInfo };
}

/** A taken identifier, named in `errors[]` too, so the form shows it under that field. */
function duplicateFieldError(field: 'username' | 'email' | 'nickname', message: string): AppError {
  return new AppError('A008', message, [{ field, message }]);
}

/** A unique-index race that slipped past the pre-check still names the right field. */
function duplicateError(constraint: string): AppError {
  // The pending provider account was linked to someone else meanwhile (another sign-up won).
  if (constraint.includes('social_accounts')) {
    return new AppError('A008', socialErrorMessages.already_linked_elsewhere);
  }
  if (constraint.includes('email'))
    return duplicateFieldError('email', accountMessages.duplicateEmail);
  if (constraint.includes('nickname')) {
    return duplicateFieldError('nickname', accountMessages.duplicateNickname);
  }
  return duplicateFieldError('username', accountMessages.duplicateUsername);
}

export type AuthService = ReturnType<typeof createAuthService>;
