import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers/test-app';
import { createConcert, createLoggedInUser, multipart } from '../../test/helpers/factories';

/**
 * CSRF (issue #13): an unsafe request from a page of another origin, same-site ones included
 * (another port of our host, a sibling subdomain: SameSite=Lax cookies travel there), is refused
 * before it is read; each route accepts only the body types it documents.
 */
const OWN = 'http://localhost:8080';
const FRONT = 'http://front.example.test';
const EXTRA = 'https://web.example.test';

let ctx: TestContext;
let user: Awaited<ReturnType<typeof createLoggedInUser>>;
let concertId: number;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { PUBLIC_BASE_URL: OWN, FRONT_BASE_URL: `${FRONT}/`, CORS_ORIGINS: ` ${EXTRA} ,` },
  });
  user = await createLoggedInUser(ctx.app, ctx.database.db);
  const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  concertId = (await createConcert(ctx.database.db, { sellerId: seller.id })).id;
});
afterAll(async () => ctx?.close());

const refused = {
  success: false,
  status: 403,
  code: 'C009',
  message: '허용되지 않은 출처의 요청입니다.',
};

/** The attack: an auto-submitted multipart form that renames the logged-in user. */
function profileForm(headers: Record<string, string>, nickname = '해커가바꾼닉') {
  const body = multipart({ name: '해커', nickname, phone: '010-0000-0000', address: '어딘가' });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/mypage/profile',
    payload: body.payload,
    headers: { ...body.headers, cookie: user.cookie, ...headers },
  });
}

async function currentNickname(): Promise<string> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/mypage/profile',
    headers: { cookie: user.cookie },
  });
  return response.json().data.nickname;
}

