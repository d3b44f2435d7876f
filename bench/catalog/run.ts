import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { serverNodeFlags } from '../../apps/server/node-flags.mjs';
import {
  announceBenchmark,
  freePort,
  runLoad,
  startHogIfAsked,
  startServer,
  type LoadResult,
} from '../lib/harness';
import { pipelinedLoad, rawRequest } from '../lib/pipelined-load';
import { cpuSecondsOf } from '../lib/sale';
import { everyRound, formatRounds, headline, SATURATION_SHARE } from '../lib/verdicts';

/**
 * bench/catalog: 10,000 shows of three performances (30,000 concerts, issue 26) on the embedded
 * database; req/s and p99 of the public list and search, one card per show, against two
 * baselines measured in the same run (issue 24, point 4):
 * - the ceiling: bare Fastify writing the very bytes ours answers, ready-made (bare-server.ts).
 *   Ours serves a ready-made snapshot too, so ours / ceiling <= 1.0 is expected and only
 *   informational; a ratio above 1.05 means the measurement is wrong and fails the run.
 * - the database query path: bare Fastify querying the same PGlite data (the card of each show
 *   by a window over its performances) and serialising the rows on every request (db-server.ts).
 *   The snapshot exists to beat it: goal ours / db >= 1.0, which also holds issue 26's "≥ 0.5 ×
 *   bare Fastify serving the same JSON" for the answers a server has to compute.
 * Goal: ours / db >= 1.0 and p99 <= 50 ms in every round, 0 failures. Medians of 3 rounds.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = 5;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
/** Seconds of the unpipelined latency step per round. */
const LATENCY_SECONDS = 5;
/** Issue 26: 10,000 shows of three performances, 30,000 concert rows. */
const SHOWS = 10_000;
const PERFORMANCES_PER_SHOW = 3;

const root = path.resolve(import.meta.dirname, '../..');
// A catalogue shaped like a real one: 400 artists and 120 venues, so most searches match tens of
// concerts, while a city name still matches hundreds.
const artistFirst = [
  '하늘',
  '노을',
  '별빛',
  '달빛',
  '바다',
  '새벽',
  '청춘',
  '여름',
  '겨울',
  '봄날',
  '구름',
  '파도',
  '은하',
  '소나기',
  '무지개',
  '오로라',
  '등대',
  '첫눈',
  '단풍',
  '햇살',
];
const artistSecond = [
  '밴드',
  '트리오',
  '콰르텟',
  '오케스트라',
  '크루',
  '프로젝트',
  '앙상블',
  '시스터즈',
  '브라더스',
  '유닛',
  '합창단',
  '사운드',
  '클럽',
  '보이즈',
  '걸스',
  '스트링스',
  '브라스',
  '퀸텟',
  '듀오',
  '싱어즈',
];
const cities = [
  '서울',
  '부산',
  '대구',
  '인천',
  '광주',
  '대전',
  '울산',
  '수원',
  '고양',
  '성남',
  '청주',
  '전주',
  '천안',
  '제주',
  '창원',
  '포항',
  '김해',
  '강릉',
  '춘천',
  '여수',
];
const halls = ['아트홀', '아레나', '콘서트홀', '돔', '라이브홀', '야외극장'];
const words = [
  '겨울',
  '여름',
  '별빛',
  '달빛',
  '바다',
  '도시',
  '청춘',
  '노래',
  '밤',
  '꿈',
  '바람',
  '무대',
];

/** Searches a user would type: artists and title words (tens of results) and a city (hundreds). */
const searchTerms = [
  '하늘 밴드',
  '노을 트리오',
  '은하 콰르텟',
  '첫눈 듀오',
  '오로라 크루',
  '겨울 바다',
  '별빛 청춘',
  '달빛 노래',
  '도시 꿈',
  '무대 바람',
  '여름 밤',
  '부산',
];

