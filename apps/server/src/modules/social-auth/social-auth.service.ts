import { createHash, timingSafeEqual } from 'node:crypto';
import {
  socialProviderSchema,
  type SocialAccounts,
  type SocialErrorReason,
  type SocialProvider,
  type SocialProviderStatus,
} from '@curtaincall/contracts';
import { generateCodeVerifier, generateState } from 'arctic';
import {
  OAuthProviderError,
  type OAuthProviderPort,
  type SocialProfile,
} from '../../adapters/oauth-provider/oauth-provider';
import type { CounterStorePort } from '../../adapters/counter-store/counter-store';
import type { SessionData } from '../../adapters/session-store/session-store';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { uniqueViolationConstraint } from '../../lib/db-errors';
import { toSeoulDateTime } from '../../lib/seoul-time';
import {
  deleteSocialAccount,
  findLinkedUserId,
  findUserByEmail,
  insertLinkedAccount,
  listSocialAccounts,
  lockUserForLoginMethods,
  userHasPassword,
} from './social-auth.repo';

/** How long a started login may take at the provider, and how long a pending sign-up lives. */
export const OAUTH_ATTEMPT_MS = 10 * 60 * 1000;
export const PENDING_SIGNUP_MS = 10 * 60 * 1000;

/**
 * What the browser carries between the start of a login and the provider's redirect back (a
 * signed, HttpOnly, short-lived cookie: api-contract.md §2.6): the state to compare, the PKCE
 * verifier, and for a link the account it was started from.
 */
export interface OAuthAttempt {
  provider: SocialProvider;
  state: string;
  codeVerifier: string | null;
  /** Set when a logged-in user links a provider from my page. */
  linkUserId: number | null;
  expiresAt: number;
}

export type CallbackOutcome =
  | { kind: 'login'; userId: number }
  | { kind: 'signup'; pending: NonNullable<SessionData['socialSignup']> }
  | { kind: 'linked'; provider: SocialProvider }
  | { kind: 'failed'; reason: SocialErrorReason; linking: boolean };

export interface SocialAuthServiceDeps {
  db: Database;
  clock: Clock;
  providers: Partial<Record<SocialProvider, OAuthProviderPort>>;
  log: { warn(object: object, message: string): void };
  /**
   * Where used states are remembered (the counter store: in process when embedded, Redis when
   * instances share it), so a callback replayed with the same cookie, on any instance, is refused.
   */
  usedStates: Pick<CounterStorePort, 'increment'>;
}

const allProviders = socialProviderSchema.options;

