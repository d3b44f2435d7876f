import { accountMessages, limits, requiredMessage } from '@curtaincall/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadedFiles, users } from '../../db/schema/index';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import {
  createLoggedInUser,
  login,
  multipart,
  registerUser,
  registrationFields,
} from '../../../test/helpers/factories';
import { solidPng } from '../../../test/helpers/huge-png';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { LOGIN_MAX_FAILURES: '3' } });
});
afterAll(async () => ctx?.close());

function postRegister(fields: Record<string, string>, files: Parameters<typeof multipart>[1] = []) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/register', ...multipart(fields, files) });
}

function postLogin(username: string, password: string, ip = '10.0.0.1') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  });
}

describe('POST /api/auth/register', () => {
  it('creates the account and answers 201 with the contract message', async () => {
    const fields = registrationFields();
    const response = await postRegister(fields);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: '회원가입이 완료되었습니다.' });
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.username, fields.username));
    expect(row?.email).toBe(fields.email);
    expect(row?.role).toBe('ROLE_USER');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  const invalidCases: Array<[string, Record<string, string>, string, string]> = [
    ['missing email', { email: '' }, 'email', requiredMessage('email')],
    ['bad email', { email: 'not-an-email' }, 'email', accountMessages.emailFormat],
    ['short username', { username: 'abc' }, 'username', accountMessages.username],
    ['uppercase username', { username: 'ABCdef' }, 'username', accountMessages.username],
    [
      'weak password',
      { password: 'password', confirmPassword: 'password' },
      'password',
      accountMessages.password,
    ],
    [
      'password without special',
      { password: 'abcd1234', confirmPassword: 'abcd1234' },
      'password',
      accountMessages.password,
    ],
    [
      'password mismatch',
      { confirmPassword: 'other12!!' },
      'confirmPassword',
      accountMessages.passwordMismatch,
    ],
    ['missing name', { name: '' }, 'name', requiredMessage('name')],
    ['long name', { name: '가'.repeat(101) }, 'name', accountMessages.nameTooLong],
    ['nickname with symbols', { nickname: '팬_01!' }, 'nickname', accountMessages.nickname],
    ['long nickname', { nickname: 'a'.repeat(21) }, 'nickname', accountMessages.nickname],
    ['bad phone', { phone: '010-12-5678' }, 'phone', accountMessages.phone],
    ['phone with wrong prefix', { phone: '012-1234-5678' }, 'phone', accountMessages.phone],
    ['missing address', { address: '' }, 'address', requiredMessage('address')],
  ];
  it.each(invalidCases)(
    '%s -> 400 C001 with that field message',
    async (_name, change, field, message) => {
      const response = await postRegister(registrationFields(change));
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toMatchObject({ success: false, status: 400, code: 'C001', message });
      expect(body.errors).toContainEqual({ field, message });
    },
  );

  it('reports a missing field with its Korean required message', async () => {
    const fields = registrationFields();
    delete fields.phone;
    const response = await postRegister(fields);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({
      field: 'phone',
      message: '전화번호는 필수입니다.',
    });
  });

  it.each([
    ['username', accountMessages.duplicateUsername],
    ['email', accountMessages.duplicateEmail],
    ['nickname', accountMessages.duplicateNickname],
  ])('a taken %s -> 409 A008 naming it, also as its field error', async (field, message) => {
    const first = await registerUser(ctx.app);
    const response = await postRegister(registrationFields({ [field]: first[field] ?? '' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'A008', message, errors: [{ field, message }] });
  });

  it('treats e-mail case-insensitively', async () => {
    const first = await registerUser(ctx.app);
    const response = await postRegister(registrationFields({ email: first.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(accountMessages.duplicateEmail);
  });

  it('stores a profile image re-encoded as WebP, whatever the file is called', async () => {
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#336699' },
    })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera' } } })
      .png()
      .toBuffer();
    const fields = registrationFields();
    const response = await postRegister(fields, [
      { field: 'profileImage', filename: '../../evil.png', contentType: 'image/png', content: png },
    ]);
    expect(response.statusCode).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.username, fields.username));
    expect(row?.profileImageKey).toMatch(/^profiles\/[0-9a-f-]{36}\.webp$/);
    const [file] = await ctx.database.db
      .select()
      .from(uploadedFiles)
      .where(eq(uploadedFiles.ownerUserId, row?.id ?? -1));
    expect(file?.mimeType).toBe('image/webp');
    const served = await ctx.app.inject({ method: 'GET', url: `/uploads/${row?.profileImageKey}` });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(512);
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a non-image profile file by its bytes -> 400 F003', async () => {
    const response = await postRegister(registrationFields(), [
      {
        field: 'profileImage',
        filename: 'photo.png',
        contentType: 'image/png',
        content: Buffer.from('%PDF-1.4 not an image'),
      },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'F003',
      message: accountMessages.imageType,
      errors: [{ field: 'profileImage', message: accountMessages.imageType }],
    });
  });

  it('refuses a profile image over the pixel limit from its header, fast -> 400 F004, no account', async () => {
    // 31 KB on the wire; decoding its 256 million pixels took 1.5 s of CPU before the limit.
    const png = solidPng(16_000, 16_000);
    const fields = registrationFields();
    const started = performance.now();
    const response = await postRegister(fields, [
      { field: 'profileImage', filename: 'huge.png', contentType: 'image/png', content: png },
    ]);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      status: 400,
      code: 'F004',
      message: '이미지 크기가 너무 큽니다. (최대 6000×6000 픽셀)',
      errors: [
        { field: 'profileImage', message: '이미지 크기가 너무 큽니다. (최대 6000×6000 픽셀)' },
      ],
    });
    const rows = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.username, fields.username));
    expect(rows).toHaveLength(0);
  });

  it('accepts a profile image at the pixel limit', async () => {
    const response = await postRegister(registrationFields(), [
      {
        field: 'profileImage',
        filename: 'tall.png',
        contentType: 'image/png',
        content: solidPng(100, limits.imageMaxSidePixels),
      },
    ]);
    expect(response.statusCode).toBe(201);
  });

  it('refuses a profile image over 10 MB -> 400 F002', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 1);
    const response = await postRegister(registrationFields(), [
      { field: 'profileImage', filename: 'big.jpg', contentType: 'image/jpeg', content: big },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'F002', message: accountMessages.imageTooLarge });
  });

  it('refuses a JSON body -> 415 C006 envelope', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registrationFields(),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false, code: 'C006' });
  });

  it('refuses social completion without a pending social sign-up -> 400 A010', async () => {
    const fields = registrationFields({ isSocialUser: 'true', password: '', confirmPassword: '' });
    const response = await postRegister(fields);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'A010', message: accountMessages.socialExpired });
  });
});

