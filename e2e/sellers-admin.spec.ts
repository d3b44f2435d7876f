import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { saveScreenshot } from './support/session';
import {
  licencePdf,
  loggedInContext,
  registerUser,
  uniqueBusinessNumber,
  type NewUser,
} from './support/sellers';

/**
 * Issue 15: seller application, the admin's decisions, withdrawal, revocation and history, in
 * two browser contexts (the user and the admin), with no new login after a role change.
 *
 * On two instances over PostgreSQL and Redis: run with DATABASE_URL, REDIS_URL, a
 * REDIS_KEY_PREFIX of its own, SESSION_SECRET, DEMO_DATA=true, E2E_SHARED_DATA_DIR and
 * SELLERS_ADMIN_BASE_URL=http://localhost:$E2E_QUEUE_PORT (the admin on the second server).
 */

const admin = { username: 'admin', password: 'admin1234!' };

/**
 * Where the admin works. A scale-out run points it at the second instance
 * (SELLERS_ADMIN_BASE_URL), so every decision is made on another instance than the user's.
 */
function adminBaseURL(baseURL: string | undefined): string | undefined {
  return process.env.SELLERS_ADMIN_BASE_URL ?? baseURL;
}

/** Fills and sends the application form; `withFile` attaches a new PDF. */
async function applyThroughForm(
  page: Page,
  companyName: string,
  options: { withFile: boolean },
): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: '판매자 권한 신청' })).toBeVisible();
  const form = page.locator('form');
  await form.getByLabel('업체명').fill(companyName);
  const businessNumber = form.getByLabel('사업자등록번호');
  await businessNumber.fill('');
  await businessNumber.pressSequentially(uniqueBusinessNumber());
  await expect(businessNumber).toHaveValue(/^\d{3}-\d{2}-\d{5}$/);
  await form.getByLabel(/신청자 정보와 동일/).check();
  await expect(form.getByLabel('대표자명')).toHaveValue('김판매');
  await expect(form.getByLabel('대표자 연락처')).toHaveValue('010-2345-6789');
  if (options.withFile) {
    await form.getByLabel(/사업자등록증 파일/).setInputFiles({
      name: 'licence.pdf',
      mimeType: 'application/pdf',
      buffer: licencePdf(companyName),
    });
  } else {
    await expect(form.getByText(/이전에 제출한 사업자등록증이 있습니다/)).toBeVisible();
  }
  await form.getByRole('button', { name: /판매자 권한 (재)?신청/ }).click();
  await expect(page.getByText('판매자 권한 신청이 성공적으로 접수되었습니다.')).toBeVisible();
  // The page moves on to the status by itself after 2 s.
  await expect(page).toHaveURL(/\/seller\/status$/);
  await expect(page.getByText('신청 대기 중', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '심사 대기 중' })).toBeDisabled();
}

/** The application's row on the approvals page (desktop table). */
function approvalsRow(page: Page, companyName: string) {
  return page.getByRole('row').filter({ hasText: companyName });
}

async function openApprovals(page: Page, companyName: string) {
  await page.goto('/admin/seller-approvals');
  await expect(page.getByRole('heading', { level: 1, name: '판매자 신청 승인' })).toBeVisible();
  await expect(approvalsRow(page, companyName)).toBeVisible();
}

async function approve(page: Page, user: NewUser, companyName: string) {
  await openApprovals(page, companyName);
  await page.getByRole('button', { name: `${companyName} 승인` }).click();
  const dialog = page.getByRole('dialog', { name: '판매자 신청 승인' });
  await expect(dialog).toContainText(user.nickname);
  await dialog.getByRole('button', { name: '승인', exact: true }).click();
  await expect(page.getByText('승인 처리 완료!')).toBeVisible();
  await expect(approvalsRow(page, companyName)).toHaveCount(0);
}

