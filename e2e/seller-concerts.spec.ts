import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { saveScreenshot } from './support/session';
import {
  loggedInContext,
  newApprovedSeller,
  registerUser,
  seoul,
  seoulDate,
} from './support/sellers';

/**
 * Issue 16 (web half): a brand-new seller (applies, approved by the admin) registers a concert
 * with a poster whose booking opens now; a brand-new buyer finds it in search, queues, holds two
 * seats and pays; the seller edits the title (the buyer's booking shows it), regenerates the AI
 * summary after the buyer's review, and cancels the concert; the buyer sees the booking cancelled
 * and refunded. Closing the form after an upload leaves no file in the storage, in both modes.
 */

const approveCard = '4242424242424242';
const viewports = [
  { name: '375', width: 375, height: 812 },
  { name: '820', width: 820, height: 1180 },
  { name: '1280', width: 1280, height: 800 },
] as const;

/** A real PNG (the server re-encodes posters, so the bytes must decode): a 3:4 gradient. */
function posterPng(seed: number): Buffer {
  const png = new PNG({ width: 60, height: 80 });
  for (let y = 0; y < png.height; y += 1) {
    for (let x = 0; x < png.width; x += 1) {
      const i = (png.width * y + x) << 2;
      png.data[i] = (x * 4 + seed) % 256;
      png.data[i + 1] = (y * 3 + seed * 7) % 256;
      png.data[i + 2] = 160;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** Where the main server keeps a public upload (its DATA_DIR, see playwright.config.ts). */
function storedFile(fileUrl: string): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  return path.join(dataDir, 'uploads', new URL(fileUrl).pathname.replace(/^\/uploads\//, ''));
}

function form(page: Page) {
  return page.locator('form').filter({ has: page.getByRole('group', { name: '기본 정보' }) });
}

/** Uploads a poster through the form; returns its URL once the preview shows it. */
async function uploadPoster(page: Page, scope: Locator, seed: number): Promise<string> {
  const answer = page.waitForResponse(
    (response) => response.url().endsWith('/api/upload/poster') && response.status() === 200,
  );
  await scope.getByLabel('포스터 파일 선택').setInputFiles({
    name: `poster-${seed}.png`,
    mimeType: 'image/png',
    buffer: posterPng(seed),
  });
  const body = (await (await answer).json()) as { data: string };
  const url = body.data;
  expect(url).toMatch(/^http:\/\/localhost:\d+\/uploads\/posters\/.+\.webp$/);
  await expect(scope.getByRole('img', { name: '포스터 미리보기' })).toHaveAttribute('src', url);
  await expect(scope.getByLabel('포스터 이미지 URL')).toHaveValue(url);
  return url;
}

async function expectFileGone(request: APIRequestContext, url: string) {
  await expect.poll(() => existsSync(storedFile(url))).toBe(false);
  expect((await request.get(url)).status()).toBe(404);
}

function manageRow(page: Page, title: string) {
  return page.getByRole('row').filter({ hasText: title });
}

async function shootAt(page: Page, name: string) {
  for (const viewport of viewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // From the top, so the sticky header sits where a visitor sees it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, `${name}-${viewport.name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('seller concerts', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a new seller lists a show with a poster; a new buyer books it; edit, AI summary, cancel with refund', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const { context: sellerContext } = await newApprovedSeller(browser, baseURL);
    const seller = await sellerContext.newPage();
    const tag = randomBytes(3).toString('hex');
    const title = `커튼콜 쇼케이스 ${tag}`;
    const concertDate = seoulDate(10);

    // 1. The register page: the §5 messages before anything is sent.
    await seller.goto('/seller/concerts/register');
    await expect(seller.getByRole('heading', { level: 1, name: '콘서트 등록' })).toBeVisible();
    const register = form(seller);
    await register.getByRole('button', { name: '콘서트 등록' }).click();
    await expect(register.getByText('콘서트 제목을 입력해주세요.')).toBeVisible();
    await expect(register.getByText('아티스트명을 입력해주세요.')).toBeVisible();
    await expect(register.getByText('공연 날짜를 입력해주세요.')).toBeVisible();
    await expect(
      register.getByText('총 좌석 수는 1석 이상 100,000석 이하의 정수여야 합니다.'),
    ).toBeVisible();
    await expect(register.getByLabel('콘서트 제목', { exact: true })).toBeFocused();
    await shootAt(seller, 'seller-concert-register-errors');

    await register.getByLabel('콘서트 제목', { exact: true }).fill(title);
    await register.getByLabel('아티스트', { exact: true }).fill('커튼콜 밴드');
    await register.getByLabel('콘서트 설명 (선택)').fill('E2E로 등록한 공연입니다.');
    await register.getByLabel('공연장명', { exact: true }).fill('커튼콜 아트홀');
    await register.getByLabel('공연장 주소').fill('서울특별시 마포구 월드컵로 1');
    await register.getByLabel('공연 날짜').fill(concertDate);
    await register.getByLabel('시작 시간').fill('19:00');
    await register.getByLabel('종료 시간').fill('18:00');
    await register.getByLabel('총 좌석 수').fill('60');
    // Booking opens now (a minute ago) and ends the evening before the show.
    await register.getByLabel('예매 시작일시').fill(seoul(new Date(Date.now() - 60_000)));
    await register.getByLabel('예매 종료일시').fill(`${concertDate}T20:00`);
    await register.getByRole('button', { name: '콘서트 등록' }).click();
    await expect(register.getByText('종료 시간은 시작 시간보다 늦어야 합니다.')).toBeVisible();
    await expect(register.getByText('예매 종료일시는 공연 시작 전이어야 합니다.')).toBeVisible();
    await register.getByLabel('종료 시간').fill('21:00');
    await register.getByLabel('예매 종료일시').fill(`${seoulDate(9)}T23:00`);
    const posterUrl = await uploadPoster(seller, register, 1);
    expect(existsSync(storedFile(posterUrl))).toBe(true);
    await shootAt(seller, 'seller-concert-register');

    const created = seller.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && /\/api\/seller\/concerts\?/.test(response.url()),
    );
    await register.getByRole('button', { name: '콘서트 등록' }).click();
    const createdBody = (await (await created).json()) as {
      data: { concertId: number; status: string; posterImageUrl: string };
    };
    const concertId = createdBody.data.concertId;
    expect(createdBody.data.status).toBe('ON_SALE');
    expect(createdBody.data.posterImageUrl).toBe(posterUrl);
    await expect(seller.getByText('콘서트가 생성되었습니다.')).toBeVisible();
    // 1.5 s later: /seller/concerts, which is the management list.
    await expect(seller).toHaveURL(/\/seller\/concerts\/manage$/);
    await expect(manageRow(seller, title)).toContainText('예매중');
    await expect(seller.getByText('총 1개 중 1-1번째 표시')).toBeVisible();

    // 2. A new buyer finds it in search, queues, holds two seats and pays.
    const setup = await browser.newContext({ baseURL });
    const buyerUser = await registerUser(setup.request, 'fan');
    await setup.close();
    const buyerContext = await loggedInContext(
      browser,
      baseURL,
      buyerUser.username,
      buyerUser.password,
    );
    const buyer = await buyerContext.newPage();
    await buyer.goto(`/concerts?query=${encodeURIComponent(tag)}`);
    await buyer
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .click();
    await expect(buyer).toHaveURL(new RegExp(`/concerts/${concertId}$`));
    await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await buyer.waitForLoadState('networkidle');
    const queued = buyer.waitForResponse((response) =>
      response.url().includes(`/api/queue/enter?concertId=${concertId}`),
    );
    await buyer.getByRole('button', { name: '예매하기' }).click();
    expect((await queued).status()).toBe(200);
    await expect(buyer).toHaveURL(new RegExp(`/concerts/${concertId}/reserve$`), {
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
    const bookingNumber = new URL(buyer.url()).searchParams.get('bookingNumber') ?? '';
    expect(bookingNumber).not.toBe('');
    await expect(buyer.getByRole('heading', { name: '결제가 완료되었습니다' })).toBeVisible();

    // 3. The seller edits the title; the buyer's booking shows the new one.
    const newTitle = `${title} 앵콜`;
    await seller.reload();
    await seller.getByRole('button', { name: `${title} 수정` }).click();
    const edit = seller.getByRole('dialog', { name: '콘서트 수정' });
    await expect(edit.getByLabel('콘서트 제목', { exact: true })).toHaveValue(title);
    await expect(edit.getByRole('img', { name: '포스터 미리보기' })).toHaveAttribute(
      'src',
      posterUrl,
    );
    await shootAt(seller, 'seller-concert-edit-modal');
    // A schedule change once tickets are sold is refused, in Korean, on the form.
    await edit.getByLabel('시작 시간').fill('18:00');
    await edit.getByRole('button', { name: '수정 저장' }).click();
    await expect(edit.getByRole('alert')).toContainText(
      '이미 판매된 티켓이 있어 공연 일시와 예매 기간을 변경할 수 없습니다.',
    );
    await edit.getByLabel('시작 시간').fill('19:00');
    await edit.getByLabel('콘서트 제목', { exact: true }).fill(newTitle);
    await edit.getByRole('button', { name: '수정 저장' }).click();
    await expect(edit.getByText('콘서트가 수정되었습니다.')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(manageRow(seller, newTitle)).toContainText('수정');

    await buyer.goto(`/bookingDetail/${bookingNumber}`);
    await expect(buyer.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();

    // 4. The buyer writes a review; the seller regenerates the AI summary from it.
    await buyer.goto(`/concerts/${concertId}?tab=reviews`);
    await buyer.getByRole('button', { name: '관람평 작성' }).click();
    const reviewDialog = buyer.getByRole('dialog', { name: '관람평 작성' });
    await reviewDialog.getByLabel('제목').fill('무대 연출이 멋졌어요');
    await reviewDialog
      .getByLabel('내용')
      .fill('밴드 사운드가 훌륭했고 조명과 무대 연출이 인상적이었습니다. 다시 보고 싶어요.');
    await reviewDialog.getByRole('button', { name: '등록하기' }).click();
    await expect(buyer.getByText('후기가 작성되었습니다.')).toBeVisible();

    await seller.getByRole('button', { name: `${newTitle} AI 요약 재생성` }).click();
    const ai = seller.getByRole('dialog', { name: 'AI 요약 재생성' });
    await expect(ai.getByTestId('ai-summary-text')).toHaveText('아직 AI 요약이 없습니다.');
    const regenerated = seller.waitForResponse((response) =>
      response.url().includes(`/api/seller/concerts/${concertId}/ai-summary/regenerate`),
    );
    await ai.getByRole('button', { name: 'AI 요약 재생성' }).click();
    const summary = ((await (await regenerated).json()) as { data: string }).data;
    expect(summary.length).toBeGreaterThan(0);
    await expect(ai.getByTestId('ai-summary-text')).toHaveText(summary);
    // The 30 s cooldown starts at once.
    await expect(ai.getByRole('button', { name: /초 후 다시 생성 가능/ })).toBeDisabled();
    await shootAt(seller, 'seller-concert-ai-modal');
    await ai.getByRole('button', { name: '닫기' }).first().click();
    await expect(manageRow(seller, newTitle)).toContainText(summary.slice(0, 20));

    await buyer.goto(`/concerts/${concertId}`);
    // The detail page sets the summary's [labels] apart; its sentences are what buyers read.
    const sentence = summary
      .replace(/\[[^\]]*\]/g, '')
      .trim()
      .slice(0, 15);
    await expect(buyer.getByRole('region', { name: 'AI 관람평 요약' })).toContainText(sentence);

    // 5. The seller cancels; a second cancel is refused; the buyer is refunded.
    await seller.getByRole('button', { name: `${newTitle} 취소` }).click();
    const cancel = seller.getByRole('dialog', { name: '콘서트 취소' });
    await expect(cancel).toContainText('결제된 모든 예매가 전액 환불');
    await shootAt(seller, 'seller-concert-cancel-modal');
    await cancel.getByRole('button', { name: '콘서트 취소' }).click();
    await expect(seller.getByText(/콘서트가 취소되었습니다\./).first()).toBeVisible();
    await expect(manageRow(seller, newTitle)).toContainText('취소됨');
    await expect(seller.getByRole('button', { name: `${newTitle} 수정` })).toBeDisabled();
    const again = await seller.request.delete(`/api/seller/concerts/${concertId}`);
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe('이미 취소된 콘서트입니다.');

    await seller.getByRole('button', { name: '취소됨', exact: true }).click();
    await expect(manageRow(seller, newTitle)).toBeVisible();
    await shootAt(seller, 'seller-concert-manage');

    await buyer.goto(`/bookingDetail/${bookingNumber}`);
    await expect(buyer.getByRole('heading', { level: 1, name: newTitle })).toBeVisible();
    await expect(buyer.getByText('취소됨').first()).toBeVisible();
    await expect(buyer.getByText('결제 취소 (환불 완료)')).toBeVisible();
    await buyer.goto('/mypage/profile');
    await buyer.getByRole('tab', { name: '예매 내역' }).click();
    const history = buyer.getByRole('tabpanel', { name: '예매 내역' });
    await expect(history.getByRole('listitem').filter({ hasText: newTitle })).toContainText(
      '취소됨',
    );

    await buyerContext.close();
    await sellerContext.close();
  });

  test('closing the form after an upload leaves no file behind, in create and in edit mode', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const { context } = await newApprovedSeller(browser, baseURL);
    const page = await context.newPage();

    // Create mode: the upload is deleted as a temp file when the seller closes unsaved.
    await page.goto('/seller/concerts/register');
    const register = form(page);
    await register.getByLabel('콘서트 제목', { exact: true }).fill('닫을 공연');
    const dropped = await uploadPoster(page, register, 2);
    expect(existsSync(storedFile(dropped))).toBe(true);
    await register.getByRole('button', { name: '취소' }).click();
    const confirm = page.getByRole('dialog', { name: '작성을 그만둘까요?' });
    await expect(confirm).toBeVisible();
    await shootAt(page, 'seller-concert-close-confirm');
    await confirm.getByRole('button', { name: '계속 작성' }).click();
    await expect(register.getByLabel('콘서트 제목', { exact: true })).toHaveValue('닫을 공연');
    const deleted = page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' && response.url().includes('/api/upload/temp?'),
    );
    await register.getByRole('button', { name: '취소' }).click();
    await page
      .getByRole('dialog', { name: '작성을 그만둘까요?' })
      .getByRole('button', { name: '저장하지 않고 닫기' })
      .click();
    expect((await deleted).status()).toBe(200);
    await expect(page).toHaveURL(/\/concerts$/);
    await expectFileGone(page.request, dropped);

    // Edit mode: a concert with a poster (made through the API), a new upload, then close.
    const concertDate = seoulDate(20);
    const original = await page.request.post('/api/upload/poster', {
      multipart: {
        file: { name: 'original.png', mimeType: 'image/png', buffer: posterPng(3) },
      },
    });
    const originalUrl = ((await original.json()) as { data: string }).data;
    const made = await page.request.post('/api/seller/concerts', {
      data: {
        title: `포스터 복구 공연 ${randomBytes(2).toString('hex')}`,
        artist: '복구 밴드',
        description: null,
        venueName: '복구홀',
        venueAddress: null,
        concertDate,
        startTime: '19:00',
        endTime: '21:00',
        totalSeats: 7,
        bookingStartDate: `${seoulDate(5)}T10:00`,
        bookingEndDate: `${seoulDate(19)}T10:00`,
        minAge: 0,
        maxTicketsPerUser: 4,
        posterImageUrl: originalUrl,
        status: 'SCHEDULED',
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const concert = ((await made.json()) as { data: { concertId: number; title: string } }).data;

    await page.goto('/seller/concerts/manage');
    await expect(page.getByRole('heading', { level: 1, name: '콘서트 관리' })).toBeVisible();
    await page.getByRole('button', { name: `${concert.title} 수정` }).click();
    const edit = page.getByRole('dialog', { name: '콘서트 수정' });
    const editForm = edit.locator('form');
    const replacement = await uploadPoster(page, editForm, 4);
    const specific = page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' &&
        response.url().includes('/api/upload/poster/specific?'),
    );
    const restored = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' &&
        response.url().includes(`/api/upload/poster/${concert.concertId}/restore`),
    );
    await page.keyboard.press('Escape');
    await page
      .getByRole('dialog', { name: '작성을 그만둘까요?' })
      .getByRole('button', { name: '저장하지 않고 닫기' })
      .click();
    expect((await specific).status()).toBe(200);
    expect((await restored).status()).toBe(200);
    await expect(edit).toBeHidden();
    await expectFileGone(page.request, replacement);
    // The original poster is still the concert's, and still stored.
    const detail = await page.request.get(`/api/concerts/${concert.concertId}`);
    expect(
      ((await detail.json()) as { data: { posterImageUrl: string } }).data.posterImageUrl,
    ).toBe(originalUrl);
    expect(existsSync(storedFile(originalUrl))).toBe(true);

    // The empty state of the status filter, and the phone layout with its floating button.
    await page.getByRole('button', { name: '매진', exact: true }).click();
    await expect(page.getByText('등록된 콘서트가 없습니다.')).toBeVisible();
    await page.getByRole('button', { name: '전체', exact: true }).click();
    await page.setViewportSize({ width: 375, height: 812 });
    const fab = page.getByRole('button', { name: '콘서트 등록' }).filter({ visible: true });
    await expect(fab).toHaveCount(1);
    await fab.click();
    await expect(page.getByRole('dialog', { name: '콘서트 등록' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: '콘서트 등록' })).toBeHidden();

    await context.close();
  });
});
