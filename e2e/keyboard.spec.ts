import { expect, test, type Frame, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { screenshotDir } from './support/session';

/**
 * Issue 14 items 5 and 6. A buyer books by keyboard alone (no mouse: log in, search, open a
 * concert, queue, two seats with the arrow keys, the sandbox test card, success), and every
 * control the focus lands on shows it. At 375 px the seat map keeps its section heading and
 * first row inside its own panel, and the fixed bars cover neither the page nor each other.
 */

const password = 'buyer1234!';
const hiphop = { query: '힙합', title: '힙합 나이트: 언더그라운드 라이브' };
const piano = { query: '피아노', title: '피아노 앤 스트링스' };

/** A brand-new account, registered through the API (the auth journey covers the form). */
async function registerBuyer(page: Page): Promise<string> {
  const suffix = Date.now().toString(36).slice(-6);
  const username = `kb${suffix}`;
  const response = await page.request.post('/api/auth/register', {
    multipart: {
      username,
      email: `${username}@example.com`,
      password,
      confirmPassword: password,
      name: '김키보드',
      nickname: `키보드${suffix}`,
      phone: '010-1234-5678',
      address: '서울특별시 마포구 월드컵로 1',
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  await page.context().clearCookies();
  return username;
}

/**
 * The focused element shows it: it matches :focus-visible and draws an outline or a ring, or
 * (a card's overlay link) its card does.
 */
async function expectFocusVisible(scope: Page | Frame): Promise<void> {
  const visible = await scope.evaluate(() => {
    const active = document.activeElement;
    if (!(active instanceof HTMLElement) || active === document.body) return 'nothing focused';
    if (!active.matches(':focus-visible')) return `${active.tagName} is not :focus-visible`;
    const drawn = (element: Element) => {
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || (element === active && style.boxShadow !== 'none');
    };
    for (let el: Element | null = active, i = 0; el && i < 4; el = el.parentElement, i += 1) {
      if (drawn(el)) return 'ok';
    }
    return `${active.tagName} "${active.textContent?.trim().slice(0, 30)}" draws no focus`;
  });
  expect(visible).toBe('ok');
}

/**
 * Presses Tab (at most `max` times) until `target` has the focus; then checks it shows (in
 * `scope`, the frame that holds the target).
 */
async function tabTo(
  page: Page,
  target: Locator,
  max = 40,
  scope: Page | Frame = page,
): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      await expectFocusVisible(scope);
      return;
    }
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/**
 * What the buyer sees, kept as an artifact. A page with a long poll open makes full-page
 * captures slow on a loaded machine; the viewport is what these checks are about.
 */
async function viewportShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), timeout: 20_000 });
}

/** The sticky header's bottom edge: nothing focused may hide under it. */
async function headerBottom(page: Page): Promise<number> {
  return page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().bottom);
}