describe('unsafe requests from foreign pages', () => {
  it('a multipart profile form from another site -> 403 C009, profile unchanged', async () => {
    const before = await currentNickname();
    const response = await profileForm({ origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual(refused);
    expect(await currentNickname()).toBe(before);
  });

  it('same site is not enough: another port of our host, a sibling subdomain, http for https', async () => {
    const before = await currentNickname();
    for (const origin of [
      'http://localhost:5555',
      'http://127.0.0.1:8080',
      'http://evil.front.example.test',
      'https://web.example.test:8443',
      'http://web.example.test',
      'null',
    ]) {
      const response = await profileForm({ origin, 'sec-fetch-site': 'same-site' });
      expect(response.statusCode, origin).toBe(403);
      expect(response.json(), origin).toEqual(refused);
    }
    expect(await currentNickname()).toBe(before);
  });

  it('every unsafe method is checked (POST, PUT, PATCH, DELETE), logged in or not', async () => {
    const requests: InjectOptions[] = [
      { method: 'POST', url: '/api/auth/logout' },
      { method: 'POST', url: `/api/concerts/${concertId}/reviews` },
      { method: 'PUT', url: `/api/concerts/${concertId}/reviews/1` },
      { method: 'PATCH', url: '/api/access-keys/extend' },
      { method: 'DELETE', url: `/api/concerts/${concertId}/expectations/1` },
      { method: 'DELETE', url: '/api/no-such-route' },
    ];
    for (const request of requests) {
      for (const cookie of [user.cookie, undefined]) {
        const response = await ctx.app.inject({
          ...request,
          headers: {
            origin: 'http://localhost:3000',
            'content-type': 'application/json',
            ...(cookie ? { cookie } : {}),
          },
          payload: '{}',
        });
        expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
        expect(response.json()).toEqual(refused);
        // Refusals are API answers like any other: the security headers are on them too.
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
    }
    // The session was not ended by the refused logout.
    expect(await currentNickname()).toEqual(expect.any(String));
  });

  it('our own origins pass: PUBLIC_BASE_URL, FRONT_BASE_URL and CORS_ORIGINS', async () => {
    for (const origin of [OWN, FRONT, EXTRA]) {
      const nickname = `닉${Math.random().toString(36).slice(2, 8)}`;
      const response = await profileForm({ origin, 'sec-fetch-site': 'cross-site' }, nickname);
      expect(response.statusCode, origin).toBe(200);
      expect(await currentNickname()).toBe(nickname);
    }
  });

  it('without Origin, Sec-Fetch-Site decides: same-origin and none pass, same-site and cross-site do not', async () => {
    for (const site of ['same-site', 'cross-site']) {
      const response = await profileForm({ 'sec-fetch-site': site });
      expect(response.statusCode, site).toBe(403);
      expect(response.json()).toEqual(refused);
    }
    for (const site of ['same-origin', 'none']) {
      const nickname = `닉${site.replace('-', '')}`;
      const response = await profileForm({ 'sec-fetch-site': site }, nickname);
      expect(response.statusCode, site).toBe(200);
      expect(await currentNickname()).toBe(nickname);
    }
  });

  it("without Origin and Sec-Fetch-Site, the Referer's origin decides", async () => {
    for (const referer of [
      'http://localhost:5555/attack.html',
      'not a url',
      'https://evil.test/',
    ]) {
      const response = await profileForm({ referer });
      expect(response.statusCode, referer).toBe(403);
      expect(response.json()).toEqual(refused);
    }
    const response = await profileForm({ referer: `${OWN}/mypage/profile?x=1` }, '닉리퍼러');
    expect(response.statusCode).toBe(200);
    expect(await currentNickname()).toBe('닉리퍼러');
  });

  it('Origin null (a no-referrer form post) passes only when Sec-Fetch-Site says same-origin', async () => {
    const attempts: Array<Record<string, string>> = [
      { origin: 'null' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: 'null', 'sec-fetch-site': 'none' },
      { origin: 'null', referer: `${OWN}/` },
    ];
    for (const headers of attempts) {
      const response = await profileForm(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
    }
    const response = await profileForm({ origin: 'null', 'sec-fetch-site': 'same-origin' }, '닉널');
    expect(response.statusCode).toBe(200);
    expect(await currentNickname()).toBe('닉널');
  });

  it('Origin outranks the other headers', async () => {
    const foreign = await profileForm({
      origin: 'http://localhost:5555',
      'sec-fetch-site': 'same-origin',
      referer: `${OWN}/`,
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('a request with none of Origin, Sec-Fetch-Site, Referer is no browser page: it passes', async () => {
    const response = await profileForm({}, '닉커맨드라인');
    expect(response.statusCode).toBe(200);
    expect(await currentNickname()).toBe('닉커맨드라인');
  });

  it('safe methods pass from anywhere: pages, and the payment provider redirecting the browser back', async () => {
    const crossSite = { origin: 'https://pay.toss.im', 'sec-fetch-site': 'cross-site' };
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/mypage/profile',
      headers: { ...crossSite, cookie: user.cookie },
    });
    expect(profile.statusCode).toBe(200);
    const fail = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/payments/fail?code=PAY_PROCESS_CANCELED&message=x&orderId=nosuchorder1',
      headers: { 'sec-fetch-site': 'cross-site', referer: 'https://pay.toss.im/' },
    });
    expect(fail.statusCode).toBe(302);
    expect(fail.headers.location).toMatch(new RegExp(`^${FRONT}/`));
    const checkout = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/sandbox-payments/checkout?orderId=order-123&amount=1000',
      headers: crossSite,
    });
    expect(checkout.statusCode).toBe(200);
  });
});

describe('the sandbox payment window', () => {
  it("its own form post (Origin null under our no-referrer policy) is read; another site's is not", async () => {
    const form = new URLSearchParams({ orderId: 'bad', amount: '1000' }).toString();
    const post = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/sandbox-payments/checkout',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: form,
      });
    const own = await post({ origin: 'null', 'sec-fetch-site': 'same-origin' });
    // Read and answered by the window itself: its page with the order error, not a refusal.
    expect(own.statusCode).toBe(400);
    expect(own.headers['content-type']).toContain('text/html');
    expect(own.body).toContain('주문 정보가 올바르지 않습니다.');
    const foreign = await post({ origin: 'null', 'sec-fetch-site': 'cross-site' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(refused);
  });
});

describe('body types per route', () => {
  // Every field coerces from text, so before #13 a plain HTML form could post this review.
  const review = () => ({
    title: '좋아요',
    description: '정말 좋았어요.',
    rating: '5',
    userNickname: '아무개',
    userId: String(user.id),
  });

  async function reviewCount(): Promise<number> {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/concerts/reviews/${concertId}`,
    });
    return response.json().data.totalElements;
  }

  it('a JSON route refuses form and multipart bodies with 415 C006, writing nothing', async () => {
    const before = await reviewCount();
    const form = await ctx.app.inject({
      method: 'POST',
      url: `/api/concerts/${concertId}/reviews`,
      headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(review()).toString(),
    });
    const parts = multipart(review());
    const multi = await ctx.app.inject({
      method: 'POST',
      url: `/api/concerts/${concertId}/reviews`,
      headers: { ...parts.headers, cookie: user.cookie },
      payload: parts.payload,
    });
    const text = await ctx.app.inject({
      method: 'POST',
      url: `/api/concerts/${concertId}/reviews`,
      headers: { cookie: user.cookie, 'content-type': 'text/plain' },
      payload: JSON.stringify({ ...review(), rating: 5 }),
    });
    for (const response of [form, multi, text]) {
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({
        success: false,
        status: 415,
        code: 'C006',
        message: '지원하지 않는 요청 형식입니다.',
      });
    }
    expect(await reviewCount()).toBe(before);
    const json = await ctx.app.inject({
      method: 'POST',
      url: `/api/concerts/${concertId}/reviews`,
      headers: { cookie: user.cookie, 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ ...review(), rating: 5 }),
    });
    expect(json.statusCode).toBe(201);
    expect(await reviewCount()).toBe(before + 1);
  });

  it('form routes take forms only, multipart routes multipart only', async () => {
    const loginAsJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: user.username, password: user.password }),
    });
    expect(loginAsJson.statusCode).toBe(415);
    const parts = multipart({ currentPassword: user.password, newPassword: 'newpass12!' });
    const passwordAsMultipart = await ctx.app.inject({
      method: 'POST',
      url: '/api/mypage/changePwd',
      headers: { ...parts.headers, cookie: user.cookie },
      payload: parts.payload,
    });
    expect(passwordAsMultipart.statusCode).toBe(415);
    const profileAsForm = await ctx.app.inject({
      method: 'POST',
      url: '/api/mypage/profile',
      headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'nickname=x',
    });
    expect(profileAsForm.statusCode).toBe(415);
    for (const response of [loginAsJson, passwordAsMultipart, profileAsForm]) {
      expect(response.json()).toMatchObject({ success: false, code: 'C006' });
    }
  });

  it("body-less calls pass with the client's JSON type or none; unknown paths stay 404", async () => {
    const withType = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
    });
    expect(withType.statusCode).toBe(200);
    const without = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(without.statusCode).toBe(200);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/no-such-route',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('C005');
  });

  it('the OpenAPI document still generates and names the non-JSON body types', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/auth/login'].post.requestBody.content)).toEqual([
      'application/x-www-form-urlencoded',
    ]);
    expect(doc.paths['/api/mypage/profile'].post).toBeDefined();
  });
});
