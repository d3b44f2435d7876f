import {
  queueMessages,
  seatMessages,
  type QueueEnterResult,
  type QueueStatusResult,
} from '@curtaincall/contracts';
import type { CounterStorePort } from '../../adapters/counter-store/counter-store';
import type { EventBusPort } from '../../adapters/event-bus/event-bus';
import type { QueueStorePort } from '../../adapters/queue-store/queue-store';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import type { SaleMetrics } from '../../lib/sale-metrics';
import type { SessionUser } from '../auth/auth.policy';
import type { ConcertsService } from '../concerts/concerts.service';
import { createPerformanceSwitch, type SoldOutNotice } from './performance-switch';

/** The bus channel of a concert's waiting room: admissions and rank changes. */
export const queueChannel = (concertId: number) => `queue:${concertId}`;
/** Announces a closed waiting room (a cancelled concert) to every instance. */
const QUEUE_CLOSED_CHANNEL = 'queue-closed';

export type QueueEvent =
  | { type: 'ADMIT'; concertId: number; userId: number; accessKey: string }
  | {
      type: 'RANK_UPDATE';
      concertId: number;
      updates: Array<{ userId: number; rank: number }>;
      /** Admissions per second measured over the last minute; null before any admission. */
      ratePerSecond: number | null;
      /** The tick's id (its start, epoch ms), carried in every frame it sends. */
      tick: number;
    }
  /** The waiting room ended (the concert was cancelled): every waiting socket is told and closed. */
  | { type: 'CLOSED'; concertId: number };

/** Admissions older than this do not count towards the measured rate. */
const RATE_WINDOW_MS = 60_000;
/** A bound on the memory of live keys seen (one entry per buyer on the seat page). */
const LIVE_KEYS_REMEMBERED = 100_000;

/** Whole seconds until `rank` is admitted at `ratePerSecond`, or undefined when unknown. */
export function estimateWaitSeconds(
  rank: number,
  ratePerSecond: number | null,
): number | undefined {
  if (!ratePerSecond || ratePerSecond <= 0) return undefined;
  return Math.ceil(rank / ratePerSecond);
}

/**
 * The waiting room (product-rules.md §3): entry refused unless the concert is on sale in its
 * window, rate limits per account and IP, access keys, and the admission tick that hands keys
 * to the oldest waiting users and tells everyone whose rank moved (through the bus).
 */
