import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { readOrCreateSharedSessionSecret, readOrCreateVapidKeys } from './app-secrets';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('readOrCreateSharedSessionSecret', () => {
  it('generates one secret and gives every caller the same one', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => readOrCreateSharedSessionSecret(ctx.database.db)),
    );
    expect(results[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(results).size).toBe(1);
    expect(await readOrCreateSharedSessionSecret(ctx.database.db)).toBe(results[0]);
  });
});

describe('readOrCreateVapidKeys', () => {
  it('shared database: one key pair for every instance, generated once', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () => readOrCreateVapidKeys({ db: ctx.database.db })),
    );
    expect(results[0]?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(new Set(results.map((k) => k.publicKey)).size).toBe(1);
    expect(new Set(results.map((k) => k.privateKey)).size).toBe(1);
  });

  it('embedded: a 0600 file under DATA_DIR, read back on the next start', async () => {
    const dataDir = path.join(ctx.config.dataDir, 'vapid-test');
    const first = await readOrCreateVapidKeys({ db: ctx.database.db, dataDir });
    const file = path.join(dataDir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await readOrCreateVapidKeys({ db: ctx.database.db, dataDir })).toEqual(first);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
  });
});
