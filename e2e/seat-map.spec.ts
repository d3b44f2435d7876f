import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { registerUser } from './support/sellers';
import { saveScreenshot, screenshotDir } from './support/session';

/**
 * Issue 23 points 1 and 2, at 375, 820 and 1280 px, on the 50,000-seat stadium (sections of
 * 20 rows of 50 seats): the section tiles are named by their text; a section's rows scroll
 * inside their own panel with a hint, every seat number is visible at some scroll position,
 * row labels stay in view, zoom (+/-, fit, pinch) never goes below legible seats, the mini-map
 * marks the view, and the phone's bottom bar covers no seat. Then the limits and the one
 * countdown: '1회 최대 2매 선택 · 1인 최대 4매 예매' on the detail and seat pages, the hold's
 * countdown, and after 결제하기 the payment's, in the card window and back on the page.
 */

const stadium = { query: '노을', title: '노을 밴드 전국투어 〈여름의 끝〉 서울' };
const ticketRules = '1회 최대 2매 선택 · 1인 최대 4매 예매';

/** A brand-new buyer (support/sellers.ts), logged in through the API. */
async function registerAndLogIn(page: Page, prefix: string): Promise<void> {
  const user = await registerUser(page.request, prefix);
  await page.context().clearCookies();
  const login = await page.request.post('/api/auth/login', {
    form: { username: user.username, password: user.password },
  });
  expect(login.status(), await login.text()).toBeLessThan(300);
}

async function stadiumId(page: Page): Promise<number> {
  const response = await page.request.get(
    `/api/concerts/search?query=${encodeURIComponent(stadium.query)}`,
  );
  const body = (await response.json()) as { data: { concertId: number; title: string }[] };
  const concert = body.data.find((c) => c.title === stadium.title);
  if (!concert) throw new Error('no stadium concert in the demo data');
  return concert.concertId;
}

function sidePanel(page: Page): Locator {
  return page.getByRole('complementary', { name: '선택한 좌석' });
}

async function viewportShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), timeout: 20_000 });
}

