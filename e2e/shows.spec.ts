import AxeBuilder from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { saveScreenshot } from './support/session';
import {
  bookingState,
  buySeats,
  enterQueue,
  newBuyer,
  performanceDay,
  performanceLabel,
  queueStatus,
} from './support/show-journeys';
import { newApprovedSeller, seoul, seoulDate } from './support/sellers';

/**
 * Issue 26's journeys: a new seller registers a show of three performances (회차) on the register
 * form's calendar; a buyer picks the second date on the detail page's calendar and books two
 * seats; another buyer books the third; the seller cancels the third performance and only its
 * buyer is refunded. On the queue server (admission cap 1): a fan waiting for a performance that
 * sells out moves to another and stands ahead of a fan who queued there after them.
 */

const approveCard = '4242424242424242';
/** The server with admission cap 1 (see playwright.config.ts). */
const queueBaseURL = process.env.QUEUE_BASE_URL ?? 'http://localhost:8182';
const viewports = [
  { name: '375', width: 375, height: 812 },
  { name: '820', width: 820, height: 1180 },
  { name: '1280', width: 1280, height: 800 },
] as const;

/**
 * Full-page shots at each width. The viewport is made as tall as the page (as seats.spec.ts
 * does on phones): a full-page capture otherwise draws sticky bars where an 812-px viewport has
 * them, e.g. the detail page's 예매하기 bar over the middle of the page.
 */
