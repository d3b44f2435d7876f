import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  startPushServiceStandIn,
  type PushServiceStandIn,
} from '../apps/server/test/helpers/push-service-stand-in';
import { loggedInContext, registerUser } from './support/sellers';
import { saveScreenshot } from './support/session';

/**
 * Self-hosted Web Push and the in-app bell (issue 17), in Chromium on the production build.
 *
 * Headless Chromium has no push service, so `pushManager.subscribe` cannot reach Google's. The
 * page keeps everything else real (our service worker registers at /sw.js, the permission is
 * granted on the context, the app's own switch code runs), and only the browser's push service
 * is replaced: PushManager hands out a subscription whose endpoint and keys belong to a local
 * push service stand-in. The server's push then travels for real (VAPID-signed, aes128gcm
 * encrypted) to that stand-in, which verifies and decrypts it: what the test reads there is what
 * a browser would have shown.
 */
let pushService: PushServiceStandIn;
test.beforeAll(async () => {
  pushService = await startPushServiceStandIn();
});
test.afterAll(async () => pushService?.close());

interface ConcertRow {
  concertId: number;
  status: string;
}

async function demoConcert(context: BrowserContext, status: string): Promise<number> {
  const response = await context.request.get('/api/concerts?size=100');
  const concerts = (await response.json()).data.content as ConcertRow[];
  const concert = concerts.find((c) => c.status === status);
  if (!concert) throw new Error(`no demo concert ${status}`);
  return concert.concertId;
}

/** Replaces the browser's push service with the stand-in's subscription (see above). */
async function usePushServiceStandIn(context: BrowserContext, page: Page) {
  const subscription = pushService.createSubscription();
  await context.grantPermissions(['notifications']);
  await page.addInitScript((stand) => {
    const flag = 'e2e-push-subscribed';
    const make = (applicationServerKey: ArrayBuffer | null) => ({
      endpoint: stand.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey },
      getKey: () => null,
      toJSON: () => ({ endpoint: stand.endpoint, expirationTime: null, keys: stand.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(flag);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey as Uint8Array | undefined;
      // The key the app subscribed with, for the test to compare with the server's VAPID key.
      localStorage.setItem(
        'e2e-push-key',
        btoa(String.fromCharCode(...(key ?? new Uint8Array())))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, ''),
      );
      localStorage.setItem(flag, '1');
      return make(null) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return localStorage.getItem(flag) ? (make(null) as unknown as PushSubscription) : null;
    };
  }, subscription);
  return subscription;
}

/** The states a11y.spec.ts cannot reach (switch on, alert pressed, bell open): WCAG 2.1 A/AA. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // The review and expectation sections load when scrolled toward; a11y.spec.ts checks them
    // loaded. Their loading placeholders are not part of what this journey shows.
    .exclude('[aria-busy="true"]')
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious).toEqual([]);
}

const viewports = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const viewport of viewports) {
  test.describe(`push at ${viewport.width}px`, () => {
    // One journey through four pages, each with a settled full-page screenshot.
    test.describe.configure({ timeout: 120_000 });
    test('service worker, push switch, 예매 알림 button and the bell with the job’s reminder', async ({
      browser,
      baseURL,
    }) => {
      const user = await registerUser(
        await (
          await browser.newContext({ baseURL })
        ).request,
        'push',
      );
      const context = await loggedInContext(browser, baseURL, user.username, user.password);
      const page = await context.newPage();
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const standInSubscription = await usePushServiceStandIn(context, page);

      // My page: our service worker registers, the switch subscribes.
      await page.goto('/mypage/profile');
      const toggle = page.getByRole('switch', { name: '푸시 알림 수신' });
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await expect(toggle).toBeEnabled();
      const workerUrl = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return registration.active?.scriptURL ?? '';
      });
      expect(new URL(workerUrl).pathname).toBe('/sw.js');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByText('푸시 알림이 설정되었습니다.')).toBeVisible();
      const status = await context.request.get('/api/notifications/status');
      expect((await status.json()).data).toEqual({ subscribed: true });
      const vapid = await context.request.get('/api/notifications/vapid-public-key');
      expect(await page.evaluate(() => localStorage.getItem('e2e-push-key'))).toBe(
        (await vapid.json()).data.publicKey,
      );
      await expectNoSeriousViolations(page);
      await saveScreenshot(page, `push-mypage-switch-${viewport.name}`);

      // The detail page of a scheduled concert: 예매 알림 받기 toggles.
      const scheduledId = await demoConcert(context, 'SCHEDULED');
      await page.goto(`/concerts/${scheduledId}`);
      const remind = page.getByRole('button', { name: /예매 알림 받기/ });
      await expect(remind).toHaveAttribute('aria-pressed', 'false');
      await remind.click();
      await expect(remind).toHaveAttribute('aria-pressed', 'true');
      await remind.click();
      await expect(remind).toHaveAttribute('aria-pressed', 'false');
      await remind.click();
      await expect(remind).toHaveAttribute('aria-pressed', 'true');
      await expectNoSeriousViolations(page);
      await saveScreenshot(page, `push-detail-reminder-${viewport.name}`);

      // The reminder job runs as if it were 5 minutes before booking opens (E2E test hook).
      const detail = await context.request.get(`/api/concerts/${scheduledId}`);
      const opensAt = new Date(`${(await detail.json()).data.bookingStartDate}+09:00`);
      const run = await context.request.post('/api/test-hooks/booking-open-reminders', {
        data: { now: new Date(opensAt.getTime() - 5 * 60_000).toISOString() },
      });
      expect(run.status(), await run.text()).toBe(200);
      const pushed = pushService.received.filter(
        (p) => p.subscriptionId === standInSubscription.id,
      );
      expect(
        pushed,
        `${await run.text()} refused: ${JSON.stringify(pushService.refused)}`,
      ).toHaveLength(1);
      expect(pushed[0]?.payload).toMatchObject({
        title: '예매 시작 5분 전입니다!',
        url: `/concerts/${scheduledId}`,
      });

      // The bell shows it without any push service.
      await page.reload();
      const bell = page.getByRole('button', { name: /^알림, 읽지 않은 알림\s*1\s*개$/ });
      await expect(bell).toBeVisible();
      await bell.click();
      const item = page.getByRole('dialog', { name: '알림' }).getByRole('link', {
        name: /예매 시작 5분 전입니다!/,
      });
      await expect(item).toBeVisible();
      await expectNoSeriousViolations(page);
      await saveScreenshot(page, `push-bell-open-${viewport.name}`);
      await item.click();
      await expect(page).toHaveURL(new RegExp(`/concerts/${scheduledId}$`));
      await expect(page.getByRole('button', { name: '알림', exact: true })).toBeVisible();

      // A sold-out concert offers 취소표 알림.
      const soldOutId = await demoConcert(context, 'SOLD_OUT');
      await page.goto(`/concerts/${soldOutId}`);
      const seatsAlert = page.getByRole('button', { name: /취소표 알림 받기/ });
      await seatsAlert.click();
      await expect(seatsAlert).toHaveAttribute('aria-pressed', 'true');
      await saveScreenshot(page, `push-detail-sold-out-${viewport.name}`);

      // Turning the switch off unsubscribes on the server too.
      await page.goto('/mypage/profile');
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      const after = await context.request.get('/api/notifications/status');
      expect((await after.json()).data).toEqual({ subscribed: false });
      await context.close();
    });
  });
}
