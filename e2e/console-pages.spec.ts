import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { saveScreenshot } from './support/session';
import { loggedInContext } from './support/sellers';

/**
 * Issue 23, points 6 and 9 (what a demanding user notices): no '준비 중' page is left; the
 * seller home shows today's sales and the seller's concerts; the admin statistics draw 30 days
 * as charts with a table; the manage page shows sold/total, disables 수정 and AI 요약 of a
 * finished show and keeps the floating add button off the first card; 관람평 of fans who booked
 * carry '예매자 관람평' and can be filtered. Screenshots at 375, 820 and 1280 px.
 */

const widths = [375, 820, 1280] as const;
const heightOf = (width: number) => (width === 375 ? 812 : width === 820 ? 1180 : 800);
/** A finished demo show whose reviewers partly booked (apps/server/src/demo/seed.ts). */
const finishedTitle = '가을 포크 음악회';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page's visible text never says a page is not built yet. */
async function expectNoPlaceholder(page: Page) {
  await expect(page.locator('body')).not.toContainText('준비 중');
}

const won = (value: number) => `${String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/**
 * One paid booking of one seat through the public API, as a buyer's browser makes it: waiting
 * room, seat page, hold, booking, the sandbox card window and its callback.
 */
async function buyOneSeat(request: APIRequestContext, concertId: number): Promise<void> {
  const entry = await request.post(`/api/queue/enter?concertId=${concertId}`);
  expect(entry.status(), await entry.text()).toBe(200);
  const accessKey = String((await entry.json()).data.accessKey);
  const headers = { 'x-access-key': accessKey };
  const seats = await request.get(`/api/seats/concerts/${concertId}/status`, { headers });
  const free = ((await seats.json()).data as Array<{ seatId: number; status: string }>).filter(
    (seat) => seat.status === 'AVAILABLE',
  );
  let held: number | null = null;
  for (const seat of free.slice(-40).reverse()) {
    const hold = await request.post(
      `/api/seats/concerts/${concertId}/seats/${seat.seatId}/reserve`,
      { headers },
    );
    if (hold.status() === 200) {
      held = seat.seatId;
      break;
    }
  }
  expect(held, 'a free seat to hold').not.toBeNull();
  const booked = await request.post('/api/bookings', {
    data: { concertId, concertSeatIds: [held] },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const created = (await booked.json()).data as {
    checkoutUrl: string;
    orderId: string;
    orderName: string;
    amount: number;
    customerName: string;
  };
  const submit = await request.post(new URL(created.checkoutUrl).pathname, {
    form: {
      orderId: created.orderId,
      orderName: created.orderName,
      amount: String(created.amount),
      customerName: created.customerName,
      cardNumber: '4242424242424242',
      expiry: '12/39',
      installment: '0',
    },
    maxRedirects: 0,
  });
  expect(submit.status()).toBe(302);
  const callback = new URL(String(submit.headers()['location']));
  const landed = await request.get(`${callback.pathname}${callback.search}`, { maxRedirects: 0 });
  expect(String(landed.headers()['location'])).toContain('/payment/result/success');
}

async function contextOf(browser: Browser, baseURL: string | undefined, user: string) {
  const password =
    user === 'admin' ? 'admin1234!' : user === 'seller' ? 'seller1234!' : 'buyer1234!';
  return loggedInContext(browser, baseURL, user, password);
}

test('seller home: today’s sales (bookings, seats, revenue), concerts on sale and upcoming', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const seller = await contextOf(browser, baseURL, 'seller');
  const buyer = await contextOf(browser, baseURL, 'buyer2');
  const onSale = (await (await seller.request.get('/api/seller/dashboard')).json()).data as {
    onSale: Array<{ concertId: number; title: string; status: string }>;
  };
  const target = onSale.onSale.find((concert) => concert.status === 'ON_SALE');
  if (!target) throw new Error('the demo seller has a concert on sale');
  await buyOneSeat(buyer.request, target.concertId);

  const dashboard = (await (await seller.request.get('/api/seller/dashboard')).json()).data as {
    today: { bookings: number; seats: number; revenue: number };
    onSale: Array<{ title: string; soldSeats: number; totalSeats: number }>;
    upcoming: Array<{ title: string }>;
  };
  expect(dashboard.today.bookings).toBeGreaterThanOrEqual(1);
  const page = await seller.newPage();
  for (const width of widths) {
    await page.setViewportSize({ width, height: heightOf(width) });
    await page.goto('/seller');
    const today = page.getByRole('region', { name: '오늘 판매 현황' });
    await expect(today.getByText(`${won(dashboard.today.bookings)}건`)).toBeVisible();
    await expect(today.getByText(`${won(dashboard.today.seats)}석`)).toBeVisible();
    await expect(today.getByText(`${won(dashboard.today.revenue)}원`)).toBeVisible();
    const selling = page.getByRole('list', { name: '판매 중인 공연' });
    const first = dashboard.onSale[0];
    if (!first) throw new Error('a concert on sale');
    await expect(selling.getByRole('listitem').first()).toContainText(first.title);
    await expect(selling.getByRole('listitem').first()).toContainText(
      `판매 ${won(first.soldSeats)} / ${won(first.totalSeats)}석`,
    );
    const upcoming = page.getByRole('list', { name: '판매 예정 공연' });
    await expect(upcoming.getByRole('listitem')).toHaveCount(
      Math.min(6, dashboard.upcoming.length),
    );
    if (dashboard.onSale.length > 6) {
      await expect(selling.getByRole('listitem')).toHaveCount(6);
      await expect(
        page.getByRole('link', { name: `판매 중인 공연 ${dashboard.onSale.length}개 모두 보기` }),
      ).toHaveAttribute('href', '/seller/concerts/manage');
    }
    await expect(upcoming.getByText('예매 오픈').first()).toBeVisible();
    await expectNoPlaceholder(page);
    await saveScreenshot(page, `seller-home-${width}`);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await seller.close();
  await buyer.close();
});

test('admin statistics: figures, two charts and the table of 30 days; settings holds the booking fee', async ({
  browser,
  baseURL,
}) => {
  const admin = await contextOf(browser, baseURL, 'admin');
  const stats = (await (await admin.request.get('/api/admin/statistics')).json()).data as {
    users: { total: number };
    totals: { bookings: number; revenue: number };
    daily: Array<{ date: string; bookings: number; revenue: number }>;
  };
  const page = await admin.newPage();
  for (const width of widths) {
    await page.setViewportSize({ width, height: heightOf(width) });
    await page.goto('/admin');
    // The dashboard's former '준비 중' card opens the statistics.
    await expectNoPlaceholder(page);
    await page
      .getByRole('link', { name: /통계 리포트/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/statistics$/);
    await expect(page.getByRole('heading', { level: 1, name: '통계 리포트' })).toBeVisible();
    await expect(page.getByText(`${won(stats.users.total)}명`).first()).toBeVisible();
    await expect(page.getByText(`${won(stats.totals.revenue)}원`).first()).toBeVisible();
    const revenueChart = page.getByRole('img', { name: /일별 매출 막대 차트/ });
    await expect(revenueChart).toBeVisible();
    await expect(page.getByRole('img', { name: /일별 예매 건수 막대 차트/ })).toBeVisible();
    // The chart fits its column: nothing is drawn past the page's right edge.
    const box = await revenueChart.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    const table = page.getByRole('table', { name: /일별 예매와 매출/ });
    await expect(table.getByRole('row')).toHaveCount(31);
    const today = stats.daily.at(-1);
    await expect(table.getByRole('row').nth(1)).toContainText(
      `${won(today?.bookings ?? 0)}건${won(today?.revenue ?? 0)}원`,
    );
    await page.getByRole('button', { name: '표로 보기' }).click();
    await expect(table).toBeVisible();
    await saveScreenshot(page, `admin-statistics-${width}`);
  }
  expect(await seriousViolations(page)).toEqual([]);
  // Settings came back with something an admin really sets (issue 27): the booking fee.
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: '플랫폼 설정' })).toBeVisible();
  await expect(page.getByLabel('좌석 1매당 예매수수료 (원)')).toHaveValue('2000');
  await expect(page.getByRole('link', { name: '플랫폼 설정', exact: true }).first()).toBeVisible();
  await admin.close();
});

/** The first card and the floating button do not overlap (or the button is not shown). */
async function expectFabClearOf(page: Page, card: Locator) {
  const fab = page.getByTestId('concert-add-fab');
  if ((await fab.count()) === 0) return;
  const [a, b] = [await fab.boundingBox(), await card.boundingBox()];
  if (!a || !b) return;
  const overlaps =
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps, 'the floating add button lies over the first card').toBe(false);
}

test('manage page: sold/total, a finished show’s 수정 and AI 요약 disabled, the AI column and the add button clear', async ({
  browser,
  baseURL,
}) => {
  const seller = await contextOf(browser, baseURL, 'seller');
  const page = await seller.newPage();
  for (const width of widths) {
    await page.setViewportSize({ width, height: heightOf(width) });
    await page.goto('/seller/concerts/manage');
    await page
      .getByRole('group', { name: '상태 필터' })
      .getByRole('button', { name: '완료됨' })
      .click();
    const buttons = (name: string) =>
      page.getByRole('button', { name: `${finishedTitle} ${name}` }).filter({ visible: true });
    await expect(buttons('수정')).toBeDisabled();
    await expect(buttons('AI 요약 재생성')).toBeDisabled();
    await expect(buttons('취소')).toBeDisabled();
    await expect(
      page
        .getByText(/판매 \d+ \/ 500석/)
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
    await expect(
      page
        .getByText('종료된 공연은 수정, AI 요약, 취소를 할 수 없습니다.')
        .filter({ visible: true })
        .first(),
    ).toBeVisible();
    await saveScreenshot(page, `seller-manage-completed-${width}`);

    await page
      .getByRole('group', { name: '상태 필터' })
      .getByRole('button', { name: '전체' })
      .click();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(/총 \d+개 중 1-10번째 표시/)).toBeVisible();
    if (width === 1280) {
      // The table fits: the AI column is not pushed past the right edge into a hidden scroll.
      const wrapper = page.getByRole('table', { name: '내 콘서트 목록' }).locator('..');
      const fits = await wrapper.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
      expect(fits, 'the concert table overflows at 1280 px').toBe(true);
      const aiHeader = page.getByRole('columnheader', { name: 'AI 요약' });
      const box = await aiHeader.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
    }
    if (width === 375) {
      const firstCard = page
        .getByRole('list', { name: '내 콘서트 목록' })
        .getByRole('listitem')
        .first();
      await expect(firstCard).toBeVisible();
      await expectFabClearOf(page, firstCard);
      // Scrolled by steps to the end: at no point does the button cover the first card.
      for (let step = 0; step < 12; step += 1) {
        await page.mouse.wheel(0, 250);
        await page.waitForTimeout(80);
        await expectFabClearOf(page, firstCard);
      }
      await expect(page.getByTestId('concert-add-fab')).toBeVisible();
      await saveScreenshot(page, 'seller-manage-375-scrolled', { networkIdle: false });
    }
    await expectNoPlaceholder(page);
  }
  await seller.close();
});

test('예매자 관람평: the badge on reviews of fans who booked, and the filter', async ({ page }) => {
  const search = await page.request.get(
    `/api/concerts/search?query=${encodeURIComponent('가을 포크')}`,
  );
  const listed = ((await search.json()).data ?? []) as Array<{ concertId: number; title: string }>;
  // Finished shows are not in the public search: find it through the public reviews instead.
  let concertId = listed.find((c) => c.title === finishedTitle)?.concertId;
  if (!concertId) {
    for (let id = 1; id <= 40 && !concertId; id += 1) {
      const detail = await page.request.get(`/api/concerts/${id}`);
      if (detail.ok() && (await detail.json()).data?.title === finishedTitle) concertId = id;
    }
  }
  expect(concertId).toBeDefined();
  const verified = (
    await (await page.request.get(`/api/concerts/reviews/${concertId}?verifiedOnly=true`)).json()
  ).data as { totalElements: number };
  expect(verified.totalElements).toBeGreaterThan(0);

  for (const width of widths) {
    await page.setViewportSize({ width, height: heightOf(width) });
    // Reviews have their own tab on the detail page (issue 23 point 11).
    await page.goto(`/concerts/${concertId}?tab=reviews`);
    // The section loads as the visitor scrolls toward it.
    const reviews = page.getByRole('region', { name: /^관람평/ });
    await expect(async () => {
      await page.mouse.wheel(0, 700);
      await expect(reviews.getByRole('article').first()).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await reviews.scrollIntoViewIfNeeded();
    const articles = reviews.getByRole('article');
    const total = await articles.count();
    const marked = reviews.getByRole('article').filter({ hasText: '예매자 관람평' });
    expect(await marked.count()).toBeGreaterThan(0);
    expect(await marked.count()).toBeLessThan(total);

    const chip = reviews.getByRole('button', { name: '예매자 관람평만' });
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect(articles).toHaveCount(Math.min(10, verified.totalElements));
    for (const article of await articles.all())
      await expect(article).toContainText('예매자 관람평');
    await reviews.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `reviews-verified-${width}`);
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'false');
    await expect(articles).toHaveCount(Math.min(10, total));
  }
});
