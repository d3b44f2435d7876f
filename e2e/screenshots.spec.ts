import { expect, test } from '@playwright/test';
import { saveScreenshot } from './support/session';

const viewports = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
];

for (const viewport of viewports) {
  test.describe(`screens at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('home, login and register render in Korean on the dark theme', async ({ page }) => {
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
      await expect(page.getByRole('contentinfo')).toContainText('copyright 2025');
      // Demo concerts reach the home page.
      await expect(page.locator('a[href^="/concerts/"]').first()).toBeVisible();
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const [r = 255, g = 255, b = 255] = (background.match(/\d+/g) ?? []).map(Number);
      expect(r + g + b).toBeLessThan(150);
      await saveScreenshot(page, `home-${viewport.name}`);

      await page.goto('/login');
      await expect(page.getByRole('button', { name: '로그인' }).last()).toBeVisible();
      await saveScreenshot(page, `login-${viewport.name}`);

      await page.goto('/register');
      await expect(page.getByLabel('전화번호')).toBeVisible();
      await saveScreenshot(page, `register-${viewport.name}`);
    });
  });
}
