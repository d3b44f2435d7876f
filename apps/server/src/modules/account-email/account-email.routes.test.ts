import { accountEmailMessages, type OutboxMail } from '@curtaincall/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailerPort, MailMessage } from '../../adapters/mailer/mailer';
import { accountTokens, users } from '../../db/schema/index';
import { createLoggedInUser, login, registerUser } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { RESET_LINK_MINUTES, VERIFY_LINK_HOURS } from './account-email.service';

let ctx: TestContext;
let admin: { username: string; password: string; cookie: string };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_ADMIN');
});
afterAll(async () => ctx?.close());
// Each test in a fresh 10-minute window of the mail rate limits (the clock is the app's).
beforeEach(() => ctx.clock.advance(11 * 60_000));

const json = { 'content-type': 'application/json' };

function post(url: string, payload: object, cookie?: string) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...json, ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });
}

/** The outbox as the admin page reads it (after the mail work of earlier answers is done). */
async function outbox(to?: string): Promise<OutboxMail[]> {
  await ctx.app.accountMail.idle();
  const read = () =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/admin/mail-outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`,
      headers: { cookie: admin.cookie },
    });
  let response = await read();
  if (response.statusCode === 401) {
    // The tests move the clock by hours: the admin's session may have idled out meanwhile.
    admin.cookie = await login(ctx.app, admin.username, admin.password);
    response = await read();
  }
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { mails: OutboxMail[] } }).data.mails;
}

/**
 * The newest mail to `to` with this subject. By subject, not position: mail work runs after the
 * answers, so two mails of one moment (a sign-up's and a reset's) may be stored in either order.
 */
async function mailTo(to: string, subject: string): Promise<OutboxMail | undefined> {
  return (await outbox(to)).find((m) => m.to === to && m.subject === subject);
}

/** The token of the newest mail to `to` whose link goes to `page`. */
async function linkToken(to: string, page: '/verify-email' | '/reset-password'): Promise<string> {
  const mail = (await outbox(to)).find((m) => m.text.includes(`${page}?token=`));
  const token = mail?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no ${page} mail to ${to}`);
  return token;
}

async function emailStatus(cookie: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/mypage/email-status',
    headers: { cookie },
  });
  return response.json() as { data: { email: string; emailVerified: boolean } };
}

