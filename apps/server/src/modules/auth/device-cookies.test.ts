import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { registerUser } from '../../../test/helpers/factories';

/**
 * OWASP's device cookies (issue 22, L1): a browser that logged in to an account before proves it
 * with a signed cookie and is counted on its own, so a guesser hammering the username from many
 * IPs cannot make the owner wait, while the guesses themselves stay slowed. Through app.inject()
 * on both runtimes (in-process counters on PGlite; Redis counters on PostgreSQL), time moved by
 * the injected clock.
 */
let ctx: TestContext;
beforeAll(async () => {
  // 3 per (username, IP) and per device cookie, 12 per IP, slowdown after 6 per username.
  ctx = await createTestContext({
    env: { LOGIN_MAX_FAILURES: '3', LOGIN_WINDOW_SECONDS: '600' },
  });
});
afterAll(async () => ctx?.close());

const WRONG = 'wrong-pass1!';

function postLogin(options: {
  username: string;
  password: string;
  ip: string;
  deviceCookie?: string | undefined;
}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: options.ip,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(options.deviceCookie ? { cookie: `cc_device=${options.deviceCookie}` } : {}),
    },
    payload: new URLSearchParams({
      username: options.username,
      password: options.password,
    }).toString(),
  });
}

type LoginResponse = Awaited<ReturnType<typeof postLogin>>;

/** The device cookie a login set ('' when none: the tests then fail on what the login answers). */
function deviceCookieOf(response: LoginResponse): string {
  return response.cookies.find((c) => c.name === 'cc_device')?.value ?? '';
}

function retryAfter(response: LoginResponse): number {
  return Number(response.headers['retry-after']);
}

let ipSequence = 0;
/** A fresh IP per call: the attacker's botnet, or the owner's phone on a new network. */
function newIp(): string {
  ipSequence += 1;
  return `172.${16 + Math.floor(ipSequence / 65_536)}.${Math.floor(ipSequence / 256) % 256}.${ipSequence % 256}`;
}

/** Wrong guesses at `username`, each from an IP of its own, all at the same instant. */
async function hammer(username: string, attempts: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < attempts; i += 1) {
    statuses.push((await postLogin({ username, password: WRONG, ip: newIp() })).statusCode);
  }
  return statuses;
}

/** The owner's known browser: logged in once, from its home IP, and kept the device cookie. */
async function ownerWithKnownDevice() {
  const owner = await registerUser(ctx.app);
  const first = await postLogin({
    username: owner.username,
    password: owner.password,
    ip: newIp(),
  });
  expect(first.statusCode).toBe(200);
  return { owner, deviceCookie: deviceCookieOf(first) };
}

