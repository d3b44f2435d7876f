import AxeBuilder from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  loggedInContext,
  newApprovedSeller,
  registerUser,
  seoul,
  seoulDate,
} from './support/sellers';
import { saveScreenshot } from './support/session';
import { newBuyer } from './support/show-journeys';

/**
 * Issue 28's journeys in the sandbox, with nothing configured: a buyer pays with 카카오페이 머니
 * and gets a 현금영수증; another takes a 가상계좌, sees the account (its seats taken meanwhile),
 * is refused a wrong amount at the test bank, pays the right one and gets tickets; a third lets
 * the deadline pass (the deposit-expiry job run at the due time + 1 s by the E2E hook, the
 * server's clock untouched) and a fan waiting with the 취소표 alert holds a freed seat.
 *
 * Each journey sells a performance of its own, made by a new seller, so no other journey's seats
 * or demo bookings are touched. Screenshots at 375/820/1280, axe on the pages issue 28 added.
 */

const viewports = [
  { name: '375', width: 375, height: 812 },
  { name: '820', width: 820, height: 1180 },
  { name: '1280', width: 1280, height: 800 },
] as const;

const won = (amount: number) => `${amount.toLocaleString('ko-KR')}원`;
const seatLabelPattern = /[A-Z]+구역 \d+열 \d+번/;

/**
 * Shots at each width. `tall`: the viewport as tall as the page, so a full-page capture does not
 * draw the sticky header mid-page (as pricing.spec.ts does); otherwise the viewport only (an
 * overlay, a bottom sheet). `prepare` runs after each resize (e.g. unfolds the bottom sheet).
 */