async function me(cookie: string) {
  return (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json();
}

describe('e-mail verification at sign-up', () => {
  it('mails a link on sign-up; opening it verifies the address, once', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    expect((await emailStatus(user.cookie)).data).toMatchObject({
      email: user.email,
      emailVerified: false,
    });
    const mail = await mailTo(user.email, '[커튼콜] 이메일 인증을 완료해주세요');
    expect(mail).toMatchObject({ to: user.email, subject: '[커튼콜] 이메일 인증을 완료해주세요' });
    expect(mail?.text).toContain(`${user.username}님`);
    expect(mail?.text).toContain(`${ctx.config.frontBaseUrl}/verify-email?token=`);

    const token = await linkToken(user.email, '/verify-email');
    // Only the hash is stored: the token itself appears nowhere in the table.
    const stored = await ctx.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    const confirmed = await post('/api/auth/email-verification/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      success: true,
      message: accountEmailMessages.emailVerified,
      data: { email: user.email, changed: false },
    });
    expect((await emailStatus(user.cookie)).data.emailVerified).toBe(true);

    const again = await post('/api/auth/email-verification/confirm', { token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'E004', message: '이미 사용된 링크입니다.' });
  });

  it('lets an unverified account log in, and keeps /auth/me as the spec shapes it', async () => {
    const fields = await registerUser(ctx.app);
    const cookie = await login(ctx.app, fields.username, fields.password);
    expect(await me(cookie)).toMatchObject({ username: fields.username, role: 'ROLE_USER' });
  });

  it('refuses a link after 24 hours with its own message', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const token = await linkToken(user.email, '/verify-email');
    ctx.clock.advance(VERIFY_LINK_HOURS * 3_600_000 + 1_000);
    const late = await post('/api/auth/email-verification/confirm', { token });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({
      success: false,
      code: 'E003',
      message: '링크의 유효 시간이 지났습니다. 메일을 다시 요청해주세요.',
    });
    const [row] = await ctx.database.db
      .select({ verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.verifiedAt).toBeNull();
  });

  it('resending replaces the link; the old one is refused; verified accounts get no mail', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const first = await linkToken(user.email, '/verify-email');
    const resent = await post('/api/auth/email-verification/resend', {}, user.cookie);
    expect(resent.json()).toEqual({
      success: true,
      message: accountEmailMessages.verificationSent,
    });
    const second = await linkToken(user.email, '/verify-email');
    expect(second).not.toBe(first);
    const old = await post('/api/auth/email-verification/confirm', { token: first });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ code: 'E002' });
    expect((await post('/api/auth/email-verification/confirm', { token: second })).statusCode).toBe(
      200,
    );

    const mails = (await outbox(user.email)).length;
    const already = await post('/api/auth/email-verification/resend', {}, user.cookie);
    expect(already.json()).toEqual({
      success: true,
      message: accountEmailMessages.alreadyVerified,
    });
    expect(await outbox(user.email)).toHaveLength(mails);
  });

  it('limits resends to 3 per 10 minutes per account (429 E001, Retry-After)', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    for (let i = 0; i < 3; i += 1) {
      expect((await post('/api/auth/email-verification/resend', {}, user.cookie)).statusCode).toBe(
        200,
      );
    }
    const refused = await post('/api/auth/email-verification/resend', {}, user.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'E001' });
    expect(refused.json().message).toMatch(
      /^요청이 너무 많습니다\. \d+분 후에 다시 시도해주세요\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    ctx.clock.advance(10 * 60_000);
    expect((await post('/api/auth/email-verification/resend', {}, user.cookie)).statusCode).toBe(
      200,
    );
  });

  it('refuses unknown and malformed links without a 500', async () => {
    const unknown = await post('/api/auth/email-verification/confirm', {
      token: 'A'.repeat(43),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'E002' });
    const malformed = await post('/api/auth/email-verification/confirm', { token: '<script>' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'C001',
      errors: [{ field: 'token', message: accountEmailMessages.tokenFormat }],
    });
  });

  it('answers the resend only to a logged-in user', async () => {
    const anonymous = await post('/api/auth/email-verification/resend', {});
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('e-mail change on my page', () => {
  it('changes the address only when the new mailbox opens the link, and tells the old one', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const newEmail = `Changed${user.username}@Example.com`;
    const requested = await post('/api/mypage/email', { email: newEmail }, user.cookie);
    expect(requested.statusCode).toBe(200);
    expect(requested.json().message).toBe(
      accountEmailMessages.emailChangeSent(newEmail.toLowerCase()),
    );
    // Not yet: the account keeps its address until the new one is proven.
    expect((await emailStatus(user.cookie)).data.email).toBe(user.email);

    const token = await linkToken(newEmail.toLowerCase(), '/verify-email');
    const confirmed = await post('/api/auth/email-verification/confirm', { token });
    expect(confirmed.json()).toEqual({
      success: true,
      message: accountEmailMessages.emailChanged,
      data: { email: newEmail.toLowerCase(), changed: true },
    });
    expect((await emailStatus(user.cookie)).data).toMatchObject({
      email: newEmail.toLowerCase(),
      emailVerified: true,
    });
    const notice = await mailTo(user.email, '[커튼콜] 계정 이메일 주소가 변경되었습니다');
    expect(notice?.subject).toBe('[커튼콜] 계정 이메일 주소가 변경되었습니다');
    expect(notice?.text).toContain(newEmail.toLowerCase());
  });

  it('refuses an address another account uses, and the same address', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const other = await registerUser(ctx.app);
    const taken = await post('/api/mypage/email', { email: other.email }, user.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'A008', message: '이미 사용 중인 이메일입니다.' });
    const same = await post('/api/mypage/email', { email: user.email }, user.cookie);
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      code: 'C001',
      errors: [{ field: 'email', message: accountEmailMessages.sameEmail }],
    });
    const badFormat = await post('/api/mypage/email', { email: 'not-an-address' }, user.cookie);
    expect(badFormat.json()).toMatchObject({
      code: 'C001',
      errors: [{ field: 'email', message: '올바른 이메일 형식이 아닙니다.' }],
    });
  });
});

