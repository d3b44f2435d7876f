import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sign } from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createDatabaseSessionStore } from '../../apps/server/src/adapters/session-store/database-session-store';
import { createRedisSessionStore } from '../../apps/server/src/adapters/session-store/redis-session-store';
import type { SessionStorePort } from '../../apps/server/src/adapters/session-store/session-store';
import { openDatabase, queryRows, type DatabaseHandle } from '../../apps/server/src/db/client';
import { users } from '../../apps/server/src/db/schema/index';
import { addDays, toSeoulDate } from '../../apps/server/src/lib/seoul-time';
import { createConcertWithSeats } from '../../apps/server/src/modules/concerts/concerts.service';
import { freePort, startServer, type ChildServer } from './harness';
import { serverNodeFlags } from '../../apps/server/node-flags.mjs';

/**
 * What the seat and queue benchmarks share: an on-sale concert with its seats, thousands of
 * buyers who each have a real signed session cookie (written straight into the session store,
 * since logging 20,000 users in through argon2 would measure argon2), the server started on
 * either runtime, and a keep-alive HTTP client.
 */

export type RuntimeKind = 'embedded' | 'scale-out';

export const defaultDatabaseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
export const defaultRedisUrl =
  process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** `--runtime=embedded|scale-out|both` (default both; scale-out is skipped when unreachable). */
export async function selectedRuntimes(): Promise<RuntimeKind[]> {
  const arg = process.argv.find((a) => a.startsWith('--runtime='))?.slice('--runtime='.length);
  const wanted: RuntimeKind[] =
    arg === 'embedded'
      ? ['embedded']
      : arg === 'scale-out'
        ? ['scale-out']
        : ['embedded', 'scale-out'];
  if (!wanted.includes('scale-out')) return wanted;
  const reachable = await scaleOutReachable();
  if (!reachable) {
    console.log(
      `PostgreSQL/Redis not reachable (${defaultDatabaseUrl}, ${defaultRedisUrl}): scale-out skipped`,
    );
    return wanted.filter((r) => r !== 'scale-out');
  }
  return wanted;
}

async function scaleOutReachable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: defaultDatabaseUrl,
    connectionTimeoutMillis: 2_000,
  });
  const redis = new Redis(defaultRedisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
    redis.disconnect();
  }
}

/** Pins this process (the load generator) to CPU 1; the server runs on CPU 0. */
export function pinLoadGenerator(): void {
  spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
}

export interface Buyer {
  userId: number;
  /** `cc_session=<signed id>` */
  cookie: string;
  accessKey?: string;
}

export interface SaleSeat {
  id: number;
  section: string;
}

/** One runtime's database (+ Redis) for one benchmark round, and the server env that uses it. */
export interface SaleRuntime {
  kind: RuntimeKind;
  sessionSecret: string;
  /** Env for the server process. */
  env: Record<string, string>;
  /** The PostgreSQL URL (scale-out) or the PGlite directory (embedded). */
  pgliteDir: string | null;
  databaseUrl: string | null;
  /** Opens the runtime's database; on PGlite only while no server owns the directory. */
  open(): Promise<DatabaseHandle>;
  sessionStore(db: DatabaseHandle): SessionStorePort;
  dispose(): Promise<void>;
}

