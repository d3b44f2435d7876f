import type { NotificationKind } from '@curtaincall/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

/** The stored alert kinds (the API's path segments map onto these). */
export type AlertKind = 'BOOKING_OPENS' | 'SEATS_RELEASED';

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
}

// ---------------------------------------------------------------- subscriptions

/**
 * Browser subscriptions kept per account: a phone, a laptop, a work PC and a few browsers fit;
 * a new one beyond it drops the oldest. It bounds the rows one account can make us keep and
 * post to (each is an endpoint URL the account chose).
 */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;
/**
 * Pushes queued for one notification (one event for one person): one per device, the most
 * recently subscribed first, however many rows the table holds (rows from before the cap,
 * two subscribes racing). With it no single event makes the server send more than this many
 * requests per recipient, so many accounts pointing endpoints at one victim host amplify an
 * event at most tenfold, and the delivery job's batch (200 per run) bounds the rate.
 */
export const MAX_PUSHES_PER_NOTIFICATION = MAX_SUBSCRIPTIONS_PER_USER;

/**
 * Upsert by `playerId`, bound to the caller: the same browser subscription used after another
 * account logs in on that browser now belongs to that account (its owner holds the endpoint).
 */
export async function upsertSubscription(
  db: DbOrTx,
  row: { userId: number; playerId: string; endpoint: string; p256dh: string; auth: string },
  now: Date,
): Promise<void> {
  // Subscribes of one account one at a time (the row lock), so the cap below counts them all.
  await db.execute(sql`select id from users where id = ${row.userId} for update`);
  // Pushes still queued for this browser's previous account are not the new account's to see.
  await db.execute(sql`
    delete from push_deliveries d using push_subscriptions s
     where d.subscription_id = s.id and s.player_id = ${row.playerId}
       and s.user_id <> ${row.userId} and d.status = 'PENDING'`);
  await db.execute(sql`
    insert into push_subscriptions
      (user_id, player_id, channel, endpoint, p256dh, auth, status, created_at, updated_at)
    values (${row.userId}, ${row.playerId}, 'PUSH', ${row.endpoint}, ${row.p256dh}, ${row.auth},
            'SUBSCRIBED', ${now}, ${now})
    on conflict (player_id) do update set
      user_id = excluded.user_id, endpoint = excluded.endpoint, p256dh = excluded.p256dh,
      auth = excluded.auth, status = 'SUBSCRIBED', updated_at = excluded.updated_at`);
  // Beyond the cap: unsubscribed rows go first, then the longest unrefreshed (queued pushes
  // go with them, by the foreign key).
  await db.execute(sql`
    delete from push_subscriptions
     where user_id = ${row.userId}
       and id not in (
         select id from push_subscriptions where user_id = ${row.userId}
          order by (status = 'SUBSCRIBED') desc, updated_at desc, id desc
          limit ${MAX_SUBSCRIPTIONS_PER_USER})`);
}

/** Marks the caller's own subscription UNSUBSCRIBED; anyone else's id changes nothing. */
export async function markUnsubscribed(
  db: DbOrTx,
  userId: number,
  playerId: string,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    update push_subscriptions set status = 'UNSUBSCRIBED', updated_at = ${now}
     where player_id = ${playerId} and user_id = ${userId}`);
  // Pushes still waiting for that browser would reach someone who just said no.
  await db.execute(sql`
    delete from push_deliveries d using push_subscriptions s
     where d.subscription_id = s.id and s.player_id = ${playerId} and s.user_id = ${userId}
       and d.status = 'PENDING'`);
}

export async function hasActiveSubscription(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from push_subscriptions
         where user_id = ${userId} and status = 'SUBSCRIBED' and channel = 'PUSH' limit 1`,
  );
  return rows.length > 0;
}

export async function deleteSubscription(db: DbOrTx, subscriptionId: number): Promise<void> {
  await db.execute(sql`delete from push_subscriptions where id = ${subscriptionId}`);
}

// ---------------------------------------------------------------- notifications and outbox

/**
 * Stores notifications (in this order: first come, first served) and queues one push per
 * SUBSCRIBED subscription of each recipient, at most MAX_PUSHES_PER_NOTIFICATION. Returns the
 * new notification ids.
 */
export async function insertNotifications(
  db: DbOrTx,
  items: NewNotification[],
  now: Date,
): Promise<number[]> {
  if (items.length === 0) return [];
  const values = sql.join(
    items.map(
      (n, order) =>
        sql`(${order}::int, ${n.userId}::int, ${n.kind}, ${n.title}, ${n.body}, ${n.url})`,
    ),
    sql`, `,
  );
  const inserted = await queryRows<{ id: number }>(
    db,
    sql`insert into user_notifications (user_id, kind, title, body, url, created_at)
        select v.user_id, v.kind, v.title, v.body, v.url, ${now}
          from (values ${values}) as v(ord, user_id, kind, title, body, url)
         order by v.ord
        returning id`,
  );
  const ids = inserted.map((row) => Number(row.id));
  await db.execute(sql`
    insert into push_deliveries (notification_id, subscription_id, status, next_attempt_at)
    select ranked.notification_id, ranked.subscription_id, 'PENDING', ${now}
      from (
        select n.id as notification_id, s.id as subscription_id,
               row_number() over (partition by n.id order by s.updated_at desc, s.id desc) as rank
          from user_notifications n
          join push_subscriptions s on s.user_id = n.user_id and s.status = 'SUBSCRIBED'
         where n.id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})
      ) ranked
     where ranked.rank <= ${MAX_PUSHES_PER_NOTIFICATION}
     order by ranked.notification_id, ranked.subscription_id`);
  return ids;
}

