import { sql } from 'drizzle-orm';
import type pg from 'pg';
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

/** The session limits of whichever pooled connection runs this. */
async function sessionLimits() {
  const [row] = await queryRows<{ statement: string; idle_in_transaction: string }>(
    database.db,
    sql`select current_setting('statement_timeout') as statement,
               current_setting('idle_in_transaction_session_timeout') as idle_in_transaction`,
  );
  return { statement: row?.statement, idleInTransaction: row?.idle_in_transaction };
}

const sleep = (seconds: number) => queryRows(database.db, sql`select pg_sleep(${seconds})`);

describe('PostgreSQL query time limit', () => {
  it('lets start-up work (migrations, the demo seed waiting for another instance) take long', async () => {
    await expect(sleep(1.2)).resolves.toHaveLength(1);
    expect(await sessionLimits()).toEqual({ statement: '0', idleInTransaction: '0' });
  });

  it('then every connection gets the server-side limits, old ones as new ones', async () => {
    database.limitQueryTime();
    const seen = await Promise.all(Array.from({ length: 12 }, () => sessionLimits()));
    expect(seen).toEqual(
      Array.from({ length: 12 }, () => ({ statement: '1s', idleInTransaction: '10s' })),
    );
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

describe('PostgreSQL connections never go back to the pool inside a transaction (issue 22, H1)', () => {
  const pool = () => (database.db as unknown as { $client: pg.Pool }).$client;
  const openTransactions = async () =>
    (
      await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and state like 'idle in transaction%'`,
      )
    )[0]?.n;

  it('the server cancels a statement at its limit; the ROLLBACK runs and the connection is reused', async () => {
    database.limitQueryTime();
    const holder = await pool().connect();
    await holder.query('create table if not exists h1_probe (id int primary key)');
    await holder.query('insert into h1_probe values (1) on conflict do nothing');
    await holder.query('begin');
    await holder.query('select id from h1_probe where id = 1 for update');
    let pid = 0;
    const started = performance.now();
    const error: unknown = await database.db
      .transaction(async (tx) => {
        pid =
          (await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`))[0]?.pid ?? 0;
        await tx.execute(sql`update h1_probe set id = 1 where id = 1`);
      })
      .catch((caught: unknown) => caught);
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(isDependencyOutage(error)).toBe(true);
    // Rolled back on the server, so the same backend is back in the pool, idle.
    const [backend] = await queryRows<{ state: string }>(
      database.db,
      sql`select state from pg_stat_activity where pid = ${pid}`,
    );
    expect(['idle', 'active']).toContain(backend?.state);
    await holder.query('rollback');
    holder.release();
    expect(await openTransactions()).toBe(0);
  });

  it('a connection handed back mid-transaction is destroyed, its transaction rolled back', async () => {
    const client = await pool().connect();
    await client.query('begin');
    await client.query('insert into h1_probe values (2)');
    const [{ pid }] = (await client.query<{ pid: number }>('select pg_backend_pid() as pid'))
      .rows as [{ pid: number }];
    // What drizzle does after a ROLLBACK that never completed: release without an error.
    client.release();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const still = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_stat_activity where pid = ${pid}`,
    );
    expect(still[0]?.n).toBe(0);
    const rows = await queryRows(database.db, sql`select id from h1_probe where id = 2`);
    expect(rows).toEqual([]);
    expect(await openTransactions()).toBe(0);
  });

  it('a statement answered in time is not failed by a late timer (our event loop busy)', async () => {
    const pending = queryRows<{ one: number }>(
      database.db,
      sql`select 1 as one from pg_sleep(0.2)`,
    );
    // The statement is on the wire; then the CPU is ours alone for 1.6 s (argon2, a busy box),
    // well past every client-side limit, while PostgreSQL answers after 0.2 s. Busy in the
    // check phase, so the next loop turn sees the expired timers before the answer's bytes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise<void>((resolve) => {
      setImmediate(() => {
        const until = performance.now() + 1_600;
        while (performance.now() < until) {
          // busy
        }
        resolve();
      });
    });
    await expect(pending).resolves.toEqual([{ one: 1 }]);
  });
});
