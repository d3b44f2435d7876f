import AxeBuilder from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { newApprovedSeller, seoul, seoulDate } from './support/sellers';
import { saveScreenshot } from './support/session';
import { newBuyer } from './support/show-journeys';

/**
 * Issue 27's journey: a new seller adds a 장애인(심한) type (50 %, one companion, proof at entry),
 * a 조기예매 type and a promo code on the 권종·할인 page; a buyer books two seats as 장애인 and
 * companion with the code, reads the breakdown and pays exactly its total; five days before the
 * show (the show is five days ahead, so the server's own clock says so) the buyer cancels the
 * companion's seat, is quoted the fee table's refund and gets exactly that; the 예매확인서 shows
 * the lines, the code, the refund and the final amount. Screenshots at 375/820/1280, axe.
 */

const approveCard = '4242424242424242';
const viewports = [
  { name: '375', width: 375, height: 812 },
  { name: '820', width: 820, height: 1180 },
  { name: '1280', width: 1280, height: 800 },
] as const;

/**
 * Full-page shots at each width, the viewport as tall as the page (as shows.spec.ts does): a
 * full-page capture otherwise draws the sticky header where the viewport's top was. A dialog
 * stays in its viewport-sized frame (`tall: false`).
 */
async function shootAt(page: Page, name: string, options: { tall?: boolean } = {}) {
  for (const viewport of viewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    if (options.tall !== false) {
      await page.evaluate(() => window.scrollTo(0, 0));
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({
        width: viewport.width,
        height: Math.max(height, viewport.height),
      });
    }
    await saveScreenshot(page, `${name}-${viewport.name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function expectNoAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']);
  const results = await (include ? builder.include(include) : builder).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

const won = (amount: number) => `${amount.toLocaleString('ko-KR')}원`;

async function pdfText(buffer: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(buffer) });
  try {
    return (await parser.getText()).text.replace(/[ \t]+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

test.describe('권종, promo code, fee table and per-seat cancel (issue 27)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a seller sets types and a code; a buyer books 장애인 + companion with it, cancels one seat and gets the quoted refund', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const { context: sellerContext } = await newApprovedSeller(browser, baseURL);
    const seller = await sellerContext.newPage();
    const title = `권종 테스트 콘서트 ${randomBytes(2).toString('hex')}`;
    // Five days ahead: a cancel today falls in the table's 6-3 days row (20 %).
    const made = await seller.request.post('/api/seller/concerts', {
      data: {
        title,
        artist: '할인 밴드',
        description: null,
        venueName: '권종홀',
        venueAddress: '서울특별시 중구 세종대로 1',
        concertDate: seoulDate(5),
        startTime: '19:00',
        endTime: '21:00',
        totalSeats: 20,
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

    // 1. The seller's 권종·할인 page: 장애인(심한), 조기예매 and a code.
    await seller.goto('/seller/concerts/manage');
    await seller.getByRole('link', { name: `${title} 권종·할인` }).click();
    await expect(seller).toHaveURL(new RegExp(`/seller/concerts/${concertId}/pricing$`));
    await expect(seller.getByRole('heading', { level: 1, name: '권종·할인' })).toBeVisible();

    await seller.getByRole('button', { name: '권종 추가' }).click();
    let dialog = seller.getByRole('dialog', { name: '권종 추가' });
    await dialog.getByLabel('권종 종류').selectOption('DISABLED_SEVERE');
    await dialog.getByLabel('할인율 (%)').fill('50');
    await dialog.getByRole('checkbox', { name: '현장에서 증빙 필요' }).check();
    await dialog.getByRole('checkbox', { name: '동반자 1인 같은 할인' }).check();
    await dialog.getByRole('button', { name: '저장' }).click();
    await expect(seller.getByText('권종이 추가되었습니다.')).toBeVisible();
    await expect(seller.getByRole('heading', { level: 3, name: '장애인(심한)' })).toBeVisible();

    await seller.getByRole('button', { name: '권종 추가' }).click();
    dialog = seller.getByRole('dialog', { name: '권종 추가' });
    await dialog.getByLabel('권종 종류').selectOption('EARLY_BIRD');
    await dialog.getByRole('radio', { name: '정액 (원)' }).check();
    await dialog.getByLabel('할인 금액 (원)').fill('5000');
    await dialog.getByLabel('할인 마감 일시').fill(`${seoulDate(2)}T23:59`);
    await dialog.getByRole('button', { name: '저장' }).click();
    await expect(seller.getByRole('heading', { level: 3, name: '조기예매' })).toBeVisible();

    await seller.getByRole('button', { name: '할인 코드 추가' }).click();
    dialog = seller.getByRole('dialog', { name: '할인 코드 추가' });
    await dialog.getByLabel('할인 코드').fill('E2E10');
    await dialog.getByLabel('할인율 (%)').fill('10');
    await dialog.getByLabel('총 사용 횟수').fill('100');
    await dialog.getByRole('button', { name: '저장' }).click();
    await expect(seller.getByText('할인 코드가 추가되었습니다.')).toBeVisible();
    await expect(seller.getByText('사용 0 / 100')).toBeVisible();
    await expectNoAxeViolations(seller);
    await shootAt(seller, 'pricing-seller');

    // 2. A buyer holds two seats and picks 장애인(심한) and its companion, with the code.
    const buyerContext = await newBuyer(browser, baseURL, 'pricing');
    const buyer = await buyerContext.newPage();
    await buyer.goto(`/concerts/${concertId}`);
    await buyer.waitForLoadState('networkidle');
    await buyer.getByRole('button', { name: '예매하기' }).click();
    await expect(buyer).toHaveURL(new RegExp(`/concerts/${concertId}/reserve$`));
    const seatMap = buyer.getByRole('grid', { name: '좌석 배치도' });
    const panel = buyer.getByRole('complementary', { name: '선택한 좌석' });
    const labels: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const seat = seatMap.getByRole('button', { name: /선택 가능/ }).first();
      const name = (await seat.getAttribute('aria-label')) ?? '';
      const label = /[A-Z]+구역 \d+열 \d+번/.exec(name)?.[0] ?? '';
      expect(label).not.toBe('');
      await seat.click();
      await expect(panel.getByText(label)).toBeVisible();
      labels.push(label);
    }
    const [holderSeat = '', companionSeat = ''] = labels;
    await panel.getByRole('combobox', { name: `${holderSeat} 권종` }).selectOption({
      label: '장애인(심한) 50%',
    });
    await expect(panel.getByText('현장에서 증빙 필요').first()).toBeVisible();
    await panel.getByRole('combobox', { name: `${companionSeat} 권종` }).selectOption({
      label: '동반자 (같은 할인)',
    });
    await panel.getByRole('textbox', { name: '할인 코드' }).fill('e2e10');
    await panel.getByRole('button', { name: '적용' }).click();
    await expect(panel.getByText('적용됨')).toBeVisible();
    // The quick plan's first seats are 프리미엄 150,000원: half off, then 10 % of the rest, each
    // plus the 2,000원 fee: 67,500 + 2,000 twice.
    const total = 2 * (75_000 - 7_500 + 2_000);
    await expect(panel.getByTestId('order-total')).toHaveText(won(total));
    await expectNoAxeViolations(buyer, 'aside');
    await shootAt(buyer, 'pricing-seat-panel');
    // On a phone the panel is a bottom sheet: opened, it shows the same breakdown.
    await buyer.setViewportSize({ width: 375, height: 812 });
    await buyer.getByRole('button', { name: /자세히/ }).click();
    await expect(panel.getByText('총 결제금액')).toBeVisible();
    await saveScreenshot(buyer, 'pricing-seat-panel-375-sheet', { fullPage: false });
    await buyer.setViewportSize({ width: 1280, height: 800 });

    // 3. The payment window charges exactly the total; paid.
    await panel.getByRole('button', { name: '결제하기' }).click();
    await expect(buyer.getByTestId('checkout-breakdown-total')).toHaveText(won(total));
    const frame = buyer.frameLocator('iframe[title="카드 결제"]');
    await expect(frame.getByRole('button', { name: `${won(total)} 결제하기` })).toBeVisible();
    await saveScreenshot(buyer, 'pricing-checkout-1280', { networkIdle: false });
    await frame.getByLabel('카드 번호').fill(approveCard);
    await frame.getByLabel('유효기간').fill('12/39');
    await frame.getByRole('button', { name: `${won(total)} 결제하기` }).click();
    await expect(buyer).toHaveURL(/\/payment\/result\/success\?/);
    const bookingNumber = new URL(buyer.url()).searchParams.get('bookingNumber') ?? '';
    await expect(buyer.getByText('현장에서 증빙 필요').first()).toBeVisible();

    // 4. Booking detail: the lines as charged; cancel the companion's seat only.
    await buyer.goto(`/bookingDetail/${bookingNumber}`);
    const money = buyer.getByRole('region', { name: '결제 상세' });
    await expect(money.getByText('장애인(심한) 동반자')).toBeVisible();
    await expect(money.getByText(won(total / 2)).first()).toBeVisible();
    await expect(buyer.getByText(won(total)).first()).toBeVisible();
    await buyer.getByRole('button', { name: '예매 취소' }).click();
    const cancel = buyer.getByRole('dialog', { name: '예매 취소 확인' });
    await cancel.getByRole('checkbox', { name: holderSeat }).uncheck();
    await expect(cancel.getByRole('checkbox', { name: holderSeat })).not.toBeChecked();
    // Five days before the show, booked today: 20 % of 67,500 kept, the booking fee back.
    const refund = 67_500 - 13_500 + 2_000;
    await expect(cancel.getByTestId('refund-total')).toHaveText(won(refund));
    await expect(cancel.getByRole('region', { name: '환불 안내' })).toContainText('20%');
    await expectNoAxeViolations(buyer, '[role="dialog"]');
    await shootAt(buyer, 'pricing-cancel-quote', { tall: false });
    await cancel.getByRole('button', { name: '취소하기' }).click();
    await expect(buyer.getByText('선택한 좌석이 취소되었습니다.')).toBeVisible();
    await expect(money.getByText('취소됨')).toBeVisible();
    await expect(money.getByText(won(refund)).first()).toBeVisible();
    await shootAt(buyer, 'pricing-booking-detail');

    // What was refunded is what was quoted, and the booking goes on with the holder's seat.
    const detail = await buyer.request.get(`/api/mypage/bookingDetail/${bookingNumber}`);
    const data = (
      (await detail.json()) as {
        data: {
          bookingStatus: string;
          paymentStatus: string;
          seatList: string[];
          money: { refunds: { amount: number; status: string }[]; receiptUrl: string };
        };
      }
    ).data;
    expect(data).toMatchObject({
      bookingStatus: 'CONFIRMED',
      paymentStatus: 'PARTIAL_CANCELED',
      seatList: [holderSeat],
    });
    expect(data.money.refunds).toEqual([
      expect.objectContaining({ amount: refund, status: 'DONE' }),
    ]);

    // 5. The 예매확인서 from the detail's link.
    await expect(money.getByRole('link', { name: '예매확인서' })).toHaveAttribute(
      'href',
      data.money.receiptUrl,
    );
    const receipt = await buyer.request.get(data.money.receiptUrl);
    expect(receipt.status()).toBe(200);
    const text = await pdfText(Buffer.from(await receipt.body()));
    expect(text).toContain(bookingNumber);
    expect(text).toContain('부분 취소');
    expect(text).toContain('장애인(심한) 동반자');
    expect(text).toContain('현장에서 증빙 필요');
    expect(text).toContain('할인 코드 (E2E10)');
    expect(text).toContain(`총 결제금액 ${won(total)}`);
    expect(text).toContain(`최종 결제금액 ${won(total - refund)}`);
    await buyerContext.close();
    await sellerContext.close();
  });
});
