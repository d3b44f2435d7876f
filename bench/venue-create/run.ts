import { sql } from 'drizzle-orm';
import { queryRows, type DatabaseHandle } from '../../apps/server/src/db/client';
import { announceBenchmark, median } from '../lib/harness';
import { everyRound, formatRounds } from '../lib/verdicts';
import {
  concertForm,
  createHttpClient,
  createSaleRuntime,
  createSeller,
  freshConcertTables,
  selectedRuntimes,
  startSaleServer,
  type RuntimeKind,
} from '../lib/sale';
import {
  bareInsert,
  hallOf,
  HALL_100K,
  HALL_10K,
  HALL_1K,
  placesOf,
  type Fingerprint,
  type Hall,
  type HallShape,
} from './hall';

/**
 * bench/venue-create (issue 25, Tests → Benchmarks: "create a concert from a 100,000-seat layout
 * on both runtimes, ≥ 0.5 × a bare INSERT ... SELECT of the same rows in the same run").
 *
 * On each runtime a seller creates a concert from an inline `seatLayout` (bench/venue-create/
 * hall.ts: 100,000 places, grades changing within sections and rows, wheelchair + companion
 * pairs, 홀드석, killed seats, one standing zone) through the real server: `POST
 * /api/seller/concerts`, timed from the first byte of the request (the ~3 MB JSON body is sent
 * inside the timing) to the end of the 201 answer. The server parses the body, validates the
 * layout with the product's zod schema, and writes the concert, its grades and every seat in
 * one transaction (apps/server/src/modules/venues/layout-seats.ts).
 *
 * Baseline, same run, same database: the same seat rows (same sections, rows, numbers, grade
 * ids, statuses, blocks, tags, standing slots, companion links, ids in the same order) written
 * by ONE bare `INSERT ... SELECT` over generate_series, without the server, HTTP, JSON or
 * batching. The companion link (`companion_of_seat_id`, the id of the wheelchair seat) is the
 * one thing a plain generate_series cannot know, since ids come from the identity sequence as
 * rows are written: the baseline first reserves the block of ids it needs from that sequence
 * (one `setval`, inside the timing) and writes them itself (`overriding system value`), so the
 * companion's id is computed in the same statement. That is the smallest honest set-based form:
 * one statement, no second UPDATE pass. Before measuring, each runtime checks once that both
 * sides write identical rows (10,000 places, row by row, in id order).
 *
 * Each measurement starts on empty tables; both sides first write one untimed warm-up concert
 * (a tenth of the size, the same rules) so the measured one meets the same table; the order of
 * the two sides alternates per round. Verdict: bare / ours ≥ 0.5 for 100,000 places, in every
 * round, on each runtime. 10,000 places are printed for scale.
 *
 * `npm run bench -- venue-create [--runtime=embedded|scale-out]` (default both; BENCH_ROUNDS,
 * default 3). BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GOAL = 0.5;

interface Size {
  label: string;
  shape: HallShape;
  warm: HallShape;
  isGoal: boolean;
}

const SIZES: Size[] = [
  { label: '10,000', shape: HALL_10K, warm: HALL_1K, isGoal: false },
  { label: '100,000', shape: HALL_100K, warm: HALL_10K, isGoal: true },
];

interface Measured {
  size: Size;
  apiMs: number[];
  bareMs: number[];
  bodyBytes: number;
}

async function fingerprintOf(handle: DatabaseHandle, concertId: number): Promise<Fingerprint> {
  const [row] = await queryRows<Record<keyof Fingerprint, number>>(
    handle.db,
    sql`select count(*)::int as seats,
               (count(*) filter (where block = 'HELD'))::int as held,
               (count(*) filter (where block = 'KILLED'))::int as killed,
               count(companion_of_seat_id)::int as companions,
               (count(*) filter (where standing))::int as standing
        from concert_seats where concert_id = ${concertId}`,
  );
  return {
    seats: Number(row?.seats),
    held: Number(row?.held),
    killed: Number(row?.killed),
    companions: Number(row?.companions),
    standing: Number(row?.standing),
  };
}

async function expectSeats(handle: DatabaseHandle, concertId: number, hall: Hall, who: string) {
  const found = await fingerprintOf(handle, concertId);
  if (JSON.stringify(found) !== JSON.stringify(hall.expected)) {
    throw new Error(
      `${who}: seats ${JSON.stringify(found)}, expected ${JSON.stringify(hall.expected)}`,
    );
  }
}

/**
 * Zero when the two concerts have the same seats row by row: position in id order, section,
 * row, number, grade (by code and order), status, block, tags, standing, and the companion's
 * wheelchair seat (by its place, since the ids differ).
 */
