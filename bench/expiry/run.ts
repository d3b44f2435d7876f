import { sql } from 'drizzle-orm';
import { queryRows, type DatabaseHandle } from '../../apps/server/src/db/client';
import { fromSeoulDateTime, toSeoulDateTime } from '../../apps/server/src/lib/seoul-time';
import {
  findSeats,
  findSeatsChangedSince,
  freeExpiredHolds,
} from '../../apps/server/src/modules/seats/seats.repo';
import { announceBenchmark, median } from '../lib/harness';
import { everyRound, formatRounds } from '../lib/verdicts';
import {
  admitBuyers,
  createHttpClient,
  createSaleRuntime,
  insertPlainUsers,
  percentile,
  pinLoadGenerator,
  seedSale,
  selectedRuntimes,
  startSaleServer,
  unthrottledEnv,
  type Buyer,
  type HttpClient,
  type RuntimeKind,
  type SaleRuntime,
  maxOf,
} from '../lib/sale';

/**
 * bench/expiry (issue: "50,000 holds expiring: the lag from expiry to AVAILABLE, p99 ≤ 1 s").
 *
 * A sold-out big venue whose holds all run out at once: 50,000 seats (50 sections of 1,000) held
 * by 25,000 buyers, 2 each, written straight into the database with expiries spread uniformly
 * over a 10-second window (5,000 expiries a second; each hold made 5 minutes before it expires).
 * The server's own hold sweeper (every 250 ms) frees them; one more admitted buyer, who holds
 * nothing, watches the concert through the product's long poll and records when each seat is
 * first reported AVAILABLE. Lag = that arrival time − the seat's planned expiry.
 *
 * Cross-check without polling: the sweeper stamps each freed seat's updated_at with the moment
 * its batch started, so after the run the database tells when every seat was picked up.
 * Anchor, same run and database: the sweeper's own statement (freeExpiredHolds) on 2,000 expired
 * holds without the server; the lag a sweeper ticking every 250 ms could reach at best is about
 * one tick + the poll hub's 100 ms batch + that statement.
 *
 * PASS: median p99 lag ≤ 1 s, and in every round all 50,000 seats were reported AVAILABLE by
 * the poll (and are AVAILABLE in the database) within 15 s after the window ends.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TOTAL_SEATS = 50_000;
const HOLDERS = TOTAL_SEATS / 2;
const WINDOW_MS = 10_000;
/** Every seat must be reported AVAILABLE within this long after the window ends. */
const DRAIN_MS = 15_000;
const P99_GOAL_MS = 1_000;
/** The product's hold length; the holds are written as if made this long before they expire. */
const HOLD_MS = 300_000;
/**
 * From planning the holds to the window's start. PGlite can only be written while no server owns
 * its directory, so there the holds go in before the server starts and the lead must cover the
 * writes, the server's start and the observer's admission. All of these slow down together when
 * the shared machine is busy, so the lead grows with this round's own first database open
 * (measured: the needs were ≈ 1.0-1.3 × that open); a round whose observer still came late is
 * run again with twice the lead. On PostgreSQL the holds are written with the server and the
 * observer already up.
 */
const LEAD_MS: Record<RuntimeKind, (openedMs: number) => number> = {
  embedded: (openedMs) =>
    Math.max(Number(process.env.BENCH_EMBEDDED_LEAD_MS ?? 15_000), 1.5 * openedMs + 5_000),
  'scale-out': () => 5_000,
};
/** The observer was not polling yet when the window started: the round measured nothing. */
class LateObserver extends Error {}
/** The server's sweep statement size (seats.service.ts SWEEP_BATCH), for the anchor. */
const SWEEP_BATCH = 2_000;
const ANCHOR_BATCHES = 5;
const SWEEP_TICK_MS = 250;
const POLL_BATCH_MS = 100;

/** Expiry plan: seat id → planned expiry (ms since epoch), uniformly spread, in random order. */
function planExpiries(seatIds: number[], windowStart: number): Map<number, number> {
  const order = seatIds.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
  }
  const step = WINDOW_MS / seatIds.length;
  return new Map(
    seatIds.map((id, i) => [id, Math.round(windowStart + ((order[i] ?? 0) + 0.5) * step)]),
  );
}

/**
 * Writes the holds in set-based statements: seat i (in id order) goes to holder ⌊i/2⌋, with the
 * planned expiry; held_at and updated_at are 5 minutes earlier, as if held then.
 */
