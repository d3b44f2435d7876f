import { createHash } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import { accountMessages, errorMessages } from '@curtaincall/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, socialAccounts, users } from '../../db/schema/index';
import {
  startFakeOAuthProvider,
  type FakeConsent,
  type FakeOAuthProvider,
  type FakeOAuthUser,
  type FakeProvider,
} from '../../../test/helpers/fake-oauth-provider';
import { createLoggedInUser, multipart, registrationFields } from '../../../test/helpers/factories';
import {
  createSecondInstance,
  createTestContext,
  isScaleOut,
  type TestContext,
} from '../../../test/helpers/test-app';

let fake: FakeOAuthProvider;
let ctx: TestContext;
const front = 'http://localhost:8080';

beforeAll(async () => {
  fake = await startFakeOAuthProvider();
  ctx = await createTestContext({ env: fake.env() });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

let sequence = 0;
function fakeUser(provider: FakeProvider, overrides: Partial<FakeOAuthUser> = {}): FakeOAuthUser {
  sequence += 1;
  const tag = `${Date.now() % 100_000}${sequence}`;
  return {
    id: provider === 'kakao' ? `9${tag}` : `${provider}-${tag}`,
    email: provider === 'naver' ? `fan${tag}@naver.com` : `fan${tag}@example.com`,
    emailVerified: true,
    name: '소셜팬',
    ...overrides,
  };
}

function cookieValue(response: { cookies: Array<{ name: string; value: string }> }, name: string) {
  return response.cookies.find((c) => c.name === name)?.value;
}

function joinCookies(...cookies: Array<string | undefined>): string {
  return cookies.filter(Boolean).join('; ');
}

/** Step 1: our redirect to the provider, and the attempt cookie it set. */
async function startLogin(
  provider: FakeProvider,
  options: { cookie?: string; link?: boolean } = {},
) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/oauth2/authorization/${provider}${options.link ? '?intent=link' : ''}`,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  const attempt = cookieValue(response, 'cc_oauth');
  return { response, location: response.headers.location ?? '', attempt };
}

/** The provider's redirect back to our callback (as the browser would follow it). */
async function consentAt(authorizeUrl: string, provider: FakeProvider, consent: FakeConsent) {
  fake.queueConsent(provider, consent);
  const answer = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

async function callback(url: URL, cookie: string | undefined) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: cookie ? { cookie } : {},
  });
  const session = cookieValue(response, 'cc_session');
  return {
    response,
    location: response.headers.location ?? '',
    sessionCookie: session ? `cc_session=${session}` : undefined,
  };
}

/** The whole round trip: start, consent at the fake, callback with the attempt cookie. */
async function socialLogin(
  provider: FakeProvider,
  consent: FakeConsent,
  options: { cookie?: string; link?: boolean } = {},
) {
  const started = await startLogin(provider, options);
  expect(started.response.statusCode).toBe(302);
  const back = await consentAt(started.location, provider, consent);
  return callback(back, joinCookies(`cc_oauth=${started.attempt}`, options.cookie));
}

/** The token of the newest mailed link to `page` for `email`, read from the outbox table. */
async function mailedToken(email: string, page: '/verify-email' | '/reset-password') {
  await ctx.app.accountMail.idle();
  const mails = await ctx.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.id));
  const text = mails.find((m) => m.textBody.includes(`${page}?token=`))?.textBody ?? '';
  const token = /token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no ${page} mail to ${email}`);
  return token;
}

/** Opens the verification link mailed at sign-up, as the mailbox's owner would. */
async function verifyAddressByMail(email: string) {
  const token = await mailedToken(email, '/verify-email');
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/email-verification/confirm',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ token }),
  });
  expect(response.statusCode).toBe(200);
}

async function me(cookie: string | undefined) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: cookie ? { cookie } : {},
  });
  return response.json() as { userId: number; username: string } | null;
}

function tokenRequests(provider: FakeProvider) {
  return fake.requests.filter((r) => r.provider === provider && r.endpoint === 'token');
}

async function linkedRows(userId: number) {
  return ctx.database.db.select().from(socialAccounts).where(eq(socialAccounts.userId, userId));
}

/** A password-less account made through Kakao sign-up; its session cookie and id. */
async function signUpWithKakao() {
  return signUpWith('kakao');
}

