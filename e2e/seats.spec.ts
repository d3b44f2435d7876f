import { expect, test, type Browser, type Page } from '@playwright/test';
import { saveScreenshot } from './support/session';

/**
 * The waiting room and the seat page of issue 4 against the demo data: 예매하기 enters the
 * queue, the seat map is operated by keyboard only (two holds, a refused third, a release),
 * the side panel totals grade prices plus the 2,000원 fee; and, on the second server
 * (admission cap 1, 15-second holds), two buyers: the second waits at rank 1, is admitted
 * without a reload when the first leaves, sees the first one's hold within 2 s, and watches
 * a hold run out.
 */

const jazzTitle = '재즈 인 더 시티 2026';
const indieTitle = '인디 뮤직 쇼케이스 Vol.7';
const stadiumTitle = '노을 밴드 전국투어 〈여름의 끝〉 서울';
const password = 'buyer1234!';

/** The server with admission cap 1 and short holds (see playwright.config.ts). */
const queueBaseURL = process.env.QUEUE_BASE_URL ?? 'http://localhost:8182';

/** The id of a demo concert, found through the public search. */
async function concertIdOf(page: Page, query: string, title: string): Promise<number> {
  const response = await page.request.get(
    `/api/concerts/search?query=${encodeURIComponent(query)}`,
  );
  const body = (await response.json()) as { data: { concertId: number; title: string }[] };
  const concert = body.data.find((c) => c.title === title);
  if (!concert) throw new Error(`demo concert ${title} not found`);
  return concert.concertId;
}

async function logIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  const form = page.locator('form');
  await form.getByLabel('아이디').fill(username);
  await form.getByLabel('비밀번호').fill(password);
  await form.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function newBuyerPage(browser: Browser, username: string, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  const page = await context.newPage();
  await logIn(page, username);
  return page;
}

/** Presses Tab until the seat map has the focus (one tab stop for the whole map). */
async function tabIntoSeatMap(page: Page): Promise<void> {
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab');
    const inMap = await page.evaluate(
      () => document.activeElement?.closest('[role="grid"]') !== null,
    );
    if (inMap) return;
  }
  throw new Error('the seat map never took the focus');
}

function focusedSeat(page: Page) {
  return page.locator('[role="grid"] button:focus');
}

function sidePanel(page: Page) {
  return page.getByRole('complementary', { name: '선택한 좌석' });
}

