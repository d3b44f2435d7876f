import { sql } from 'drizzle-orm';
import { queryRows, type DatabaseHandle } from '../../apps/server/src/db/client';
import { planSeatMap } from '../../apps/server/src/modules/concerts/seat-map';
import { announceBenchmark, median } from '../lib/harness';
import { everyRound, formatRounds } from '../lib/verdicts';
import {
  concertForm,
  createSaleRuntime,
  createSeller,
  freshConcertTables,
  seatCountOf,
  selectedRuntimes,
  startSaleServer,
  type RuntimeKind,
} from '../lib/sale';

/**
 * bench/concert-create (issue 16: "a 100,000-seat concert is created in a few seconds on the
 * embedded default; measure it in a benchmark").
 *
 * On each runtime: a seller registers concerts of 1,000 / 10,000 / 100,000 seats through the
 * real server (`POST /api/seller/concerts`: validation, one transaction with the concert row,
 * its grades and every seat, in statements of at most 10,000 seats so each stays under the
 * 800 ms request-path limit on PostgreSQL), timed from request to 201 answer. Baseline, same
 * run, same database: the same seat rows (the product's own planSeatMap layout) written by one
 * bare `INSERT ... SELECT` over generate_series, without the server, HTTP or batching. The
 * ratio says what the request path costs on top of the database's own insert speed. Every
 * measurement starts on empty tables and the two sides alternate which goes first (issue 24).
 *
 * `npm run bench -- concert-create [--runtime=embedded|scale-out]` (default both; BENCH_ROUNDS,
 * default 3, rounds per size; every round is printed with the median and the worst).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SIZES = [1_000, 10_000, 100_000];
/** The untimed concert each side writes first (see runOn). */
const WARM_SEATS = 1_000;
/** The issue's goal for the largest concert on the embedded default ("a few seconds"). */
const GOAL_100K_MS = 5_000;

interface Measured {
  size: number;
  apiMs: number[];
  bareMs: number[];
}

const form = (totalSeats: number, round: number) =>
  concertForm(`벤치마크 등록 ${totalSeats}석 #${round}`, { totalSeats });

/**
 * The baseline: a concert row and its three grades, then every seat of the planSeatMap layout
 * in ONE bare INSERT ... SELECT over generate_series. Only the seat statement is timed.
 */
async function bareInsert(handle: DatabaseHandle, sellerId: number, size: number) {
  const [concert] = await queryRows<{ id: number }>(
    handle.db,
    sql`with show as (insert into shows (seller_id) values (${sellerId}) returning id)
        insert into concerts (seller_id, show_id, title, artist, venue_name, concert_date, start_time,
                              end_time, total_seats, booking_start_at, booking_end_at)
        select ${sellerId}, show.id, '기준 측정', '기준', '기준홀', current_date + 30, '19:00', '21:00',
                ${size}, now(), now() + interval '20 days'
        from show
        returning id`,
  );
  const concertId = Number(concert?.id);
  const grades = await queryRows<{ id: number }>(
    handle.db,
    sql`insert into seat_grades (concert_id, name, price, sort_order)
        values (${concertId}, '프리미엄', 150000, 0), (${concertId}, 'VIP', 100000, 1),
               (${concertId}, '일반석', 50000, 2)
        returning id`,
  );
  const gradeIds = grades.map((g) => Number(g.id));
  const sections = planSeatMap(size).map(
    (s, ord) =>
      sql`(${ord}::int, ${s.name}::text, ${gradeIds[s.gradeIndex] ?? gradeIds[2]}::int, ${s.seatCount}::int, ${s.seatsPerRow}::int)`,
  );
  const started = performance.now();
  await handle.db.execute(sql`
    insert into concert_seats (concert_id, grade_id, section, row_number, seat_number, status)
    select ${concertId}::int, s.grade_id, s.name, g / s.per_row + 1, g % s.per_row + 1, 'AVAILABLE'
    from (values ${sql.join(sections, sql`, `)}) as s(ord, name, grade_id, seat_count, per_row)
    cross join lateral generate_series(0, s.seat_count - 1) as g`);
  return performance.now() - started;
}

/**
 * Each measurement starts on empty tables, and the order alternates (odd rounds the request path
 * first, even rounds the bare insert first): before, the bare insert always ran last, into a
 * table the API had already filled, and paid for the bigger indexes.
 */