async function rowDifferences(handle: DatabaseHandle, a: number, b: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    handle.db,
    sql`with x as (
          select c.concert_id, rank() over (partition by c.concert_id order by c.id) as ord,
                 c.section, c.row_number, c.seat_number, g.code, g.sort_order, c.status, c.block,
                 c.tags, c.standing, w.section as w_section, w.row_number as w_row,
                 w.seat_number as w_number
          from concert_seats c
          join seat_grades g on g.id = c.grade_id
          left join concert_seats w on w.id = c.companion_of_seat_id
          where c.concert_id in (${a}, ${b})
        ),
        xa as (select ord, section, row_number, seat_number, code, sort_order, status, block, tags,
                      standing, w_section, w_row, w_number from x where concert_id = ${a}),
        xb as (select ord, section, row_number, seat_number, code, sort_order, status, block, tags,
                      standing, w_section, w_row, w_number from x where concert_id = ${b})
        select ((select count(*) from (select * from xa except all select * from xb) d)
              + (select count(*) from (select * from xb except all select * from xa) d))::int as n`,
  );
  return Number(row?.n);
}

function createBody(hall: Hall, title: string): string {
  return JSON.stringify(concertForm(title, { seatLayout: hall.layout }));
}

async function runOn(kind: RuntimeKind): Promise<Measured[]> {
  const runtime = await createSaleRuntime(kind);
  const measured: Measured[] = SIZES.map((size) => ({
    size,
    apiMs: [],
    bareMs: [],
    bodyBytes: Buffer.byteLength(createBody(hallOf(size.shape), 'x')),
  }));
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
    /** Creates concerts through a fresh server: untimed first ones, then the timed last one. */
    const viaApi = async (halls: Hall[], title: string) => {
      await closeForServer();
      const server = await startSaleServer(runtime, {});
      const client = createHttpClient(server.url, 1);
      const ids: number[] = [];
      let ms = 0;
      try {
        for (const hall of halls) {
          const body = createBody(hall, `${title} ${placesOf(hall.shape)}`);
          const started = performance.now();
          const answer = await client.request(
            'POST',
            `/api/seller/concerts?sellerId=${seller.id}`,
            { cookie: seller.cookie },
            body,
          );
          ms = performance.now() - started;
          const parsed = JSON.parse(answer.body) as { data?: { concertId?: number } };
          if (answer.status !== 201 || !parsed.data?.concertId) {
            throw new Error(`create ${placesOf(hall.shape)}: ${answer.status} ${answer.body}`);
          }
          ids.push(parsed.data.concertId);
        }
      } finally {
        client.close();
        await server.stop();
      }
      return { ms, ids };
    };

    // Once per runtime, untimed: both sides write the same rows (the 10,000-place hall).
    {
      const db = await openHandle();
      await freshConcertTables(db);
      const { ids } = await viaApi([hallOf(HALL_10K)], '같은 좌석 확인');
      const db2 = await openHandle();
      const bare = await bareInsert(db2, seller.id, hallOf(HALL_10K));
      const apiId = ids[0] ?? 0;
      const differences = await rowDifferences(db2, apiId, bare.concertId);
      if (differences !== 0) {
        throw new Error(`the baseline writes other rows than the server: ${differences} differ`);
      }
      console.log(
        `[${kind}] same rows: the server's and the baseline's ${placesOf(HALL_10K).toLocaleString('en-US')} places match row by row`,
      );
    }

    const apiSide = async (entry: Measured, round: number) => {
      await freshConcertTables(await openHandle());
      const { ms, ids } = await viaApi(
        [hallOf(entry.size.warm), hallOf(entry.size.shape)],
        `벤치마크 배치 #${round}`,
      );
      entry.apiMs.push(ms);
      const db = await openHandle();
      await expectSeats(db, ids[0] ?? 0, hallOf(entry.size.warm), 'warm-up (server)');
      await expectSeats(db, ids[1] ?? 0, hallOf(entry.size.shape), 'server');
    };
    const bareSide = async (entry: Measured) => {
      const db = await openHandle();
      await freshConcertTables(db);
      await bareInsert(db, seller.id, hallOf(entry.size.warm));
      const { ms, concertId } = await bareInsert(db, seller.id, hallOf(entry.size.shape));
      entry.bareMs.push(ms);
      await expectSeats(db, concertId, hallOf(entry.size.shape), 'baseline');
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const entry of measured) {
        if (round % 2 === 0) {
          await apiSide(entry, round);
          await bareSide(entry);
        } else {
          await bareSide(entry);
          await apiSide(entry, round);
        }
      }
    }
    await (handle as DatabaseHandle | null)?.close();
  } finally {
    await runtime.dispose();
  }
  return measured;
}

