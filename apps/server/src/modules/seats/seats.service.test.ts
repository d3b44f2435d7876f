import { seatMessages } from '@curtaincall/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryEventBus } from '../../adapters/event-bus/memory-event-bus';
import { concertSeats } from '../../db/schema/index';
import { AppError } from '../../http/app-error';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import { createConcert, insertUsers } from '../../../test/helpers/factories';
import type { AuthUser } from '../auth/auth.policy';
import { createConcertsService } from '../concerts/concerts.service';
import { createSeatsService, seatChannel, type SeatChange } from './seats.service';

let ctx: TestContext;
let users: AuthUser[];
let concertId: number;
let seatIds: number[];
const bus = createMemoryEventBus();
const changes: SeatChange[] = [];

function service() {
  const concerts = createConcertsService({
    db: ctx.database.db,
    publicBaseUrl: '',
    clock: ctx.clock,
    catalogMaxAgeMs: 0,
  });
  return createSeatsService({
    db: ctx.database.db,
    bus,
    concerts,
    clock: ctx.clock,
    holdSeconds: 300,
  });
}
async function codeOf(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string } | null> {
  return promise.then(
    () => null,
    (error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      return { code: error.code, message: error.message };
    },
  );
}
const hold = (user: AuthUser | undefined, seatId: number | undefined) =>
  service().holdSeat({ user: user as AuthUser, concertId, seatId: seatId ?? -1 });

beforeAll(async () => {
  ctx = await createTestContext();
  users = await insertUsers(ctx.database.db, 60);
  await bus.subscribe(seatChannel(1), (m) => changes.push(m as SeatChange));
});
afterAll(async () => ctx?.close());

beforeEach(async () => {
  const seller = users[59]?.id ?? 0;
  const concert = await createConcert(ctx.database.db, { sellerId: seller, totalSeats: 30 });
  concertId = concert.id;
  const rows = await ctx.database.db
    .select({ id: concertSeats.id })
    .from(concertSeats)
    .where(eq(concertSeats.concertId, concertId))
    .orderBy(concertSeats.id);
  seatIds = rows.map((r) => r.id);
  changes.length = 0;
});