async function shootAt(
  page: Page,
  name: string,
  options: { tall?: boolean; networkIdle?: boolean; prepare?: () => Promise<void> } = {},
) {
  for (const viewport of viewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.waitForTimeout(200);
    await options.prepare?.();
    if (options.tall !== false) {
      await page.evaluate(() => window.scrollTo(0, 0));
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({
        width: viewport.width,
        height: Math.max(height, viewport.height),
      });
    }
    await saveScreenshot(page, `${name}-${viewport.name}`, {
      fullPage: options.tall !== false,
      ...(options.networkIdle === false && { networkIdle: false }),
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The axe check pricing.spec.ts runs: no WCAG 2.1 A/AA violation at all. */
async function expectNoAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']);
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    ),
  ).toEqual([]);
}

/** A new seller's performance on sale now, five days ahead (its own seats, quick plan). */
async function newPerformanceOnSale(
  browser: Browser,
  baseURL: string | undefined,
  options: { titlePrefix: string; totalSeats: number },
): Promise<{ concertId: number; title: string; sellerContext: BrowserContext }> {
  const { context: sellerContext } = await newApprovedSeller(browser, baseURL);
  const title = `${options.titlePrefix} ${randomBytes(2).toString('hex')}`;
  const made = await sellerContext.request.post('/api/seller/concerts', {
    data: {
      title,
      artist: '결제 밴드',
      description: null,
      venueName: '결제홀',
      venueAddress: '서울특별시 중구 세종대로 1',
      concertDate: seoulDate(5),
      startTime: '19:00',
      endTime: '21:00',
      totalSeats: options.totalSeats,
      bookingStartDate: seoul(new Date(Date.now() - 3_600_000)),
      bookingEndDate: `${seoulDate(4)}T23:00`,
      minAge: 0,
      maxTicketsPerUser: 4,
      posterImageUrl: null,
      status: 'ON_SALE',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const concertId = ((await made.json()) as { data: { concertId: number } }).data.concertId;
  return { concertId, title, sellerContext };
}

function seatMap(page: Page) {
  return page.getByRole('grid', { name: '좌석 배치도' });
}

function sidePanel(page: Page) {
  return page.getByRole('complementary', { name: '선택한 좌석' });
}

function seatButton(page: Page, label: string) {
  return seatMap(page).getByRole('button', { name: new RegExp(`${label}, `) });
}

async function openSeatPage(page: Page, concertId: number): Promise<void> {
  await page.goto(`/concerts/${concertId}`);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: '예매하기' }).click();
  await expect(page).toHaveURL(new RegExp(`/concerts/${concertId}/reserve$`));
  await expect(seatMap(page)).toBeVisible();
}

/** Holds the first `count` free seats on the map; returns their labels ("A구역 1열 3번"). */
async function holdFreeSeats(page: Page, count: number): Promise<string[]> {
  const labels: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const seat = seatMap(page)
      .getByRole('button', { name: /선택 가능/ })
      .first();
    const name = (await seat.getAttribute('aria-label')) ?? '';
    const label = seatLabelPattern.exec(name)?.[0] ?? '';
    expect(label, `a seat label in "${name}"`).not.toBe('');
    await seat.click();
    await expect(sidePanel(page).getByText(label)).toBeVisible();
    labels.push(label);
  }
  return labels;
}

/** The panel's total, as a number of won. */
async function panelTotal(page: Page): Promise<number> {
  const text = (await sidePanel(page).getByTestId('order-total').textContent())?.trim() ?? '';
  expect(text).toMatch(/^\d{1,3}(,\d{3})*원$/);
  return Number(text.replace(/[^\d]/g, ''));
}

/**
 * Brings the payment step into view for a shot: below desktop width the panel is a bottom sheet,
 * unfolded first; then the picker is scrolled to (inside the sheet, or the page on desktop).
 */
async function showPaymentStep(page: Page): Promise<void> {
  const expand = page.getByRole('button', { name: /자세히/ });
  if (await expand.isVisible()) await expand.click();
  const picker = sidePanel(page).getByRole('group', { name: '결제 수단' });
  await expect(picker).toBeVisible();
  await picker.evaluate((element) => element.scrollIntoView({ block: 'start' }));
}

/** A row of a card's definition list: the value beside `term`. */
function definition(scope: ReturnType<Page['locator']>, term: string) {
  return scope
    .locator('dl > div')
    .filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${term}$`) }) })
    .locator('dd');
}

interface BookingDetailData {
  bookingStatus: string;
  paymentStatus: string;
  paymentMethod: string | null;
  totalAmount: number;
  seatList: string[];
  payment?: {
    method: string | null;
    detail: string | null;
    virtualAccount: {
      bankName: string;
      accountNumber: string;
      holder: string;
      amount: number;
      dueAt: string;
      testBankUrl: string | null;
    } | null;
    cashReceipt: {
      type: string;
      maskedNumber: string;
      amount: number;
      issueNumber: string | null;
    } | null;
  };
}

async function bookingDetail(page: Page, bookingNumber: string): Promise<BookingDetailData> {
  const response = await page.request.get(`/api/mypage/bookingDetail/${bookingNumber}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: BookingDetailData }).data;
}

/** '2026-12-02T23:59:59' (Seoul) as the account card writes it: '12월 2일'. */
function monthDay(dueAt: string): string {
  const [, month = '', day = ''] = /^\d{4}-(\d{2})-(\d{2})/.exec(dueAt) ?? [];
  return `${Number(month)}월 ${Number(day)}일`;
}

