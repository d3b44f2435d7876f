import type { ShowPerformances } from '@curtaincall/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { admit, holdSeats } from '../../../test/helpers/paid-booking';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { shows } from '../../db/schema/index';

/**
 * The performances answer with the production freshness (a catalogue of 2 s, so answers of at
 * most 1 s): read once per show, served again until it is 1 s old, refreshed in the background
 * past ¾ of that (counting again only the performances whose seats or row changed, and each at
 * least every 30 s), and dropped at once by this instance's own writes to concerts.
 */
type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

let ctx: TestContext;
let seller: Account;
let ids: number[];

beforeAll(async () => {
  ctx = await createTestContext({
    env: { QUEUE_RATE_PER_MINUTE: '100000', SEAT_RATE_PER_MINUTE: '100000' },
    configure: (config) => ({ ...config, catalogMaxAgeMs: 2_000 }),
  });
  seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  const showId = await newShow(seller.id);
  ids = [];
  for (const concertDate of ['2031-08-01', '2031-08-02']) {
    ids.push(
      (await createConcert(ctx.database.db, { sellerId: seller.id, showId, concertDate })).id,
    );
  }
  // The seats were stamped with the database's time; moving on puts those stamps before every
  // read below, so only the changes the tests make are new.
  ctx.clock.advance(60_000);
}, 120_000);
afterAll(async () => ctx?.close());

/** An empty show row; its performances are concerts made with its id. */
async function newShow(sellerId: number): Promise<number> {
  const [row] = await ctx.database.db.insert(shows).values({ sellerId }).returning();
  if (!row) throw new Error('no show row');
  return row.id;
}

async function performancesOf(concertId: number): Promise<ShowPerformances> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/concerts/${concertId}/performances`,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as ShowPerformances;
}
const remaining = async (concertId: number) =>
  (await performancesOf(concertId)).performances.map((p) => p.remainingSeats);

describe('the performances answer stays within a second of the database', () => {
  it('serves a read again for up to 1 s, then reads afresh', async () => {
    const first = ids[0] ?? 0;
    expect(await remaining(first)).toEqual([30, 30]);
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    await holdSeats(ctx.app, first, await admit(ctx.app, first, buyer), 2);
    // Asked through the other performance too: the answer is the show's.
    expect(await remaining(ids[1] ?? 0)).toEqual([30, 30]);
    ctx.clock.advance(1_000);
    expect(await remaining(first)).toEqual([28, 30]);
  });

  it('past ¾ of a second it still answers at once, and replaces the answer in the background', async () => {
    const second = ids[1] ?? 0;
    ctx.clock.advance(1_000);
    expect(await remaining(second)).toEqual([28, 30]);
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    await holdSeats(ctx.app, second, await admit(ctx.app, second, buyer), 1);
    ctx.clock.advance(800);
    // This call starts the new read and gets the old answer; a later one gets the new answer
    // without the clock moving on to the full second.
    expect(await remaining(second)).toEqual([28, 30]);
    await vi.waitFor(async () => expect(await remaining(second)).toEqual([28, 29]));
  });

  it('counts again only what changed, and everything at least every 30 s', async () => {
    const second = ids[1] ?? 0;
    // Past the margin by which a change may predate a read, after the holds above.
    ctx.clock.advance(5_000);
    const before = await remaining(second);
    // A seat sold with a stamp from long before (as a write whose stamp said nothing new).
    const stamp = new Date(ctx.clock.now().getTime() - 600_000);
    await ctx.database.db.execute(sql`
      update concert_seats set status = 'BOOKED', updated_at = ${stamp}
      where id = (select min(id) from concert_seats
                  where concert_id = ${second} and status = 'AVAILABLE')`);
    ctx.clock.advance(1_000);
    expect(await remaining(second)).toEqual(before);
    ctx.clock.advance(30_000);
    expect(await remaining(second)).toEqual([before[0], (before[1] ?? 0) - 1]);
  });

  it("drops the answer at once when this instance changes a performance's concert row", async () => {
    const first = ids[0] ?? 0;
    expect((await performancesOf(first)).performances[0]?.status).toBe('ON_SALE');
    const cancel = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seller/concerts/${first}?sellerId=${seller.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await performancesOf(ids[1] ?? 0)).performances.map((p) => p.status)).toEqual([
      'CANCELLED',
      'ON_SALE',
    ]);
  });
});
