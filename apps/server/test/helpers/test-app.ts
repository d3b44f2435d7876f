import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApp, type App, type AppOverrides } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { openDatabase, type DatabaseHandle } from '../../src/db/client';
import { createManualClock, type Clock } from '../../src/lib/clock';

export const isScaleOut = process.env.TEST_RUNTIME === 'scale-out';

export interface TestContext {
  app: App;
  config: AppConfig;
  database: DatabaseHandle;
  clock: Clock & { set(date: Date): void; advance(ms: number): void };
  close(): Promise<void>;
}

/**
 * A PostgreSQL database of its own for one test file (scale-out runs), created on the machine's
 * server from TEST_DATABASE_URL and dropped afterwards.
 */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for scale-out tests');
  const name = `cc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Deletes every Redis key under a test prefix. */
export async function clearRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * Builds the real app for a test file: embedded runs get an in-memory PGlite; scale-out runs get
 * a scratch PostgreSQL database and a private Redis key prefix. Time is a manual clock.
 */
export async function createTestContext(
  options: {
    env?: Record<string, string>;
    demoData?: boolean;
    configure?: (config: AppConfig) => AppConfig;
    overrides?: AppOverrides;
  } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-test-'));
  const scratch = isScaleOut ? await createScratchDatabase() : null;
  const redisUrl = isScaleOut ? process.env.TEST_REDIS_URL : undefined;
  const redisKeyPrefix = `cctest:${randomBytes(6).toString('hex')}:`;
  let config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DEMO_DATA: options.demoData ? 'true' : 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // The same routes on both runtimes (`auto` would turn the sandbox off with DATABASE_URL).
    OAUTH_SANDBOX: 'on',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...options.env,
  });
  // A catalogue snapshot of age 0 checks the database version on every read, so tests that
  // write rows directly still read them back at once.
  config = { ...config, pgliteDir: 'memory://', redisKeyPrefix, catalogMaxAgeMs: 0 };
  if (options.configure) config = options.configure(config);
  const clock = createManualClock(new Date());
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
  });
  const app = await buildApp(config, {
    clock,
    database,
    logger: false,
    startJobs: false,
    ...options.overrides,
  });
  return {
    app,
    config,
    database,
    clock,
    async close() {
      await app.close();
      await database.close();
      if (scratch) await scratch.drop();
      if (redisUrl) await clearRedisPrefix(redisUrl, redisKeyPrefix);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second app on the same PostgreSQL database and Redis prefix as `ctx` (scale-out runs): two
 * instances in one process, each with its own pool and Redis connections, sharing the clock.
 */
export async function createSecondInstance(
  ctx: TestContext,
): Promise<{ app: App; close(): Promise<void> }> {
  if (!ctx.config.databaseUrl) throw new Error('a second instance needs the scale-out runtime');
  const database = await openDatabase({
    databaseUrl: ctx.config.databaseUrl,
    pgliteDir: ctx.config.pgliteDir,
  });
  const app = await buildApp(ctx.config, {
    clock: ctx.clock,
    database,
    logger: false,
    startJobs: false,
  });
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