export function createQueueService(deps: {
  db: Database;
  store: QueueStorePort;
  bus: EventBusPort;
  concerts: ConcertsService;
  counters: CounterStorePort;
  clock: Clock;
  ratePerMinute: number;
  /**
   * Before any admission was measured, assume each of the `capacity` slots turns over once per
   * hold period: a conservative first estimate that the measured rate then replaces.
   */
  initialRatePerSecond: number;
  metrics?: SaleMetrics;
}) {
  const { store, bus, concerts, counters, clock } = deps;
  /** Recent admission times per concert, on the instance running the tick. */
  const admissions = new Map<number, number[]>();
  /** Latest measured admission rate per concert: from our own ticks or another instance's. */
  const rates = new Map<number, number>();
  const rateOf = (concertId: number) => rates.get(concertId) ?? deps.initialRatePerSecond;

  function recordAdmissions(concertId: number, count: number, now: number): number | null {
    const times = (admissions.get(concertId) ?? []).filter((t) => t > now - RATE_WINDOW_MS);
    for (let i = 0; i < count; i += 1) times.push(now);
    admissions.set(concertId, times);
    if (times.length === 0) return rates.get(concertId) ?? null;
    const oldest = times[0] ?? now;
    // At least 10 s of window, so the first burst of admissions does not promise a tiny wait.
    const rate = times.length / Math.max(10, (now - oldest) / 1000);
    rates.set(concertId, rate);
    return rate;
  }

  /** A rate limit per account and (4x looser, for shared networks) per IP, per minute. */
  function rateLimit(kind: string, user: SessionUser, ip: string, perMinute: number) {
    return {
      counters: [
        { key: `${kind}:user:${user.id}`, max: perMinute },
        { key: `${kind}:ip:${ip}`, max: perMinute * 4 },
      ],
      windowSeconds: 60,
    };
  }

  async function limitRate(
    kind: string,
    user: SessionUser,
    ip: string,
    perMinute: number,
  ): Promise<void> {
    const limit = rateLimit(kind, user, ip, perMinute);
    const counts = await counters.incrementEach(
      limit.counters.map((c) => c.key),
      limit.windowSeconds,
    );
    if (limit.counters.some((c, i) => (counts[i] ?? 0) > c.max)) throw new AppError('Q004');
  }

  async function enter(options: {
    user: SessionUser;
    concertId: number;
    ip: string;
  }): Promise<QueueEnterResult> {
    const entered = await enterUnlessKeyGone(options);
    // Without a key to watch, the store has nothing to find gone.
    if (entered === 'SESSION_GONE') throw new AppError('A006');
    return entered;
  }

  /**
   * Like enter, for a caller known by a remembered session (the fast lane): `sessionLiveKey`
   * is checked in the entry's own store call, and 'SESSION_GONE' means nothing happened.
   */
  async function enterUnlessKeyGone(options: {
    user: SessionUser;
    concertId: number;
    ip: string;
    sessionLiveKey?: string | undefined;
  }): Promise<QueueEnterResult | 'SESSION_GONE'> {
    const now = clock.now();
    // The cached answer when there is one: a rush's entries then wait for Redis only.
    const onSale = concerts.onSaleFromCache(options.concertId, now);
    if (onSale !== true) {
      try {
        if (onSale === false) throw new AppError('B001');
        await concerts.assertOnSale(options.concertId, now);
      } catch (error) {
        // Refused entries count towards the limit too, and an over-limit caller hears 429 first.
        await limitRate('queue-enter', options.user, options.ip, deps.ratePerMinute);
        throw error;
      }
    }
    // The limit is counted by the store in the same call as the entry.
    const result = await store.enter(
      options.concertId,
      options.user.id,
      now.getTime(),
      rateLimit('queue-enter', options.user, options.ip, deps.ratePerMinute),
      options.sessionLiveKey,
    );
    if (result.status === 'KEY_GONE') return 'SESSION_GONE';
    if (result.status === 'RATE_LIMITED') throw new AppError('Q004');
    if (result.status === 'IMMEDIATE_ENTRY') {
      deps.metrics?.admitted(options.concertId, 1, 'immediate');
      return {
        status: 'IMMEDIATE_ENTRY',
        accessKey: result.accessKey,
        message: queueMessages.immediate,
      };
    }
    const etaSeconds = estimateWaitSeconds(result.rank, rateOf(options.concertId));
    return {
      status: 'WAITING',
      rank: result.rank,
      ...(etaSeconds === undefined ? {} : { etaSeconds }),
      message: queueMessages.waiting(result.rank),
    };
  }

  const performances = createPerformanceSwitch({
    db: deps.db,
    store,
    clock,
    limitRate: (user, ip) => limitRate('queue-switch', user, ip, deps.ratePerMinute),
    estimateWait: (concertId, rank) => estimateWaitSeconds(rank, rateOf(concertId)),
  });

  /**
   * The caller's place; while WAITING for a performance that sold out (of a show of several),
   * also `soldOut` and the show's other performances on sale (issue 26).
   */
  async function status(options: {
    user: SessionUser;
    concertId: number;
  }): Promise<QueueStatusResult> {
    // 404 T003 for an unknown concert, and the sold-out probe, in one query.
    const performance = await performances.saleStateOf(options.concertId);
    const result = await store.status(options.concertId, options.user.id, clock.now().getTime());
    if (result.status === 'ADMITTED') {
      return { status: 'ADMITTED', accessKey: result.accessKey, message: queueMessages.admitted };
    }
    if (result.status === 'WAITING') {
      const etaSeconds = estimateWaitSeconds(result.rank, rateOf(options.concertId));
      const notice = await performances.soldOutNoticeOf(performance);
      return {
        status: 'WAITING',
        rank: result.rank,
        ...(etaSeconds === undefined ? {} : { etaSeconds }),
        ...(notice?.soldOut ? { soldOut: true, alternatives: notice.alternatives } : {}),
      };
    }
    return { status: 'EXPIRED_OR_NOT_IN_QUEUE', message: queueMessages.notInQueue };
  }

  /**
   * Whether a performance (of a show of several) is sold out now, with the alternatives when it
   * is; null for a plain concert or an unknown one. The waiting-room sockets ask on seat changes.
   */
  async function soldOutNotice(concertId: number): Promise<SoldOutNotice | null> {
    try {
      return await performances.soldOutNoticeOf(await performances.saleStateOf(concertId));
    } catch (error) {
      if (error instanceof AppError && error.code === 'T003') return null;
      throw error;
    }
  }

  /** Keeps the caller's key alive (the seat page calls this every 60 s). */
  async function extendKey(options: {
    user: SessionUser;
    concertId: number;
  }): Promise<{ newTtlSeconds: number }> {
    const extended = await store.extend(options.concertId, options.user.id, clock.now().getTime());
    if (!extended) throw new AppError('C002', queueMessages.noLiveKey);
    return { newTtlSeconds: Math.floor(extended.ttlMs / 1000) };
  }

  async function releaseKey(options: { user: SessionUser; concertId: number }): Promise<void> {
    await store.release(options.concertId, options.user.id, clock.now().getTime());
  }

  /**
   * Keys this instance has seen live, with their expiry: every seat call carries one, and a live
   * key can only live longer (extend), never shorter (a release leaves it to its TTL), so until
   * that expiry it needs no store round trip.
   */
  const liveKeys = new Map<string, number>();

  /** Seat routes: 403 Q002 unless the header carries the caller's live key for this concert. */
  async function assertAccessKey(options: {
    user: SessionUser;
    concertId: number;
    accessKey: string | undefined;
  }) {
    if (!options.accessKey) throw new AppError('Q002', seatMessages.keyMissing);
    const now = clock.now().getTime();
    const known = `${options.concertId}:${options.user.id}:${options.accessKey}`;
    if ((liveKeys.get(known) ?? 0) > now) return;
    const expiresAt = await store.keyExpiry(
      options.concertId,
      options.user.id,
      options.accessKey,
      now,
    );
    if (expiresAt === null) {
      liveKeys.delete(known);
      throw new AppError('Q002', seatMessages.keyInvalid);
    }
    if (liveKeys.size >= LIVE_KEYS_REMEMBERED) liveKeys.clear();
    liveKeys.set(known, expiresAt);
  }

  async function limitSeatCalls(user: SessionUser, ip: string, perMinute: number): Promise<void> {
    await limitRate('seat', user, ip, perMinute);
  }

  /** Marks a waiting user present (their socket is open). */
  async function touchWaiting(concertId: number, userId: number): Promise<void> {
    await store.touch(concertId, userId, clock.now().getTime());
  }

  /**
   * The admission tick (every second, on the instance holding the job lock): for every concert
   * with a waiting room, admit into free slots and publish ADMIT and RANK_UPDATE events.
   */
  async function runAdmissionTick(): Promise<{ admitted: number; concerts: number }> {
    const now = clock.now().getTime();
    let admittedTotal = 0;
    const concertIds = await store.activeConcerts();
    for (const concertId of concertIds) {
      const tick = await store.tick(concertId, now);
      const rate =
        recordAdmissions(concertId, tick.admitted.length, now) ?? deps.initialRatePerSecond;
      admittedTotal += tick.admitted.length;
      if (tick.admitted.length > 0) deps.metrics?.admitted(concertId, tick.admitted.length, 'tick');
      for (const grant of tick.admitted) {
        const event: QueueEvent = {
          type: 'ADMIT',
          concertId,
          userId: grant.userId,
          accessKey: grant.accessKey,
        };
        await bus.publish(queueChannel(concertId), event);
      }
      if (tick.rankChanges.length > 0) {
        const event: QueueEvent = {
          type: 'RANK_UPDATE',
          concertId,
          updates: tick.rankChanges,
          ratePerSecond: rate,
          tick: now,
        };
        await bus.publish(queueChannel(concertId), event);
      }
    }
    return { admitted: admittedTotal, concerts: concertIds.length };
  }

  /** Another instance's tick measured a rate: keep it for ETAs answered here. */
  /** Forgets the keys of a concert this instance remembers as live. */
  function forgetKeysOf(concertId: number): void {
    const prefix = `${concertId}:`;
    for (const known of liveKeys.keys()) if (known.startsWith(prefix)) liveKeys.delete(known);
  }
  // Every instance forgets a closed concert's keys when any instance closes it.
  void bus
    .subscribe(QUEUE_CLOSED_CHANNEL, (message) => {
      const concertId = Number((message as { concertId?: unknown } | null)?.concertId);
      if (Number.isSafeInteger(concertId)) forgetKeysOf(concertId);
    })
    .catch(() => undefined);

  /**
   * Ends a cancelled concert's waiting room: places and keys in the store, and the keys every
   * instance remembers as live (told over the event bus), so the seat routes refuse them at once.
   */
  async function closeConcert(concertId: number): Promise<void> {
    await store.closeConcert(concertId);
    forgetKeysOf(concertId);
    await bus.publish(QUEUE_CLOSED_CHANNEL, { concertId }).catch(() => undefined);
    const closed: QueueEvent = { type: 'CLOSED', concertId };
    await bus.publish(queueChannel(concertId), closed).catch(() => undefined);
  }

  function noteRate(concertId: number, ratePerSecond: number | null): void {
    if (ratePerSecond !== null) rates.set(concertId, ratePerSecond);
  }

  /**
   * Admissions per second last measured for a concert (this instance's tick, or another's
   * announced with its rank updates); null when none was measured here yet.
   */
  function measuredRate(concertId: number): number | null {
    return rates.get(concertId) ?? null;
  }

  /** Waiting users and taken slots of a concert, from the shared store (metrics, admin view). */
  function stats(concertId: number) {
    return store.stats(concertId, clock.now().getTime());
  }

  function activeConcerts(): Promise<number[]> {
    return store.activeConcerts();
  }

  return {
    enter,
    enterUnlessKeyGone,
    status,
    soldOutNotice,
    switchPerformance: performances.switchPerformance,
    extendKey,
    releaseKey,
    assertAccessKey,
    limitSeatCalls,
    touchWaiting,
    runAdmissionTick,
    noteRate,
    measuredRate,
    stats,
    activeConcerts,
    closeConcert,
  };
}

export type QueueService = ReturnType<typeof createQueueService>;
