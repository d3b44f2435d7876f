import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { announceBenchmark, freePort, median, startHogIfAsked, startServer } from '../lib/harness';
import { serverNodeFlags } from '../../apps/server/node-flags.mjs';
import { pipelinedLoad, rawRequest, type PipelinedAnswer } from '../lib/pipelined-load';
import { everyRound, formatRounds, groupByTick, headline, isSaturated } from '../lib/verdicts';
import {
  createHttpClient,
  createSaleRuntime,
  percentile,
  pinLoadGenerator,
  rssOf,
  cpuSecondsOf,
  seedSale,
  startSaleServer,
  unthrottledEnv,
  selectedRuntimes,
  type Buyer,
  type HttpClient,
  maxOf,
  minOf,
} from '../lib/sale';

/**
 * bench/queue (issues 4 and 24), on PostgreSQL + Redis (the mode that takes a real on-sale rush):
 *  A. queue entry: POST /api/queue/enter, each request a different buyer with their own session,
 *     against a bare Fastify route answering the same JSON, both driven by the same pipelined
 *     client in alternating slices. The headline is CPU per request (bare / ours, goal ≥ 0.5 in
 *     every round), which machine noise moves less than req/s; the bare server must reach 90 % of
 *     its core or the verdict is INCONCLUSIVE. Redis's CPU per entry is printed beside ours;
 *  B. waiting-room sockets: about 20,000 buyers wait on /ws/waitqueue in one server process while
 *     admitted buyers leave at once, so every admission tick moves every rank: each tick must
 *     reach every waiting socket with p99 ≤ 1 s, server RSS ≤ 1 GiB, in every round.
 * `BENCH_ROUNDS=1` for a quick look, `BENCH_HOG=1` to run beside a CPU hog on the server's core.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 64;
/** The measured seconds of each side are run as this many alternating slices. */
const SLICES = 5;
const WANTED_SOCKETS = Number(process.env.BENCH_SOCKETS ?? 20_000);
const WORKERS = 3;
/**
 * Long enough for ≥ 5 whole ticks with rank changes: a tick over ~19,500 sockets, with the
 * admitted buyers' keys coming back, moves ranks about every 1.5-2 s here.
 */
const TICKS_MEASURED_MS = 20_000;
/** Admission cap: 100 buyers on the seat pages at a time (the product default). */
const CAPACITY = 100;

/** The hard open-files limit of this process (the server inherits it). */
function hardFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const hard = line?.trim().split(/\s+/)[4];
  return hard && hard !== 'unlimited' ? Number(hard) : 1_048_576;
}

/** Closed loop: `CONNECTIONS` requests in flight for `seconds`; returns answered req/s. */
async function closedLoop(
  seconds: number,
  send: (index: number) => Promise<boolean>,
  done: () => boolean = () => false,
): Promise<{ rps: number; failures: number; answered: number; seconds: number }> {
  let index = 0;
  let answered = 0;
  let failures = 0;
  const deadline = Date.now() + seconds * 1_000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline && !done()) {
        const ok = await send(index++);
        answered += 1;
        if (!ok) failures += 1;
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1_000;
  return { rps: answered / elapsed, failures, answered, seconds: elapsed };
}

/** The process id of the Redis server (its CPU per request is part of ours), or 0. */
function redisPid(): number {
  const found = spawnSync('pidof', ['redis-server'], { encoding: 'utf8' }).stdout.trim();
  return Number(found.split(/\s+/)[0] ?? 0) || 0;
}

/** Requests each entry connection keeps in flight (the pipelined driver). */
const DEPTH = Number(process.env.BENCH_DEPTH ?? 8);

interface EntrySide {
  answered: number;
  seconds: number;
  failures: number;
  cpu: number;
  redisCpu: number;
}

/**
 * Queue entry against the bare baseline, both driven by the same pipelined client (one process
 * on CPU 1, `CONNECTIONS` sockets × `DEPTH` requests in flight), in alternating slices. The bare
 * server must use ≥ 90 % of its core during its slices, or the round is inconclusive: a baseline
 * held back by its client would make ours look closer to it than it is.
 */
