import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { routePaths, type RoutePath } from '../apps/web/src/app/route-paths';

/**
 * Issue 14 item 4: every page of the router, opened as the viewer it is meant for, has no
 * serious or critical WCAG 2.1 A/AA violation (axe-core) at 375×812 and at 1280×800. The list
 * of pages is the router's own (route-paths.ts, kept in step with router.tsx by a unit test):
 * `visits` is a Record over it, so a new route does not compile here until it has a visit.
 */

/** Who opens the page; `queued buyer` is the buyer on the queue server (its own context). */
type Account = 'anonymous' | 'buyer' | 'seller' | 'admin' | 'queued buyer';
type User = 'buyer' | 'seller' | 'admin';

const passwords: Record<User, string> = {
  buyer: 'buyer1234!',
  seller: 'seller1234!',
  admin: 'admin1234!',
};

/** The server with admission cap 1 (see playwright.config.ts): the only place a queue forms. */
const queueBaseURL = process.env.QUEUE_BASE_URL ?? 'http://localhost:8182';

/** Facts of the demo data the visits need, looked up once per test. */
interface Demo {
  concertId: number;
  bookingNumber: string;
}

interface Visit {
  account: Account;
  /** Opens the page on `page` and waits until it shows its content (not a spinner). */
  open: (page: Page, demo: Demo) => Promise<void>;
}

const widths = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

const concertTitle = '재즈 인 더 시티 2026';
/** The demo concert drawn from the demo hall (issue 25). */
const drawnConcertTitle = '별빛 오케스트라: 겨울 밤의 세레나데';
/** A concert no other journey queues for on the queue server. */
const queueConcert = { query: '어쿠스틱', title: '어쿠스틱 기타 리사이틀' };

async function concertIdOf(page: Page, query: string, title: string): Promise<number> {
  const response = await page.request.get(
    `/api/concerts/search?query=${encodeURIComponent(query)}`,
  );
  const body = (await response.json()) as { data: { concertId: number; title: string }[] };
  const concert = body.data.find((c) => c.title === title);
  if (!concert) throw new Error(`demo concert ${title} not found`);
  return concert.concertId;
}