describe('GET /api/auth/register/social', () => {
  it('answers 401 with the contract text when nothing is pending', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/register/social' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      success: false,
      message: '세션이 만료되었거나 정보가 없습니다.',
    });
  });
});

describe('login, me, logout', () => {
  it('GET /auth/me answers the bare literal null when anonymous', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('null');
  });

  it('logs in with a form body, then /auth/me answers the bare user', async () => {
    const user = await registerUser(ctx.app);
    const response = await postLogin(user.username, user.password);
    expect(response.statusCode).toBe(200);
    const cookie = response.cookies.find((c) => c.name === 'cc_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.path).toBe('/');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: `cc_session=${cookie?.value}` },
    });
    const body = me.json();
    expect(body).toEqual({
      userId: expect.any(Number),
      username: user.username,
      nickname: user.nickname,
      role: 'ROLE_USER',
    });
    expect(body).not.toHaveProperty('success');
  });

  it('issues a new session id at login instead of keeping the old one', async () => {
    const user = await registerUser(ctx.app);
    const first = await login(ctx.app, user.username, user.password);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { cookie: first, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: user.username, password: user.password }).toString(),
    });
    const second = again.cookies.find((c) => c.name === 'cc_session');
    expect(second?.value).toBeTruthy();
    expect(`cc_session=${second?.value}`).not.toBe(first);
    const oldSession = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: first },
    });
    expect(oldSession.body).toBe('null');
  });

  it('wrong password -> 401 A001', async () => {
    const user = await registerUser(ctx.app);
    const response = await postLogin(user.username, 'wrong-pass1!', '10.0.0.2');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: 'A001',
      message: '아이디 또는 비밀번호가 일치하지 않습니다.',
    });
  });

  it('unknown user -> 401 A001, the same answer as a wrong password', async () => {
    const response = await postLogin('nosuchuser', 'whatever1!', '10.0.0.3');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('A001');
  });

  it('empty fields -> 400 with the login-required message', async () => {
    const response = await postLogin('', '', '10.0.0.4');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'C001', message: accountMessages.loginRequired });
  });

  // LOGIN_MAX_FAILURES is 3 here: 3 per (username, IP), 12 per IP, slowdown after 6 per username.
  describe('failed attempts', () => {
    const wrong = 'wrong-pass1!';
    const retryAfter = (response: { headers: Record<string, unknown> }) =>
      Number(response.headers['retry-after']);

    it('refuses a client after 3 wrong passwords with 429, Retry-After and when to retry', async () => {
      const victim = await registerUser(ctx.app);
      for (let i = 0; i < 3; i += 1) {
        expect((await postLogin(victim.username, wrong, '10.1.0.1')).statusCode).toBe(401);
      }
      // Even the right password: otherwise the answer would tell the guesser it was right.
      const blocked = await postLogin(victim.username, victim.password, '10.1.0.1');
      expect(blocked.statusCode).toBe(429);
      const seconds = retryAfter(blocked);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(600);
      expect(blocked.json()).toEqual({
        success: false,
        status: 429,
        code: 'A009',
        message:
          seconds < 60
            ? `로그인 시도가 너무 많습니다. ${seconds}초 후에 다시 시도해주세요.`
            : `로그인 시도가 너무 많습니다. ${Math.ceil(seconds / 60)}분 후에 다시 시도해주세요.`,
      });
      // Upper case is the same username.
      expect(
        (await postLogin(victim.username.toUpperCase(), victim.password, '10.1.0.1')).statusCode,
      ).toBe(429);

      // The victim, elsewhere, logs in while the attacker is refused.
      expect((await postLogin(victim.username, victim.password, '10.1.0.2')).statusCode).toBe(200);
      expect((await postLogin(victim.username, victim.password, '10.1.0.1')).statusCode).toBe(429);

      // When the window ends, so does the refusal.
      ctx.clock.advance(seconds * 1000);
      expect((await postLogin(victim.username, victim.password, '10.1.0.1')).statusCode).toBe(200);
    });

    it("a successful login clears that client's failures", async () => {
      const user = await registerUser(ctx.app);
      const ip = '10.1.1.1';
      for (let i = 0; i < 2; i += 1) {
        expect((await postLogin(user.username, wrong, ip)).statusCode).toBe(401);
      }
      expect((await postLogin(user.username, user.password, ip)).statusCode).toBe(200);
      for (let i = 0; i < 2; i += 1) {
        expect((await postLogin(user.username, wrong, ip)).statusCode).toBe(401);
      }
      expect((await postLogin(user.username, user.password, ip)).statusCode).toBe(200);
    });

    it('an office IP over its limit still lets in the people who log in from it', async () => {
      const office = '10.2.0.1';
      const colleague = await registerUser(ctx.app);
      expect((await postLogin(colleague.username, colleague.password, office)).statusCode).toBe(
        200,
      );
      for (let i = 0; i < 12; i += 1) {
        expect((await postLogin(`nouser${i}`, wrong, office)).statusCode).toBe(401);
      }
      // A username never used from this IP is refused (credential stuffing stops here) ...
      const newcomer = await registerUser(ctx.app);
      const refused = await postLogin(newcomer.username, newcomer.password, office);
      expect(refused.statusCode).toBe(429);
      expect(retryAfter(refused)).toBeGreaterThanOrEqual(1);
      expect(refused.json().code).toBe('A009');
      // ... but not a colleague who logs in from here, nor the newcomer from elsewhere.
      expect((await postLogin(colleague.username, colleague.password, office)).statusCode).toBe(
        200,
      );
      expect((await postLogin(newcomer.username, newcomer.password, '10.2.0.2')).statusCode).toBe(
        200,
      );
    });

    it('guesses from many IPs slow new clients down but never lock the owner out', async () => {
      const victim = await registerUser(ctx.app);
      // The owner's usual client.
      expect((await postLogin(victim.username, victim.password, '10.3.0.100')).statusCode).toBe(
        200,
      );
      for (let i = 0; i < 6; i += 1) {
        expect((await postLogin(victim.username, wrong, `10.3.0.${i}`)).statusCode).toBe(401);
      }
      // One attempt per 10 s from new clients: the first is answered, the next waits.
      expect((await postLogin(victim.username, wrong, '10.3.0.10')).statusCode).toBe(401);
      const slowed = await postLogin(victim.username, victim.password, '10.3.0.11');
      expect(slowed.statusCode).toBe(429);
      const seconds = retryAfter(slowed);
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(10);
      expect(slowed.json().message).toBe(
        `로그인 시도가 너무 많습니다. ${seconds}초 후에 다시 시도해주세요.`,
      );
      // The owner's own client is not slowed at all ...
      expect((await postLogin(victim.username, victim.password, '10.3.0.100')).statusCode).toBe(
        200,
      );
      // ... and from a new device the owner only waits a few seconds, never the whole window.
      ctx.clock.advance(seconds * 1000);
      expect((await postLogin(victim.username, victim.password, '10.3.0.11')).statusCode).toBe(200);
    });
  });

  it('logout destroys the session on the server and expires the cookie', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toMatch(/cc_session=;.*Max-Age=0/);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: user.cookie },
    });
    expect(me.body).toBe('null');
  });

  it('logout without a session still answers 200', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(200);
  });

  it('shows a role change at the next request without logging in again', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    await ctx.database.db.update(users).set({ role: 'ROLE_SELLER' }).where(eq(users.id, user.id));
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: user.cookie },
    });
    expect(me.json().role).toBe('ROLE_SELLER');
  });

  it('a forged or tampered cookie is anonymous', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const tampered = `${user.cookie.slice(0, -3)}abc`;
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: tampered },
    });
    expect(me.body).toBe('null');
  });
});
