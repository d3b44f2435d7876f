import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { machineFacts } from '../lib/harness';
import {
  admitBuyers,
  createHttpClient,
  createSaleRuntime,
  percentile,
  seedSale,
  startSaleServer,
  unthrottledEnv,
  type HttpAnswer,
} from '../lib/sale';

/**
 * bench/statement-limit (issue 22, point 2): do ordinary writes fail with 503 on a busy machine
 * because of the database statement limit? Scale-out server (pinned to CPU 0, as every bench),
 * with BENCH_BURNERS busy-looping processes (default 2: one per core of a 2-core box) competing
 * for the CPU. Then 130 sign-ups (argon2id hashing, 26 at a time), and 200 buyers who each hold
 * one seat and book it (50 at a time). Prints every status count and latency percentiles.
 *
 * Run it once per code version to compare the statement limits (e.g. the old client-side 800 ms
 * `query_timeout` against the server-side `statement_timeout`):
 *   npx tsx bench/statement-limit/run.ts
 */
const SIGN_UPS = 130;
const SIGN_UP_CONCURRENCY = 26;
const BUYERS = 200;
const BOOKING_CONCURRENCY = 50;
const BURNERS = Number(process.env.BENCH_BURNERS ?? 2);

function startBurners(count: number): ChildProcess[] {
  return Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
}

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next];
        next += 1;
        if (item !== undefined) await work(item);
      }
    }),
  );
}

function summary(name: string, answers: Array<{ status: number; ms: number }>): string {
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  const ms = answers.map((a) => a.ms);
  const statuses = [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  return `${name}: ${statuses}; p50 ${percentile(ms, 50).toFixed(0)} ms, p99 ${percentile(ms, 99).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms`;
}

async function main(): Promise<void> {
  console.log(machineFacts());
  const runtime = await createSaleRuntime('scale-out');
  const handle = await runtime.open();
  const sale = await seedSale(runtime, handle, { totalSeats: BUYERS, buyers: BUYERS });
  await handle.close();
  const server = await startSaleServer(runtime, unthrottledEnv);
  const client = createHttpClient(server.url);
  await admitBuyers(client, sale.concertId, sale.buyers);
  const burners = startBurners(BURNERS);
  try {
    const signUps: Array<{ status: number; ms: number }> = [];
    await pool(
      Array.from({ length: SIGN_UPS }, (_, i) => i),
      SIGN_UP_CONCURRENCY,
      async (i) => {
        const tag = `${randomBytes(3).toString('hex')}${i}`;
        const form = new FormData();
        const fields: Record<string, string> = {
          email: `load${tag}@example.com`,
          username: `load${tag}`.slice(0, 20),
          password: 'secret12!',
          confirmPassword: 'secret12!',
          name: '부하시험',
          nickname: `부하${tag}`.slice(0, 20),
          phone: '010-1234-5678',
          address: '서울',
          isSocialUser: 'false',
        };
        for (const [key, value] of Object.entries(fields)) form.append(key, value);
        const started = performance.now();
        const response = await fetch(`${server.url}/api/auth/register`, {
          method: 'POST',
          body: form,
        });
        await response.arrayBuffer();
        signUps.push({ status: response.status, ms: performance.now() - started });
      },
    );
    console.log(summary('sign-ups', signUps));

    const holds: Array<{ status: number; ms: number }> = [];
    const bookings: Array<{ status: number; ms: number }> = [];
    const timed = async (call: () => Promise<HttpAnswer>, into: typeof holds) => {
      const started = performance.now();
      const answer = await call();
      into.push({ status: answer.status, ms: performance.now() - started });
      return answer;
    };
    await pool(
      sale.buyers.map((buyer, i) => ({ buyer, seat: sale.seats[i] })),
      BOOKING_CONCURRENCY,
      async ({ buyer, seat }) => {
        if (!seat) return;
        const headers = { cookie: buyer.cookie, 'x-access-key': buyer.accessKey ?? '' };
        const held = await timed(
          () =>
            client.request(
              'POST',
              `/api/seats/concerts/${sale.concertId}/seats/${seat.id}/reserve`,
              headers,
            ),
          holds,
        );
        if (held.status !== 200) return;
        await timed(
          () =>
            client.request(
              'POST',
              '/api/bookings',
              { cookie: buyer.cookie, 'content-type': 'application/json' },
              JSON.stringify({ concertId: sale.concertId, concertSeatIds: [seat.id] }),
            ),
          bookings,
        );
      },
    );
    console.log(summary('seat holds', holds));
    console.log(summary('bookings', bookings));
  } finally {
    for (const burner of burners) burner.kill('SIGKILL');
    await server.stop();
    await runtime.dispose();
  }
}

await main();