test.describe('Korean payment methods in the sandbox (issue 28)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a buyer pays with 카카오페이 머니 and gets a 현금영수증 for it', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const { concertId, title, sellerContext } = await newPerformanceOnSale(browser, baseURL, {
      titlePrefix: '간편결제 콘서트',
      totalSeats: 20,
    });
    const buyerContext = await newBuyer(browser, baseURL, 'kakao');
    const page = await buyerContext.newPage();
    await openSeatPage(page, concertId);
    const seats = await holdFreeSeats(page, 2);
    const total = await panelTotal(page);

    // The payment step: 간편결제 → 카카오페이, 현금영수증 소득공제 with a phone number.
    const panel = sidePanel(page);
    const picker = panel.getByRole('group', { name: '결제 수단' });
    await expect(picker.getByRole('radio', { name: '신용·체크카드' })).toBeChecked();
    await picker.getByRole('radio', { name: '간편결제' }).check();
    await picker.getByRole('radio', { name: '카카오페이' }).check();
    const receipt = picker.getByRole('group', { name: '현금영수증' });
    await receipt.getByRole('radio', { name: '소득공제' }).check();
    await receipt.getByLabel('휴대폰 번호').fill('01012345678');
    await expect(receipt.getByText('간편결제 머니·포인트로 결제한 금액에 발급돼요.')).toBeVisible();
    await expectNoAxeViolations(page);
    await shootAt(page, 'payment-methods-picker-easy-pay', {
      tall: false,
      networkIdle: false,
      prepare: () => showPaymentStep(page),
    });

    // 결제하기: the overlay named 간편결제 shows the marked 카카오페이 test page.
    await panel.getByRole('button', { name: '결제하기' }).click();
    const overlay = page.getByRole('dialog', { name: '간편결제' });
    await expect(overlay).toBeVisible();
    const frame = page.frameLocator('iframe[title="간편결제"]');
    await expect(frame.getByRole('heading', { level: 1, name: '카카오페이 결제' })).toBeVisible();
    await expect(frame.getByText('테스트 결제', { exact: true })).toBeVisible();
    const payButton = frame.getByRole('button', { name: `${won(total)} 결제하기` });
    await expect(payButton).toBeVisible();
    await shootAt(page, 'payment-methods-easy-pay-window', { tall: false, networkIdle: false });
    await frame.getByRole('radio', { name: /카카오페이 머니로 결제/ }).check();
    await payButton.click();

    await expect(page).toHaveURL(/\/payment\/result\/success\?/);
    const bookingNumber = new URL(page.url()).searchParams.get('bookingNumber') ?? '';
    expect(bookingNumber).not.toBe('');
    await expect(page.getByRole('heading', { name: '결제가 완료되었습니다' })).toBeVisible();
    await expect(page.getByText(won(total)).first()).toBeVisible();

    // The booking detail: 간편결제 · 카카오페이 and the 현금영수증 for the whole (cash) amount.
    await page.goto(`/bookingDetail/${bookingNumber}`);
    const card = page.getByRole('region', { name: '결제 정보' });
    await expect(definition(card, '결제 수단')).toHaveText('간편결제');
    await expect(definition(card, '결제 상세')).toHaveText('카카오페이');
    await expect(definition(card, '현금영수증')).toHaveText(
      new RegExp(`^소득공제 · \\S*5678 · ${won(total)} · 승인번호 \\S+$`),
    );
    await expect(definition(card, '현금영수증')).not.toContainText('01012345678');
    for (const label of seats) await expect(page.getByText(label).first()).toBeVisible();
    const detail = await bookingDetail(page, bookingNumber);
    expect(detail).toMatchObject({
      bookingStatus: 'CONFIRMED',
      paymentStatus: 'DONE',
      paymentMethod: 'EASY_PAY',
      totalAmount: total,
    });
    expect(detail.payment).toMatchObject({
      method: 'EASY_PAY',
      detail: '카카오페이',
      virtualAccount: null,
      cashReceipt: { type: 'INCOME_DEDUCTION', amount: total },
    });
    expect(detail.payment?.cashReceipt?.issueNumber).toBeTruthy();
    await expect(page.getByText(title).first()).toBeVisible();
    await buyerContext.close();
    await sellerContext.close();
  });

  test('another buyer takes a 가상계좌, sees it, is refused a wrong amount and pays at the test bank', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const { concertId, sellerContext } = await newPerformanceOnSale(browser, baseURL, {
      titlePrefix: '가상계좌 콘서트',
      totalSeats: 20,
    });
    const buyerContext = await newBuyer(browser, baseURL, 'deposit');
    await buyerContext.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: baseURL ?? 'http://localhost:8181',
    });
    const page = await buyerContext.newPage();
    await openSeatPage(page, concertId);
    const seats = await holdFreeSeats(page, 2);
    const total = await panelTotal(page);

    // 가상계좌(무통장입금) with 우리은행: no window, the deposit page.
    const panel = sidePanel(page);
    const picker = panel.getByRole('group', { name: '결제 수단' });
    await picker.getByRole('radio', { name: '가상계좌(무통장입금)' }).check();
    await picker.getByLabel('입금 은행').selectOption({ label: '우리은행' });
    await expect(picker.getByText(/입금 기한까지 좌석이 유지돼요/)).toBeVisible();
    await expectNoAxeViolations(page);
    await shootAt(page, 'payment-methods-picker-deposit', {
      tall: false,
      networkIdle: false,
      prepare: () => showPaymentStep(page),
    });
    await panel.getByRole('button', { name: '결제하기' }).click();
    await expect(page).toHaveURL(/\/payment\/result\/deposit\?bookingNumber=/);
    const bookingNumber = new URL(page.url()).searchParams.get('bookingNumber') ?? '';
    expect(bookingNumber).not.toBe('');

    // The account: bank, number with 복사, holder, amount, deadline, as the booking says.
    const detail = await bookingDetail(page, bookingNumber);
    expect(detail).toMatchObject({
      bookingStatus: 'AWAITING_DEPOSIT',
      paymentStatus: 'WAITING_FOR_DEPOSIT',
      paymentMethod: 'VIRTUAL_ACCOUNT',
    });
    const account = detail.payment?.virtualAccount;
    expect(account).toMatchObject({ bankName: '우리은행', amount: total });
    if (!account) throw new Error('no 가상계좌 in the booking detail');
    expect(account.dueAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    await expect(
      page.getByRole('heading', { level: 1, name: '가상계좌가 발급되었습니다' }),
    ).toBeVisible();
    const accountCard = page.getByRole('region', { name: '입금 계좌' });
    await expect(definition(accountCard, '은행')).toHaveText('우리은행');
    await expect(accountCard.locator('[data-account-number]')).toHaveText(account.accountNumber);
    await expect(definition(accountCard, '예금주')).toHaveText(account.holder);
    await expect(definition(accountCard, '입금 금액')).toHaveText(won(total));
    await expect(definition(accountCard, '입금 기한')).toHaveText(
      new RegExp(
        `${monthDay(account.dueAt)} \\([일월화수목금토]\\) ${account.dueAt.slice(11, 16)}까지$`,
      ),
    );
    await expect(page.getByRole('link', { name: '예매 내역 보기' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shootAt(page, 'payment-methods-deposit-result');
    // 복사 puts the number on the clipboard (granted to this origin) and says so.
    await accountCard.getByRole('button', { name: '계좌번호 복사' }).click();
    await expect(page.getByText('계좌번호를 복사했습니다.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account.accountNumber);

    // Meanwhile the seats are taken, not free, on another buyer's map.
    const otherContext = await newBuyer(browser, baseURL, 'looker');
    const other = await otherContext.newPage();
    await openSeatPage(other, concertId);
    for (const label of seats) {
      await expect(seatButton(other, label)).toHaveAccessibleName(/예매 완료/);
    }
    await otherContext.close();

    // The booking detail says 입금 대기, with the account, and offers no ticket yet.
    await page.getByRole('link', { name: '예매 내역 보기' }).click();
    await expect(page).toHaveURL(new RegExp(`/bookingDetail/${bookingNumber}$`));
    await expect(page.getByText('입금 대기').first()).toBeVisible();
    const detailAccount = page.getByRole('region', { name: '입금 계좌' });
    await expect(detailAccount.locator('[data-account-number]')).toHaveText(account.accountNumber);
    await expect(
      definition(page.getByRole('region', { name: '결제 정보' }), '결제 상세'),
    ).toHaveText('우리은행 가상계좌');
    await expect(
      page.getByText('입금이 확인되면 예매가 확정되고 티켓이 발급됩니다.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: '모바일 티켓' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '티켓 다운로드' })).toHaveCount(0);
    await shootAt(page, 'payment-methods-booking-awaiting-deposit');

    // My page's list names the account too, with 복사, the amount and the deadline.
    await page.goto('/mypage/profile');
    await page.getByRole('tab', { name: '예매 내역' }).click();
    const listed = page
      .locator('[data-deposit-account]')
      .filter({ hasText: account.accountNumber });
    await expect(listed).toBeVisible();
    await expect(listed.getByRole('button', { name: '계좌번호 복사' })).toBeVisible();
    await expect(listed).toContainText('우리은행');
    await listed.getByRole('button', { name: '계좌번호 복사' }).click();
    await expect(page).toHaveURL(/\/mypage/);
    await shootAt(page, 'payment-methods-mypage-awaiting-deposit');
    await page.goto(`/bookingDetail/${bookingNumber}`);
    await expect(page.getByText('입금 대기').first()).toBeVisible();

    // The sandbox's test bank: a wrong amount is refused beside the amount field.
    await detailAccount.getByRole('link', { name: '테스트 은행에서 입금하기' }).click();
    await expect(page).toHaveURL(/\/api\/v1\/sandbox-payments\/bank\?accountNumber=/);
    await expect(page.getByRole('heading', { level: 1, name: '테스트 은행' })).toBeVisible();
    await expect(page.getByText('테스트 결제', { exact: true })).toBeVisible();
    const facts = page.getByRole('definition');
    await expect(facts.filter({ hasText: account.accountNumber })).toHaveCount(1);
    await expect(page.getByLabel('입금할 계좌번호')).toHaveValue(account.accountNumber);
    await expectNoAxeViolations(page);
    await shootAt(page, 'payment-methods-test-bank');

    await page.getByLabel('입금액').fill(String(total - 1_000));
    await page.getByRole('button', { name: '입금하기' }).click();
    const amountField = page.locator('.field').filter({ has: page.getByLabel('입금액') });
    await expect(amountField.getByRole('alert')).toHaveText(
      `입금액이 주문 금액과 다릅니다. 정확히 ${won(total)}을 입금해주세요. (부분 입금은 받지 않습니다)`,
    );
    await expect(page.getByLabel('입금액')).toHaveAttribute('aria-invalid', 'true');
    expect((await bookingDetail(page, bookingNumber)).bookingStatus).toBe('AWAITING_DEPOSIT');
    await expectNoAxeViolations(page);
    await saveScreenshot(page, 'payment-methods-test-bank-refused-1280');

    // The full amount: paid, and the link leads to the confirmed booking with its tickets.
    await page.getByLabel('입금액').fill(String(total));
    await page.getByRole('button', { name: '입금하기' }).click();
    await expect(page.getByRole('status')).toHaveText('입금이 완료되었습니다.');
    await page.getByRole('link', { name: '예매 내역 보기' }).click();
    await expect(page).toHaveURL(new RegExp(`/bookingDetail/${bookingNumber}$`));
    await expect(page.getByText('예매 확정').first()).toBeVisible();
    await expect(page.getByRole('region', { name: '입금 계좌' })).toHaveCount(0);
    const paid = await bookingDetail(page, bookingNumber);
    expect(paid).toMatchObject({
      bookingStatus: 'CONFIRMED',
      paymentStatus: 'DONE',
      paymentMethod: 'VIRTUAL_ACCOUNT',
    });
    expect([...paid.seatList].sort()).toEqual([...seats].sort());
    await page.getByRole('link', { name: '모바일 티켓' }).click();
    await expect(page).toHaveURL(new RegExp(`/bookingDetail/${bookingNumber}/tickets$`));
    for (const label of seats) await expect(page.getByText(label).first()).toBeVisible();
    await expect(page.locator('img[src^="data:image/svg+xml"]')).toHaveCount(2);

    // Cancelling a paid deposit asks first where the money goes back: the 환불 계좌 step of the
    // cancel dialog, checked by axe at a phone's and a laptop's width (nothing is cancelled).
    await page.goto(`/bookingDetail/${bookingNumber}`);
    await page.getByRole('button', { name: '예매 취소' }).click();
    const step = page.getByRole('region', { name: '환불받을 계좌' });
    await expect(step).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(step).toBeVisible();
      await expectNoAxeViolations(page);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Escape');
    expect((await bookingDetail(page, bookingNumber)).bookingStatus).toBe('CONFIRMED');
    await buyerContext.close();
    await sellerContext.close();
  });

  test('a third buyer lets the 가상계좌 deadline pass; the fan waiting with 취소표 알림 holds a freed seat', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    // Two seats only: the 가상계좌 takes them all and the performance sells out.
    const { concertId, title, sellerContext } = await newPerformanceOnSale(browser, baseURL, {
      titlePrefix: '입금 기한 콘서트',
      totalSeats: 2,
    });
    const buyerContext = await newBuyer(browser, baseURL, 'lapse');
    const buyer = await buyerContext.newPage();
    await openSeatPage(buyer, concertId);
    const seats = await holdFreeSeats(buyer, 2);
    const picker = sidePanel(buyer).getByRole('group', { name: '결제 수단' });
    await picker.getByRole('radio', { name: '가상계좌(무통장입금)' }).check();
    await picker.getByLabel('입금 은행').selectOption({ label: 'KB국민은행' });
    await sidePanel(buyer).getByRole('button', { name: '결제하기' }).click();
    await expect(buyer).toHaveURL(/\/payment\/result\/deposit\?bookingNumber=/);
    const bookingNumber = new URL(buyer.url()).searchParams.get('bookingNumber') ?? '';
    const account = (await bookingDetail(buyer, bookingNumber)).payment?.virtualAccount;
    if (!account) throw new Error('no 가상계좌 in the booking detail');

    // Every seat is awaiting a deposit: the lifecycle job (every 15 s) marks it sold out.
    await expect
      .poll(
        async () => {
          const response = await buyer.request.get(`/api/concerts/${concertId}`);
          return ((await response.json()) as { data: { status: string } }).data.status;
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .toBe('SOLD_OUT');

    // A fan turns on 취소표 알림 on the sold-out performance.
    const fanUser = await registerUser(buyerContext.request, 'fan');
    const fanContext = await loggedInContext(browser, baseURL, fanUser.username, fanUser.password);
    const fan = await fanContext.newPage();
    await fan.goto(`/concerts/${concertId}`);
    await expect(fan.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const alertButton = fan.getByRole('button', { name: /취소표 알림 받기/ });
    await alertButton.click();
    await expect(alertButton).toHaveAttribute('aria-pressed', 'true');
    await expect(fan.getByText('취소표가 나오면 알려드릴게요.')).toBeVisible();

    // The deadline passes: the job runs as if the clock read the due time + 1 s (Seoul).
    const dueInstant = new Date(`${account.dueAt}+09:00`);
    const run = await buyer.request.post('/api/test-hooks/deposit-expiry', {
      data: { now: new Date(dueInstant.getTime() + 1_000).toISOString() },
    });
    expect(run.status(), await run.text()).toBe(200);
    expect(
      ((await run.json()) as { data: { expired: number } }).data.expired,
    ).toBeGreaterThanOrEqual(1);

    // The buyer's order is cancelled as expired; the deposit page says so.
    expect(await bookingDetail(buyer, bookingNumber)).toMatchObject({
      bookingStatus: 'CANCELED',
      paymentStatus: 'EXPIRED',
    });
    await buyer.goto(`/payment/result/deposit?bookingNumber=${bookingNumber}`);
    await expect(
      buyer.getByRole('heading', { level: 1, name: '입금 기한이 지나 예매가 취소되었습니다' }),
    ).toBeVisible();

    // The fan's bell has the 취소표 alert; it leads to the performance, where a seat is free.
    await fan.reload();
    const bell = fan.getByRole('button', { name: /^알림, 읽지 않은 알림\s*1\s*개$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    const item = fan.getByRole('dialog', { name: '알림' }).getByRole('link', {
      name: /취소표가 나왔어요!/,
    });
    await expect(item).toBeVisible();
    await item.click();
    await expect(fan).toHaveURL(new RegExp(`/concerts/${concertId}$`));
    await fan.getByRole('button', { name: '예매하기' }).click();
    await expect(fan).toHaveURL(new RegExp(`/concerts/${concertId}/reserve$`));
    for (const label of seats) {
      await expect(seatButton(fan, label)).toHaveAccessibleName(/선택 가능/);
    }
    const [freed = ''] = seats;
    await seatButton(fan, freed).click();
    await expect(sidePanel(fan).getByText(freed)).toBeVisible();
    await expect(seatButton(fan, freed)).toHaveAccessibleName(/선택됨/);
    await fanContext.close();
    await buyerContext.close();
    await sellerContext.close();
  });
});
