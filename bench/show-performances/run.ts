import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ShowPerformances } from '@curtaincall/contracts';
import { sql } from 'drizzle-orm';
import { serverNodeFlags } from '../../apps/server/node-flags.mjs';
import { openDatabase, queryRows } from '../../apps/server/src/db/client';
import { toSeoulDate } from '../../apps/server/src/lib/seoul-time';
import {
  createConcertWithSeats,
  type ConcertDraft,
} from '../../apps/server/src/modules/concerts/concerts.service';
import {
  announceBenchmark,
  freePort,
  runLoad,
  startHogIfAsked,
  startServer,
  type LoadResult,
} from '../lib/harness';
import { cpuSecondsOf } from '../lib/sale';
import { everyRound, formatRounds, SATURATION_SHARE } from '../lib/verdicts';

/**
 * bench/show-performances (issue 26): the detail page's remaining-seats answer,
 * `GET /api/concerts/{id}/performances`, for a show of 30 performances of 2,000 seats each
 * (60,000 seats beside 100,000 of 50 other concerts), asked over and over as a hot detail page
 * would be: 16 connections in a closed loop, each asking through one of the 30 performances in
 * turn. Goal: p99 ≤ 50 ms in every round, no failures.
 *
 * Baseline, same run and data: bare Fastify running the very statements ours runs on a copy of
 * the PGlite files and serialising the answer per request (bare-query-server.ts: our service
 * with its cache off), checked to answer our bytes for every path first. Printed: ours / bare
 * query in req/s (the cache must pay for itself: expected far above 1), and the bare query's
 * own latency alone (1 connection): what ours pays on a first read and on its recount of every
 * performance each 30 s (in between it counts only the performances whose seats changed).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = 5;
/** The single-reader step of the baseline, per round. */
const ALONE_SECONDS = 5;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const PERFORMANCES = 30;
const SEATS_PER_PERFORMANCE = 2_000;
const OTHER_CONCERTS = 50;
const P99_GOAL_MS = 50;

const root = path.resolve(import.meta.dirname, '../..');

function addDays(date: string, days: number): string {
  return toSeoulDate(new Date(Date.parse(`${date}T12:00:00+09:00`) + days * 86_400_000));
}

/**
 * The show and the other concerts, their seats sold, held and blocked in a fixed pattern. Every
 * status and hold is one that the server's jobs leave alone for the run (booking opens in 20
 * days, holds end in a day), so ours and the baseline's copy stay the same data.
 */
async function seed(dataDir: string): Promise<number[]> {
  const database = await openDatabase({
    databaseUrl: undefined,
    pgliteDir: path.join(dataDir, 'db'),
  });
  const db = database.db;
  const [seller] = await queryRows<{ id: number }>(
    db,
    sql`insert into users (username, email, nickname, name, role)
        values ('benchseller', 'b@example.com', '벤치', '벤치', 'ROLE_SELLER') returning id`,
  );
  const sellerId = Number(seller?.id);
  const today = toSeoulDate(new Date());
  const draft = (concertDate: string, startTime: string, title: string): ConcertDraft => ({
    sellerId,
    title,
    artist: '벤치마크 밴드',
    description: '회차 벤치마크용 공연입니다.',
    venueName: '벤치마크 아레나',
    venueAddress: '서울특별시 송파구 벤치로 1',
    concertDate,
    startTime,
    endTime: '22:00:00',
    totalSeats: SEATS_PER_PERFORMANCE,
    bookingStartAt: new Date(Date.now() + 20 * 86_400_000),
    bookingEndAt: new Date(Date.now() + 29 * 86_400_000),
    minAge: 0,
    maxTicketsPerUser: 4,
    status: 'SCHEDULED',
    posterImageUrl: null,
  });
  for (let i = 0; i < OTHER_CONCERTS; i += 1) {
    await createConcertWithSeats(db, draft(addDays(today, 30 + i), '19:00:00', `다른 공연 ${i}`));
  }
  const [show] = await queryRows<{ id: number }>(
    db,
    sql`insert into shows (seller_id, max_tickets_per_show) values (${sellerId}, 8) returning id`,
  );
  const showId = Number(show?.id);
  const ids: number[] = [];
  // 15 days of two performances each (14:00 and 19:00).
  for (let i = 0; i < PERFORMANCES; i += 1) {
    const day = addDays(today, 40 + Math.floor(i / 2));
    const row = await createConcertWithSeats(db, {
      ...draft(day, i % 2 === 0 ? '14:00:00' : '19:00:00', '서른 회차 공연'),
      showId,
      // Two cancelled performances: listed, marked CANCELLED.
      status: i === 3 || i === 17 ? 'CANCELLED' : 'SCHEDULED',
    });
    ids.push(row.id);
  }
  // The cancelled ones keep every seat free: the server's cancellation job would free them.
  const performancesOnSale = sql`select id from concerts where show_id = ${showId} and status <> 'CANCELLED'`;
  // Of every other performance: a fifth sold, a seventh held by buyers (a day left), some promoter
  // holds and a few killed seats, so every count of the answer has something to count.
  await db.execute(sql`
    update concert_seats set status = 'BOOKED' where concert_id in (${performancesOnSale}) and id % 5 = 0`);
  await db.execute(sql`
    update concert_seats set status = 'RESERVED', held_by_user_id = ${sellerId}, held_at = now(),
      hold_expires_at = now() + interval '1 day'
    where concert_id in (${performancesOnSale}) and id % 7 = 0 and status = 'AVAILABLE'`);
  await db.execute(sql`
    update concert_seats set status = 'UNAVAILABLE', block = 'HELD'
    where concert_id in (${performancesOnSale}) and id % 53 = 0 and status = 'AVAILABLE'`);
  await db.execute(sql`
    update concert_seats set status = 'UNAVAILABLE', block = 'KILLED'
    where concert_id in (${performancesOnSale}) and id % 97 = 0 and status = 'AVAILABLE'`);
  // Planner statistics, as autovacuum would have them on a real database (PGlite runs none).
  await db.execute(sql`analyze`);
  await database.close();
  return ids;
}