test.describe('keyboard only', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('log in, search, open a concert, queue, two seats by arrow keys, pay, success', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const username = await registerBuyer(page);

    // 1. Log in: the focus lands on the page the buyer returns to (home).
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    const form = page.locator('form').filter({ has: page.getByLabel('아이디') });
    await tabTo(page, form.getByLabel('아이디'));
    await page.keyboard.type(username);
    await tabTo(page, form.getByLabel('비밀번호'), 3);
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#main-content h1')).toBeFocused();

    // 2. Search from the home page and Tab to the concert's card: its ring shows, below the
    // sticky header.
    await tabTo(page, page.getByRole('searchbox', { name: '콘서트 검색' }));
    await page.keyboard.type(hiphop.query);
    await page.keyboard.press('Enter');
    const cardLink = page.getByRole('link', { name: hiphop.title }).first();
    await expect(cardLink).toBeVisible();
    // Posters still loading would move the cards after the focus brought one into view.
    await page.waitForLoadState('networkidle');
    await tabTo(page, cardLink, 60);
    const card = cardLink.locator('xpath=ancestor::article');
    expect(await card.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    const cardTop = await card.evaluate((el) => el.getBoundingClientRect().top);
    expect(cardTop).toBeGreaterThanOrEqual(await headerBottom(page));
    await viewportShot(page, 'keyboard-card-focus');

    // 3. Open it; 예매하기 enters the queue (empty here) and the seat page takes the focus to
    // its heading, not to a link of the old page.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: hiphop.title })).toBeFocused();
    await tabTo(page, page.getByRole('button', { name: '예매하기' }), 60);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/reserve$/);
    await expect(page.getByRole('heading', { level: 1, name: '좌석 선택' })).toBeFocused();

    // 4. One Tab stop into the map; two free seats by the arrow keys.
    const map = page.getByRole('grid', { name: '좌석 배치도' });
    const focusedSeat = map.locator('button:focus');
    await tabTo(page, map.getByRole('button').and(page.locator('[tabindex="0"]')), 40);
    const chosen: string[] = [];
    for (let moves = 0; chosen.length < 2 && moves < 20; moves += 1) {
      const name = (await focusedSeat.getAttribute('aria-label')) ?? '';
      if (name.includes('선택 가능')) {
        await page.keyboard.press(chosen.length === 0 ? 'Enter' : 'Space');
        await expect(focusedSeat).toHaveAccessibleName(name.replace('선택 가능', '선택됨'));
        await expectFocusVisible(page);
        chosen.push(/[A-Z]+구역 \d+열 \d+번/.exec(name)?.[0] ?? name);
      }
      if (chosen.length < 2) await page.keyboard.press('ArrowRight');
    }
    expect(chosen).toHaveLength(2);
    const panel = page.getByRole('complementary', { name: '선택한 좌석' });
    for (const label of chosen) await expect(panel.getByText(label)).toBeVisible();

    // 5. 결제하기, then the sandbox window: card, expiry, pay, all by keys.
    await tabTo(page, panel.getByRole('button', { name: '결제하기' }), 30);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: '카드 결제' })).toBeVisible();
    const frame = page.frameLocator('iframe[title="카드 결제"]');
    const cardNumber = frame.getByLabel('카드 번호');
    await expect(cardNumber).toBeVisible();
    const checkout = page.frames().find((f) => f.url().includes('/sandbox-payments/'));
    if (!checkout) throw new Error('no checkout frame');
    await tabTo(page, cardNumber, 10, checkout);
    await page.keyboard.type('4242424242424242');
    await page.keyboard.press('Tab');
    await expect(frame.getByLabel('유효기간')).toBeFocused();
    await expectFocusVisible(checkout);
    await page.keyboard.type('12/39');
    const pay = frame.getByRole('button', { name: /결제하기$/ });
    for (let i = 0; i < 4 && !(await pay.evaluate((el) => el === document.activeElement)); i += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(pay).toBeFocused();
    await expectFocusVisible(checkout);
    await page.keyboard.press('Enter');

    // 6. The success page names itself: its heading has the focus.
    // The sandbox confirms the payment server-side before the window lands: slow on a busy CI.
    await expect(page).toHaveURL(/\/payment\/result\/success\?/, { timeout: 30_000 });
    await expect(
      page.getByRole('heading', { level: 1, name: '결제가 완료되었습니다' }),
    ).toBeFocused();
    for (const label of chosen) await expect(page.getByText(label)).toBeVisible();
  });
});

/** Rectangles of the fixed elements that overlap each other or a visible control or text. */
async function fixedOverlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const isFixed = (el: Element) => getComputedStyle(el).position === 'fixed';
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.opacity !== '0';
    };
    const fixed = Array.from(document.querySelectorAll('body *')).filter(
      (el) => isFixed(el) && visible(el) && !el.closest('[aria-hidden="true"]'),
    );
    const insideFixed = (el: Element) => fixed.some((f) => f.contains(el));
    const content = Array.from(
      document.querySelectorAll('a, button, input, select, textarea, h1, h2, h3, p, li, dd'),
    ).filter((el) => visible(el) && !insideFixed(el) && !el.classList.contains('sr-only'));
    const overlap = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 20)}"`;
    const problems: string[] = [];
    fixed.forEach((f, i) => {
      const rf = f.getBoundingClientRect();
      fixed.slice(i + 1).forEach((g) => {
        if (!f.contains(g) && !g.contains(f) && overlap(rf, g.getBoundingClientRect())) {
          problems.push(`${name(f)} covers ${name(g)}`);
        }
      });
      for (const el of content) {
        if (overlap(rf, el.getBoundingClientRect())) problems.push(`${name(f)} covers ${name(el)}`);
      }
    });
    return problems;
  });
}

/** Scrolls to the end (where the scroll-to-top button shows) and checks the fixed bars. */
async function expectFixedBarsClear(page: Page): Promise<void> {
  const scrollToEnd = () =>
    page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const root = document.documentElement;
      return Math.abs(window.scrollY + window.innerHeight - root.scrollHeight) <= 1;
    });
  await scrollToEnd();
  await expect(page.getByRole('button', { name: '맨 위로 이동' })).toBeVisible();
  await page.waitForTimeout(300);
  // Late content (reviews, seat states) grows the page: scroll until the end stays the end.
  await expect.poll(scrollToEnd).toBe(true);
  expect(await fixedOverlaps(page)).toEqual([]);
}