/** A password-less account made through a provider's sign-up; its session cookie and id. */
async function signUpWith(provider: FakeProvider) {
  const user = fakeUser(provider);
  const first = await socialLogin(provider, { user });
  expect(first.location).toBe(`${front}/register?error=need_signup`);
  const fields = registrationFields({
    isSocialUser: 'true',
    password: '',
    confirmPassword: '',
    email: 'ignored@example.com',
  });
  const body = multipart(fields);
  const registered = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: body.payload,
    headers: { ...body.headers, cookie: first.sessionCookie ?? '' },
  });
  expect(registered.statusCode).toBe(201);
  const again = await socialLogin(provider, { user });
  expect(again.location).toBe(`${front}/`);
  const current = await me(again.sessionCookie);
  if (!current) throw new Error('social login did not log in');
  return { user, fields, cookie: again.sessionCookie ?? '', userId: current.userId };
}

describe('GET /api/auth/social/providers', () => {
  it('lists every provider as enabled when its credentials are configured', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/social/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: [
        { provider: 'google', enabled: true },
        { provider: 'kakao', enabled: true },
        { provider: 'naver', enabled: true },
      ],
    });
  });
});

describe('GET /oauth2/authorization/{provider}', () => {
  it('sends Google a state and an S256 PKCE challenge with openid/profile/email scopes', async () => {
    const { response, location, attempt } = await startLogin('google');
    expect(response.statusCode).toBe(302);
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(fake.env().GOOGLE_AUTH_URL);
    expect(url.searchParams.get('client_id')).toBe(fake.clients.google.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${front}/login/oauth2/code/google`);
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(attempt).toBeTruthy();
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/login/oauth2/code');
  });

  it('sends Kakao a PKCE challenge too, and Naver only a state (Naver has no PKCE)', async () => {
    const kakao = new URL((await startLogin('kakao')).location);
    expect(kakao.searchParams.get('code_challenge_method')).toBe('S256');
    expect(kakao.searchParams.get('scope')).toBe('profile_nickname account_email');
    const naver = new URL((await startLogin('naver')).location);
    expect(naver.searchParams.get('state')).toBeTruthy();
    expect(naver.searchParams.has('code_challenge')).toBe(false);
  });

  it('answers an unknown provider with 400 and a Korean message', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/oauth2/authorization/github' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'C001',
      message: '소셜 로그인 서비스는 google, kakao, naver 중 하나여야 합니다.',
    });
  });

  it('sends an anonymous link attempt to /login with login_required', async () => {
    const { location } = await startLogin('naver', { link: true });
    expect(location).toBe(`${front}/login?socialError=login_required`);
  });
});

describe('OAuth callback (api-contract §2.6)', () => {
  it('Kakao: unknown user -> need_signup, sign-up completes, the next login starts a session', async () => {
    const user = fakeUser('kakao', { name: '카카오팬' });
    const first = await socialLogin('kakao', { user });
    expect(first.location).toBe(`${front}/register?error=need_signup`);
    expect(await me(first.sessionCookie)).toBeNull();

    const info = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/register/social',
      headers: { cookie: first.sessionCookie ?? '' },
    });
    expect(info.json()).toEqual({ success: true, data: { email: user.email, name: '카카오팬' } });

    const fields = registrationFields({ isSocialUser: 'true', password: '', confirmPassword: '' });
    const body = multipart(fields);
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body.payload,
      headers: { ...body.headers, cookie: first.sessionCookie ?? '' },
    });
    expect(registered.statusCode).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.username, fields.username));
    expect(row?.email).toBe(user.email);
    expect(row?.passwordHash).toBeNull();
    expect(await linkedRows(row?.id ?? 0)).toMatchObject([
      { provider: 'kakao', providerUserId: user.id },
    ]);

    // The pending sign-up is spent: a second completion is refused.
    const again = multipart(registrationFields({ isSocialUser: 'true' }));
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: again.payload,
      headers: { ...again.headers, cookie: first.sessionCookie ?? '' },
    });
    expect(replay.json()).toMatchObject({ code: 'A010', message: accountMessages.socialExpired });

    const second = await socialLogin('kakao', { user });
    expect(second.location).toBe(`${front}/`);
    expect(await me(second.sessionCookie)).toMatchObject({ username: fields.username });
  });

  for (const provider of ['google', 'kakao', 'naver'] as const) {
    it(`${provider}: a new user signs up and then logs in with the provider alone`, async () => {
      const { userId, fields, cookie } = await signUpWith(provider);
      expect(await me(cookie)).toMatchObject({ userId, username: fields.username });
      expect((await linkedRows(userId)).map((row) => row.provider)).toEqual([provider]);
    });
  }

  it('gives a new session id at login, never the one the browser had', async () => {
    const { user } = await signUpWithKakao();
    const visitor = await socialLogin('kakao', { user: fakeUser('kakao') });
    const before = visitor.sessionCookie;
    const logged = await socialLogin('kakao', { user }, { cookie: before });
    expect(logged.sessionCookie).toBeTruthy();
    expect(logged.sessionCookie).not.toBe(before);
    expect(await me(before)).toBeNull();
  });

  it('Google: a verified e-mail of an existing account links it and logs that account in', async () => {
    const existing = await createLoggedInUser(ctx.app, ctx.database.db);
    // The account's owner proved the address with the link mailed at sign-up (issue 22).
    await verifyAddressByMail(existing.email);
    const user = fakeUser('google', { email: existing.email.toUpperCase() });
    const result = await socialLogin('google', { user });
    expect(result.location).toBe(`${front}/`);
    expect(await me(result.sessionCookie)).toMatchObject({ userId: existing.id });
    expect(await linkedRows(existing.id)).toMatchObject([
      { provider: 'google', providerUserId: user.id, email: existing.email },
    ]);
    // The id_token the fake signed was checked against our client id.
    const token = tokenRequests('google').at(-1);
    expect(token?.authorization).toMatch(/^Basic /);
  });

  it('an address nobody verified here cannot capture its owner`s later verified Google login', async () => {
    // Pre-account takeover: someone registers with the victim's address (and never sees the
    // verification mail); the victim later logs in with Google, which vouches for the address.
    const squatter = await createLoggedInUser(ctx.app, ctx.database.db);
    const victim = fakeUser('google', { email: squatter.email, emailVerified: true });
    const result = await socialLogin('google', { user: victim });
    expect(result.location).toBe(`${front}/login?socialError=account_email_unverified`);
    expect(result.sessionCookie).toBeUndefined();
    expect(await linkedRows(squatter.id)).toEqual([]);
    // The squatter's account did not gain a way in for the victim's Google account either.
    const squatterView = await ctx.app.inject({
      method: 'GET',
      url: '/api/mypage/social-accounts',
      headers: { cookie: squatter.cookie },
    });
    expect(squatterView.json().data.accounts.every((a: { linked: boolean }) => !a.linked)).toBe(
      true,
    );

    // Once the real owner of the mailbox verifies (or resets through it), the login joins.
    await verifyAddressByMail(squatter.email);
    const later = await socialLogin('google', { user: victim });
    expect(later.location).toBe(`${front}/`);
    expect(await me(later.sessionCookie)).toMatchObject({ userId: squatter.id });
  });

  it('a social sign-up`s address counts as verified: no verification mail, joins later logins', async () => {
    const { userId, cookie } = await signUpWith('google');
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/mypage/email-status',
      headers: { cookie },
    });
    expect(status.json().data.emailVerified).toBe(true);
    await ctx.app.accountMail.idle();
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, userId));
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, row?.email ?? ''));
    expect(mails).toEqual([]);
  });

  it('a password reset of a never-verified account drops the social logins linked before', async () => {
    // The squatter links their own Kakao account from my page, then the mailbox owner resets.
    const squatter = await createLoggedInUser(ctx.app, ctx.database.db);
    const linked = await socialLogin(
      'kakao',
      { user: fakeUser('kakao') },
      { cookie: squatter.cookie, link: true },
    );
    expect(linked.location).toBe(`${front}/mypage/profile?linked=kakao`);
    expect(await linkedRows(squatter.id)).toHaveLength(1);

    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: squatter.username, email: squatter.email }),
    });
    const token = await mailedToken(squatter.email, '/reset-password');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        token,
        newPassword: 'owner12345!',
        confirmPassword: 'owner12345!',
      }),
    });
    expect(reset.statusCode).toBe(200);
    expect(await linkedRows(squatter.id)).toEqual([]);
    expect(await me(squatter.cookie)).toBeNull();
  });

  it('Google: an unverified e-mail of an existing account is not linked', async () => {
    const existing = await createLoggedInUser(ctx.app, ctx.database.db);
    const user = fakeUser('google', { email: existing.email, emailVerified: false });
    const result = await socialLogin('google', { user });
    expect(result.location).toBe(`${front}/login?socialError=email_unverified`);
    expect(result.sessionCookie).toBeUndefined();
    expect(await linkedRows(existing.id)).toEqual([]);
  });

  it('Kakao: an unverified e-mail starts no sign-up (it could be anyone`s address)', async () => {
    const result = await socialLogin('kakao', {
      user: fakeUser('kakao', { emailVerified: false }),
    });
    expect(result.location).toBe(`${front}/login?socialError=email_unverified`);
  });

  it('a provider account without an e-mail goes to /login with no_email', async () => {
    const result = await socialLogin('kakao', { user: fakeUser('kakao', { email: null }) });
    expect(result.location).toBe(`${front}/login?socialError=no_email`);
  });

  it('Naver: the nested profile works; a naver.com mailbox counts as verified, others not', async () => {
    const naverUser = fakeUser('naver', { name: '네이버팬' });
    const ok = await socialLogin('naver', { user: naverUser });
    expect(ok.location).toBe(`${front}/register?error=need_signup`);
    const info = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/register/social',
      headers: { cookie: ok.sessionCookie ?? '' },
    });
    expect(info.json()).toEqual({
      success: true,
      data: { email: naverUser.email, name: '네이버팬' },
    });
    // Naver's token request carries the state, as Naver requires.
    expect(tokenRequests('naver').at(-1)?.params.state).toBeTruthy();

    const existing = await createLoggedInUser(ctx.app, ctx.database.db);
    const contact = fakeUser('naver', { email: existing.email });
    const refused = await socialLogin('naver', { user: contact });
    expect(refused.location).toBe(`${front}/login?socialError=email_unverified`);
    expect(await linkedRows(existing.id)).toEqual([]);
  });

  it('refuses a callback whose state does not match, before any token request', async () => {
    const started = await startLogin('google');
    const back = await consentAt(started.location, 'google', { user: fakeUser('google') });
    back.searchParams.set('state', 'forged-state-value-0000000000');
    const before = tokenRequests('google').length;
    const result = await callback(back, `cc_oauth=${started.attempt}`);
    expect(result.location).toBe(`${front}/login?socialError=state_mismatch`);
    expect(tokenRequests('google').length).toBe(before);
  });

  it('refuses a callback without the attempt cookie, or with a forged one', async () => {
    const started = await startLogin('kakao');
    const back = await consentAt(started.location, 'kakao', { user: fakeUser('kakao') });
    expect((await callback(back, undefined)).location).toBe(
      `${front}/login?socialError=state_mismatch`,
    );
    const forged = Buffer.from(
      JSON.stringify({
        provider: 'kakao',
        state: back.searchParams.get('state'),
        codeVerifier: null,
        linkUserId: null,
        expiresAt: Date.now() + 60_000,
      }),
    ).toString('base64url');
    expect((await callback(back, `cc_oauth=${forged}.bad-signature`)).location).toBe(
      `${front}/login?socialError=state_mismatch`,
    );
  });

  it('refuses a replayed callback with the same cookie and state, on any instance (L3)', async () => {
    const { user } = await signUpWith('google');
    const started = await startLogin('google');
    const back = await consentAt(started.location, 'google', { user });
    const cookie = `cc_oauth=${started.attempt}`;
    const first = await callback(back, cookie);
    expect(first.location).toBe(`${front}/`);
    expect(first.sessionCookie).toBeDefined();

    const tokensBefore = tokenRequests('google').length;
    const replay = await callback(back, cookie);
    expect(replay.location).toBe(`${front}/login?socialError=state_mismatch`);
    expect(replay.sessionCookie).toBeUndefined();
    // Another instance shares the memory of used states (Redis in scale-out).
    if (isScaleOut) {
      const second = await createSecondInstance(ctx);
      try {
        const elsewhere = await second.app.inject({
          method: 'GET',
          url: `${back.pathname}${back.search}`,
          headers: { cookie },
        });
        expect(elsewhere.headers.location).toBe(`${front}/login?socialError=state_mismatch`);
      } finally {
        await second.close();
      }
    }
    expect(tokenRequests('google').length).toBe(tokensBefore);
  });

  it('refuses an attempt older than 10 minutes', async () => {
    const started = await startLogin('kakao');
    const back = await consentAt(started.location, 'kakao', { user: fakeUser('kakao') });
    ctx.clock.advance(11 * 60 * 1000);
    const result = await callback(back, `cc_oauth=${started.attempt}`);
    expect(result.location).toBe(`${front}/login?socialError=state_mismatch`);
  });

  it('sends the PKCE verifier, and a wrong verifier fails at the token endpoint', async () => {
    const started = await startLogin('google');
    const challenge = new URL(started.location).searchParams.get('code_challenge');
    const back = await consentAt(started.location, 'google', { user: fakeUser('google') });

    // The same attempt with another verifier, signed as the server would sign it.
    const signer = new Signer(ctx.config.sessionSecret ?? '', 'sha256');
    const original = signer.unsign(started.attempt ?? '');
    const attempt = JSON.parse(Buffer.from(original.value ?? '', 'base64url').toString()) as {
      codeVerifier: string;
    };
    expect(createHash('sha256').update(attempt.codeVerifier).digest('base64url')).toBe(challenge);
    const tampered = signer.sign(
      Buffer.from(JSON.stringify({ ...attempt, codeVerifier: 'x'.repeat(43) })).toString(
        'base64url',
      ),
    );
    const result = await callback(back, `cc_oauth=${tampered}`);
    expect(result.location).toBe(`${front}/login?socialError=token_failed`);
    expect(tokenRequests('google').at(-1)?.params.code_verifier).toBe('x'.repeat(43));

    // The right verifier with the same (now refused) code: a code is good for one try only at
    // Google; a fresh round trip with the untouched attempt succeeds.
    const fresh = await socialLogin('google', { user: fakeUser('google') });
    expect(fresh.location).toBe(`${front}/register?error=need_signup`);
    expect(tokenRequests('google').at(-1)?.params.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  });

  it('denied consent goes to /login with access_denied and asks for no token', async () => {
    for (const provider of ['google', 'kakao', 'naver'] as const) {
      const before = tokenRequests(provider).length;
      const result = await socialLogin(provider, { deny: true });
      expect(result.location).toBe(`${front}/login?socialError=access_denied`);
      expect(tokenRequests(provider).length).toBe(before);
    }
  });
});

