import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import {
  freePort,
  machineFacts,
  median,
  runLoad,
  startServer,
  type LoadResult,
} from '../lib/harness';

/**
 * bench/catalog: 10,000 concerts on the embedded database; req/s and p99 of the public list and
 * search against a bare Fastify route serving the same JSON page, measured in the same run.
 * Goal (issue 3): ours / bare >= 0.5 with p99 <= 50 ms. Medians of 3 rounds.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = 5;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const CONCERTS = 10_000;

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
  // opening later, sold out, and some cancelled (hidden from the public lists).
  await db.execute(sql`
    insert into concerts (seller_id, title, artist, description, venue_name, venue_address, concert_date,
      start_time, end_time, total_seats, booking_start_at, booking_end_at, status, created_at)
    select 1,
      (${list(words)})[1 + g % 12] || ' ' || (${list(words)})[1 + (g / 12) % 12] || ' 콘서트 ' || g,
      (${list(artistFirst)})[1 + (g * 7) % 20] || ' ' || (${list(artistSecond)})[1 + (g / 20) % 20],
      '벤치마크용 공연 설명입니다. 공연 ' || g,
      (${list(cities)})[1 + (g * 3) % 20] || ' ' || (${list(halls)})[1 + g % 6], '대한민국 벤치로 ' || g,
      current_date + 30 + (g % 300), '19:00', '21:00', 1000,
      now() + interval '20 days', now() + interval '29 days',
      case when g % 20 = 0 then 'CANCELLED' when g % 7 = 0 then 'SOLD_OUT' else 'SCHEDULED' end,
      now() - (g || ' minutes')::interval
    from generate_series(1, ${CONCERTS}) as g`);
  await database.close();
}

function format(result: { rps: number; p99: number }): string {
  return `${result.rps.toFixed(0).padStart(7)} req/s   p99 ${result.p99.toFixed(1).padStart(5)} ms`;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cc-bench-catalog-'));
  console.log(`bench/catalog — ${machineFacts()}`);
  console.log(`load average before: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  console.log(`seeding ${CONCERTS} concerts into PGlite...`);
  await seed(dataDir);

  const ours = await startServer({
    args: ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
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
  // The baseline serves, path for path, the JSON our server answers.
  const payloads: Record<string, unknown> = {};
  for (const [i, p] of [...listPaths, ...searchPaths].entries()) {
    payloads[String(i)] = await (await fetch(`${ours.url}${p}`)).json();
  }
  const payloadFile = path.join(dataDir, 'payloads.json');
  writeFileSync(payloadFile, JSON.stringify(payloads));
  const bareListPaths = listPaths.map((_, i) => `/bare/${i}`);
  const bareSearchPaths = searchPaths.map((_, i) => `/bare/${listPaths.length + i}`);
  const bare = await startServer({
    args: ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts')],
    env: { BARE_PAYLOAD_FILE: payloadFile },
    readyPath: '/health',
    port: await freePort(),
  });

  type Scenario = 'bareList' | 'list' | 'bareSearch' | 'search';
  const scenarios: Record<Scenario, { url: string; paths: string[] }> = {
    bareList: { url: bare.url, paths: bareListPaths },
    list: { url: ours.url, paths: listPaths },
    bareSearch: { url: bare.url, paths: bareSearchPaths },
    search: { url: ours.url, paths: searchPaths },
  };
  const samples: Record<Scenario, LoadResult[]> = {
    bareList: [],
    list: [],
    bareSearch: [],
    search: [],
  };
  try {
    for (const scenario of Object.values(scenarios)) {
      await runLoad({ ...scenario, seconds: WARMUP_SECONDS, connections: CONNECTIONS });
    }
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const name of ['bareList', 'list', 'bareSearch', 'search'] as const) {
        const scenario = scenarios[name];
        const result = await runLoad({ ...scenario, seconds: SECONDS, connections: CONNECTIONS });
        samples[name].push(result);
        console.log(
          `round ${round} ${name.padEnd(10)} ${format({ rps: result.requestsPerSecond, p99: result.p99Ms })}   non-2xx ${result.non2xx}, errors ${result.errors}`,
        );
      }
    }
  } finally {
    await Promise.all([ours.stop(), bare.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const summary = (name: keyof typeof scenarios) => ({
    rps: median(samples[name].map((s) => s.requestsPerSecond)),
    p99: median(samples[name].map((s) => s.p99Ms)),
    failures: samples[name].reduce((sum, s) => sum + s.non2xx + s.errors, 0),
  });
  console.log(
    `\nmedians of ${ROUNDS} × ${SECONDS} s, ${CONNECTIONS} connections, server on CPU 0, load on CPU 1:`,
  );
  let ok = true;
  for (const [name, baseline, label] of [
    ['list', 'bareList', 'GET /api/concerts?page=N       '],
    ['search', 'bareSearch', 'GET /api/concerts/search?query='],
  ] as const) {
    const s = summary(name);
    const b = summary(baseline);
    const ratio = s.rps / b.rps;
    const pass = ratio >= 0.5 && s.p99 <= 50 && s.failures === 0;
    ok &&= pass;
    console.log(`  ${label}  ${format(s)}`);
    console.log(`  bare Fastify, same payloads      ${format(b)}`);
    console.log(
      `  -> ratio = ${ratio.toFixed(2)}  ${pass ? 'PASS' : 'FAIL'} (goal ≥ 0.50, p99 ≤ 50 ms, 0 failures)`,
    );
  }
  process.exitCode = ok ? 0 : 1;
}

await main();