async function seed(dataDir: string): Promise<void> {
  const database = await openDatabase({
    databaseUrl: undefined,
    pgliteDir: path.join(dataDir, 'db'),
  });
  const db = database.db;
  await db.execute(
    sql`insert into users (username, email, nickname, name) values ('benchseller', 'b@example.com', '벤치', '벤치')`,
  );
  const list = (items: string[]) =>
    sql.raw(`array[${items.map((i) => `'${i.replace(/'/g, "''")}'`).join(',')}]`);
  // Statuses that the lifecycle job leaves alone without seat maps: scheduled with booking
  // opening later, sold out, and some cancelled (hidden from the public lists). Per show: most
  // have three public performances on three days; some lost their first to a cancellation (two
  // left) or sold it out (the card shows the next date); some kept one performance only (a plain
  // card, no `show`), and some were cancelled whole (not listed).
  await db.execute(sql`insert into shows (seller_id) select 1 from generate_series(1, ${SHOWS})`);
  await db.execute(sql`
    insert into concerts (seller_id, show_id, title, artist, description, venue_name, venue_address, concert_date,
      start_time, end_time, total_seats, booking_start_at, booking_end_at, status, created_at)
    select 1, (select min(id) from shows) + n - 1,
      (${list(words)})[1 + n % 12] || ' ' || (${list(words)})[1 + (n / 12) % 12] || ' 콘서트 ' || n,
      (${list(artistFirst)})[1 + (n * 7) % 20] || ' ' || (${list(artistSecond)})[1 + (n / 20) % 20],
      '벤치마크용 공연 설명입니다. 공연 ' || n,
      (${list(cities)})[1 + (n * 3) % 20] || ' ' || (${list(halls)})[1 + n % 6], '대한민국 벤치로 ' || n,
      current_date + 30 + (n % 300) + k, (array['19:00', '18:00', '14:00'])[1 + k]::time, '21:00', 1000,
      now() + interval '20 days', now() + interval '29 days',
      case when n % 11 = 0 then 'CANCELLED'
           when n % 13 = 0 and k > 0 then 'CANCELLED'
           when n % 20 = 0 and k = 0 then 'CANCELLED'
           when n % 7 = 0 and k = 0 then 'SOLD_OUT'
           else 'SCHEDULED' end,
      now() - (n || ' minutes')::interval - (k || ' seconds')::interval
    from generate_series(1, ${SHOWS}) as n cross join generate_series(0, ${PERFORMANCES_PER_SHOW - 1}) as k
    order by n, k`);
  // Planner statistics, as autovacuum would have them on a real database (PGlite runs none): the
  // query baseline plans with the true row counts rather than guesses.
  await db.execute(sql`analyze`);
  await database.close();
}

function format(result: { rps: number; p99: number }): string {
  return `${result.rps.toFixed(0).padStart(7)} req/s   p99 ${result.p99.toFixed(1).padStart(5)} ms`;
}

/** Requests each connection of the pipelined driver keeps in flight (throughput steps). */
const DEPTH = 8;

interface ThroughputSample {
  rps: number;
  /** Server CPU per request, µs. */
  cpuUs: number;
  /** Share of its core the server used. */
  coreShare: number;
  failures: number;
}