async function writeHolds(
  handle: DatabaseHandle,
  seatIds: number[],
  holderIds: number[],
  expiries: Map<number, number>,
  expiredAlready = false,
): Promise<void> {
  const chunk = 10_000;
  for (let start = 0; start < seatIds.length; start += chunk) {
    const ids = seatIds.slice(start, start + chunk);
    const users = ids.map((_, i) => holderIds[Math.floor((start + i) / 2) % holderIds.length]);
    const ms = ids.map((id) => expiries.get(id) ?? 0);
    await handle.db.execute(sql`
      update concert_seats s set status = 'RESERVED', held_by_user_id = v.uid,
        held_at = to_timestamp((v.ms - ${HOLD_MS}) / 1000.0),
        hold_expires_at = to_timestamp(v.ms / 1000.0),
        updated_at = to_timestamp((v.ms - ${expiredAlready ? 0 : HOLD_MS}) / 1000.0)
      from unnest(${`{${ids.join(',')}}`}::int[], ${`{${users.join(',')}}`}::int[],
                  ${`{${ms.join(',')}}`}::float8[]) as v(id, uid, ms)
      where s.id = v.id`);
  }
}

interface PollStats {
  answers: number;
  updates: number;
  entries: number;
  biggestAnswer: number;
  /** Every answer: when its request went out and came back, its cursor (ms) and size. */
  log: Array<{ sentAt: number; at: number; cursor: number; entries: number }>;
}

/**
 * The observer: long polls back to back, each passing the previous answer's updateTime (second
 * resolution, so answers overlap; the first time a seat is seen AVAILABLE counts). Ends when every
 * planned seat was seen or when `client` is closed at the deadline.
 */
async function observe(
  client: HttpClient,
  concertId: number,
  observer: Buyer,
  planned: Map<number, number>,
  seenAt: Map<number, number>,
  stats: PollStats,
  onFirstPollSent: () => void,
): Promise<void> {
  let lastUpdateTime = toSeoulDateTime(new Date());
  const headers = { cookie: observer.cookie, 'x-access-key': observer.accessKey ?? '' };
  let first = true;
  // `planned` stays empty until the holds are written (on PostgreSQL, after this starts).
  while (planned.size === 0 || seenAt.size < planned.size) {
    const sentAt = Date.now();
    const answerPromise = client.request(
      'GET',
      `/api/seats/concerts/${concertId}/polling?timeout=30000&replace=true&lastUpdateTime=${lastUpdateTime}`,
      headers,
    );
    if (first) {
      first = false;
      onFirstPollSent();
    }
    let answer;
    try {
      answer = await answerPromise;
    } catch {
      return; // closed at the deadline
    }
    const at = Date.now();
    if (answer.status !== 200) throw new Error(`poll failed: ${answer.status} ${answer.body}`);
    const body = JSON.parse(answer.body) as {
      status: string;
      seatUpdates: Array<{ seatId: number; status: string }>;
      updateTime: string;
    };
    stats.answers += 1;
    stats.log.push({
      sentAt,
      at,
      cursor: fromSeoulDateTime(body.updateTime).getTime(),
      entries: body.seatUpdates.length,
    });
    if (body.seatUpdates.length > 0) {
      stats.updates += 1;
      stats.entries += body.seatUpdates.length;
      stats.biggestAnswer = Math.max(stats.biggestAnswer, body.seatUpdates.length);
    }
    for (const update of body.seatUpdates) {
      if (update.status === 'AVAILABLE' && planned.has(update.seatId) && !seenAt.has(update.seatId))
        seenAt.set(update.seatId, at);
    }
    lastUpdateTime = body.updateTime;
  }
}

/** When the sweeper picked each planned seat up (its batch's updated_at), and what is left. */
async function databaseCheck(handle: DatabaseHandle, concertId: number) {
  const rows = await queryRows<{ id: number; status: string; ms: number }>(
    handle.db,
    sql`select id, status, (extract(epoch from updated_at) * 1000)::float8 as ms
        from concert_seats where concert_id = ${concertId}`,
  );
  return rows.map((r) => ({ id: Number(r.id), status: r.status, ms: Number(r.ms) }));
}

/**
 * The anchors, on the round's database without the server: the sweeper's statement freeing
 * 2,000 expired holds (median of 5 calls), then the two reads that turn freed seats into poll
 * answers: the lastUpdateTime path's read of everything changed since (here the 10,000 just
 * freed) and the poll hub's read of one sweep tick's 2,500 ids.
 */
