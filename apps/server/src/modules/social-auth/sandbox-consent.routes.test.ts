import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { multipart, registrationFields } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';

/**
 * Issue 23 point 7: the sandbox identity provider. In the embedded default a provider without
 * credentials opens our own, clearly marked test consent page; the real callback path runs from
 * there (state cookie, single-use state, PKCE, sign-up completion, e-mail linking).
 */
const front = 'http://localhost:8080';
let ctx: TestContext;

beforeAll(async () => {
  // Explicitly on, so the scale-out runtime (DATABASE_URL, where `auto` is off) runs it too.
  ctx = await createTestContext({ env: { OAUTH_SANDBOX: 'on' } });
});
afterAll(async () => ctx?.close());

const form = { 'content-type': 'application/x-www-form-urlencoded' };

function cookieValue(response: { cookies: Array<{ name: string; value: string }> }, name: string) {
  return response.cookies.find((c) => c.name === name)?.value;
}

async function start(provider: string, cookie?: string, link = false) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/oauth2/authorization/${provider}${link ? '?intent=link' : ''}`,
    headers: cookie ? { cookie } : {},
  });
  expect(response.statusCode).toBe(302);
  const consentUrl = new URL(response.headers.location ?? '');
  return {
    consentUrl,
    attemptCookie: `cc_oauth=${cookieValue(response, 'cc_oauth') ?? ''}`,
    state: consentUrl.searchParams.get('state') ?? '',
    challenge: consentUrl.searchParams.get('code_challenge') ?? '',
  };
}

async function consent(
  provider: string,
  started: { state: string; challenge: string },
  fields: Record<string, string>,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/oauth2/sandbox/${provider}`,
    headers: form,
    payload: new URLSearchParams({
      state: started.state,
      code_challenge: started.challenge,
      ...fields,
    }).toString(),
  });
}

async function callback(location: string, cookie: string) {
  const url = new URL(location);
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: { cookie },
  });
  const session = cookieValue(response, 'cc_session');
  return {
    response,
    location: response.headers.location ?? '',
    sessionCookie: session ? `cc_session=${session}` : '',
  };
}

/** Start, pick the identity on the test page, come back through the real callback. */
async function sandboxLogin(
  provider: string,
  fields: Record<string, string>,
  options: { cookie?: string; link?: boolean } = {},
) {
  const started = await start(provider, options.cookie, options.link);
  const answer = await consent(provider, started, fields);
  expect(answer.statusCode).toBe(302);
  const cookie = [started.attemptCookie, options.cookie].filter(Boolean).join('; ');
  return callback(answer.headers.location ?? '', cookie);
}

async function me(cookie: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { cookie },
  });
  return response.json() as { userId: number; username: string } | null;
}

const custom = (email: string, verified = true) => ({
  choice: 'custom',
  name: '체험 관객',
  email,
  ...(verified ? { verified: 'yes' } : {}),
});
const uniqueEmail = () => `try${randomBytes(4).toString('hex')}@example.com`;

describe('OAUTH_SANDBOX setting', () => {
  it('is on in the embedded default, off with DATABASE_URL unless set on, and off when set off', () => {
    const base = { DATA_DIR: ctx.config.dataDir, SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).oauthSandbox).toBe(true);
    const postgres = { ...base, DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' };
    expect(loadConfig(postgres).oauthSandbox).toBe(false);
    expect(loadConfig({ ...postgres, OAUTH_SANDBOX: 'on' }).oauthSandbox).toBe(true);
    expect(loadConfig({ ...base, OAUTH_SANDBOX: 'off' }).oauthSandbox).toBe(false);
  });
});