/** Pipelined closed loop on `paths` round-robin, with the server's CPU over the step. */
async function throughput(url: string, pid: number, paths: string[], seconds: number) {
  const host = new URL(url).host;
  const requests = paths.map((p) => rawRequest('GET', p, host));
  const cpuBefore = cpuSecondsOf(pid);
  const run = await pipelinedLoad({
    url,
    seconds,
    connections: CONNECTIONS,
    depth: DEPTH,
    request: (i) => requests[i % requests.length] as Buffer,
    check: (_, answer) => answer.status === 200,
  });
  const cpu = cpuSecondsOf(pid) - cpuBefore;
  return {
    rps: run.rps,
    cpuUs: (cpu / Math.max(1, run.answered)) * 1e6,
    coreShare: cpu / run.seconds,
    failures: run.failures,
  } satisfies ThroughputSample;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-bench-catalog-'));
  const announced = announceBenchmark('catalog');
  console.log(
    `seeding ${SHOWS} shows × ${PERFORMANCES_PER_SHOW} performances (${SHOWS * PERFORMANCES_PER_SHOW} concert rows) into PGlite...`,
  );
  await seed(dataDir);
  // PGlite is one process's database: the query baseline gets a copy of the seeded files, taken
  // before our server opens them, so both start from the same data.
  const queryDbDir = path.join(dataDir, 'db-query');
  cpSync(path.join(dataDir, 'db'), queryDbDir, { recursive: true });

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
  const listPaths = Array.from({ length: 50 }, (_, i) => `/api/concerts?page=${i}&size=20`);
  const searchPaths = searchTerms.map((q) => `/api/concerts/search?query=${encodeURIComponent(q)}`);
  // The ceiling serves, path for path, the bytes our server answers.
  const oursText: string[] = [];
  const payloads: Record<string, unknown> = {};
  for (const [i, p] of [...listPaths, ...searchPaths].entries()) {
    const text = await (await fetch(`${ours.url}${p}`)).text();
    oursText.push(text);
    payloads[String(i)] = JSON.parse(text);
  }
  // One card per show: the list pages name each show once, most with their summary.
  const listCards = oursText
    .slice(0, listPaths.length)
    .flatMap(
      (text) =>
        (JSON.parse(text) as { data: { content: Array<{ show?: { showId: number } }> } }).data
          .content,
    );
  const withShow = listCards.filter((card) => card.show !== undefined).length;
  console.log(
    `list pages: ${listCards.length} cards, ${withShow} of them shows of several performances (with show), total ${(JSON.parse(oursText[0] ?? '{}') as { data?: { totalElements?: number } }).data?.totalElements} shows`,
  );
  const payloadFile = path.join(dataDir, 'payloads.json');
  writeFileSync(payloadFile, JSON.stringify(payloads));
  const bareListPaths = listPaths.map((_, i) => `/bare/${i}`);
  const bareSearchPaths = searchPaths.map((_, i) => `/bare/${listPaths.length + i}`);
  const bare = await startServer({
    // The server's own Node flags, so both have the same young generation.
    args: [...serverNodeFlags, '--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts')],
    env: { BARE_PAYLOAD_FILE: payloadFile },
    readyPath: '/health',
    port: await freePort(),
  });
  const dbListPaths = listPaths.map((p) => p.replace('/api/', '/db/'));
  const dbSearchPaths = searchPaths.map((p) => p.replace('/api/', '/db/'));
  const db = await startServer({
    args: [...serverNodeFlags, '--import', 'tsx', path.join(import.meta.dirname, 'db-server.ts')],
    env: { DB_QUERY_PGLITE_DIR: queryDbDir },
    readyPath: '/health',
    port: await freePort(),
  });
  const stopHog = startHogIfAsked();

  type Scenario = 'bareList' | 'dbList' | 'list' | 'bareSearch' | 'dbSearch' | 'search';
  const scenarios: Record<Scenario, { url: string; pid: number; paths: string[] }> = {
    bareList: { url: bare.url, pid: bare.child.pid ?? 0, paths: bareListPaths },
    dbList: { url: db.url, pid: db.child.pid ?? 0, paths: dbListPaths },
    list: { url: ours.url, pid: ours.child.pid ?? 0, paths: listPaths },
    bareSearch: { url: bare.url, pid: bare.child.pid ?? 0, paths: bareSearchPaths },
    dbSearch: { url: db.url, pid: db.child.pid ?? 0, paths: dbSearchPaths },
    search: { url: ours.url, pid: ours.child.pid ?? 0, paths: searchPaths },
  };
  const samples: Record<Scenario, ThroughputSample[]> = {
    bareList: [],
    dbList: [],
    list: [],
    bareSearch: [],
    dbSearch: [],
    search: [],
  };
  /** p99 of ours at a closed loop of CONNECTIONS single requests (no pipelining): the latency goal. */
  const latency: Record<'list' | 'search', LoadResult[]> = { list: [], search: [] };
  try {
    // Like for like or nothing: both baselines must answer exactly ours' bytes, path for path
    // (same data, page size, ordering and wire shape), before any of them is timed.
    for (const [i, text] of oursText.entries()) {
      const checks = [
        ['ceiling', `${bare.url}${[...bareListPaths, ...bareSearchPaths][i]}`],
        ['db query', `${db.url}${[...dbListPaths, ...dbSearchPaths][i]}`],
      ] as const;
      for (const [name, url] of checks) {
        if ((await (await fetch(url)).text()) !== text) {
          throw new Error(`the ${name} baseline answers ${url} differently from ours`);
        }
      }
    }
    console.log(
      `both baselines answer ours' bytes for all ${oursText.length} paths (${listPaths.length} list pages, ${searchPaths.length} searches)`,
    );
    for (const scenario of Object.values(scenarios)) {
      await throughput(scenario.url, scenario.pid, scenario.paths, WARMUP_SECONDS);
    }
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const name of [
        'bareList',
        'dbList',
        'list',
        'bareSearch',
        'dbSearch',
        'search',
      ] as const) {
        const scenario = scenarios[name];
        const result = await throughput(scenario.url, scenario.pid, scenario.paths, SECONDS);
        samples[name].push(result);
        console.log(
          `round ${round} ${name.padEnd(10)} ${result.rps.toFixed(0).padStart(7)} req/s, CPU ${result.cpuUs.toFixed(1)} µs per request at ${(result.coreShare * 100).toFixed(0)} % of its core, failures ${result.failures}`,
        );
      }
      const lastRatio = (ours: Scenario, baseline: Scenario) =>
        ((samples[ours].at(-1)?.rps ?? 0) / (samples[baseline].at(-1)?.rps ?? Infinity)).toFixed(2);
      console.log(
        `round ${round} ratios     list ours/ceiling ${lastRatio('list', 'bareList')}, ours/db ${lastRatio('list', 'dbList')}; search ours/ceiling ${lastRatio('search', 'bareSearch')}, ours/db ${lastRatio('search', 'dbSearch')}`,
      );
      for (const name of ['list', 'search'] as const) {
        const result = await runLoad({
          url: scenarios[name].url,
          paths: scenarios[name].paths,
          seconds: LATENCY_SECONDS,
          connections: CONNECTIONS,
        });
        latency[name].push(result);
        console.log(
          `round ${round} ${`${name} p99`.padEnd(10)} ${format({ rps: result.requestsPerSecond, p99: result.p99Ms })}   non-2xx ${result.non2xx}, errors ${result.errors}`,
        );
      }
    }
  } finally {
    stopHog();
    await Promise.all([ours.stop(), bare.stop(), db.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `\n${ROUNDS} rounds × ${SECONDS} s, ${CONNECTIONS} connections × ${DEPTH} pipelined, server on CPU 0, load on CPU 1; a goal holds only in every round:`,
  );
  const cores = (list: ThroughputSample[]) =>
    list.map((s) => `${(s.coreShare * 100).toFixed(0)} %`).join(', ');
  const perRequest = (list: ThroughputSample[]) => list.map((s) => s.cpuUs.toFixed(1)).join(', ');
  const rates = (list: ThroughputSample[]) => list.map((s) => s.rps.toFixed(0)).join(', ');
  let ok = true;
  for (const [name, ceiling, dbQuery, label] of [
    ['list', 'bareList', 'dbList', 'GET /api/concerts?page=N'],
    ['search', 'bareSearch', 'dbSearch', 'GET /api/concerts/search?query='],
  ] as const) {
    const against = (baseline: Scenario) =>
      samples[name].map((s, i) => s.rps / (samples[baseline][i]?.rps ?? Infinity));
    // The ceiling writes ready bytes and ours serves a ready-made snapshot: ≤ 1.0 is expected
    // and says nothing about the goal. The round to watch is the highest: above 1.05 the
    // measurement, not the server, is wrong, which fails the run.
    const ceilingRounds = everyRound(against(ceiling), { limit: 1.05, higherIsBetter: false });
    const aboveCeiling = !ceilingRounds.pass;
    const ceilingSaturated = samples[ceiling].every((b) => b.coreShare >= SATURATION_SHARE);
    // Issue 3's old goal against the ceiling, still printed so the history reads on.
    const issue3Held = ceilingRounds.values.every((r) => r >= 0.5);
    // The goal: the snapshot is at least as fast as querying the same data, in every round.
    const dbRounds = everyRound(against(dbQuery), { limit: 1, higherIsBetter: true });
    const dbSaturated = samples[dbQuery].every((b) => b.coreShare >= SATURATION_SHARE);
    const p99 = everyRound(
      latency[name].map((l) => l.p99Ms),
      { limit: 50, higherIsBetter: false },
    );
    const failures =
      samples[name].reduce((n, s) => n + s.failures, 0) +
      latency[name].reduce((n, l) => n + l.non2xx + l.errors, 0);
    // A baseline that failed requests measured something else than the same answers.
    const failuresOf = (b: Scenario) => samples[b].reduce((n, s) => n + s.failures, 0);
    const dbSound = dbSaturated && failuresOf(dbQuery) === 0;
    const pass = dbRounds.pass && p99.pass && failures === 0 && !aboveCeiling;
    ok &&= pass && dbSound;
    const doubts = [
      dbSaturated ? '' : 'the db query baseline did not use 90 % of its core in every round',
      failuresOf(dbQuery) > 0 ? `the db query baseline failed ${failuresOf(dbQuery)} requests` : '',
    ].filter(Boolean);
    console.log(`  ${label}`);
    console.log(
      `    req/s ours ${rates(samples[name])}; ceiling (same bytes, ready-made) ${rates(samples[ceiling])} at ${cores(samples[ceiling])} of its core; db query (PGlite + serialise per request) ${rates(samples[dbQuery])} at ${cores(samples[dbQuery])} of its core`,
    );
    console.log(
      `    CPU per request ours ${perRequest(samples[name])} µs; ceiling ${perRequest(samples[ceiling])} µs; db query ${perRequest(samples[dbQuery])} µs`,
    );
    console.log(`    p99 at ${CONNECTIONS} connections: ${formatRounds(p99, 1)} ms`);
    console.log(
      `    -> ours / ceiling ${ceilingRounds.values.map((r) => r.toFixed(2)).join(', ')} (median ${ceilingRounds.median.toFixed(2)}, highest ${ceilingRounds.worst.toFixed(2)})  informational: ≤ 1.0 expected${aboveCeiling ? '; ABOVE 1.05: the measurement is wrong (no PASS)' : ''}${ceilingSaturated ? '' : '; INCONCLUSIVE: the ceiling did not use 90 % of its core in every round'}${failuresOf(ceiling) > 0 ? `; the ceiling failed ${failuresOf(ceiling)} requests` : ''}; issue 3's ≥ 0.50 ${issue3Held ? 'held in every round' : 'missed in a round'}`,
    );
    console.log(
      `    -> ours / db query ${formatRounds(dbRounds)}  ${headline(pass, dbSound)} (goal ≥ 1.00 and p99 ≤ 50 ms every round, 0 failures${doubts.length > 0 ? `; inconclusive: ${doubts.join(', ')}` : ''})`,
    );
  }
  announced.after();
  process.exitCode = ok ? 0 : 1;
}

await main();
