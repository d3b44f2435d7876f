import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../test/helpers/test-app';
import { isDependencyOutage } from '../lib/outage';
import { openDatabase, queryRows, type DatabaseHandle } from './client';

/** PostgreSQL statements on the request path have a time limit; start-up work has none. */
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let database: DatabaseHandle;
beforeAll(async () => {
  scratch = await createScratchDatabase();
  database = await openDatabase({ databaseUrl: scratch.url, pgliteDir: 'memory://' });
});
afterAll(async () => {
  await database?.close();
  await scratch?.drop();
});

const sleep = (seconds: number) => queryRows(database.db, sql`select pg_sleep(${seconds})`);

describe('PostgreSQL query time limit', () => {
  it('lets start-up work (migrations, the demo seed waiting for another instance) take long', async () => {
    await expect(sleep(1.2)).resolves.toHaveLength(1);
  });

  it('then fails a stalled statement fast as an outage, and the pool keeps working', async () => {
    database.limitQueryTime();
    const started = performance.now();
    const error: unknown = await sleep(5).catch((caught: unknown) => caught);
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(isDependencyOutage(error)).toBe(true);
    // The timed-out connection is dropped, not handed to the next caller mid-statement.
    const rows = await Promise.all(
      Array.from({ length: 12 }, () =>
        queryRows<{ one: number }>(database.db, sql`select 1 as one`),
      ),
    );
    expect(rows.flat()).toEqual(Array.from({ length: 12 }, () => ({ one: 1 })));
  });
});