test.describe('seat page', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a buyer enters, holds two seats by keyboard only, is refused a third and releases one', async ({
    page,
  }) => {
    await logIn(page, 'buyer');
    const concertId = await concertIdOf(page, '재즈', jazzTitle);
    await page.goto(`/concerts/${concertId}`);
    // The seat page always has a long poll open, so the network is never idle there; the
    // document reaches "networkidle" here, before the in-app move to the seat page.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: '예매하기' }).click();

    // The queue is empty: immediate entry, with the key kept for this tab.
    await expect(page).toHaveURL(new RegExp(`/concerts/${concertId}/reserve$`));
    expect(
      await page.evaluate((id) => sessionStorage.getItem(`accessKey-${id}`), concertId),
    ).toBeTruthy();
    const map = page.getByRole('grid', { name: '좌석 배치도' });
    await expect(map).toBeVisible();
    await expect(page.getByText('무대', { exact: true })).toBeVisible();
    const legend = page.getByRole('list', { name: '좌석 등급별 가격' });
    await expect(legend).toContainText('프리미엄150,000원');
    await expect(legend).toContainText('VIP100,000원');
    await expect(legend).toContainText('일반석50,000원');

    await tabIntoSeatMap(page);
    await expect(focusedSeat(page)).toHaveAccessibleName(
      '프리미엄석 A구역 1열 1번, 선택 가능, 150,000원',
    );
    await page.keyboard.press('Enter');
    await expect(focusedSeat(page)).toHaveAccessibleName(
      '프리미엄석 A구역 1열 1번, 선택됨, 150,000원',
    );

    // A has two rows: down twice lands in B's first row, then one to the right.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect(focusedSeat(page)).toHaveAccessibleName(
      'VIP석 B구역 1열 2번, 선택 가능, 100,000원',
    );
    await page.keyboard.press('Space');
    await expect(focusedSeat(page)).toHaveAccessibleName('VIP석 B구역 1열 2번, 선택됨, 100,000원');

    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(page.getByText('좌석 선점은 최대 2개까지만 가능합니다.')).toBeVisible();
    await expect(focusedSeat(page)).toHaveAccessibleName(
      'VIP석 B구역 1열 3번, 선택 가능, 100,000원',
    );

    const panel = sidePanel(page);
    await expect(panel.getByText('A구역 1열 1번')).toBeVisible();
    await expect(panel.getByText('B구역 1열 2번')).toBeVisible();
    // 150,000 + 100,000 + 2 × 2,000
    await expect(panel.getByTestId('order-total')).toHaveText('254,000원');
    await expect(panel.getByRole('timer', { name: '좌석 선점 남은 시간' })).toHaveText(
      /^0[45]:\d\d$/,
    );
    await expect(panel.getByRole('button', { name: '결제하기' })).toBeEnabled();
    await expect(page.getByText('좌석 선점은 최대 2개까지만 가능합니다.')).toBeHidden();
    await saveScreenshot(page, 'reserve-desktop');

    // Release B-1-2 by keyboard: one step back, Enter.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(focusedSeat(page)).toHaveAccessibleName(
      'VIP석 B구역 1열 2번, 선택 가능, 100,000원',
    );
    await expect(panel.getByTestId('order-total')).toHaveText('152,000원');
    await expect(panel.getByText('B구역 1열 2번')).toHaveCount(0);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('button', { name: /선택한 좌석 1\/2/ })).toBeVisible();
    // A full-page shot draws fixed and sticky bars where an 812-px viewport has them, which is
    // mid-page; a viewport as tall as the page (still 375 wide) draws the header at the top and
    // the bottom sheet at the bottom, where the buyer sees them.
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: 375, height: pageHeight });
    await saveScreenshot(page, 'reserve-mobile');
    await page.setViewportSize({ width: 375, height: 812 });

    // Give the last seat back for the journeys that follow.
    await page.getByRole('button', { name: /선택한 좌석 1\/2/ }).click();
    await panel.getByRole('button', { name: 'A구역 1열 1번 선택 해제' }).click();
    await expect(panel.getByText('좌석을 선택하면 5분 동안 선점됩니다.')).toBeVisible();
  });

  test('a 50,000-seat venue opens on its section overview with live free-seat counts', async ({
    page,
  }) => {
    await logIn(page, 'buyer2');
    const concertId = await concertIdOf(page, '노을', stadiumTitle);
    await page.goto(`/concerts/${concertId}`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: '예매하기' }).click();
    await expect(page).toHaveURL(new RegExp(`/concerts/${concertId}/reserve$`));

    const overview = page.getByRole('list', { name: '구역 선택' });
    // Each tile's name is its visible text (issue 23: no aria-label that says something else).
    const tileA = overview.getByRole('button', { name: /^A구역 / });
    // The summary fills every tile with its free seats (잔여 N / 1,000석).
    await expect(tileA).toHaveAccessibleName(/잔여 [\d,]+ \/ 1,000석/);
    const freeBefore = Number(
      /잔여 ([\d,]+)/.exec(await tileA.innerText())?.[1]?.replace(/,/g, ''),
    );
    await saveScreenshot(page, 'reserve-overview-desktop');

    await tileA.click();
    const map = page.getByRole('grid', { name: '좌석 배치도' });
    await expect(map).toBeVisible();
    const firstFree = map.getByRole('button', { name: /, 선택 가능, / }).first();
    const seatName = (await firstFree.getAttribute('aria-label')) ?? '';
    await firstFree.click();
    await expect(
      map.getByRole('button', { name: seatName.replace('선택 가능', '선택됨') }),
    ).toBeVisible();

    // Back on the overview the section counts the hold and marks it as the buyer's.
    await page.getByRole('button', { name: /전체 구역 보기/ }).click();
    await expect(tileA).toHaveAccessibleName(
      new RegExp(`잔여 ${(freeBefore - 1).toLocaleString('ko-KR')} / 1,000석 내 좌석 1석`),
    );
    // As in the journey above: a viewport as tall as the page draws the bottom sheet at the bottom.
    await page.setViewportSize({ width: 375, height: 812 });
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: 375, height: pageHeight });
    await saveScreenshot(page, 'reserve-overview-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Give the seat back for the journeys that follow.
    const panel = sidePanel(page);
    await panel
      .getByRole('button', { name: /선택 해제$/ })
      .first()
      .click();
    await expect(panel.getByText('좌석을 선택하면 5분 동안 선점됩니다.')).toBeVisible();
  });

  test('a direct link to the seat page without a key goes back to the concert', async ({
    page,
  }) => {
    await logIn(page, 'buyer2');
    const concertId = await concertIdOf(page, '인디', indieTitle);
    const dialog = page.waitForEvent('dialog');
    await page.goto(`/concerts/${concertId}/reserve`);
    const alert = await dialog;
    expect(alert.message()).toBe('예매 시간이 만료되었습니다. 콘서트 상세 페이지로 돌아갑니다.');
    await alert.accept();
    await expect(page).toHaveURL(new RegExp(`/concerts/${concertId}$`));
    await expect(page.getByRole('heading', { level: 1, name: indieTitle })).toBeVisible();
  });
});