describe('linking from my page', () => {
  it('links a provider to the logged-in account and lists it', async () => {
    const account = await createLoggedInUser(ctx.app, ctx.database.db);
    const user = fakeUser('naver', { email: 'someone.else@gmail.com' });
    const result = await socialLogin('naver', { user }, { cookie: account.cookie, link: true });
    expect(result.location).toBe(`${front}/mypage/profile?linked=naver`);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/mypage/social-accounts',
      headers: { cookie: account.cookie },
    });
    expect(list.statusCode).toBe(200);
    const data = list.json().data as {
      hasPassword: boolean;
      accounts: Array<{ provider: string; linked: boolean; email: string | null }>;
    };
    expect(data.hasPassword).toBe(true);
    expect(data.accounts.map((a) => [a.provider, a.linked])).toEqual([
      ['google', false],
      ['kakao', false],
      ['naver', true],
    ]);
    expect(data.accounts[2]?.email).toBe('someone.else@gmail.com');
    // Logging in with it now reaches the same account.
    const login = await socialLogin('naver', { user });
    expect(await me(login.sessionCookie)).toMatchObject({ userId: account.id });
  });

  it('refuses a provider account already linked to someone else', async () => {
    const { user } = await signUpWithKakao();
    const other = await createLoggedInUser(ctx.app, ctx.database.db);
    const result = await socialLogin('kakao', { user }, { cookie: other.cookie, link: true });
    expect(result.location).toBe(`${front}/mypage/profile?socialError=already_linked_elsewhere`);
    expect(await linkedRows(other.id)).toEqual([]);
  });

  it('refuses a link whose session changed since it started', async () => {
    const account = await createLoggedInUser(ctx.app, ctx.database.db);
    const started = await startLogin('google', { cookie: account.cookie, link: true });
    const back = await consentAt(started.location, 'google', { user: fakeUser('google') });
    const other = await createLoggedInUser(ctx.app, ctx.database.db);
    const result = await callback(back, joinCookies(`cc_oauth=${started.attempt}`, other.cookie));
    expect(result.location).toBe(`${front}/mypage/profile?socialError=login_required`);
    expect(await linkedRows(other.id)).toEqual([]);
    expect(await linkedRows(account.id)).toEqual([]);
  });
});

