import { promoMessages, type SeatEntry } from '@curtaincall/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createConcert, createLoggedInUser, insertUsers } from '../../../test/helpers/factories';
import { findBookingViolations, runOn } from '../../../test/helpers/invariants';
import { promoCodeBody } from '../../../test/helpers/promo-codes';
import { sessionsFor } from '../../../test/helpers/sessions';
import {
  createSecondInstance,
  createTestContext,
  type TestContext,
} from '../../../test/helpers/test-app';

/*
 * The acceptance of issue 27's promo codes through the front door: 200 buyers, each holding a
 * seat, book at once with a 50-use code on two instances over one PostgreSQL and Redis; exactly
 * 50 bookings get it and the other 150 are told it is used up, with nothing taken.
 */
let ctx: TestContext;
let other: Awaited<ReturnType<typeof createSecondInstance>>;

beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      QUEUE_CAPACITY: '1000',
      QUEUE_RATE_PER_MINUTE: '100000',
      SEAT_RATE_PER_MINUTE: '100000',
    },
  });
  other = await createSecondInstance(ctx);
}, 120_000);
afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

describe('a 50-use code, 200 bookings at once on two instances', () => {
  it('gives the code to exactly 50 bookings', async () => {
    const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
    const { id: concertId } = await createConcert(ctx.database.db, {
      sellerId: seller.id,
      totalSeats: 200,
    });
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/seller/concerts/${concertId}/promo-codes`,
      headers: { cookie: seller.cookie, 'content-type': 'application/json' },
      payload: promoCodeBody({ code: 'RACE-50', totalUses: 50 }),
    });
    expect(created.statusCode, created.body).toBe(201);

    const buyers = await sessionsFor(ctx, await insertUsers(ctx.database.db, 200));
    const seats: SeatEntry[] = [];
    // Each buyer enters and holds a seat of their own first (on one instance or the other).
    for (const [index, buyer] of buyers.entries()) {
      const app = index % 2 === 0 ? ctx.app : other.app;
      const entry = await app.inject({
        method: 'POST',
        url: `/api/queue/enter?concertId=${concertId}`,
        headers: { cookie: buyer.cookie },
      });
      const key = String(entry.json().data.accessKey);
      const headers = { cookie: buyer.cookie, 'x-access-key': key };
      if (seats.length === 0) {
        const status = await app.inject({
          method: 'GET',
          url: `/api/seats/concerts/${concertId}/status`,
          headers,
        });
        seats.push(...(status.json().data as SeatEntry[]));
      }
      const seat = seats[index];
      const held = await app.inject({
        method: 'POST',
        url: `/api/seats/concerts/${concertId}/seats/${seat?.seatId}/reserve`,
        headers,
      });
      expect(held.statusCode, held.body).toBe(200);
    }

    const outcomes = await Promise.all(
      buyers.map(async (buyer, index) => {
        const response = await (index % 2 === 0 ? other.app : ctx.app).inject({
          method: 'POST',
          url: '/api/bookings',
          headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
          payload: {
            concertId,
            concertSeatIds: [seats[index]?.seatId],
            promoCode: 'race-50',
          },
        });
        if (response.statusCode === 201) return 'booked';
        const body = response.json() as { errors?: Array<{ field: string; message: string }> };
        const error = body.errors?.[0];
        return error?.field === 'promoCode' && error.message === promoMessages.exhausted
          ? 'exhausted'
          : `${response.statusCode} ${response.body.slice(0, 120)}`;
      }),
    );
    const tally = outcomes.reduce<Record<string, number>>((counts, outcome) => {
      counts[outcome] = (counts[outcome] ?? 0) + 1;
      return counts;
    }, {});
    expect(tally).toEqual({ booked: 50, exhausted: 150 });

    const [state] = await queryRows<{ used: number; held: number; bookings: number }>(
      ctx.database.db,
      sql`select (select used_count from promo_codes where code = 'RACE-50') as used,
                 (select count(*)::int from promo_redemptions r join promo_codes p
                     on p.id = r.promo_code_id
                   where p.code = 'RACE-50' and r.status = 'HELD') as held,
                 (select count(*)::int from bookings where concert_id = ${concertId}) as bookings`,
    );
    expect(state).toEqual({ used: 50, held: 50, bookings: 50 });
    expect(await findBookingViolations(runOn(ctx.database.db))).toEqual([]);
  }, 180_000);
});