describe('device cookies (OWASP): a known browser is never made to wait by a guesser', () => {
  it('issues a signed, HttpOnly, SameSite=Lax, long-lived cookie at login, only for /api/auth', async () => {
    const user = await registerUser(ctx.app);
    const response = await postLogin({
      username: user.username,
      password: user.password,
      ip: newIp(),
    });
    expect(response.statusCode).toBe(200);
    // The spec's login contract is unchanged: same body, same session cookie.
    expect(response.json()).toEqual({ success: true, message: '로그인되었습니다.' });
    expect(response.cookies.find((c) => c.name === 'cc_session')?.value).toBeTruthy();
    const device = response.cookies.find((c) => c.name === 'cc_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    // Plain-http test app: no Secure (it would never be sent back); https sets it.
    expect(device?.secure).toBeUndefined();
    expect(device?.maxAge).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
    // A new nonce at every login (OWASP): the cookie is not a fixed token of the account.
    const again = await postLogin({
      username: user.username,
      password: user.password,
      ip: newIp(),
    });
    expect(deviceCookieOf(again)).not.toBe(device?.value);
    // A failed login issues nothing.
    const failed = await postLogin({ username: user.username, password: WRONG, ip: newIp() });
    expect(failed.cookies.find((c) => c.name === 'cc_device')).toBeUndefined();
  });

  it('under a many-IP attack the owner logs in at once from a known device, new clients stay slowed', async () => {
    const { owner, deviceCookie } = await ownerWithKnownDevice();
    // 40 guesses from 40 IPs: past the username's slowdown (6), the 10-s slot is the attacker's.
    const statuses = await hammer(owner.username, 40);
    expect(statuses.filter((s) => s === 401).length).toBeLessThan(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(30);

    // The owner's phone, on a network it never used, with its device cookie: in at once.
    const known = await postLogin({
      username: owner.username,
      password: owner.password,
      ip: newIp(),
      deviceCookie,
    });
    expect(known.statusCode).toBe(200);
    expect(known.cookies.find((c) => c.name === 'cc_session')?.value).toBeTruthy();

    // The attacker's next guess from yet another IP, and a new device, are still slowed.
    const guess = await postLogin({ username: owner.username, password: WRONG, ip: newIp() });
    expect(guess.statusCode).toBe(429);
    const newDevice = await postLogin({
      username: owner.username,
      password: owner.password,
      ip: newIp(),
    });
    expect(newDevice.statusCode).toBe(429);
  });

  it('lets the known device in even from an IP the attacker has locked for this username', async () => {
    const { owner, deviceCookie } = await ownerWithKnownDevice();
    // The same café Wi-Fi: the attacker exhausts (username, IP) there first.
    const cafe = newIp();
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await postLogin({ username: owner.username, password: WRONG, ip: cafe })).statusCode,
      ).toBe(401);
    }
    expect(
      (await postLogin({ username: owner.username, password: owner.password, ip: cafe }))
        .statusCode,
    ).toBe(429);
    const known = await postLogin({
      username: owner.username,
      password: owner.password,
      ip: cafe,
      deviceCookie,
    });
    expect(known.statusCode).toBe(200);
  });

  it("a device cookie of another account, a forged or a tampered one does not bypass the username's limits", async () => {
    const { owner } = await ownerWithKnownDevice();
    const { deviceCookie: attackersOwn } = await ownerWithKnownDevice();
    await hammer(owner.username, 12);

    const [payload = '', signature = ''] = attackersOwn.split('.');
    const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      u: number;
      n: string;
    };
    // The attacker's own cookie names the attacker's account, rewritten to name the owner's
    // (keeping the old signature), or signed with a key of the attacker's choosing.
    const renamed = Buffer.from(
      JSON.stringify({ ...claim, u: claim.u - 1, n: owner.username }),
    ).toString('base64url');
    const forgeries = [
      attackersOwn,
      `${renamed}.${signature}`,
      `${renamed}.${'A'.repeat(signature.length)}`,
      `${payload}.${signature.slice(0, -2)}xx`,
      'garbage',
    ];
    for (const forged of forgeries) {
      // Each time the slot after the previous refusal: the attacker's own guesses take it.
      await hammer(owner.username, 1);
      const response = await postLogin({
        username: owner.username,
        password: owner.password,
        ip: newIp(),
        deviceCookie: forged,
      });
      expect(response.statusCode, forged).toBe(429);
      expect(response.json().code).toBe('A009');
    }
  });

  it("counts a known device's failures in its own bucket and locks that cookie after 3", async () => {
    const { owner, deviceCookie } = await ownerWithKnownDevice();
    const ip = newIp();
    for (let i = 0; i < 3; i += 1) {
      const failed = await postLogin({
        username: owner.username,
        password: WRONG,
        ip,
        deviceCookie,
      });
      expect(failed.statusCode).toBe(401);
      expect(failed.json().code).toBe('A001');
    }
    // The cookie is locked: even the right password is refused, with when to come back.
    const locked = await postLogin({
      username: owner.username,
      password: owner.password,
      ip: newIp(),
      deviceCookie,
    });
    expect(locked.statusCode).toBe(429);
    const seconds = retryAfter(locked);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(600);
    expect(locked.json()).toEqual({
      success: false,
      status: 429,
      code: 'A009',
      message:
        seconds < 60
          ? `로그인 시도가 너무 많습니다. ${seconds}초 후에 다시 시도해주세요.`
          : `로그인 시도가 너무 많습니다. ${Math.ceil(seconds / 60)}분 후에 다시 시도해주세요.`,
    });

    // Its failures were not the username's nor the IP's: another browser logs in normally.
    const elsewhere = await postLogin({ username: owner.username, password: owner.password, ip });
    expect(elsewhere.statusCode).toBe(200);

    // The lock is bounded by the window: then the same cookie works again.
    ctx.clock.advance(seconds * 1000);
    const later = await postLogin({
      username: owner.username,
      password: owner.password,
      ip: newIp(),
      deviceCookie,
    });
    expect(later.statusCode).toBe(200);
  });

  it('claims device attempts before checking the password: parallel guesses cannot pass the limit', async () => {
    const { owner, deviceCookie } = await ownerWithKnownDevice();
    const ip = newIp();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        postLogin({ username: owner.username, password: WRONG, ip, deviceCookie }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('a new device under attack is slowed, never locked: each refusal says when, and it gets in then', async () => {
    const owner = await registerUser(ctx.app);
    await hammer(owner.username, 20);
    const refused = await postLogin({
      username: owner.username,
      password: owner.password,
      ip: newIp(),
    });
    expect(refused.statusCode).toBe(429);
    const seconds = retryAfter(refused);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(10);
    expect(refused.json().message).toBe(
      `로그인 시도가 너무 많습니다. ${seconds}초 후에 다시 시도해주세요.`,
    );
    // Coming back when told (before the attacker's next guess), it is let in, and from then on it
    // is a known device.
    ctx.clock.advance(seconds * 1000);
    const admitted = await postLogin({
      username: owner.username,
      password: owner.password,
      ip: newIp(),
    });
    expect(admitted.statusCode).toBe(200);
    await hammer(owner.username, 5);
    const known = await postLogin({
      username: owner.username,
      password: owner.password,
      ip: newIp(),
      deviceCookie: deviceCookieOf(admitted),
    });
    expect(known.statusCode).toBe(200);
  });
});

describe('device cookies behind https', () => {
  it('are Secure, like the session cookie', async () => {
    const secure = await createTestContext({
      configure: (config) => ({ ...config, secureCookies: true }),
    });
    try {
      const user = await registerUser(secure.app);
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          username: user.username,
          password: user.password,
        }).toString(),
      });
      expect(response.statusCode).toBe(200);
      const byName = (name: string) => response.cookies.find((c) => c.name === name);
      expect(byName('cc_session')?.secure).toBe(true);
      expect(byName('cc_device')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    } finally {
      await secure.close();
    }
  });
});