function sameString(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createSocialAuthService(deps: SocialAuthServiceDeps) {
  const { db, clock, providers } = deps;

  function providerStatuses(): SocialProviderStatus[] {
    return allProviders.map((provider) => ({ provider, enabled: Boolean(providers[provider]) }));
  }

  /** Step 1: where to send the browser, and what to remember until it comes back. */
  function startAuthorization(
    provider: SocialProvider,
    linkUserId: number | null,
  ): { url: string; attempt: OAuthAttempt } | { reason: SocialErrorReason } {
    const adapter = providers[provider];
    if (!adapter) return { reason: 'not_configured' };
    const state = generateState();
    const codeVerifier = adapter.usesPkce ? generateCodeVerifier() : null;
    const url = adapter.authorizationUrl({ state, codeVerifier });
    return {
      url: url.toString(),
      attempt: {
        provider,
        state,
        codeVerifier,
        linkUserId,
        expiresAt: clock.now().getTime() + OAUTH_ATTEMPT_MS,
      },
    };
  }

  /**
   * Steps 2-3 of api-contract.md §2.6: checks the state against the attempt, trades the code,
   * reads the profile and decides. Never throws for a provider's or a user's doing: every such
   * failure is an outcome with a reason the page can show.
   */
  async function completeCallback(input: {
    provider: SocialProvider;
    query: { code?: string; state?: string; error?: string };
    attempt: OAuthAttempt | null;
    sessionUserId: number | null;
  }): Promise<CallbackOutcome> {
    const { provider, query, attempt } = input;
    const linking = attempt?.linkUserId != null;
    const fail = (reason: SocialErrorReason): CallbackOutcome => ({
      kind: 'failed',
      reason,
      linking,
    });
    const adapter = providers[provider];
    if (!adapter) return fail('not_configured');
    // The state is checked before anything else, the provider's error included: a redirect that
    // no login of this browser started is not acted on at all.
    if (
      !attempt ||
      attempt.provider !== provider ||
      attempt.expiresAt <= clock.now().getTime() ||
      !query.state ||
      !sameString(query.state, attempt.state)
    ) {
      return { kind: 'failed', reason: 'state_mismatch', linking: false };
    }
    // Single use on the server: the cookie is cleared in the browser, but a copy of it and the
    // callback URL (a proxy log, a shared machine's history) must not log anyone in again. The
    // first callback to count the state owns it; the mark lives as long as the attempt may.
    const uses = await deps.usedStates.increment(
      `oauth-state:${createHash('sha256').update(attempt.state).digest('base64url')}`,
      OAUTH_ATTEMPT_MS / 1000,
    );
    if (uses > 1) return { kind: 'failed', reason: 'state_mismatch', linking: false };
    if (query.error || !query.code) return fail('access_denied');
    if (linking && input.sessionUserId !== attempt.linkUserId) return fail('login_required');

    let profile: SocialProfile;
    try {
      const tokens = await adapter.exchangeCode({
        code: query.code,
        state: attempt.state,
        codeVerifier: attempt.codeVerifier,
      });
      profile = await adapter.fetchProfile(tokens);
    } catch (error) {
      if (error instanceof OAuthProviderError) {
        deps.log.warn({ provider, err: error }, 'social login: provider call failed');
        return fail(error.reason);
      }
      throw error;
    }

    if (attempt.linkUserId != null) return link(attempt.linkUserId, provider, profile);
    return logIn(provider, profile);
  }

  async function logIn(provider: SocialProvider, profile: SocialProfile): Promise<CallbackOutcome> {
    const fail = (reason: SocialErrorReason): CallbackOutcome => ({
      kind: 'failed',
      reason,
      linking: false,
    });
    const linkedUserId = await findLinkedUserId(db, provider, profile.providerUserId);
    if (linkedUserId !== null) return { kind: 'login', userId: linkedUserId };
    if (!profile.email) return fail('no_email');
    // An address the provider does not vouch for proves nothing: linking it to the account with
    // that e-mail, or creating an account under it (which a later verified login would join),
    // would hand someone else's account to whoever typed the address at the provider.
    if (!profile.emailVerified) return fail('email_unverified');
    const existing = await findUserByEmail(db, profile.email);
    if (existing) {
      // Both sides must vouch: an address nobody proved to us may have been typed by someone
      // waiting for its owner's social login to walk into their account (issue 22, M2).
      if (!existing.emailVerified) return fail('account_email_unverified');
      const linked = await insertLink(existing.id, provider, profile);
      return linked === 'ok' ? { kind: 'login', userId: existing.id } : fail(linked);
    }
    return {
      kind: 'signup',
      pending: {
        provider,
        providerUserId: profile.providerUserId,
        email: profile.email,
        name: profile.name,
        expiresAt: clock.now().getTime() + PENDING_SIGNUP_MS,
      },
    };
  }

  /** A logged-in user links a provider from my page: any e-mail, the user proved both sides. */
  async function link(
    userId: number,
    provider: SocialProvider,
    profile: SocialProfile,
  ): Promise<CallbackOutcome> {
    const linked = await insertLink(userId, provider, profile);
    return linked === 'ok'
      ? { kind: 'linked', provider }
      : { kind: 'failed', reason: linked, linking: true };
  }

  async function insertLink(
    userId: number,
    provider: SocialProvider,
    profile: SocialProfile,
  ): Promise<'ok' | 'already_linked_elsewhere' | 'provider_already_linked'> {
    const owner = await findLinkedUserId(db, provider, profile.providerUserId);
    if (owner !== null) return owner === userId ? 'ok' : 'already_linked_elsewhere';
    const existing = await listSocialAccounts(db, userId);
    if (existing.some((account) => account.provider === provider)) {
      return 'provider_already_linked';
    }
    try {
      await insertLinkedAccount(db, {
        userId,
        provider,
        providerUserId: profile.providerUserId,
        email: profile.email,
      });
      return 'ok';
    } catch (error) {
      if (uniqueViolationConstraint(error) === null) throw error;
      // Two callbacks of one provider account at once: whoever was first owns it.
      const winner = await findLinkedUserId(db, provider, profile.providerUserId);
      return winner === userId ? 'ok' : 'already_linked_elsewhere';
    }
  }

  async function listAccounts(userId: number): Promise<SocialAccounts> {
    const [rows, hasPassword] = await Promise.all([
      listSocialAccounts(db, userId),
      userHasPassword(db, userId),
    ]);
    return {
      hasPassword,
      accounts: allProviders.map((provider) => {
        const row = rows.find((r) => r.provider === provider);
        return {
          provider,
          enabled: Boolean(providers[provider]),
          linked: Boolean(row),
          email: row?.email ?? null,
          linkedAt: row ? toSeoulDateTime(row.createdAt) : null,
        };
      }),
    };
  }

  /** Unlinks a provider, never the account's last way to log in (409 A012). */
  async function unlink(userId: number, provider: SocialProvider): Promise<void> {
    await db.transaction(async (tx) => {
      const user = await lockUserForLoginMethods(tx, userId);
      if (!user) throw new AppError('A007');
      const linked = await listSocialAccounts(tx, userId);
      if (!linked.some((account) => account.provider === provider)) throw new AppError('A013');
      if (!user.hasPassword && linked.length <= 1) throw new AppError('A012');
      await deleteSocialAccount(tx, userId, provider);
    });
  }

  return { providerStatuses, startAuthorization, completeCallback, listAccounts, unlink };
}

export type SocialAuthService = ReturnType<typeof createSocialAuthService>;