describe('the sandbox consent page', () => {
  it('lists the providers as usable and sends the button to our own marked test page', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/auth/social/providers' });
    expect(list.json().data).toEqual([
      { provider: 'google', enabled: true },
      { provider: 'kakao', enabled: true },
      { provider: 'naver', enabled: true },
    ]);
    const started = await start('google');
    expect(`${started.consentUrl.origin}${started.consentUrl.pathname}`).toBe(
      `${front}/oauth2/sandbox/google`,
    );
    expect(started.consentUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const page = await ctx.app.inject({
      method: 'GET',
      url: `${started.consentUrl.pathname}${started.consentUrl.search}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('테스트 로그인 — 실제 Google 계정이 아닙니다');
    expect(page.body).toContain('tester@example.com');
  });

  it('signs a new Kakao identity up, completes the sign-up, and logs it in again', async () => {
    const email = uniqueEmail();
    const first = await sandboxLogin('kakao', custom(email));
    expect(first.location).toBe(`${front}/register?error=need_signup`);
    const pending = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/register/social',
      headers: { cookie: first.sessionCookie },
    });
    expect(pending.json().data).toMatchObject({ email, name: '체험 관객' });

    const fields = registrationFields({ isSocialUser: 'true', password: '', confirmPassword: '' });
    const body = multipart(fields);
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body.payload,
      headers: { ...body.headers, cookie: first.sessionCookie },
    });
    expect(registered.statusCode).toBe(201);

    const again = await sandboxLogin('kakao', custom(email));
    expect(again.location).toBe(`${front}/`);
    expect(await me(again.sessionCookie)).toMatchObject({ username: fields.username });

    // The same address through another sandboxed provider, verified: linked by e-mail.
    const google = await sandboxLogin('google', custom(email));
    expect(google.location).toBe(`${front}/`);
    expect(await me(google.sessionCookie)).toMatchObject({ username: fields.username });
    const accounts = await ctx.app.inject({
      method: 'GET',
      url: '/api/mypage/social-accounts',
      headers: { cookie: google.sessionCookie },
    });
    const linked = (accounts.json().data.accounts as Array<{ provider: string; linked: boolean }>)
      .filter((a) => a.linked)
      .map((a) => a.provider);
    expect(linked).toEqual(['google', 'kakao']);
  });

  it('links Naver from my page to the logged-in account', async () => {
    const email = uniqueEmail();
    const first = await sandboxLogin('kakao', custom(email));
    const body = multipart(
      registrationFields({ isSocialUser: 'true', password: '', confirmPassword: '' }),
    );
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body.payload,
      headers: { ...body.headers, cookie: first.sessionCookie },
    });
    const logged = await sandboxLogin('kakao', custom(email));
    const linked = await sandboxLogin('naver', custom(uniqueEmail(), false), {
      cookie: logged.sessionCookie,
      link: true,
    });
    expect(linked.location).toBe(`${front}/mypage/profile?linked=naver`);
  });

  it('refuses a replayed callback (the state is single use)', async () => {
    const started = await start('naver');
    const answer = await consent('naver', started, custom(uniqueEmail()));
    const location = answer.headers.location ?? '';
    const first = await callback(location, started.attemptCookie);
    expect(first.location).toBe(`${front}/register?error=need_signup`);
    const replay = await callback(location, started.attemptCookie);
    expect(replay.location).toBe(`${front}/login?socialError=state_mismatch`);
  });

  it('does not trade a code into another login (state and PKCE bound)', async () => {
    const mine = await start('kakao');
    const answer = await consent('kakao', mine, custom(uniqueEmail()));
    const code = new URL(answer.headers.location ?? '').searchParams.get('code') ?? '';
    const other = await start('kakao');
    const stolen = await callback(
      `${front}/login/oauth2/code/kakao?${new URLSearchParams({ code, state: other.state })}`,
      other.attemptCookie,
    );
    expect(stolen.location).toBe(`${front}/login?socialError=token_failed`);
    const forged = await start('kakao');
    const tampered = await callback(
      `${front}/login/oauth2/code/kakao?${new URLSearchParams({ code: `${code}x`, state: forged.state })}`,
      forged.attemptCookie,
    );
    expect(tampered.location).toBe(`${front}/login?socialError=token_failed`);
  });

  it('vouches only for test addresses: a real-looking address cannot be marked verified', async () => {
    const started = await start('google');
    const refused = await consent('google', started, custom('someone@gmail.com'));
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('인증된 이메일은 테스트용 주소');
    // Typed values stay on the page.
    expect(refused.body).toContain('value="someone@gmail.com"');
    const unverified = await sandboxLogin('google', { choice: 'unverified' });
    expect(unverified.location).toBe(`${front}/login?socialError=email_unverified`);
    const noEmail = await sandboxLogin('google', { choice: 'no-email' });
    expect(noEmail.location).toBe(`${front}/login?socialError=no_email`);
  });

  it('취소 comes back as a denied consent', async () => {
    const denied = await sandboxLogin('naver', { choice: 'deny' });
    expect(denied.location).toBe(`${front}/login?socialError=access_denied`);
  });
});

describe('a provider with credentials', () => {
  let configured: TestContext;
  beforeAll(async () => {
    configured = await createTestContext({
      env: { OAUTH_SANDBOX: 'on', KAKAO_CLIENT_ID: 'real-kakao-app' },
    });
  });
  afterAll(async () => configured?.close());

  it('always uses the real provider; the test page is not there for it', async () => {
    const started = await configured.app.inject({
      method: 'GET',
      url: '/oauth2/authorization/kakao',
    });
    expect(new URL(started.headers.location ?? '').origin).toBe('https://kauth.kakao.com');
    const page = await configured.app.inject({
      method: 'GET',
      url: '/oauth2/sandbox/kakao?state=abc&code_challenge=def',
    });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`${front}/login?socialError=not_configured`);
    // The others still get the sandbox.
    const google = await configured.app.inject({
      method: 'GET',
      url: '/oauth2/authorization/google',
    });
    expect(new URL(google.headers.location ?? '').pathname).toBe('/oauth2/sandbox/google');
  });
});