async function logInByApi(context: BrowserContext, user: User): Promise<void> {
  const response = await context.request.post('/api/auth/login', {
    form: { username: user, password: passwords[user] },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

async function heading(page: Page, name?: string | RegExp): Promise<void> {
  await expect(
    page.getByRole('heading', { level: 1, ...(name === undefined ? {} : { name }) }),
  ).toBeVisible();
}

/** Goes to a path and waits for its level-1 heading (and the network, for lazy images). */
async function goto(page: Page, path: string, name?: string | RegExp): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await heading(page, name);
}

/** The first visible element with this text (tables and cards swap at the desktop width). */
function visibleText(page: Page, text: string) {
  return page.getByText(text).filter({ visible: true }).first();
}

const visits: Record<RoutePath, Visit> = {
  '/': {
    account: 'anonymous',
    open: async (page) => {
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      await expect(page.locator('a[href^="/concerts/"]').first()).toBeVisible();
    },
  },
  '/concerts': { account: 'anonymous', open: (page) => goto(page, '/concerts', '모든 콘서트') },
  '/concerts/:concertId': {
    account: 'anonymous',
    open: async (page, demo) => {
      await goto(page, `/concerts/${demo.concertId}`, concertTitle);
      // The review and expectation sections are tabs (issue 23); both are opened once, and the
      // page is checked on 관람후기.
      await page.getByRole('tab', { name: '기대평' }).click();
      await expect(page.getByRole('heading', { name: /^기대평/ })).toBeVisible();
      await page.getByRole('tab', { name: '관람후기' }).click();
      await expect(page.getByRole('heading', { name: /^관람평/ })).toBeVisible();
    },
  },
  '/login': { account: 'anonymous', open: (page) => goto(page, '/login') },
  '/register': { account: 'anonymous', open: (page) => goto(page, '/register') },
  '/find-id': { account: 'anonymous', open: (page) => goto(page, '/find-id', '아이디 찾기') },
  '/find-password': {
    account: 'anonymous',
    open: (page) => goto(page, '/find-password', '비밀번호 찾기'),
  },
  // A link of the right shape that no mail carried: the page's own "invalid link" answer.
  '/verify-email': {
    account: 'anonymous',
    open: async (page) => {
      await goto(page, `/verify-email?token=${'A'.repeat(43)}`, '이메일 인증');
      await expect(page.getByRole('alert')).toContainText('유효하지 않은 링크입니다.');
    },
  },
  '/reset-password': {
    account: 'anonymous',
    open: async (page) => {
      await goto(page, `/reset-password?token=${'A'.repeat(43)}`, '비밀번호 재설정');
      await expect(page.getByLabel('새 비밀번호', { exact: true })).toBeVisible();
    },
  },
  '/unauthorized': { account: 'anonymous', open: (page) => goto(page, '/unauthorized') },
  '*': { account: 'anonymous', open: (page) => goto(page, '/no-such-page') },
  '/concerts/:concertId/wait': {
    account: 'queued buyer',
    // A real queue: on the cap-1 server the seller holds the only slot and the buyer waits.
    open: async (page) => {
      const holder = await page.context().browser()?.newContext({ baseURL: queueBaseURL });
      if (!holder) throw new Error('no browser');
      await logInByApi(holder, 'seller');
      const concertId = await concertIdOf(
        await holder.newPage(),
        queueConcert.query,
        queueConcert.title,
      );
      const entered = await holder.request.post(`/api/queue/enter?concertId=${concertId}`);
      expect(entered.status(), await entered.text()).toBeLessThan(300);
      await holder.close();

      await goto(page, `/concerts/${concertId}`, queueConcert.title);
      await page.getByRole('button', { name: '예매하기' }).click();
      await expect(page).toHaveURL(new RegExp(`/concerts/${concertId}/wait$`));
      await expect(page.getByTestId('queue-rank')).toHaveText(/^\d+$/);
      await expect(page.getByText('실시간으로 순번을 받고 있어요')).toBeVisible();
    },
  },
  '/concerts/:concertId/reserve': {
    account: 'buyer',
    open: async (page, demo) => {
      await goto(page, `/concerts/${demo.concertId}`, concertTitle);
      await page.getByRole('button', { name: '예매하기' }).click();
      await expect(page).toHaveURL(new RegExp(`/concerts/${demo.concertId}/reserve$`));
      await expect(page.getByRole('grid', { name: '좌석 배치도' })).toBeVisible();
    },
  },
  '/mypage': { account: 'buyer', open: (page) => goto(page, '/mypage', '마이페이지') },
  '/mypage/profile': {
    account: 'buyer',
    open: async (page) => {
      await goto(page, '/mypage/profile', '마이페이지');
      await page.getByRole('tab', { name: '예매 내역' }).click();
      await expect(page.getByRole('tabpanel').getByRole('link').first()).toBeVisible();
    },
  },
  '/bookingDetail/:bookingNumber': {
    account: 'buyer',
    open: (page, demo) => goto(page, `/bookingDetail/${demo.bookingNumber}`),
  },
  '/bookingDetail/:bookingNumber/tickets': {
    account: 'buyer',
    open: async (page, demo) => {
      await goto(page, `/bookingDetail/${demo.bookingNumber}/tickets`);
      await expect(page.locator('img[src^="data:image/svg+xml"]').first()).toBeVisible();
    },
  },
  '/payment/result/success': {
    account: 'buyer',
    open: async (page, demo) => {
      await page.goto(`/payment/result/success?bookingNumber=${demo.bookingNumber}`);
      await expect(page.getByText(demo.bookingNumber)).toBeVisible();
    },
  },
  '/payment/result/fail': {
    account: 'buyer',
    open: async (page, demo) => {
      const query = new URLSearchParams({
        bookingNumber: demo.bookingNumber,
        code: 'REJECT_CARD_COMPANY',
        message: '카드사에서 결제를 거절했습니다.',
      });
      await page.goto(`/payment/result/fail?${query.toString()}`);
      await expect(page.getByText('REJECT_CARD_COMPANY')).toBeVisible();
      await page.waitForLoadState('networkidle');
    },
  },
  // Issue 28: the 가상계좌 page. The demo booking is paid by card, so the page says it is paid and
  // leads to the booking (the account itself is checked by the 가상계좌 journey).
  '/payment/result/deposit': {
    account: 'buyer',
    open: async (page, demo) => {
      await page.goto(`/payment/result/deposit?bookingNumber=${demo.bookingNumber}`);
      await expect(
        page.getByRole('heading', { level: 1, name: '결제가 완료된 예매입니다' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: '예매 내역 보기' })).toBeVisible();
    },
  },
  '/seller': {
    account: 'buyer',
    open: async (page) => {
      await goto(page, '/seller', '판매자 페이지');
      await expect(page.getByRole('link', { name: '판매자 권한 신청하기' })).toBeVisible();
    },
  },
  '/seller/apply': {
    account: 'buyer',
    open: async (page) => {
      await goto(page, '/seller/apply', '판매자 권한 신청');
      await expect(page.getByLabel('업체명')).toBeVisible();
      await expect(page.getByLabel(/신청자 정보와 동일/)).toBeEnabled();
    },
  },
  '/seller/status': {
    account: 'buyer',
    open: async (page) => {
      await goto(page, '/seller/status', '판매자 신청 현황');
      await expect(page.getByText('미신청', { exact: true })).toBeVisible();
    },
  },
  // /seller/concerts lands on the management list; this visit also opens the edit dialog there,
  // so the concert form inside a dialog is checked as well (issue 26: a concert's or one
  // performance's, not the show's 공연 정보 수정, which the manage visit opens).
  '/seller/concerts': {
    account: 'seller',
    open: async (page) => {
      await goto(page, '/seller/concerts', '콘서트 관리');
      await expect(visibleText(page, '번째 표시')).toBeVisible();
      await page
        .getByRole('button', { name: / 수정$/, disabled: false })
        .filter({ visible: true, hasNotText: '공연 정보 수정' })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: /^(콘서트|회차) 수정$/ })).toBeVisible();
    },
  },
  '/seller/concerts/register': {
    account: 'seller',
    open: async (page) => {
      await goto(page, '/seller/concerts/register', '콘서트 등록');
      await expect(page.getByRole('group', { name: '포스터 이미지' })).toBeVisible();
      // Issue 26: the 회차 calendar with two dates chosen, so their time rows and the
      // 모든 회차 동일 / 회차별 설정 choice are checked too.
      await page.getByRole('button', { name: '다음 달' }).click();
      const days = page.getByRole('grid').locator('[role="gridcell"][data-date]');
      await days.nth(9).click();
      await days.nth(10).click();
      await expect(page.getByRole('group', { name: '예매 기간' })).toBeVisible();
    },
  },
  // Issue 26: the list of shows with the 회차 추가 dialog open on a date of its calendar.
  '/seller/concerts/manage': {
    account: 'seller',
    open: async (page) => {
      await goto(page, '/seller/concerts/manage', '콘서트 관리');
      await expect(visibleText(page, '번째 표시')).toBeVisible();
      await page
        .getByRole('button', { name: / 회차 추가$/ })
        .filter({ visible: true })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: '회차 추가' });
      await dialog.getByRole('button', { name: '다음 달' }).click();
      await dialog.locator('[role="gridcell"][data-date]').nth(14).click();
      await expect(dialog.locator('[role="gridcell"][aria-selected="true"]')).toHaveCount(1);
    },
  },
  // Issue 25: the demo seller's venues, the builder and the seats of the drawn demo hall.
  '/seller/venues': {
    account: 'seller',
    open: async (page) => {
      await goto(page, '/seller/venues', '공연장 관리');
      await expect(visibleText(page, '한빛 아트홀')).toBeVisible();
    },
  },
  '/seller/venues/new': {
    account: 'seller',
    open: async (page) => {
      await goto(page, '/seller/venues/new', '새 공연장');
      await expect(page.getByRole('application')).toBeVisible();
    },
  },
  '/seller/venues/:venueId': {
    account: 'seller',
    open: async (page) => {
      const venues = (await (await page.request.get('/api/seller/venues')).json()) as {
        data: Array<{ id: number; name: string }>;
      };
      const hall = venues.data.find((venue) => venue.name === '한빛 아트홀');
      if (!hall) throw new Error('the demo hall is not among the seller venues');
      await goto(page, `/seller/venues/${hall.id}`, '공연장 편집');
      await expect(page.getByRole('application')).toBeVisible();
    },
  },
  '/seller/concerts/:concertId/seats': {
    account: 'seller',
    open: async (page) => {
      const concertId = await concertIdOf(page, '별빛', drawnConcertTitle);
      await goto(page, `/seller/concerts/${concertId}/seats`, '좌석 관리');
      await expect(visibleText(page, 'VIP석')).toBeVisible();
    },
  },
  // Issue 27: the drawn demo concert's 권종·할인 with the add dialog open on a 장애인 type, so the
  // companion checkbox and the live price preview are checked too.
  '/seller/concerts/:concertId/pricing': {
    account: 'seller',
    open: async (page) => {
      const concertId = await concertIdOf(page, '별빛', drawnConcertTitle);
      await goto(page, `/seller/concerts/${concertId}/pricing`, '권종·할인');
      await expect(page.getByRole('heading', { level: 2, name: '할인 코드' })).toBeVisible();
      await page.getByRole('button', { name: '권종 추가' }).click();
      const dialog = page.getByRole('dialog', { name: '권종 추가' });
      await dialog.getByLabel('권종 종류').selectOption({ label: '장애인(심한)' });
      await dialog.getByLabel('할인율 (%)').fill('50');
      await expect(dialog.getByLabel('동반자 1인 같은 할인')).toBeVisible();
      await expect(dialog.getByRole('list', { name: /등급별 결제 금액$/ })).toBeVisible();
    },
  },
  // The admin pages with the demo data's applications, sellers and history.
  '/admin': {
    account: 'admin',
    open: async (page) => {
      await goto(page, '/admin', '관리자 대시보드');
      await expect(visibleText(page, '블루웨이브')).toBeVisible();
    },
  },
  '/admin/seller-approvals': {
    account: 'admin',
    open: async (page) => {
      await goto(page, '/admin/seller-approvals', '판매자 신청 승인');
      await expect(visibleText(page, '블루웨이브 라이브')).toBeVisible();
    },
  },
  '/admin/sellers': {
    account: 'admin',
    open: async (page) => {
      await goto(page, '/admin/sellers', '판매자 관리');
      await expect(visibleText(page, '커튼콜기획')).toBeVisible();
    },
  },
  '/admin/history': {
    account: 'admin',
    open: async (page) => {
      await goto(page, '/admin/history', '승인 이력');
      await expect(visibleText(page, '올빼미공연')).toBeVisible();
    },
  },
  '/admin/mail-outbox': {
    account: 'admin',
    open: async (page) => {
      await goto(page, '/admin/mail-outbox', '메일 발신함');
      await expect(visibleText(page, '받는 사람으로 찾기')).toBeVisible();
    },
  },
  // Issue 27: the platform's booking fee, loaded.
  '/admin/settings': {
    account: 'admin',
    open: async (page) => {
      await goto(page, '/admin/settings', '플랫폼 설정');
      await expect(page.getByLabel('좌석 1매당 예매수수료 (원)')).toHaveValue(/^\d+$/);
    },
  },
  // The statistics with both charts drawn and the table shown (issue 23).
  '/admin/statistics': {
    account: 'admin',
    open: async (page) => {
      await goto(page, '/admin/statistics', '통계 리포트');
      await expect(page.getByRole('img', { name: /일별 매출 막대 차트/ })).toBeVisible();
      await page.getByRole('button', { name: '표로 보기' }).click();
      await expect(page.getByRole('table', { name: /일별 예매와 매출/ })).toBeVisible();
    },
  },
  // The live on-sale of a demo concert on sale, its figures loaded.
  '/admin/on-sale': {
    account: 'admin',
    open: async (page, demo) => {
      await goto(page, `/admin/on-sale?concertId=${demo.concertId}`, '실시간 판매 현황');
      await expect(page.getByRole('heading', { level: 2, name: concertTitle })).toBeVisible();
      await expect(page.getByText('판매 완료', { exact: true }).first()).toBeVisible();
    },
  },
};

