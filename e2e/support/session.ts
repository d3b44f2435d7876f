import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const screenshotDir = path.resolve(import.meta.dirname, '../artifacts/screenshots');
mkdirSync(screenshotDir, { recursive: true });

/** Logs in through the login page and waits for the greeting in the header. */
export async function loginThroughPage(
  page: Page,
  username: string,
  password: string,
): Promise<void> {
  await page.goto('/login');
  const form = page.locator('form');
  await form.getByLabel('아이디').fill(username);
  await form.getByLabel('비밀번호').fill(password);
  await form.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('banner').getByText(`${username}님 안녕하세요`).first(),
  ).toBeVisible();
}

const drawSkipped = '* { content-visibility: visible !important; }';

/** Full-page screenshots kept as test artifacts. */
export async function saveScreenshot(
  page: Page,
  name: string,
  /** `fullPage: false`: the viewport only (a bottom sheet or dialog over a long page). */
  options: { networkIdle?: boolean; fullPage?: boolean } = {},
): Promise<void> {
  // Let web fonts, images and the 100 ms transition overlay settle. A page with a frame that
  // loaded after the seat page's long poll started never goes network-idle: the caller waits
  // for what it shows instead and passes networkIdle: false.
  // The wait is bounded: Chromium's PDF viewer in a frame kept one CI run from ever going idle,
  // and a screenshot's settling is best effort (each caller has already waited for its content).
  if (options.networkIdle !== false) {
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  }
  await page.waitForTimeout(300);
  const file = path.join(screenshotDir, `${name}.png`);
  // On a loaded CI machine Chromium once never answered a full-page capture (the test timed
  // out inside page.screenshot); a bounded attempt and one retry keep that from hanging a run.
  // A full-page capture does not scroll, so content the page skips until scrolled near
  // (content-visibility: auto, the catalogue's later cards) is drawn for it as a visitor
  // scrolling down sees it.
  const capture = {
    path: file,
    fullPage: options.fullPage !== false,
    animations: 'disabled',
    style: drawSkipped,
  } as const;
  const isTimeout = (error: unknown) => error instanceof Error && /Timeout/i.test(error.message);
  try {
    await page.screenshot({ ...capture, timeout: 15_000 });
  } catch (error) {
    if (!isTimeout(error)) throw error;
    await page.waitForTimeout(1_000);
    try {
      await page.screenshot({ ...capture, timeout: 20_000 });
    } catch (again) {
      // A full-run CI machine once left two full-page captures of the seller's manage page
      // unanswered (the journey's checks had all passed): keep the visible part instead.
      if (!isTimeout(again) || !capture.fullPage) throw again;
      await page.screenshot({ ...capture, fullPage: false, timeout: 20_000 });
    }
  }
}
