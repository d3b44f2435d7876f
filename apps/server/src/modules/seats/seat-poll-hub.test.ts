import { describe, expect, it } from 'vitest';
import { createMemoryEventBus } from '../../adapters/event-bus/memory-event-bus';
import { createManualClock } from '../../lib/clock';
import { createSeatPollHub, type PollOutcome } from './seat-polling';
import type { SeatRow } from './seats.repo';
import { seatChannel, type SeatsService } from './seats.service';

const CONCERT = 7;

/** A seats service whose batch read waits until the test lets it answer. */
function slowSeats() {
  let answerRead: (rows: SeatRow[]) => void = () => undefined;
  let reads = 0;
  const service = {
    describeSeatRows: () =>
      new Promise<SeatRow[]>((resolve) => {
        reads += 1;
        answerRead = resolve;
      }),
    toEntry: (row: SeatRow) => ({ seatId: row.id, status: row.status }),
  } as unknown as SeatsService;
  return { service, answerRead: (rows: SeatRow[]) => answerRead(rows), reads: () => reads };
}

const heldSeat: SeatRow = {
  id: 1,
  concertId: CONCERT,
  section: 'A',
  rowNumber: 1,
  seatNumber: 1,
  status: 'RESERVED',
  heldByUserId: 99,
  heldAt: new Date(),
  holdExpiresAt: new Date(),
  bookingId: null,
};

function hubWithSlowSeats() {
  const bus = createMemoryEventBus();
  const seats = slowSeats();
  const hub = createSeatPollHub({
    bus,
    seats: seats.service,
    clock: createManualClock(),
    maxPollersPerConcert: 100,
    rememberMs: 70_000,
  });
  return { bus, seats, hub };
}

const settle = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('seat poll hub fan-out', () => {
  it('writes each answer through the poll’s writer, and never answers a poll that ended during the batch read', async () => {
    const { bus, seats, hub } = hubWithSlowSeats();
    const written = new Map<number, string[]>();
    const pollAs = (userId: number) => {
      written.set(userId, []);
      return hub.poll({
        concertId: CONCERT,
        userId,
        replace: true,
        timeoutMs: 60_000,
        changedSince: null,
        onClose: () => undefined,
        write: (json) => {
          written.get(userId)?.push(json);
          return true;
        },
      });
    };
    const first = pollAs(1);
    const second = pollAs(2);
    await settle();
    await bus.publish(seatChannel(CONCERT), { concertId: CONCERT, seatIds: [1] });
    await settle(150); // the batch window has passed: the read is under way
    // User 2 starts a new poll while the read is still out: the old one ends with the timeout body.
    const secondAgain = pollAs(2);
    const secondOutcome: PollOutcome = await second;
    expect(secondOutcome).toEqual({ kind: 'written' });
    seats.answerRead([heldSeat]);

    expect(await first).toEqual({ kind: 'written' });
    expect(written.get(1)?.map((json) => JSON.parse(json).status)).toEqual(['update']);
    // The replaced poll got its timeout answer only; the update went to nobody twice.
    const secondAnswers = written.get(2) ?? [];
    expect(secondAnswers.map((json) => JSON.parse(json).status)).toEqual(['timeout-ok']);
    // The poll that replaced it missed that batch, so it is answered at once from the same read.
    // (Before, it waited for the next change: the update reached user 2 never.)
    const again = await secondAgain;
    expect(again.kind === 'answer' && JSON.parse(again.json)).toMatchObject({
      status: 'update',
      seatUpdates: [{ seatId: 1, status: 'RESERVED' }],
    });
    expect(seats.reads()).toBe(1);
    expect(hub.waitingCount()).toBe(0);
    hub.closeAll();
  });

  it('falls back to handing the answer to the handler when the writer cannot send it', async () => {
    const { bus, seats, hub } = hubWithSlowSeats();
    const waiting = hub.poll({
      concertId: CONCERT,
      userId: 1,
      replace: true,
      timeoutMs: 60_000,
      changedSince: null,
      onClose: () => undefined,
      write: () => false,
    });
    await settle();
    await bus.publish(seatChannel(CONCERT), { concertId: CONCERT, seatIds: [1] });
    await settle(150);
    seats.answerRead([heldSeat]);
    const outcome = await waiting;
    expect(outcome.kind).toBe('answer');
    expect(outcome.kind === 'answer' && JSON.parse(outcome.json)).toMatchObject({
      status: 'update',
      seatUpdates: [{ seatId: 1, status: 'RESERVED' }],
    });
  });
});

