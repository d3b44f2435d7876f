import { describe, expect, it } from 'vitest';
import { createMemoryEventBus } from '../../adapters/event-bus/memory-event-bus';
import { seatChannel } from './seat-channel';
import type { SeatRow } from './seats.repo';
import { createTakenSeatCache } from './taken-seat-cache';

const NOW = Date.parse('2026-11-21T10:00:00Z');
const CONCERT = 7;

function seat(overrides: Partial<SeatRow> = {}): SeatRow {
  return {
    id: 101,
    concertId: CONCERT,
    section: 'A',
    rowNumber: 1,
    seatNumber: 1,
    status: 'RESERVED',
    heldByUserId: 5,
    heldAt: new Date(NOW - 1_000),
    holdExpiresAt: new Date(NOW + 60_000),
    bookingId: null,
    ...overrides,
  };
}

/** A cache whose subscription to the concert's channel is live (one microtask later). */
async function watchedCache(maxAgeMs = 2_000, maxEntries = 100) {
  const bus = createMemoryEventBus();
  const cache = createTakenSeatCache({
    bus,
    now: () => NOW,
    maxAgeMs,
    maxEntries,
    random: () => 0,
  });
  expect(cache.stamp(CONCERT)).toBeNull();
  await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
  return { bus, cache };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('taken seat cache', () => {
  it('remembers nothing until its concert is watched', () => {
    const cache = createTakenSeatCache({
      bus: createMemoryEventBus(),
      now: () => NOW,
      random: () => 0,
      maxAgeMs: 2_000,
      maxEntries: 100,
    });
    const stamp = cache.stamp(CONCERT);
    expect(stamp).toBeNull();
    cache.remember(seat(), stamp, NOW);
    expect(cache.lookup(CONCERT, 101, NOW)).toBeUndefined();
  });

  it('remembers a live hold until it expires or the age bound passes, whichever is first', async () => {
    const { cache } = await watchedCache(2_000);
    cache.remember(seat(), cache.stamp(CONCERT), NOW);
    expect(cache.lookup(CONCERT, 101, NOW)).toEqual({
      concertId: CONCERT,
      heldBy: 5,
      booked: false,
      until: NOW + 2_000,
    });
    expect(cache.lookup(CONCERT, 101, NOW + 2_000)).toBeUndefined();

    cache.remember(seat({ holdExpiresAt: new Date(NOW + 500) }), cache.stamp(CONCERT), NOW);
    expect(cache.lookup(CONCERT, 101, NOW + 499)?.until).toBe(NOW + 500);
    // An expired hold never blocks a seat.
    expect(cache.lookup(CONCERT, 101, NOW + 500)).toBeUndefined();
  });

  it('remembers sold seats, and never free or already expired ones', async () => {
    const { cache } = await watchedCache();
    const stamp = cache.stamp(CONCERT);
    cache.remember(seat({ id: 1, status: 'BOOKED', heldByUserId: null }), stamp, NOW);
    cache.remember(seat({ id: 2, status: 'AVAILABLE', heldByUserId: null }), stamp, NOW);
    cache.remember(seat({ id: 3, holdExpiresAt: new Date(NOW) }), stamp, NOW);
    expect(cache.lookup(CONCERT, 1, NOW)).toMatchObject({ booked: true, heldBy: null });
    expect(cache.lookup(CONCERT, 2, NOW)).toBeUndefined();
    expect(cache.lookup(CONCERT, 3, NOW)).toBeUndefined();
  });

  it('forgets a seat as soon as an instance announces a change of it', async () => {
    const { bus, cache } = await watchedCache();
    const stamp = cache.stamp(CONCERT);
    cache.remember(seat({ id: 1 }), stamp, NOW);
    cache.remember(seat({ id: 2 }), stamp, NOW);
    await bus.publish(seatChannel(CONCERT), { concertId: CONCERT, seatIds: [1] });
    await settle();
    expect(cache.lookup(CONCERT, 1, NOW)).toBeUndefined();
    expect(cache.lookup(CONCERT, 2, NOW)).toBeDefined();
  });

  it('does not remember a read that an announcement overtook (the seat may be free by now)', async () => {
    const { bus, cache } = await watchedCache();
    const stamp = cache.stamp(CONCERT);
    // The database read happens here; meanwhile another instance frees a seat and says so.
    await bus.publish(seatChannel(CONCERT), { concertId: CONCERT, seatIds: [101] });
    await settle();
    cache.remember(seat(), stamp, NOW);
    expect(cache.lookup(CONCERT, 101, NOW)).toBeUndefined();
    // A read started after it is remembered.
    cache.remember(seat(), cache.stamp(CONCERT), NOW);
    expect(cache.lookup(CONCERT, 101, NOW)).toBeDefined();
  });

  it('still remembers a read when only other seats were announced meanwhile (a sale opening)', async () => {
    const { bus, cache } = await watchedCache();
    const stamp = cache.stamp(CONCERT);
    await bus.publish(seatChannel(CONCERT), { concertId: CONCERT, seatIds: [102, 103] });
    await settle();
    cache.remember(seat(), stamp, NOW);
    expect(cache.lookup(CONCERT, 101, NOW)).toBeDefined();
    cache.remember(seat({ id: 102 }), stamp, NOW);
    expect(cache.lookup(CONCERT, 102, NOW)).toBeUndefined();
  });

  it('treats an announcement that names no seats as a change of every seat of the concert', async () => {
    const { bus, cache } = await watchedCache();
    cache.remember(seat({ id: 1 }), cache.stamp(CONCERT), NOW);
    const stamp = cache.stamp(CONCERT);
    await bus.publish(seatChannel(CONCERT), { concertId: CONCERT });
    await settle();
    expect(cache.lookup(CONCERT, 1, NOW)).toBeUndefined();
    cache.remember(seat({ id: 2 }), stamp, NOW);
    expect(cache.lookup(CONCERT, 2, NOW)).toBeUndefined();
  });

  it('stays safe when it forgets which seats were announced (memory bound)', async () => {
    const { bus, cache } = await watchedCache(2_000, 2);
    const stamp = cache.stamp(CONCERT);
    await bus.publish(seatChannel(CONCERT), { concertId: CONCERT, seatIds: [1, 2] });
    await bus.publish(seatChannel(CONCERT), { concertId: CONCERT, seatIds: [3] });
    await settle();
    // Seat 1's announcement is forgotten, so every read begun before it is suspect.
    cache.remember(seat({ id: 1 }), stamp, NOW);
    cache.remember(seat({ id: 4 }), stamp, NOW);
    expect(cache.lookup(CONCERT, 1, NOW)).toBeUndefined();
    expect(cache.lookup(CONCERT, 4, NOW)).toBeUndefined();
    cache.remember(seat({ id: 4 }), cache.stamp(CONCERT), NOW);
    expect(cache.lookup(CONCERT, 4, NOW)).toBeDefined();
  });

  it('answers only for the concert it was read for, and stays within its entry bound', async () => {
    const { cache } = await watchedCache(2_000, 2);
    const stamp = cache.stamp(CONCERT);
    cache.remember(seat({ id: 1 }), stamp, NOW);
    expect(cache.lookup(CONCERT + 1, 1, NOW)).toBeUndefined();
    cache.remember(seat({ id: 1 }), stamp, NOW);
    cache.remember(seat({ id: 2 }), stamp, NOW);
    cache.remember(seat({ id: 3 }), stamp, NOW);
    expect(cache.lookup(CONCERT, 1, NOW)).toBeUndefined();
    expect(cache.lookup(CONCERT, 3, NOW)).toBeDefined();
  });

  it('lets a click wait for the attempt in flight on its seat and refuse on that outcome', async () => {
    const { cache } = await watchedCache();
    const attempt = cache.beginAttempt(101, cache.stamp(CONCERT));
    const waiting = cache.takenAfterAttemptInFlight(CONCERT, 101, () => NOW);
    // Another seat has nothing in flight.
    await expect(cache.takenAfterAttemptInFlight(CONCERT, 102, () => NOW)).resolves.toBeUndefined();
    attempt.settle(seat({ heldByUserId: 9 }));
    await expect(waiting).resolves.toMatchObject({ heldBy: 9, booked: false });
    // Settled attempts are gone; the next click goes to the database.
    await expect(cache.takenAfterAttemptInFlight(CONCERT, 101, () => NOW)).resolves.toBeUndefined();
  });

  it('tells waiters nothing when the attempt failed, found the seat free, or the seat changed meanwhile', async () => {
    const { bus, cache } = await watchedCache();
    const failed = cache.beginAttempt(101, cache.stamp(CONCERT));
    const afterFailure = cache.takenAfterAttemptInFlight(CONCERT, 101, () => NOW);
    failed.settle(undefined);
    await expect(afterFailure).resolves.toBeUndefined();

    const free = cache.beginAttempt(101, cache.stamp(CONCERT));
    const afterFree = cache.takenAfterAttemptInFlight(CONCERT, 101, () => NOW);
    free.settle(seat({ status: 'AVAILABLE', heldByUserId: null, holdExpiresAt: null }));
    await expect(afterFree).resolves.toBeUndefined();

    const overtaken = cache.beginAttempt(101, cache.stamp(CONCERT));
    const afterAnnouncement = cache.takenAfterAttemptInFlight(CONCERT, 101, () => NOW);
    await bus.publish(seatChannel(CONCERT), { concertId: CONCERT, seatIds: [101] });
    await settle();
    overtaken.settle(seat());
    await expect(afterAnnouncement).resolves.toBeUndefined();
  });

  it('takes a grant announcement as the seat now being held, until the hold expires or the age bound', async () => {
    const { bus, cache } = await watchedCache(2_000);
    await bus.publish(seatChannel(CONCERT), {
      concertId: CONCERT,
      seatIds: [101, 102],
      held: [
        { seatId: 101, userId: 9, expiresAt: NOW + 60_000 },
        { seatId: 102, userId: 9, expiresAt: NOW },
        // Not among the changed seats: ignored.
        { seatId: 103, userId: 9, expiresAt: NOW + 60_000 },
      ],
    });
    await settle();
    expect(cache.lookup(CONCERT, 101, NOW)).toEqual({
      concertId: CONCERT,
      heldBy: 9,
      booked: false,
      until: NOW + 2_000,
    });
    expect(cache.lookup(CONCERT, 102, NOW)).toBeUndefined();
    expect(cache.lookup(CONCERT, 103, NOW)).toBeUndefined();
    // A later change of the seat (a release) forgets it again.
    await bus.publish(seatChannel(CONCERT), { concertId: CONCERT, seatIds: [101] });
    await settle();
    expect(cache.lookup(CONCERT, 101, NOW)).toBeUndefined();
  });

  it('spreads the age bound of entries written together over half its length', async () => {
    const draws = [0, 0.5, 0.999];
    const cache = createTakenSeatCache({
      bus: createMemoryEventBus(),
      now: () => NOW,
      random: () => draws.shift() ?? 0,
      maxAgeMs: 2_000,
      maxEntries: 100,
    });
    cache.stamp(CONCERT);
    await settle();
    const stamp = cache.stamp(CONCERT);
    for (const id of [1, 2, 3]) cache.remember(seat({ id }), stamp, NOW);
    expect([1, 2, 3].map((id) => (cache.lookup(CONCERT, id, NOW)?.until ?? 0) - NOW)).toEqual([
      2_000, 1_500, 1_001,
    ]);
  });
});
