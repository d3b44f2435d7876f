import { createServer, type AddressInfo } from 'node:net';
import { notificationMessages, type Inbox } from '@curtaincall/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import { admit, book, holdSeats, payInSandbox } from '../../../test/helpers/paid-booking';
import {
  startPushServiceStandIn,
  type PushServiceStandIn,
} from '../../../test/helpers/push-service-stand-in';
import { createTestContext, type TestContext } from '../../../test/helpers/test-app';
import {
  insertNotifications,
  MAX_PUSHES_PER_NOTIFICATION,
  MAX_SUBSCRIPTIONS_PER_USER,
} from './notifications.repo';
import { playerIdOf } from './notifications.service';

/**
 * Web Push and in-app notifications through the front door (api-contract §10, product-rules
 * §11), delivered to a local push service stand-in that verifies the VAPID signature and
 * decrypts each payload: a push counted here was really encrypted for that browser.
 */
let ctx: TestContext;
let pushService: PushServiceStandIn;
let seller: Account;
type Account = Awaited<ReturnType<typeof createLoggedInUser>>;

beforeAll(async () => {
  pushService = await startPushServiceStandIn();
  ctx = await createTestContext({
    env: {
      PUSH_EXTRA_ENDPOINT_ORIGINS: pushService.origin,
      QUEUE_RATE_PER_MINUTE: '100000',
      SEAT_RATE_PER_MINUTE: '100000',
    },
  });
  seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await pushService?.close();
});

const json = { 'content-type': 'application/json' };

/** A browser subscription at the stand-in, subscribed for the account through the API. */
async function subscribeBrowser(account: { cookie: string }) {
  const browser = pushService.createSubscription();
  const playerId = playerIdOf(browser.endpoint);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/notifications/subscribe',
    headers: { cookie: account.cookie, ...json },
    payload: {
      playerId,
      channel: 'PUSH',
      subscription: { endpoint: browser.endpoint, keys: browser.keys },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...browser, playerId };
}

async function pushStatus(account: { cookie: string }): Promise<boolean> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/notifications/status',
    headers: { cookie: account.cookie },
  });
  expect(response.statusCode).toBe(200);
  return (response.json().data as { subscribed: boolean }).subscribed;
}

async function inboxOf(account: { cookie: string }): Promise<Inbox> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/notifications/inbox',
    headers: { cookie: account.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as Inbox;
}

function setAlert(account: { cookie: string }, concertId: number, kind: string, on = true) {
  return ctx.app.inject({
    method: on ? 'PUT' : 'DELETE',
    url: `/api/notifications/concert-alerts/${concertId}/${kind}`,
    headers: { cookie: account.cookie },
  });
}

function pushesTo(subscriptionId: string) {
  return pushService.received.filter((p) => p.subscriptionId === subscriptionId);
}