/** A seats service that answers at once with the seats asked for, counting the reads. */
function instantSeats() {
  const reads: number[][] = [];
  const service = {
    describeSeatRows: ({ seatIds }: { seatIds: number[] }) => {
      reads.push(seatIds);
      return Promise.resolve(seatIds.map((id) => ({ ...heldSeat, id })));
    },
    toEntry: (row: SeatRow) => ({ seatId: row.id, status: row.status }),
  } as unknown as SeatsService;
  return { service, reads };
}

describe('seat poll hub between two polls', () => {
  const REMEMBER_MS = 70_000;
  function setup() {
    const bus = createMemoryEventBus();
    const seats = instantSeats();
    const clock = createManualClock();
    const hub = createSeatPollHub({
      bus,
      seats: seats.service,
      clock,
      maxPollersPerConcert: 100,
      rememberMs: REMEMBER_MS,
    });
    const pollAs = (userId: number, timeoutMs = 60_000) =>
      hub.poll({
        concertId: CONCERT,
        userId,
        replace: true,
        timeoutMs,
        changedSince: null,
        onClose: () => undefined,
      });
    /** A change, and the batch window after it. */
    const change = async (...seatIds: number[]) => {
      await bus.publish(seatChannel(CONCERT), { concertId: CONCERT, seatIds });
      await settle(150);
    };
    return { seats, clock, hub, pollAs, change };
  }
  const seatIdsOf = (outcome: PollOutcome) =>
    outcome.kind === 'answer'
      ? JSON.parse(outcome.json).seatUpdates.map((s: { seatId: number }) => s.seatId)
      : outcome.kind;
  /** Whether the poll is still held after the event loop had a turn. */
  const isWaiting = async (poll: Promise<PollOutcome>) =>
    (await Promise.race([poll.then(() => false), settle(30).then(() => true)])) === true;

  it('a change made while no poll of the user was held answers their next poll at once, once', async () => {
    const { seats, hub, pollAs, change } = setup();
    const first = pollAs(1);
    await settle();
    await change(1);
    expect(seatIdsOf(await first)).toEqual([1]);
    // Between two polls (the client re-reads the status, then polls 300 ms later).
    await change(2, 3);
    expect(seatIdsOf(await pollAs(1))).toEqual([2, 3]);
    // Nobody was waiting for that batch: the late poll read it, once.
    expect(seats.reads).toEqual([[1], [2, 3]]);
    // Caught up: the next poll waits for the next change.
    const third = pollAs(1);
    expect(await isWaiting(third)).toBe(true);
    await change(4);
    expect(seatIdsOf(await third)).toEqual([4]);
    hub.closeAll();
  });

  it('a poll with no change since the last answer waits, after an update or a timeout', async () => {
    const { hub, pollAs, change } = setup();
    const first = pollAs(1);
    await settle();
    await change(1);
    expect(seatIdsOf(await first)).toEqual([1]);
    const timedOut = await pollAs(1, 20);
    expect(timedOut.kind === 'answer' && JSON.parse(timedOut.json).status).toBe('timeout-ok');
    const next = pollAs(1);
    expect(await isWaiting(next)).toBe(true);
    expect(hub.waitingCount()).toBe(1);
    hub.closeAll();
    const closed = await next;
    expect(closed.kind === 'answer' && JSON.parse(closed.json).status).toBe('timeout-ok');
  });

  it('a poll that timed out just before a change is answered by its successor at once', async () => {
    const { hub, pollAs, change } = setup();
    const timedOut = await pollAs(1, 20);
    expect(timedOut.kind === 'answer' && JSON.parse(timedOut.json).status).toBe('timeout-ok');
    await change(5);
    expect(seatIdsOf(await pollAs(1))).toEqual([5]);
    hub.closeAll();
  });

  it('a user not answered on this instance yet gets the changes of the last seconds, then waits', async () => {
    const { clock, hub, pollAs, change } = setup();
    const other = pollAs(2);
    await settle();
    await change(1);
    await other;
    // User 1 may have been answered by another instance just before this change.
    expect(seatIdsOf(await pollAs(1))).toEqual([1]);
    expect(await isWaiting(pollAs(1))).toBe(true);
    // Long after the last change, a newcomer just waits.
    clock.advance(10_000);
    expect(await isWaiting(pollAs(3))).toBe(true);
    hub.closeAll();
  });

  it('forgets what users were answered after rememberMs', async () => {
    const { clock, hub, pollAs, change } = setup();
    const first = pollAs(1);
    await settle();
    await change(1);
    await first;
    clock.advance(REMEMBER_MS + 1);
    await change(2);
    // Treated as a newcomer: the change is recent, so it is sent, and the user is known again.
    expect(seatIdsOf(await pollAs(1))).toEqual([2]);
    expect(hub.rememberedUsers()).toBe(1);
    clock.advance(REMEMBER_MS + 1);
    expect(await isWaiting(pollAs(2))).toBe(true);
    expect(hub.rememberedUsers()).toBe(0);
    hub.closeAll();
  });
});