describe('seat holds', () => {
  it('50 users racing for one seat: exactly one wins, the rest get the 유저 message', async () => {
    const results = await Promise.all(
      users.slice(0, 50).map((user) => codeOf(hold(user, seatIds[0]))),
    );
    expect(results.filter((r) => r === null)).toHaveLength(1);
    const refusals = results.filter((r) => r !== null);
    expect(refusals).toHaveLength(49);
    for (const refusal of refusals)
      expect(refusal).toEqual({ code: 'B003', message: seatMessages.heldByOther });
    const [row] = await ctx.database.db
      .select()
      .from(concertSeats)
      .where(eq(concertSeats.id, seatIds[0] ?? -1));
    expect(row?.status).toBe('RESERVED');
  });

  it('one user firing holds on 3 seats in parallel gets at most 2', async () => {
    const user = users[0];
    const results = await Promise.all(seatIds.slice(0, 3).map((id) => codeOf(hold(user, id))));
    expect(results.filter((r) => r === null)).toHaveLength(2);
    expect(results.filter((r) => r !== null)).toEqual([
      { code: 'B012', message: '좌석 선점은 최대 2개까지만 가능합니다.' },
    ]);
    const held = await ctx.database.db
      .select()
      .from(concertSeats)
      .where(
        and(eq(concertSeats.concertId, concertId), eq(concertSeats.heldByUserId, user?.id ?? -1)),
      );
    expect(held).toHaveLength(2);
  });

  it('holding your own seat again is idempotent with the same expiry', async () => {
    const first = await hold(users[1], seatIds[1]);
    ctx.clock.advance(10_000);
    const again = await hold(users[1], seatIds[1]);
    expect(again.alreadyHeld).toBe(true);
    expect(again.entry.expiresAt).toBe(first.entry.expiresAt);
    expect(first.entry).toMatchObject({
      status: 'RESERVED',
      isReservedByCurrentUser: true,
      remainingSeconds: 300,
    });
    expect(again.entry.remainingSeconds).toBe(290);
  });

  it('a booked seat is refused with its own message; an unknown seat is 404', async () => {
    await ctx.database.db
      .update(concertSeats)
      .set({ status: 'BOOKED' })
      .where(eq(concertSeats.id, seatIds[2] ?? -1));
    expect(await codeOf(hold(users[2], seatIds[2]))).toEqual({
      code: 'B003',
      message: '이미 예매 완료된 좌석입니다.',
    });
    expect((await codeOf(hold(users[2], 99_999_999)))?.code).toBe('B006');
  });

  it('refuses holds unless the concert is on sale inside its booking window', async () => {
    const seller = users[59]?.id ?? 0;
    const scheduled = await createConcert(ctx.database.db, {
      sellerId: seller,
      status: 'SCHEDULED',
      totalSeats: 3,
    });
    const closed = await createConcert(ctx.database.db, {
      sellerId: seller,
      bookingEndAt: new Date(ctx.clock.now().getTime() - 1),
      totalSeats: 3,
    });
    for (const id of [scheduled.id, closed.id]) {
      const [seat] = await ctx.database.db
        .select()
        .from(concertSeats)
        .where(eq(concertSeats.concertId, id))
        .limit(1);
      const result = await codeOf(
        service().holdSeat({ user: users[3] as AuthUser, concertId: id, seatId: seat?.id ?? -1 }),
      );
      expect(result).toEqual({ code: 'B001', message: '현재 예매 가능한 공연이 아닙니다.' });
    }
  });

  it('expired holds are swept, published, and never block the seat', async () => {
    await service().expireHolds(); // holds left by earlier tests
    await hold(users[4], seatIds[4]);
    ctx.clock.advance(299_000);
    await service().expireHolds();
    const [stillHeld] = await service().describeSeats({
      userId: users[4]?.id ?? 0,
      concertId,
      seatIds: [seatIds[4] ?? -1],
    });
    expect(stillHeld).toMatchObject({ status: 'RESERVED', remainingSeconds: 1 });
    // Expired but not swept yet: another user may already take it.
    ctx.clock.advance(1_000);
    const entries = await service().describeSeats({
      userId: users[5]?.id ?? 0,
      concertId,
      seatIds: [seatIds[4] ?? -1],
    });
    expect(entries[0]?.status).toBe('AVAILABLE');
    await hold(users[5], seatIds[4]);
    // The sweeper frees a different expired hold and publishes it.
    await hold(users[6], seatIds[5]);
    ctx.clock.advance(300_000);
    changes.length = 0;
    const sub = await bus.subscribe(seatChannel(concertId), (m) => changes.push(m as SeatChange));
    expect(await service().expireHolds()).toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(changes).toHaveLength(1);
    expect(changes[0]?.concertId).toBe(concertId);
    expect([...(changes[0]?.seatIds ?? [])].sort((a, b) => a - b)).toEqual([
      seatIds[4],
      seatIds[5],
    ]);
    await sub();
    const [row] = await ctx.database.db
      .select()
      .from(concertSeats)
      .where(eq(concertSeats.id, seatIds[5] ?? -1));
    expect(row).toMatchObject({ status: 'AVAILABLE', heldByUserId: null, holdExpiresAt: null });
  });

  it('releases only your own live hold', async () => {
    await hold(users[7], seatIds[6]);
    expect(
      await codeOf(
        service().releaseSeat({ user: users[8] as AuthUser, concertId, seatId: seatIds[6] ?? -1 }),
      ),
    ).toEqual({ code: 'B013', message: '선점하지 않은 좌석입니다.' });
    await service().releaseSeat({
      user: users[7] as AuthUser,
      concertId,
      seatId: seatIds[6] ?? -1,
    });
    const [row] = await ctx.database.db
      .select()
      .from(concertSeats)
      .where(eq(concertSeats.id, seatIds[6] ?? -1));
    expect(row?.status).toBe('AVAILABLE');
    await hold(users[7], seatIds[7]);
    ctx.clock.advance(300_000);
    expect(
      await codeOf(
        service().releaseSeat({ user: users[7] as AuthUser, concertId, seatId: seatIds[7] ?? -1 }),
      ),
    ).toEqual({ code: 'B005', message: '선점 시간이 만료되었습니다.' });
  });

  it('shows other users a held seat as RESERVED without their identity', async () => {
    await hold(users[9], seatIds[8]);
    const [entry] = await service().describeSeats({
      userId: users[10]?.id ?? 0,
      concertId,
      seatIds: [seatIds[8] ?? -1],
    });
    expect(entry).toMatchObject({
      status: 'RESERVED',
      isReservedByCurrentUser: false,
      remainingSeconds: 300,
    });
    expect(Object.keys(entry ?? {}).sort()).toEqual([
      'concertId',
      'expiresAt',
      'isReservedByCurrentUser',
      'remainingSeconds',
      'reservedAt',
      'seatId',
      'seatInfo',
      'status',
    ]);
    expect(entry?.seatInfo).toMatch(/^[A-Z]+-\d+-\d+$/);
  });
});
