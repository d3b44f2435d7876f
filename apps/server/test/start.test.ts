import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  S3_TEST_ACCESS_KEY_ID,
  S3_TEST_SECRET_ACCESS_KEY,
  httpGet,
  startS3TestServer,
} from './helpers/s3-test-server';

/** Starting the real program: what an operator sees when a setting is wrong, and stopping it. */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const serverEntry = path.join(repoRoot, 'apps/server/src/main.ts');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cc-start-'));
  dirs.push(dir);
  return dir;
}

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

function baseEnv(): NodeJS.ProcessEnv {
  const dir = tempDir();
  // Only what the tests set: none of the machine's DATABASE_URL / REDIS_URL leaks in.
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...env } = process.env;
  return {
    ...env,
    DATA_DIR: dir,
    WEB_DIST_DIR: path.join(dir, 'no-web'),
    DEMO_DATA: 'false',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
}

/** Runs the server's entry with `env` until it exits; its output and exit code. */
async function startServer(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, output, ms: Date.now() - started };
}

describe('a service in the configuration that cannot be reached', () => {
  it.each([
    ['DATABASE_URL', 'postgres://postgres@127.0.0.1:1/curtaincall', 'PostgreSQL'],
    ['REDIS_URL', 'redis://127.0.0.1:1', 'Redis'],
  ])(
    '%s ends the start at once with one line naming it',
    async (variable, url, service) => {
      const { code, output, ms } = await startServer({ ...baseEnv(), [variable]: url, PORT: '0' });
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      const lines = output.trim().split('\n');
      expect(lines).toEqual([
        `${variable}: ${service}에 연결할 수 없습니다. 주소와 서버 상태를 확인해주세요. (connect ECONNREFUSED 127.0.0.1:1)`,
      ]);
      // No retrying for minutes: tsx and the drivers load, one connection is refused, done.
      expect(ms).toBeLessThan(20_000);
    },
    30_000,
  );
});

async function waitUntilLive(port: number, failed: () => string | null): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const failure = failed();
    if (failure) throw new Error(failure);
    if (Date.now() > deadline) throw new Error('the server did not start');
    const live = await fetch(`http://127.0.0.1:${port}/api/health/live`).catch(() => null);
    if (live?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function portRefused(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('npm start (scripts/start.mjs)', () => {
  it('passes SIGTERM on to the server and exits with it, freeing the port', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
      cwd: repoRoot,
      env: { ...baseEnv(), PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await waitUntilLive(port, () =>
        child.exitCode === null ? null : `start.mjs exited: ${output}`,
      );

      const signalledAt = Date.now();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(5_000);
      // The server itself is gone too, not left behind holding the port.
      const refused = await portRefused(port);
      expect(refused).toBe(true);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 90_000);

  it('stops the server when npm, which does not pass SIGTERM on, is the one signalled', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: repoRoot,
      env: { ...baseEnv(), PORT: String(port) },
      stdio: 'ignore',
    });
    const npmExited = new Promise((resolve) => npm.on('exit', resolve));
    try {
      await waitUntilLive(port, () => (npm.exitCode === null ? null : 'npm start exited'));
      npm.kill('SIGTERM');
      await npmExited;
      // start.mjs, orphaned, stops the server within its polling interval plus a graceful close.
      const deadline = Date.now() + 5_000;
      while (!(await portRefused(port))) {
        if (Date.now() > deadline) throw new Error('the server outlived npm');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      if (npm.exitCode === null) npm.kill('SIGKILL');
    }
  }, 90_000);
});

describe('STORAGE_DRIVER=s3', () => {
  const s3Env = (endpoint: string, bucket: string, secret = S3_TEST_SECRET_ACCESS_KEY) => ({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: S3_TEST_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: secret,
  });

  it('a bucket that cannot be written ends the start with one line naming it', async () => {
    const s3 = await startS3TestServer();
    try {
      for (const [env, reason] of [
        [s3Env('http://127.0.0.1:1', s3.bucket), /ECONNREFUSED/],
        [s3Env(s3.endpoint, 'no-such-bucket'), /bucket does not exist/],
        [s3Env(s3.endpoint, s3.bucket, 'wrong-secret'), /signature/i],
      ] as const) {
        const { code, output, ms } = await startServer({ ...baseEnv(), ...env, PORT: '0' });
        expect(code).not.toBe(0);
        expect(code).not.toBeNull();
        // The AWS SDK's own notice about Node 20 may come first; then our one line, no stack.
        const lines = output.trim().split('\n');
        const last = lines.at(-1) ?? '';
        expect(last).toMatch(
          /^S3_BUCKET: S3 버킷에 연결할 수 없습니다\. 주소와 서버 상태를 확인해주세요\. \(/,
        );
        expect(last).toMatch(reason);
        expect(output).not.toMatch(/^\s+at /m);
        expect(ms).toBeLessThan(20_000);
      }
    } finally {
      await s3.close();
    }
  }, 90_000);

  it('seeds the demo posters into the bucket and serves them, with nothing on the disk', async () => {
    const s3 = await startS3TestServer();
    const port = await freePort();
    const base = baseEnv();
    const env = { ...base, ...s3Env(s3.endpoint, s3.bucket), DEMO_DATA: 'true' };
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      cwd: repoRoot,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await waitUntilLive(port, () => (child.exitCode === null ? null : `exited: ${output}`));
      const poster = await httpGet(`http://127.0.0.1:${port}/uploads/posters/demo-1.webp`);
      expect(poster.status).toBe(200);
      expect(poster.headers['content-type']).toBe('image/webp');
      expect(poster.body.subarray(8, 12).toString()).toBe('WEBP');
      const dataDir = base.DATA_DIR ?? '';
      expect(existsSync(path.join(dataDir, 'uploads', 'posters'))).toBe(false);
      expect(existsSync(path.join(dataDir, 'private-files'))).toBe(false);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await s3.close();
    }
  }, 120_000);
});
