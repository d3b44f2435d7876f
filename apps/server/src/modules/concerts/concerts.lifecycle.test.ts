import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, concertSeats, concerts } from '../../db/schema/index';
import { fromSeoulDateTime } from '../../lib/seoul-time';
import { createConcertsService } from './concerts.service';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';

let ctx: TestContext;
let sellerId: number;
let buyerId: number;
const NOW = fromSeoulDateTime('2031-06-10T12:00:00');

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(NOW);
  sellerId = (await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER')).id;
  buyerId = (await createLoggedInUser(ctx.app, ctx.database.db)).id;
});
afterAll(async () => ctx?.close());

const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
async function statusOf(id: number): Promise<string | undefined> {
  const [row] = await ctx.database.db
    .select({ status: concerts.status })
    .from(concerts)
    .where(eq(concerts.id, id));
  return row?.status;
}
async function make(overrides: Partial<Parameters<typeof createConcert>[1]>) {
  return (
    await createConcert(ctx.database.db, {
      sellerId,
      totalSeats: 6,
      concertDate: '2031-06-20',
      bookingStartAt: minutes(-60 * 24),
      bookingEndAt: fromSeoulDateTime('2031-06-19T23:59:00'),
      ...overrides,
    })
  ).id;
}
/** The service method the scheduled job calls, at the test clock's time. */
const advance = () =>
  createConcertsService({
    db: ctx.database.db,
    publicBaseUrl: '',
    clock: ctx.clock,
    catalogMaxAgeMs: 0,
  }).advanceLifecycle(ctx.clock.now());

describe('concert lifecycle', () => {
  it('opens a scheduled concert for sale when booking starts, not before', async () => {
    const opening = await make({ status: 'SCHEDULED', bookingStartAt: minutes(-1) });
    const later = await make({ status: 'SCHEDULED', bookingStartAt: minutes(60) });
    const changes = await advance();
    expect(changes.openedForSale).toContain(opening);
    expect(await statusOf(opening)).toBe('ON_SALE');
    expect(await statusOf(later)).toBe('SCHEDULED');
  });

  it('completes a concert 30 minutes after the show ends, with its confirmed bookings', async () => {
    const ended = await make({
      concertDate: '2031-06-10',
      startTime: '09:00:00',
      endTime: '11:00:00',
      bookingEndAt: minutes(-200),
    });
    const endingSoon = await make({
      concertDate: '2031-06-10',
      startTime: '10:00:00',
      endTime: '11:40:00',
      bookingEndAt: minutes(-200),
    });
    const [booking] = await ctx.database.db
      .insert(bookings)
      .values({
        bookingNumber: `CC-LIFE-${ended}`,
        userId: buyerId,
        concertId: ended,
        status: 'CONFIRMED',
        totalAmount: 52_000,
      })
      .returning({ id: bookings.id });
    const changes = await advance();
    expect(changes.completed).toEqual([ended]);
    expect(await statusOf(ended)).toBe('COMPLETED');
    expect(await statusOf(endingSoon)).toBe('ON_SALE');
    const [after] = await ctx.database.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, booking?.id ?? -1));
    expect(after?.status).toBe('COMPLETED');

    ctx.clock.advance(10 * 60_000);
    expect((await advance()).completed).toEqual([endingSoon]);
    ctx.clock.set(NOW);
  });

  it('handles shows that end after midnight', async () => {
    const overnight = await make({
      concertDate: '2031-06-09',
      startTime: '22:00:00',
      endTime: '01:00:00',
      bookingEndAt: minutes(-900),
    });
    const tonight = await make({
      concertDate: '2031-06-10',
      startTime: '23:00:00',
      endTime: '00:30:00',
      bookingEndAt: minutes(-10),
    });
    await advance();
    expect(await statusOf(overnight)).toBe('COMPLETED');
    expect(await statusOf(tonight)).toBe('ON_SALE');
  });

  it('sells out when no seat is free or held, and reopens when one is freed', async () => {
    const id = await make({});
    const seats = await ctx.database.db
      .select({ id: concertSeats.id })
      .from(concertSeats)
      .where(eq(concertSeats.concertId, id));
    const ids = seats.map((s) => s.id);
    await ctx.database.db
      .update(concertSeats)
      .set({ status: 'BOOKED' })
      .where(inArray(concertSeats.id, ids.slice(1)));
    await ctx.database.db
      .update(concertSeats)
      .set({ status: 'RESERVED' })
      .where(eq(concertSeats.id, ids[0] ?? -1));
    await advance();
    expect(await statusOf(id)).toBe('ON_SALE');

    await ctx.database.db
      .update(concertSeats)
      .set({ status: 'BOOKED' })
      .where(eq(concertSeats.id, ids[0] ?? -1));
    expect((await advance()).soldOut).toEqual([id]);
    expect(await statusOf(id)).toBe('SOLD_OUT');

    await ctx.database.db
      .update(concertSeats)
      .set({ status: 'AVAILABLE' })
      .where(eq(concertSeats.id, ids[0] ?? -1));
    expect((await advance()).backOnSale).toEqual([id]);
    expect(await statusOf(id)).toBe('ON_SALE');
  });

  it('does not reopen a sold-out concert after booking closed, nor touch cancelled ones', async () => {
    const closed = await make({ status: 'SOLD_OUT', bookingEndAt: minutes(-1) });
    const cancelled = await make({ status: 'CANCELLED', bookingStartAt: minutes(-5) });
    await advance();
    expect(await statusOf(closed)).toBe('SOLD_OUT');
    expect(await statusOf(cancelled)).toBe('CANCELLED');
  });

  it('is idempotent: a second run changes nothing', async () => {
    await advance();
    expect(await advance()).toEqual({
      completed: [],
      openedForSale: [],
      soldOut: [],
      backOnSale: [],
    });
  });
});