async function queueEntry(
  urls: { ours: string; bare: string },
  pids: { ours: number; bare: number; redis: number },
  concertId: number,
  buyers: Buyer[],
  entered: Set<number>,
  immediate: Buyer[],
) {
  const host = new URL(urls.ours).host;
  const oursRequests = buyers.map((buyer) =>
    rawRequest('POST', `/api/queue/enter?concertId=${concertId}`, host, { cookie: buyer.cookie }),
  );
  const bareRequest = rawRequest('POST', '/enter', new URL(urls.bare).host);
  const checkOurs = (index: number, answer: PipelinedAnswer) => {
    if (answer.status !== 200) return false;
    const buyer = buyers[index % buyers.length];
    if (buyer && !entered.has(buyer.userId)) {
      entered.add(buyer.userId);
      if (answer.body.includes('IMMEDIATE_ENTRY')) immediate.push(buyer);
    }
    return true;
  };
  const run = async (side: 'ours' | 'bare', seconds: number): Promise<EntrySide> => {
    const watched = side === 'ours' ? [pids.ours, pids.redis] : [pids.bare];
    const before = watched.map(cpuSecondsOf);
    const result = await pipelinedLoad({
      url: side === 'ours' ? urls.ours : urls.bare,
      seconds,
      connections: CONNECTIONS,
      depth: DEPTH,
      request: (index) =>
        side === 'ours' ? (oursRequests[index % oursRequests.length] as Buffer) : bareRequest,
      check: side === 'ours' ? checkOurs : (_, answer) => answer.status === 200,
      // Fans come from many addresses: one loopback address per connection keeps the server's
      // per-address entry limit (4 × QUEUE_RATE_PER_MINUTE a minute) out of the measurement.
      localAddress: (connection) => `127.0.0.${2 + (connection % 250)}`,
    });
    const used = watched.map((pid, i) => cpuSecondsOf(pid) - (before[i] ?? 0));
    return {
      answered: result.answered,
      seconds: result.seconds,
      failures: result.failures,
      cpu: used[0] ?? 0,
      redisCpu: side === 'ours' ? (used[1] ?? 0) : 0,
    };
  };
  // Warm-up of both, then slices of each in turn: whatever else the shared machine is doing
  // drifts over seconds, and alternating slices lets that drift fall on both sides alike.
  await run('ours', 3);
  await run('bare', 3);
  const slice = SECONDS / SLICES;
  const zero = (): EntrySide => ({ answered: 0, seconds: 0, failures: 0, cpu: 0, redisCpu: 0 });
  const total = { ours: zero(), bare: zero() };
  const add = (into: EntrySide, from: EntrySide) => {
    into.answered += from.answered;
    into.seconds += from.seconds;
    into.failures += from.failures;
    into.cpu += from.cpu;
    into.redisCpu += from.redisCpu;
  };
  for (let i = 0; i < SLICES; i += 1) {
    add(total.ours, await run('ours', slice));
    add(total.bare, await run('bare', slice));
  }
  const perRequestUs = (cpu: number, answered: number) => (cpu / Math.max(1, answered)) * 1e6;
  const summary = (side: EntrySide) => ({
    rps: side.answered / side.seconds,
    failures: side.failures,
    cpuUs: perRequestUs(side.cpu, side.answered),
    redisCpuUs: perRequestUs(side.redisCpu, side.answered),
    /** Share of its one core the server used during its slices. */
    coreShare: side.cpu / side.seconds,
  });
  const ours = summary(total.ours);
  const bare = summary(total.bare);
  return {
    ours,
    bare,
    bareSaturated: isSaturated(total.bare.cpu, total.bare.seconds),
    /** The headline: the bare route's CPU per request over ours (1.0 would be as cheap). */
    cpuRatio: bare.cpuUs / ours.cpuUs,
  };
}

function startWorker(): ChildProcess {
  const child = fork(path.join(import.meta.dirname, 'ws-worker.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  spawnSync('taskset', ['-a', '-p', '-c', '1', String(child.pid)], { stdio: 'ignore' });
  return child;
}

function ask<T>(child: ChildProcess, command: object, answerType: string): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`client process exited (${code})`)));
    const listener = (message: { type: string }) => {
      if (message.type !== answerType) return;
      child.off('message', listener);
      resolve(message as T);
    };
    child.on('message', listener);
    child.send(command);
  });
}

