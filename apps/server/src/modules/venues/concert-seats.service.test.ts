import { seatMessages, type VenueLayout } from '@curtaincall/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryEventBus } from '../../adapters/event-bus/memory-event-bus';
import { concertSeats } from '../../db/schema/index';
import { AppError } from '../../http/app-error';
import { createConcert, insertUsers } from '../../../test/helpers/factories';
import { expectBookingInvariants } from '../../../test/helpers/invariants';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import type { AuthUser } from '../auth/auth.policy';
import type { BookingsService } from '../bookings/bookings.service';
import { createConcertsService } from '../concerts/concerts.service';
import { createSeatsService, seatChannel, type SeatChange } from '../seats/seats.service';
import { createConcertSeatsService } from './concert-seats.service';

/**
 * The seat rules a drawn hall adds (issue 25), at the service level: standing zones never
 * oversold however many fans race, wheelchair companions, promoter holds until released, and a
 * release that wakes open seat pages and the 취소표 alert.
 */
let ctx: TestContext;
let users: AuthUser[];
const bus = createMemoryEventBus();
const alerts: number[] = [];

const STANDING_CAPACITY = 120;
const RACERS = 500;

function layout(): VenueLayout {
  return {
    format: 'curtaincall.venue-layout',
    version: 1,
    name: '경쟁 홀',
    grades: [
      { code: 'R', name: 'R석', price: 99_000 },
      { code: 'SP', name: '스탠딩 P', price: 88_000 },
    ],
    sections: [
      {
        kind: 'SEATED',
        name: 'A',
        rows: [
          {
            row: 1,
            seats: [
              { number: 1, grade: 'R', tags: ['WHEELCHAIR'] },
              { number: 2, grade: 'R', tags: ['COMPANION'], companionOf: 1 },
              { number: 3, grade: 'R', tags: ['HELD'] },
              { number: 4, grade: 'R', tags: ['HELD'] },
              { number: 5, grade: 'R' },
            ],
          },
        ],
      },
      { kind: 'STANDING', name: 'P', grade: 'SP', capacity: STANDING_CAPACITY },
    ],
  };
}

const concerts = () =>
  createConcertsService({
    db: ctx.database.db,
    publicBaseUrl: '',
    clock: ctx.clock,
    catalogMaxAgeMs: 0,
  });
const seats = () =>
  createSeatsService({
    db: ctx.database.db,
    bus,
    concerts: concerts(),
    clock: ctx.clock,
    holdSeconds: 300,
  });
/** The bookings service's one part the seat changes use, observed. */
const bookingsStandIn = {
  publishSeats: async (concertId: number, seatIds: number[]) => {
    await bus.publish(seatChannel(concertId), { concertId, seatIds } satisfies SeatChange);
  },
  announceFreedSeats: async (concertId: number, seatIds: number[]) => {
    await bus.publish(seatChannel(concertId), { concertId, seatIds } satisfies SeatChange);
    alerts.push(concertId);
  },
} as unknown as BookingsService;
const concertSeatsService = () =>
  createConcertSeatsService({
    db: ctx.database.db,
    clock: ctx.clock,
    concerts: concerts(),
    bookings: bookingsStandIn,
  });

async function errorOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  return promise.then(
    () => ({ code: 'none', message: '' }),
    (error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      return { code: error.code, message: error.message };
    },
  );
}

async function seatId(concertId: number, section: string, row: number, number: number) {
  const [seat] = await ctx.database.db
    .select({ id: concertSeats.id })
    .from(concertSeats)
    .where(
      and(
        eq(concertSeats.concertId, concertId),
        eq(concertSeats.section, section),
        eq(concertSeats.rowNumber, row),
        eq(concertSeats.seatNumber, number),
      ),
    );
  if (!seat) throw new Error(`no seat ${section}-${row}-${number}`);
  return seat.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  users = await insertUsers(ctx.database.db, RACERS + 1);
}, 120_000);
afterAll(async () => ctx?.close());

