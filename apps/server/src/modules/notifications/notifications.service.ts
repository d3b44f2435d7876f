import { createHash } from 'node:crypto';
import {
  BOOKING_REMINDER_LEAD_MINUTES,
  namePerformance,
  notificationMessages,
  notificationTexts,
  type ConcertAlertKind,
  type ConcertAlerts,
  type Inbox,
  type MarkReadBody,
  type PushPayload,
  type PushSubscribeBody,
} from '@curtaincall/contracts';
import { endpointTextRefusal, originAllowed } from '../../adapters/push-sender/endpoint-policy';
import type { PushSenderPort } from '../../adapters/push-sender/push-sender';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import type { SessionUser } from '../auth/auth.policy';
import {
  claimDueReminders,
  claimSeatsReleasedAlerts,
  countUnread,
  deleteAlert,
  deleteSubscription,
  findBookingForNotice,
  findConcertState,
  findDueDeliveries,
  hasActiveSubscription,
  insertAlert,
  insertNotifications,
  listAlertKinds,
  listInbox,
  markDelivery,
  markRead,
  markUnsubscribed,
  upsertSubscription,
  type AlertKind,
  type DueDelivery,
  type NewNotification,
} from './notifications.repo';

/** Pushes sent per job run; the rest wait for the next run (a few seconds later). */
const DELIVERY_BATCH = 200;
/** Pushes in flight at once within a batch. */
const DELIVERY_CONCURRENCY = 10;
/** Waits before attempts 2, 3, 4 and 5; after the fifth failure a push is given up. */
const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000];
/** How long a push service keeps a message for an offline browser. */
const PUSH_TTL_SECONDS = 60 * 60;
/** A burst of freed seats within this window tells each 취소표 subscriber once. */
export const SEATS_RELEASED_COOLDOWN_MS = 10 * 60_000;
const INBOX_SIZE = 30;

const alertKindOf: Record<ConcertAlertKind, AlertKind> = {
  'booking-open': 'BOOKING_OPENS',
  'seats-released': 'SEATS_RELEASED',
};

/** The spec's `playerId` for a browser subscription: URL-safe base64 SHA-256 of its endpoint. */
export function playerIdOf(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('base64url');
}

/**
 * Push subscriptions, concert alerts, the in-app inbox and the push outbox (api-contract §10,
 * product-rules §11). Requests only store: every push leaves from the `push-delivery` job.
 */