/** Where two answers part, with a little of each around it. */
function differenceOf(a: string, b: string): string {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at += 1;
  return `at ${at}: ours …${a.slice(Math.max(0, at - 80), at + 80)}… bare …${b.slice(Math.max(0, at - 80), at + 80)}…`;
}

interface Step {
  load: LoadResult;
  /** Share of its one core the server used over the step. */
  coreShare: number;
}

async function step(
  url: string,
  pid: number,
  paths: string[],
  seconds: number,
  connections: number,
): Promise<Step> {
  const cpuBefore = cpuSecondsOf(pid);
  const started = performance.now();
  const load = await runLoad({ url, paths, seconds, connections });
  const wall = (performance.now() - started) / 1000;
  return { load, coreShare: (cpuSecondsOf(pid) - cpuBefore) / wall };
}

function line(name: string, s: Step): string {
  return `${name.padEnd(16)} ${s.load.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${s.load.p50Ms.toFixed(1).padStart(6)} ms   p99 ${s.load.p99Ms.toFixed(1).padStart(6)} ms   at ${(s.coreShare * 100).toFixed(0)} % of its core, non-2xx ${s.load.non2xx}, errors ${s.load.errors}`;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-bench-show-performances-'));
  const announced = announceBenchmark('show-performances');
  console.log(
    `seeding a show of ${PERFORMANCES} performances × ${SEATS_PER_PERFORMANCE} seats and ${OTHER_CONCERTS} other concerts into PGlite...`,
  );
  const ids = await seed(dataDir);
  // PGlite is one process's database: the baseline gets a copy taken before ours opens it.
  const bareDbDir = path.join(dataDir, 'db-bare');
  cpSync(path.join(dataDir, 'db'), bareDbDir, { recursive: true });

  const ours = await startServer({
    args: [...serverNodeFlags, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    env: {
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      HOST: '127.0.0.1',
    },
    readyPath: '/api/health',
    port: await freePort(),
  });
  const bare = await startServer({
    // The server's own Node flags, so both have the same young generation.
    args: [
      ...serverNodeFlags,
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'bare-query-server.ts'),
    ],
    env: { BARE_QUERY_PGLITE_DIR: bareDbDir },
    readyPath: '/health',
    port: await freePort(),
  });
  const stopHog = startHogIfAsked();
  const oursPaths = ids.map((id) => `/api/concerts/${id}/performances`);
  const barePaths = ids.map((id) => `/bare/concerts/${id}/performances`);
  const oursPid = ours.child.pid ?? 0;
  const barePid = bare.child.pid ?? 0;
  const rounds: Array<{ ours: Step; bare: Step; alone: Step }> = [];
  try {
    // Like for like or nothing: the baseline must answer ours' bytes, path for path.
    let bytes = 0;
    for (const [i, p] of oursPaths.entries()) {
      const text = await (await fetch(`${ours.url}${p}`)).text();
      const bareText = await (await fetch(`${bare.url}${barePaths[i]}`)).text();
      if (text !== bareText) {
        throw new Error(
          `the baseline answers ${barePaths[i]} differently: ${differenceOf(text, bareText)}`,
        );
      }
      bytes = Buffer.byteLength(text);
    }
    const sample = (
      JSON.parse(await (await fetch(`${ours.url}${oursPaths[0]}`)).text()) as {
        data: ShowPerformances;
      }
    ).data;
    const remaining = sample.performances.reduce((sum, p) => sum + p.remainingSeats, 0);
    if (sample.performances.length !== PERFORMANCES) {
      throw new Error(`the answer lists ${sample.performances.length} performances`);
    }
    console.log(
      `the baseline answers ours' bytes for all ${oursPaths.length} paths (${bytes} bytes each: ${sample.performances.length} performances, ${remaining} of ${PERFORMANCES * SEATS_PER_PERFORMANCE} places remaining)`,
    );
    await runLoad({ url: ours.url, paths: oursPaths, seconds: WARMUP_SECONDS, connections: 4 });
    await runLoad({ url: bare.url, paths: barePaths, seconds: WARMUP_SECONDS, connections: 4 });
    for (let round = 1; round <= ROUNDS; round += 1) {
      const oursStep = await step(ours.url, oursPid, oursPaths, SECONDS, CONNECTIONS);
      console.log(`round ${round} ${line('ours', oursStep)}`);
      const bareStep = await step(bare.url, barePid, barePaths, SECONDS, CONNECTIONS);
      console.log(`round ${round} ${line('bare query', bareStep)}`);
      const alone = await step(bare.url, barePid, barePaths, ALONE_SECONDS, 1);
      console.log(`round ${round} ${line('bare query, 1 c', alone)}`);
      rounds.push({ ours: oursStep, bare: bareStep, alone });
    }
  } finally {
    stopHog();
    await Promise.all([ours.stop(), bare.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const p99 = everyRound(
    rounds.map((r) => r.ours.load.p99Ms),
    { limit: P99_GOAL_MS, higherIsBetter: false },
  );
  const ratio = everyRound(
    rounds.map((r) => r.ours.load.requestsPerSecond / r.bare.load.requestsPerSecond),
    { limit: 1, higherIsBetter: true },
  );
  const failures = rounds.reduce((n, r) => n + r.ours.load.non2xx + r.ours.load.errors, 0);
  const bareSaturated = rounds.every((r) => r.bare.coreShare >= SATURATION_SHARE);
  const pass = p99.pass && failures === 0;
  console.log(
    `\n${ROUNDS} rounds × ${SECONDS} s, ${CONNECTIONS} connections, a show of ${PERFORMANCES} performances × ${SEATS_PER_PERFORMANCE} seats, server on CPU 0, load on CPU 1:`,
  );
  console.log('  GET /api/concerts/{id}/performances (any of the 30 performances, in turn)');
  console.log(
    `    req/s ours ${rounds.map((r) => r.ours.load.requestsPerSecond.toFixed(0)).join(', ')}; bare query (PGlite + serialise per request) ${rounds.map((r) => r.bare.load.requestsPerSecond.toFixed(0)).join(', ')} at ${rounds.map((r) => `${(r.bare.coreShare * 100).toFixed(0)} %`).join(', ')} of its core`,
  );
  console.log(
    `    the bare query alone (1 connection): p50 ${rounds.map((r) => r.alone.load.p50Ms.toFixed(1)).join(', ')} ms, p99 ${rounds.map((r) => r.alone.load.p99Ms.toFixed(1)).join(', ')} ms (a first read of ours, or its recount of every performance each 30 s)`,
  );
  console.log(
    `    -> ours / bare query ${formatRounds(ratio)}  informational: ≥ 1 expected${bareSaturated ? '' : '; the bare query did not use 90 % of its core in every round'}`,
  );
  console.log(
    `    -> p99 at ${CONNECTIONS} connections ${formatRounds(p99, 1)} ms  ${pass ? 'PASS' : 'FAIL'} (goal ≤ ${P99_GOAL_MS} ms every round, 0 failures${failures > 0 ? `; ${failures} failed` : ''})`,
  );
  announced.after();
  process.exitCode = pass ? 0 : 1;
}

await main();