describe('DELETE /api/mypage/social-accounts/{provider}', () => {
  it('never unlinks the last way to log in of a password-less account', async () => {
    const { cookie, userId } = await signUpWithKakao();
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/mypage/social-accounts/kakao',
      headers: { cookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'A012',
      message: errorMessages.A012,
    });
    expect(await linkedRows(userId)).toHaveLength(1);

    // With a second provider linked, one of the two may go, and then the other may not.
    const linked = await socialLogin(
      'google',
      { user: fakeUser('google') },
      { cookie, link: true },
    );
    expect(linked.location).toBe(`${front}/mypage/profile?linked=google`);
    const unlinked = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/mypage/social-accounts/kakao',
      headers: { cookie },
    });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json()).toEqual({
      success: true,
      message: '카카오 계정 연결이 해제되었습니다.',
    });
    const last = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/mypage/social-accounts/google',
      headers: { cookie },
    });
    expect(last.json()).toMatchObject({ code: 'A012' });
    expect((await linkedRows(userId)).map((r) => r.provider)).toEqual(['google']);
  });

  it('lets an account with a password unlink its only provider; an unlinked one is 404', async () => {
    const account = await createLoggedInUser(ctx.app, ctx.database.db);
    await socialLogin('kakao', { user: fakeUser('kakao') }, { cookie: account.cookie, link: true });
    const ok = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/mypage/social-accounts/kakao',
      headers: { cookie: account.cookie },
    });
    expect(ok.statusCode).toBe(200);
    const missing = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/mypage/social-accounts/kakao',
      headers: { cookie: account.cookie },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'A013',
      message: '연결되지 않은 소셜 계정입니다.',
    });
  });
});