async function runOn(kind: RuntimeKind): Promise<Measured[]> {
  const runtime = await createSaleRuntime(kind);
  const measured: Measured[] = SIZES.map((size) => ({ size, apiMs: [], bareMs: [] }));
  try {
    let handle: DatabaseHandle | null = await runtime.open();
    const seller = await createSeller(runtime, handle);
    // PGlite belongs to one process at a time: the server and this process take turns.
    const openHandle = async () => (handle ??= await runtime.open());
    const closeForServer = async () => {
      if (kind === 'embedded' && handle) {
        await handle.close();
        handle = null;
      }
    };
    const viaApi = async (entry: Measured, round: number) => {
      await freshConcertTables(await openHandle());
      await closeForServer();
      const server = await startSaleServer(runtime, {});
      try {
        // Warm: a fresh server's first create pays for JIT and its first statements. Both sides
        // write one 1,000-seat concert first, untimed, into the empty tables.
        const warm = await fetch(`${server.url}/api/seller/concerts?sellerId=${seller.id}`, {
          method: 'POST',
          headers: { cookie: seller.cookie, 'content-type': 'application/json' },
          body: JSON.stringify(form(WARM_SEATS, round + 100)),
        });
        if (warm.status !== 201) throw new Error(`warm-up create: ${warm.status}`);
        const started = performance.now();
        const response = await fetch(`${server.url}/api/seller/concerts?sellerId=${seller.id}`, {
          method: 'POST',
          headers: { cookie: seller.cookie, 'content-type': 'application/json' },
          body: JSON.stringify(form(entry.size, round)),
        });
        const body = (await response.json()) as { data?: { concertId: number } };
        entry.apiMs.push(performance.now() - started);
        if (response.status !== 201 || !body.data) {
          throw new Error(`create ${entry.size}: ${response.status} ${JSON.stringify(body)}`);
        }
        await server.stop();
        const seats = await seatCountOf(await openHandle(), body.data.concertId);
        if (seats !== entry.size) throw new Error(`${seats} seats, not ${entry.size}`);
      } finally {
        await server.stop();
      }
    };
    const bare = async (entry: Measured) => {
      const db = await openHandle();
      await freshConcertTables(db);
      await bareInsert(db, seller.id, WARM_SEATS);
      entry.bareMs.push(await bareInsert(db, seller.id, entry.size));
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const entry of measured) {
        if (round % 2 === 0) {
          await viaApi(entry, round);
          await bare(entry);
        } else {
          await bare(entry);
          await viaApi(entry, round);
        }
      }
    }
    await (handle as DatabaseHandle | null)?.close();
  } finally {
    await runtime.dispose();
  }
  return measured;
}

const perSecond = (size: number, ms: number) =>
  Math.round((size / ms) * 1000).toLocaleString('en-US');

async function main(): Promise<void> {
  const announced = announceBenchmark('concert-create');
  console.log(`${ROUNDS} rounds per size, each on empty tables, the order alternating`);
  let failed = false;
  for (const kind of await selectedRuntimes()) {
    const results = await runOn(kind);
    console.log(`\n[${kind}]`);
    console.log(
      'seats     | POST /seller/concerts      | bare INSERT ... SELECT     | bare / request path, each round',
    );
    for (const { size, apiMs, bareMs } of results) {
      const api = median(apiMs);
      const bare = median(bareMs);
      // bare / request path, per round (the same order as the other benchmarks: 1.0 = as fast).
      const ratios = everyRound(
        apiMs.map((ms, i) => (bareMs[i] ?? Number.NaN) / ms),
        { limit: 0, higherIsBetter: true },
      );
      console.log(
        `${size.toLocaleString('en-US').padStart(8)}  | ${api.toFixed(0).padStart(6)} ms ${perSecond(size, api).padStart(9)} seats/s | ${bare.toFixed(0).padStart(6)} ms ${perSecond(size, bare).padStart(9)} seats/s | ${formatRounds(ratios)}`,
      );
    }
    if (kind === 'embedded') {
      const largest = everyRound(
        (results.find((r) => r.size === 100_000)?.apiMs ?? []).map((ms) => ms / 1000),
        { limit: GOAL_100K_MS / 1000, higherIsBetter: false },
      );
      failed ||= !largest.pass;
      console.log(
        `${largest.pass ? 'PASS' : 'FAIL'}: 100,000 seats in ${formatRounds(largest)} s on the embedded default (goal ≤ ${GOAL_100K_MS / 1000} s in every round)`,
      );
    }
  }
  announced.after();
  process.exit(failed ? 1 : 0);
}

await main();