describe('아이디 찾기 and 비밀번호 찾기', () => {
  it('아이디 찾기 mails the username to a registered address only, with one answer for both', async () => {
    const fields = await registerUser(ctx.app);
    const known = await post('/api/auth/find-username', { email: fields.email.toUpperCase() });
    const unknownEmail = `nobody${fields.username}@example.com`;
    const unknown = await post('/api/auth/find-username', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe(accountEmailMessages.findUsernameSent);
    const mail = await mailTo(fields.email, '[커튼콜] 아이디 안내');
    expect(mail?.subject).toBe('[커튼콜] 아이디 안내');
    expect(mail?.text).toContain(`- ${fields.username}`);
    expect(await outbox(unknownEmail)).toEqual([]);
  });

  it('resets a password by a mailed link: single use, every session ended, new password works', async () => {
    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    const otherDevice = await login(ctx.app, user.username, user.password);
    const asked = await post('/api/auth/password-reset', {
      username: user.username,
      email: user.email,
    });
    expect(asked.json()).toEqual({
      success: true,
      message: accountEmailMessages.passwordResetSent,
    });
    const token = await linkToken(user.email, '/reset-password');
    const mail = await mailTo(user.email, '[커튼콜] 비밀번호 재설정 안내');
    expect(mail?.subject).toBe('[커튼콜] 비밀번호 재설정 안내');
    expect(mail?.text).toContain(`${RESET_LINK_MINUTES}분 동안 한 번만`);

    const weak = await post('/api/auth/password-reset/confirm', {
      token,
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].field).toBe('newPassword');
    const mismatch = await post('/api/auth/password-reset/confirm', {
      token,
      newPassword: 'brandnew12!',
      confirmPassword: 'brandnew12?',
    });
    expect(mismatch.json().errors).toEqual([
      { field: 'confirmPassword', message: '비밀번호가 일치하지 않습니다.' },
    ]);

    const reset = await post('/api/auth/password-reset/confirm', {
      token,
      newPassword: 'brandnew12!',
      confirmPassword: 'brandnew12!',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: accountEmailMessages.passwordReset });
    // Every session of the account is over, on every device.
    expect(await me(user.cookie)).toBeNull();
    expect(await me(otherDevice)).toBeNull();
    await expect(login(ctx.app, user.username, user.password)).rejects.toThrow(/401/);
    const fresh = await login(ctx.app, user.username, 'brandnew12!');
    expect(await me(fresh)).toMatchObject({ username: user.username });
    // The link proved the mailbox.
    expect((await emailStatus(fresh)).data.emailVerified).toBe(true);

    const replay = await post('/api/auth/password-reset/confirm', {
      token,
      newPassword: 'another12!',
      confirmPassword: 'another12!',
    });
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ code: 'E004' });
  });

  it('refuses a reset link after 30 minutes', async () => {
    const fields = await registerUser(ctx.app);
    await post('/api/auth/password-reset', { username: fields.username, email: fields.email });
    const token = await linkToken(fields.email, '/reset-password');
    ctx.clock.advance(RESET_LINK_MINUTES * 60_000 - 1_000);
    const justInTime = await post('/api/auth/password-reset', {
      username: fields.username,
      email: fields.email,
    });
    expect(justInTime.statusCode).toBe(200);
    const newest = await linkToken(fields.email, '/reset-password');
    ctx.clock.advance(RESET_LINK_MINUTES * 60_000 + 1_000);
    const late = await post('/api/auth/password-reset/confirm', {
      token: newest,
      newPassword: 'brandnew12!',
      confirmPassword: 'brandnew12!',
    });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: 'E003' });
    // The first link was replaced by the second.
    const replaced = await post('/api/auth/password-reset/confirm', {
      token,
      newPassword: 'brandnew12!',
      confirmPassword: 'brandnew12!',
    });
    expect(replaced.json()).toMatchObject({ code: 'E002' });
    await expect(login(ctx.app, fields.username, fields.password)).resolves.toMatch(/cc_session/);
  });

  it('says nothing about which of username and address exist (answer, mail, 429)', async () => {
    const fields = await registerUser(ctx.app);
    const cases = [
      { username: fields.username, email: fields.email },
      { username: fields.username, email: `x${fields.email}` },
      { username: `x${fields.username}`.slice(0, 20), email: fields.email },
      { username: 'nobody0000', email: 'nobody0000@example.com' },
    ];
    const answers = await Promise.all(cases.map((body) => post('/api/auth/password-reset', body)));
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    const asked = new Set(cases.map((c) => c.email));
    const mails = (await outbox('@example.com')).filter((m) => asked.has(m.to));
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
      [fields.email, '[커튼콜] 비밀번호 재설정 안내'],
      [fields.email, '[커튼콜] 이메일 인증을 완료해주세요'],
    ]);

    // The per-address limit counts asked addresses, registered or not: the 4th ask of each
    // address in a window is refused alike.
    for (const email of [fields.email, 'nobody0000@example.com']) {
      for (let i = 0; i < 2; i += 1) {
        expect((await post('/api/auth/find-username', { email })).statusCode).toBe(200);
      }
    }
    const limited = await Promise.all(
      [fields.email, 'nobody0000@example.com'].map(async (email) => {
        await post('/api/auth/find-username', { email });
        return post('/api/auth/find-username', { email });
      }),
    );
    expect(limited.map((r) => r.statusCode)).toEqual([429, 429]);
    expect(limited[0]?.body).toBe(limited[1]?.body);
  });

  // A second app of its own (migrations included): slower than the others on a busy machine.
  it('answers before any mail work: a stuck mail server delays no answer, for anyone', async () => {
    let release: () => void = () => undefined;
    const held: MailMessage[] = [];
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stuckMailer: MailerPort = {
      delivery: 'smtp',
      async send(message) {
        held.push(message);
        await gate;
      },
      async close() {},
    };
    const stuck = await createTestContext({ overrides: { mailer: stuckMailer } });
    try {
      const fields = await registerUser(stuck.app);
      const send = (payload: object) =>
        stuck.app.inject({
          method: 'POST',
          url: '/api/auth/password-reset',
          headers: json,
          payload: JSON.stringify(payload),
        });
      const existing = await send({ username: fields.username, email: fields.email });
      const missing = await send({ username: 'ghost0000', email: 'ghost0000@example.com' });
      expect(existing.statusCode).toBe(200);
      expect(existing.body).toBe(missing.body);
      // The sign-up and reset mails are still being "sent" while both answers are out.
      await new Promise((resolve) => setImmediate(resolve));
      release();
      await stuck.app.accountMail.idle();
      // Both were under way at once; which reached the mailer first does not matter.
      expect(held.map((m) => m.subject).sort()).toEqual([
        '[커튼콜] 비밀번호 재설정 안내',
        '[커튼콜] 이메일 인증을 완료해주세요',
      ]);
    } finally {
      release();
      await stuck.close();
    }
  }, 120_000);
});

describe('GET /api/admin/mail-outbox', () => {
  it('lists kept mail newest first, filtered by recipient, for admins only', async () => {
    const first = await registerUser(ctx.app);
    ctx.clock.advance(1_000);
    const second = await registerUser(ctx.app);
    const all = await outbox('@example.com');
    const firstIndex = all.findIndex((m) => m.to === first.email);
    const secondIndex = all.findIndex((m) => m.to === second.email);
    expect(secondIndex).toBeGreaterThanOrEqual(0);
    expect(secondIndex).toBeLessThan(firstIndex);
    expect((await outbox(first.email)).map((m) => m.to)).toEqual([first.email]);

    const user = await createLoggedInUser(ctx.app, ctx.database.db);
    for (const cookie of [user.cookie, undefined]) {
      const refused = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/mail-outbox',
        headers: cookie ? { cookie } : {},
      });
      expect(refused.statusCode).toBe(cookie ? 403 : 401);
    }
  });
});
