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
  const service = {
    describeSeatRows: () =>
      new Promise<SeatRow[]>((resolve) => {
        answerRead = resolve;
      }),
    toEntry: (row: SeatRow) => ({ seatId: row.id, status: row.status }),
  } as unknown as SeatsService;
  return { service, answerRead: (rows: SeatRow[]) => answerRead(rows) };
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
    expect(hub.waitingCount()).toBe(1);
    hub.closeAll();
    expect(await secondAgain).toEqual({ kind: 'written' });
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
