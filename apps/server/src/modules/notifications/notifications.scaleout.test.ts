import { afterAll, beforeAll, expect, it } from 'vitest';
import { createConcert, createLoggedInUser } from '../../../test/helpers/factories';
import {
  startPushServiceStandIn,
  type PushServiceStandIn,
} from '../../../test/helpers/push-service-stand-in';
import {
  createSecondInstance,
  createTestContext,
  type TestContext,
} from '../../../test/helpers/test-app';
import type { App } from '../../app';
import { playerIdOf } from './notifications.service';

/**
 * Two instances on one PostgreSQL database and Redis (scale-out): one VAPID key pair for both,
 * a subscription made on one used by the other, and a reminder sent once when both run the job.
 */
let ctx: TestContext;
let second: { app: App; close(): Promise<void> };
let pushService: PushServiceStandIn;

beforeAll(async () => {
  pushService = await startPushServiceStandIn();
  ctx = await createTestContext({ env: { PUSH_EXTRA_ENDPOINT_ORIGINS: pushService.origin } });
  second = await createSecondInstance(ctx);
}, 120_000);
afterAll(async () => {
  await second?.close();
  await ctx?.close();
  await pushService?.close();
});

async function publicKeyOf(app: App): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/notifications/vapid-public-key' });
  return (response.json().data as { publicKey: string }).publicKey;
}

it('shares the VAPID key and subscriptions, and reminds once with both instances running the job', async () => {
  expect(await publicKeyOf(second.app)).toBe(await publicKeyOf(ctx.app));

  const seller = await createLoggedInUser(ctx.app, ctx.database.db, 'ROLE_SELLER');
  const opensAt = new Date(ctx.clock.now().getTime() + 4 * 60_000);
  const { id: concertId } = await createConcert(ctx.database.db, {
    sellerId: seller.id,
    status: 'SCHEDULED',
    bookingStartAt: opensAt,
  });
  const buyer = await createLoggedInUser(ctx.app, ctx.database.db);
  const browser = pushService.createSubscription();
  // Subscribed and alert asked on the first instance.
  const subscribed = await ctx.app.inject({
    method: 'POST',
    url: '/api/notifications/subscribe',
    headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
    payload: {
      playerId: playerIdOf(browser.endpoint),
      channel: 'PUSH',
      subscription: { endpoint: browser.endpoint, keys: browser.keys },
    },
  });
  expect(subscribed.statusCode).toBe(200);
  const asked = await ctx.app.inject({
    method: 'PUT',
    url: `/api/notifications/concert-alerts/${concertId}/booking-open`,
    headers: { cookie: buyer.cookie },
  });
  expect(asked.statusCode).toBe(200);
  // The second instance sees the subscription through the shared database.
  const status = await second.app.inject({
    method: 'GET',
    url: '/api/notifications/status',
    headers: { cookie: buyer.cookie },
  });
  expect(status.json().data).toEqual({ subscribed: true });

  // Both instances run the reminder job at the same moment, then both deliver.
  await Promise.all([
    ctx.app.scheduler.runNow('booking-open-reminders'),
    second.app.scheduler.runNow('booking-open-reminders'),
  ]);
  await Promise.all([
    ctx.app.scheduler.runNow('push-delivery'),
    second.app.scheduler.runNow('push-delivery'),
  ]);
  await second.app.scheduler.runNow('booking-open-reminders');
  await second.app.scheduler.runNow('push-delivery');

  const pushes = pushService.received.filter((p) => p.subscriptionId === browser.id);
  expect(pushes).toHaveLength(1);
  expect(pushes[0]?.payload.title).toBe('예매 시작 5분 전입니다!');
});
