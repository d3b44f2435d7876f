import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { saveScreenshot } from './support/session';

/**
 * Issue 23 points 7, 8, 10 and 11: the sandbox social login of the embedded default, Korean
 * decorations and a steady layout, the remaining axe findings in dialog and loading states, and
 * the concert detail's tabs.
 */

/** The queue server has no OAuth settings at all: the embedded default (playwright.config.ts). */
const embeddedDefaultURL = process.env.QUEUE_BASE_URL ?? 'http://localhost:8182';
const widths = [
  { width: 375, height: 812 },
  { width: 820, height: 1180 },
  { width: 1280, height: 800 },
] as const;
const phone = widths[0];

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function logInByApi(context: BrowserContext, username: string, password: string) {
  const response = await context.request.post('/api/auth/login', {
    form: { username, password },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

async function jazzConcertId(page: Page): Promise<number> {
  const response = await page.request.get(
    `/api/concerts/search?query=${encodeURIComponent('재즈')}`,
  );
  const body = (await response.json()) as { data: { concertId: number; title: string }[] };
  const concert = body.data.find((c) => c.title === '재즈 인 더 시티 2026');
  if (!concert) throw new Error('demo concert not found');
  return concert.concertId;
}

/** The page's cumulative layout shift from its load on (buffered PerformanceObserver entries). */
async function cumulativeLayoutShift(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Array<{
            value: number;
            hadRecentInput: boolean;
          }>) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );
}

test.describe('point 7: social login in the embedded default runs on the sandbox provider', () => {
  test('sign up with the sandbox Kakao identity, complete sign-up, log out, log in again', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const tag = randomBytes(3).toString('hex');
    const identity = { name: '체험 관객', email: `kakao${tag}@example.com` };
    const username = `try${tag}`;

    await page.setViewportSize(phone);
    await page.goto(`${embeddedDefaultURL}/login`);
    await page.getByRole('link', { name: '카카오로 계속하기' }).click();

    // Our own, clearly marked test page: no Kakao account is involved.
    await expect(page).toHaveURL(/\/oauth2\/sandbox\/kakao\?/);
    await expect(page.getByText('테스트 로그인 — 실제 카카오 계정이 아닙니다')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: '카카오 테스트 로그인' }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    for (const size of widths) {
      await page.setViewportSize(size);
      await saveScreenshot(page, `sandbox-consent-${size.width}`);
    }
    // The header's greeting shows at desktop width (a menu holds it on phones).
    await page.setViewportSize(widths[2]);

    const consent = async () => {
      await page.getByRole('radio', { name: /직접 입력/ }).check();
      await page.getByLabel('이름', { exact: true }).fill(identity.name);
      await page.getByLabel('이메일 (선택)').fill(identity.email);
      await page.getByRole('checkbox', { name: /이메일 인증됨/ }).check();
      await page.getByRole('button', { name: '동의하고 계속하기' }).click();
    };
    await consent();

    await expect(page).toHaveURL(/\/register\?error=need_signup$/);
    const form = page.locator('form');
    await expect(form.getByLabel('이메일')).toHaveValue(identity.email);
    await form.getByLabel('아이디').fill(username);
    await form.getByLabel('닉네임').fill(`체험${tag}`);
    await form.getByLabel('전화번호').pressSequentially('01055556666');
    await form.getByLabel('주소').fill('서울특별시 마포구 커튼콜로 1');
    await form.getByLabel(/이용약관과 개인정보처리방침에 동의합니다/).check();
    await form.getByRole('button', { name: '가입 완료하기' }).click();
    await expect(page.getByText('회원가입이 완료되었습니다.')).toBeVisible();

    const header = page.getByRole('banner');
    const greeting = header.getByText(`${username}님 안녕하세요`).first();
    await page.getByRole('link', { name: '카카오로 계속하기' }).click();
    await consent();
    await expect(page).toHaveURL(/\/$/);
    await expect(greeting).toBeVisible();

    await header.getByRole('button', { name: '로그아웃' }).first().click();
    await expect(header.getByRole('link', { name: '로그인' }).first()).toBeVisible();
    await page.goto(`${embeddedDefaultURL}/login`);
    await page.getByRole('link', { name: '카카오로 계속하기' }).click();
    await consent();
    await expect(page).toHaveURL(/\/$/);
    await expect(greeting).toBeVisible();
  });
});