test.describe('sellers and admins', () => {
  test('a new user applies with a PDF, is approved without logging in again, opens the seller tools and withdraws', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const setup = await browser.newContext({ baseURL });
    const user = await registerUser(setup.request, 'apply');
    await setup.close();
    const companyName = `커튼콜테스트 ${randomBytes(2).toString('hex')}`;

    const userContext = await loggedInContext(browser, baseURL, user.username, user.password);
    const adminContext = await loggedInContext(
      browser,
      adminBaseURL(baseURL),
      admin.username,
      admin.password,
    );
    const userPage = await userContext.newPage();
    const adminPage = await adminContext.newPage();

    // The user starts at the seller home; the seller tools ask for seller rights first.
    await userPage.goto('/seller');
    await expect(userPage.getByRole('heading', { level: 1, name: '판매자 페이지' })).toBeVisible();
    await userPage.getByRole('button', { name: /콘서트 관리/ }).click();
    await expect(userPage.getByText(/판매자 권한이 필요합니다/)).toBeVisible();
    await expect(userPage).toHaveURL(/\/seller\/apply$/);
    await applyThroughForm(userPage, companyName, { withFile: true });

    // The admin sees the request on the dashboard, then opens the document inside the page.
    await adminPage.goto('/admin');
    await expect(
      adminPage.getByRole('heading', { level: 1, name: '관리자 대시보드' }),
    ).toBeVisible();
    const recent = adminPage.getByRole('table', { name: '최근 활동 내역' });
    await expect(recent.getByRole('row').filter({ hasText: user.nickname })).toBeVisible();
    await expect(adminPage.getByRole('button', { name: '다음 대기 신청 처리' })).toBeEnabled();

    await openApprovals(adminPage, companyName);
    // pdf.js in the page loads the PDF (a GET of the admin-only path, answered as a PDF) and
    // draws its page as an image inside the dialog.
    const fetched = adminPage.waitForResponse(
      (response) =>
        response.request().method() === 'GET' &&
        /\/api\/admin\/seller-requests\/\d+\/document$/.test(response.url()),
    );
    await adminPage.getByRole('button', { name: `${companyName} 서류 보기` }).click();
    const viewer = adminPage.getByRole('dialog', { name: '사업자등록증' });
    const document = await fetched;
    expect(document.status()).toBe(200);
    expect(document.headers()['content-type']).toBe('application/pdf');
    await expect(
      viewer.getByRole('img', { name: `${companyName} · ${user.nickname} 사업자등록증` }),
    ).toBeVisible();
    await expect(viewer.locator('iframe')).toHaveCount(0);
    await adminPage.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await approve(adminPage, user, companyName);

    // Still the same session: the next page load shows the seller's links and tools.
    await userPage.goto('/seller/status');
    await expect(userPage.getByText('승인됨', { exact: true })).toBeVisible();
    const sellerMenu = userPage.getByRole('navigation', { name: '판매자 메뉴' });
    await sellerMenu.getByRole('link', { name: '콘서트 관리' }).click();
    await expect(userPage).toHaveURL(/\/seller\/concerts\/manage$/);
    await expect(userPage.getByRole('heading', { level: 1 })).toBeVisible();

    // Withdrawal needs the exact sentence.
    await userPage.goto('/seller/status');
    await userPage.getByRole('button', { name: '판매자 권한 철회' }).click();
    const withdraw = userPage.getByRole('dialog', { name: '판매자 권한 철회' });
    const confirm = withdraw.getByRole('button', { name: '권한 철회' });
    await withdraw.getByLabel('확인 문장').fill(`${user.username}, 권한 철회`);
    await expect(confirm).toBeDisabled();
    await withdraw.getByLabel('확인 문장').fill(`${user.username}, 권한 철회 처리에 동의합니다.`);
    await expect(confirm).toBeEnabled();
    await saveScreenshot(userPage, 'seller-withdraw-dialog-1280');
    await confirm.click();
    await expect(userPage.getByText('판매자 권한이 성공적으로 철회되었습니다.')).toBeVisible();
    await expect(userPage.getByText('철회됨', { exact: true })).toBeVisible();
    await expect(sellerMenu.getByRole('link', { name: '콘서트 관리' })).toHaveCount(0);
    await userPage.goto('/seller/concerts/manage');
    await expect(userPage).toHaveURL(/\/unauthorized$/);

    await userContext.close();
    await adminContext.close();
  });

  test('a rejected user sees the reason, re-applies without a new file and is approved; the admin revokes and finds the decisions in the history', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const setup = await browser.newContext({ baseURL });
    const user = await registerUser(setup.request, 'again');
    await setup.close();
    const companyName = `재신청상사 ${randomBytes(2).toString('hex')}`;
    const reason = '사업자등록증의 상호가 신청서와 다릅니다';

    const userContext = await loggedInContext(browser, baseURL, user.username, user.password);
    const adminContext = await loggedInContext(
      browser,
      adminBaseURL(baseURL),
      admin.username,
      admin.password,
    );
    const userPage = await userContext.newPage();
    const adminPage = await adminContext.newPage();

    await userPage.goto('/seller/apply');
    await applyThroughForm(userPage, companyName, { withFile: true });

    // Rejection needs a reason.
    await openApprovals(adminPage, companyName);
    await adminPage.getByRole('button', { name: `${companyName} 반려` }).click();
    const reject = adminPage.getByRole('dialog', { name: '판매자 신청 반려' });
    await reject.getByRole('button', { name: '반려', exact: true }).click();
    await expect(reject.getByText('반려 시 사유는 필수입니다.')).toBeVisible();
    await reject.getByLabel('반려 사유').fill(`  ${reason}  `);
    await reject.getByRole('button', { name: '반려', exact: true }).click();
    await expect(adminPage.getByText('반려 처리 완료!')).toBeVisible();

    // The user sees the reason and re-applies, reusing the document.
    await userPage.goto('/seller/status');
    await expect(userPage.getByText('반려됨', { exact: true })).toBeVisible();
    await expect(userPage.getByText(reason)).toBeVisible();
    await userPage.getByRole('link', { name: '판매자 권한 재신청하기' }).click();
    await expect(userPage.getByLabel('업체명')).toHaveValue(companyName);
    await applyThroughForm(userPage, `${companyName} 2차`, { withFile: false });

    // The re-application is flagged, and approved.
    await openApprovals(adminPage, `${companyName} 2차`);
    await expect(approvalsRow(adminPage, `${companyName} 2차`)).toContainText('재신청 유저');
    await approve(adminPage, user, `${companyName} 2차`);

    // The admin revokes the new seller: a reason is required.
    await adminPage.goto('/admin/sellers');
    await adminPage.getByRole('button', { name: `${user.nickname} 판매자 권한 강제 해제` }).click();
    const revoke = adminPage.getByRole('dialog', { name: '판매자 권한 강제 해제' });
    await expect(revoke).toContainText('되돌릴 수 없습니다');
    const revokeButton = revoke.getByRole('button', { name: '강제 해제' });
    await expect(revokeButton).toBeDisabled();
    await revoke.getByLabel(/해제 사유/).fill('허위 공연 등록 신고 누적');
    await revokeButton.click();
    await expect(adminPage.getByText('판매자 권한 강제 해제 완료!')).toBeVisible();
    await expect(
      adminPage.getByRole('button', { name: `${user.nickname} 판매자 권한 강제 해제` }),
    ).toHaveCount(0);

    // Both decisions, found by keyword …
    await adminPage.goto('/admin/history');
    await adminPage.getByLabel('검색어').fill(user.username);
    await adminPage.getByRole('button', { name: '검색', exact: true }).click();
    await expect(adminPage).toHaveURL(new RegExp(`keyword=${user.username}`));
    const table = adminPage.getByRole('table', { name: '판매자 승인 이력' });
    await expect(table.getByRole('row').filter({ hasText: '반려됨' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: '승인됨' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: '강제 해제' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: '반려됨' })).toContainText('admin');

    // … and by user id, paged on the client; the URL keeps the query.
    const me = (await (await userContext.request.get('/api/auth/me')).json()) as {
      userId: number;
      role: string;
    };
    expect(me.role).toBe('ROLE_USER');
    await adminPage.getByLabel('검색어').fill(String(me.userId));
    await adminPage.getByRole('button', { name: '검색', exact: true }).click();
    await expect(adminPage).toHaveURL(new RegExp(`userId=${me.userId}`));
    await expect(table.getByRole('row').filter({ hasText: '반려됨' })).toBeVisible();
    await adminPage.getByLabel('유형').selectOption('APPROVED');
    await expect(adminPage).toHaveURL(/typeFilter=APPROVED/);
    await expect(table.getByRole('row').filter({ hasText: '반려됨' })).toHaveCount(0);
    await expect(table.getByRole('row').filter({ hasText: '승인됨' })).toBeVisible();
    await adminPage.reload();
    await expect(adminPage.getByLabel('검색어')).toHaveValue(String(me.userId));
    await expect(adminPage.getByLabel('유형')).toHaveValue('APPROVED');
    await table
      .getByRole('button', { name: /이력 상세/ })
      .first()
      .click();
    const detail = adminPage.getByRole('dialog', { name: '이력 상세' });
    await expect(detail).toContainText(`${companyName} 2차`);
    await expect(detail).toContainText('admin');

    await userContext.close();
    await adminContext.close();
  });
});