describe('push subscription endpoints (§10)', () => {
  it('serves the VAPID public key, and status/subscribe/unsubscribe need a login', async () => {
    const key = await ctx.app.inject({ method: 'GET', url: '/api/notifications/vapid-public-key' });
    expect(key.statusCode).toBe(200);
    expect((key.json().data as { publicKey: string }).publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const browser = pushService.createSubscription();
    const playerId = playerIdOf(browser.endpoint);
    const subscription = { endpoint: browser.endpoint, keys: browser.keys };
    for (const [method, url, payload] of [
      ['GET', '/api/notifications/status', undefined],
      ['POST', '/api/notifications/subscribe', { playerId, channel: 'PUSH', subscription }],
      ['POST', '/api/notifications/unsubscribe', { playerId }],
      ['GET', '/api/notifications/inbox', undefined],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        ...(payload ? { headers: json, payload } : {}),
      });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('refuses malformed subscriptions with a Korean message (400)', async () => {
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    const browser = pushService.createSubscription();
    const good = {
      playerId: playerIdOf(browser.endpoint),
      channel: 'PUSH',
      subscription: { endpoint: browser.endpoint, keys: browser.keys },
    };
    const cases: Array<[unknown, string]> = [
      [{ ...good, playerId: 'short' }, notificationMessages.playerId],
      [{ ...good, channel: 'SMS' }, notificationMessages.channel],
      [
        { ...good, playerId: playerIdOf('https://push.example.com/other') },
        notificationMessages.endpointMismatch,
      ],
      [
        { ...good, subscription: { ...good.subscription, keys: { p256dh: 'x', auth: 'y' } } },
        notificationMessages.keys,
      ],
      // Not https and not the configured stand-in: we never post into our own network.
      [
        {
          ...good,
          playerId: playerIdOf('http://10.0.0.8/push/1'),
          subscription: { ...good.subscription, endpoint: 'http://10.0.0.8/push/1' },
        },
        notificationMessages.endpoint,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/subscribe',
        headers: { cookie: buyer.cookie, ...json },
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, status: 400 });
      expect(response.body).toContain(message);
    }
    expect(await pushStatus(buyer)).toBe(false);
  });

  it('subscribes, reports it, and only the owner can unsubscribe (unknown ids answer 200)', async () => {
    const owner = await createLoggedInUser(ctx.app, ctx.database.db);
    const other = await createLoggedInUser(ctx.app, ctx.database.db);
    const browser = await subscribeBrowser(owner);
    expect(await pushStatus(owner)).toBe(true);
    expect(await pushStatus(other)).toBe(false);

    const unsubscribe = (account: Account, playerId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/unsubscribe',
        headers: { cookie: account.cookie, ...json },
        payload: { playerId },
      });
    // Another account naming the owner's id changes nothing.
    expect((await unsubscribe(other, browser.playerId)).statusCode).toBe(200);
    expect(await pushStatus(owner)).toBe(true);
    expect((await unsubscribe(owner, playerIdOf('https://push.example.com/x'))).statusCode).toBe(
      200,
    );
    const own = await unsubscribe(owner, browser.playerId);
    expect(own.statusCode).toBe(200);
    expect(own.json().message).toBe(notificationMessages.disabled);
    expect(await pushStatus(owner)).toBe(false);
  });
});

describe('예매 알림: the booking-open reminder job', () => {
  it('reminds exactly those who asked, once, 5 minutes before booking opens', async () => {
    const opensAt = new Date(ctx.clock.now().getTime() + 20 * 60_000);
    const { id: concertId } = await createConcert(ctx.database.db, {
      sellerId: seller.id,
      status: 'SCHEDULED',
      bookingStartAt: opensAt,
    });
    const asked = await createLoggedInUser(ctx.app, ctx.database.db);
    const askedWithoutPush = await createLoggedInUser(ctx.app, ctx.database.db);
    const notAsked = await createLoggedInUser(ctx.app, ctx.database.db);
    const askedBrowser = await subscribeBrowser(asked);
    const notAskedBrowser = await subscribeBrowser(notAsked);
    for (const account of [asked, askedWithoutPush]) {
      const on = await setAlert(account, concertId, 'booking-open');
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json().data).toEqual({ bookingOpen: true, seatsReleased: false });
    }

    const runJobs = async () => {
      await ctx.app.scheduler.runNow('booking-open-reminders');
      await ctx.app.scheduler.runNow('push-delivery');
    };
    // 5 minutes and 1 second before: not yet.
    ctx.clock.set(new Date(opensAt.getTime() - 5 * 60_000 - 1_000));
    await runJobs();
    expect(pushesTo(askedBrowser.id)).toHaveLength(0);
    expect((await inboxOf(asked)).unreadCount).toBe(0);

    // 5 minutes before: the reminder goes out.
    ctx.clock.set(new Date(opensAt.getTime() - 5 * 60_000));
    await runJobs();
    const pushes = pushesTo(askedBrowser.id);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.payload).toMatchObject({
      title: '예매 시작 5분 전입니다!',
      url: `/concerts/${concertId}`,
    });
    const key = await ctx.app.inject({ method: 'GET', url: '/api/notifications/vapid-public-key' });
    expect(pushes[0]?.vapidPublicKey).toBe(key.json().data.publicKey);

    // Later runs (on this or another instance) never remind again.
    ctx.clock.advance(60_000);
    await runJobs();
    await runJobs();
    expect(pushesTo(askedBrowser.id)).toHaveLength(1);
    expect(pushesTo(notAskedBrowser.id)).toHaveLength(0);

    // Without a push subscription the reminder is still in the bell.
    const inbox = await inboxOf(askedWithoutPush);
    expect(inbox.unreadCount).toBe(1);
    expect(inbox.items[0]).toMatchObject({
      kind: 'BOOKING_OPENS_SOON',
      title: '예매 시작 5분 전입니다!',
      url: `/concerts/${concertId}`,
      read: false,
    });
    expect((await inboxOf(notAsked)).items).toHaveLength(0);

    const read = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/inbox/read',
      headers: { cookie: askedWithoutPush.cookie, ...json },
      payload: { ids: [inbox.items[0]?.id] },
    });
    expect(read.statusCode).toBe(200);
    expect((await inboxOf(askedWithoutPush)).unreadCount).toBe(0);
  });

  it('offers 예매 알림 only before booking opens, and turns it off again', async () => {
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    const { id: onSale } = await createConcert(ctx.database.db, { sellerId: seller.id });
    const refused = await setAlert(buyer, onSale, 'booking-open');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'N001' });
    const unknown = await setAlert(buyer, 999_999, 'booking-open');
    expect(unknown.statusCode).toBe(404);
    const badKind = await setAlert(buyer, onSale, 'everything');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.body).toContain(notificationMessages.alertKind);

    const { id: scheduled } = await createConcert(ctx.database.db, {
      sellerId: seller.id,
      status: 'SCHEDULED',
      bookingStartAt: new Date(ctx.clock.now().getTime() + 86_400_000),
    });
    expect((await setAlert(buyer, scheduled, 'booking-open')).statusCode).toBe(200);
    const off = await setAlert(buyer, scheduled, 'booking-open', false);
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({ bookingOpen: false, seatsReleased: false });
  });
});

