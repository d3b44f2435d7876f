import { ticketTypeMessages, type SellerTicketType } from '@curtaincall/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { ticketTypes } from '../../db/schema/index';
import { AppError } from '../../http/app-error';
import { createConcert, createLoggedInUser, insertUsers } from '../../../test/helpers/factories';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { claimTicketTypes, releaseTicketTypes } from './ticket-types.pricing';

/**
 * A 권종 quota on PostgreSQL under a rush (issue 27): bookings on two instances, each with its own
 * connection pool, race for the last seats of a type; the conditional UPDATE lets exactly the
 * quota through, and the uses given back bring the count home.
 */
let ctx: TestContext;
let secondInstance: DatabaseHandle;

beforeAll(async () => {
  ctx = await createTestContext();
  if (!ctx.config.databaseUrl) throw new Error('the scale-out runtime has a PostgreSQL URL');
  secondInstance = await openDatabase({
    databaseUrl: ctx.config.databaseUrl,
    pgliteDir: ctx.config.pgliteDir,
  });
}, 120_000);
afterAll(async () => {
  await secondInstance?.close();
  await ctx?.close();
});

describe('a ticket type’s quota under concurrency', () => {
  it('60 bookings on two pools racing for a quota of 50 get exactly 50; releases bring it back to 0', async () => {
    const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
    const performance = await createConcert(ctx.database.db, { sellerId: seller.id });
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/seller/concerts/${performance.id}/ticket-types`,
      headers: { cookie: seller.cookie, 'content-type': 'application/json' },
      payload: { kind: 'YOUTH', discountKind: 'PERCENT', discountValue: 30, quota: 50 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const youth = created.json().data as SellerTicketType;
    const buyers = await insertUsers(ctx.database.db, 60);
    const pools = [ctx.database.db, secondInstance.db];
    const usedCount = async () => {
      const [row] = await ctx.database.db
        .select({ used: ticketTypes.usedCount })
        .from(ticketTypes)
        .where(eq(ticketTypes.id, youth.id));
      return Number(row?.used);
    };

    const outcomes = await Promise.allSettled(
      buyers.map((buyer, index) =>
        (pools[index % 2] ?? ctx.database.db).transaction((tx) =>
          claimTicketTypes(tx, {
            concertId: performance.id,
            showId: performance.showId,
            concertDate: performance.concertDate,
            startTime: performance.startTime,
            userId: buyer.id,
            now: ctx.clock.now(),
            picks: [{ seatIndex: 0, ticketTypeId: youth.id }],
          }),
        ),
      ),
    );
    const taken = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [outcome.reason as unknown] : [],
    );
    expect(taken).toHaveLength(50);
    expect(refused).toHaveLength(10);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(AppError);
      expect(reason).toMatchObject({
        code: 'C001',
        message: ticketTypeMessages.soldOut('청소년'),
      });
    }
    expect(await usedCount()).toBe(50);

    // Each booking that ends unpaid gives its seat back, on either instance, at the same time.
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        (pools[index % 2] ?? ctx.database.db).transaction((tx) =>
          releaseTicketTypes(tx, [youth.id]),
        ),
      ),
    );
    expect(await usedCount()).toBe(0);
    await ctx.database.db.transaction((tx) => releaseTicketTypes(tx, [youth.id]));
    expect(await usedCount()).toBe(0);
  });
});