export interface DueDelivery {
  id: number;
  attempts: number;
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  notificationId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  createdAt: Date;
}

/** Pending pushes whose time has come, oldest first (the job's batch). */
export async function findDueDeliveries(
  db: DbOrTx,
  now: Date,
  limit: number,
): Promise<DueDelivery[]> {
  const rows = await queryRows<{
    id: number;
    attempts: number;
    subscription_id: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    notification_id: number;
    kind: NotificationKind;
    title: string;
    body: string;
    url: string;
    created_at: Date | string;
  }>(
    db,
    sql`select d.id, d.attempts, s.id as subscription_id, s.endpoint, s.p256dh, s.auth,
               n.id as notification_id, n.kind, n.title, n.body, n.url, n.created_at
          from push_deliveries d
          join push_subscriptions s on s.id = d.subscription_id
          join user_notifications n on n.id = d.notification_id
         where d.status = 'PENDING' and d.next_attempt_at <= ${now}
           and s.status = 'SUBSCRIBED' and s.endpoint is not null
         order by d.id
         limit ${limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    attempts: Number(r.attempts),
    subscriptionId: Number(r.subscription_id),
    endpoint: r.endpoint,
    p256dh: r.p256dh,
    auth: r.auth,
    notificationId: Number(r.notification_id),
    kind: r.kind,
    title: r.title,
    body: r.body,
    url: r.url,
    createdAt: new Date(r.created_at),
  }));
}

export async function markDelivery(
  db: DbOrTx,
  deliveryId: number,
  change:
    | { status: 'SENT' }
    | { status: 'FAILED'; error: string; attempts: number }
    | { status: 'PENDING'; error: string; attempts: number; nextAttemptAt: Date },
): Promise<void> {
  if (change.status === 'SENT') {
    await db.execute(sql`
      update push_deliveries set status = 'SENT', attempts = attempts + 1, last_error = null
       where id = ${deliveryId}`);
    return;
  }
  const next = change.status === 'PENDING' ? change.nextAttemptAt : null;
  await db.execute(sql`
    update push_deliveries
       set status = ${change.status}, attempts = ${change.attempts},
           last_error = ${change.error.slice(0, 500)},
           next_attempt_at = coalesce(${next}::timestamptz, next_attempt_at)
     where id = ${deliveryId}`);
}

// ---------------------------------------------------------------- inbox

export interface InboxRow {
  id: number;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  readAt: Date | null;
  createdAt: Date;
}

export async function listInbox(db: DbOrTx, userId: number, limit: number): Promise<InboxRow[]> {
  const rows = await queryRows<{
    id: number;
    kind: NotificationKind;
    title: string;
    body: string;
    url: string;
    read_at: Date | string | null;
    created_at: Date | string;
  }>(
    db,
    sql`select id, kind, title, body, url, read_at, created_at from user_notifications
         where user_id = ${userId} order by id desc limit ${limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    title: r.title,
    body: r.body,
    url: r.url,
    readAt: r.read_at === null ? null : new Date(r.read_at),
    createdAt: new Date(r.created_at),
  }));
}

export async function countUnread(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await queryRows<{ count: number | string }>(
    db,
    sql`select count(*)::int as count from user_notifications
         where user_id = ${userId} and read_at is null`,
  );
  return Number(row?.count ?? 0);
}