async function waitingRoomSockets(
  baseUrl: string,
  serverPid: number,
  client: HttpClient,
  concertId: number,
  waiting: Buyer[],
  immediate: Buyer[],
  sockets: number,
) {
  const workers = Array.from({ length: WORKERS }, startWorker);
  try {
    const share = Math.ceil(sockets / WORKERS);
    const chosen = waiting.slice(0, sockets);
    console.log(`  workers started: ${workers.map((w) => w.pid).join(', ')}`);
    const connectStarted = Date.now();
    const connected = await Promise.all(
      workers.map((worker, i) =>
        ask<{ connected: number; failed: number }>(
          worker,
          {
            type: 'connect',
            baseUrl,
            concertId,
            clients: chosen
              .slice(i * share, (i + 1) * share)
              .map((b) => ({ userId: b.userId, cookie: b.cookie })),
          },
          'connected',
        ),
      ),
    );
    const open = connected.reduce((n, c) => n + c.connected, 0);
    console.log(`  ${open} sockets connected`);
    const connectSeconds = (Date.now() - connectStarted) / 1_000;
    // Start the churn: the buyers admitted at entry leave, and from then on every admitted
    // buyer gives their key back as soon as the ADMIT frame arrives.
    await Promise.all(workers.map((w) => ask(w, { type: 'report' }, 'report')));
    await Promise.all(
      immediate.map((b) =>
        client.request('DELETE', `/api/access-keys?concertId=${concertId}`, { cookie: b.cookie }),
      ),
    );
    let peakRss = rssOf(serverPid);
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssOf(serverPid));
    }, 250);
    await new Promise((resolve) => setTimeout(resolve, TICKS_MEASURED_MS));
    clearInterval(sampler);
    const reports = await Promise.all(
      workers.map((w) =>
        ask<{
          rankFrames: Array<[number, number]>;
          admits: number;
          open: number;
          releaseFailures: number;
        }>(w, { type: 'report' }, 'report'),
      ),
    );
    // Frames grouped by the tick id the server put in them. The first tick can be cut by the
    // reset that starts the measurement (it may land in the middle of a fan-out) and the last by
    // the report itself, so only the ticks between count.
    const ticks = groupByTick(
      reports.flatMap((r) => r.rankFrames.map(([tick, at]) => ({ tick, at }))),
    ).slice(1, -1);
    // Every frame's delay after its tick started on the server (same machine, same clock):
    // the admission step, the bus and the fan-out to every socket.
    const delays = ticks.flatMap((tick) => tick.delays.map((d) => d + (tick.firstAt - tick.tick)));
    const sizes = ticks.map((t) => t.reached);
    const fanOuts = ticks.map((t) => t.spreadMs);
    return {
      open,
      connectSeconds,
      failed: connected.reduce((n, c) => n + c.failed, 0),
      ticks: ticks.length,
      minReached: sizes.length ? minOf(sizes) : 0,
      medianReached: median(sizes),
      p99: percentile(delays, 99),
      max: delays.length ? maxOf(delays) : 0,
      /** Per tick, first frame to last: the fan-out alone. */
      fanOutMedian: median(fanOuts),
      fanOutMax: fanOuts.length ? maxOf(fanOuts) : 0,
      admits: reports.reduce((n, r) => n + r.admits, 0),
      releaseFailures: reports.reduce((n, r) => n + r.releaseFailures, 0),
      stillOpen: reports.reduce((n, r) => n + r.open, 0),
      peakRss,
    };
  } finally {
    for (const worker of workers) worker.send({ type: 'close' });
  }
}