test.describe('point 8: Korean everywhere and a steady layout', () => {
  test('no English decorations on the home and list pages', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('인기 공연', { exact: true })).toBeVisible();
    await page.goto('/concerts');
    await expect(page.getByText('공연 둘러보기', { exact: true })).toBeVisible();
    for (const path of ['/', '/concerts']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const text = await page.locator('header, main').first().innerText();
      const main = await page.locator('main').innerText();
      for (const english of ['HOT PICK', 'CONCERTS', 'CURTAIN CALL', 'SEAT SELECTION']) {
        expect(`${text}\n${main}`).not.toContain(english);
      }
    }
  });

  test('CLS at most 0.05 on /login, /register and the console pages at 375 px', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const shifts: Record<string, number> = {};
    const anonymous = await browser.newContext({ baseURL, viewport: phone });
    for (const path of ['/login', '/register']) {
      const page = await anonymous.newPage();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      shifts[path] = await cumulativeLayoutShift(page);
      await page.close();
    }
    await anonymous.close();
    for (const [user, password, paths] of [
      ['seller', 'seller1234!', ['/seller/concerts/manage', '/seller/concerts/register']],
      ['admin', 'admin1234!', ['/admin', '/admin/sellers', '/admin/history']],
    ] as const) {
      const context = await browser.newContext({ baseURL, viewport: phone });
      await logInByApi(context, user, password);
      for (const path of paths) {
        const page = await context.newPage();
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        shifts[path] = await cumulativeLayoutShift(page);
        if (path === '/admin/sellers') {
          for (const size of widths) {
            await page.setViewportSize(size);
            await saveScreenshot(page, `console-admin-sellers-${size.width}`);
          }
        }
        await page.close();
      }
      await context.close();
    }
    for (const [path, value] of Object.entries(shifts)) {
      expect(value, `CLS of ${path}`).toBeLessThanOrEqual(0.05);
    }
  });

  test('login and register screenshots', async ({ page }) => {
    for (const path of ['/login', '/register']) {
      for (const size of widths) {
        await page.setViewportSize(size);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await saveScreenshot(page, `${path.slice(1)}-${size.width}`);
      }
    }
  });

  test('the empty search says so above the fold at 375 px', async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto('/concerts?query=zzzz-no-such-concert');
    const message = page.getByText('조건에 맞는 콘서트가 없습니다.');
    await expect(message).toBeVisible();
    const box = await message.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? 9999) + (box?.height ?? 0)).toBeLessThanOrEqual(phone.height);
  });

  test('a heading focused after a click has no focus box; after a key press it has one', async ({
    page,
  }) => {
    await page.goto('/concerts');
    await expect(page.getByRole('heading', { level: 1, name: '모든 콘서트' })).toBeVisible();
    await page.locator('main a[href^="/concerts/"]').first().click();
    const detailHeading = page.getByRole('heading', { level: 1 });
    await expect(detailHeading).toBeFocused();
    expect(await detailHeading.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none');

    await page.getByRole('link', { name: '모든 콘서트' }).first().focus();
    await page.keyboard.press('Enter');
    const listHeading = page.getByRole('heading', { level: 1, name: '모든 콘서트' });
    await expect(listHeading).toBeFocused();
    expect(await listHeading.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  });
});