/** Serious and critical WCAG A/AA violations with a dialog open (a11y.spec.ts covers pages). */
async function seriousViolations(page: Page): Promise<string[]> {
  // A hovered button shows its hover colour; check what the page shows at rest.
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join(' | ')}`,
    );
}

/** Every new page at 375, 820 and 1280 px, as the viewer who can open it. */
const widths = [375, 820, 1280] as const;

test('screenshots of the seller and admin pages', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const setup = await browser.newContext({ baseURL });
  const user = await registerUser(setup.request, 'shot');
  await setup.close();
  const userContext = await loggedInContext(browser, baseURL, user.username, user.password);
  const adminContext = await loggedInContext(
    browser,
    adminBaseURL(baseURL),
    admin.username,
    admin.password,
  );
  const sellerContext = await loggedInContext(browser, baseURL, 'seller', 'seller1234!');

  const shots: Array<{ context: typeof userContext; path: string; name: string; ready: RegExp }> = [
    {
      context: userContext,
      path: '/seller',
      name: 'seller-home-user',
      ready: /판매자 권한 신청하기/,
    },
    { context: userContext, path: '/seller/apply', name: 'seller-apply', ready: /평균 1~3일/ },
    { context: userContext, path: '/seller/status', name: 'seller-status-user', ready: /미신청/ },
    { context: sellerContext, path: '/seller', name: 'seller-home-seller', ready: /콘서트 등록/ },
    {
      context: sellerContext,
      path: '/seller/status',
      name: 'seller-status-seller',
      ready: /승인됨/,
    },
    { context: adminContext, path: '/admin', name: 'admin-dashboard', ready: /최근 활동/ },
    {
      context: adminContext,
      path: '/admin/seller-approvals',
      name: 'admin-approvals',
      ready: /블루웨이브 라이브/,
    },
    { context: adminContext, path: '/admin/sellers', name: 'admin-sellers', ready: /커튼콜기획/ },
    { context: adminContext, path: '/admin/history', name: 'admin-history', ready: /처리자|사유:/ },
    {
      context: adminContext,
      path: '/admin/statistics',
      name: 'admin-statistics',
      ready: /상태별 공연/,
    },
  ];
  for (const shot of shots) {
    const page = await shot.context.newPage();
    for (const width of widths) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto(shot.path);
      await expect(page.getByText(shot.ready).filter({ visible: true }).first()).toBeVisible();
      await saveScreenshot(page, `${shot.name}-${width}`);
    }
    await page.close();
  }

  // The dialogs: the document viewer and the phone drawer.
  const page = await adminContext.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/seller-approvals');
  await page.getByRole('button', { name: '블루웨이브 라이브 서류 보기' }).click();
  await expect(
    page.getByRole('dialog', { name: '사업자등록증' }).getByRole('img', { name: /사업자등록증/ }),
  ).toBeVisible();
  await saveScreenshot(page, 'admin-document-viewer-1280');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  // An image licence is shown as an image.
  await page.getByRole('button', { name: '소리마당 서류 보기' }).click();
  await expect(
    page.getByRole('dialog', { name: '사업자등록증' }).getByRole('img', { name: /사업자등록증/ }),
  ).toBeVisible();
  await saveScreenshot(page, 'admin-document-image-1280');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: '관리자 메뉴 열기' }).click();
  await expect(page.getByRole('dialog', { name: '관리자 메뉴' })).toBeVisible();
  await saveScreenshot(page, 'admin-drawer-375');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page
    .getByRole('list', { name: '대기 중인 판매자 신청 목록' })
    .getByRole('button', { name: '블루웨이브 라이브 반려' })
    .click();
  const reject = page.getByRole('dialog', { name: '판매자 신청 반려' });
  await reject.getByRole('button', { name: '반려', exact: true }).click();
  await expect(reject.getByText('반려 시 사유는 필수입니다.')).toBeVisible();
  await saveScreenshot(page, 'admin-reject-dialog-375');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  // The demo seller has concerts on sale: the withdrawal is refused with the reason.
  const sellerPage = await sellerContext.newPage();
  await sellerPage.setViewportSize({ width: 375, height: 812 });
  await sellerPage.goto('/seller/status');
  await expect(sellerPage.getByText(/진행 중이거나 예정된 콘서트가 있어/)).toBeVisible();
  await expect(sellerPage.getByRole('button', { name: '판매자 권한 철회' })).toBeDisabled();
  await saveScreenshot(sellerPage, 'seller-status-active-concerts-375');

  await userContext.close();
  await adminContext.close();
  await sellerContext.close();
});
