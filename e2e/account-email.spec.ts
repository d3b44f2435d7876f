import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { loginThroughPage, saveScreenshot } from './support/session';

/**
 * Issue 22 M2 end to end in the embedded default (no SMTP server): a sign-up's verification
 * mail is read in the admin's 메일 발신함 and its link verifies the address; then 비밀번호 찾기
 * mails a reset link that sets a new password, and only the new one logs in.
 */

const widths = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function screenshots(page: Page, name: string): Promise<void> {
  for (const size of widths) {
    await page.setViewportSize(size);
    await saveScreenshot(page, `${name}-${size.width}`);
  }
}

/**
 * The admin opens 메일 발신함, finds the newest mail to `email` with `subject`, and hands over the
 * address of its link (a real, clickable link on the page), as the mailbox's owner would open it.
 */
async function linkFromOutbox(
  browser: Browser,
  email: string,
  subject: string,
  screenshotName?: string,
): Promise<string> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  try {
    await loginThroughPage(admin, 'admin', 'admin1234!');
    await admin.goto('/admin/mail-outbox');
    await expect(admin.getByRole('heading', { level: 1, name: '메일 발신함' })).toBeVisible();
    await admin.getByLabel('받는 사람으로 찾기').fill(email);
    await admin.getByRole('button', { name: '찾기' }).click();
    const mail = admin.getByRole('article').filter({ hasText: subject }).first();
    await expect(mail).toContainText(`받는 사람: ${email}`);
    if (screenshotName) {
      await screenshots(admin, screenshotName);
      await expectNoSeriousAxeViolations(admin);
    }
    const link = mail.getByRole('link').first();
    const href = await link.getAttribute('href');
    if (!href) throw new Error(`no link in the mail "${subject}" to ${email}`);
    return href;
  } finally {
    await context.close();
  }
}

test.describe('verified e-mail and password reset by mail', () => {
  test('sign up, verify by the mailed link, then 비밀번호 찾기 sets a new password', async ({
    page,
    browser,
  }) => {
    // One long journey (two accounts, three mails, ten screenshots) on a small shared machine.
    test.setTimeout(240_000);
    const tag = randomBytes(3).toString('hex');
    const username = `mail${tag}`;
    const email = `${username}@example.com`;
    const password = 'secret12!';
    const newPassword = 'renewed12!';

    // Sign-up.
    await page.goto('/register');
    const form = page.locator('form');
    await form.getByLabel('이메일').fill(email);
    await form.getByLabel('아이디').fill(username);
    await form.getByLabel('비밀번호', { exact: true }).fill(password);
    await form.getByLabel('비밀번호 확인').fill(password);
    await form.getByLabel('이름').fill('김메일');
    await form.getByLabel('닉네임').fill(`메일${tag}`);
    await form.getByLabel('전화번호').pressSequentially('01012345678');
    await form.getByLabel('주소').fill('서울특별시 마포구 커튼콜로 1');
    await form.getByLabel(/이용약관과 개인정보처리방침에 동의합니다/).check();
    await form.getByRole('button', { name: '회원가입' }).click();
    await expect(page.getByText('회원가입이 완료되었습니다.')).toBeVisible();
    await expect(page.getByText(/인증 메일을 보냈습니다/)).toBeVisible();

    // Logged in but not verified yet: my page says so and offers another mail.
    await loginThroughPage(page, username, password);
    await page.goto('/mypage/profile');
    const emailPanel = page.getByRole('region', { name: '이메일 인증' });
    await expect(emailPanel.getByText('미인증')).toBeVisible();
    await expect(emailPanel.getByRole('button', { name: '인증 메일 다시 보내기' })).toBeVisible();
    await screenshots(page, 'mypage-email-unverified');

    // The verification mail, in the admin's outbox; its link opened by the mailbox's owner.
    const verifyLink = await linkFromOutbox(
      browser,
      email,
      '[커튼콜] 이메일 인증을 완료해주세요',
      'admin-mail-outbox',
    );
    expect(verifyLink).toMatch(/\/verify-email\?token=[A-Za-z0-9_-]{43}$/);
    await page.goto(verifyLink);
    await expect(page.getByRole('heading', { level: 1, name: '이메일 인증' })).toBeVisible();
    await expect(page.getByText('이메일 인증이 완료되었습니다.')).toBeVisible();
    await screenshots(page, 'verify-email-done');
    await expectNoSeriousAxeViolations(page);

    await page.goto('/mypage/profile');
    await expect(emailPanel.getByText('인증 완료')).toBeVisible();
    // The link is spent: opening it again says so.
    await page.goto(verifyLink);
    await expect(page.getByRole('alert')).toContainText('이미 사용된 링크입니다.');

    // Log out, then 비밀번호 찾기 from the login page.
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: '로그아웃' }).first().click();
    await expect(header.getByRole('link', { name: '로그인' }).first()).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('link', { name: '아이디 찾기' })).toBeVisible();
    await page.getByRole('link', { name: '비밀번호 찾기' }).click();
    await expect(page).toHaveURL(/\/find-password$/);
    await page.getByRole('button', { name: '재설정 메일 받기' }).click();
    await expect(page.getByText('아이디는 필수입니다.')).toBeVisible();
    await page.getByLabel('아이디').fill(username);
    await page.getByLabel('가입한 이메일').fill(email);
    await page.getByRole('button', { name: '재설정 메일 받기' }).click();
    await expect(page.getByRole('status')).toContainText('비밀번호 재설정 메일을 보냈습니다');
    await screenshots(page, 'find-password-sent');
    await expectNoSeriousAxeViolations(page);

    const resetLink = await linkFromOutbox(browser, email, '[커튼콜] 비밀번호 재설정 안내');
    expect(resetLink).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    await page.goto(resetLink);
    await expect(page.getByRole('heading', { level: 1, name: '비밀번호 재설정' })).toBeVisible();
    await page.getByLabel('새 비밀번호', { exact: true }).fill('weak');
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await expect(page.getByText(/비밀번호는 8자 이상이며/)).toBeVisible();
    await screenshots(page, 'reset-password-form');
    await page.getByLabel('새 비밀번호', { exact: true }).fill(newPassword);
    await page.getByLabel('새 비밀번호 확인').fill(newPassword);
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await expect(page.getByRole('status')).toContainText('비밀번호가 변경되었습니다.');
    await screenshots(page, 'reset-password-done');
    await expectNoSeriousAxeViolations(page);

    // The old password no longer works; the new one does.
    await page.goto('/login');
    const loginForm = page.locator('form');
    await loginForm.getByLabel('아이디').fill(username);
    await loginForm.getByLabel('비밀번호').fill(password);
    await loginForm.getByRole('button', { name: '로그인' }).click();
    await expect(page.getByRole('alert')).toContainText('로그인 실패');
    await loginThroughPage(page, username, newPassword);

    // 아이디 찾기 page, for the screenshots and its answer.
    await header.getByRole('button', { name: '로그아웃' }).first().click();
    await page.goto('/find-id');
    await page.getByLabel('가입한 이메일').fill(email);
    await page.getByRole('button', { name: '아이디 찾기' }).click();
    await expect(page.getByRole('status')).toContainText('아이디 안내 메일을 보냈습니다');
    await screenshots(page, 'find-id-sent');
    await expectNoSeriousAxeViolations(page);
    const usernameMail = await linkFromOutbox(browser, email, '[커튼콜] 아이디 안내');
    expect(usernameMail).toMatch(/\/login$/);
  });
});