async function bareAnchors(
  handle: DatabaseHandle,
  concertId: number,
  seatIds: number[],
  holderIds: number[],
): Promise<{ sweepMs: number; changedSinceMs: number; describeMs: number }> {
  const ids = seatIds.slice(0, SWEEP_BATCH * ANCHOR_BATCHES);
  const now = Date.now();
  // Expired a moment ago, spread over 1 s like a slice of the window.
  const expiries = new Map(ids.map((id, i) => [id, now - 1_000 + (i * 1_000) / ids.length]));
  await writeHolds(handle, ids, holderIds, expiries, true);
  // Strictly before the first batch's stamp (the read is `updated_at > since`).
  const since = new Date(Date.now() - 1);
  const times: number[] = [];
  for (let batch = 0; batch < ANCHOR_BATCHES; batch += 1) {
    const started = performance.now();
    const freed = await freeExpiredHolds(handle.db, new Date(), SWEEP_BATCH);
    times.push(performance.now() - started);
    if (freed.length !== SWEEP_BATCH) throw new Error(`anchor freed ${freed.length}`);
  }
  let started = performance.now();
  const changed = await findSeatsChangedSince(handle.db, concertId, since);
  const changedSinceMs = performance.now() - started;
  if (changed.length !== ids.length) throw new Error(`anchor read ${changed.length}`);
  started = performance.now();
  await findSeats(handle.db, concertId, { seatIds: ids.slice(0, 2_500) });
  const describeMs = performance.now() - started;
  return { sweepMs: median(times), changedSinceMs, describeMs };
}

/**
 * Seats freed in the database but never reported by the poll, grouped by the sweep batch that
 * freed them (its updated_at stamp). For each, the first answer whose cursor (updateTime) passed
 * the stamp: the polls after it ask only for later changes, so if that answer's read ran before
 * the batch committed, the batch is skipped for good.
 */
function describeMisses(
  rows: Array<{ id: number; status: string; ms: number }>,
  planned: Map<number, number>,
  seenAt: Map<number, number>,
  stats: PollStats,
): string {
  const stamps = new Map<number, number>();
  for (const r of rows) {
    if (planned.has(r.id) && !seenAt.has(r.id)) stamps.set(r.ms, (stamps.get(r.ms) ?? 0) + 1);
  }
  if (stamps.size === 0) return '';
  const clock = (ms: number) => new Date(ms).toISOString().slice(11, 23);
  const shown = [...stamps]
    .sort((a, b) => a[0] - b[0])
    .slice(0, 3)
    .map(([stamp, count]) => {
      const passed = stats.log.find((a) => a.cursor > stamp);
      return passed
        ? `${count} stamped ${clock(stamp)}, cursor moved past it to ${clock(passed.cursor).slice(0, 8)} by the poll sent ${clock(passed.sentAt)} (${passed.sentAt - stamp >= 0 ? '+' : ''}${passed.sentAt - stamp} ms after the stamp)`
        : `${count} stamped ${clock(stamp)}`;
    });
  return `${stamps.size} sweep batches: ${shown.join('; ')}${stamps.size > 3 ? '; …' : ''}`;
}

interface RoundResult {
  observed: number;
  early: number;
  lagP50: number;
  lagP99: number;
  lagMax: number;
  lastSeenAfterWindow: number;
  dbPickedUp: number;
  dbP50: number;
  dbP99: number;
  dbMax: number;
  dbStillHeld: number;
  anchorMs: number;
  changedSinceMs: number;
  describeMs: number;
  /** Median time from sending a poll to its answer, over answers that carried updates. */
  answerP50: number;
  slackMs: number;
  stats: PollStats;
}