async function shootAt(page: Page, name: string) {
  for (const viewport of viewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.evaluate(() => window.scrollTo(0, 0));
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({
      width: viewport.width,
      height: Math.max(height, viewport.height),
    });
    await saveScreenshot(page, `${name}-${viewport.name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Pages a month calendar forward until `day` is on screen (both calendars start near today). */
async function showMonthOf(scope: Locator, day: Locator) {
  for (let page = 0; page < 3 && (await day.count()) === 0; page += 1) {
    await scope.getByRole('button', { name: '다음 달' }).click();
  }
  await expect(day).toBeVisible();
}

interface ShowPerformance {
  concertId: number;
  concertDate: string;
  startTime: string;
  status: string;
  remainingSeats: number;
}

async function performancesOf(
  request: APIRequestContext,
  concertId: number,
): Promise<ShowPerformance[]> {
  const response = await request.get(`/api/concerts/${concertId}/performances`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { performances: ShowPerformance[] } }).data
    .performances;
}

test.describe('회차 (issue 26)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a seller registers 3 performances on the calendar; a buyer books the second; cancelling the third refunds only its buyer', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const { context: sellerContext } = await newApprovedSeller(browser, baseURL);
    const seller = await sellerContext.newPage();
    const title = `회차 쇼케이스 ${randomBytes(3).toString('hex')}`;
    const schedule = [
      { date: seoulDate(10), start: '19:00', end: '21:00' },
      { date: seoulDate(11), start: '18:00', end: '20:00' },
      { date: seoulDate(12), start: '17:00', end: '19:00' },
    ];
    const [first, second, third] = schedule as [
      (typeof schedule)[0],
      (typeof schedule)[0],
      (typeof schedule)[0],
    ];

    // 1. The register form: three dates picked on the calendar, a time for each.
    await seller.goto('/seller/concerts/register');
    await expect(seller.getByRole('heading', { level: 1, name: '콘서트 등록' })).toBeVisible();
    const register = seller
      .locator('form')
      .filter({ has: seller.getByRole('group', { name: '기본 정보' }) });
    await register.getByLabel('콘서트 제목', { exact: true }).fill(title);
    await register.getByLabel('아티스트', { exact: true }).fill('회차 밴드');
    await register.getByLabel('공연장명', { exact: true }).fill('커튼콜 소극장');
    for (const performance of schedule) {
      const day = register.locator(`[role="gridcell"][data-date="${performance.date}"]`);
      await showMonthOf(register, day);
      await day.click();
      await expect(day).toHaveAttribute('aria-selected', 'true');
    }
    await expect(register.getByText(/회차 3개/)).toBeVisible();
    for (const performance of schedule) {
      // The date's fieldset, named by its legend ('2026.12.20(일)'); its time rows are groups too.
      const dateGroup = register.getByRole('group', {
        name: performanceDay(performance.date),
        exact: true,
      });
      await dateGroup.getByLabel('시작 시간').fill(performance.start);
      await dateGroup.getByLabel('종료 시간').fill(performance.end);
    }
    await register.getByLabel('총 좌석 수').fill('20');
    // One booking window for all three (모든 회차 동일), open from a minute ago.
    await expect(
      register.getByRole('group', { name: '예매 기간' }).getByLabel('모든 회차 동일'),
    ).toBeChecked();
    await register.getByLabel('예매 시작일시').fill(seoul(new Date(Date.now() - 60_000)));
    await register.getByLabel('예매 종료일시').fill(`${seoulDate(9)}T23:00`);
    await shootAt(seller, 'show-register-calendar');

    const created = seller.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && /\/api\/seller\/shows(\?|$)/.test(response.url()),
    );
    await register.getByRole('button', { name: '콘서트 등록' }).click();
    const createdResponse = await created;
    expect(createdResponse.status()).toBe(201);
    const show = (
      (await createdResponse.json()) as {
        data: {
          showId: number;
          performances: { concertId: number; concertDate: string; status: string }[];
        };
      }
    ).data;
    expect(show.performances.map((p) => p.concertDate)).toEqual(schedule.map((p) => p.date));
    expect(show.performances.map((p) => p.status)).toEqual(['ON_SALE', 'ON_SALE', 'ON_SALE']);
    const [firstId = 0, secondId = 0, thirdId = 0] = show.performances.map((p) => p.concertId);
    await expect(seller.getByText('공연이 등록되었습니다.').first()).toBeVisible();

    // 2. The manage page groups the three under the show, each with its sold/total.
    await expect(seller).toHaveURL(/\/seller\/concerts\/manage$/);
    const table = seller.getByRole('table');
    const showRow = table.getByRole('row').filter({ hasText: title });
    /** A performance's row, found by its own 이 회차 취소 button. */
    const performanceRow = (performance: (typeof schedule)[number]) =>
      table.getByRole('row').filter({
        has: seller.getByRole('button', {
          name: `${title} ${performanceLabel(performance.date, performance.start)} 이 회차 취소`,
        }),
      });
    await expect(showRow).toContainText('3회차');
    for (const performance of schedule) {
      const name = `${title} ${performanceLabel(performance.date, performance.start)}`;
      await expect(table.getByRole('button', { name: `${name} 이 회차 취소` })).toBeEnabled();
    }
    await expect(showRow).toContainText('판매 0 / 60석');
    for (const performance of schedule) {
      await expect(performanceRow(performance)).toContainText('판매 0 / 20석');
    }
    await shootAt(seller, 'show-manage-group');

    // 3. A buyer picks the second date on the 회차 calendar, its time, and books two seats.
    const buyerContext = await newBuyer(browser, baseURL, 'fan');
    const buyer = await buyerContext.newPage();
    await buyer.goto(`/concerts/${firstId}`);
    await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const picker = buyer.getByRole('region', { name: '회차 선택' });
    await expect(picker).toContainText('· 3회');
    const secondDay = picker.locator(`button[data-date="${second.date}"]`);
    await showMonthOf(picker, secondDay);
    await secondDay.click();
    await expect(
      picker.locator(`td[aria-selected="true"] button[data-date="${second.date}"]`),
    ).toBeVisible();
    const secondTime = picker.getByRole('button', { name: new RegExp(`^${second.start}`) });
    await secondTime.click();
    await expect(secondTime).toHaveAttribute('aria-pressed', 'true');
    await expect(buyer).toHaveURL(new RegExp(`[?&]performance=${secondId}(&|$)`));
    await expect(picker.getByTestId('chosen-performance')).toHaveText(
      `${performanceLabel(second.date, second.start)} 회차`,
    );
    await expect(picker.getByRole('list', { name: '선택한 회차의 등급별 잔여석' })).toBeVisible();
    await shootAt(buyer, 'show-buyer-calendar');

    const queued = buyer.waitForResponse((response) =>
      response.url().includes(`/api/queue/enter?concertId=${secondId}`),
    );
    await buyer.getByRole('button', { name: '예매하기' }).click();
    expect((await queued).status()).toBe(200);
    await expect(buyer).toHaveURL(new RegExp(`/concerts/${secondId}/reserve$`), {
      timeout: 30_000,
    });
    const seatMap = buyer.getByRole('grid', { name: '좌석 배치도' });
    const panel = buyer.getByRole('complementary', { name: '선택한 좌석' });
    for (let i = 0; i < 2; i += 1) {
      const seat = seatMap.getByRole('button', { name: /선택 가능/ }).first();
      const label = /[A-Z]+구역 \d+열 \d+번/.exec(
        (await seat.getAttribute('aria-label')) ?? '',
      )?.[0];
      expect(label).toBeTruthy();
      await seat.click();
      await expect(panel.getByText(label ?? '')).toBeVisible();
    }
    const total = (await panel.getByTestId('order-total').textContent())?.trim() ?? '';
    await panel.getByRole('button', { name: '결제하기' }).click();
    const card = buyer.frameLocator('iframe[title="카드 결제"]');
    await card.getByLabel('카드 번호').fill(approveCard);
    await card.getByLabel('유효기간').fill('12/39');
    await card.getByRole('button', { name: `${total} 결제하기` }).click();
    await expect(buyer).toHaveURL(/\/payment\/result\/success\?/);
    await expect(buyer.getByRole('heading', { name: '결제가 완료되었습니다' })).toBeVisible();
    const bookingNumber = new URL(buyer.url()).searchParams.get('bookingNumber') ?? '';
    expect(bookingNumber).not.toBe('');
    // The 회차 booked: the second date at its own time (18:00 is '오후 6:00' on the page).
    // The page keeps date and time whole with no-break spaces; read as a buyer reads them.
    const when = buyer.getByRole('definition').filter({ hasText: second.date.replace(/-/g, '.') });
    await expect
      .poll(async () => ((await when.textContent()) ?? '').replace(/\s+/g, ' ').trim())
      .toBe(`${performanceDay(second.date).replace('(', ' (')} 오후 6:00 ~ 오후 8:00`);
    const booked = await bookingState(buyer.request, bookingNumber);
    expect(booked).toMatchObject({
      bookingStatus: 'CONFIRMED',
      paymentStatus: 'DONE',
      concertDate: second.date,
    });
    expect(booked.startTime).toMatch(/^18:00/);

    // 4. Another buyer books one seat of the third performance (the API's sequence).
    const otherContext = await newBuyer(browser, baseURL, 'fan');
    const entry = await enterQueue(otherContext.request, thirdId);
    expect(entry.status).toBe('IMMEDIATE_ENTRY');
    const otherBooking = await buySeats(otherContext.request, thirdId, entry.accessKey ?? '', 1);
    expect(await bookingState(otherContext.request, otherBooking)).toMatchObject({
      bookingStatus: 'CONFIRMED',
      concertDate: third.date,
    });

    // 5. The seller cancels the third performance alone.
    await seller.reload();
    const thirdName = `${title} ${performanceLabel(third.date, third.start)}`;
    await table.getByRole('button', { name: `${thirdName} 이 회차 취소` }).click();
    const dialog = seller.getByRole('dialog', { name: '이 회차 취소' });
    await expect(dialog).toContainText(
      `${performanceLabel(third.date, third.start)} 회차만 취소합니다.`,
    );
    await expect(dialog).toContainText('다른 회차의 예매와 판매는 그대로입니다.');
    await dialog.getByRole('button', { name: '이 회차 취소' }).click();
    await expect(dialog).toBeHidden();
    // Exactly one paid booking is refunded: the third performance's.
    await expect(seller.getByText(/결제된 예매 1건의 환불을 차례로 진행합니다/)).toBeVisible();
    await expect(performanceRow(third)).toContainText('취소됨');
    await expect(performanceRow(second)).toContainText('판매 2 / 20석');
    await expect(table.getByRole('button', { name: `${thirdName} 이 회차 취소` })).toBeDisabled();

    // Through the API: the third's buyer is refunded (the refund job runs within seconds), the
    // second's booking stands, the other two performances are as they were.
    await expect
      .poll(
        async () => {
          const state = await bookingState(otherContext.request, otherBooking);
          return `${state.bookingStatus}/${state.paymentStatus}`;
        },
        { timeout: 30_000 },
      )
      .toBe('CANCELED/CANCELED');
    expect(await bookingState(buyer.request, bookingNumber)).toMatchObject({
      bookingStatus: 'CONFIRMED',
      paymentStatus: 'DONE',
    });
    const after = await performancesOf(buyer.request, firstId);
    expect(
      after.map(({ concertId, concertDate, startTime, status }) => ({
        concertId,
        concertDate,
        startTime: startTime.slice(0, 5),
        status,
      })),
    ).toEqual([
      { concertId: firstId, concertDate: first.date, startTime: first.start, status: 'ON_SALE' },
      { concertId: secondId, concertDate: second.date, startTime: second.start, status: 'ON_SALE' },
      { concertId: thirdId, concertDate: third.date, startTime: third.start, status: 'CANCELLED' },
    ]);
    expect(after.slice(0, 2).map((p) => p.remainingSeats)).toEqual([20, 18]);

    await otherContext.close();
    await buyerContext.close();
    await sellerContext.close();
  });

  test('a fan waiting for a performance that sells out moves to another and keeps their place', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    // The show: performances X and Y of two seats each, on sale now, on the cap-1 server.
    const { context: sellerContext } = await newApprovedSeller(browser, queueBaseURL);
    const title = `매진 회차 ${randomBytes(3).toString('hex')}`;
    const dateX = seoulDate(10);
    const dateY = seoulDate(11);
    const made = await sellerContext.request.post('/api/seller/shows', {
      data: {
        title,
        artist: '회차 밴드',
        venueName: '커튼콜 소극장',
        totalSeats: 2,
        status: 'ON_SALE',
        bookingStartDate: seoul(new Date(Date.now() - 60_000)),
        bookingEndDate: `${seoulDate(9)}T23:00`,
        performances: [
          { concertDate: dateX, startTime: '18:00', endTime: '20:00' },
          { concertDate: dateY, startTime: '18:00', endTime: '20:00' },
        ],
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const performances = (
      (await made.json()) as { data: { performances: { concertId: number; status: string }[] } }
    ).data.performances;
    expect(performances.map((p) => p.status)).toEqual(['ON_SALE', 'ON_SALE']);
    const [x = 0, y = 0] = performances.map((p) => p.concertId);
    await sellerContext.close();

    const [fanD, fanA, fanB, fanC] = await Promise.all(
      ['fand', 'fana', 'fanb', 'fanc'].map((prefix) => newBuyer(browser, queueBaseURL, prefix)),
    );
    if (!fanD || !fanA || !fanB || !fanC) throw new Error('four fans');

    // D takes Y's only slot; A takes X's.
    expect((await enterQueue(fanD.request, y)).status).toBe('IMMEDIATE_ENTRY');
    const admittedA = await enterQueue(fanA.request, x);
    expect(admittedA.status).toBe('IMMEDIATE_ENTRY');

    // B queues for X in the browser and waits first in line.
    const pageB = await fanB.newPage();
    await pageB.setViewportSize({ width: 1280, height: 800 });
    await pageB.goto(`/concerts/${x}`);
    await expect(pageB.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await pageB.getByRole('button', { name: '예매하기' }).click();
    await expect(pageB).toHaveURL(new RegExp(`/concerts/${x}/wait$`));
    await expect(pageB.getByTestId('queue-rank')).toHaveText('1');

    // C queues for Y after B's entry to X was answered (so later on the clock): first behind D.
    const waitingC = await enterQueue(fanC.request, y);
    expect(waitingC).toMatchObject({ status: 'WAITING', rank: 1 });

    // A buys both seats of X: X sells out while B waits for it.
    await buySeats(fanA.request, x, admittedA.accessKey ?? '', 2);
    const soldOut = pageB.getByRole('region', { name: '선택하신 회차가 매진되었습니다.' });
    await expect(soldOut).toBeVisible();
    const labelY = performanceLabel(dateY, '18:00');
    const alternatives = soldOut.getByRole('list', { name: '예매 가능한 다른 회차' });
    await expect(alternatives.getByRole('listitem')).toHaveCount(1);
    await expect(alternatives.getByRole('listitem')).toContainText(labelY);
    await expect(alternatives.getByRole('listitem')).toContainText('잔여 2석');
    await expect(alternatives.getByRole('listitem')).toContainText('대기 1명');
    expect(await queueStatus(fanB.request, x)).toMatchObject({
      status: 'WAITING',
      soldOut: true,
      alternatives: [{ concertId: y, remainingSeats: 2, waiting: 1 }],
    });

    await pageB.setViewportSize({ width: 375, height: 812 });
    await saveScreenshot(pageB, 'show-sold-out-panel-375');
    const axe = await new AxeBuilder({ page: pageB })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target).join(' | ')}`);
    expect(serious, serious.join('\n')).toEqual([]);

    // B moves to Y: first in Y's line by the time B first queued, ahead of C.
    await soldOut.getByRole('button', { name: `이 회차로 이동 (${labelY})` }).click();
    await expect(pageB).toHaveURL(new RegExp(`/concerts/${y}/wait$`));
    await expect(pageB.getByTestId('queue-rank')).toHaveText('1');
    await expect(soldOut).toBeHidden();
    expect(await queueStatus(fanB.request, y)).toMatchObject({ status: 'WAITING', rank: 1 });
    expect(await queueStatus(fanC.request, y)).toMatchObject({ status: 'WAITING', rank: 2 });

    await Promise.all([fanA, fanB, fanC, fanD].map((context) => context.close()));
  });
});