describe('seat poll hub and a bus that cannot subscribe', () => {
  it('fails the polls of that moment, and the next poll subscribes again', async () => {
    const memory = createMemoryEventBus();
    let failNext = true;
    // Redis is away for the first subscription, back for the next one.
    const bus = {
      ...memory,
      subscribe: (...args: Parameters<typeof memory.subscribe>) => {
        if (!failNext) return memory.subscribe(...args);
        failNext = false;
        return Promise.reject(new Error('Connection is closed.'));
      },
    };
    const seats = slowSeats();
    const hub = createSeatPollHub({
      bus,
      seats: seats.service,
      clock: createManualClock(),
      maxPollersPerConcert: 100,
      rememberMs: 70_000,
    });
    const pollAs = (userId: number) =>
      hub.poll({
        concertId: CONCERT,
        userId,
        replace: true,
        timeoutMs: 60_000,
        changedSince: null,
        onClose: () => undefined,
      });
    await expect(pollAs(1)).rejects.toThrow('Connection is closed.');
    await settle();

    const waiting = pollAs(1);
    await settle();
    expect(hub.waitingCount()).toBe(1);
    await memory.publish(seatChannel(CONCERT), { concertId: CONCERT, seatIds: [1] });
    await settle(150);
    seats.answerRead([heldSeat]);
    const outcome = await waiting;
    expect(outcome.kind === 'answer' && JSON.parse(outcome.json)).toMatchObject({
      status: 'update',
      seatUpdates: [{ seatId: 1, status: 'RESERVED' }],
    });
  });
});

describe('seat poll hub: a poll with lastUpdateTime on a concert this instance does not hear yet', () => {
  it('hears a change committed while its subscription was being made', async () => {
    // Another instance's hold commits and publishes while Redis is still answering this
    // instance's SUBSCRIBE: the message is lost to it. Read before subscribing, the poll found
    // nothing and then waited its whole timeout; subscribed first, its read finds the change.
    const memory = createMemoryEventBus();
    let openSubscription: () => void = () => undefined;
    const slowToSubscribe = {
      ...memory,
      publish: memory.publish,
      close: memory.close,
      subscribe: async (channel: string, handler: (message: unknown) => void) => {
        await new Promise<void>((resolve) => {
          openSubscription = resolve;
        });
        return memory.subscribe(channel, handler);
      },
    };
    let committed = false;
    const seats = {
      describeSeatRowsChangedSince: async () => (committed ? [heldSeat] : []),
      describeSeatRows: async () => [heldSeat],
      toEntry: (row: SeatRow) => ({ seatId: row.id, status: row.status }),
    } as unknown as SeatsService;
    const hub = createSeatPollHub({
      bus: slowToSubscribe,
      seats,
      clock: createManualClock(),
      maxPollersPerConcert: 100,
      rememberMs: 70_000,
    });
    const outcome = hub.poll({
      concertId: CONCERT,
      userId: 5,
      replace: true,
      timeoutMs: 2_000,
      changedSince: new Date(Date.now() - 1_000),
      onClose: () => undefined,
    });
    await settle(5);
    committed = true;
    await memory.publish(seatChannel(CONCERT), { concertId: CONCERT, seatIds: [heldSeat.id] });
    openSubscription();
    const answered = await Promise.race([outcome, settle(500).then(() => 'still waiting')]);
    expect(answered).toMatchObject({ kind: 'answer' });
    expect(JSON.parse((answered as { json: string }).json)).toMatchObject({
      status: 'update',
      seatUpdates: [{ seatId: heldSeat.id, status: 'RESERVED' }],
    });
    hub.closeAll();
  });
});