describe('isSocialUser without a provider`s word', () => {
  it('refuses isSocialUser=true without a pending sign-up, and after it expired', async () => {
    const fields = registrationFields({ isSocialUser: 'true', password: '', confirmPassword: '' });
    const body = multipart(fields);
    const bare = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', ...body });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ code: 'A010', message: accountMessages.socialExpired });

    const pending = await socialLogin('kakao', { user: fakeUser('kakao') });
    ctx.clock.advance(11 * 60 * 1000);
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body.payload,
      headers: { ...body.headers, cookie: pending.sessionCookie ?? '' },
    });
    expect(late.json()).toMatchObject({ code: 'A010' });
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.username, fields.username));
    expect(row).toBeUndefined();
  });
});

describe('a provider without credentials, the sandbox turned off', () => {
  let bare: TestContext;
  beforeAll(async () => {
    // The operator's OAUTH_SANDBOX=off: no test consent page stands in (sandbox-consent tests).
    bare = await createTestContext({ env: { OAUTH_SANDBOX: 'off' } });
  });
  afterAll(async () => bare?.close());

  it('is listed as disabled, and its routes redirect to /login with not_configured', async () => {
    const list = await bare.app.inject({ method: 'GET', url: '/api/auth/social/providers' });
    expect(list.json().data).toEqual([
      { provider: 'google', enabled: false },
      { provider: 'kakao', enabled: false },
      { provider: 'naver', enabled: false },
    ]);
    const start = await bare.app.inject({ method: 'GET', url: '/oauth2/authorization/kakao' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe(`${front}/login?socialError=not_configured`);
    const back = await bare.app.inject({
      method: 'GET',
      url: '/login/oauth2/code/kakao?code=abc&state=def',
    });
    expect(back.headers.location).toBe(`${front}/login?socialError=not_configured`);
  });
});
