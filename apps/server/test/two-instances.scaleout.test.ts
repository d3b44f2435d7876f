import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDatabaseInvariants } from './helpers/invariants';
import { clearRedisPrefix, createScratchDatabase } from './helpers/test-app';

/**
 * Two real server processes, as `npm start` runs them, on one PostgreSQL and one Redis, with no
 * SESSION_SECRET given (they share one generated into the database): a session made on one is
 * valid on the other, both seed demo data at once without
 * duplicates, and data and sessions survive a graceful restart.
 */
const serverEntry = path.resolve(import.meta.dirname, '../src/main.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

interface Instance {
  url: string;
  child: ChildProcess;
  output: string[];
}

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${output.join('')}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return { url, child, output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`instance did not start: ${output.join('')}`);
}

async function stopInstance(instance: Instance): Promise<number | null> {
  if (instance.child.exitCode !== null) return instance.child.exitCode;
  const exited = new Promise<number | null>((resolve) =>
    instance.child.once('exit', (code) => resolve(code)),
  );
  instance.child.kill('SIGTERM');
  return exited;
}

const redisUrl = process.env.TEST_REDIS_URL ?? '';
const prefix = `cctest:${randomBytes(4).toString('hex')}:`;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let env: Record<string, string>;
let dataDirs: string[] = [];
let a: Instance;
let b: Instance;

beforeAll(async () => {
  scratch = await createScratchDatabase();
  dataDirs = [mkdtempSync(path.join(tmpdir(), 'cc-a-')), mkdtempSync(path.join(tmpdir(), 'cc-b-'))];
  env = {
    DATABASE_URL: scratch.url,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: prefix,
    DEMO_DATA: 'true',
    WEB_DIST_DIR: path.join(dataDirs[0] ?? '', 'none'),
  };
  // Started together: both migrate and seed at once, which the advisory locks must serialise.
  [a, b] = await Promise.all([
    startInstance({ ...env, DATA_DIR: dataDirs[0] ?? '' }),
    startInstance({ ...env, DATA_DIR: dataDirs[1] ?? '' }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a, b].filter(Boolean).map((instance) => stopInstance(instance)));
  await scratch?.drop();
  await clearRedisPrefix(redisUrl, prefix);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function loginOn(instance: Instance, username: string, password: string): Promise<string> {
  const response = await fetch(`${instance.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('cc_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0] ?? '';
}

async function meOn(instance: Instance, cookie: string): Promise<unknown> {
  const response = await fetch(`${instance.url}/api/auth/me`, { headers: { cookie } });
  return response.json();
}

describe('two instances on one PostgreSQL and Redis', () => {
  it('both report PostgreSQL and Redis as up', async () => {
    for (const instance of [a, b]) {
      const body = (await (await fetch(`${instance.url}/api/health`)).json()) as {
        data: {
          mode: string;
          database: { kind: string; status: string };
          redis: { status: string };
        };
      };
      expect(body.data).toMatchObject({
        mode: 'scale-out',
        database: { kind: 'postgres', status: 'up' },
        redis: { status: 'up' },
      });
    }
  });

  it('seeded the demo once although both started together', async () => {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      const admins = await client.query(
        "select count(*)::int as n from users where username = 'admin'",
      );
      expect(admins.rows[0].n).toBe(1);
      const concertsCount = await client.query('select count(*)::int as n from concerts');
      expect(concertsCount.rows[0].n).toBeGreaterThanOrEqual(24);
    } finally {
      await client.end();
    }
  });

  it('a user registered on A logs in on A, and B knows the session', async () => {
    const form = new FormData();
    const tag = randomBytes(3).toString('hex');
    const fields = {
      email: `two${tag}@example.com`,
      username: `two${tag}`,
      password: 'secret12!',
      confirmPassword: 'secret12!',
      name: '두인스턴스',
      nickname: `두개${tag}`,
      phone: '010-2222-3333',
      address: '서울',
      isSocialUser: 'false',
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const registered = await fetch(`${a.url}/api/auth/register`, { method: 'POST', body: form });
    expect(registered.status).toBe(201);
    const cookie = await loginOn(a, fields.username, fields.password);
    expect(await meOn(b, cookie)).toMatchObject({ username: fields.username, role: 'ROLE_USER' });
    // Logout on B ends the session everywhere.
    await fetch(`${b.url}/api/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(await meOn(a, cookie)).toBeNull();
  });

  it('a seat released on A can be held on B at once, though B refused it a moment before', async () => {
    const search = (await (
      await fetch(`${a.url}/api/concerts/search?query=${encodeURIComponent('인디')}`)
    ).json()) as { data: Array<{ concertId: number; title: string }> };
    const concertId = search.data.find((c) => c.title === '인디 뮤직 쇼케이스 Vol.7')?.concertId;
    expect(concertId).toBeDefined();
    const enter = async (instance: Instance, cookie: string) => {
      const response = await fetch(`${instance.url}/api/queue/enter?concertId=${concertId}`, {
        method: 'POST',
        headers: { cookie },
      });
      const body = (await response.json()) as { data: { accessKey?: string } };
      return { cookie, 'x-access-key': body.data.accessKey ?? '' };
    };
    const holder = await enter(a, await loginOn(a, 'fan01', 'fan1234!'));
    const rival = await enter(b, await loginOn(b, 'fan02', 'fan1234!'));
    const seats = (await (
      await fetch(`${a.url}/api/seats/concerts/${concertId}/status`, { headers: holder })
    ).json()) as { data: Array<{ seatId: number; status: string }> };
    const seatId = seats.data.find((seat) => seat.status === 'AVAILABLE')?.seatId;
    const seatUrl = (instance: Instance, action: 'reserve' | 'release') =>
      `${instance.url}/api/seats/concerts/${concertId}/seats/${seatId}/${action}`;

    expect((await fetch(seatUrl(a, 'reserve'), { method: 'POST', headers: holder })).status).toBe(
      200,
    );
    // B reads the seat as taken (and may remember that)...
    for (let i = 0; i < 3; i += 1) {
      expect((await fetch(seatUrl(b, 'reserve'), { method: 'POST', headers: rival })).status).toBe(
        409,
      );
    }
    expect((await fetch(seatUrl(a, 'release'), { method: 'DELETE', headers: holder })).status).toBe(
      200,
    );
    // ...but A's announcement reaches B well before any age bound: the seat is free there too.
    const released = Date.now();
    let status = 0;
    while (Date.now() - released < 1_000) {
      status = (await fetch(seatUrl(b, 'reserve'), { method: 'POST', headers: rival })).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(status).toBe(200);
    expect(Date.now() - released).toBeLessThan(1_000);
    await fetch(seatUrl(b, 'release'), { method: 'DELETE', headers: rival });
  });

  it('data and sessions survive a graceful restart', async () => {
    const cookie = await loginOn(b, 'buyer', 'buyer1234!');
    expect(await stopInstance(a)).toBe(0);
    a = await startInstance({ ...env, DATA_DIR: dataDirs[0] ?? '' });
    expect(await meOn(a, cookie)).toMatchObject({ username: 'buyer' });
    await expectDatabaseInvariants(scratch.url);
  }, 120_000);
});
