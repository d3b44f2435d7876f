import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import {
  DATABASE_CONNECT_TIMEOUT_MS,
  DATABASE_QUERY_TIMEOUT_MS,
  DependencyStartError,
} from '../lib/outage';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories take either the database or a transaction, and never decide which. */
export type DbOrTx = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Round-trip time of `select 1` in ms; throws when the database is unreachable. */
  ping(): Promise<number>;
  /**
   * From now on every statement fails after DATABASE_QUERY_TIMEOUT_MS (PostgreSQL): called once
   * start-up work, which may wait for another instance's locks, is done.
   */
  limitQueryTime(): void;
  /**
   * The pool's connections (metrics): null for PGlite, whose one in-process connection has no
   * pool; its queue shows in the ping time instead.
   */
  poolState(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');
/** Any fixed number: every instance that starts migrates under this advisory lock, one at a time. */
const MIGRATION_LOCK_ID = 726_2001;

/** Opens PGlite (embedded) or PostgreSQL and applies the committed migrations. */
export async function openDatabase(options: {
  databaseUrl: string | undefined;
  pgliteDir: string;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir);
}

async function openPglite(dir: string): Promise<DatabaseHandle> {
  const inMemory = dir === 'memory://';
  if (!inMemory) mkdirSync(dir, { recursive: true });
  const client = inMemory ? new PGlite() : new PGlite(dir);
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      const started = performance.now();
      await client.query('select 1');
      return performance.now() - started;
    },
    // One process, one in-memory engine: nothing to wait for but ourselves.
    limitQueryTime: () => undefined,
    poolState: () => null,
    close: () => client.close(),
  };
}

/** How long a request may wait for a free pooled connection when all are busy (a rush). */
const POOL_WAIT_TIMEOUT_MS = 5_000;

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const limits = { queryTimeoutMs: 0 };
  /**
   * A new connection gives up after DATABASE_CONNECT_TIMEOUT_MS (the pool's own limit also
   * bounds waiting for a busy connection, which a rush may need longer for), and its statements
   * after `limits.queryTimeoutMs`, read per query so `limitQueryTime` reaches open connections.
   * A timed-out statement's connection is discarded by the pool, not reused.
   */
  class TimedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(
        typeof config === 'string' || config === undefined
          ? config
          : { ...config, connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS },
      );
      const params = (this as unknown as { connectionParameters: object }).connectionParameters;
      Object.defineProperty(params, 'query_timeout', {
        get: () => limits.queryTimeoutMs || undefined,
      });
    }
  }
  // The whole pool stays open (min = max) and is opened at start: by default idle connections
  // close after 10 s, so the first burst of a sale after a quiet spell paid for new backends
  // (fork, authentication, cold catalog caches) exactly when every millisecond counts.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    min: poolSize,
    Client: TimedClient,
    connectionTimeoutMillis: POOL_WAIT_TIMEOUT_MS,
  });
  // A pool error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  let lockClient: pg.PoolClient;
  try {
    lockClient = await pool.connect();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DependencyStartError('DATABASE_URL', error);
  }
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder });
  } finally {
    await lockClient
      .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
      .catch(() => undefined);
    lockClient.release();
  }
  const warm = await Promise.all(Array.from({ length: poolSize }, () => pool.connect()));
  for (const client of warm) client.release();
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      const started = performance.now();
      await pool.query('select 1');
      return performance.now() - started;
    },
    limitQueryTime: () => {
      limits.queryTimeoutMs = DATABASE_QUERY_TIMEOUT_MS;
    },
    poolState: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => pool.end(),
  };
}

/** Runs raw SQL and returns its rows, the same on both drivers. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Runs a script of several statements in one round trip (the simple query protocol), and returns
 * each statement's rows. PostgreSQL runs such a script as one implicit transaction, and under
 * READ COMMITTED each statement still takes its own snapshot. No parameters: a caller inlines
 * only values it has made safe itself (see `sqlInteger`, `sqlTimestamp`).
 */
export async function runInOneTrip(db: Database, script: string): Promise<unknown[][]> {
  // Both drizzle drivers keep their client here; the pool and PGlite both accept such scripts.
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof PGlite) {
    const results = await client.exec(script);
    return results.map((result) => result.rows);
  }
  const result = (await client.query(script)) as unknown as pg.QueryResult | pg.QueryResult[];
  return (Array.isArray(result) ? result : [result]).map((one) => one.rows);
}

/** An integer as an SQL literal, for `runInOneTrip` scripts; throws on anything else. */
export function sqlInteger(value: number): string {
  if (!Number.isSafeInteger(value)) throw new TypeError(`not an integer: ${String(value)}`);
  return String(value);
}

/** A point in time as an SQL literal, for `runInOneTrip` scripts. */
export function sqlTimestamp(value: Date): string {
  // toISOString throws on an invalid date and otherwise yields only [0-9TZ:.-].
  return `'${value.toISOString()}'::timestamptz`;
}
