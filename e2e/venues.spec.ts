import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { loginThroughPage, saveScreenshot } from './support/session';

/**
 * Issue 25's journeys: a seller imports a layout CSV, paints a grade by keyboard, prices the
 * grades and registers a concert from the saved venue at a price of the concert's own; a buyer
 * sees those grades and prices, books a wheelchair seat with its companion and then a standing
 * entry number, pays exactly the grades' prices plus the booking fee, and the ticket names the
 * entry number. A small layout is built by keyboard alone; the builder is shot at three widths
 * and checked with axe.
 */

const password = 'buyer1234!';
const cards = { approve: '4242424242424242' };
const stamp = Date.now().toString(36).slice(-5);
const venueName = `E2E 홀 ${stamp}`;
const concertTitle = `배치도 콘서트 ${stamp}`;

/** Three rows of ten (a wheelchair pair at the front) and a standing zone of 30 entry numbers. */
function layoutCsv(): string {
  const lines = ['section,row,number,grade,tags,companionOf,x,capacity'];
  for (const row of [1, 2, 3]) {
    for (let number = 1; number <= 10; number += 1) {
      const grade = row === 1 ? 'VIP' : 'R';
      const tags =
        row === 1 && number === 1 ? 'WHEELCHAIR' : row === 1 && number === 2 ? 'COMPANION' : '';
      const companionOf = tags === 'COMPANION' ? '1' : '';
      lines.push(`A,${row},${number},${grade},${tags},${companionOf},,`);
    }
  }
  lines.push('P,,,SP,STANDING,,,30');
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Seoul's date `days` from now, `YYYY-MM-DD`. */
function seoulDay(days: number): string {
  return new Date(Date.now() + 9 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

async function registerBuyer(page: Page): Promise<string> {
  const username = `vfan${stamp}${Math.floor(Math.random() * 1000)}`;
  const response = await page.request.post('/api/auth/register', {
    multipart: {
      username,
      email: `${username}@example.com`,
      password,
      confirmPassword: password,
      name: '김관객',
      nickname: `배치${username.slice(-6)}`,
      phone: '010-1234-5678',
      address: '서울특별시 마포구 월드컵로 1',
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  await page.context().clearCookies();
  return username;
}

function builderCanvas(page: Page) {
  return page.getByRole('application');
}

function announcement(page: Page) {
  return page.getByTestId('builder-announcement');
}

function sidePanel(page: Page) {
  return page.getByRole('complementary', { name: '선택한 좌석' });
}

async function payWith(page: Page, total: string): Promise<void> {
  await sidePanel(page).getByRole('button', { name: '결제하기' }).click();
  const frame = page.frameLocator('iframe[title="카드 결제"]');
  await expect(frame.getByRole('button', { name: `${total} 결제하기` })).toBeVisible();
  await frame.getByLabel('카드 번호').fill(cards.approve);
  await frame.getByLabel('유효기간').fill('12/39');
  await frame.getByRole('button', { name: `${total} 결제하기` }).click();
  await expect(page).toHaveURL(/\/payment\/result\/success\?/);
}

async function enterSeatPage(page: Page, concertId: number): Promise<void> {
  await page.goto(`/concerts/${concertId}`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: '예매하기' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/concerts/${concertId}/reserve$`));
}

test.describe('venues, drawn seat maps and prices', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('CSV import, a painted grade and prices -> a concert; a buyer pays exactly those prices', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    await loginThroughPage(page, 'seller', 'seller1234!');

    // 1. The venue: a CSV with a standing line, the new grade named and priced.
    await page.goto('/seller/venues/new');
    await expect(builderCanvas(page)).toBeVisible();
    await page.getByLabel('공연장 이름').fill(venueName);
    await page.getByLabel(/파일 가져오기/).setInputFiles({
      name: 'hall.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(layoutCsv(), 'utf8'),
    });
    await expect(announcement(page)).toContainText('hall.csv');
    const grades = page.locator('li').filter({ has: page.getByLabel('가격(원)') });
    // The fourth grade: VIP, R and S of the new hall, then SP from the CSV (named after its code).
    const standingGrade = grades.nth(3);
    await expect(standingGrade).toContainText('SP으로 칠하기');
    await standingGrade.getByLabel('이름').fill('스탠딩');
    await standingGrade.getByLabel('가격(원)').fill('55000');
    const counts = page.getByRole('table', { name: '등급별 좌석 수와 전석 판매 시 매출' });
    await expect(counts.getByRole('rowheader', { name: '스탠딩' })).toBeVisible();

    // 2. Paint row 3's first three seats VIP by keyboard (grade 1).
    await builderCanvas(page).focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('1');
    await expect(announcement(page)).toContainText('A구역 3열 1~3번 VIP석으로 칠함');
    await expect(counts.getByRole('row', { name: /VIP석/ })).toContainText('13');

    const save = page.getByRole('button', { name: '저장' });
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page).toHaveURL(/\/seller\/venues\/\d+$/);
    const venueId = Number(new URL(page.url()).pathname.split('/').pop());

    // 3. The concert from the saved venue, R석 at this concert's own price.
    await page.goto('/seller/concerts/register');
    await page.getByLabel('콘서트 제목').fill(concertTitle);
    await page.getByLabel('아티스트').fill('배치도 밴드');
    await page.getByLabel('공연장명').fill(venueName);
    await page.getByLabel('공연 날짜').fill(seoulDay(20));
    await page.getByLabel('시작 시간').fill('19:00');
    await page.getByLabel('종료 시간').fill('21:00');
    await page.getByLabel('예매 시작일시').fill(`${seoulDay(-1)}T10:00`);
    await page.getByLabel('예매 종료일시').fill(`${seoulDay(19)}T23:00`);
    await page.getByLabel('판매 상태').selectOption('ON_SALE');
    await page.getByRole('radio', { name: '저장한 공연장 사용' }).check();
    await expect(page.getByLabel('총 좌석 수')).toHaveCount(0);
    await page.getByLabel('공연장', { exact: true }).selectOption(String(venueId));
    const rPrice = page.getByLabel('R석 가격');
    await rPrice.fill('99000');
    await rPrice.blur();
    await saveScreenshot(page, 'venue-concert-register-desktop');
    await page.getByRole('button', { name: '콘서트 등록' }).click();
    await expect(page.getByText('콘서트가 생성되었습니다.')).toBeVisible();

    const search = await page.request.get(
      `/api/concerts/search?query=${encodeURIComponent(concertTitle)}`,
    );
    const found = ((await search.json()) as { data: { concertId: number; title: string }[] }).data;
    const concertId = found.find((c) => c.title === concertTitle)?.concertId ?? 0;
    expect(concertId).toBeGreaterThan(0);

    // 4. A buyer sees the grades and prices the seller set.
    const buyerContext = await browser.newContext({
      locale: 'ko-KR',
      timezoneId: 'Asia/Seoul',
      viewport: { width: 1280, height: 900 },
    });
    const buyer = await buyerContext.newPage();
    const username = await registerBuyer(buyer);
    await loginThroughPage(buyer, username, password);
    await buyer.goto(`/concerts/${concertId}`);
    await buyer.getByRole('tab', { name: '판매정보' }).click();
    for (const text of ['VIP석', '165,000원', 'R석', '99,000원', '스탠딩', '55,000원']) {
      await expect(buyer.getByText(text, { exact: true }).first()).toBeVisible();
    }
    await expect(buyer.getByText('스탠딩 잔여 30명').first()).toBeVisible();

    // 5. The wheelchair seat and its companion: one booking at VIP석 × 2 + the fee.
    await enterSeatPage(buyer, concertId);
    // A drawn hall opens on its plan: the section first, then its seats.
    await buyer.getByRole('button', { name: /A구역/ }).first().click();
    const map = buyer.getByRole('grid', { name: '좌석 배치도' });
    await map.getByRole('button', { name: /A구역 1열 1번, 휠체어석, 선택 가능/ }).click();
    await expect(
      buyer.getByText('동반석이 필요하면 A구역 1열 2번도 함께 선택해주세요.').first(),
    ).toBeVisible();
    await map.getByRole('button', { name: /A구역 1열 2번, 동반석, 선택 가능/ }).click();
    await expect(sidePanel(buyer).getByText('A구역 1열 2번')).toBeVisible();
    await expect(sidePanel(buyer).getByTestId('order-total')).toHaveText('334,000원');
    await saveScreenshot(buyer, 'venue-seat-page-desktop', { networkIdle: false });
    await payWith(buyer, '334,000원');
    await expect(buyer.getByText('334,000원')).toBeVisible();

    // 6. A standing entry number: the lowest free one, 55,000원 + the fee.
    await enterSeatPage(buyer, concertId);
    await buyer.getByRole('button', { name: '입장번호 선택 P구역' }).click();
    await expect(sidePanel(buyer).getByText('P구역 입장번호 1번')).toBeVisible();
    await expect(sidePanel(buyer).getByTestId('order-total')).toHaveText('57,000원');
    await payWith(buyer, '57,000원');
    const bookingNumber = new URL(buyer.url()).searchParams.get('bookingNumber') ?? '';
    await buyer.goto(`/bookingDetail/${bookingNumber}/tickets`);
    await expect(buyer.getByText('P구역 입장번호 1번').first()).toBeVisible();
    await saveScreenshot(buyer, 'venue-standing-ticket-desktop');
    await buyerContext.close();
  });

  test('keyboard only: a small layout built, its grade set and saved', async ({ page }) => {
    test.setTimeout(120_000);
    await loginThroughPage(page, 'seller', 'seller1234!');
    await page.goto('/seller/venues/new');
    await expect(builderCanvas(page)).toBeVisible();
    // Every step by keys: Tab to a field, type, Space/Enter on buttons and radios.
    await page.getByLabel('공연장 이름').focus();
    await page.keyboard.type(`키보드 홀 ${stamp}`);
    await page.getByLabel('빠른 배치 (좌석 수만)').focus();
    await page.keyboard.press('Space');
    await page.getByLabel('전체 좌석 수').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('30');
    await page.getByRole('button', { name: '이 템플릿으로 새로 시작' }).focus();
    await page.keyboard.press('Enter');
    await builderCanvas(page).focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Space');
    await page.keyboard.press('Shift+ArrowRight');
    // Grade 3 (일반석): the quick plan's front section is 프리미엄 (grade 1).
    await page.keyboard.press('3');
    await expect(announcement(page)).toContainText('일반석으로 칠함');
    await page.keyboard.press('Control+z');
    await expect(announcement(page)).toContainText('실행 취소함');
    await page.keyboard.press('Control+Shift+z');
    await expect(announcement(page)).toContainText('다시 실행함');
    const save = page.getByRole('button', { name: '저장' });
    await expect(save).toBeEnabled();
    await save.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/seller\/venues\/\d+$/);
    await expect(page.getByText('공연장이 저장되었습니다.').first()).toBeVisible();
  });

  test('the builder at 375, 820 and 1280 px, with no serious axe violation', async ({ page }) => {
    test.setTimeout(120_000);
    await loginThroughPage(page, 'seller', 'seller1234!');
    const venues = (await (await page.request.get('/api/seller/venues')).json()) as {
      data: Array<{ id: number; name: string }>;
    };
    const arena = venues.data.find((venue) => venue.name === '인천 하모니 파크 야외무대');
    expect(arena).toBeDefined();
    for (const [width, height] of [
      [1280, 900],
      [820, 1180],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/seller/venues/${arena?.id ?? 0}`);
      await expect(builderCanvas(page)).toBeVisible();
      // The page at rest: the layout checked (저장 enabled) and its colour transition over.
      await expect(page.getByRole('button', { name: '저장' })).toBeEnabled();
      await page.waitForTimeout(500);
      const results = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${width}px: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
      expect(serious).toEqual([]);
      await saveScreenshot(page, `venue-builder-${width}`);
    }
  });
});