async function oneRound(round: number, sockets: number) {
  const runtime = await createSaleRuntime('scale-out');
  const handle = await runtime.open();
  try {
    const sale = await seedSale(runtime, handle, { totalSeats: 2_000, buyers: sockets + 1_000 });
    console.log(`  [round ${round}] seeded ${sale.buyers.length} buyers`);
    const server = await startSaleServer(runtime, {
      ...unthrottledEnv,
      QUEUE_CAPACITY: String(CAPACITY),
      ACCESS_KEY_TTL_SECONDS: '120',
    });
    const bare = await startServer({
      // The server's own Node flags: a baseline with another young generation is not like for like.
      args: [
        ...serverNodeFlags,
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'bare-server.ts'),
      ],
      env: {},
      readyPath: '/health',
      port: await freePort(),
    });
    const ours = createHttpClient(server.url, CONNECTIONS);
    try {
      const entered = new Set<number>();
      const immediate: Buyer[] = [];
      const entry = await queueEntry(
        { ours: server.url, bare: bare.url },
        { ours: server.child.pid ?? 0, bare: bare.child.pid ?? 0, redis: redisPid() },
        sale.concertId,
        sale.buyers,
        entered,
        immediate,
      );
      console.log(
        `  [round ${round}] queue entry: CPU per request ours ${entry.ours.cpuUs.toFixed(1)} µs (+ Redis ${entry.ours.redisCpuUs.toFixed(1)} µs), bare Fastify ${entry.bare.cpuUs.toFixed(1)} µs -> ratio ${entry.cpuRatio.toFixed(2)}; throughput ours ${entry.ours.rps.toFixed(0)} req/s at ${(entry.ours.coreShare * 100).toFixed(0)} % of its core (${entry.ours.failures} failed), bare ${entry.bare.rps.toFixed(0)} req/s at ${(entry.bare.coreShare * 100).toFixed(0)} %${entry.bareSaturated ? '' : ' — baseline NOT saturated'}`,
      );
      // Everyone not yet in the queue enters now, so every socket below has a place.
      const missing = sale.buyers.filter((b) => !entered.has(b.userId));
      await closedLoop(
        60,
        async (index) => {
          const buyer = missing[index];
          if (!buyer) return true;
          const answer = await ours.request(
            'POST',
            `/api/queue/enter?concertId=${sale.concertId}`,
            {
              cookie: buyer.cookie,
            },
          );
          entered.add(buyer.userId);
          if (answer.body.includes('IMMEDIATE_ENTRY')) immediate.push(buyer);
          return answer.status === 200;
        },
        () => entered.size >= sale.buyers.length,
      );
      console.log(`  [round ${round}] ${entered.size} buyers in the waiting room`);
      await bare.stop();
      console.log(`  [round ${round}] bare stopped`);
      const immediateIds = new Set(immediate.map((b) => b.userId));
      const waiting = sale.buyers.filter((b) => !immediateIds.has(b.userId));
      const ws = await waitingRoomSockets(
        server.url,
        server.child.pid ?? 0,
        ours,
        sale.concertId,
        waiting,
        immediate,
        sockets,
      );
      console.log(
        `  [round ${round}] ${ws.open} sockets open (${ws.failed} failed) in ${ws.connectSeconds.toFixed(1)} s; ${ws.ticks} ticks reached min ${ws.minReached} / median ${ws.medianReached} sockets; delay after the tick started p99 ${ws.p99} ms, max ${ws.max} ms; fan-out per tick (first to last frame) median ${ws.fanOutMedian.toFixed(0)} ms, max ${ws.fanOutMax} ms; ${ws.admits} admitted and left; server RSS peak ${(ws.peakRss / 2 ** 20).toFixed(0)} MiB`,
      );
      return { entry, ws };
    } finally {
      ours.close();
      await bare.stop();
      await server.stop();
    }
  } finally {
    await handle.close();
    await runtime.dispose();
  }
}

