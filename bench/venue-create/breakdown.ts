import { concertCreateSchema, type VenueLayout } from '@curtaincall/contracts';
import secureJson from 'secure-json-parse';
import type { DbOrTx } from '../../apps/server/src/db/client';
import { createConcertWithSeats } from '../../apps/server/src/modules/concerts/concerts.service';
import { layoutPlaces } from '../../apps/server/src/modules/venues/layout-seats';
import { parseLayoutOrThrow } from '../../apps/server/src/modules/venues/venues.service';
import { median } from '../lib/harness';
import {
  concertForm,
  createSaleRuntime,
  createSeller,
  freshConcertTables,
  selectedRuntimes,
} from '../lib/sale';
import { bareInsert, hallOf, HALL_100K, HALL_10K, placesOf } from './hall';

/**
 * Where the request path's time goes for the 100,000-place hall of bench/venue-create, step by
 * step, in this process (no HTTP): the JSON body parse (as the server's parser does it), the
 * route's body schema, the layout schema (`parseLayoutOrThrow`), then the same transaction
 * the server runs (`createConcertWithSeats`), with every statement timed on its own: the
 * concert row (with its `seat_layout` JSONB), the grades, each `unnest` batch of seats, the
 * standing slots, the companion UPDATE, and the commit. Not a verdict: an aid for reading the
 * benchmark. `node --import tsx bench/venue-create/breakdown.ts [--runtime=...]`
 * (BENCH_ROUNDS repetitions, default 3; medians printed, with the baseline's insert of the
 * same rows beside them).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

type Steps = Map<string, number>;

const add = (steps: Steps, name: string, ms: number) =>
  steps.set(name, (steps.get(name) ?? 0) + ms);

/** The first words of a drizzle `sql` template, to name the statement. */
function statementName(query: unknown): string {
  const chunks = (query as { queryChunks?: Array<{ value?: string[] }> }).queryChunks ?? [];
  const text = chunks
    .flatMap((chunk) => chunk.value ?? [])
    .join(' ')
    .replace(/\s+/g, ' ');
  if (/^ ?update concert_seats/.test(text)) return 'companion UPDATE';
  if (/unnest/.test(text)) return 'seat INSERTs (unnest, per 10,000)';
  if (/generate_series/.test(text)) return 'standing INSERT (generate_series)';
  return `other: ${text.slice(0, 40)}`;
}

/** The transaction, with every `execute` timed and the gaps between them counted as JS. */
function timedTx(tx: DbOrTx, steps: Steps, clock: { last: number }): DbOrTx {
  return new Proxy(tx, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (key === 'execute' && typeof value === 'function') {
        return async (query: unknown) => {
          const started = performance.now();
          add(steps, 'JS between statements (arrays, text)', started - clock.last);
          const result = await (value as (q: unknown) => Promise<unknown>).call(target, query);
          clock.last = performance.now();
          add(steps, statementName(query), clock.last - started);
          return result;
        };
      }
      if (key === 'insert' && typeof value === 'function') {
        return (table: unknown) => {
          const builder = (value as (t: unknown) => { values(v: unknown): unknown }).call(
            target,
            table,
          );
          return new Proxy(builder, {
            get(b, k, r) {
              const inner = Reflect.get(b, k, r) as unknown;
              if (k !== 'values' || typeof inner !== 'function') return inner;
              return (rows: unknown) => {
                const query = (inner as (v: unknown) => { returning(x?: unknown): unknown }).call(
                  b,
                  rows,
                );
                return {
                  returning: async (fields?: unknown) => {
                    const started = performance.now();
                    add(steps, 'JS between statements (arrays, text)', started - clock.last);
                    const result = await (query.returning(fields) as Promise<unknown>);
                    clock.last = performance.now();
                    const many = Array.isArray(rows) && rows.length > 1;
                    add(
                      steps,
                      many ? 'grades INSERT' : 'concert row INSERT (with seat_layout JSONB)',
                      clock.last - started,
                    );
                    return result;
                  },
                };
              };
            },
          });
        };
      }
      return value;
    },
  });
}