async function oneRound(kind: RuntimeKind, round: number, attempt = 1): Promise<RoundResult> {
  const runtime: SaleRuntime = await createSaleRuntime(kind);
  try {
    const seedStarted = Date.now();
    let handle = await runtime.open();
    const openedMs = Date.now() - seedStarted;
    // Only the observer needs a session; the holders never call the API.
    const sale = await seedSale(runtime, handle, { totalSeats: TOTAL_SEATS, buyers: 1 });
    const holderIds = await insertPlainUsers(handle, HOLDERS);
    const observer = sale.buyers[0];
    if (!observer) throw new Error('no observer');
    const seatIds = sale.seats.map((s) => s.id);
    const seededMs = Date.now() - seedStarted;

    // Filled once the holds are written; the observer reads it as it goes.
    const planned = new Map<number, number>();
    let windowStart = 0;
    let writeMs = 0;
    const holdAndPlan = async () => {
      // The real slack (window start − observer's first poll) is checked below.
      const plannedStart = Date.now() + LEAD_MS[kind](openedMs) * attempt;
      const plan = planExpiries(seatIds, plannedStart);
      const writeStarted = Date.now();
      await writeHolds(handle, seatIds, holderIds, plan);
      writeMs = Date.now() - writeStarted;
      for (const [id, ms] of plan) planned.set(id, ms);
      windowStart = plannedStart;
    };
    if (runtime.pgliteDir) {
      await holdAndPlan();
      await handle.close();
    }
    const serverStarted = Date.now();
    const server = await startSaleServer(runtime, unthrottledEnv);
    const serverMs = Date.now() - serverStarted;
    const client = createHttpClient(server.url, 4);
    const seenAt = new Map<number, number>();
    const stats: PollStats = { answers: 0, updates: 0, entries: 0, biggestAnswer: 0, log: [] };
    let firstPollAt = 0;
    try {
      await admitBuyers(client, sale.concertId, [observer]);
      const watching = observe(client, sale.concertId, observer, planned, seenAt, stats, () => {
        firstPollAt = Date.now();
      });
      if (!runtime.pgliteDir) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        await holdAndPlan();
      }
      const slackMs = windowStart - firstPollAt;
      console.log(
        `  [${kind} round ${round}] database opened in ${(openedMs / 1_000).toFixed(1)} s, seeded in ${(seededMs / 1_000).toFixed(1)} s, holds written in ${(writeMs / 1_000).toFixed(1)} s, server up in ${(serverMs / 1_000).toFixed(1)} s, observer polling ${(slackMs / 1_000).toFixed(1)} s before the window`,
      );
      if (slackMs < 0) {
        throw new LateObserver(
          `the window started ${-slackMs} ms before the observer polled (BENCH_EMBEDDED_LEAD_MS raises the lead)`,
        );
      }
      const deadline = windowStart + WINDOW_MS + DRAIN_MS;
      const timer = setTimeout(() => client.close(), deadline - Date.now());
      await watching;
      clearTimeout(timer);
      const lags = [...seenAt].map(([id, at]) => at - (planned.get(id) ?? 0));
      const lastSeen = maxOf(seenAt.values());
      client.close();
      await server.stop();
      handle = await runtime.open();
      const rows = await databaseCheck(handle, sale.concertId);
      const picked = rows.filter((r) => r.status === 'AVAILABLE' && planned.has(r.id));
      const dbLags = picked.map((r) => r.ms - (planned.get(r.id) ?? 0));
      const anchors = await bareAnchors(handle, sale.concertId, seatIds, holderIds);
      const misses = describeMisses(rows, planned, seenAt, stats);
      await handle.close();
      const result: RoundResult = {
        observed: seenAt.size,
        early: lags.filter((l) => l < 0).length,
        lagP50: percentile(lags, 50),
        lagP99: percentile(lags, 99),
        lagMax: maxOf(lags),
        lastSeenAfterWindow: lastSeen - (windowStart + WINDOW_MS),
        dbPickedUp: picked.filter((r) => r.ms <= deadline).length,
        dbP50: percentile(dbLags, 50),
        dbP99: percentile(dbLags, 99),
        dbMax: maxOf(dbLags),
        dbStillHeld: rows.filter((r) => r.status !== 'AVAILABLE').length,
        anchorMs: anchors.sweepMs,
        changedSinceMs: anchors.changedSinceMs,
        describeMs: anchors.describeMs,
        answerP50: percentile(
          stats.log.filter((a) => a.entries > 0).map((a) => a.at - a.sentAt),
          50,
        ),
        slackMs,
        stats,
      };
      console.log(
        `  [${kind} round ${round}] observed ${result.observed}/${TOTAL_SEATS} (last ${(result.lastSeenAfterWindow / 1_000).toFixed(2)} s after the window), lag p50 ${result.lagP50.toFixed(0)} ms, p99 ${result.lagP99.toFixed(0)} ms, max ${result.lagMax.toFixed(0)} ms; sweeper pick-up p50 ${result.dbP50.toFixed(0)} / p99 ${result.dbP99.toFixed(0)} / max ${result.dbMax.toFixed(0)} ms`,
      );
      console.log(
        `      polls answered ${stats.answers} (${stats.updates} with updates, ${stats.entries} entries in all, biggest ${stats.biggestAnswer}, median ${result.answerP50.toFixed(0)} ms from request to answer); bare: sweep ${result.anchorMs.toFixed(0)} ms / ${SWEEP_BATCH} holds, changed-since read ${result.changedSinceMs.toFixed(0)} ms / 10,000 rows, hub read ${result.describeMs.toFixed(0)} ms / 2,500 ids`,
      );
      if (misses) console.log(`      never reported: ${misses}`);
      return result;
    } finally {
      client.close();
      await server.stop();
    }
  } finally {
    await runtime.dispose();
  }
}