test.describe('waiting room (admission cap 1, 15-second holds)', () => {
  test('the second buyer waits, is admitted without a reload, sees a hold live and a hold expire', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const first = await newBuyerPage(browser, 'buyer', queueBaseURL);
    const second = await newBuyerPage(browser, 'buyer2', queueBaseURL);
    const concertId = await concertIdOf(first, '인디', indieTitle);
    const reservePath = new RegExp(`/concerts/${concertId}/reserve$`);

    await first.goto(`/concerts/${concertId}`);
    await first.getByRole('button', { name: '예매하기' }).click();
    await expect(first).toHaveURL(reservePath);
    await expect(first.getByRole('grid', { name: '좌석 배치도' })).toBeVisible();

    await second.goto(`/concerts/${concertId}`);
    await second.getByRole('button', { name: '예매하기' }).click();
    await expect(second).toHaveURL(new RegExp(`/concerts/${concertId}/wait$`));
    await expect(second.getByTestId('queue-rank')).toHaveText('1');
    await expect(second.getByText('다음 차례입니다')).toBeVisible();
    await expect(second.getByText(/^(약 .+|잠시 후 입장|예상 시간 계산 중)$/)).toBeVisible();
    await expect(second.getByText('실시간으로 순번을 받고 있어요')).toBeVisible();
    await expect(
      second.getByText(
        '새로고침해도 대기 순번은 유지됩니다. 다만 창을 닫고 5분이 지나면 대기열에서 제외됩니다.',
      ),
    ).toBeVisible();
    // A marker that a reload would wipe.
    await second.evaluate(() => {
      (window as unknown as { stayedLoaded: boolean }).stayedLoaded = true;
    });
    await saveScreenshot(second, 'wait-desktop');
    await second.setViewportSize({ width: 375, height: 812 });
    await saveScreenshot(second, 'wait-mobile');
    await second.setViewportSize({ width: 1280, height: 800 });

    // The first buyer leaves the seat page: the slot goes to the second, through the socket.
    await first.getByRole('link', { name: '공연 정보' }).click();
    await expect(first).toHaveURL(new RegExp(`/concerts/${concertId}$`));
    await expect(
      second.getByText('입장 순서가 되었습니다! 좌석 선택 페이지로 이동합니다.'),
    ).toBeVisible({ timeout: 5_000 });
    await expect(second).toHaveURL(reservePath);
    // Issue 14: the focus goes to the seat page's heading, not to a link of the waiting room.
    await expect(second.getByRole('heading', { level: 1, name: '좌석 선택' })).toBeFocused();
    expect(
      await second.evaluate(() => (window as unknown as { stayedLoaded?: boolean }).stayedLoaded),
    ).toBe(true);
    await expect(second.getByRole('grid', { name: '좌석 배치도' })).toBeVisible();

    // The first buyer's key lives out its TTL: back on the seat page, a hold shows up on the
    // second buyer's map within 2 s (long polling).
    await first.goBack();
    await expect(first).toHaveURL(reservePath);
    const firstMap = first.getByRole('grid', { name: '좌석 배치도' });
    await firstMap.getByRole('button', { name: /^일반석 C구역 1열 1번, 선택 가능/ }).click();
    await expect(
      firstMap.getByRole('button', { name: /^일반석 C구역 1열 1번, 선택됨/ }),
    ).toBeVisible();
    await expect(
      second
        .getByRole('grid', { name: '좌석 배치도' })
        .getByRole('button', { name: /^일반석 C구역 1열 1번, 다른 사용자가 선점 중/ }),
    ).toBeVisible({ timeout: 2_000 });

    // The second buyer holds a seat by keyboard and lets the 15-second hold run out.
    await tabIntoSeatMap(second);
    await expect(focusedSeat(second)).toHaveAccessibleName(/^프리미엄석 A구역 1열 1번, 선택 가능/);
    await second.keyboard.press('Enter');
    await expect(focusedSeat(second)).toHaveAccessibleName(/^프리미엄석 A구역 1열 1번, 선택됨/);
    await expect(sidePanel(second).getByRole('timer')).toHaveText(/^00:1\d$/);
    const expired = await second.waitForEvent('dialog', { timeout: 25_000 });
    expect(expired.message()).toBe('선점 시간이 만료되었습니다.');
    await expired.accept();
    await expect(
      second
        .getByRole('grid', { name: '좌석 배치도' })
        .getByRole('button', { name: /^프리미엄석 A구역 1열 1번, 선택 가능/ }),
    ).toBeVisible();
    await expect(sidePanel(second).getByRole('button', { name: '결제하기' })).toBeDisabled();

    await first.context().close();
    await second.context().close();
  });
});
