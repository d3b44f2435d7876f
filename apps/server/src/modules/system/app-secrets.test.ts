import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { readOrCreateSharedSessionSecret } from './app-secrets';

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
