import { randomBytes } from 'node:crypto';
import { sign } from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import { queryRows, type DatabaseHandle } from '../../apps/server/src/db/client';
import { users } from '../../apps/server/src/db/schema/index';
import { addDays, toSeoulDate } from '../../apps/server/src/lib/seoul-time';
import { planSeatMap } from '../../apps/server/src/modules/concerts/seat-map';
import { machineFacts, median } from '../lib/harness';
import {
  createSaleRuntime,
  selectedRuntimes,
  startSaleServer,
  type RuntimeKind,
  type SaleRuntime,
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
 * ratio says what the request path costs on top of the database's own insert speed.
 *
 * `npm run bench -- concert-create [--runtime=embedded|scale-out]` (default both; BENCH_ROUNDS,
 * default 3, rounds per size; the median is printed).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SIZES = [1_000, 10_000, 100_000];
/** The issue's goal for the largest concert on the embedded default ("a few seconds"). */
const GOAL_100K_MS = 5_000;

interface Measured {
  size: number;
  apiMs: number[];
  bareMs: number[];
}

function form(totalSeats: number, round: number) {
  const today = toSeoulDate(new Date());
  return {
    title: `벤치마크 등록 ${totalSeats}석 #${round}`,
    artist: '벤치마크 밴드',
    description: null,
    venueName: '벤치마크 아레나',
    venueAddress: null,
    concertDate: addDays(today, 30),
    startTime: '19:00',
    endTime: '21:00',
    totalSeats,
    bookingStartDate: `${addDays(today, 1)}T10:00`,
    bookingEndDate: `${addDays(today, 29)}T23:00`,
    minAge: 0,
    maxTicketsPerUser: 4,
    posterImageUrl: null,
    status: 'SCHEDULED',
  };
}

/** A seller with a signed session cookie, written straight into the session store. */
async function createSeller(runtime: SaleRuntime, handle: DatabaseHandle) {
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
 * The baseline: a concert row and its three grades, then every seat of the planSeatMap layout
 * in ONE bare INSERT ... SELECT over generate_series. Only the seat statement is timed.
 */
async function bareInsert(handle: DatabaseHandle, sellerId: number, size: number) {
  const [concert] = await queryRows<{ id: number }>(
    handle.db,
    sql`insert into concerts (seller_id, title, artist, venue_name, concert_date, start_time,
                              end_time, total_seats, booking_start_at, booking_end_at)
        values (${sellerId}, '기준 측정', '기준', '기준홀', current_date + 30, '19:00', '21:00',
                ${size}, now(), now() + interval '20 days')
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

async function seatCountOf(handle: DatabaseHandle, concertId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    handle.db,
    sql`select count(*)::int as n from concert_seats where concert_id = ${concertId}`,
  );
  return Number(row?.n ?? 0);
}

async function runOn(kind: RuntimeKind): Promise<Measured[]> {
  const runtime = await createSaleRuntime(kind);
  const measured: Measured[] = SIZES.map((size) => ({ size, apiMs: [], bareMs: [] }));
  const created: Array<{ concertId: number; size: number }> = [];
  try {
    // PGlite belongs to one process at a time: seed, then serve, then measure the baseline.
    let handle = await runtime.open();
    const seller = await createSeller(runtime, handle);
    if (kind === 'embedded') await handle.close();
    const server = await startSaleServer(runtime, {});
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const entry of measured) {
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
          created.push({ concertId: body.data.concertId, size: entry.size });
        }
      }
    } finally {
      await server.stop();
    }
    if (kind === 'embedded') handle = await runtime.open();
    for (const { concertId, size } of created) {
      const seats = await seatCountOf(handle, concertId);
      if (seats !== size) throw new Error(`concert ${concertId}: ${seats} seats, not ${size}`);
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const entry of measured)
        entry.bareMs.push(await bareInsert(handle, seller.id, entry.size));
    }
    await handle.close();
  } finally {
    await runtime.dispose();
  }
  return measured;
}

const perSecond = (size: number, ms: number) =>
  Math.round((size / ms) * 1000).toLocaleString('en-US');

async function main(): Promise<void> {
  console.log(`concert-create: ${machineFacts()}, ${ROUNDS} rounds per size (median)`);
  let failed = false;
  for (const kind of await selectedRuntimes()) {
    const results = await runOn(kind);
    console.log(`\n[${kind}]`);
    console.log(
      'seats     | POST /seller/concerts      | bare INSERT ... SELECT     | request path / bare',
    );
    for (const { size, apiMs, bareMs } of results) {
      const api = median(apiMs);
      const bare = median(bareMs);
      console.log(
        `${size.toLocaleString('en-US').padStart(8)}  | ${api.toFixed(0).padStart(6)} ms ${perSecond(size, api).padStart(9)} seats/s | ${bare.toFixed(0).padStart(6)} ms ${perSecond(size, bare).padStart(9)} seats/s | ${(api / bare).toFixed(2)}×`,
      );
    }
    const largest = median(results.find((r) => r.size === 100_000)?.apiMs ?? []);
    if (kind === 'embedded') {
      const ok = largest <= GOAL_100K_MS;
      failed ||= !ok;
      console.log(
        `${ok ? 'PASS' : 'FAIL'}: 100,000 seats in ${(largest / 1000).toFixed(2)} s on the embedded default (goal ≤ ${GOAL_100K_MS / 1000} s)`,
      );
    }
  }
  process.exit(failed ? 1 : 0);
}

await main();
