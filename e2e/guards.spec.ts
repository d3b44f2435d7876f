import { expect, test } from '@playwright/test';
import { loginThroughPage } from './support/session';

test.describe('route guards', () => {
  test('anonymous visitors are sent to /login or /unauthorized', async ({ page }) => {
    for (const path of [
      '/mypage/profile',
      '/concerts/1/wait',
      '/concerts/1/reserve',
      '/bookingDetail/CC-ABCDE-FGHJK',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
    }
    for (const path of [
      '/seller',
      '/seller/apply',
      '/seller/status',
      '/seller/concerts/manage',
      '/admin',
      '/admin/history',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/unauthorized$/);
    }
    await expect(
      page.getByText('로그인이 필요한 페이지입니다. 로그인한 뒤 다시 시도해주세요.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /로그인/ }).last()).toBeVisible();
    // The seller concert pages keep their own words for visitors without a session.
    await page.goto('/seller/concerts/register');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByText('콘서트 등록은 로그인한 판매자만 가능합니다.')).toBeVisible();
    await page.goto('/seller/concerts/manage');
    await expect(page.getByText('콘서트 관리는 로그인한 판매자만 가능합니다.')).toBeVisible();
  });

  test('a buyer may open user pages and seller application, not seller tools or admin', async ({
    page,
  }) => {
    await loginThroughPage(page, 'buyer2', 'buyer1234!');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/mypage/profile');
    await expect(page).toHaveURL(/\/mypage\/profile$/);
    await page.goto('/seller/apply');
    await expect(page).toHaveURL(/\/seller\/apply$/);
    for (const path of [
      '/seller/concerts/register',
      '/seller/concerts/manage',
      '/admin',
      '/admin/sellers',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/unauthorized$/);
    }
    await expect(page.getByText(/판매자 또는 관리자 권한이 있어야/)).toBeVisible();
  });

  test('an admin is kept out of the seller area but opens the admin area', async ({ page }) => {
    await loginThroughPage(page, 'admin', 'admin1234!');
    await page.goto('/admin/seller-approvals');
    await expect(page).toHaveURL(/\/admin\/seller-approvals$/);
    await page.goto('/seller');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(
      page.getByText(/관리자 계정으로는 판매자 기능을 이용할 수 없습니다/),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: /관리자 페이지/ })).toBeVisible();
  });

  test('a seller opens the seller tools but not the admin area', async ({ page }) => {
    await loginThroughPage(page, 'seller', 'seller1234!');
    await page.goto('/seller/concerts/manage');
    await expect(page).toHaveURL(/\/seller\/concerts\/manage$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByText(/판매자 계정으로는 이용할 수 없는 페이지입니다/)).toBeVisible();
  });

  test('an unknown path shows the 404 page with its cards', async ({ page }) => {
    await page.goto('/this/page/does-not-exist');
    await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeVisible();
    await expect(page.getByRole('link', { name: /홈으로/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /콘서트 보기/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /이전 페이지/ })).toBeVisible();
    await page.getByRole('link', { name: /콘서트 보기/ }).click();
    await expect(page).toHaveURL(/\/concerts$/);
  });

  test('an unknown API path answers the JSON envelope, not the SPA', async ({ request }) => {
    const response = await request.get('/api/not-a-route');
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, code: 'C005' });
  });
});