export function createNotificationsService(deps: {
  db: Database;
  sender: PushSenderPort;
  clock: Clock;
  /**
   * The operator's allow-list (`PUSH_EXTRA_ENDPOINT_ORIGINS`): origins accepted as endpoints
   * besides public https hosts on port 443 (their own push service, a test stand-in).
   */
  extraEndpointOrigins: string[];
}) {
  const { db, sender, clock } = deps;
  /** Set once the app's logger exists: notifying never fails the booking that caused it. */
  let reportError: (error: unknown, context: string) => void = () => undefined;

  /**
   * The endpoint's text at subscribe time: https, port 443, a host name that is not an internal
   * one (`localhost.`, `vm.`, `*.internal`, `*.svc`, `*.nip.io` ...). Where the name leads is
   * checked when a push is sent (the sender resolves it then and refuses inside addresses): a
   * lookup here would hold the request on a slow resolver, and the answer may change anyway.
   */
  function assertEndpointAllowed(endpoint: string): void {
    const url = new URL(endpoint);
    if (originAllowed(url, deps.extraEndpointOrigins)) return;
    if (endpointTextRefusal(url)) throw new AppError('C001', notificationMessages.endpoint);
  }

  async function subscribe(user: SessionUser, body: PushSubscribeBody): Promise<void> {
    const { endpoint, keys } = body.subscription;
    if (playerIdOf(endpoint) !== body.playerId) {
      throw new AppError('C001', notificationMessages.endpointMismatch);
    }
    assertEndpointAllowed(endpoint);
    await db.transaction((tx) =>
      upsertSubscription(
        tx,
        {
          userId: user.id,
          playerId: body.playerId,
          endpoint,
          p256dh: keys.p256dh,
          auth: keys.auth,
        },
        clock.now(),
      ),
    );
  }

  async function unsubscribe(user: SessionUser, playerId: string): Promise<void> {
    await db.transaction((tx) => markUnsubscribed(tx, user.id, playerId, clock.now()));
  }

  async function status(user: SessionUser): Promise<{ subscribed: boolean }> {
    return { subscribed: await hasActiveSubscription(db, user.id) };
  }

  /** Stores the notifications and queues their pushes; never throws into the caller. */
  async function notify(items: NewNotification[]): Promise<void> {
    if (items.length === 0) return;
    try {
      await db.transaction((tx) => insertNotifications(tx, items, clock.now()));
    } catch (error) {
      reportError(error, 'notification not stored');
    }
  }

  // ------------------------------------------------------------------ inbox

  async function inbox(user: SessionUser): Promise<Inbox> {
    const [rows, unreadCount] = await Promise.all([
      listInbox(db, user.id, INBOX_SIZE),
      countUnread(db, user.id),
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        body: row.body,
        url: row.url,
        read: row.readAt !== null,
        createdAt: row.createdAt.toISOString(),
      })),
      unreadCount,
    };
  }

  async function unreadCount(user: SessionUser): Promise<{ unreadCount: number }> {
    return { unreadCount: await countUnread(db, user.id) };
  }

  async function markInboxRead(user: SessionUser, body: MarkReadBody): Promise<void> {
    await markRead(db, user.id, body?.ids, clock.now());
  }

  // ------------------------------------------------------------------ concert alerts

  async function concertAlerts(user: SessionUser, concertId: number): Promise<ConcertAlerts> {
    const concert = await findConcertState(db, concertId);
    if (!concert) throw new AppError('T003');
    const kinds = await listAlertKinds(db, user.id, concertId);
    return {
      bookingOpen: kinds.includes('BOOKING_OPENS'),
      seatsReleased: kinds.includes('SEATS_RELEASED'),
    };
  }

  async function setConcertAlert(
    user: SessionUser,
    concertId: number,
    kind: ConcertAlertKind,
    on: boolean,
  ): Promise<ConcertAlerts> {
    const concert = await findConcertState(db, concertId);
    if (!concert) throw new AppError('T003');
    const row = { userId: user.id, concertId, kind: alertKindOf[kind] };
    if (on) {
      const now = clock.now();
      // 예매 알림: only before booking opens. 취소표: only while the show sells (a sold-out show
      // is the point; an on-sale one may have every seat held right now).
      const offered =
        kind === 'booking-open'
          ? concert.status === 'SCHEDULED' && concert.bookingStartAt > now
          : (concert.status === 'SOLD_OUT' || concert.status === 'ON_SALE') &&
            concert.bookingEndAt > now;
      if (!offered) throw new AppError('N001');
      await insertAlert(db, row, now);
    } else {
      await deleteAlert(db, row);
    }
    return concertAlerts(user, concertId);
  }

  // ------------------------------------------------------------------ what is sent

  /**
   * The reminder job: '예매 시작 5분 전입니다!' to those who asked, once each. Alerts are kept per
   * performance (issue 26), so each 회차's opening reminds only its own subscribers, by name.
   */
  async function sendBookingReminders(now: Date = clock.now()): Promise<number> {
    const claimed = await db.transaction(async (tx) => {
      const due = await claimDueReminders(tx, now, BOOKING_REMINDER_LEAD_MINUTES * 60_000);
      await insertNotifications(
        tx,
        due.map((d) => ({
          userId: d.userId,
          kind: 'BOOKING_OPENS_SOON' as const,
          title: notificationTexts.bookingOpensSoonTitle,
          body: notificationTexts.bookingOpensSoonBody(namePerformance(d.title, d.performance)),
          url: `/concerts/${d.concertId}`,
        })),
        // Stored and queued at the clock's time, due for the delivery job at once, even when
        // an operator (or the E2E hook) runs the job for another moment.
        clock.now(),
      );
      return due.length;
    });
    return claimed;
  }

  /**
   * Seats of a concert came free (a cancel, a failed or expired payment): 취소표 알림, to the
   * subscribers of this performance only, naming its 회차 when the show has several.
   */
  async function seatsReleased(concertId: number): Promise<void> {
    try {
      const now = clock.now();
      const concert = await findConcertState(db, concertId);
      if (!concert || !['ON_SALE', 'SOLD_OUT'].includes(concert.status)) return;
      if (concert.bookingEndAt <= now) return;
      await db.transaction(async (tx) => {
        const userIds = await claimSeatsReleasedAlerts(
          tx,
          concertId,
          now,
          SEATS_RELEASED_COOLDOWN_MS,
        );
        await insertNotifications(
          tx,
          userIds.map((userId) => ({
            userId,
            kind: 'SEATS_RELEASED' as const,
            title: notificationTexts.seatsReleasedTitle,
            body: notificationTexts.seatsReleasedBody(
              namePerformance(concert.title, concert.performance),
            ),
            url: `/concerts/${concertId}`,
          })),
          now,
        );
      });
    } catch (error) {
      reportError(error, 'seats-released alert not stored');
    }
  }

  async function bookingNotice(
    bookingId: number,
    kind: 'BOOKING_CONFIRMED' | 'BOOKING_CANCELLED' | 'CONCERT_CANCELLED',
  ): Promise<void> {
    try {
      const booking = await findBookingForNotice(db, bookingId);
      if (!booking) return;
      const title =
        kind === 'BOOKING_CONFIRMED'
          ? notificationTexts.bookingConfirmedTitle
          : kind === 'BOOKING_CANCELLED'
            ? notificationTexts.bookingCancelledTitle
            : notificationTexts.concertCancelledTitle;
      await notify([
        {
          userId: booking.userId,
          kind,
          title,
          body: notificationTexts.bookingBody(
            namePerformance(booking.concertTitle, booking.performance),
            booking.bookingNumber,
          ),
          url: `/bookingDetail/${encodeURIComponent(booking.bookingNumber)}`,
        },
      ]);
    } catch (error) {
      reportError(error, 'booking notification not stored');
    }
  }

  /** Issue 28: the issued 가상계좌 (bank, number, amount, deadline), by push and in the inbox. */
  async function depositRequested(
    bookingId: number,
    account: { bankName: string; accountNumber: string; amount: number; dueAt: string },
  ): Promise<void> {
    try {
      const booking = await findBookingForNotice(db, bookingId);
      if (!booking) return;
      const due = account.dueAt.replace('T', ' ').slice(0, 16);
      await notify([
        {
          userId: booking.userId,
          kind: 'DEPOSIT_REQUESTED',
          title: notificationTexts.depositRequestedTitle,
          body: notificationTexts.depositRequestedBody(
            `${account.bankName} ${account.accountNumber}`,
            `${account.amount.toLocaleString('ko-KR')}원`,
            due,
          ),
          url: `/bookingDetail/${encodeURIComponent(booking.bookingNumber)}`,
        },
      ]);
    } catch (error) {
      reportError(error, 'deposit notification not stored');
    }
  }

  /** Issue 28: a late deposit waits for the buyer's refund account. */
  async function refundAccountNeeded(bookingId: number): Promise<void> {
    try {
      const booking = await findBookingForNotice(db, bookingId);
      if (!booking) return;
      await notify([
        {
          userId: booking.userId,
          kind: 'REFUND_ACCOUNT_NEEDED',
          title: notificationTexts.refundAccountNeededTitle,
          body: notificationTexts.refundAccountNeededBody(
            namePerformance(booking.concertTitle, booking.performance),
            booking.bookingNumber,
          ),
          url: '/mypage',
        },
      ]);
    } catch (error) {
      reportError(error, 'refund account notification not stored');
    }
  }

  // ------------------------------------------------------------------ the outbox

  async function deliverOne(
    delivery: DueDelivery,
  ): Promise<'sent' | 'gone' | 'retry' | 'failed' | 'refused'> {
    const payload: PushPayload = {
      title: delivery.title,
      body: delivery.body,
      url: delivery.url,
      tag: `notification-${delivery.notificationId}`,
    };
    const outcome = await sender.send(
      { endpoint: delivery.endpoint, p256dh: delivery.p256dh, auth: delivery.auth },
      JSON.stringify(payload),
      { ttlSeconds: PUSH_TTL_SECONDS },
    );
    const attempts = delivery.attempts + 1;
    switch (outcome.kind) {
      case 'sent':
        await markDelivery(db, delivery.id, { status: 'SENT' });
        return 'sent';
      case 'gone':
        // The push service will never deliver to it again: forget it (its queued pushes too).
        await deleteSubscription(db, delivery.subscriptionId);
        return 'gone';
      case 'refused':
        // It leads inside our network (a subscription from before the checks, or a name that
        // now resolves inside): never try it again. Logged, since someone may be probing.
        await deleteSubscription(db, delivery.subscriptionId);
        reportError(
          new Error(`push endpoint refused: ${outcome.reason}`),
          `push subscription ${delivery.subscriptionId} removed`,
        );
        return 'refused';
      case 'failed':
        await markDelivery(db, delivery.id, { status: 'FAILED', error: outcome.error, attempts });
        return 'failed';
      case 'retry': {
        const delay = RETRY_DELAYS_MS[attempts - 1];
        await markDelivery(
          db,
          delivery.id,
          delay === undefined
            ? { status: 'FAILED', error: outcome.error, attempts }
            : {
                status: 'PENDING',
                error: outcome.error,
                attempts,
                nextAttemptAt: new Date(clock.now().getTime() + delay),
              },
        );
        return 'retry';
      }
    }
  }

  /** The `push-delivery` job: one batch of due pushes, a few at a time. */
  async function deliverDuePushes(
    options: { signal?: AbortSignal } = {},
  ): Promise<Record<'sent' | 'gone' | 'retry' | 'failed' | 'refused', number>> {
    const due = await findDueDeliveries(db, clock.now(), DELIVERY_BATCH);
    const counts = { sent: 0, gone: 0, retry: 0, failed: 0, refused: 0 };
    const queue = [...due];
    // Once the job's lock is lost, another instance may take the same batch: stop taking more.
    const next = () => (options.signal?.aborted ? undefined : queue.shift());
    const workers = Array.from({ length: Math.min(DELIVERY_CONCURRENCY, due.length) }, async () => {
      for (let delivery = next(); delivery; delivery = next()) {
        counts[await deliverOne(delivery)] += 1;
      }
    });
    await Promise.all(workers);
    return counts;
  }

  return {
    publicKey: sender.publicKey,
    subscribe,
    unsubscribe,
    status,
    inbox,
    unreadCount,
    markInboxRead,
    concertAlerts,
    setConcertAlert,
    sendBookingReminders,
    seatsReleased,
    bookingConfirmed: (bookingId: number) => bookingNotice(bookingId, 'BOOKING_CONFIRMED'),
    bookingCancelled: (bookingId: number) => bookingNotice(bookingId, 'BOOKING_CANCELLED'),
    concertCancelledRefund: (bookingId: number) => bookingNotice(bookingId, 'CONCERT_CANCELLED'),
    depositRequested,
    refundAccountNeeded,
    deliverDuePushes,
    setErrorReporter(report: (error: unknown, context: string) => void) {
      reportError = report;
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** What the bookings service tells (a narrow view, so bookings need not know the rest). */
export type BookingNotifier = Pick<
  NotificationsService,
  | 'bookingConfirmed'
  | 'bookingCancelled'
  | 'concertCancelledRefund'
  | 'seatsReleased'
  | 'depositRequested'
  | 'refundAccountNeeded'
>;