describe('standing zones', () => {
  it(`${RACERS} fans racing for ${STANDING_CAPACITY} entry numbers: each number sold once`, async () => {
    const seller = users[RACERS]?.id ?? 0;
    const concert = await createConcert(ctx.database.db, {
      sellerId: seller,
      seatLayout: layout(),
    });
    const service = seats();
    const outcomes = await Promise.allSettled(
      users
        .slice(0, RACERS)
        .map((user) => service.holdStandingSlot({ user, concertId: concert.id, section: 'P' })),
    );
    const won = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(won).toHaveLength(STANDING_CAPACITY);
    expect(new Set(won.map((entry) => entry.seatInfo)).size).toBe(STANDING_CAPACITY);
    expect(won.map((entry) => Number(entry.seatInfo.split('-')[2])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: STANDING_CAPACITY }, (_, i) => i + 1),
    );
    expect(lost).toHaveLength(RACERS - STANDING_CAPACITY);
    for (const reason of lost) {
      expect(reason).toBeInstanceOf(AppError);
      expect((reason as AppError).message).toBe(seatMessages.standingFull);
    }
    const rows = await ctx.database.db
      .select({ status: concertSeats.status, holder: concertSeats.heldByUserId })
      .from(concertSeats)
      .where(and(eq(concertSeats.concertId, concert.id), eq(concertSeats.section, 'P')));
    expect(rows.filter((r) => r.status === 'RESERVED')).toHaveLength(STANDING_CAPACITY);
    expect(new Set(rows.map((r) => r.holder).filter((h) => h !== null)).size).toBe(
      STANDING_CAPACITY,
    );
    await expectBookingInvariants(ctx.database.db);
  }, 120_000);

  it('a fan takes at most two places, and an unknown zone is 404', async () => {
    const seller = users[RACERS]?.id ?? 0;
    const concert = await createConcert(ctx.database.db, {
      sellerId: seller,
      seatLayout: layout(),
    });
    const [fan] = users;
    if (!fan) throw new Error('fixture');
    const service = seats();
    const first = await service.holdStandingSlot({
      user: fan,
      concertId: concert.id,
      section: 'P',
    });
    const second = await service.holdStandingSlot({
      user: fan,
      concertId: concert.id,
      section: 'P',
    });
    expect([first.seatInfo, second.seatInfo]).toEqual(['P-0-1', 'P-0-2']);
    expect(
      await errorOf(service.holdStandingSlot({ user: fan, concertId: concert.id, section: 'P' })),
    ).toEqual({ code: 'B012', message: seatMessages.limit });
    expect(
      await errorOf(service.holdStandingSlot({ user: fan, concertId: concert.id, section: 'A' })),
    ).toEqual({ code: 'B006', message: seatMessages.standingUnknown });
    // A slot is never taken by its id (that would let a script pick number 1).
    const [, picker] = users;
    if (!picker) throw new Error('fixture');
    expect(
      await errorOf(
        service.holdSeat({
          user: picker,
          concertId: concert.id,
          seatId: await seatId(concert.id, 'P', 0, 50),
        }),
      ),
    ).toEqual({ code: 'B003', message: seatMessages.standingInOrder });
    // An expired hold's number goes to the next fan, lowest first.
    ctx.clock.advance(301_000);
    const [next] = users.slice(1);
    if (!next) throw new Error('fixture');
    const after = await service.holdStandingSlot({
      user: next,
      concertId: concert.id,
      section: 'P',
    });
    expect(after.seatInfo).toBe('P-0-1');
  });
  it('takes a zone by its exact name, quotes and dollar signs included', async () => {
    const seller = users[RACERS]?.id ?? 0;
    const odd = "P's $zone$ 1";
    const base = layout();
    const concert = await createConcert(ctx.database.db, {
      sellerId: seller,
      seatLayout: {
        ...base,
        sections: [
          ...base.sections,
          { kind: 'STANDING', name: odd, grade: 'SP', capacity: 3 },
          { kind: 'STANDING', name: "P's  1", grade: 'SP', capacity: 3 },
        ],
      },
    });
    const [fan] = users.slice(7);
    if (!fan) throw new Error('fixture');
    const slot = await seats().holdStandingSlot({ user: fan, concertId: concert.id, section: odd });
    expect(slot.seatInfo).toBe(`${odd}-0-1`);
    expect(
      await errorOf(
        seats().holdStandingSlot({ user: fan, concertId: concert.id, section: "P's 1'; --" }),
      ),
    ).toEqual({ code: 'B006', message: seatMessages.standingUnknown });
  });
});

describe('wheelchair seats and promoter holds', () => {
  it('a companion seat goes only to the holder of its wheelchair seat', async () => {
    const seller = users[RACERS]?.id ?? 0;
    const concert = await createConcert(ctx.database.db, {
      sellerId: seller,
      seatLayout: layout(),
    });
    const [wheelchairFan, stranger] = users;
    if (!wheelchairFan || !stranger) throw new Error('fixture');
    const wheelchair = await seatId(concert.id, 'A', 1, 1);
    const companion = await seatId(concert.id, 'A', 1, 2);
    const service = seats();
    expect(
      await errorOf(
        service.holdSeat({ user: wheelchairFan, concertId: concert.id, seatId: companion }),
      ),
    ).toEqual({ code: 'B003', message: seatMessages.companionFirst });
    await service.holdSeat({ user: wheelchairFan, concertId: concert.id, seatId: wheelchair });
    expect(
      await errorOf(service.holdSeat({ user: stranger, concertId: concert.id, seatId: companion })),
    ).toEqual({ code: 'B003', message: seatMessages.companionFirst });
    const paired = await service.holdSeat({
      user: wheelchairFan,
      concertId: concert.id,
      seatId: companion,
    });
    expect(paired.entry).toMatchObject({ seatInfo: 'A-1-2', isReservedByCurrentUser: true });
  });

  it('held seats are refused until released; the release wakes seat pages and the 취소표 alert', async () => {
    const seller = users[RACERS]?.id ?? 0;
    const concert = await createConcert(ctx.database.db, {
      sellerId: seller,
      seatLayout: layout(),
    });
    const [fan] = users;
    if (!fan) throw new Error('fixture');
    const held = await seatId(concert.id, 'A', 1, 3);
    const service = seats();
    expect(
      await errorOf(service.holdSeat({ user: fan, concertId: concert.id, seatId: held })),
    ).toEqual({
      code: 'B003',
      message: seatMessages.notForSale,
    });
    const woken: SeatChange[] = [];
    await bus.subscribe(seatChannel(concert.id), (message) => woken.push(message as SeatChange));
    const sellerUser = { id: seller, role: 'ROLE_SELLER' } as AuthUser;
    const released = await concertSeatsService().release(sellerUser, concert.id, {
      seatIds: [held],
      all: false,
    });
    expect(released.count).toBe(1);
    expect(woken).toContainEqual({ concertId: concert.id, seatIds: [held] });
    expect(alerts).toContain(concert.id);
    const granted = await service.holdSeat({ user: fan, concertId: concert.id, seatId: held });
    expect(granted.entry.status).toBe('RESERVED');
    // The other held seat is still the promoter's; releasing "all" frees just that one.
    const rest = await concertSeatsService().release(sellerUser, concert.id, {
      seatIds: [],
      all: true,
    });
    expect(rest.count).toBe(1);
    const again = await concertSeatsService().release(sellerUser, concert.id, {
      seatIds: [],
      all: true,
    });
    expect(again.count).toBe(0);
    await expectBookingInvariants(ctx.database.db);
  });
});