export async function createSaleRuntime(kind: RuntimeKind): Promise<SaleRuntime> {
  const sessionSecret = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-bench-'));
  const baseEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: sessionSecret,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    HOST: '127.0.0.1',
  };
  if (kind === 'embedded') {
    const pgliteDir = path.join(dataDir, 'db');
    return {
      kind,
      sessionSecret,
      env: baseEnv,
      pgliteDir,
      databaseUrl: null,
      open: () => openDatabase({ databaseUrl: undefined, pgliteDir }),
      sessionStore: (handle) =>
        createDatabaseSessionStore({
          db: handle.db,
          idleSeconds: 86_400,
          clock: { now: () => new Date() },
        }),
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `cc_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: defaultDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(defaultDatabaseUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const keyPrefix = `ccbench:${randomBytes(5).toString('hex')}:`;
  const redis = new Redis(defaultRedisUrl);
  return {
    kind,
    sessionSecret,
    env: {
      ...baseEnv,
      DATABASE_URL: databaseUrl,
      REDIS_URL: defaultRedisUrl,
      REDIS_KEY_PREFIX: keyPrefix,
    },
    pgliteDir: null,
    databaseUrl,
    open: () => openDatabase({ databaseUrl, pgliteDir: dataDir }),
    sessionStore: () => createRedisSessionStore({ redis, keyPrefix, idleSeconds: 86_400 }),
    dispose: async () => {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 1_000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
      redis.disconnect();
      const client = new pg.Client({ connectionString: defaultDatabaseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Seeds an on-sale concert of `totalSeats` seats (the product's own seat-map planner) and
 * `buyers` users with signed session cookies. Returns the seats in id order.
 */
export async function seedSale(
  runtime: SaleRuntime,
  handle: DatabaseHandle,
  options: { totalSeats: number; buyers: number },
): Promise<{ concertId: number; seats: SaleSeat[]; buyers: Buyer[] }> {
  const { db } = handle;
  const tag = randomBytes(3).toString('hex');
  const [seller] = await db
    .insert(users)
    .values({
      username: `seller${tag}`,
      email: `seller${tag}@example.com`,
      nickname: `판매${tag}`,
      name: '판매자',
      role: 'ROLE_SELLER',
    })
    .returning({ id: users.id });
  if (!seller) throw new Error('seller not inserted');
  const now = Date.now();
  const concert = await createConcertWithSeats(db, {
    sellerId: seller.id,
    title: '벤치마크 콘서트',
    artist: '벤치마크 밴드',
    description: '벤치마크용 공연입니다.',
    venueName: '벤치마크 아레나',
    venueAddress: '서울특별시 송파구 올림픽로 424',
    concertDate: toSeoulDate(new Date(now + 20 * 86_400_000)),
    startTime: '19:00:00',
    endTime: '21:00:00',
    totalSeats: options.totalSeats,
    bookingStartAt: new Date(now - 86_400_000),
    bookingEndAt: new Date(now + 19 * 86_400_000),
    minAge: 0,
    maxTicketsPerUser: 4,
    status: 'ON_SALE',
    posterImageUrl: null,
  });
  const seats = await queryRows<{ id: number; section: string }>(
    db,
    sql`select id, section from concert_seats where concert_id = ${concert.id} order by id`,
  );
  const buyers: Buyer[] = [];
  const store = runtime.sessionStore(handle);
  const batch = 1_000;
  for (let start = 0; start < options.buyers; start += batch) {
    const count = Math.min(batch, options.buyers - start);
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          username: `b${tag}${start + i}`,
          email: `b${tag}${start + i}@example.com`,
          nickname: `관객${tag}${start + i}`,
          name: '관객',
        })),
      )
      .returning({ id: users.id });
    await Promise.all(
      rows.map(async (row) => {
        // The same id format and signature as the server's own session cookies (http/session.ts).
        const sessionId = randomBytes(24).toString('base64url');
        await store.set(sessionId, { userId: row.id, touchedAt: Date.now() }, row.id);
        buyers.push({
          userId: row.id,
          cookie: `cc_session=${encodeURIComponent(sign(sessionId, runtime.sessionSecret))}`,
        });
      }),
    );
  }
  buyers.sort((a, b) => a.userId - b.userId);
  return {
    concertId: concert.id,
    seats: seats.map((s) => ({ id: Number(s.id), section: s.section })),
    buyers,
  };
}

/**
 * `count` users without sessions, in one set-based insert (fast even on PGlite): accounts that
 * only appear in the database, e.g. holders of seats written straight into it. Returns their ids.
 */
export async function insertPlainUsers(handle: DatabaseHandle, count: number): Promise<number[]> {
  const tag = randomBytes(3).toString('hex');
  const rows = await queryRows<{ id: number }>(
    handle.db,
    sql`insert into users (username, email, nickname, name)
        select 'p' || ${tag} || g, 'p' || ${tag} || g || '@example.com', '관객' || ${tag} || g, '관객'
        from generate_series(1, ${count}::int) g
        returning id`,
  );
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** A seller with a signed session cookie, written straight into the session store. */
export async function createSeller(
  runtime: SaleRuntime,
  handle: DatabaseHandle,
): Promise<{ id: number; cookie: string }> {
  const tag = randomBytes(3).toString('hex');
  const [seller] = await handle.db
    .insert(users)
    .values({
      username: `bseller${tag}`,
      email: `bseller${tag}@example.com`,
      nickname: `벤치판매${tag}`,
      name: '판매자',
      role: 'ROLE_SELLER',
    })
    .returning({ id: users.id });
  if (!seller) throw new Error('seller not inserted');
  const sessionId = randomBytes(24).toString('base64url');
  await runtime
    .sessionStore(handle)
    .set(sessionId, { userId: seller.id, touchedAt: Date.now() }, seller.id);
  return {
    id: seller.id,
    cookie: `cc_session=${encodeURIComponent(sign(sessionId, runtime.sessionSecret))}`,
  };
}

/**
 * The seller's concert form (`POST /api/seller/concerts`) for a show in 30 days, on sale from
 * tomorrow, with its seats given either as `totalSeats` (the quick plan) or as a `seatLayout`.
 */
export function concertForm(
  title: string,
  seats: { totalSeats: number } | { seatLayout: unknown },
): Record<string, unknown> {
  const today = toSeoulDate(new Date());
  return {
    title,
    artist: '벤치마크 밴드',
    description: null,
    venueName: '벤치마크 아레나',
    venueAddress: null,
    concertDate: addDays(today, 30),
    startTime: '19:00',
    endTime: '21:00',
    ...seats,
    bookingStartDate: `${addDays(today, 1)}T10:00`,
    bookingEndDate: `${addDays(today, 29)}T23:00`,
    minAge: 0,
    maxTicketsPerUser: 4,
    posterImageUrl: null,
    status: 'SCHEDULED',
  };
}

export async function seatCountOf(handle: DatabaseHandle, concertId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    handle.db,
    sql`select count(*)::int as n from concert_seats where concert_id = ${concertId}`,
  );
  return Number(row?.n ?? 0);
}

/** Empties the seat and concert tables (grades and the rest go with their concert). */
export async function freshConcertTables(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(
    sql`truncate concert_seats, seat_grades, concerts restart identity cascade`,
  );
}

export async function startSaleServer(
  runtime: SaleRuntime,
  env: Record<string, string>,
): Promise<ChildServer> {
  return startServer({
    // The server's own flags, as npm start runs it.
    // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") is added by
    // startServer itself, once.
    args: [
      ...serverNodeFlags,
      '--import',
      'tsx',
      path.join(import.meta.dirname, '../../apps/server/src/main.ts'),
    ],
    env: { ...runtime.env, ...env },
    readyPath: '/api/health',
    port: await freePort(),
  });
}

export interface HttpAnswer {
  status: number;
  body: string;
}

/** A keep-alive client over node:http (fetch costs several times more CPU per request). */
export function createHttpClient(baseUrl: string, maxSockets = 256) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const url = new URL(baseUrl);
  function request(
    method: string,
    pathAndQuery: string,
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path: pathAndQuery,
          headers: {
            ...headers,
            ...(body === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }
  return { request, close: () => agent.destroy() };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** Every buyer enters the waiting room; with a capacity above the buyer count each gets a key at once. */
export async function admitBuyers(
  client: HttpClient,
  concertId: number,
  buyers: Buyer[],
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < buyers.length) {
      const buyer = buyers[next];
      next += 1;
      if (!buyer) break;
      const answer = await client.request('POST', `/api/queue/enter?concertId=${concertId}`, {
        cookie: buyer.cookie,
      });
      const parsed = JSON.parse(answer.body) as { data?: { status?: string; accessKey?: string } };
      if (
        answer.status !== 200 ||
        parsed.data?.status !== 'IMMEDIATE_ENTRY' ||
        !parsed.data.accessKey
      ) {
        throw new Error(`queue entry failed: ${answer.status} ${answer.body}`);
      }
      buyer.accessKey = parsed.data.accessKey;
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}

/** Server settings that take the rate limits and key lifetimes out of a benchmark's way. */
export const unthrottledEnv: Record<string, string> = {
  QUEUE_CAPACITY: '100000',
  QUEUE_RATE_PER_MINUTE: '100000',
  SEAT_RATE_PER_MINUTE: '100000',
  ACCESS_KEY_TTL_SECONDS: '3600',
  ACCESS_KEY_HARD_CAP_SECONDS: '3600',
};

/** The p-th percentile (0-100) of unsorted samples. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Resident set size of a process, from /proc (bytes). */
export function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat (clock ticks of
 * 10 ms), or 0 when it is gone. Differences over a run give CPU per request, a figure that the
 * other load on a shared machine moves far less than throughput.
 */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may itself hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Largest value; `Math.max(...values)` overflows the call stack beyond ~100,000 values. */
export function maxOf(values: Iterable<number>): number {
  let max = Number.NEGATIVE_INFINITY;
  for (const value of values) if (value > max) max = value;
  return max;
}

/** Smallest value (see maxOf). */
export function minOf(values: Iterable<number>): number {
  let min = Number.POSITIVE_INFINITY;
  for (const value of values) if (value < min) min = value;
  return min;
}