test.describe('point 10: axe in dialog and loading states', () => {
  test('the reviews loading placeholder, the review dialog and the admin dialogs at 375 px', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const failures: string[] = [];
    const buyer = await browser.newContext({ baseURL, viewport: phone });
    await logInByApi(buyer, 'buyer', 'buyer1234!');
    const page = await buyer.newPage();
    const concertId = await jazzConcertId(page);

    // Loading: the reviews' answer is held, so the placeholder stays on screen for axe.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/concerts\/\d+\/reviews/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/concerts/${concertId}?tab=reviews`);
    await expect(page.locator('[aria-busy="true"]').first()).toBeVisible();
    failures.push(...(await seriousViolations(page)).map((v) => `reviews loading: ${v}`));
    release();
    await expect(page.getByRole('heading', { name: /^관람평/ })).toBeVisible();

    // Dialog: 관람평 작성.
    await page.getByRole('button', { name: '관람평 작성' }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    failures.push(...(await seriousViolations(page)).map((v) => `review dialog: ${v}`));
    await buyer.close();

    // Admin: the history detail sheet and the licence viewer.
    const admin = await browser.newContext({ baseURL, viewport: phone });
    await logInByApi(admin, 'admin', 'admin1234!');
    const adminPage = await admin.newPage();
    await adminPage.goto('/admin/history');
    await expect(adminPage.getByRole('heading', { level: 1, name: '승인 이력' })).toBeVisible();
    await adminPage.waitForLoadState('networkidle');
    await adminPage
      .getByRole('button', { name: /이력 상세$/ })
      .filter({ visible: true })
      .first()
      .click();
    await expect(adminPage.getByRole('dialog', { name: '이력 상세' })).toBeVisible();
    failures.push(...(await seriousViolations(adminPage)).map((v) => `history sheet: ${v}`));
    await adminPage.keyboard.press('Escape');
    await adminPage.goto('/admin/seller-approvals');
    await adminPage.waitForLoadState('networkidle');
    const licence = adminPage
      .getByRole('button', { name: / 서류 보기$/ })
      .filter({ visible: true })
      .first();
    await licence.click();
    await expect(adminPage.getByRole('dialog')).toBeVisible();
    failures.push(...(await seriousViolations(adminPage)).map((v) => `document dialog: ${v}`));
    await admin.close();

    // The sandbox card window (served by our server).
    const cardContext = await browser.newContext({ baseURL, viewport: phone });
    const anonymous = await cardContext.newPage();
    const order = new URLSearchParams({
      orderId: 'order-a11y-check',
      orderName: '재즈 인 더 시티 2026 외 1매',
      amount: '132000',
      customerName: '데모 구매자',
    });
    await anonymous.goto(`/api/v1/sandbox-payments/checkout?${order.toString()}`);
    await expect(anonymous.getByRole('heading', { name: '카드 결제' })).toBeVisible();
    failures.push(...(await seriousViolations(anonymous)).map((v) => `card window: ${v}`));
    await cardContext.close();

    expect(failures, failures.join('\n')).toEqual([]);
  });
});

test.describe('point 11: a detail page people can scan', () => {
  test('tabs in the URL, arrow keys, the summary, and a booking bar that covers nothing', async ({
    page,
  }) => {
    await page.setViewportSize(phone);
    const concertId = await jazzConcertId(page);
    await page.goto(`/concerts/${concertId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const summary = page.getByRole('group', { name: '한눈에 보기' });
    for (const term of ['공연기간', '러닝타임', '관람연령', '1인 매수 제한']) {
      await expect(summary.getByText(term, { exact: true })).toBeVisible();
    }
    await expect(summary).toContainText(/\d+분/);

    const tablist = page.getByRole('tablist', { name: '공연 상세 정보' });
    await expect(tablist.getByRole('tab')).toHaveText([
      '공연정보',
      '판매정보',
      '관람후기',
      '기대평',
    ]);
    await tablist.getByRole('tab', { name: '관람후기' }).click();
    await expect(page).toHaveURL(/\?tab=reviews$/);
    await expect(page.getByRole('heading', { name: /^관람평/ })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/\?tab=expectations$/);
    await expect(tablist.getByRole('tab', { name: '기대평' })).toBeFocused();
    await page.reload();
    await expect(tablist.getByRole('tab', { name: '기대평' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Tab');

    // One screen of summary and tabs instead of a 6,280 px scroll.
    await tablist.getByRole('tab', { name: '공연정보' }).click();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(4200);

    // The fixed 예매하기 bar: at the very end, the last footer text is above it.
    const bar = page.locator('[data-mobile-cta]');
    await expect(bar).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(200);
    const barBox = await bar.boundingBox();
    const lastText = await page.locator('footer p').last().boundingBox();
    expect(lastText && barBox && lastText.y + lastText.height <= barBox.y).toBe(true);

    for (const size of widths) {
      await page.setViewportSize(size);
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `detail-tabs-${size.width}`);
    }
  });
});