test.describe('phone layout at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the seat map keeps heading and first row in its panel; fixed bars cover nothing', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const username = await registerBuyer(page);
    const login = await page.request.post('/api/auth/login', { form: { username, password } });
    expect(login.status()).toBeLessThan(300);

    // The home search's placeholder is not cut.
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: '콘서트 검색' });
    const placeholderFits = await search.evaluate((input) => {
      const el = input as HTMLInputElement;
      const probe = document.createElement('span');
      probe.textContent = el.placeholder;
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${getComputedStyle(el).font}`;
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      const style = getComputedStyle(el);
      return (
        width <= el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      );
    });
    expect(placeholderFits).toBe(true);

    const response = await page.request.get(
      `/api/concerts/search?query=${encodeURIComponent(piano.query)}`,
    );
    const body = (await response.json()) as { data: { concertId: number; title: string }[] };
    const concertId = body.data.find((c) => c.title === piano.title)?.concertId;
    expect(concertId).toBeDefined();

    // The detail page: the fixed 예매하기 bar and the scroll-to-top button.
    await page.goto(`/concerts/${concertId}`);
    await page.waitForLoadState('networkidle');
    await expectFixedBarsClear(page);

    await page.getByRole('button', { name: '예매하기' }).click();
    await expect(page).toHaveURL(/\/reserve$/);
    const map = page.getByRole('grid', { name: '좌석 배치도' });
    await expect(map).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // Every section heading lies inside the visible panel; every seat of the first row is
    // inside the panel or reachable by scrolling it.
    const outside = await map.evaluate((grid) => {
      const scroller = (el: Element) => {
        for (let p = el.parentElement; p; p = p.parentElement) {
          if (/(auto|scroll)/.test(getComputedStyle(p).overflowX)) return p;
        }
        return document.documentElement;
      };
      const problems: string[] = [];
      for (const header of Array.from(grid.querySelectorAll('[role="columnheader"]'))) {
        const box = scroller(header).getBoundingClientRect();
        const r = header.getBoundingClientRect();
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5) {
          problems.push(
            `heading "${header.textContent}" ${r.left}-${r.right} in ${box.left}-${box.right}`,
          );
        }
      }
      const firstRow = grid.querySelector('[role="row"][aria-label]');
      for (const seat of Array.from(firstRow?.querySelectorAll('button') ?? [])) {
        const box = scroller(seat);
        const r = seat.getBoundingClientRect();
        const left = box.getBoundingClientRect().left - box.scrollLeft;
        if (r.left < left - 0.5 || r.right > left + box.scrollWidth + 0.5) {
          problems.push(`seat ${seat.getAttribute('aria-label')}`);
        }
      }
      return problems;
    });
    expect(outside).toEqual([]);

    // A section wider than the panel offers "fit to width" (issue 23): it shrinks the seats
    // toward the panel's width but never below a legible 24 px seat with its number; what still
    // does not fit scrolls (20-seat rows at 375 px do), instead of 13 px seats without numbers.
    const fit = page.getByRole('button', { name: '화면에 맞추기' });
    const panelOf = () =>
      map.evaluate((grid) => {
        const panel = grid.parentElement?.parentElement;
        const seat = grid.querySelector('button[data-seat-id]');
        const number = seat?.querySelector('[data-number]');
        return {
          scroll: panel?.scrollWidth ?? 0,
          client: panel?.clientWidth ?? 0,
          shown: grid.getBoundingClientRect().width,
          seat: seat?.getBoundingClientRect().width ?? 0,
          numberPx: number ? parseFloat(getComputedStyle(number).fontSize) : 0,
        };
      });
    const before = await panelOf();
    if (before.scroll > before.client + 1) {
      await fit.click();
      await expect(fit).toHaveAttribute('aria-pressed', 'true');
      await expect
        .poll(async () => {
          const after = await panelOf();
          const legible = after.seat >= 24 && after.numberPx >= 11;
          // Inside the panel and filling it, or at the smallest legible seat and scrolling.
          const fitted = after.scroll <= after.client + 1 && after.shown >= after.client * 0.9;
          return legible && after.seat <= before.seat && (fitted || after.seat === 24);
        })
        .toBe(true);
      await viewportShot(page, 'keyboard-reserve-375-fitted');
      await fit.click();
    } else {
      await expect(fit).toHaveCount(0);
    }
    await viewportShot(page, 'keyboard-reserve-375');

    await expectFixedBarsClear(page);
  });
});