async function main(): Promise<void> {
  pinLoadGenerator();
  const announced = announceBenchmark('queue');
  if (!(await selectedRuntimes()).includes('scale-out')) {
    console.log('bench/queue needs PostgreSQL and Redis (the queue-entry goal is for Redis mode).');
    process.exitCode = 1;
    return;
  }
  const stopHog = startHogIfAsked();
  const limit = hardFileLimit();
  // The server needs one descriptor per socket plus its own; this machine's hard limit cannot be
  // raised (no CAP_SYS_RESOURCE), so it may cap the crowd below 20,000.
  const sockets = Math.min(WANTED_SOCKETS, limit - 500);
  console.log(
    `open-files hard limit ${limit}: ${sockets} waiting sockets${sockets < WANTED_SOCKETS ? ` (${WANTED_SOCKETS} wanted; the limit leaves room for the server's own descriptors)` : ''}, admission cap ${CAPACITY}, ${WORKERS} client processes on CPU 1`,
  );
  const rounds = [];
  try {
    for (let round = 1; round <= ROUNDS; round += 1) rounds.push(await oneRound(round, sockets));
  } finally {
    stopHog();
  }
  const entryRatio = everyRound(
    rounds.map((r) => r.entry.cpuRatio),
    { limit: 0.5, higherIsBetter: true },
  );
  const baselinesSaturated = rounds.every((r) => r.entry.bareSaturated);
  const entryPass = entryRatio.pass && rounds.every((r) => r.entry.ours.failures === 0);
  const p99 = everyRound(
    rounds.map((r) => r.ws.p99),
    { limit: 1_000, higherIsBetter: false },
  );
  const rss = everyRound(
    rounds.map((r) => r.ws.peakRss / 2 ** 20),
    { limit: 1_024, higherIsBetter: false },
  );
  const minReached = Math.min(...rounds.map((r) => r.ws.minReached));
  const waitingAtEnd = Math.min(...rounds.map((r) => r.ws.open - r.ws.admits));
  const socketProblems = [
    ...rounds.flatMap((r, i) => [
      ...(r.ws.failed > 0 ? [`round ${i + 1}: ${r.ws.failed} sockets failed to connect`] : []),
      ...(r.ws.ticks < 5 ? [`round ${i + 1}: ${r.ws.ticks} whole ticks measured (< 5)`] : []),
      ...(r.ws.releaseFailures > 0
        ? [`round ${i + 1}: ${r.ws.releaseFailures} key releases failed`]
        : []),
    ]),
    ...(minReached < waitingAtEnd
      ? [`a tick reached ${minReached} < ${waitingAtEnd} waiting`]
      : []),
  ];
  const socketsPass = p99.pass && rss.pass && socketProblems.length === 0;
  const f0 = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  console.log(
    `\n${ROUNDS} rounds (server on CPU 0, clients on CPU 1); a goal holds only in every round:`,
  );
  console.log(
    `  queue entry (Redis mode), bare Fastify CPU per request / ours: ${formatRounds(entryRatio)}  ${headline(entryPass, baselinesSaturated)} (goal ≥ 0.50 every round, no failures; the baseline at ≥ 90 % of its core)`,
  );
  console.log(
    `    CPU per entry: ours ${rounds.map((r) => r.entry.ours.cpuUs.toFixed(1)).join(', ')} µs (+ Redis ${rounds.map((r) => r.entry.ours.redisCpuUs.toFixed(1)).join(', ')} µs); bare ${rounds.map((r) => r.entry.bare.cpuUs.toFixed(1)).join(', ')} µs`,
  );
  console.log(
    `    throughput: ours ${f0(rounds.map((r) => r.entry.ours.rps))} req/s; bare ${f0(rounds.map((r) => r.entry.bare.rps))} req/s at ${rounds.map((r) => `${(r.entry.bare.coreShare * 100).toFixed(0)} %`).join(', ')} of its core`,
  );
  console.log(
    `  ${sockets} waiting sockets: rank fan-out p99 ${formatRounds(p99, 0)} ms; every tick reached ≥ ${minReached} sockets (waiting at the end: ${waitingAtEnd}); server RSS peak ${formatRounds(rss, 0)} MiB  ${socketsPass ? 'PASS' : 'FAIL'} (goal p99 ≤ 1000 ms and RSS ≤ 1024 MiB every round)`,
  );
  if (socketProblems.length > 0) console.log(`    why not: ${socketProblems.join('; ')}`);
  announced.after();
  process.exitCode = entryPass && socketsPass && baselinesSaturated ? 0 : 1;
}

await main();
