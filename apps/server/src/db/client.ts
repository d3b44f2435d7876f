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
  DATABASE_BACKSTOP_MS,
  DATABASE_CONNECT_TIMEOUT_MS,
  DATABASE_IDLE_IN_TRANSACTION_MS,
  DATABASE_STATEMENT_TIMEOUT_MS,
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
   * From now on PostgreSQL cancels every statement after DATABASE_STATEMENT_TIMEOUT_MS and ends a
   * session idle in a transaction after DATABASE_IDLE_IN_TRANSACTION_MS; a statement with no
   * answer at all (dead network) is cut after DATABASE_BACKSTOP_MS. Called once start-up work,
   * which may wait for another instance's locks, is done.
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
/** How often the backstop looks at the pool's connections (it adds at most this to its limit). */
const BACKSTOP_TICK_MS = 100;

/** The time limits of a connection's PostgreSQL session; 0 means none (start-up work). */
interface SessionLimits {
  statementTimeoutMs: number;
  idleInTransactionMs: number;
}
const UNLIMITED: SessionLimits = { statementTimeoutMs: 0, idleInTransactionMs: 0 };
const REQUEST_PATH_LIMITS: SessionLimits = {
  statementTimeoutMs: DATABASE_STATEMENT_TIMEOUT_MS,
  idleInTransactionMs: DATABASE_IDLE_IN_TRANSACTION_MS,
};

/**
 * A pooled connection that knows its session's limits and whether it is fit for the next
 * caller. The limits are PostgreSQL's own (`statement_timeout`, `idle_in_transaction_session_
 * timeout`), so the server cancels a slow statement and the caller's ROLLBACK then runs; a
 * client-side timer that abandons a statement (pg's `query_timeout`) would leave the ROLLBACK
 * queued behind it, unsent, and the ORM would hand the connection back inside its transaction
 * (issue 22, H1). The only client-side limit is the backstop in `openPostgres`, which destroys the
 * connection instead.
 */
class GuardedClient extends pg.Client {
  /** The limits this session has now (from its start-up packet, or a later SET). */
  sessionLimits: SessionLimits;
  /** ReadyForQuery messages so far: tells the backstop one long statement from many short ones. */
  statementsDone = 0;
  /** Set when the backstop gave up on this connection: it is destroyed, never reused. */
  abandoned = false;

  constructor(config: pg.ClientConfig, limits: SessionLimits) {
    super({
      ...config,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
      ...(limits.statementTimeoutMs > 0 && { statement_timeout: limits.statementTimeoutMs }),
      ...(limits.idleInTransactionMs > 0 && {
        idle_in_transaction_session_timeout: limits.idleInTransactionMs,
      }),
    });
    this.sessionLimits = limits;
    this.connection.on('readyForQuery', () => {
      this.statementsDone += 1;
    });
    // A dead socket fails the statements on it; pg also emits the error on the client, which
    // must not crash the process while the connection is checked out (no pool listener then).
    this.on('error', () => undefined);
  }

  /** Whether a statement is running or waiting on this connection. */
  get busy(): boolean {
    return !(this as unknown as { readyForQuery: boolean }).readyForQuery;
  }

  /** Why the connection must not go back to the pool, or null when it is clean and idle. */
  unfitReason(): string | null {
    if (this.abandoned) return 'a statement outlived the client-side backstop';
    if (this.busy) return 'a statement is still running';
    const status = this.getTransactionStatus();
    // 'I': idle, no transaction open. 'T' (in a transaction) or 'E' (in a failed one) means the
    // caller's COMMIT or ROLLBACK never completed.
    if (status !== 'I') return `transaction status ${String(status)} at release`;
    return null;
  }

  /** Ends the connection at once: the server rolls back whatever it had open. */
  destroy(): void {
    (this.connection as unknown as { stream: { destroy(): void } }).stream.destroy();
  }
}

/**
 * The pool hands out only connections fit for use and takes back only clean ones: one whose
 * transaction is still open, whose statement still runs, or that the backstop gave up on is
 * destroyed on release, whatever the caller (drizzle's transaction after a failed ROLLBACK
 * releases without an error) says. A connection that dies while checked out is removed at once,
 * even if its holder never releases it (drizzle does not when its BEGIN fails).
 */
