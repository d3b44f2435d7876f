import type { FastifyBaseLogger } from 'fastify';
import type { SessionStorePort } from '../adapters/session-store/session-store';
import type { Clock } from '../lib/clock';
import type { AiSummaryService } from '../modules/ai-summary/ai-summary.service';
import type { BookingsService } from '../modules/bookings/bookings.service';
import type { ConcertsService } from '../modules/concerts/concerts.service';
import type { NotificationsService } from '../modules/notifications/notifications.service';
import type { PaymentsService } from '../modules/payments/payments.service';
import type { PosterUploadsService } from '../modules/poster-uploads/poster-uploads.service';
import type { QueueService } from '../modules/queue/queue.service';
import type { SeatsService } from '../modules/seats/seats.service';
import type { Scheduler } from './scheduler';

/** Every scheduled job of the application, with its interval (product-rules.md). */
export function registerJobs(
  scheduler: Scheduler,
  deps: {
    clock: Clock;
    log: FastifyBaseLogger;
    concerts: ConcertsService;
    aiSummaries: AiSummaryService;
    seats: SeatsService;
    queue: QueueService;
    queueTickMs: number;
    sessionStore: SessionStorePort;
    bookings: BookingsService;
    posterUploads: PosterUploadsService;
    notifications: NotificationsService;
    payments: Pick<PaymentsService, 'expireUnpaidDeposits'>;
  },
): void {
  scheduler.add({
    name: 'concert-lifecycle',
    // product-rules §1: statuses move within 30 s of their moment.
    intervalMs: 15_000,
    runOnStart: true,
    run: async () => {
      const changes = await deps.concerts.advanceLifecycle(deps.clock.now());
      const moved = Object.values(changes).reduce((sum, ids) => sum + ids.length, 0);
      if (moved > 0) deps.log.info({ changes }, 'concert statuses advanced');
    },
  });
  scheduler.add({
    name: 'queue-admission',
    // product-rules §3: the oldest waiting users are admitted into free slots every second.
    intervalMs: deps.queueTickMs,
    // A second-by-second job: a dead holder stalls admissions for at most 5 s.
    lockTtlMs: 5_000,
    run: () => deps.queue.runAdmissionTick(),
  });
  scheduler.add({
    name: 'hold-sweeper',
    // product-rules §4: an expired hold is freed within 1 s of its expiry. Every 250 ms, so the
    // sweep's own wait is a quarter of that budget (an idle sweep is one index probe).
    intervalMs: 250,
    // Like admissions: a dead holder delays hold expiry by at most 5 s.
    lockTtlMs: 5_000,
    run: () => deps.seats.expireHolds(),
  });
  scheduler.add({
    name: 'unpaid-booking-expiry',
    // product-rules §6: an unpaid booking ends 10 minutes after it was made, checked at least
    // every 30 s, so its seats come back within 15 s of the deadline.
    intervalMs: 15_000,
    run: async () => {
      const expired = await deps.bookings.expireUnpaidBookings();
      if (expired > 0) deps.log.info({ expired }, 'unpaid bookings expired');
    },
  });
  scheduler.add({
    name: 'deposit-expiry',
    // Issue 28: a 가상계좌 order unpaid at its deadline gives its seats back within 1 s (the
    // hold-expiry goal: a day's orders share 23:59, so tens of thousands end at once; the job
    // takes them in set-based batches). An idle run is one probe of a partial index.
    intervalMs: 250,
    lockTtlMs: 5_000,
    run: async ({ signal }) => {
      const expired = await deps.payments.expireUnpaidDeposits({ signal });
      if (expired > 0) deps.log.info({ expired }, 'unpaid deposits expired');
    },
  });
  scheduler.add({
    name: 'cancelled-concert-refunds',
    // Every refund of a cancelled concert is this job's work (the seller's cancel only starts a
    // run), in batches of 200; a refused refund is retried on the next run, and leftovers that
    // reached the concert after its cancel end here too. Every
    // 5 s, so a run whose holder died is taken over within lock TTL + 5 s (15 s); the refunds
    // stop between two bookings when the lock is lost, so no two instances refund at once.
    intervalMs: 5_000,
    run: async ({ signal }) => {
      const result = await deps.bookings.settleCancelledConcerts({ signal });
      if (result.refunded + result.failed > 0) {
        deps.log.info(result, 'cancelled concert refunds');
      }
    },
  });
  scheduler.add({
    name: 'booking-open-reminders',
    // product-rules §11: '예매 시작 5분 전입니다!' 5 minutes before booking opens; every 15 s, so it
    // leaves between 5:00 and 4:45 before (the delivery job adds at most a few seconds).
    intervalMs: 15_000,
    run: async () => {
      const reminded = await deps.notifications.sendBookingReminders(deps.clock.now());
      if (reminded > 0) deps.log.info({ reminded }, 'booking-open reminders queued');
    },
  });
  scheduler.add({
    name: 'push-delivery',
    // The outbox of every push: a batch every 3 s, retries with growing waits, gone
    // subscriptions removed. Never inside a request.
    intervalMs: 3_000,
    run: async ({ signal }) => {
      const result = await deps.notifications.deliverDuePushes({ signal });
      if (result.sent + result.gone + result.retry + result.failed > 0) {
        deps.log.info(result, 'pushes delivered');
      }
    },
  });
  scheduler.add({
    name: 'ai-summary-batch',
    // product-rules §9: every 20 minutes; also at start, so new demo data has its summaries.
    intervalMs: 20 * 60_000,
    runOnStart: true,
    run: async ({ signal }) => {
      const result = await deps.aiSummaries.refreshChangedSummaries({ signal });
      if (result.refreshed.length + result.failed.length > 0) {
        deps.log.info(result, 'AI summaries refreshed');
      }
    },
  });
  scheduler.add({
    name: 'session-sweep',
    intervalMs: 60 * 60_000,
    run: async () => {
      const removed = await deps.sessionStore.sweepExpired();
      if (removed > 0) deps.log.info({ removed }, 'expired sessions removed');
    },
  });
  scheduler.add({
    name: 'orphan-poster-cleanup',
    // Posters uploaded by a form that was never saved (a closed tab, a crash before the
    // rollback): removed a day after their upload; hourly is soon enough for disk space.
    intervalMs: 60 * 60_000,
    run: async () => {
      const removed = await deps.posterUploads.removeOrphanPosters(deps.clock.now());
      if (removed > 0) deps.log.info({ removed }, 'orphan poster uploads removed');
    },
  });
}
