import {
  concertMessages,
  type ConcertStatus,
  type OnSaleConcert,
  type OnSaleSnapshot,
} from '@curtaincall/contracts';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { toSeoulDateTime } from '../../lib/seoul-time';
import type { QueueService } from '../queue/queue.service';
import {
  countRefundsPending,
  findOnSaleConcertIds,
  findSaleFigures,
  findWatchableConcerts,
} from './on-sale.repo';

/** Concerts listed to choose from at most (the keyword narrows it). */
const WATCHABLE_LIMIT = 50;

export interface SaleOverview {
  /** Every concert on sale now or with a waiting room. */
  concerts: OnSaleSnapshot[];
  refundsPending: number;
}

/**
 * Live figures of on-sales (issue 18): the waiting room from the queue store (shared by every
 * instance), seats and revenue from the database. `/metrics` and the admin's live page read the
 * same snapshots. Reads are cached for `maxAgeMs` (by the injected clock), so a scrape every
 * few seconds per instance, or many admins watching at once, cost a few indexed queries.
 */
export function createOnSaleService(deps: {
  db: Database;
  queue: QueueService;
  clock: Clock;
  maxAgeMs: number;
}) {
  const { db, queue, clock } = deps;

  /** A value read at most once per `maxAgeMs`; a failed read is not kept. */
  function cached<T>(read: () => Promise<T>): () => Promise<T> {
    let entry: { at: number; value: Promise<T> } | null = null;
    return () => {
      const now = clock.now().getTime();
      if (entry && now - entry.at < deps.maxAgeMs) return entry.value;
      const value = read();
      const current = { at: now, value };
      entry = current;
      value.catch(() => {
        if (entry === current) entry = null;
      });
      return value;
    };
  }

  async function readSnapshots(concertIds: number[]): Promise<OnSaleSnapshot[]> {
    const now = clock.now();
    const [figures, queues] = await Promise.all([
      findSaleFigures(db, concertIds, now),
      Promise.all(concertIds.map((id) => queue.stats(id))),
    ]);
    const queueOf = new Map(concertIds.map((id, i) => [id, queues[i]]));
    return figures.map((f) => {
      const room = queueOf.get(f.concertId) ?? { waiting: 0, admitted: 0 };
      const rate = queue.measuredRate(f.concertId);
      return {
        concertId: f.concertId,
        title: f.title,
        status: f.status as ConcertStatus,
        queueLength: room.waiting,
        admitted: room.admitted,
        admissionsPerMinute: rate === null ? null : Math.round(rate * 60 * 10) / 10,
        totalSeats: f.totalSeats,
        seatsHeld: f.held,
        seatsSold: f.sold,
        seatsAvailable: Math.max(0, f.totalSeats - f.held - f.sold),
        revenue: f.revenue,
        measuredAt: toSeoulDateTime(now),
      };
    });
  }

  const overview = cached<SaleOverview>(async () => {
    const [onSale, withRoom] = await Promise.all([
      findOnSaleConcertIds(db),
      queue.activeConcerts(),
    ]);
    const ids = [...new Set([...onSale, ...withRoom])].sort((a, b) => a - b);
    const [concerts, refundsPending] = await Promise.all([
      readSnapshots(ids),
      countRefundsPending(db),
    ]);
    return { concerts, refundsPending };
  });

  const perConcert = new Map<number, () => Promise<OnSaleSnapshot | undefined>>();
  /** One concert's snapshot (404 T003 when unknown), cached like the overview. */
  async function snapshot(concertId: number): Promise<OnSaleSnapshot> {
    let read = perConcert.get(concertId);
    if (!read) {
      // Admins watch a handful of concerts; forget them all rather than grow without bound.
      if (perConcert.size >= 1_000) perConcert.clear();
      read = cached(async () => (await readSnapshots([concertId]))[0]);
      perConcert.set(concertId, read);
    }
    const found = await read();
    if (!found) {
      perConcert.delete(concertId);
      throw new AppError('T003', concertMessages.notFound);
    }
    return found;
  }

  async function listConcerts(keyword: string | undefined): Promise<OnSaleConcert[]> {
    const rows = await findWatchableConcerts(db, {
      ...(keyword ? { keyword } : {}),
      limit: WATCHABLE_LIMIT,
    });
    return rows.map((r) => ({
      concertId: r.id,
      title: r.title,
      artist: r.artist,
      status: r.status as ConcertStatus,
      concertDate: r.concertDate,
      bookingStartDate: toSeoulDateTime(r.bookingStartAt),
    }));
  }

  return { overview, snapshot, listConcerts };
}

export type OnSaleService = ReturnType<typeof createOnSaleService>;
