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

/** Full-page screenshots kept as test artifacts. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  // Let web fonts, images and the 100 ms transition overlay settle.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}