/** Marks the caller's notifications read: the given ids (others' ids are ignored), or all. */
export async function markRead(
  db: DbOrTx,
  userId: number,
  ids: number[] | undefined,
  now: Date,
): Promise<void> {
  const only =
    ids === undefined
      ? sql``
      : sql`and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  await db.execute(sql`
    update user_notifications set read_at = ${now}
     where user_id = ${userId} and read_at is null ${only}`);
}

// ---------------------------------------------------------------- concert alerts

/**
 * The concert's 회차 for its messages (issue 26): its date and start time when its show has
 * more than one performance (whatever their status), else null (a plain concert).
 */
const performanceColumns = sql`to_char(c.concert_date, 'YYYY-MM-DD') as concert_date,
  to_char(c.start_time, 'HH24:MI:SS') as start_time,
  (select count(*)::int from concerts sc where sc.show_id = c.show_id) as performances`;

interface RawPerformance {
  concert_date: string;
  start_time: string;
  performances: number;
}

export type PerformanceOfMessage = { concertDate: string; startTime: string } | null;

function performanceOf(row: RawPerformance): PerformanceOfMessage {
  return Number(row.performances) > 1
    ? { concertDate: row.concert_date, startTime: row.start_time }
    : null;
}

export async function findConcertState(
  db: DbOrTx,
  concertId: number,
): Promise<
  | {
      title: string;
      status: string;
      bookingStartAt: Date;
      bookingEndAt: Date;
      performance: PerformanceOfMessage;
    }
  | undefined
> {
  const [row] = await queryRows<
    {
      title: string;
      status: string;
      booking_start_at: Date | string;
      booking_end_at: Date | string;
    } & RawPerformance
  >(
    db,
    sql`select c.title, c.status, c.booking_start_at, c.booking_end_at, ${performanceColumns}
          from concerts c where c.id = ${concertId}`,
  );
  return row
    ? {
        title: row.title,
        status: row.status,
        bookingStartAt: new Date(row.booking_start_at),
        bookingEndAt: new Date(row.booking_end_at),
        performance: performanceOf(row),
      }
    : undefined;
}

export async function listAlertKinds(
  db: DbOrTx,
  userId: number,
  concertId: number,
): Promise<AlertKind[]> {
  const rows = await queryRows<{ kind: AlertKind }>(
    db,
    sql`select kind from concert_alerts where user_id = ${userId} and concert_id = ${concertId}`,
  );
  return rows.map((r) => r.kind);
}

export async function insertAlert(
  db: DbOrTx,
  row: { userId: number; concertId: number; kind: AlertKind },
  now: Date,
): Promise<void> {
  await db.execute(sql`
    insert into concert_alerts (user_id, concert_id, kind, created_at)
    values (${row.userId}, ${row.concertId}, ${row.kind}, ${now})
    on conflict (user_id, concert_id, kind) do nothing`);
}

export async function deleteAlert(
  db: DbOrTx,
  row: { userId: number; concertId: number; kind: AlertKind },
): Promise<void> {
  await db.execute(sql`
    delete from concert_alerts
     where user_id = ${row.userId} and concert_id = ${row.concertId} and kind = ${row.kind}`);
}

/**
 * Claims the reminders due now: alerts of concerts whose booking opens within `leadMs` and has
 * not opened yet, not reminded before. The conditional update is the claim, so two runs (or two
 * instances) never remind anyone twice. Oldest requests first.
 */
export async function claimDueReminders(
  db: DbOrTx,
  now: Date,
  leadMs: number,
): Promise<
  Array<{ userId: number; concertId: number; title: string; performance: PerformanceOfMessage }>
> {
  const horizon = new Date(now.getTime() + leadMs);
  const rows = await queryRows<
    { user_id: number; concert_id: number; title: string } & RawPerformance
  >(
    db,
    sql`with due as (
          select a.id, a.user_id, a.concert_id, c.title, a.created_at, ${performanceColumns}
            from concert_alerts a join concerts c on c.id = a.concert_id
           where a.kind = 'BOOKING_OPENS' and a.notified_at is null
             and c.status in ('SCHEDULED', 'ON_SALE')
             and c.booking_start_at > ${now} and c.booking_start_at <= ${horizon}
           for update of a skip locked
        ), claimed as (
          update concert_alerts a set notified_at = ${now}
            from due where a.id = due.id
          returning due.user_id, due.concert_id, due.title, due.created_at, due.id,
                    due.concert_date, due.start_time, due.performances
        )
        select user_id, concert_id, title, concert_date, start_time, performances
          from claimed order by created_at, id`,
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    concertId: Number(r.concert_id),
    title: r.title,
    performance: performanceOf(r),
  }));
}

/**
 * Claims the 취소표 alerts of one concert: those not told within `cooldownMs` (a burst of freed
 * seats tells each person once), oldest requests first.
 */
export async function claimSeatsReleasedAlerts(
  db: DbOrTx,
  concertId: number,
  now: Date,
  cooldownMs: number,
): Promise<number[]> {
  const since = new Date(now.getTime() - cooldownMs);
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`with due as (
          select id, user_id, created_at from concert_alerts
           where concert_id = ${concertId} and kind = 'SEATS_RELEASED'
             and (notified_at is null or notified_at <= ${since})
           for update skip locked
        ), claimed as (
          update concert_alerts a set notified_at = ${now}
            from due where a.id = due.id
          returning due.user_id, due.created_at, due.id
        )
        select user_id from claimed order by created_at, id`,
  );
  return rows.map((r) => Number(r.user_id));
}

/** The owner, number and concert (with its 회차, issue 26) of a booking, for its notification. */
export async function findBookingForNotice(
  db: DbOrTx,
  bookingId: number,
): Promise<
  | {
      userId: number;
      bookingNumber: string;
      concertTitle: string;
      performance: PerformanceOfMessage;
    }
  | undefined
> {
  const [row] = await queryRows<
    { user_id: number; booking_number: string; title: string } & RawPerformance
  >(
    db,
    sql`select b.user_id, b.booking_number, c.title, ${performanceColumns}
          from bookings b join concerts c on c.id = b.concert_id where b.id = ${bookingId}`,
  );
  return row
    ? {
        userId: Number(row.user_id),
        bookingNumber: row.booking_number,
        concertTitle: row.title,
        performance: performanceOf(row),
      }
    : undefined;
}