/** The panel's scroll state. */
function panelState(panel: Locator) {
  return panel.evaluate((el) => ({
    scrollLeft: el.scrollLeft,
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
}

/**
 * The seat numbers of a row readable now: the seat wholly inside the panel, right of the sticky
 * row label, on top at its centre (no edge arrow or bar over it), its drawn number the seat's own
 * (from its name) at 11 px or more.
 */
function readableNumbers(panel: Locator, rowIndex: number) {
  return panel.evaluate((el, index) => {
    const rows = Array.from(el.querySelectorAll('[role="row"][aria-label]'));
    const row = rows[index === -1 ? rows.length - 1 : index];
    if (!row) return { numbers: [] as number[], problems: ['no row'] };
    const label = row.querySelector('[data-row-label]')?.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    const left = Math.max(box.left, label?.right ?? box.left);
    const numbers: number[] = [];
    const problems: string[] = [];
    for (const seat of Array.from(row.querySelectorAll('button[data-seat-id]'))) {
      const r = seat.getBoundingClientRect();
      if (r.left < left - 0.5 || r.right > box.right + 0.5) continue;
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      if (cy < 0 || cy > window.innerHeight) continue;
      const top = document.elementFromPoint(cx, cy);
      if (!top || !seat.contains(top)) continue;
      const drawn = seat.querySelector('[data-number]');
      const number = Number(drawn?.getAttribute('data-number'));
      const named = Number(/(\d+)번/.exec(seat.getAttribute('aria-label') ?? '')?.[1]);
      const fontSize = drawn ? parseFloat(getComputedStyle(drawn).fontSize) : 0;
      const shown = drawn ? getComputedStyle(drawn, '::before').content : '';
      if (number !== named) problems.push(`seat ${named} draws ${number}`);
      if (fontSize < 11) problems.push(`seat ${named} number at ${fontSize}px`);
      if (shown !== `"${named}"`) problems.push(`seat ${named} shows ${shown}`);
      if (r.width < 24 || r.height < 24) problems.push(`seat ${named} is ${r.width}px`);
      numbers.push(number);
    }
    return { numbers, problems };
  }, rowIndex);
}

/** Scrolls the panel from start to end in steps and gathers the readable numbers of a row. */
async function numbersSeenWhileScrolling(panel: Locator, rowIndex: number): Promise<number[]> {
  const seen = new Set<number>();
  await panel.evaluate((el, index) => {
    const rows = Array.from(el.querySelectorAll('[role="row"][aria-label]'));
    rows[index === -1 ? rows.length - 1 : index]?.scrollIntoView({ block: 'center' });
    el.scrollLeft = 0;
  }, rowIndex);
  for (let step = 0; step < 40; step += 1) {
    const { numbers, problems } = await readableNumbers(panel, rowIndex);
    expect(problems).toEqual([]);
    for (const n of numbers) seen.add(n);
    const before = await panelState(panel);
    if (before.scrollLeft >= before.scrollWidth - before.clientWidth - 1) break;
    await panel.evaluate((el) => (el.scrollLeft += Math.round(el.clientWidth * 0.5)));
    await expect.poll(async () => (await panelState(panel)).scrollLeft).not.toBe(before.scrollLeft);
  }
  return [...seen].sort((a, b) => a - b);
}

/** Seats drawn in view (inside the panel's clip and the window) that the sheet overlaps. */
function seatsUnderSheet(page: Page) {
  return page.evaluate(() => {
    const sheet = document.querySelector('[data-bottom-sheet]')?.getBoundingClientRect();
    const panel = document.querySelector('[data-seat-panel]')?.getBoundingClientRect();
    if (!sheet || !panel) return ['no sheet or panel'];
    const covered: string[] = [];
    for (const seat of Array.from(document.querySelectorAll('button[data-seat-id]'))) {
      const r = seat.getBoundingClientRect();
      const left = Math.max(r.left, panel.left);
      const right = Math.min(r.right, panel.right);
      const top = Math.max(r.top, panel.top, 0);
      const bottom = Math.min(r.bottom, panel.bottom, window.innerHeight);
      if (right <= left || bottom <= top) continue; // not drawn in view
      const overlaps =
        left < sheet.right - 0.5 &&
        sheet.left < right - 0.5 &&
        top < sheet.bottom - 0.5 &&
        sheet.top < bottom - 0.5;
      if (overlaps) covered.push(seat.getAttribute('aria-label') ?? '');
    }
    return covered;
  });
}

async function seatWidth(map: Locator): Promise<number> {
  return map
    .locator('button[data-seat-id]')
    .first()
    .evaluate((el) => el.getBoundingClientRect().width);
}

/** Two touch pointers on the panel moving apart (a pinch out), as a phone sends them. */
async function pinchOut(panel: Locator): Promise<void> {
  await panel.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const y = box.top + 40;
    const x = box.left + box.width / 2;
    const send = (type: string, pointerId: number, clientX: number) =>
      el.dispatchEvent(
        new PointerEvent(type, {
          pointerId,
          pointerType: 'touch',
          isPrimary: pointerId === 1,
          clientX,
          clientY: y,
          bubbles: true,
          cancelable: true,
        }),
      );
    send('pointerdown', 1, x - 20);
    send('pointerdown', 2, x + 20);
    for (let spread = 25; spread <= 60; spread += 5) {
      send('pointermove', 1, x - spread);
      send('pointermove', 2, x + spread);
    }
    send('pointerup', 1, x - 60);
    send('pointerup', 2, x + 60);
  });
}

for (const width of [375, 820, 1280] as const) {
  test.describe(`seat map at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : width === 820 ? 1180 : 800 } });

    test('a stadium section of 50-seat rows: scroll, numbers, labels, zoom, mini-map, bar, limits and timers', async ({
      page,
    }) => {
      // Many small checks on a 1,000-seat section: minutes on a loaded machine.
      test.setTimeout(360_000);
      await registerAndLogIn(page, `sm${width}`);
      const concertId = await stadiumId(page);

      await page.goto(`/concerts/${concertId}`);
      await page.waitForLoadState('networkidle');
      // Point 2: the detail page states both rules, at the top and in the 판매정보 tab.
      await expect(page.getByRole('group', { name: '한눈에 보기' })).toContainText(ticketRules);
      await page.goto(`/concerts/${concertId}?tab=sales`);
      await expect(page.getByRole('region', { name: '예매 정보' })).toContainText(ticketRules);
      await page.getByRole('button', { name: '예매하기' }).click();
      await expect(page).toHaveURL(new RegExp(`/concerts/${concertId}/reserve$`));
      await expect(page.locator('header [data-ticket-rules]')).toHaveText(ticketRules);

      // The 50 section tiles: each one's name is exactly its visible text.
      const overview = page.getByRole('list', { name: '구역 선택' });
      const tiles = overview.getByRole('button');
      await expect(tiles).toHaveCount(50);
      await expect(tiles.first()).toContainText(/잔여 [\d,]+ \/ 1,000석/);
      for (const tile of await tiles.all()) {
        await expect(tile).not.toHaveAttribute('aria-label');
        const text = (await tile.innerText()).replace(/\s+/g, ' ').trim();
        await expect(tile).toHaveAccessibleName(text);
      }
      const mismatch = await new AxeBuilder({ page })
        .include('[aria-label="구역 선택"]')
        .withRules(['label-content-name-mismatch'])
        .analyze();
      expect(mismatch.violations).toEqual([]);
      await saveScreenshot(page, `seat-map-${width}-overview`);

      // Open section C (프리미엄, 20 rows of 50).
      await overview.getByRole('button', { name: /^C구역 / }).click();
      const map = page.getByRole('grid', { name: '좌석 배치도' });
      await expect(map.getByRole('button', { name: /C구역 20열 50번/ })).toBeAttached();
      const panel = page.locator('[data-seat-panel]');

      // The rows scroll inside their panel, said by the hint and the right edge's fade.
      const start = await panelState(panel);
      expect(start.scrollWidth).toBeGreaterThan(start.clientWidth);
      await expect(page.getByText('좌우로 스크롤해 나머지 좌석을 볼 수 있어요')).toBeVisible();
      await expect(page.locator('[data-edge="right"]')).toHaveCSS('opacity', '1');
      await expect(page.locator('[data-edge="left"]')).toHaveCSS('opacity', '0');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );

      // The mini-map: the venue's blocks with C marked, and the view's rectangle on C's plan.
      const miniMap = page.getByRole('group', { name: '미니맵' });
      await expect(miniMap).toBeVisible();
      await expect(miniMap.locator('[data-mini-map-section]')).toHaveCount(50);
      await expect(miniMap.locator('[data-mini-map-section="C"]')).toHaveAttribute(
        'data-current',
        'true',
      );
      const viewBox = miniMap.locator('[data-mini-map-view]');
      const viewAt = () =>
        viewBox.evaluate((el) => ({
          left: parseFloat((el as HTMLElement).style.left),
          width: parseFloat((el as HTMLElement).style.width),
        }));
      await expect.poll(async () => (await viewAt()).width).toBeLessThan(100);
      expect((await viewAt()).left).toBe(0);
      await expect(miniMap).toContainText(/C구역 1~\d+번 보는 중 \(한 줄 50석\)/);
      await viewportShot(page, `seat-map-${width}-section`);

      // The section view with its toolbar, mini-map and bar passes axe (serious and critical).
      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(
        axe.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
      ).toEqual([]);

      // Scrolled sideways, the row label stays at the panel's left edge, on top.
      const rowLabel = map.locator('[data-row-label]').first();
      await rowLabel.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
      const labelBefore = await rowLabel.boundingBox();
      await panel.evaluate((el) => (el.scrollLeft = Math.round(el.scrollWidth / 2)));
      await expect.poll(async () => (await panelState(panel)).scrollLeft).toBeGreaterThan(0);
      await expect(page.locator('[data-edge="left"]')).toHaveCSS('opacity', '1');
      const labelAfter = await rowLabel.boundingBox();
      expect(labelAfter?.x).toBeCloseTo(labelBefore?.x ?? -1, 0);
      await expect(rowLabel).toBeInViewport();
      expect(
        await rowLabel.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
        }),
      ).toBe(true);
      await expect.poll(async () => (await viewAt()).left).toBeGreaterThan(20);
      await viewportShot(page, `seat-map-${width}-scrolled`);

      // Every seat number of the first and the last row is readable at some scroll position.
      const all = Array.from({ length: 50 }, (_, i) => i + 1);
      expect(await numbersSeenWhileScrolling(panel, 0)).toEqual(all);
      expect(await numbersSeenWhileScrolling(panel, -1)).toEqual(all);

      // A tap on the mini-map's plan moves the view there.
      await panel.evaluate((el) => (el.scrollLeft = 0));
      const plan = miniMap.locator('[data-mini-map-plan]');
      const planBox = await plan.boundingBox();
      if (!planBox) throw new Error('no plan');
      await plan.click({ position: { x: planBox.width - 2, y: planBox.height / 2 } });
      await expect
        .poll(async () => {
          const s = await panelState(panel);
          return s.scrollLeft >= s.scrollWidth - s.clientWidth - 2;
        })
        .toBe(true);

      // Zoom: + makes seats bigger, - smaller, never below 24 px with their numbers.
      const zoomIn = page.getByRole('button', { name: '좌석 크게 보기' });
      const zoomOut = page.getByRole('button', { name: '좌석 작게 보기' });
      const initial = await seatWidth(map);
      await zoomIn.click();
      await expect.poll(() => seatWidth(map)).toBeGreaterThan(initial);
      for (let i = 0; i < 6 && (await zoomOut.isEnabled()); i += 1) await zoomOut.click();
      await expect(zoomOut).toBeDisabled();
      const smallest = await seatWidth(map);
      expect(smallest).toBeLessThan(initial);
      expect(smallest).toBeGreaterThanOrEqual(24);
      expect((await readableNumbers(panel, 0)).problems).toEqual([]);
      expect((await panelState(panel)).scrollWidth).toBeGreaterThan(
        (await panelState(panel)).clientWidth,
      );
      await viewportShot(page, `seat-map-${width}-smallest`);
      await zoomIn.click();
      await zoomIn.click();

      // 화면에 맞추기 fits rows only down to the legible minimum: 50 seats still scroll.
      const fit = page.getByRole('button', { name: '화면에 맞추기' });
      await fit.click();
      await expect(fit).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => seatWidth(map)).toBeGreaterThanOrEqual(24);
      expect((await readableNumbers(panel, 0)).problems).toEqual([]);
      const fitted = await panelState(panel);
      expect(fitted.scrollWidth).toBeGreaterThan(fitted.clientWidth);
      await fit.click();
      await expect(fit).toHaveAttribute('aria-pressed', 'false');

      // A pinch out on the panel makes the seats bigger.
      const beforePinch = await seatWidth(map);
      await pinchOut(panel);
      await expect.poll(() => seatWidth(map)).toBeGreaterThan(beforePinch);

      // The keyboard reaches both ends of a long row, and the focused seat is never left under
      // the sticky row label or outside the panel.
      const focusedSeat = map.locator('button:focus');
      const activeSeat = map.locator('button[tabindex="0"]');
      await activeSeat.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await activeSeat.focus();
      const onTop = () =>
        focusedSeat.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
        });
      await page.keyboard.press('End');
      await expect(focusedSeat).toHaveAccessibleName(/ 50번, /);
      expect(await onTop()).toBe(true);
      await page.keyboard.press('Home');
      await expect(focusedSeat).toHaveAccessibleName(/ 1번, /);
      expect(await onTop()).toBe(true);

      // Hold a seat: the bar (phones, tablets) shows the selection and total; the timer is the
      // hold's, from the server's expiry.
      const seat = map.getByRole('button', { name: /, 선택 가능, / }).first();
      const seatName = (await seat.getAttribute('aria-label')) ?? '';
      await seat.click();
      await expect(
        map.getByRole('button', { name: seatName.replace('선택 가능', '선택됨') }),
      ).toBeVisible();
      const sheet = sidePanel(page);
      await expect(sheet.getByTestId('order-total')).toHaveText('152,000원');
      const holdTimer = sheet.getByRole('timer', { name: '좌석 선점 남은 시간' });
      await expect(holdTimer).toHaveText(/^0[45]:\d\d$/);
      const isPhoneSheet = width < 1025;
      if (isPhoneSheet) {
        const bar = await sheet.boundingBox();
        expect(bar?.height ?? 999).toBeLessThanOrEqual(96);
        const toggle = sheet.getByRole('button', { name: /선택한 좌석 1\/2/ });
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await expect(sheet.getByText('선점 남은 시간', { exact: true })).toBeVisible();
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      }
      await expect(sheet.locator('[data-ticket-rules]')).toHaveText(ticketRules);
      await expect(sheet).toContainText(
        '선점 시간 안에 결제하기를 누르면 결제를 마칠 때까지 좌석이 10분 동안 유지돼요.',
      );
      await viewportShot(page, `seat-map-${width}-sheet`);
      if (isPhoneSheet) await sheet.getByRole('button', { name: /선택한 좌석 1\/2/ }).click();

      // The bar covers no seat: with the map's end scrolled into view, and at the page's end.
      await map
        .locator('[role="row"][aria-label]')
        .last()
        .evaluate((el) => el.scrollIntoView({ block: 'end' }));
      await page.waitForTimeout(200);
      expect(await seatsUnderSheet(page)).toEqual([]);
      await viewportShot(page, `seat-map-${width}-map-end`);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(200);
      expect(await seatsUnderSheet(page)).toEqual([]);

      // 결제하기: the card window counts down the payment's deadline, and back on the page the
      // same countdown is the payment's (the hold was extended to it), not a new hold's.
      await sheet.getByRole('button', { name: '결제하기' }).click();
      const dialog = page.getByRole('dialog', { name: '카드 결제' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('timer', { name: '결제 완료까지 남은 시간' })).toHaveText(
        /^(10:00|09:[45]\d)$/,
      );
      await expect(dialog).toContainText('결제를 마칠 때까지 선택한 좌석이 유지돼요.');
      await viewportShot(page, `seat-map-${width}-payment-window`);
      await dialog.getByRole('button', { name: '결제창 닫기' }).click();
      await expect(dialog).toBeHidden();
      const paymentTimer = sheet.getByRole('timer', { name: '결제 완료까지 남은 시간' });
      await expect(paymentTimer).toHaveText(/^(10:00|09:[45]\d)$/);
      await expect(holdTimer).toHaveCount(0);
      if (isPhoneSheet) {
        await expect(sheet.getByText('결제 남은 시간', { exact: true })).toBeVisible();
        await sheet.getByRole('button', { name: /선택한 좌석 1\/2/ }).click();
      }
      await expect(sheet).toContainText('결제를 시작해 좌석 선점이 결제 마감까지 연장되었어요.');
      await viewportShot(page, `seat-map-${width}-payment-pending`);
    });
  });
}