async function main(): Promise<void> {
  for (const kind of await selectedRuntimes()) {
    const runtime = await createSaleRuntime(kind);
    try {
      const handle = await runtime.open();
      const seller = await createSeller(runtime, handle);
      const runs: Steps[] = [];
      const bareMs: number[] = [];
      for (let round = 0; round <= ROUNDS; round += 1) {
        // Round 0 warms every path (10,000 places) and is not printed.
        const shape = round === 0 ? HALL_10K : HALL_100K;
        const { layout } = hallOf(shape);
        await freshConcertTables(handle);
        const steps: Steps = new Map();
        const body = JSON.stringify(concertForm(`분해 ${round}`, { seatLayout: layout }));
        let started = performance.now();
        const parsed = secureJson.parse(body, undefined, {
          protoAction: 'error',
          constructorAction: 'error',
        }) as unknown;
        add(steps, 'JSON body parse (secure-json-parse)', performance.now() - started);
        started = performance.now();
        const form = concertCreateSchema.parse(parsed);
        add(steps, 'route body schema (concertCreateSchema)', performance.now() - started);
        started = performance.now();
        const seatLayout: VenueLayout = parseLayoutOrThrow(form.seatLayout, 'seatLayout');
        add(steps, 'layout schema (venueLayoutSchema.safeParse)', performance.now() - started);
        const clock = { last: performance.now() };
        let callbackDone = 0;
        started = performance.now();
        await handle.db.transaction(async (tx) => {
          add(steps, 'BEGIN', performance.now() - started);
          clock.last = performance.now();
          await createConcertWithSeats(timedTx(tx, steps, clock), {
            sellerId: seller.id,
            title: form.title,
            artist: form.artist,
            description: null,
            venueName: form.venueName,
            venueAddress: null,
            concertDate: form.concertDate,
            startTime: '19:00:00',
            endTime: '21:00:00',
            totalSeats: layoutPlaces(seatLayout),
            seatLayout,
            bookingStartAt: new Date(Date.now() + 86_400_000),
            bookingEndAt: new Date(Date.now() + 20 * 86_400_000),
            minAge: 0,
            maxTicketsPerUser: 4,
            status: 'SCHEDULED',
            posterImageUrl: null,
          });
          callbackDone = performance.now();
          add(steps, 'JS between statements (arrays, text)', callbackDone - clock.last);
        });
        add(steps, 'COMMIT', performance.now() - callbackDone);
        // The benchmark's baseline on the same rows, right after, on empty tables again.
        await freshConcertTables(handle);
        const bare = await bareInsert(handle, seller.id, hallOf(shape));
        if (round > 0) {
          runs.push(steps);
          bareMs.push(bare.ms);
        }
      }
      await handle.close();
      const names = [...(runs[0]?.keys() ?? [])];
      const medians = names.map((name) => ({
        name,
        ms: median(runs.map((steps) => steps.get(name) ?? 0)),
      }));
      const total = medians.reduce((sum, step) => sum + step.ms, 0);
      console.log(
        `\n[${kind}] ${placesOf(HALL_100K).toLocaleString('en-US')} places, median of ${runs.length}`,
      );
      for (const { name, ms } of medians.sort((a, b) => b.ms - a.ms)) {
        console.log(
          `${ms.toFixed(0).padStart(7)} ms ${((ms / total) * 100).toFixed(0).padStart(3)} %  ${name}`,
        );
      }
      console.log(`${total.toFixed(0).padStart(7)} ms        total (no HTTP)`);
      console.log(
        `${median(bareMs).toFixed(0).padStart(7)} ms        the baseline's one INSERT ... SELECT of the same rows`,
      );
    } finally {
      await runtime.dispose();
    }
  }
}

await main();
