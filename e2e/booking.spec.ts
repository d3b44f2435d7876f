import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PDFParse } from 'pdf-parse';
import { PNG } from 'pngjs';
import { loginThroughPage, saveScreenshot } from './support/session';

/**
 * Issue 5's whole journey on the sandbox card provider: a new buyer holds two seats, closes the
 * payment window, is declined (failure page, seats free), pays with the approval card (the
 * panel total is what the window charges and what the success page shows), finds the booking
 * on my page, downloads the PDF (its QR decodes to a token the verify endpoint accepts), opens
 * the mobile tickets, cancels, and another buyer can select the seats again.
 */

const concertTitle = '어쿠스틱 기타 리사이틀';
const password = 'buyer1234!';
const cards = { approve: '4242424242424242', decline: '4000000000000002' };

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

/** A brand-new account, registered through the API (the auth journey covers the form). */
async function registerBuyer(page: Page): Promise<string> {
  const suffix = Date.now().toString(36).slice(-6);
  const username = `fan${suffix}`;
  const response = await page.request.post('/api/auth/register', {
    multipart: {
      username,
      email: `${username}@example.com`,
      password,
      confirmPassword: password,
      name: '김관객',
      nickname: `관객${suffix}`,
      phone: '010-1234-5678',
      address: '서울특별시 마포구 월드컵로 1',
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  await page.context().clearCookies();
  return username;
}

function seatMap(page: Page) {
  return page.getByRole('grid', { name: '좌석 배치도' });
}

function sidePanel(page: Page) {
  return page.getByRole('complementary', { name: '선택한 좌석' });
}

const seatLabelPattern = /[A-Z]+구역 \d+열 \d+번/;

/** Holds the first `count` free seats on the map; returns their labels ("A구역 1열 3번"). */
async function holdFreeSeats(page: Page, count: number): Promise<string[]> {
  const labels: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const seat = seatMap(page)
      .getByRole('button', { name: /선택 가능/ })
      .first();
    const name = (await seat.getAttribute('aria-label')) ?? (await seat.textContent()) ?? '';
    const label = seatLabelPattern.exec(name)?.[0];
    if (!label) throw new Error(`no seat label in "${name}"`);
    await seat.click();
    await expect(sidePanel(page).getByText(label)).toBeVisible();
    labels.push(label);
  }
  return labels;
}

function seatButton(page: Page, label: string) {
  return seatMap(page).getByRole('button', { name: new RegExp(`${label}, `) });
}

/** The payment window (our sandbox page in a frame over the seat page). */
async function openCheckout(page: Page, total: string) {
  await sidePanel(page).getByRole('button', { name: '결제하기' }).click();
  const dialog = page.getByRole('dialog', { name: '카드 결제' });
  await expect(dialog).toBeVisible();
  const frame = page.frameLocator('iframe[title="카드 결제"]');
  // What the window charges is what the panel showed.
  await expect(frame.getByRole('button', { name: `${total} 결제하기` })).toBeVisible();
  return frame;
}

async function payWith(page: Page, total: string, card: string): Promise<void> {
  const frame = await openCheckout(page, total);
  await frame.getByLabel('카드 번호').fill(card);
  await frame.getByLabel('유효기간').fill('12/39');
  await frame.getByRole('button', { name: `${total} 결제하기` }).click();
}

/** Screenshots of the current page at 1280 and 375 px wide. */
async function shootBoth(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, `${name}-desktop`);
  await page.setViewportSize({ width: 375, height: 812 });
  await saveScreenshot(page, `${name}-mobile`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function readTicketPdf(file: string) {
  const parser = new PDFParse({ data: new Uint8Array(await readFile(file)) });
  try {
    const text = await parser.getText();
    const images = await parser.getImage({ imageThreshold: 0 });
    const tokens = images.pages.flatMap((p) =>
      p.images.map((image) => {
        const png = PNG.sync.read(Buffer.from(image.data));
        return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
      }),
    );
    return { text: text.text, tokens };
  } finally {
    await parser.destroy();
  }
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  await loginThroughPage(page, 'admin', 'admin1234!');
  return page;
}

async function verify(admin: Page, token: string): Promise<string> {
  const response = await admin.request.get(
    `/api/tickets/verify?token=${encodeURIComponent(token)}`,
  );
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { result: string } };
  return body.data.result;
}

test.describe('booking journey (sandbox card payments)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('hold, close the window, a declined card, pay, my page, PDF ticket, mobile ticket, cancel', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const username = await registerBuyer(page);
    await loginThroughPage(page, username, password);
    const concertId = await concertIdOf(page, '어쿠스틱', concertTitle);

    await page.goto(`/concerts/${concertId}`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: '예매하기' }).click();
    await expect(page).toHaveURL(new RegExp(`/concerts/${concertId}/reserve$`));
    await expect(seatMap(page)).toBeVisible();

    const seats = await holdFreeSeats(page, 2);
    const total = (await sidePanel(page).getByTestId('order-total').textContent())?.trim() ?? '';
    expect(total).toMatch(/^\d{1,3}(,\d{3})*원$/);

    // 1. The buyer opens the payment window and closes it: nothing is lost.
    const frame = await openCheckout(page, total);
    await saveScreenshot(page, 'checkout-desktop', { networkIdle: false });
    await frame.getByRole('button', { name: '결제 취소' }).click();
    await expect(page.getByText('결제가 취소되었습니다.')).toBeVisible();
    await expect(page.getByRole('dialog', { name: '카드 결제' })).toBeHidden();
    for (const label of seats) await expect(sidePanel(page).getByText(label)).toBeVisible();

    // 2. A declined card: the failure page with the reason and code; the seats are free again.
    await payWith(page, total, cards.decline);
    await expect(page).toHaveURL(/\/payment\/result\/fail\?/);
    await expect(page.getByText('결제에 실패했습니다').first()).toBeVisible();
    await expect(page.getByText(concertTitle)).toBeVisible();
    await expect(page.getByText('REJECT_CARD_COMPANY')).toBeVisible();
    await shootBoth(page, 'payment-fail');

    await page.goto(`/concerts/${concertId}`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: '예매하기' }).click();
    await expect(page).toHaveURL(new RegExp(`/concerts/${concertId}/reserve$`));
    for (const label of seats) {
      await expect(seatButton(page, label)).toHaveAccessibleName(/선택 가능/);
      await seatButton(page, label).click();
      await expect(sidePanel(page).getByText(label)).toBeVisible();
    }
    await expect(sidePanel(page).getByTestId('order-total')).toHaveText(total);

    // 3. The approval card: the success page shows title, seats and the same amount.
    await payWith(page, total, cards.approve);
    await expect(page).toHaveURL(/\/payment\/result\/success\?/);
    const bookingNumber = new URL(page.url()).searchParams.get('bookingNumber') ?? '';
    expect(bookingNumber).not.toBe('');
    await expect(page.getByRole('heading', { name: '결제가 완료되었습니다' })).toBeVisible();
    await expect(page.getByText(concertTitle)).toBeVisible();
    for (const label of seats) await expect(page.getByText(label)).toBeVisible();
    await expect(page.getByText(total)).toBeVisible();
    await shootBoth(page, 'payment-success');

    // 4. My page, bookings tab, the booking.
    await page.getByRole('link', { name: '마이페이지' }).first().click();
    await expect(page).toHaveURL(/\/mypage\/profile/);
    await page.getByRole('tab', { name: '예매 내역' }).click();
    const item = page.getByRole('link', { name: new RegExp(concertTitle) }).first();
    await expect(item).toBeVisible();
    await shootBoth(page, 'mypage-bookings');
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/bookingDetail/${bookingNumber}$`));
    await expect(page.getByText(bookingNumber).first()).toBeVisible();
    for (const label of seats) await expect(page.getByText(label).first()).toBeVisible();
    await shootBoth(page, 'booking-detail');

    // 5. The PDF holds the booking number, and each QR is a token the check-in side accepts.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '티켓 다운로드' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`curtaincall-${bookingNumber}.pdf`);
    const pdfPath = await download.path();
    expect((await readFile(pdfPath)).subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await readTicketPdf(pdfPath);
    expect(pdf.text).toContain(bookingNumber);
    expect(pdf.text).toContain(concertTitle);
    expect(pdf.tokens).toHaveLength(2);
    const admin = await adminPage(browser);
    for (const token of pdf.tokens) {
      expect(token).not.toBeNull();
      expect(await verify(admin, token ?? '')).toBe('VALID');
    }

    // 6. The mobile tickets: one QR card per seat.
    await page.getByRole('link', { name: '모바일 티켓' }).click();
    await expect(page).toHaveURL(new RegExp(`/bookingDetail/${bookingNumber}/tickets$`));
    for (const label of seats) await expect(page.getByText(label).first()).toBeVisible();
    await expect(page.locator('img[src^="data:image/svg+xml"]')).toHaveCount(2);
    await shootBoth(page, 'tickets');
    await page.goBack();

    // 7. Cancel: refunded, the booking reads cancelled, the tickets are void.
    await page.getByRole('button', { name: '예매 취소' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: '돌아가기' })).toBeVisible();
    await dialog.getByRole('button', { name: '취소하기' }).click();
    await expect(page.getByText('예매가 정상적으로 취소되었습니다.')).toBeVisible();
    await expect(page.getByText('취소됨').first()).toBeVisible();
    for (const token of pdf.tokens) expect(await verify(admin, token ?? '')).toBe('VOID');
    // The button is aria-disabled but still pressable, so it can say why (Playwright would
    // otherwise wait for it to become enabled).
    const download2 = page.getByRole('button', { name: '티켓 다운로드' });
    await expect(download2).toHaveAttribute('aria-disabled', 'true');
    await download2.click({ force: true });
    await expect(
      page.getByRole('alert').filter({ hasText: '취소된 예매는 티켓을 다운로드할 수 없습니다.' }),
    ).toBeVisible();

    // 8. Another buyer can select those seats again.
    const other = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'ko-KR',
      timezoneId: 'Asia/Seoul',
    });
    const otherPage = await other.newPage();
    await loginThroughPage(otherPage, 'buyer2', password);
    await otherPage.goto(`/concerts/${concertId}`);
    await otherPage.waitForLoadState('networkidle');
    await otherPage.getByRole('button', { name: '예매하기' }).click();
    await expect(otherPage).toHaveURL(new RegExp(`/concerts/${concertId}/reserve$`));
    for (const label of seats) {
      await expect(seatButton(otherPage, label)).toHaveAccessibleName(/선택 가능/);
    }
    await seatButton(otherPage, seats[0] ?? '').click();
    await expect(sidePanel(otherPage).getByText(seats[0] ?? '')).toBeVisible();
    // Leave nothing held for later journeys.
    await sidePanel(otherPage)
      .getByRole('button', { name: `${seats[0] ?? ''} 선택 해제` })
      .click();
    await other.close();
    await admin.context().close();
  });
});