const perSecond = (places: number, ms: number) =>
  Math.round((places / ms) * 1000).toLocaleString('en-US');

async function main(): Promise<void> {
  const announced = announceBenchmark('venue-create');
  const big = hallOf(HALL_100K);
  console.log(
    `layout: ${big.shape.sections} sections × ${big.shape.rowsPerSection} rows × ${big.shape.seatsPerRow} seats + standing ${big.shape.standing.toLocaleString('en-US')} = ${placesOf(big.shape).toLocaleString('en-US')} places; ` +
      `${big.layout.grades.length} grades, ${big.expected.held} HELD, ${big.expected.killed} KILLED, ${big.expected.companions} wheelchair pairs`,
  );
  console.log(
    `${ROUNDS} rounds per size, each on empty tables with one untimed warm-up concert per side, the order alternating`,
  );
  let failed = false;
  for (const kind of await selectedRuntimes()) {
    const results = await runOn(kind);
    console.log(`\n[${kind}]`);
    console.log(
      'places    | POST /seller/concerts (seatLayout) | bare INSERT ... SELECT     | bare / ours, each round',
    );
    for (const { size, apiMs, bareMs, bodyBytes } of results) {
      const places = placesOf(size.shape);
      const api = median(apiMs);
      const bare = median(bareMs);
      const ratios = everyRound(
        apiMs.map((ms, i) => (bareMs[i] ?? Number.NaN) / ms),
        { limit: GOAL, higherIsBetter: true },
      );
      console.log(
        `${size.label.padStart(8)}  | ${api.toFixed(0).padStart(6)} ms ${perSecond(places, api).padStart(8)} /s (${(bodyBytes / 2 ** 20).toFixed(1)} MiB) | ${bare.toFixed(0).padStart(6)} ms ${perSecond(places, bare).padStart(9)} /s | ${formatRounds(ratios)}`,
      );
      if (size.isGoal) {
        failed ||= !ratios.pass;
        console.log(
          `${ratios.pass ? 'PASS' : 'FAIL'} [${kind}]: ${size.label} places, bare / ours ${formatRounds(ratios)} (goal ≥ ${GOAL} in every round)`,
        );
      }
    }
  }
  announced.after();
  process.exit(failed ? 1 : 0);
}

await main();
