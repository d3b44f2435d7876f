import {
  queueMessages,
  type PerformanceAlternative,
  type QueueSwitchResult,
} from '@curtaincall/contracts';
import type { QueueStorePort } from '../../adapters/queue-store/queue-store';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import type { SessionUser } from '../auth/auth.policy';
import {
  findOtherPerformancesOnSale,
  findPerformanceSaleState,
  type PerformanceSaleRow,
} from './queue.repo';

/** What the waiting room of a sold-out performance tells its fans (issue 26, point 3). */
export interface SoldOutNotice {
  soldOut: boolean;
  /** The show's other performances on sale with places left; empty unless sold out. */
  alternatives: PerformanceAlternative[];
}

/**
 * Sold out: the lifecycle job marked it so, or it is on sale with no seat free or held (the
 * job's own condition, seen before its next run). A held seat may still come back, so a
 * performance whose last seats are only held is not sold out yet.
 */
export function isSoldOut(performance: PerformanceSaleRow): boolean {
  return (
    performance.status === 'SOLD_OUT' ||
    (performance.status === 'ON_SALE' && !performance.hasSeatLeft)
  );
}

/** The queue entry's rule (product-rules.md §1): ON_SALE and inside the booking window. */
function isOnSaleAt(performance: PerformanceSaleRow, now: Date): boolean {
  return (
    performance.status === 'ON_SALE' &&
    now >= performance.bookingStartAt &&
    now < performance.bookingEndAt
  );
}

/**
 * The sold-out side of the waiting room (issue 26, point 3): whether a fan's performance sold
 * out, the show's other performances still on sale, and the move to one of them that keeps the
 * fan's original entry time. Only performances of a show of several speak of it: a plain
 * concert's waiting room answers exactly as the spec's.
 */
export function createPerformanceSwitch(deps: {
  db: Database;
  store: QueueStorePort;
  clock: Clock;
  /** Counts the caller's switch towards their queue rate limit (429 Q004 past it). */
  limitRate: (user: SessionUser, ip: string) => Promise<void>;
  /** Whole seconds until `rank` is admitted, when the admission rate is known. */
  estimateWait: (concertId: number, rank: number) => number | undefined;
}) {
  const { db, store, clock } = deps;

  /** 404 T003 unless the concert exists; one query, with the seats' probe. */
  async function saleStateOf(concertId: number): Promise<PerformanceSaleRow> {
    const performance = await findPerformanceSaleState(db, concertId);
    if (!performance) throw new AppError('T003');
    return performance;
  }

  /** The show's other performances a fan may move to now, each with its queue's length. */
  async function alternativesTo(
    performance: PerformanceSaleRow,
  ): Promise<PerformanceAlternative[]> {
    const now = clock.now();
    const onSale = (
      await findOtherPerformancesOnSale(db, {
        showId: performance.showId,
        exceptConcertId: performance.id,
        now,
      })
    ).filter((other) => other.remainingSeats > 0);
    // One count per performance (two O(log n) reads in Redis); a show has a handful on sale.
    const queues = await Promise.all(onSale.map((other) => store.stats(other.id, now.getTime())));
    return onSale.map((other, i) => ({
      concertId: other.id,
      concertDate: other.concertDate,
      startTime: other.startTime,
      remainingSeats: other.remainingSeats,
      waiting: queues[i]?.waiting ?? 0,
    }));
  }

  /** Null for the only performance of its show (the spec's answers stay unchanged). */
  async function soldOutNoticeOf(performance: PerformanceSaleRow): Promise<SoldOutNotice | null> {
    if (performance.performanceCount < 2) return null;
    if (!isSoldOut(performance)) return { soldOut: false, alternatives: [] };
    return { soldOut: true, alternatives: await alternativesTo(performance) };
  }

  /**
   * Moves the caller's waiting place from a sold-out performance's queue to another performance
   * of the same show that is on sale, keeping their entry time. Refused, with nothing changed,
   * in this order: an unknown source (404 T003), the target being the source (400 C001 on
   * toConcertId), the source not sold out (409 S006), an unknown target (404 T003), a target of
   * another show (400 C001), a target sold out or not on sale (409 B001), the caller not
   * waiting in the source queue (404 C002).
   */
  async function switchPerformance(options: {
    user: SessionUser;
    ip: string;
    concertId: number;
    toConcertId: number;
  }): Promise<QueueSwitchResult> {
    const { user, concertId, toConcertId } = options;
    await deps.limitRate(user, options.ip);
    const source = await saleStateOf(concertId);
    const otherShow = () =>
      new AppError('C001', undefined, [
        { field: 'toConcertId', message: queueMessages.switchOtherShow },
      ]);
    if (toConcertId === concertId) throw otherShow();
    if (!isSoldOut(source)) throw new AppError('S006', queueMessages.switchNotSoldOut);
    const target = await saleStateOf(toConcertId);
    if (target.showId !== source.showId) throw otherShow();
    if (isSoldOut(target)) throw new AppError('B001', queueMessages.switchTargetSoldOut);
    const now = clock.now();
    if (!isOnSaleAt(target, now)) throw new AppError('B001', queueMessages.switchTargetNotOnSale);

    const moved = await store.move(concertId, toConcertId, user.id, now.getTime());
    if (moved.status === 'NOT_WAITING') throw new AppError('C002', queueMessages.notInQueue);
    if (moved.status === 'ADMITTED') {
      return {
        concertId: toConcertId,
        status: 'ADMITTED',
        accessKey: moved.accessKey,
        message: queueMessages.switchedAdmitted,
      };
    }
    const etaSeconds = deps.estimateWait(toConcertId, moved.rank);
    return {
      concertId: toConcertId,
      status: 'WAITING',
      rank: moved.rank,
      ...(etaSeconds === undefined ? {} : { etaSeconds }),
      message: queueMessages.switched(moved.rank),
    };
  }

  return { saleStateOf, soldOutNoticeOf, switchPerformance };
}

export type PerformanceSwitch = ReturnType<typeof createPerformanceSwitch>;
