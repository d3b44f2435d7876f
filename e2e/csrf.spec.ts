import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * CSRF (issue #13) in a real browser: a logged-in user opens an attacker's page that
 * auto-submits a form renaming them. (a) Another port of localhost is the same site, so the
 * SameSite=Lax session cookie goes with the form; (b) 127.0.0.1 is another site. Both are refused
 * with 403 C009 and the profile stays as it was.
 */
let attacker: http.Server;
let attackerPort = 0;
let targetBaseUrl = '';

/** The attacker's page: a hidden multipart form to our profile route, submitted on load. */
function attackPage(nickname: string): string {
  const field = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${value}">`;
  return `<!doctype html><meta charset="utf-8"><title>당첨 안내</title>
<form id="f" method="post" enctype="multipart/form-data" action="${targetBaseUrl}/api/mypage/profile">
${field('name', '해커')}${field('nickname', nickname)}${field('phone', '010-0000-0000')}${field('address', '어딘가')}
</form>
<script>document.getElementById('f').submit();</script>`;
}

test.beforeAll(async ({ baseURL }) => {
  targetBaseUrl = baseURL ?? '';
  attacker = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://attacker');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(attackPage(url.searchParams.get('nickname') ?? '해킹됨'));
  });
  // All interfaces, so both localhost (IPv4 or IPv6) and 127.0.0.1 reach it.
  await new Promise<void>((resolve) => attacker.listen(0, resolve));
  attackerPort = (attacker.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => attacker.close(() => resolve()));
});

async function nicknameOf(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/mypage/profile');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { nickname: string } }).data.nickname;
}

test('forms auto-submitted from another port of localhost and from 127.0.0.1 cannot change the profile', async ({
  page,
}) => {
  // A fresh account, registered and logged in through the browser context's own cookie jar.
  const tag = randomBytes(3).toString('hex');
  const username = `csrf${tag}`;
  const password = 'secret12!';
  const nickname = `원래닉${tag}`;
  const registered = await page.request.post('/api/auth/register', {
    multipart: {
      email: `${username}@example.com`,
      username,
      password,
      confirmPassword: password,
      name: '김커튼',
      nickname,
      phone: '010-1234-5678',
      address: '서울특별시 마포구 커튼콜로 1',
      isSocialUser: 'false',
    },
  });
  expect(registered.status()).toBe(201);
  const loggedIn = await page.request.post('/api/auth/login', { form: { username, password } });
  expect(loggedIn.status()).toBe(200);
  expect(await nicknameOf(page.request)).toBe(nickname);

  for (const attackerOrigin of [
    `http://localhost:${attackerPort}`,
    `http://127.0.0.1:${attackerPort}`,
  ]) {
    const answer = page.waitForResponse(
      (response) =>
        response.url() === `${targetBaseUrl}/api/mypage/profile` &&
        response.request().method() === 'POST',
    );
    await page.goto(`${attackerOrigin}/?nickname=${encodeURIComponent(`해킹됨${tag}`)}`);
    const response = await answer;
    expect((await response.request().allHeaders()).origin, attackerOrigin).toBe(attackerOrigin);
    expect(response.status(), attackerOrigin).toBe(403);
    expect(await response.json()).toEqual({
      success: false,
      status: 403,
      code: 'C009',
      message: '허용되지 않은 출처의 요청입니다.',
    });
    expect(await nicknameOf(page.request)).toBe(nickname);
  }

  // The user is still logged in and sees their own nickname on the profile page.
  await page.goto('/mypage/profile');
  await expect(
    page.getByRole('banner').getByText(`${username}님 안녕하세요`).first(),
  ).toBeVisible();
  expect(await nicknameOf(page.request)).toBe(nickname);
});