async function main(): Promise<void> {
  pinLoadGenerator();
  const announced = announceBenchmark('expiry');
  console.log(
    `${TOTAL_SEATS} holds (${HOLDERS} buyers × 2) expiring uniformly over ${WINDOW_MS / 1_000} s; one long-polling observer; goal p99 lag ≤ ${P99_GOAL_MS} ms, all AVAILABLE within ${DRAIN_MS / 1_000} s after the window`,
  );
  let ok = true;
  for (const kind of await selectedRuntimes()) {
    const rounds: RoundResult[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      rounds.push(
        await oneRound(kind, round).catch((error: unknown) => {
          if (!(error instanceof LateObserver)) throw error;
          console.log(`  [${kind} round ${round}] ${error.message}: again with twice the lead`);
          return oneRound(kind, round, 2);
        }),
      );
    }
    const m = (pick: (r: RoundResult) => number) => median(rounds.map(pick));
    const anchor = m((r) => r.anchorMs);
    const floor = SWEEP_TICK_MS + POLL_BATCH_MS + anchor;
    const p99 = m((r) => r.lagP99);
    const complete = rounds.every(
      (r) =>
        r.observed === TOTAL_SEATS &&
        r.early === 0 &&
        r.dbPickedUp === TOTAL_SEATS &&
        r.dbStillHeld === 0,
    );
    // A goal holds only when it holds in every round (issue 24).
    const p99Rounds = everyRound(
      rounds.map((r) => r.lagP99),
      { limit: P99_GOAL_MS, higherIsBetter: false },
    );
    const pass = p99Rounds.pass && complete;
    ok &&= pass;
    console.log(`\n${kind}: medians of ${ROUNDS} rounds`);
    console.log(
      `  anchor: bare sweep statement ${anchor.toFixed(0)} ms per ${SWEEP_BATCH} holds; best reachable lag ≈ tick ${SWEEP_TICK_MS} + poll batch ${POLL_BATCH_MS} + statement = ${floor.toFixed(0)} ms`,
    );
    console.log(
      `  lag expiry -> AVAILABLE seen by the long poll: p50 ${m((r) => r.lagP50).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${m((r) => r.lagMax).toFixed(0)} ms`,
    );
    console.log(
      `  lag expiry -> picked up by the sweeper (database updated_at): p50 ${m((r) => r.dbP50).toFixed(0)} ms, p99 ${m((r) => r.dbP99).toFixed(0)} ms, max ${m((r) => r.dbMax).toFixed(0)} ms`,
    );
    console.log(
      `  where the time goes: poll answers with updates took ${m((r) => r.answerP50).toFixed(0)} ms (median, request to answer) and carried ${m((r) => r.stats.entries / Math.max(1, r.stats.updates)).toFixed(0)} entries on average; bare reads: changed-since ${m((r) => r.changedSinceMs).toFixed(0)} ms / 10,000 rows, hub ${m((r) => r.describeMs).toFixed(0)} ms / 2,500 ids`,
    );
    console.log(`  -> p99 / anchor floor = ${(p99 / floor).toFixed(2)}`);
    console.log(
      `  completeness per round: observed ${rounds.map((r) => r.observed).join('/')} of ${TOTAL_SEATS}, reported before expiry ${rounds.map((r) => r.early).join('/')}, freed in the database by the deadline ${rounds.map((r) => r.dbPickedUp).join('/')}, still not AVAILABLE ${rounds.map((r) => r.dbStillHeld).join('/')}`,
    );
    console.log(`  p99 lag, each round: ${formatRounds(p99Rounds, 0)} ms`);
    console.log(
      `  goal: p99 ≤ ${P99_GOAL_MS} ms in every round and all ${TOTAL_SEATS} AVAILABLE within ${DRAIN_MS / 1_000} s after the window -> ${pass ? 'PASS' : 'FAIL'}`,
    );
  }
  announced.after();
  process.exitCode = ok ? 0 : 1;
}

await main();