class GuardedPool extends pg.Pool {
  constructor(
    options: pg.PoolConfig,
    /** The limits connections should have when handed out; `limitQueryTime` changes them. */
    private readonly session: { limits: SessionLimits },
  ) {
    super(options);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: Error | boolean) => void,
    ) => void,
  ): void;
  override connect(
    callback?: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: Error | boolean) => void,
    ) => void,
  ): Promise<pg.PoolClient> | undefined {
    const ready = super.connect().then((client) => this.prepare(client));
    if (!callback) return ready;
    ready.then(
      (client) => process.nextTick(callback, undefined, client, client.release),
      (error: Error) => process.nextTick(callback, error, undefined, () => undefined),
    );
    return undefined;
  }

  private async prepare(client: pg.PoolClient): Promise<pg.PoolClient> {
    const guarded = client as unknown as GuardedClient & pg.PoolClient;
    const poolRelease = client.release.bind(client);
    let released = false;
    const releaseOnce = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      guarded.off('end', onEnd);
      const reason = error ? null : guarded.unfitReason();
      if (reason) guarded.destroy();
      poolRelease(error ?? (reason ? new Error(`connection discarded: ${reason}`) : undefined));
    };
    const onEnd = () => releaseOnce(new Error('connection ended while in use'));
    guarded.once('end', onEnd);
    guarded.release = releaseOnce;

    const wanted = this.session.limits;
    const have = guarded.sessionLimits;
    if (
      have.statementTimeoutMs !== wanted.statementTimeoutMs ||
      have.idleInTransactionMs !== wanted.idleInTransactionMs
    ) {
      try {
        // Integers from our own constants; SET takes no parameters.
        await guarded.query(
          `set statement_timeout = ${sqlInteger(wanted.statementTimeoutMs)}; ` +
            `set idle_in_transaction_session_timeout = ${sqlInteger(wanted.idleInTransactionMs)}`,
        );
        guarded.sessionLimits = wanted;
      } catch (error) {
        releaseOnce(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
    }
    return client;
  }
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const clients = new Set<GuardedClient>();
  const session = { limits: UNLIMITED };
  let backstopMs = 0;
  // A new connection gives up after DATABASE_CONNECT_TIMEOUT_MS (the pool's own limit also
  // bounds waiting for a busy connection, which a rush may need longer for), and starts with the
  // session limits in force at that moment.
  // (Not named *Pool*: drizzle takes any class whose name contains "Pool" for a pool.)
  class TrackedConnection extends GuardedClient {
    constructor(config?: string | pg.ClientConfig) {
      super(
        typeof config === 'string' ? { connectionString: config } : (config ?? {}),
        session.limits,
      );
      clients.add(this);
      this.once('end', () => clients.delete(this));
    }
  }
  // The whole pool stays open (min = max) and is opened at start: by default idle connections
  // close after 10 s, so the first burst of a sale after a quiet spell paid for new backends
  // (fork, authentication, cold catalog caches) exactly when every millisecond counts.
  const pool = new GuardedPool(
    {
      connectionString: url,
      max: poolSize,
      min: poolSize,
      Client: TrackedConnection,
      connectionTimeoutMillis: POOL_WAIT_TIMEOUT_MS,
    },
    session,
  );
  // A pool error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);

  /**
   * The backstop for a server that cannot answer (a dead network path, a frozen host): a
   * statement running longer than `backstopMs` has its connection destroyed, which fails it (503)
   * and, on the server, rolls back its transaction. It looks from a timer and then once more
   * after pending network input was read (setImmediate), so an answer that arrived while our
   * event loop was busy counts, and a late timer never cuts a statement that was answered.
   */
  const running = new Map<GuardedClient, { statementsDone: number; since: number }>();
  const backstop = setInterval(() => {
    if (backstopMs === 0) return;
    setImmediate(() => {
      const now = performance.now();
      for (const client of clients) {
        const seen = running.get(client);
        if (!client.busy) {
          running.delete(client);
        } else if (!seen || seen.statementsDone !== client.statementsDone) {
          running.set(client, { statementsDone: client.statementsDone, since: now });
        } else if (now - seen.since >= backstopMs && !client.abandoned) {
          client.abandoned = true;
          client.destroy();
        }
      }
      for (const client of running.keys()) if (!clients.has(client)) running.delete(client);
    });
  }, BACKSTOP_TICK_MS);
  backstop.unref();

  let lockClient: pg.PoolClient;
  try {
    lockClient = await pool.connect();
  } catch (error) {
    clearInterval(backstop);
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
      // Open connections get the new limits when next handed out (one SET), new ones at start.
      session.limits = REQUEST_PATH_LIMITS;
      backstopMs = DATABASE_BACKSTOP_MS;
    },
    poolState: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      clearInterval(backstop);
      await pool.end();
    },
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

/**
 * A text as an SQL string literal, for `runInOneTrip` scripts: quotes doubled, which is all a
 * literal needs while `standard_conforming_strings` is on (backslashes are plain characters),
 * the default of PostgreSQL since 9.1 and of PGlite.
 */
export function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A point in time as an SQL literal, for `runInOneTrip` scripts. */
export function sqlTimestamp(value: Date): string {
  // toISOString throws on an invalid date and otherwise yields only [0-9TZ:.-].
  return `'${value.toISOString()}'::timestamptz`;
}