/** Serious and critical WCAG 2.1 A/AA violations on the page as it is now, one line each. */
async function seriousViolations(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes
          .slice(0, 4)
          .map((node) => node.target.join(' '))
          .join(' | ')}${v.nodes.length > 4 ? ` and ${v.nodes.length - 4} more` : ''}`,
    );
}

test('every route of the router has an accessibility visit', () => {
  expect(Object.keys(visits).sort()).toEqual([...routePaths].sort());
});

for (const account of ['anonymous', 'buyer', 'queued buyer', 'seller', 'admin'] as const) {
  const paths = routePaths.filter((path) => visits[path].account === account);

  test(`axe: no serious or critical violation on the pages of ${account} at 375 and 1280 px`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000 + paths.length * 20_000);
    const context = await browser.newContext({
      baseURL: account === 'queued buyer' ? queueBaseURL : baseURL,
      locale: 'ko-KR',
      timezoneId: 'Asia/Seoul',
      reducedMotion: 'reduce',
    });
    if (account !== 'anonymous') {
      await logInByApi(context, account === 'queued buyer' ? 'buyer' : account);
    }
    const page = await context.newPage();
    const concertId = await concertIdOf(page, '재즈', concertTitle);
    let bookingNumber = '';
    if (account === 'buyer') {
      const me = (await (await page.request.get('/api/auth/me')).json()) as { userId: number };
      const bookings = (await (
        await page.request.get(`/api/mypage/booking?userId=${me.userId}`)
      ).json()) as { data: { bookingNumber: string; bookingStatus: string }[] };
      bookingNumber =
        bookings.data.find((b) => b.bookingStatus === 'CONFIRMED')?.bookingNumber ?? '';
      expect(bookingNumber).not.toBe('');
    }

    const failures: string[] = [];
    for (const path of paths) {
      await page.setViewportSize(widths[0]);
      await visits[path].open(page, { concertId, bookingNumber });
      for (const size of widths) {
        await page.setViewportSize(size);
        // Let layout switches (bottom sheet, dropdowns) settle after the resize.
        await page.waitForTimeout(200);
        failures.push(...(await seriousViolations(page, `${path} at ${size.width}px`)));
      }
    }
    await context.close();
    expect(failures, failures.join('\n')).toEqual([]);
  });
}

/**
 * Issue 26: the 회차 choice of a demo show of several performances (the calendar, a day's times
 * and the chosen performance's places per grade), checked after the buyer has moved to another
 * date by keyboard, at the phone, tablet and desktop widths the issue names.
 */
test('axe: no serious or critical violation on the 회차 calendar at 375, 820 and 1280 px', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    baseURL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  // Whichever demo show spans several dates (the demo's shows are issue 26 point 7's to pick).
  const response = await page.request.get('/api/concerts?size=100');
  const catalogue = (await response.json()) as {
    data: {
      content: {
        concertId: number;
        title: string;
        show?: { firstDate: string; lastDate: string };
      }[];
    };
  };
  const show = catalogue.data.content.find(
    (entry) => entry.show && entry.show.firstDate !== entry.show.lastDate,
  );
  expect(show, 'a demo show with performances on several dates').toBeDefined();
  if (!show) return;

  const failures: string[] = [];
  for (const size of [
    { width: 375, height: 812 },
    { width: 820, height: 1180 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await goto(page, `/concerts/${show.concertId}`, show.title);
    const picker = page.getByRole('region', { name: '회차 선택' });
    await expect(picker.getByRole('grid')).toBeVisible();
    const showDays = await picker
      .getByRole('button', { name: /공연 있음$/ })
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-date') ?? ''));
    const chosen = picker.locator('td[aria-selected="true"] button');
    const from = (await chosen.getAttribute('data-date')) ?? '';
    const target = showDays.find((date) => date > from) ?? '';
    expect(target, `a later performance date than ${from}`).not.toBe('');
    // Another date by keyboard alone: arrows from the chosen day, then Enter.
    await chosen.focus();
    const focused = picker.locator('button:focus');
    for (let step = 0; step < 40; step += 1) {
      if ((await focused.getAttribute('data-date')) === target) break;
      await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('Enter');
    await expect(
      picker.locator(`td[aria-selected="true"] button[data-date="${target}"]`),
    ).toBeVisible();
    await expect(page).toHaveURL(/[?&]performance=\d+/);
    await expect(picker.getByRole('list', { name: '선택한 회차의 등급별 잔여석' })).toBeVisible();
    await page.waitForTimeout(200);
    failures.push(...(await seriousViolations(page, `회차 선택 at ${size.width}px`)));
  }
  await context.close();
  expect(failures, failures.join('\n')).toEqual([]);
});