/** A buyer who paid for one seat of the concert. */
async function paidBuyer(concertId: number) {
  const account = await createLoggedInUser(ctx.app, ctx.database.db);
  const session = await admit(ctx.app, concertId, account);
  const created = await book(
    ctx.app,
    concertId,
    session,
    await holdSeats(ctx.app, concertId, session, 1),
  );
  await payInSandbox(ctx.app, session, created);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from bookings where booking_number = ${created.bookingNumber}`,
  );
  return { account, bookingId: Number(row?.id), bookingNumber: created.bookingNumber };
}

function cancelBooking(account: Account, bookingId: number) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/cancel`,
    headers: { cookie: account.cookie },
  });
}

describe('취소표 알림 and booking notices', () => {
  it('a cancelled seat of a sold-out show tells each asker once per burst, first asker first', async () => {
    const { id: concertId } = await createConcert(ctx.database.db, {
      sellerId: seller.id,
      totalSeats: 2,
    });
    const first = await paidBuyer(concertId);
    const second = await paidBuyer(concertId);
    await ctx.app.scheduler.runNow('concert-lifecycle');
    const [state] = await queryRows<{ status: string }>(
      ctx.database.db,
      sql`select status from concerts where id = ${concertId}`,
    );
    expect(state?.status).toBe('SOLD_OUT');

    const early = await createLoggedInUser(ctx.app, ctx.database.db);
    const late = await createLoggedInUser(ctx.app, ctx.database.db);
    const bystander = await createLoggedInUser(ctx.app, ctx.database.db);
    const earlyBrowser = await subscribeBrowser(early);
    const lateBrowser = await subscribeBrowser(late);
    const bystanderBrowser = await subscribeBrowser(bystander);
    expect((await setAlert(early, concertId, 'seats-released')).statusCode).toBe(200);
    ctx.clock.advance(1_000);
    expect((await setAlert(late, concertId, 'seats-released')).statusCode).toBe(200);

    // A burst: both paid bookings cancelled, then the job delivers.
    expect((await cancelBooking(first.account, first.bookingId)).statusCode).toBe(200);
    expect((await cancelBooking(second.account, second.bookingId)).statusCode).toBe(200);
    await ctx.app.scheduler.runNow('push-delivery');

    const alerts = pushService.received.filter((p) => p.payload.title === '취소표가 나왔어요!');
    expect(alerts.map((p) => p.subscriptionId)).toEqual([earlyBrowser.id, lateBrowser.id]);
    expect(alerts[0]?.payload.url).toBe(`/concerts/${concertId}`);
    expect(pushesTo(bystanderBrowser.id)).toHaveLength(0);

    // The cancelling buyers were told about their own refunds (in-app; no push subscription).
    const firstInbox = await inboxOf(first.account);
    expect(firstInbox.items.map((i) => i.kind)).toEqual(['BOOKING_CANCELLED', 'BOOKING_CONFIRMED']);
    expect(firstInbox.items[0]?.url).toBe(`/bookingDetail/${first.bookingNumber}`);
  });

  it('an unpaid booking that expires frees its seat: 취소표 알림 to those who asked', async () => {
    const { id: concertId } = await createConcert(ctx.database.db, {
      sellerId: seller.id,
      totalSeats: 1,
    });
    const holder = await createLoggedInUser(ctx.app, ctx.database.db);
    const session = await admit(ctx.app, concertId, holder);
    await book(ctx.app, concertId, session, await holdSeats(ctx.app, concertId, session, 1));
    await ctx.app.scheduler.runNow('concert-lifecycle');
    const asker = await createLoggedInUser(ctx.app, ctx.database.db);
    const asked = await setAlert(asker, concertId, 'seats-released');
    expect(asked.statusCode, asked.body).toBe(200);

    await ctx.app.scheduler.runNow('unpaid-booking-expiry');
    expect((await inboxOf(asker)).items).toHaveLength(0);
    // The 10-minute payment window passes: the job expires the booking and frees the seat.
    ctx.clock.advance(11 * 60_000);
    await ctx.app.scheduler.runNow('unpaid-booking-expiry');
    const inbox = await inboxOf(asker);
    expect(inbox.items.map((i) => [i.kind, i.url])).toEqual([
      ['SEATS_RELEASED', `/concerts/${concertId}`],
    ]);
  });

  it('tells the buyers of a concert the seller cancels that they were refunded', async () => {
    const { id: concertId } = await createConcert(ctx.database.db, { sellerId: seller.id });
    const buyer = await paidBuyer(concertId);
    const browser = await subscribeBrowser(buyer.account);
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/seller/concerts/${concertId}?sellerId=${seller.id}`,
      headers: { cookie: seller.cookie },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await ctx.app.scheduler.runNow('cancelled-concert-refunds');
    await ctx.app.scheduler.runNow('push-delivery');
    const inbox = await inboxOf(buyer.account);
    expect(inbox.items.filter((i) => i.kind === 'CONCERT_CANCELLED')).toHaveLength(1);
    expect(inbox.items[0]).toMatchObject({
      kind: 'CONCERT_CANCELLED',
      title: '공연이 취소되어 전액 환불되었습니다.',
      url: `/bookingDetail/${buyer.bookingNumber}`,
    });
    expect(pushesTo(browser.id).map((p) => p.payload.title)).toEqual([
      '공연이 취소되어 전액 환불되었습니다.',
    ]);
  });

  it('removes a subscription the push service reports gone, and retries a failed push later', async () => {
    const { id: concertId } = await createConcert(ctx.database.db, { sellerId: seller.id });
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    const gone = await subscribeBrowser(buyer);
    const flaky = await subscribeBrowser(buyer);
    pushService.answerWith(gone.id, 410);
    pushService.answerWith(flaky.id, 503);

    const session = await admit(ctx.app, concertId, buyer);
    const created = await book(
      ctx.app,
      concertId,
      session,
      await holdSeats(ctx.app, concertId, session, 1),
    );
    await payInSandbox(ctx.app, session, created);
    await ctx.app.scheduler.runNow('push-delivery');

    const subscriptions = await queryRows<{ player_id: string }>(
      ctx.database.db,
      sql`select player_id from push_subscriptions where user_id = ${buyer.id}`,
    );
    expect(subscriptions.map((s) => s.player_id)).toEqual([flaky.playerId]);
    expect(pushesTo(flaky.id)).toHaveLength(0);

    // The push service is back; the retry waits its 30 s, then delivers once.
    pushService.answerWith(flaky.id, 201);
    await ctx.app.scheduler.runNow('push-delivery');
    expect(pushesTo(flaky.id)).toHaveLength(0);
    ctx.clock.advance(30_000);
    await ctx.app.scheduler.runNow('push-delivery');
    await ctx.app.scheduler.runNow('push-delivery');
    const pushes = pushesTo(flaky.id);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.payload).toMatchObject({
      title: '예매가 확정되었습니다.',
      url: `/bookingDetail/${created.bookingNumber}`,
    });
    expect(pushService.refused).toEqual([]);
  });
});

describe('§10 compatibility (issue 22, point 7)', () => {
  it('answers an unsubscribe of an unknown or foreign-format id with 200', async () => {
    const owner = await createLoggedInUser(ctx.app, ctx.database.db);
    const browser = await subscribeBrowser(owner);
    for (const playerId of [
      // OneSignal's subscription ids are UUIDs; an old client sends those.
      '6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b',
      'onesignal-player-1',
      'x',
      playerIdOf('https://push.example.com/unknown'),
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/unsubscribe',
        headers: { cookie: owner.cookie, ...json },
        payload: { playerId },
      });
      expect(response.statusCode, playerId).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: notificationMessages.disabled,
      });
    }
    // None of them was the browser's: it stays subscribed.
    expect(await pushStatus(owner)).toBe(true);
    expect(browser.playerId).toHaveLength(43);
  });

  it('answers a subscribe of only playerId and channel with a 400 naming the subscription', async () => {
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    for (const playerId of ['6f1c2a3b-4d5e-4f60-8a9b-0c1d2e3f4a5b', playerIdOf('https://x.y/z')]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/subscribe',
        headers: { cookie: buyer.cookie, ...json },
        payload: { playerId, channel: 'PUSH' },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json() as {
        code: string;
        message: string;
        errors: Array<{ field: string; message: string }>;
      };
      expect(body).toMatchObject({
        success: false,
        status: 400,
        code: 'C001',
        message: notificationMessages.subscriptionMissing,
      });
      expect(body.errors[0]).toEqual({
        field: 'subscription',
        message: notificationMessages.subscriptionMissing,
      });
    }
    expect(await pushStatus(buyer)).toBe(false);
  });
});

describe('push endpoints cannot be pointed inside (issue 22, M3)', () => {
  /** A subscribe with a well-formed subscription at `endpoint` (keys from the stand-in). */
  function subscribeTo(account: { cookie: string }, endpoint: string) {
    const browser = pushService.createSubscription();
    return ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/subscribe',
      headers: { cookie: account.cookie, ...json },
      payload: {
        playerId: playerIdOf(endpoint),
        channel: 'PUSH',
        subscription: { endpoint, keys: browser.keys },
      },
    });
  }

  it('refuses internal names, other ports and IP literals at subscribe', async () => {
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    for (const endpoint of [
      'https://localhost.:17001/push/1',
      'https://localhost./push/1',
      'https://vm.:17001/push/1',
      'https://vm./push/1',
      'https://metadata.google.internal/computeMetadata/v1/instance',
      'https://kubernetes.default.svc/api/v1/secrets',
      'https://push.example.com:22/push/1',
      'https://push.example.com:8443/push/1',
      'https://127.0.0.1.nip.io/push/1',
      'https://10.0.0.8.sslip.io/push/1',
      'https://[::ffff:127.0.0.1]/push/1',
      'https://169.254.169.254/latest/meta-data/',
    ]) {
      const response = await subscribeTo(buyer, endpoint);
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'C001',
        message: notificationMessages.endpoint,
      });
    }
    expect(await pushStatus(buyer)).toBe(false);
  });

  it('the delivery job never connects inside, and drops such subscriptions', async () => {
    // A listener on loopback, as an internal service would be; it counts every connection.
    let connections = 0;
    const inside = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    const port = (inside.address() as AddressInfo).port;
    try {
      const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
      const keys = pushService.createSubscription().keys;
      // Rows as an older server stored them, or as a subscribe might have got past the text
      // checks: the job must refuse them by where they lead.
      const endpoints = [
        `https://127.0.0.1:${port}/push`,
        `http://127.0.0.1:${port}/push`,
        `https://[::ffff:127.0.0.1]:${port}/push`,
        `https://vm:${port}/push`,
        `https://localhost:${port}/push`,
        `https://localhost.:${port}/push`,
      ];
      for (const endpoint of endpoints) {
        await ctx.database.db.execute(sql`
          insert into push_subscriptions
            (user_id, player_id, channel, endpoint, p256dh, auth, status, created_at, updated_at)
          values (${buyer.id}, ${playerIdOf(endpoint)}, 'PUSH', ${endpoint}, ${keys.p256dh},
                  ${keys.auth}, 'SUBSCRIBED', ${ctx.clock.now()}, ${ctx.clock.now()})`);
      }
      await insertNotifications(
        ctx.database.db,
        [{ userId: buyer.id, kind: 'BOOKING_CONFIRMED', title: 't', body: 'b', url: '/' }],
        ctx.clock.now(),
      );
      await ctx.app.scheduler.runNow('push-delivery');
      expect(connections).toBe(0);
      const left = await queryRows<{ endpoint: string }>(
        ctx.database.db,
        sql`select endpoint from push_subscriptions where user_id = ${buyer.id}`,
      );
      expect(left).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => inside.close(() => resolve()));
    }
  });

  it('keeps 10 subscriptions per account, dropping the oldest', async () => {
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    const browsers = [];
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_USER + 2; i += 1) {
      browsers.push(await subscribeBrowser(buyer));
      ctx.clock.advance(1_000);
    }
    const rows = await queryRows<{ player_id: string }>(
      ctx.database.db,
      sql`select player_id from push_subscriptions where user_id = ${buyer.id} order by id`,
    );
    expect(MAX_SUBSCRIPTIONS_PER_USER).toBe(10);
    expect(rows.map((r) => r.player_id)).toEqual(browsers.slice(2).map((b) => b.playerId));
  });

  it('queues at most 10 pushes for one notification, to the newest subscriptions', async () => {
    const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
    // More rows than the cap, as from before it existed (inserted around the subscribe route).
    const browsers = Array.from({ length: 14 }, () => pushService.createSubscription());
    for (const [i, browser] of browsers.entries()) {
      const at = new Date(ctx.clock.now().getTime() + i * 1_000);
      await ctx.database.db.execute(sql`
        insert into push_subscriptions
          (user_id, player_id, channel, endpoint, p256dh, auth, status, created_at, updated_at)
        values (${buyer.id}, ${playerIdOf(browser.endpoint)}, 'PUSH', ${browser.endpoint},
                ${browser.keys.p256dh}, ${browser.keys.auth}, 'SUBSCRIBED', ${at}, ${at})`);
    }
    await insertNotifications(
      ctx.database.db,
      [{ userId: buyer.id, kind: 'BOOKING_CONFIRMED', title: '상한', body: 'b', url: '/' }],
      ctx.clock.now(),
    );
    await ctx.app.scheduler.runNow('push-delivery');
    const reached = browsers.filter((b) => pushesTo(b.id).length > 0).map((b) => b.id);
    expect(MAX_PUSHES_PER_NOTIFICATION).toBe(10);
    expect(reached).toEqual(browsers.slice(4).map((b) => b.id));
  });
});
