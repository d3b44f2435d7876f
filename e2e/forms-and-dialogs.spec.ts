import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { loginThroughPage, saveScreenshot, screenshotDir } from './support/session';
import { loggedInContext, registerUser, uniqueBusinessNumber } from './support/sellers';

/**
 * Issue 23, points 3-5: nothing typed is lost (the discard question of every form dialog, the
 * card window keeping what was typed, phone formatting), errors next to their field (server
 * field errors under the field, focused; the login failure inline), and dialogs that say what
 * they did and keep the focus (the next-pending dialog, the document viewer, the phone drawer).
 */

/** The second server (playwright.config.ts): its demo applications are this spec's to decide. */
const queueBaseURL = process.env.QUEUE_BASE_URL ?? 'http://localhost:8182';

const discardQuestion = '작성 중인 내용이 있습니다';

async function concertIdOf(page: Page, query: string, title: string): Promise<number> {
  const response = await page.request.get(
    `/api/concerts/search?query=${encodeURIComponent(query)}`,
  );
  const body = (await response.json()) as { data: { concertId: number; title: string }[] };
  const concert = body.data.find((c) => c.title === title);
  if (!concert) throw new Error(`demo concert ${title} not found`);
  return concert.concertId;
}

/** Screenshots at 1280 and 375 px wide of the screen as it is now (dialogs are fixed). */
async function shootBoth(page: Page, name: string, ready?: Locator): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    if (ready) await expect(ready).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function isFocusedInside(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

test.describe('forms and dialogs (issue 23)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('typed review text survives Escape, the backdrop and 닫기 until the user confirms', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const user = await registerUser(page.request, 'keep');
    await loginThroughPage(page, user.username, user.password);
    const concertId = await concertIdOf(page, '노을', '노을 밴드 전국투어 〈여름의 끝〉 서울');
    // Reviews have their own tab on the detail page (issue 23 point 11).
    await page.goto(`/concerts/${concertId}?tab=reviews`);
    const reviews = page.getByRole('region', { name: /^관람평/ });
    await page
      .getByRole('heading', { name: /^관람평/ })
      .first()
      .scrollIntoViewIfNeeded();
    await reviews.getByRole('button', { name: '관람평 작성' }).click();
    const dialog = page.getByRole('dialog', { name: '관람평 작성' });
    const question = page.getByRole('alertdialog', { name: discardQuestion });

    // Nothing typed yet: Escape simply closes.
    await expect(dialog.getByLabel('제목')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await reviews.getByRole('button', { name: '관람평 작성' }).click();
    const text = '2부 앙코르에서 떼창하던 순간을 잊을 수 없어요.';
    await dialog.getByLabel('제목').fill('잊지 못할 여름밤');
    await dialog.getByLabel('내용').fill(text);

    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    await expect(question).toContainText('닫으면 입력한 내용이 사라집니다. 닫을까요?');
    await expect(question.getByRole('button', { name: '계속 작성' })).toBeFocused();
    await shootBoth(page, 'discard-question', question);
    // Escape on the question keeps writing, and the focus is back in the field.
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    await expect(dialog.getByLabel('내용')).toBeFocused();
    await expect(dialog.getByLabel('내용')).toHaveValue(text);

    // A tap on the backdrop asks too.
    await page.mouse.click(8, 8);
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: '계속 작성' }).click();
    await expect(dialog.getByLabel('제목')).toHaveValue('잊지 못할 여름밤');

    // So do the close button and 취소; only 닫기 in the question discards.
    await dialog.getByRole('button', { name: '닫기' }).click();
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: '계속 작성' }).click();
    await dialog.getByRole('button', { name: '취소' }).click();
    await question.getByRole('button', { name: '닫기' }).click();
    await expect(dialog).toHaveCount(0);
    await reviews.getByRole('button', { name: '관람평 작성' }).click();
    await expect(dialog.getByLabel('내용')).toHaveValue('');
  });

  test('a taken username shows under its field, focused; phone numbers format; login fails inline', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/register');
    const form = page.locator('form');
    const tag = randomBytes(3).toString('hex');
    await form.getByLabel('이메일').fill(`taken${tag}@example.com`);
    await form.getByLabel('아이디').fill('buyer');
    await form.getByLabel('비밀번호', { exact: true }).fill('secret12!');
    await form.getByLabel('비밀번호 확인').fill('secret12!');
    await form.getByLabel('이름').fill('김중복');
    await form.getByLabel('닉네임').fill(`중복${tag}`);
    const phone = form.getByLabel('전화번호');
    // 1588 formats too (a sign-up needs a personal number, so the last one typed is 010).
    for (const [typed, shown] of [
      ['15881234', '1588-1234'],
      ['0212345678', '02-1234-5678'],
      ['021234567', '02-123-4567'],
      ['0311234567', '031-123-4567'],
      ['01098765432', '010-9876-5432'],
    ] as const) {
      await phone.fill('');
      await phone.pressSequentially(typed);
      await expect(phone).toHaveValue(shown);
    }
    await form.getByLabel('주소').fill('서울특별시 중구 세종대로 110');
    await form.getByLabel(/이용약관과 개인정보처리방침에 동의합니다/).check();
    await form.getByRole('button', { name: '회원가입' }).click();

    const username = form.getByLabel('아이디');
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleDescription(/이미 사용 중인 아이디입니다\./);
    await expect(username).toBeFocused();
    await expect(form.getByText('이미 사용 중인 아이디입니다.')).toBeVisible();
    await shootBoth(
      page,
      'register-duplicate-username',
      form.getByText('이미 사용 중인 아이디입니다.'),
    );

    await page.goto('/login');
    const login = page.locator('form');
    await login.getByLabel('아이디').fill('buyer');
    await login.getByLabel('비밀번호').fill('wrong-pass1!');
    await login.getByRole('button', { name: '로그인' }).click();
    await expect(login.getByRole('alert')).toHaveText(
      '로그인 실패: 아이디 또는 비밀번호를 확인해주세요.',
    );
    await shootBoth(page, 'login-failure-inline', login.getByRole('alert'));
  });

  test('a text file renamed .png or .pdf is refused under its field, which takes the focus', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const user = await registerUser(page.request, 'txt');
    await loginThroughPage(page, user.username, user.password);
    // Text bytes under an image's and a PDF's name and type: the browser's checks pass, the
    // server reads the bytes and refuses; its field error lands under the field.
    const text = Buffer.from('이것은 사진이 아니라 텍스트 파일입니다.\n', 'utf8');

    await page.goto('/mypage/profile');
    await page.getByRole('button', { name: '정보 수정' }).click();
    const profileForm = page.locator('form');
    const image = profileForm.getByLabel('프로필 이미지');
    await image.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: text });
    await expect(image).not.toHaveAttribute('aria-invalid', 'true');
    await profileForm.getByRole('button', { name: '저장' }).click();
    await expect(image).toHaveAttribute('aria-invalid', 'true');
    await expect(image).toHaveAccessibleDescription(/지원하지 않는 파일 형식입니다/);
    await expect(image).toBeFocused();
    await expect(profileForm.getByText(/지원하지 않는 파일 형식입니다/)).toBeVisible();
    await shootBoth(page, 'profile-image-renamed-text', profileForm.getByText(/지원하지 않는/));

    await page.goto('/seller/apply');
    const apply = page.locator('form');
    await apply.getByLabel('업체명').fill(`텍스트기획 ${user.username}`);
    await apply.getByLabel('사업자등록번호').pressSequentially(uniqueBusinessNumber());
    await apply.getByLabel(/신청자 정보와 동일/).check();
    const licence = apply.getByLabel(/사업자등록증 파일/);
    await licence.setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: text });
    await expect(licence).not.toHaveAttribute('aria-invalid', 'true');
    await apply.getByRole('button', { name: '판매자 권한 신청' }).click();
    await expect(licence).toHaveAttribute('aria-invalid', 'true');
    await expect(licence).toHaveAccessibleDescription(
      /사업자등록증은 PDF, JPG, PNG, WEBP 파일만 업로드할 수 있습니다/,
    );
    await expect(licence).toBeFocused();
    await expect(page).toHaveURL(/\/seller\/apply$/);
    await shootBoth(page, 'licence-renamed-text', apply.getByText(/사업자등록증은 PDF/));
  });

  test('the card window flags a past expiry and keeps the number after a declined card', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const user = await registerUser(page.request, 'card');
    await loginThroughPage(page, user.username, user.password);
    const concertId = await concertIdOf(page, '어쿠스틱', '어쿠스틱 기타 리사이틀');
    const panel = page.getByRole('complementary', { name: '선택한 좌석' });
    const openWindow = async () => {
      await page.goto(`/concerts/${concertId}`);
      await page.getByRole('button', { name: '예매하기' }).click();
      await expect(page).toHaveURL(new RegExp(`/concerts/${concertId}/reserve$`));
      const seatMap = page.getByRole('grid', { name: '좌석 배치도' });
      await seatMap
        .getByRole('button', { name: /선택 가능/ })
        .first()
        .click();
      await panel.getByRole('button', { name: '결제하기' }).click();
      await expect(page.getByRole('dialog', { name: '카드 결제' })).toBeVisible();
      const frame = page.frameLocator('iframe[title="카드 결제"]');
      await expect(frame.getByRole('button', { name: /결제하기$/ })).toBeVisible();
      return frame;
    };

    let frame = await openWindow();
    const number = frame.getByLabel('카드 번호');
    const expiry = frame.getByLabel('유효기간');
    await number.pressSequentially('4000000000000002');
    await expect(number).toHaveValue('4000 0000 0000 0002');
    await expiry.pressSequentially('0120');
    // Reported next to the field at once, tied to it, and 결제하기 does not send it.
    await expect(expiry).toHaveAttribute('aria-invalid', 'true');
    await expect(expiry).toHaveAccessibleDescription(/유효기간이 지난 카드입니다/);
    await frame.getByRole('button', { name: /결제하기$/ }).click();
    await expect(expiry).toBeFocused();
    await expect(page).toHaveURL(/\/reserve$/);
    await shootBoth(page, 'card-past-expiry', page.getByRole('dialog', { name: '카드 결제' }));

    await expiry.fill('');
    await expiry.pressSequentially('1239');
    await expect(expiry).not.toHaveAttribute('aria-invalid', 'true');
    await frame.getByRole('button', { name: /결제하기$/ }).click();
    await expect(page).toHaveURL(/\/payment\/result\/fail\?/);
    await expect(page.getByText('REJECT_CARD_COMPANY')).toBeVisible();
    // Until the hold would have ended, the failure page leads back to the seat page. A failed
    // payment frees its seats at once (product-rules §6), so the buyer picks again there.
    const backToSeats = page.getByRole('link', { name: '좌석 선택으로 돌아가기' });
    await expect(backToSeats).toHaveAttribute('href', `/concerts/${concertId}/reserve`);
    await shootBoth(page, 'payment-fail-back-to-seats', backToSeats);
    await backToSeats.click();
    await expect(page).toHaveURL(new RegExp(`/concerts/${concertId}/reserve$`));
    await expect(page.getByRole('grid', { name: '좌석 배치도' })).toBeVisible();
    await expect(panel).toContainText('좌석을 선택하면 5분 동안 선점됩니다.');

    // The next window starts with what was typed.
    frame = await openWindow();
    await expect(frame.getByLabel('카드 번호')).toHaveValue('4000 0000 0000 0002');
    await expect(frame.getByLabel('유효기간')).toHaveValue('12/39');
    await expect(frame.getByText('이전에 입력한 카드 정보를 불러왔습니다.')).toBeVisible();
    await shootBoth(
      page,
      'card-kept-after-decline',
      page.getByRole('dialog', { name: '카드 결제' }),
    );
    await frame.getByRole('button', { name: '결제 취소' }).click();
    await expect(page.getByRole('dialog', { name: '카드 결제' })).toHaveCount(0);
  });

  test('the next-pending dialog announces decisions and keeps the focus; the PDF viewer zooms and gives the focus back', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const context = await loggedInContext(browser, queueBaseURL, 'admin', 'admin1234!');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });

    // A PDF licence from the approvals list: drawn as an image by pdf.js inside the dialog.
    await page.goto('/admin/seller-approvals');
    const viewButton = page.getByRole('button', { name: '블루웨이브 라이브 서류 보기' });
    await viewButton.click();
    const viewer = page.getByRole('dialog', { name: '사업자등록증' });
    const pageImage = viewer.getByRole('img', { name: /블루웨이브 라이브 .*사업자등록증/ });
    await expect(pageImage).toBeVisible();
    await expect(viewer.locator('iframe, embed, object')).toHaveCount(0);
    const fitWidth = (await pageImage.boundingBox())?.width ?? 0;
    expect(fitWidth).toBeGreaterThan(100);
    await viewer.getByRole('button', { name: '확대' }).click();
    await expect(viewer.getByTestId('document-zoom')).toHaveText('125%');
    await expect
      .poll(async () => (await pageImage.boundingBox())?.width ?? 0)
      .toBeGreaterThan(fitWidth * 1.2);
    // Keyboard: the page area takes the focus and zooms with - and +.
    await viewer.getByRole('region', { name: /미리보기/ }).focus();
    await page.keyboard.press('-');
    await expect(viewer.getByTestId('document-zoom')).toHaveText('100%');
    await shootBoth(page, 'document-viewer-pdf', pageImage);
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(viewButton).toBeFocused();

    // The next pending application, decided in place.
    await page.goto('/admin');
    await page.getByRole('button', { name: '다음 대기 신청 처리' }).click();
    const dialog = page.getByRole('dialog', { name: '다음 대기 신청 처리' });
    const applicant = dialog.getByTestId('next-applicant');
    const status = dialog.getByRole('status');
    await expect(applicant).toBeVisible();

    // Its document, and back to '사업자등록증 보기'.
    await dialog.getByRole('button', { name: '사업자등록증 보기' }).click();
    await expect(viewer.getByRole('img', { name: /사업자등록증/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('button', { name: '사업자등록증 보기' })).toBeFocused();

    // An empty reason is refused under the field, which takes the focus.
    await dialog.getByRole('button', { name: '반려' }).click();
    const reason = dialog.getByLabel('반려 사유 (반려 시 필수)');
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(reason).toHaveAccessibleDescription('반려 시 사유는 필수입니다.');
    await expect(reason).toBeFocused();

    let remaining = await dialog.evaluate(async () => {
      const response = await fetch('/api/admin/seller-requests');
      return ((await response.json()) as { data: unknown[] }).data.length;
    });
    expect(remaining).toBeGreaterThan(1);
    while (remaining > 0) {
      const before = (await applicant.textContent()) ?? '';
      await dialog.getByRole('button', { name: '승인', exact: true }).click();
      remaining -= 1;
      await expect(status).toContainText('신청을 승인했습니다.');
      if (remaining > 0) {
        await expect(applicant).not.toHaveText(before);
        await expect(applicant).toBeFocused();
        if (remaining === 1) await shootBoth(page, 'next-pending-announced', status);
      } else {
        await expect(status).toContainText('남은 대기 신청이 없습니다.');
        await expect(dialog.getByText('현재 대기 중인 판매자 신청이 없습니다.')).toBeFocused();
      }
      expect(await isFocusedInside(dialog)).toBe(true);
    }
    await context.close();
  });

  test('the seller menu drawer at 375 px keeps Tab inside and Escape returns to the menu button', async ({
    browser,
    baseURL,
  }) => {
    const context = await loggedInContext(browser, baseURL, 'seller', 'seller1234!');
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/seller/concerts/manage');
    const menuButton = page.getByRole('button', { name: '판매자 메뉴 열기' });
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: '판매자 메뉴' });
    await expect(drawer).toBeVisible();
    const stops = (await drawer.getByRole('link').count()) + 1;
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press('Tab');
      expect(await isFocusedInside(drawer)).toBe(true);
    }
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await isFocusedInside(drawer)).toBe(true);
    }
    // The skip link never gets the focus, so it cannot paint over the drawer.
    await expect(page.getByRole('link', { name: '본문으로 바로가기' })).not.toBeFocused();
    await page.screenshot({ path: path.join(screenshotDir, 'seller-drawer-375.png') });
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(page.getByRole('button', { name: '판매자 메뉴 열기' })).toBeFocused();
    await page.setViewportSize({ width: 1280, height: 900 });
    await saveScreenshot(page, 'seller-menu-1280');
    await context.close();
  });
});
