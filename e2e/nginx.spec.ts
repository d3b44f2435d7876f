import { expect, test, type Page } from '@playwright/test';
import { loginThroughPage } from './support/session';

/**
 * The booking journey in Chromium through deploy/nginx.conf (Debian's nginx, started by
 * e2e/support/nginx-front.ts): the page, its hashed assets (served by nginx itself), the API,
 * the seat page's long poll, the sandbox payment window and its redirects, and the cancel.
 */

const nginxBaseURL = process.env.NGINX_BASE_URL ?? '';
test.use({ baseURL: nginxBaseURL });

// A small venue: its whole seat map shows at once.
const concertTitle = '어쿠스틱 기타 리사이틀';

function sidePanel(page: Page) {
  return page.getByRole('complementary', { name: '선택한 좌석' });
}

test('a buyer books and cancels through nginx', async ({ page }) => {
  test.setTimeout(180_000);
  const assets: Array<{ url: string; cacheControl: string | undefined }> = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/')) {
      assets.push({ url: response.url(), cacheControl: response.headers()['cache-control'] });
    }
  });

  const home = await page.goto('/');
  expect(home?.headers().server).toBe('nginx');
  await loginThroughPage(page, 'buyer2', 'buyer1234!');
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    expect(asset.cacheControl).toBe('public, max-age=31536000, immutable');
  }

  const found = await page.request.get(
    `/api/concerts/search?query=${encodeURIComponent('어쿠스틱')}`,
  );
  const concerts = ((await found.json()) as { data: { concertId: number; title: string }[] }).data;
  const concertId = concerts.find((c) => c.title === concertTitle)?.concertId;
  expect(concertId).toBeDefined();

  await page.goto(`/concerts/${concertId}`);
  await page.getByRole('button', { name: '예매하기' }).click();
  await expect(page).toHaveURL(new RegExp(`/concerts/${concertId}/reserve$`));
  const seat = page
    .getByRole('grid', { name: '좌석 배치도' })
    .getByRole('button', { name: /선택 가능/ })
    .first();
  await seat.click();
  await expect(sidePanel(page).getByText(/[A-Z]+구역 \d+열 \d+번/)).toBeVisible();
  const total = (await sidePanel(page).getByTestId('order-total').textContent())?.trim() ?? '';

  await sidePanel(page).getByRole('button', { name: '결제하기' }).click();
  const frame = page.frameLocator('iframe[title="카드 결제"]');
  await frame.getByLabel('카드 번호').fill('4242424242424242');
  await frame.getByLabel('유효기간').fill('12/39');
  await frame.getByRole('button', { name: `${total} 결제하기` }).click();
  await expect(page).toHaveURL(/\/payment\/result\/success\?/);
  expect(new URL(page.url()).origin).toBe(new URL(nginxBaseURL).origin);
  await expect(page.getByRole('heading', { name: '결제가 완료되었습니다' })).toBeVisible();

  await page.getByRole('link', { name: '마이페이지' }).first().click();
  await page.getByRole('tab', { name: '예매 내역' }).click();
  await page
    .getByRole('link', { name: new RegExp(concertTitle) })
    .first()
    .click();
  await page.getByRole('button', { name: '예매 취소' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '취소하기' }).click();
  await expect(page.getByText('예매가 정상적으로 취소되었습니다.')).toBeVisible();
});
